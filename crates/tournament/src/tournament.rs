//! A tournament: its players, its format, every game scheduled so far with its toss and its
//! boards, and what comes next — the group stage's rounds by Berger tables, the shootouts the
//! tables owe, the knockout from the groups' top two, a Swiss's next round.

use crate::entrant::Entrant;
use crate::game::{Kind, Outcome, decide};
use crate::standings::{self, Decided, ShootoutPlayed, Table};
use crate::{berger, knockout, swiss};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// The file's `format` field.
pub const FORMAT: &str = "carrom-tournament";
/// The file's version; other versions are refused by name.
pub const VERSION: u32 = 1;
/// The rules every game is played under: the VKK game (the referee's `vkk` preset).
pub const RULES: &str = "vkk";
/// The players in a VKK group, as the group stage takes them.
pub const GROUP_SIZES: std::ops::RangeInclusive<usize> = 3..=8;
/// "Top two players from each group will advance to the next round."
pub const ADVANCE: usize = 2;

/// A tournament's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// The VKK header: groups by round robin, the top two of each into a knockout.
    Vkk,
    /// One group, every pair once; the first is the champion.
    RoundRobin,
    /// A knockout of every player.
    Knockout,
    /// N rounds of the Swiss system.
    Swiss,
}

impl Format {
    pub const ALL: [Format; 4] = [
        Format::Vkk,
        Format::RoundRobin,
        Format::Knockout,
        Format::Swiss,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Vkk => "vkk",
            Format::RoundRobin => "round-robin",
            Format::Knockout => "knockout",
            Format::Swiss => "swiss",
        }
    }

    pub fn parse(text: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == text.trim())
    }
}

/// How a knockout of every player is seeded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seeding {
    /// The order the players are given in, the first the top seed.
    #[default]
    Order,
    /// The ratings given (`Asha@1620`), highest first; players without one after, in order.
    Rating,
}

/// A group of the group stage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub name: String,
    pub players: Vec<String>,
}

/// Where a game stands in the tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Stage {
    /// A group's game, in a round of its Berger table.
    Group { group: String, round: u32 },
    /// A one-board shootout the group's table owes.
    Shootout { group: String },
    /// A knockout game: its round (the final the last) and its place in the round.
    Knockout { round: u32, slot: u32 },
    /// The game for third place, between the semi-finals' losers.
    ThirdPlace,
    /// A round of a Swiss.
    Swiss { round: u32 },
}

/// One game scheduled: its players, who won the toss and strikes first, and once played its
/// boards, its winner and its replays (paths from the tournament file's folder).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    pub number: u32,
    pub stage: Stage,
    pub players: [String; 2],
    /// "There will be a toss before the game, winner will get to take the strike first."
    pub first: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replays: Vec<String>,
}

/// A Swiss round's bye: a win of [`swiss::BYE_POINTS`] points, no board points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bye {
    pub round: u32,
    pub player: String,
    pub points: u32,
}

/// A tournament as its file keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tournament {
    pub format: String,
    pub version: u32,
    pub kind: Format,
    pub rules: String,
    pub seed: u64,
    #[serde(default)]
    pub third_place: bool,
    /// A Swiss's rounds (0 for the other formats).
    #[serde(default)]
    pub rounds: u32,
    pub players: Vec<Entrant>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Group>,
    /// The knockout's first-round places (`null` a bye), once it is drawn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bracket: Vec<Option<String>>,
    pub games: Vec<Game>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<Bye>,
}

/// What a new tournament is made of, as `carrom tournament new` reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub format: Format,
    pub players: Vec<Entrant>,
    pub groups: Option<usize>,
    pub rounds: Option<usize>,
    pub rules: String,
    pub third_place: bool,
    pub seed: u64,
    pub seeding: Seeding,
}

/// Why a tournament cannot be made as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NewError {
    #[error("--rules: a tournament plays the VKK game (`vkk`: six boards or 25 points), not `{0}`")]
    Rules(String),
    #[error("--players: {format} needs at least {least} players, not {given}")]
    TooFew {
        format: &'static str,
        least: usize,
        given: usize,
    },
    #[error(
        "--groups: {players} players in {groups} groups make groups of {smallest} to {largest}; a VKK group has 3 to 8"
    )]
    GroupSize {
        players: usize,
        groups: usize,
        smallest: usize,
        largest: usize,
    },
    #[error("--groups: only the vkk format has groups")]
    GroupsNotVkk,
    #[error("--rounds: only a swiss has rounds")]
    RoundsNotSwiss,
    #[error(
        "--rounds: a Swiss of {players} players has 1 to {most} rounds (so every round pairs everyone without a rematch), not {rounds}"
    )]
    Rounds {
        players: usize,
        rounds: usize,
        most: usize,
    },
    #[error("--third-place: {0}")]
    ThirdPlace(&'static str),
}

impl NewError {
    /// The refusal without the command line's flag it names ("--groups: ..."): for a form or
    /// a server, where nothing is typed as a flag.
    pub fn without_flag(&self) -> String {
        let words = self.to_string();
        match words.strip_prefix("--").and_then(|w| w.split_once(": ")) {
            Some((_, rest)) => rest.to_string(),
            None => words,
        }
    }
}

/// Why a player cannot join a tournament under way.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LateError {
    #[error("only a Swiss takes players once it has started: a {0}'s draw is made")]
    NotSwiss(&'static str),
    #[error(
        "a Swiss takes players until half its rounds are under way: round {round} of {rounds} is"
    )]
    TooLate { round: u32, rounds: u32 },
    #[error("{0} is in the tournament already")]
    Already(String),
}

/// Why a game's result is not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("there is no game {0}")]
    NoGame(u32),
    #[error("game {0} is already played")]
    Played(u32),
    #[error("game {number}: {source}")]
    Boards {
        number: u32,
        source: crate::game::GameError,
    },
    #[error("game {0}: its boards do not decide it yet")]
    NotOver(u32),
    #[error("{0}")]
    Table(#[from] standings::ShootoutError),
    #[error("round {0} of the Swiss cannot be paired without a rematch")]
    NoPairing(u32),
}

impl Tournament {
    /// A new tournament: its groups drawn and its first games scheduled, each with its toss.
    pub fn new(settings: Settings) -> Result<Tournament, NewError> {
        check(&settings)?;
        let s = settings;
        let mut t = Tournament {
            format: FORMAT.into(),
            version: VERSION,
            kind: s.format,
            rules: s.rules.clone(),
            seed: s.seed,
            third_place: s.third_place,
            rounds: s.rounds.unwrap_or(0) as u32,
            players: s.players.clone(),
            groups: Vec::new(),
            bracket: Vec::new(),
            games: Vec::new(),
            byes: Vec::new(),
        };
        match s.format {
            Format::Vkk => t.draw_groups(s.groups.unwrap_or_else(|| default_groups(&s))),
            Format::RoundRobin => t.draw_groups(1),
            Format::Knockout => t.bracket = knockout::bracket(&seeds(&s.players, s.seeding)),
            Format::Swiss => t.rounds = swiss_rounds(&s) as u32,
        }
        // Nothing is played yet, so the first games cannot fail to be scheduled.
        let _ = t.schedule();
        Ok(t)
    }

    /// A player who comes to a Swiss under way: in from its next round with no points for the
    /// rounds he missed, while at most half its rounds have been paired (the reading is in
    /// the crate's README).
    pub fn join_late(&mut self, entrant: Entrant) -> Result<(), LateError> {
        if self.kind != Format::Swiss {
            return Err(LateError::NotSwiss(self.kind.name()));
        }
        let round = self.swiss_round();
        if round * 2 > self.rounds {
            let rounds = self.rounds;
            return Err(LateError::TooLate { round, rounds });
        }
        if self.entrant(&entrant.name).is_some() {
            return Err(LateError::Already(entrant.name));
        }
        self.players.push(entrant);
        // Nothing of a round under way changes: a round whose games are all played is paired
        // now, with him.
        let _ = self.schedule();
        Ok(())
    }

    /// The player called `name`.
    pub fn entrant(&self, name: &str) -> Option<&Entrant> {
        self.players.iter().find(|p| p.name == name)
    }

    /// The game numbered `number`.
    pub fn game(&self, number: u32) -> Option<&Game> {
        self.games.iter().find(|g| g.number == number)
    }

    fn draw_groups(&mut self, count: usize) {
        self.groups = (0..count)
            .map(|g| Group {
                name: group_name(g),
                players: (self.players.iter().skip(g).step_by(count))
                    .map(|p| p.name.clone())
                    .collect(),
            })
            .collect();
        for group in self.groups.clone() {
            for (r, pairs) in berger::rounds(group.players.len()).iter().enumerate() {
                for &(a, b) in pairs {
                    let stage = Stage::Group {
                        group: group.name.clone(),
                        round: r as u32 + 1,
                    };
                    self.add_game(stage, [group.players[a].clone(), group.players[b].clone()]);
                }
            }
        }
    }

    /// Schedules a game, its toss made from the tournament's seed and the game's number.
    pub(crate) fn add_game(&mut self, stage: Stage, players: [String; 2]) {
        let number = self.games.len() as u32 + 1;
        let first = players[toss(self.seed, number, 0)].clone();
        self.games.push(Game {
            number,
            stage,
            players,
            first,
            result: None,
            winner: None,
            replays: Vec::new(),
        });
    }

    /// The next games to play: the unplayed games of the earliest round scheduled.
    pub fn next_games(&self) -> Vec<u32> {
        let unplayed = self.games.iter().filter(|g| g.winner.is_none());
        let Some(first) = unplayed.clone().map(|g| self.order(&g.stage)).min() else {
            return Vec::new();
        };
        unplayed
            .filter(|g| self.order(&g.stage) == first)
            .map(|g| g.number)
            .collect()
    }

    /// When a stage's games are played: the group rounds and the Swiss's, then the
    /// shootouts, then the knockout's rounds, the third place with the final.
    fn order(&self, stage: &Stage) -> (u8, u32) {
        match stage {
            Stage::Group { round, .. } | Stage::Swiss { round } => (0, *round),
            Stage::Shootout { .. } => (1, 0),
            Stage::Knockout { round, .. } => (2, *round),
            Stage::ThirdPlace => (2, knockout::rounds(self.bracket.len())),
        }
    }

    /// The toss of game `number`'s additional board: who strikes first in it.
    pub fn additional_toss(&self, game: &Game) -> String {
        game.players[toss(self.seed, game.number, 1)].clone()
    }

    /// Takes game `number`'s boards: the game must be unplayed and its boards a VKK game's
    /// (a shootout's one board) that decides it, or a walkover of one of its players with no
    /// boards ([`Tournament::record_walkover`]). Then schedules what follows, and returns
    /// the winner.
    pub fn record(
        &mut self,
        number: u32,
        outcome: Outcome,
        replays: Vec<String>,
    ) -> Result<String, RecordError> {
        let game = self.game(number).ok_or(RecordError::NoGame(number))?;
        if game.winner.is_some() {
            return Err(RecordError::Played(number));
        }
        let winner = decide(&game.players, &outcome, kind_of(&game.stage))
            .map_err(|source| RecordError::Boards { number, source })?
            .ok_or(RecordError::NotOver(number))?;
        let game = &mut self.games[number as usize - 1];
        game.result = Some(outcome);
        game.winner = Some(winner.clone());
        game.replays = replays;
        self.schedule()?;
        Ok(winner)
    }

    /// Game `number` lost by walkover by `absent`, who did not come (or did not come back)
    /// within the wait (Law 143(i)): the game must be unplayed and `absent` one of its players.
    /// The other player wins it; it has no boards, and counts as a game won
    /// [`crate::game::GAME_POINTS`] to 0 in the net points. Then schedules what follows, as
    /// [`Tournament::record`] does, and returns the winner.
    pub fn record_walkover(&mut self, number: u32, absent: &str) -> Result<String, RecordError> {
        let outcome = Outcome {
            walkover: Some(absent.to_string()),
            ..Outcome::default()
        };
        self.record(number, outcome, Vec::new())
    }

    /// The games decided so far of `stage`'s kind that `pick` takes.
    pub(crate) fn decided(&self, pick: impl Fn(&Stage) -> bool) -> Vec<Decided<'_>> {
        self.games
            .iter()
            .filter(|g| pick(&g.stage))
            .filter_map(|g| {
                let result = g.result.as_ref()?;
                Some(Decided {
                    players: &g.players,
                    boards: &result.boards,
                    winner: g.winner.as_deref()?,
                    walkover: result.walkover.is_some(),
                })
            })
            .collect()
    }

    /// The tables of the groups, with the shootouts each still owes.
    pub fn group_tables(&self) -> Result<Vec<Table>, standings::ShootoutError> {
        let advance = match self.kind {
            Format::Vkk => ADVANCE,
            _ => 1,
        };
        self.groups
            .iter()
            .map(|group| {
                let is = |s: &Stage| matches!(s, Stage::Group { group: g, .. } if *g == group.name);
                let games = self.decided(is);
                let shootouts = self.shootouts_of(&group.name);
                let mut table =
                    standings::table(&group.name, &group.players, &games, &shootouts, advance)?;
                // A tie is decided at the group's end: until then no shootout is owed.
                if !self.group_played(&group.name) {
                    table.shootout = None;
                }
                Ok(table)
            })
            .collect()
    }

    /// Whether every game of group `name` is played (its table is final but for shootouts).
    pub fn group_played(&self, name: &str) -> bool {
        let of = |s: &Stage| matches!(s, Stage::Group { group, .. } if group == name);
        self.games
            .iter()
            .filter(|g| of(&g.stage))
            .all(|g| g.winner.is_some())
    }

    pub(crate) fn shootouts_of(&self, group: &str) -> Vec<ShootoutPlayed> {
        (self.games.iter())
            .filter(|g| matches!(&g.stage, Stage::Shootout { group: s } if s == group))
            .filter_map(|g| {
                Some(ShootoutPlayed {
                    players: g.players.clone(),
                    winner: g.winner.clone()?,
                })
            })
            .collect()
    }

    /// The Swiss's table and each row's Buchholz.
    pub fn swiss_table(&self) -> (Table, Vec<u32>) {
        let names: Vec<String> = self.players.iter().map(|p| p.name.clone()).collect();
        let games = self.decided(|s| matches!(s, Stage::Swiss { .. }));
        let byes: Vec<String> = self.byes.iter().map(|b| b.player.clone()).collect();
        swiss::table(&names, &games, &byes)
    }

    /// The tables `carrom tournament standings` prints: the groups', or the Swiss's.
    pub fn tables(&self) -> Result<Vec<Table>, standings::ShootoutError> {
        match self.kind {
            Format::Swiss => Ok(vec![self.swiss_table().0]),
            _ => self.group_tables(),
        }
    }

    /// Whether every game is played and nothing more is owed.
    pub fn is_over(&self) -> bool {
        self.next_games().is_empty()
    }

    /// The champion, once the tournament is over: the knockout's final's winner, the round
    /// robin's first, the Swiss's first (those sharing the first place, in their order).
    pub fn champions(&self) -> Vec<String> {
        if !self.is_over() {
            return Vec::new();
        }
        let firsts = |t: &Table| -> Vec<String> {
            (t.standings.iter())
                .filter(|r| r.rank == 1)
                .map(|r| r.name.clone())
                .collect()
        };
        match self.kind {
            Format::Vkk | Format::Knockout => self.final_winner().into_iter().collect(),
            Format::RoundRobin => self.group_tables().ok().map_or(Vec::new(), |t| {
                (t[0].standings.iter().filter(|r| r.advances))
                    .map(|r| r.name.clone())
                    .collect()
            }),
            Format::Swiss => firsts(&self.swiss_table().0),
        }
    }

    /// The players whose games a person plays.
    pub fn has_people(&self) -> bool {
        self.players.iter().any(|p| !p.is_computer())
    }
}

/// Game `kind` of a stage: a shootout is one board.
pub fn kind_of(stage: &Stage) -> Kind {
    match stage {
        Stage::Shootout { .. } => Kind::Shootout,
        _ => Kind::Game,
    }
}

/// A seeded toss: 0 or 1, from the tournament's seed, the game's number and which toss.
pub fn toss(seed: u64, number: u32, which: u64) -> usize {
    let stream = (u64::from(number) << 8 | which).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ stream);
    usize::from(rng.random_bool(0.5))
}

/// "A", "B", ... "Z", "AA", ...
fn group_name(i: usize) -> String {
    let letter = (b'A' + (i % 26) as u8) as char;
    match i / 26 {
        0 => letter.to_string(),
        n => format!("{}{letter}", group_name(n - 1)),
    }
}

/// VKK groups when none are asked for: groups of four (one group under eight players).
fn default_groups(s: &Settings) -> usize {
    (s.players.len() / 4).max(1)
}

/// The Swiss's rounds when none are asked for: enough for one unbeaten player where the
/// players allow it.
fn swiss_rounds(s: &Settings) -> usize {
    let n = s.players.len();
    let log = n.next_power_of_two().trailing_zeros() as usize;
    s.rounds.unwrap_or(log).min(swiss::max_rounds(n)).max(1)
}

/// The seeds of a knockout of every player.
fn seeds(players: &[Entrant], seeding: Seeding) -> Vec<String> {
    let mut order: Vec<&Entrant> = players.iter().collect();
    if seeding == Seeding::Rating {
        order.sort_by_key(|p| std::cmp::Reverse(p.rating.map_or(0, |r| u64::from(r) + 1)));
    }
    order.iter().map(|p| p.name.clone()).collect()
}

/// Checks the settings against the format.
fn check(s: &Settings) -> Result<(), NewError> {
    if s.rules != RULES {
        return Err(NewError::Rules(s.rules.clone()));
    }
    let n = s.players.len();
    let least = match s.format {
        Format::Vkk | Format::RoundRobin => *GROUP_SIZES.start(),
        _ => 2,
    };
    if n < least {
        let format = s.format.name();
        return Err(NewError::TooFew {
            format,
            least,
            given: n,
        });
    }
    if s.groups.is_some() && s.format != Format::Vkk {
        return Err(NewError::GroupsNotVkk);
    }
    if s.rounds.is_some() && s.format != Format::Swiss {
        return Err(NewError::RoundsNotSwiss);
    }
    check_groups(s)?;
    check_rounds(s)?;
    check_third_place(s)
}

fn check_groups(s: &Settings) -> Result<(), NewError> {
    if s.format != Format::Vkk {
        return Ok(());
    }
    let (n, g) = (
        s.players.len(),
        s.groups.unwrap_or_else(|| default_groups(s)),
    );
    let (smallest, largest) = (n / g.max(1), n.div_ceil(g.max(1)));
    if g == 0 || !GROUP_SIZES.contains(&smallest) || !GROUP_SIZES.contains(&largest) {
        return Err(NewError::GroupSize {
            players: n,
            groups: g,
            smallest,
            largest,
        });
    }
    Ok(())
}

fn check_rounds(s: &Settings) -> Result<(), NewError> {
    let (n, most) = (s.players.len(), swiss::max_rounds(s.players.len()));
    match s.rounds {
        Some(rounds) if rounds == 0 || rounds > most => Err(NewError::Rounds {
            players: n,
            rounds,
            most,
        }),
        _ => Ok(()),
    }
}

fn check_third_place(s: &Settings) -> Result<(), NewError> {
    if !s.third_place {
        return Ok(());
    }
    let in_knockout = match s.format {
        Format::Vkk => ADVANCE * s.groups.unwrap_or_else(|| default_groups(s)),
        Format::Knockout => s.players.len(),
        _ => {
            return Err(NewError::ThirdPlace(
                "only a knockout has a game for third place",
            ));
        }
    };
    if in_knockout < 4 {
        return Err(NewError::ThirdPlace(
            "a game for third place needs semi-finals: four players in the knockout",
        ));
    }
    Ok(())
}

/// The unordered pairs that have met in `games` (indices into `names`).
pub(crate) fn met_pairs(names: &[String], games: &[Game]) -> HashSet<(usize, usize)> {
    let at = |n: &String| names.iter().position(|p| p == n);
    games
        .iter()
        .filter_map(|g| Some((at(&g.players[0])?, at(&g.players[1])?)))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect()
}
