//! The game's states: which screen is up, what is at the table ([`Mode`]), the mode being
//! played and what is computed from it ([`Playing`], [`Refereed`], [`LiveMatch`],
//! [`Watched`], [`AtTable`]), where a turn stands ([`Phase`]), the pause and the question to
//! leave. Every system that runs in one mode, or for one kind of match, runs by one of these.

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
    /// A match reviewed by the coach: its strokes judged, stepped through on the board.
    Review,
}

impl Mode {
    /// The mode as it is played on the game screen (none before anything is played).
    pub fn playing(self) -> Option<Playing> {
        match self {
            Mode::None => None,
            Mode::Match => Some(Playing::Match),
            Mode::Practice => Some(Playing::Practice),
            Mode::Demo => Some(Playing::Demo),
            Mode::Replay => Some(Playing::Replay),
            Mode::Training => Some(Playing::Training),
            Mode::Online => Some(Playing::Online),
            Mode::Review => Some(Playing::Review),
        }
    }
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
    Review,
}

impl Playing {
    /// A refereed match is played: a match, a demo, a replay or one across machines.
    pub fn refereed(self) -> bool {
        !matches!(
            self,
            Playing::Practice | Playing::Training | Playing::Review
        )
    }

    /// A match whose actions are decided as it goes (a match, a demo, one across machines),
    /// where a replay's come from its record.
    pub fn live_match(self) -> bool {
        matches!(self, Playing::Match | Playing::Demo | Playing::Online)
    }

    /// Nobody at the table plays: computers are watched (a demo) or a record (a replay).
    pub fn watched(self) -> bool {
        matches!(self, Playing::Demo | Playing::Replay)
    }
}

impl ComputedStates for Playing {
    type SourceStates = (Screen, Mode);

    fn compute((screen, mode): (Screen, Mode)) -> Option<Playing> {
        match screen {
            Screen::Menu => None,
            Screen::Game => mode.playing(),
        }
    }
}

/// A state that is there while the mode played is of one kind (`Playing::refereed` ...).
macro_rules! kind_of_playing {
    ($(#[$doc:meta])* $name:ident: $kind:path) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name;

        impl ComputedStates for $name {
            type SourceStates = Playing;

            fn compute(playing: Playing) -> Option<$name> {
                $kind(playing).then_some($name)
            }
        }
    };
}

kind_of_playing! {
    /// A refereed match is on the board (a match, a demo, a replay or one across machines):
    /// the match's turn flow runs.
    Refereed: Playing::refereed
}

kind_of_playing! {
    /// A match is on the board whose seats decide their actions as it goes (a match, a demo,
    /// one across machines): its computers think and place returned pieces.
    LiveMatch: Playing::live_match
}

kind_of_playing! {
    /// Nobody at the table plays (a demo, a replay): no person's input acts, results go by on
    /// their own, and the watcher pauses and sets the speed.
    Watched: Playing::watched
}

/// A refereed match is at the table, on the board or kept while the menu is up (a match, a
/// demo, a replay, one across machines): the match's [`crate::modes::table::Table`] lives as
/// long as this does. Another such mode sets its own table, so going from one to another is
/// not a transition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AtTable;

impl ComputedStates for AtTable {
    type SourceStates = Mode;
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(mode: Mode) -> Option<AtTable> {
        mode.playing()
            .is_some_and(Playing::refereed)
            .then_some(AtTable)
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

/// Someone is to act (a stroke to aim, a returned piece to place): a run condition.
pub fn someone_to_act(phase: Option<Res<State<Phase>>>) -> bool {
    phase.is_some_and(|p| matches!(p.get(), Phase::Aim | Phase::PlaceDue))
}

/// The game is paused (the watcher's P in a demo or a replay): nothing moves on the board.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game)]
pub enum Pause {
    #[default]
    Running,
    Paused,
}

/// The systems that stand still while the game is paused ([`Pause::Paused`]): the board's
/// step, the computers' turns, the time a board's result has been up, a watched match keeping
/// the window awake. One run condition on the set, in each schedule it is used in
/// (`Update` and `PostUpdate`), instead of a look at the pause in each system.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PausableSystems;

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
        .add_computed_state::<LiveMatch>()
        .add_computed_state::<Watched>()
        .add_computed_state::<AtTable>()
        .add_sub_state::<Phase>()
        .add_sub_state::<Pause>()
        .add_sub_state::<Leave>();
    let running = || not(in_state(Pause::Paused));
    app.configure_sets(Update, PausableSystems.run_if(running()))
        .configure_sets(PostUpdate, PausableSystems.run_if(running()));
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODES: [Mode; 7] = [
        Mode::Match,
        Mode::Practice,
        Mode::Demo,
        Mode::Replay,
        Mode::Training,
        Mode::Online,
        Mode::Review,
    ];

    #[test]
    fn every_mode_is_played_on_the_game_screen_only() {
        for mode in MODES {
            let playing = Playing::compute((Screen::Game, mode));
            assert_eq!(playing, mode.playing(), "{mode:?}");
            assert!(playing.is_some(), "{mode:?}");
            assert_eq!(Playing::compute((Screen::Menu, mode)), None, "{mode:?}");
        }
        assert_eq!(Playing::compute((Screen::Game, Mode::None)), None);
    }

    #[test]
    fn a_live_match_is_refereed_and_a_watched_one_is_a_demo_or_a_replay() {
        let of = |f: fn(Playing) -> bool| -> Vec<Mode> {
            MODES
                .into_iter()
                .filter(|m| m.playing().is_some_and(f))
                .collect()
        };
        assert_eq!(
            of(Playing::refereed),
            [Mode::Match, Mode::Demo, Mode::Replay, Mode::Online]
        );
        assert_eq!(
            of(Playing::live_match),
            [Mode::Match, Mode::Demo, Mode::Online]
        );
        assert_eq!(of(Playing::watched), [Mode::Demo, Mode::Replay]);
        // The table is kept for every refereed mode (on the menu too), for no other.
        let at_table: Vec<Mode> = MODES
            .into_iter()
            .filter(|m| AtTable::compute(*m).is_some())
            .collect();
        assert_eq!(at_table, of(Playing::refereed));
        assert_eq!(AtTable::compute(Mode::None), None);
    }
}
