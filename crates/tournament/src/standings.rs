//! A group's standings in the VKK header's order: "Win 2 Points, Loss 0 Point"; "If there is
//! a points tie player with higher wins will advance, if it is a tie again player with higher
//! net points (Total points scored - Total points conceded) will advance. In this calculation
//! points scored in the additional games will not be included." "If it is a tie again tied
//! players will play one board shootout, the winner of this board will advance to the next
//! round." Ties that decide nothing share their place.

use crate::game::{Board, board_points, walkover_points};
use serde::Serialize;

/// The points of a game won ("Win 2 Points").
pub const WIN_POINTS: u32 = 2;
/// The points of a game lost ("Loss 0 Point").
pub const LOSS_POINTS: u32 = 0;

/// A decided game as the standings read it: its players, its boards (the additional board is
/// not among them), its winner, and whether it was a walkover (no boards; Law 143(i)).
#[derive(Clone, Copy, Debug)]
pub struct Decided<'a> {
    pub players: &'a [String; 2],
    pub boards: &'a [Board],
    pub winner: &'a str,
    pub walkover: bool,
}

impl Decided<'_> {
    /// The points each player scored in the game, in the order of `players`: its boards'
    /// (the additional board left out), or a walkover's: [`crate::game::GAME_POINTS`] to the
    /// winner, conceded by the player who did not come.
    pub fn points(&self) -> [u32; 2] {
        if self.walkover {
            walkover_points(self.players, self.winner)
        } else {
            board_points(self.players, self.boards)
        }
    }
}

/// A one-board shootout played: its two players and its winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShootoutPlayed {
    pub players: [String; 2],
    pub winner: String,
}

/// One row of a table, in the order `carrom tournament standings --json` writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    pub rank: u32,
    pub name: String,
    pub played: u32,
    pub won: u32,
    pub points: u32,
    pub wins: u32,
    /// Points scored on the boards, the additional boards left out.
    pub scored: u32,
    pub conceded: u32,
    pub net: i64,
    pub advances: bool,
}

/// A group's table: the rows in standing order, and the players who still owe a shootout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    pub name: String,
    pub standings: Vec<Row>,
    pub shootout: Option<Vec<String>>,
}

/// A shootout that is no shootout the table owes: `index` is its place in the list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("shootout {index}: {reason}")]
pub struct ShootoutError {
    pub index: usize,
    pub reason: String,
}

/// Each player's games, wins and board points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub played: u32,
    pub won: u32,
    pub scored: u32,
    pub conceded: u32,
}

impl Tally {
    pub fn points(&self) -> u32 {
        self.won * WIN_POINTS + (self.played - self.won) * LOSS_POINTS
    }
    pub fn net(&self) -> i64 {
        i64::from(self.scored) - i64::from(self.conceded)
    }
    /// The header's order: points, then wins, then net points.
    fn key(&self) -> (u32, u32, i64) {
        (self.points(), self.won, self.net())
    }
}

/// The tallies of `players` (in their order) from `games`.
pub fn tallies(players: &[String], games: &[Decided]) -> Vec<Tally> {
    let mut out = vec![Tally::default(); players.len()];
    for g in games {
        let points = g.points();
        for side in 0..2 {
            let Some(i) = players.iter().position(|p| *p == g.players[side]) else {
                continue;
            };
            let t = &mut out[i];
            t.played += 1;
            t.won += u32::from(g.players[side] == g.winner);
            t.scored += points[side];
            t.conceded += points[1 - side];
        }
    }
    out
}

/// The players tied across the cut, and the shootouts among them.
struct Contest {
    /// Players (indices) still in the contest, in the group's order.
    alive: Vec<usize>,
    /// Players put out by a shootout, the first put out first.
    out: Vec<usize>,
    places: usize,
}

/// The table of group `name`: `players` in the group's order, `advance` of them going on to
/// the next round (0: nobody, a table that decides nothing).
pub fn table(
    name: &str,
    players: &[String],
    games: &[Decided],
    shootouts: &[ShootoutPlayed],
    advance: usize,
) -> Result<Table, ShootoutError> {
    let tallies = tallies(players, games);
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|i| std::cmp::Reverse(tallies[*i].key()));
    let (start, end) = block_at(&order, &tallies, advance);
    let mut contest = (start < advance && end > advance).then(|| Contest {
        alive: order[start..end].to_vec(),
        out: Vec::new(),
        places: advance - start,
    });
    apply_shootouts(players, shootouts, contest.as_mut())?;
    let owed = contest.as_ref().filter(|c| c.alive.len() > c.places);
    let mut tier = vec![0u8; players.len()];
    if let Some(c) = contest.as_ref().filter(|c| c.alive.len() <= c.places) {
        let ranked: Vec<usize> = c.alive.iter().chain(c.out.iter().rev()).copied().collect();
        order.splice(start..end, ranked);
        c.out.iter().for_each(|i| tier[*i] = 1);
    }
    let standings = order
        .iter()
        .enumerate()
        .map(|(pos, &i)| {
            let ahead = order[..pos]
                .iter()
                .filter(|&&j| (tallies[j].key(), tier[j]) != (tallies[i].key(), tier[i]))
                .count();
            let unresolved = owed.is_some() && order[start..end].contains(&i);
            row(
                &players[i],
                &tallies[i],
                ahead,
                pos < advance && !unresolved,
            )
        })
        .collect();
    let shootout = owed.map(|c| c.alive.iter().map(|i| players[*i].clone()).collect());
    Ok(Table {
        name: name.to_string(),
        standings,
        shootout,
    })
}

/// The block of players with the same points, wins and net points as the player at `cut`'s
/// place (the first not to advance): `start..end` in `order`; empty at the end of the table.
fn block_at(order: &[usize], tallies: &[Tally], cut: usize) -> (usize, usize) {
    if cut == 0 || cut >= order.len() {
        return (cut, cut);
    }
    let key = tallies[order[cut]].key();
    let same = |p: &usize| tallies[order[*p]].key() == key;
    let start = (0..cut).rev().take_while(same).last().unwrap_or(cut);
    let end = (cut..order.len())
        .take_while(same)
        .last()
        .map_or(cut, |e| e + 1);
    (start, end)
}

pub(crate) fn row(name: &str, t: &Tally, ahead: usize, advances: bool) -> Row {
    Row {
        rank: ahead as u32 + 1,
        name: name.to_string(),
        played: t.played,
        won: t.won,
        points: t.points(),
        wins: t.won,
        scored: t.scored,
        conceded: t.conceded,
        net: t.net(),
        advances,
    }
}

/// Each shootout puts its loser out of the contest; one that the table does not owe is
/// refused.
fn apply_shootouts(
    players: &[String],
    shootouts: &[ShootoutPlayed],
    mut contest: Option<&mut Contest>,
) -> Result<(), ShootoutError> {
    for (index, s) in shootouts.iter().enumerate() {
        let refuse = |reason: String| ShootoutError { index, reason };
        let Some(c) = contest.as_deref_mut() else {
            return Err(refuse(format!(
                "{} owe no shootout: nobody is tied across the cut",
                s.players.join(" and ")
            )));
        };
        let at = |name: &String| c.alive.iter().position(|i| players[*i] == *name);
        let (Some(a), Some(b)) = (at(&s.players[0]), at(&s.players[1])) else {
            return Err(refuse(format!(
                "{} are not both still tied across the cut",
                s.players.join(" and ")
            )));
        };
        if !s.players.contains(&s.winner) {
            return Err(refuse(format!(
                "the winner {} is not in the shootout",
                s.winner
            )));
        }
        if c.alive.len() <= c.places || a == b {
            return Err(refuse(format!(
                "{} owe no shootout: the tie is decided",
                s.players.join(" and ")
            )));
        }
        let loser = if players[c.alive[a]] == s.winner {
            b
        } else {
            a
        };
        c.out.push(c.alive.remove(loser));
    }
    Ok(())
}

/// The next shootout a contest owes: the two players of `owed` (in the group's order) who have
/// played the fewest shootouts, the first in the list first.
pub fn next_pair(owed: &[String], played: &[ShootoutPlayed]) -> [String; 2] {
    let count = |p: &String| played.iter().filter(|s| s.players.contains(p)).count();
    let mut by_count: Vec<&String> = owed.iter().collect();
    by_count.sort_by_key(|p| count(p));
    [by_count[0].clone(), by_count[1].clone()]
}
