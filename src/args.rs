//! The command line's shared values, each parsed and checked once by clap, whatever the
//! command and whether or not a window opens: the computer's level, the number of seats, a
//! seat, the rules, and numbers with their ranges (each range is also in `--help`).

use carrom_ai::Level;
use carrom_match::Named;
use carrom_referee::{Rules, Seats};
use clap::ValueEnum;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use std::path::PathBuf;

/// A clap parser for a word with a fixed list of names (a level, a match's length): its names
/// (and older names) are the possible values `--help` lists and an error names.
pub fn named<T: Named + Send + Sync>() -> impl TypedValueParser<Value = T> {
    let values = T::ALL.iter().map(|v| {
        let aliases = T::ALIASES.iter().filter(|a| a.1 == *v).map(|a| a.0);
        PossibleValue::new(v.name()).aliases(aliases)
    });
    // Every value the parser lets through is one of the names or aliases just listed.
    PossibleValuesParser::new(values).map(|name| T::parse(&name).unwrap_or(T::ALL[0]))
}

/// The level of the demo's computer players when none is given.
pub const DEMO_LEVEL: Level = Level::Medium;

/// Two computer levels, `side0,side1` (as `medium,easy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelPair(pub [Level; 2]);

pub fn level_pair(text: &str) -> Result<LevelPair, carrom_terms::LevelsError> {
    Level::pair(text).map(LevelPair)
}

/// Levels of the ladder to rate, weakest first whatever the order given (as
/// `beginner,easy,medium`): at least two, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelList(pub Vec<Level>);

pub fn level_list(text: &str) -> Result<LevelList, carrom_terms::LevelsError> {
    Level::ladder(text).map(LevelList)
}

/// How many play: singles (2) or doubles (4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SeatsArg {
    #[value(name = "2")]
    Two,
    #[value(name = "4")]
    Four,
}

impl SeatsArg {
    pub fn seats(self) -> Seats {
        match self {
            SeatsArg::Two => Seats::Singles,
            SeatsArg::Four => Seats::Doubles,
        }
    }
}

/// How many play where the point game may be played: singles (2), three each for himself (the
/// point game only), or four: doubles, or each for himself in the point game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlayersArg {
    #[value(name = "2")]
    Two,
    #[value(name = "3")]
    Three,
    #[value(name = "4")]
    Four,
}

impl PlayersArg {
    /// The seats under rules that are (`point_game`) or are not the point game.
    pub fn seats(self, point_game: bool) -> Seats {
        match (self, point_game) {
            (PlayersArg::Two, _) => Seats::Singles,
            (PlayersArg::Three, _) => Seats::Three,
            (PlayersArg::Four, true) => Seats::Four,
            (PlayersArg::Four, false) => Seats::Doubles,
        }
    }
}

/// A seat at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SeatArg {
    South,
    East,
    North,
    West,
}

impl SeatArg {
    pub fn seat(self) -> carrom_physics::Seat {
        match self {
            SeatArg::South => carrom_physics::Seat::South,
            SeatArg::East => carrom_physics::Seat::East,
            SeatArg::North => carrom_physics::Seat::North,
            SeatArg::West => carrom_physics::Seat::West,
        }
    }
}

/// Rules: a preset's name or a rules file (`.toml` or `.ron`), read and checked as the
/// command line is parsed.
#[derive(Clone, Debug)]
pub struct RulesArg {
    /// The preset's name or the file's path, as given.
    pub name: String,
    pub rules: Rules,
}

impl Default for RulesArg {
    fn default() -> RulesArg {
        RulesArg {
            name: "icf".into(),
            rules: Rules::icf(),
        }
    }
}

pub fn rules_arg(text: &str) -> Result<RulesArg, String> {
    let rules = carrom_match::load_rules(text).map_err(|e| e.to_string())?;
    Ok(RulesArg {
        name: text.to_string(),
        rules,
    })
}

/// A whole number from `MIN` to `MAX` (the parser's message says the range).
pub fn count<const MIN: u64, const MAX: u64>(text: &str) -> Result<u64, String> {
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("not a whole number from {MIN} to {MAX}"))?;
    if !(MIN..=MAX).contains(&n) {
        return Err(format!("{n} is outside the range {MIN} to {MAX}"));
    }
    Ok(n)
}

/// A seed: any whole number from 0 to 18446744073709551615.
pub fn seed(text: &str) -> Result<u64, String> {
    count::<0, { u64::MAX }>(text)
}

/// The demo's speed in the window: 1 to 8.
pub fn speed(text: &str) -> Result<f32, String> {
    let v: f32 = text
        .trim()
        .parse()
        .map_err(|_| "not a number from 1 to 8".to_string())?;
    if !(1.0..=8.0).contains(&v) {
        return Err(format!("{v} is outside the range 1 to 8"));
    }
    Ok(v)
}

/// Seconds for `carrom bench`: more than 0 and at most 3600.
pub fn seconds(text: &str) -> Result<f64, String> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| "not a number of seconds: more than 0 and at most 3600".to_string())?;
    if !(v.is_finite() && v > 0.0 && v <= 3600.0) {
        return Err(format!(
            "{v} is outside the range: more than 0 and at most 3600"
        ));
    }
    Ok(v)
}

/// A player's name: 1 to 24 characters, no control characters (as the menu allows).
pub fn player_name(text: &str) -> Result<String, String> {
    carrom_match::Player::checked_name(text).map_err(|e| e.to_string())
}

/// A request's file; stdin when it is omitted or `-`.
#[derive(clap::Args, Debug)]
pub struct RequestFile {
    /// The JSON request's file (stdin when omitted or `-`).
    pub file: Option<PathBuf>,
}

/// `--json`: only the JSON line.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct JsonOnly {
    /// Print only the JSON line.
    #[arg(long)]
    pub json: bool,
}
