//! A Swiss under way takes a late player until half its rounds have been paired: in from its
//! next round with no points for the rounds he missed, never paired twice with one opponent;
//! after half its rounds, and in any other format once drawn, a late player is refused.

mod common;

use carrom_tournament::{Entrant, Format, LateError, Stage, Tournament, tournament};
use common::{names, play_all, random_outcome, settings};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// Plays the games of the round now to play with seeded random boards.
fn play_round(t: &mut Tournament, rng: &mut ChaCha8Rng) {
    for n in t.next_games() {
        let g = t.game(n).unwrap().clone();
        let o = random_outcome(rng, &g.players, tournament::kind_of(&g.stage));
        t.record(n, o, Vec::new()).unwrap();
    }
}

fn rounds_of(t: &Tournament, name: &str) -> Vec<u32> {
    let games = t
        .games
        .iter()
        .filter(|g| g.players.iter().any(|p| p == name));
    let played = games.filter_map(|g| match g.stage {
        Stage::Swiss { round } => Some(round),
        _ => None,
    });
    let byes = t.byes.iter().filter(|b| b.player == name).map(|b| b.round);
    let mut rounds: Vec<u32> = played.chain(byes).collect();
    rounds.sort_unstable();
    rounds
}

#[test]
fn a_late_player_joins_a_swiss_from_its_next_round_with_no_points_for_those_he_missed() {
    let mut s = settings(Format::Swiss, names(9));
    s.rounds = Some(4);
    let mut t = Tournament::new(s).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // Round 1 under way: he comes.
    t.join_late(Entrant::person("Late")).unwrap();
    play_round(&mut t, &mut rng);
    let games = play_all(&mut t, 5);
    assert!(t.is_over());
    assert_eq!(rounds_of(&t, "Late"), [2, 3, 4], "in from the next round");
    let mut met = BTreeSet::new();
    for g in &games {
        let mut pair = g.players.clone();
        pair.sort();
        assert!(met.insert(pair), "a rematch: {:?}", g.players);
    }
    let (table, _) = t.swiss_table();
    let late = table.standings.iter().find(|r| r.name == "Late").unwrap();
    assert_eq!(late.played, 3, "no points for round 1");
    assert!(late.points <= 6);
}

#[test]
fn a_swiss_takes_no_late_player_once_more_than_half_its_rounds_are_paired() {
    let mut s = settings(Format::Swiss, names(8));
    s.rounds = Some(4);
    let mut t = Tournament::new(s).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    play_round(&mut t, &mut rng);
    assert!(
        t.join_late(Entrant::person("Second")).is_ok(),
        "round 2 of 4 paired"
    );
    play_round(&mut t, &mut rng);
    assert_eq!(t.swiss_round(), 3);
    assert_eq!(
        t.join_late(Entrant::person("Third")),
        Err(LateError::TooLate {
            round: 3,
            rounds: 4
        })
    );
    assert_eq!(
        t.join_late(Entrant::person("P1")),
        Err(LateError::TooLate {
            round: 3,
            rounds: 4
        })
    );
}

#[test]
fn only_a_swiss_takes_a_player_after_its_draw_and_never_one_already_in_it() {
    for format in [Format::Vkk, Format::RoundRobin, Format::Knockout] {
        let mut t = Tournament::new(settings(format, names(6))).unwrap();
        let refused = t.join_late(Entrant::person("Late"));
        assert_eq!(
            refused,
            Err(LateError::NotSwiss(format.name())),
            "{format:?}"
        );
    }
    let mut t = Tournament::new(settings(Format::Swiss, names(6))).unwrap();
    assert_eq!(
        t.join_late(Entrant::person("P2")),
        Err(LateError::Already("P2".into()))
    );
}
