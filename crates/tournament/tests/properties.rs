//! Properties of every draw: a round robin meets every pair exactly once; a Swiss never pairs
//! two players twice and every round pairs everyone (one bye at most); every knockout ends
//! with one champion.

mod common;

use carrom_tournament::{Format, Place, Stage, Tournament, berger};
use common::{names, play_all, settings};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

fn pair(a: &str, b: &str) -> (String, String) {
    if a < b {
        (a.into(), b.into())
    } else {
        (b.into(), a.into())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_round_robin_meets_every_pair_exactly_once(n in 2usize..=16) {
        let rounds = berger::rounds(n);
        let mut met = BTreeMap::new();
        for round in &rounds {
            let mut seen = BTreeSet::new();
            for &(a, b) in round {
                prop_assert!(a != b && a < n && b < n);
                prop_assert!(seen.insert(a) && seen.insert(b), "a player twice in a round");
                *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
            }
            prop_assert!(seen.len() >= n - 1, "at most one player sits out a round");
        }
        prop_assert_eq!(met.len(), n * (n - 1) / 2);
        prop_assert!(met.values().all(|c| *c == 1));
    }

    #[test]
    fn a_round_robin_tournament_plays_every_pair_once(n in 3usize..=8, seed in any::<u64>()) {
        let mut t = Tournament::new(settings(Format::RoundRobin, names(n))).unwrap();
        let games = play_all(&mut t, seed);
        let group: Vec<_> = games.iter().filter(|g| matches!(g.stage, Stage::Group { .. })).collect();
        let pairs: BTreeSet<_> = group.iter().map(|g| pair(&g.players[0], &g.players[1])).collect();
        prop_assert_eq!(group.len(), n * (n - 1) / 2);
        prop_assert_eq!(pairs.len(), group.len());
        prop_assert_eq!(t.champions().len(), 1, "the shootouts leave one first");
    }

    #[test]
    fn a_swiss_never_pairs_two_players_twice_and_every_round_pairs_everyone(
        n in 2usize..=24,
        rounds in 1usize..=12,
        seed in any::<u64>(),
    ) {
        let rounds = rounds.min(n / 2).max(1);
        let mut s = settings(Format::Swiss, names(n));
        s.rounds = Some(rounds);
        let mut t = Tournament::new(s).unwrap();
        let games = play_all(&mut t, seed);
        prop_assert!(t.is_over());
        let mut met = BTreeSet::new();
        for g in &games {
            prop_assert!(met.insert(pair(&g.players[0], &g.players[1])), "a rematch: {:?}", g.players);
        }
        for r in 1..=rounds as u32 {
            let mut seen = BTreeSet::new();
            for g in games.iter().filter(|g| g.stage == Stage::Swiss { round: r }) {
                prop_assert!(seen.insert(g.players[0].clone()) && seen.insert(g.players[1].clone()));
            }
            let byes: Vec<_> = t.byes.iter().filter(|b| b.round == r).collect();
            prop_assert!(byes.len() <= 1);
            prop_assert_eq!(byes.len(), n % 2);
            for b in byes {
                prop_assert!(seen.insert(b.player.clone()), "the bye also plays");
            }
            prop_assert_eq!(seen.len(), n, "round {} pairs everyone", r);
        }
        let bye_players: BTreeSet<_> = t.byes.iter().map(|b| &b.player).collect();
        prop_assert_eq!(bye_players.len(), t.byes.len(), "one bye a player at most");
    }

    #[test]
    fn every_knockout_ends_with_one_champion(n in 2usize..=33, third in any::<bool>(), seed in any::<u64>()) {
        let mut s = settings(Format::Knockout, names(n));
        s.third_place = third && n >= 4;
        let mut t = Tournament::new(s).unwrap();
        let games = play_all(&mut t, seed);
        prop_assert!(t.is_over());
        prop_assert_eq!(t.champions().len(), 1);
        let knockout = games.iter().filter(|g| matches!(g.stage, Stage::Knockout { .. })).count();
        prop_assert_eq!(knockout, n - 1, "every game but the champion's puts one player out");
        let losers: BTreeSet<_> = games
            .iter()
            .filter(|g| matches!(g.stage, Stage::Knockout { .. }))
            .map(|g| g.players.iter().find(|p| Some(*p) != g.winner.as_ref()).unwrap().clone())
            .collect();
        prop_assert_eq!(losers.len(), n - 1);
        prop_assert!(!losers.contains(&t.champions()[0]));
        prop_assert_eq!(games.iter().any(|g| g.stage == Stage::ThirdPlace), third && n >= 4);
        // The bracket as drawn: each round half the one before, ending in the final, whose
        // winner goes through as the champion; every game of the knockout in its slot.
        let rounds = t.bracket_rounds();
        for pair in rounds.windows(2) {
            prop_assert_eq!(pair[1].len() * 2, pair[0].len());
        }
        prop_assert_eq!(rounds.last().map(Vec::len), Some(1));
        let champion = Place::Player(t.champions()[0].clone());
        prop_assert_eq!(&rounds.last().unwrap()[0].through, &champion);
        let slotted = rounds.iter().flatten().filter(|s| s.game.is_some()).count();
        prop_assert_eq!(slotted, knockout);
    }

    #[test]
    fn every_vkk_tournament_ends_with_one_champion(groups in 1usize..=4, extra in 0usize..=12, seed in any::<u64>()) {
        let n = (groups * 3 + extra).min(groups * 8);
        let mut s = settings(Format::Vkk, names(n));
        s.groups = Some(groups);
        s.third_place = groups >= 2;
        let mut t = Tournament::new(s).unwrap();
        play_all(&mut t, seed);
        prop_assert!(t.is_over());
        prop_assert_eq!(t.champions().len(), 1);
        prop_assert_eq!(t.bracket.iter().flatten().count(), 2 * groups);
    }
}
