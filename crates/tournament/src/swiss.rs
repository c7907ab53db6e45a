//! A Swiss: N rounds, no pair meeting twice, pairs within score groups (the leader with the
//! best he has not met), a bye to the lowest-ranked player without one (counted as a win of
//! [`BYE_POINTS`] points, no board points); ranked by points, then Buchholz (the points of
//! the players met), then net points, as SoL ranks carrom Swiss events.

use crate::standings::{Decided, Table, Tally, WIN_POINTS, tallies};
use std::collections::HashSet;

/// What a bye scores: a win, [`WIN_POINTS`], and no board points either way.
pub const BYE_POINTS: u32 = WIN_POINTS;

/// Each player's tally with his byes counted as wins, and his Buchholz.
pub fn swiss_tallies(players: &[String], games: &[Decided], byes: &[String]) -> Vec<(Tally, u32)> {
    let mut t = tallies(players, games);
    for b in byes {
        if let Some(i) = players.iter().position(|p| p == b) {
            t[i].played += 1;
            t[i].won += 1;
        }
    }
    let points = |name: &String| {
        players
            .iter()
            .position(|p| p == name)
            .map_or(0, |i| t[i].points())
    };
    players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let met = games.iter().filter_map(|g| {
                let side = g.players.iter().position(|x| x == p)?;
                Some(&g.players[1 - side])
            });
            (t[i], met.map(points).sum())
        })
        .collect()
}

/// The players' indices in Swiss order: points, Buchholz, net points, then the order given.
pub fn ranking(scores: &[(Tally, u32)]) -> Vec<usize> {
    let key = |i: usize| (scores[i].0.points(), scores[i].1, scores[i].0.net());
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by_key(|i| std::cmp::Reverse(key(*i)));
    order
}

/// The Swiss table: every player ranked, equal points, Buchholz and net points sharing a place;
/// nobody advances. The Buchholz of each row, in the rows' order.
pub fn table(players: &[String], games: &[Decided], byes: &[String]) -> (Table, Vec<u32>) {
    let scores = swiss_tallies(players, games, byes);
    let order = ranking(&scores);
    let key = |i: usize| (scores[i].0.points(), scores[i].1, scores[i].0.net());
    let rows = order.iter().enumerate().map(|(pos, &i)| {
        let ahead = order[..pos].iter().filter(|&&j| key(j) != key(i)).count();
        crate::standings::row(&players[i], &scores[i].0, ahead, false)
    });
    let table = Table {
        name: "Swiss".into(),
        standings: rows.collect(),
        shootout: None,
    };
    (table, order.iter().map(|&i| scores[i].1).collect())
}

/// A round's pairs (indices, the higher-ranked first) and who has its bye.
pub type Round = (Vec<(usize, usize)>, Option<usize>);

/// One round's pairs (indices, the higher-ranked first) and its bye: the bye to the
/// lowest-ranked of `ranked` without one, then each unpaired player from the top with the
/// highest-ranked he has not met, going back when the rest cannot be paired. `None` when no
/// pairing avoids a rematch.
pub fn pair_round(
    ranked: &[usize],
    met: &HashSet<(usize, usize)>,
    had_bye: &[usize],
) -> Option<Round> {
    let mut pool: Vec<usize> = ranked.to_vec();
    let bye = if pool.len() % 2 == 1 {
        let at = pool.iter().rposition(|p| !had_bye.contains(p))?;
        Some(pool.remove(at))
    } else {
        None
    };
    let mut pairs = Vec::new();
    let mut budget = 1_000_000u32;
    pair_rest(&pool, met, &mut pairs, &mut budget).then_some((pairs, bye))
}

fn pair_rest(
    pool: &[usize],
    met: &HashSet<(usize, usize)>,
    pairs: &mut Vec<(usize, usize)>,
    budget: &mut u32,
) -> bool {
    let Some((&first, rest)) = pool.split_first() else {
        return true;
    };
    for (k, &other) in rest.iter().enumerate() {
        *budget = budget.saturating_sub(1);
        if *budget == 0 {
            return false;
        }
        if met.contains(&(first.min(other), first.max(other))) {
            continue;
        }
        let left: Vec<usize> = rest[..k].iter().chain(&rest[k + 1..]).copied().collect();
        pairs.push((first, other));
        if pair_rest(&left, met, pairs, budget) {
            return true;
        }
        pairs.pop();
    }
    false
}

/// The most rounds a Swiss of `players` has: every round can then pair everyone without a
/// rematch, whatever the results (each player has met too few for a pairing to fail: Dirac's
/// theorem on the pairs not yet played).
pub fn max_rounds(players: usize) -> usize {
    players / 2
}
