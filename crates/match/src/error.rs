//! What can go wrong when a match is set up, played, saved or replayed. Each error's message
//! names the field, action or file it is about, in the words the command line prints.
//!
//! A caller whose own errors are messages (the command line, the game's dialogs) makes its
//! message with `to_string()` at its edge.

use carrom_physics::ShotError;
use carrom_referee::{JudgeError, PlacementError, Seat, Seats};

/// A match setup that cannot be played ([`crate::MatchSetup::validate`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SetupError {
    /// The rules do not make sense (the field and why).
    #[error("rules.{field}: {why}")]
    Rules { field: &'static str, why: String },
    /// Not one player for every seat of the game.
    #[error(
        "players: {given} given, {seats:?} needs {} (one for each of {})",
        seats.count(),
        seats.names()
    )]
    Players { given: usize, seats: Seats },
    /// The breaker does not play in this game.
    #[error("breaker: {} does not play in {seats:?}", seat.name())]
    Breaker { seat: Seat, seats: Seats },
    /// Three or four each for himself with rules of two colours.
    #[error(
        "seats: {} players each for himself play only the point game (rules `points`, or a rules file with `[points]`); {rules} is a game of two colours for two players or two pairs",
        seats.count()
    )]
    PointGameOnly { seats: Seats, rules: String },
    /// Partners in the point game, which is each for himself.
    #[error(
        "seats: the point game ({rules}) is each for himself: two, three or four players, not two pairs"
    )]
    NoPartnersForPoints { rules: String },
}

/// Players asked for that do not fit a match's seats ([`crate::MatchSetup::check_players`]);
/// the words name the match as the caller calls it (`singles`).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayersError {
    /// A seat asked for the computer that does not play in the match.
    #[error("{} does not play in {mode} ({})", seat.name(), seats.names())]
    Computer {
        seat: Seat,
        seats: Seats,
        mode: String,
    },
    /// More names than seats.
    #[error("{given} names for the {} seats of {mode}", seats.count())]
    Names {
        given: usize,
        seats: Seats,
        mode: String,
    },
}

/// A player's name that cannot be used ([`crate::Player::checked_name`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NameError {
    /// Empty, or longer than [`crate::Player::MAX_NAME`] characters.
    #[error(
        "a name is 1 to {} characters (this one has {chars})",
        crate::Player::MAX_NAME
    )]
    Length { chars: usize },
    /// A control character (an escape, a bell, a new line) that would reach other players'
    /// screens.
    #[error("a name has no control characters")]
    Control,
    /// An invisible or direction character (a zero-width space, a right-to-left override):
    /// a name that shows as another's, or turns the text around it.
    #[error("a name has no invisible or direction characters (U+{code:04X})")]
    Invisible { code: u32 },
}

/// Rules that cannot be had by a preset name or file ([`crate::load_rules`]).
#[derive(Debug, thiserror::Error)]
pub enum LoadRulesError {
    #[error(
        "unknown rules `{name}`: use one of {} or a .toml/.ron rules file",
        carrom_referee::PRESET_NAMES.join(", ")
    )]
    Unknown { name: String },
    #[error(transparent)]
    File(#[from] carrom_referee::RulesError),
}

/// A match that cannot start, or an action the match refuses. Nothing is changed when one of
/// these is returned.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MatchError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The setup's breaker is refused by the referee.
    #[error("breaker: {0}")]
    Breaker(JudgeError),
    /// A stroke by a player whose turn it is not.
    #[error("it is not {}'s turn", .0.name())]
    NotYourTurn(Seat),
    /// A stroke or pass while a returned piece waits to be placed (Laws 84-86).
    #[error("a returned piece must be placed first")]
    PlaceFirst,
    /// A stroke the physics refuses (its fields, or the striker's placement).
    #[error(transparent)]
    Shot(#[from] ShotError),
    /// A stroke or pass the referee cannot judge.
    #[error(transparent)]
    Judge(#[from] JudgeError),
    /// A placement with no piece waiting.
    #[error("no piece is waiting to be placed")]
    NothingToPlace,
    #[error("the spot ({x}, {y}) is not a point on the board")]
    NotAPoint { x: f32, y: f32 },
    /// A placement the Laws refuse (Laws 84-86, 89(b)).
    #[error(transparent)]
    Placement(#[from] PlacementError),
}

/// A save or replay that does not play back as recorded ([`crate::Match::replay`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReplayError {
    #[error("setup.{0}")]
    Setup(MatchError),
    /// An action the match refuses.
    #[error("actions[{index}]: {source}")]
    Action { index: usize, source: MatchError },
    /// An action that plays but reaches another position than the one recorded.
    #[error(
        "actions[{index}]: does not reach the recorded position (digest {digest:016x}, \
         recorded {recorded}): the file was changed, or made with other physics"
    )]
    Diverged {
        index: usize,
        digest: u64,
        recorded: String,
    },
    #[error("digests: {digests} recorded for {actions} actions")]
    DigestCount { digests: usize, actions: usize },
    #[error(
        "finished: the file says {recorded}, but its actions {} the match",
        if *ends { "end" } else { "do not end" }
    )]
    Finished { recorded: bool, ends: bool },
}

/// A save or replay file that cannot be read or written ([`crate::SaveFile`]). Each message
/// starts with the file's name.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("{name}: {source}")]
    Read {
        name: String,
        source: std::io::Error,
    },
    #[error("{name}: not a carrom save or replay (not valid JSON: {source})")]
    NotJson {
        name: String,
        source: serde_json::Error,
    },
    /// A JSON file of another program.
    #[error("{name}: not a carrom save or replay (format is `{format}`)")]
    OtherFormat { name: String, format: String },
    #[error("{name}: not a carrom save or replay (no `format` field)")]
    NoFormat { name: String },
    /// `format` is not a string (`found` is the value, shortened).
    #[error("{name}: format: expected \"{}\", found {found}", crate::FORMAT)]
    FormatNotText { name: String, found: String },
    /// A save of physics this build no longer plays.
    #[error(
        "{name}: written by an older build (save version {version}); its strokes would not \
         replay the same on this build's physics (version {})",
        crate::VERSION
    )]
    OlderVersion { name: String, version: u64 },
    #[error(
        "{name}: save format version {version} is not supported (this build reads {})",
        crate::VERSION
    )]
    NewerVersion { name: String, version: u64 },
    /// `version` is not a whole number (`found` is the value, shortened).
    #[error(
        "{name}: version: expected a whole number ({}), found {found}",
        crate::VERSION
    )]
    VersionNotNumber { name: String, found: String },
    #[error("{name}: damaged save: no `version`")]
    NoVersion { name: String },
    /// A field that does not read: its path in the file (none for the whole file) and why.
    #[error(
        "{name}: damaged save: {}{message}",
        field.as_ref().map(|f| format!("{f}: ")).unwrap_or_default()
    )]
    Damaged {
        name: String,
        field: Option<String>,
        message: String,
    },
    /// A setup that reads but cannot be played.
    #[error("{name}: damaged save: setup.{source}")]
    Setup { name: String, source: SetupError },
    #[error("{name}: {source}")]
    Encode {
        name: String,
        source: serde_json::Error,
    },
    /// The file could not be written (the message names it).
    #[error(transparent)]
    Write(#[from] WriteError),
}

pub use carrom_store::WriteError;

/// A saved match that cannot be gone on with ([`crate::resume`]). Each message starts with
/// the file's name.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ResumeError {
    /// The save's actions do not play back as recorded.
    #[error("{name}: {source}")]
    Replay { name: String, source: ReplayError },
    /// The actions play back, but the match does not stand at the games and score recorded.
    #[error(
        "{name}: the replay does not end as recorded (games {games:?} score {score:?}, recorded \
         games {recorded_games:?} score {recorded_score:?}); the file was made with different \
         physics or rules"
    )]
    Ending {
        name: String,
        games: [u8; 2],
        score: [u16; 2],
        recorded_games: [u8; 2],
        recorded_score: [u16; 2],
    },
}
