//! What the tournament's tests share: players, boards, and games played with seeded random
//! boards through `Tournament::record`.

#![allow(dead_code, reason = "each test file uses some of these")]

use carrom_tournament::game::{BOARDS, GAME_POINTS};
use carrom_tournament::{
    Board, Entrant, Format, Game, Kind, Outcome, Seeding, Settings, Tournament, tournament,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub fn names(n: usize) -> Vec<Entrant> {
    (1..=n).map(|i| Entrant::person(&format!("P{i}"))).collect()
}

pub fn settings(format: Format, players: Vec<Entrant>) -> Settings {
    Settings {
        format,
        players,
        groups: None,
        rounds: None,
        rules: "vkk".into(),
        third_place: false,
        seed: 7,
        seeding: Seeding::Order,
    }
}

pub fn board(winner: &str, points: u32) -> Board {
    Board {
        winner: winner.into(),
        points,
    }
}

pub fn boards(list: &[(&str, u32)]) -> Vec<Board> {
    list.iter().map(|(w, p)| board(w, *p)).collect()
}

/// A game's boards drawn at random: each board to either player for 1 to 12 points, until
/// 25 points or six boards; an additional board on a tie (a shootout: one board).
pub fn random_outcome(rng: &mut ChaCha8Rng, players: &[String; 2], kind: Kind) -> Outcome {
    let mut o = Outcome::default();
    let mut points = [0u32; 2];
    let limit = if kind == Kind::Shootout { 1 } else { BOARDS };
    while o.boards.len() < limit && points.iter().all(|p| *p < GAME_POINTS) {
        let w = usize::from(rng.random_bool(0.5));
        // Ties after six boards are common enough to be tried: small boards.
        let p = rng.random_range(1..=4);
        points[w] += p;
        o.boards.push(board(&players[w], p));
    }
    if kind == Kind::Game && o.boards.len() == BOARDS && points[0] == points[1] {
        let w = usize::from(rng.random_bool(0.5));
        o.additional = Some(board(&players[w], rng.random_range(1..=12)));
        o.additional_first = Some(players[0].clone());
    }
    o
}

/// Plays every game of `t` to its end with random boards; returns the games played.
pub fn play_all(t: &mut Tournament, seed: u64) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..10_000 {
        let next = t.next_games();
        if next.is_empty() {
            break;
        }
        for n in next {
            let g = t.game(n).unwrap().clone();
            let o = random_outcome(&mut rng, &g.players, tournament::kind_of(&g.stage));
            t.record(n, o, Vec::new()).unwrap();
        }
    }
    t.games.clone()
}
