//! The game's states: which screen is up, what is at the table ([`Mode`]), the mode being
//! played and what is computed from it ([`Playing`], [`Refereed`], [`Watched`]), where a turn
//! stands ([`Phase`]), the pause and the question to leave. Every system that runs in one
//! mode, or for one kind of match, runs by one of these.

use bevy::prelude::*;

/// Which screen is up.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Menu,
    Game,
}

/// What is at the table: kept while the menu is up, so Continue goes back to it. Set where a
/// mode is entered ([`crate::modes::Begin`]); systems run by [`Playing`], not by this.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Nothing has been played yet.
    #[default]
    None,
    Match,
    Practice,
    Demo,
    /// A recorded match played back stroke by stroke.
    Replay,
    /// Drills by kind of shot.
    Training,
    /// A match across machines: the host's match followed, this machine's seats played here.
    Online,
}

/// The mode being played on the game screen (none while the menu is up): each mode's systems
/// run in their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Playing {
    Match,
    Practice,
    Demo,
    Replay,
    Training,
    Online,
}

impl ComputedStates for Playing {
    type SourceStates = (Screen, Mode);

    fn compute((screen, mode): (Screen, Mode)) -> Option<Playing> {
        match (screen, mode) {
            (Screen::Menu, _) | (_, Mode::None) => None,
            (Screen::Game, Mode::Match) => Some(Playing::Match),
            (Screen::Game, Mode::Practice) => Some(Playing::Practice),
            (Screen::Game, Mode::Demo) => Some(Playing::Demo),
            (Screen::Game, Mode::Replay) => Some(Playing::Replay),
            (Screen::Game, Mode::Training) => Some(Playing::Training),
            (Screen::Game, Mode::Online) => Some(Playing::Online),
        }
    }
}

/// A refereed match is on the board (a match, a demo or a replay): the match's turn flow runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Refereed;

impl ComputedStates for Refereed {
    type SourceStates = Playing;

    fn compute(playing: Playing) -> Option<Refereed> {
        (!matches!(playing, Playing::Practice | Playing::Training)).then_some(Refereed)
    }
}

/// Computers are watched (a demo or a replay): the watcher pauses and sets the speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Watched;

impl ComputedStates for Watched {
    type SourceStates = Playing;

    fn compute(playing: Playing) -> Option<Watched> {
        matches!(playing, Playing::Demo | Playing::Replay).then_some(Watched)
    }
}

/// Where a turn stands: a sub-state of the game screen, so it exists only while a game is on.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game)]
pub enum Phase {
    /// Waiting for the table to load.
    #[default]
    Idle,
    /// The player places the striker and aims.
    Aim,
    /// The stroke is running.
    Moving,
    /// A returned piece must be placed inside the outer circle.
    PlaceDue,
    /// A board has just ended: its result is shown until the players go on (in a demo or a
    /// replay, for a few seconds).
    BoardOver,
    /// The match is over: the summary is shown.
    Over,
}

/// The game is paused (the watcher's P in a demo or a replay): nothing moves on the board.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game)]
pub enum Pause {
    #[default]
    Running,
    Paused,
}

/// Leaving a match being played: the first Esc asks; a second within a few seconds leaves.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game)]
pub enum Leave {
    #[default]
    Stay,
    Asked,
}

/// The states every app has: the screen, the mode and what is computed from them, the turn's
/// phase, pause and leaving.
pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_state::<Mode>()
        .add_computed_state::<Playing>()
        .add_computed_state::<Refereed>()
        .add_computed_state::<Watched>()
        .add_sub_state::<Phase>()
        .add_sub_state::<Pause>()
        .add_sub_state::<Leave>();
}
