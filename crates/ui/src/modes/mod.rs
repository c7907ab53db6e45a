//! What is played on the board. A mode is a [`Mode`] state; its systems run in its [`Playing`]
//! state (a refereed match's flow in [`Refereed`] or [`LiveMatch`]), so no system asks which
//! mode is on. Each mode keeps its own data: a refereed match its [`table::Table`], practice
//! its [`practice::BreakPractice`], a replay its [`replay::ReplayTape`]; what every mode shows
//! the shared systems is [`OnBoard`]. As a game begins ([`Begin`]) the mode it starts sets
//! itself up and enters ([`Entering`]); its data goes when another mode is entered.
//!
//! - [`turn`]: the turn every mode shares: the striker in hand, the stroke fired; [`aim`], a
//!   person's aim by mouse or keys, read by [`input`]; [`calls`], what the players are told.
//! - [`table`]: a refereed match at the table; [`flow`], its turn flow: the computers' turns,
//!   the referee's judging, the board's results; [`dues`], returned pieces placed; [`leave`],
//!   Esc.
//! - The modes, a folder each with its set-up (`setup.rs`) and its own systems: [`matches`] (a
//!   match at this machine, and its saves), [`practice`], [`training`], [`demo`], [`replay`],
//!   [`online`] (a match across machines), [`review`] (a match judged by the coach). A new
//!   mode is a folder of its own and a line in this module's `plugin`.

pub mod aim;
pub mod calls;
pub mod demo;
pub mod dues;
pub mod flow;
pub mod input;
pub mod leave;
pub mod matches;
pub mod online;
pub mod practice;
pub mod replay;
pub mod review;
pub mod table;
pub mod training;
pub mod turn;

use crate::launch::{Launch, Start};
use crate::settings::{Settings, SettingsFile};
#[cfg(doc)]
use crate::states::{LiveMatch, Playing, Refereed};
use crate::states::{Mode, Screen};
use bevy::prelude::*;
use calls::Announcement;
use carrom_physics::{Piece, PieceColour, Seat};

/// What every mode shows the systems all modes share (drawing, the aim, the panels, the
/// coach): the pieces at rest and who is to act. Each mode keeps it up to date from its own
/// data.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct OnBoard {
    pub pieces: Vec<Piece>,
    /// Who is to act now (a stroke, or placing a returned piece).
    pub actor: Option<Seat>,
    /// The one to act is a computer (or a recording): no person's input acts.
    pub computer: bool,
    /// The name of the one to act.
    pub name: String,
    /// Strokes and placements so far (a new turn is a new count).
    pub turns: usize,
    /// The returned piece to be placed next, if any.
    pub due: Option<PieceColour>,
    /// What is at the table, for the menu's Continue ("the demo", "Asha v Ravi").
    pub title: String,
    /// The game can be gone back to (not over).
    pub open: bool,
    /// The seats people play (not computers, not a recording).
    pub people: Vec<Seat>,
}

/// How the board is shown, whatever the mode.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct View {
    /// South always at the bottom (`F`), or the board turned to the one to act.
    pub fixed_board: bool,
    /// The aim guide (`G`).
    pub guides: bool,
    /// The guide also shows the struck piece's direction.
    pub piece_direction: bool,
}

impl Default for View {
    fn default() -> Self {
        View {
            fixed_board: false,
            guides: true,
            piece_direction: true,
        }
    }
}

/// Whether a session starts with the aim guide on, and the guide shows the struck piece's
/// direction: always, but in a match played as in a tournament (real play has no guide).
pub fn guide_by_default(mode: Mode, tournament: bool) -> bool {
    !(mode == Mode::Match && tournament)
}

/// The seat the board is turned to (its player at the bottom), or none for South's view. The
/// board turns only between people sharing the screen: one person against computers keeps
/// his side at the bottom, computers alone (a demo, a replay) keep South there, and while a
/// board's result is up (`holding`) the board stays as it was, so the players read it the
/// right way up before it turns to the next breaker.
pub fn facing(
    fixed_board: bool,
    board: &OnBoard,
    holding: bool,
    last: Option<Seat>,
) -> Option<Seat> {
    if fixed_board {
        return None;
    }
    if holding {
        return last;
    }
    match board.people.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ => match board.actor {
            Some(seat) if board.people.contains(&seat) => Some(seat),
            _ => last.or(board.people.first().copied()),
        },
    }
}

/// A game begins: what the command line asked for, or a choice of the menu. Each mode's
/// set-up takes the starts that are its own, sets up its data and enters ([`Entering`]); its
/// data goes when another mode is entered.
#[derive(Event, Clone, Debug)]
pub struct Begin(pub Launch);

/// The modes and what they share.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnBoard>()
        .init_resource::<View>()
        .add_observer(name_the_window)
        .add_systems(Startup, start_from_launch)
        .add_plugins((
            calls::plugin,
            input::plugin,
            turn::plugin,
            table::plugin,
            flow::plugin,
            dues::plugin,
            leave::plugin,
        ))
        // The modes: each sets itself up as a game begins ([`Begin`]).
        .add_plugins((
            matches::plugin,
            practice::plugin,
            training::plugin,
            demo::plugin,
            replay::plugin,
            review::plugin,
            online::plugin,
        ));
}

/// Starts the session the command line asked for (the menu, if it asked for nothing else).
fn start_from_launch(mut commands: Commands, launch: Option<Res<Launch>>) {
    if let Some(launch) = launch
        && !matches!(launch.start, Start::Menu)
    {
        commands.trigger(Begin(launch.clone()));
    }
}

/// The window's title names this machine's part in a match across machines, and goes back
/// after.
fn name_the_window(
    begin: On<Begin>,
    mut window: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    if let Ok(mut w) = window.single_mut() {
        let title = crate::launch::window_title(&begin.0.start);
        if w.title != title {
            w.title = title;
        }
    }
}

/// What a mode's set-up needs to enter its mode, or to say why it cannot: the one place a
/// game session is entered, from the command line or the menu (the board's view, the hints
/// and guides from the settings, what the shared systems see, the first call; then the game
/// screen).
#[derive(bevy::ecs::system::SystemParam)]
pub struct Entering<'w, 's> {
    pub commands: Commands<'w, 's>,
    settings: Option<Res<'w, Settings>>,
    file: Option<ResMut<'w, SettingsFile>>,
    screen: ResMut<'w, NextState<Screen>>,
    mode: ResMut<'w, NextState<Mode>>,
    told: MessageWriter<'w, Announcement>,
}

impl Entering<'_, '_> {
    /// The player's settings (the defaults when there are none).
    pub fn settings(&self) -> Settings {
        self.settings.as_deref().cloned().unwrap_or_default()
    }

    /// Where the player's files are kept, when this game keeps any (not in tests and
    /// screenshots).
    pub fn data_dir(&self) -> Option<std::path::PathBuf> {
        let keep = self.file.as_ref().is_some_and(|f| f.path.is_some());
        if keep {
            crate::settings::data_dir()
        } else {
            None
        }
    }

    /// The launch's mode ([`Start::mode`]) is entered, its data set up: the board's view from
    /// the launch and the settings, what the shared systems see, the first call; then the game
    /// screen.
    pub fn enter(&mut self, launch: &Launch, on_board: OnBoard, call: Vec<String>) {
        let mode = launch.start.mode();
        let settings = self.settings();
        let guides = guide_by_default(mode, settings.tournament);
        self.commands.insert_resource(View {
            fixed_board: launch.fixed_board || settings.fixed_board,
            guides,
            piece_direction: guides,
        });
        self.commands.insert_resource(on_board);
        self.told.write(Announcement::Call(call));
        // The same mode again (another match) is not entered anew.
        NextState::set_if_neq(&mut self.mode, mode);
        self.screen.set(Screen::Game);
    }

    /// The game cannot start: why is logged and shown in the menu.
    pub fn refuse(&mut self, why: impl std::fmt::Display) {
        error!("cannot start: {why}");
        if let Some(file) = self.file.as_mut() {
            file.message = Some(format!("cannot start: {why}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guides_are_on_but_in_tournament_play() {
        assert!(guide_by_default(Mode::Match, false));
        assert!(!guide_by_default(Mode::Match, true));
        assert!(guide_by_default(Mode::Practice, true));
        assert!(guide_by_default(Mode::Demo, true));
    }

    fn board(people: &[Seat], actor: Seat) -> OnBoard {
        OnBoard {
            people: people.to_vec(),
            actor: Some(actor),
            ..OnBoard::default()
        }
    }

    #[test]
    fn against_the_computer_the_person_keeps_his_side_at_the_bottom() {
        let b = board(&[Seat::South], Seat::North);
        assert_eq!(
            facing(false, &b, false, Some(Seat::South)),
            Some(Seat::South)
        );
        let b = board(&[Seat::East], Seat::East);
        assert_eq!(facing(false, &b, false, None), Some(Seat::East));
    }

    #[test]
    fn between_people_the_board_turns_to_the_one_to_strike() {
        let b = board(&[Seat::South, Seat::North], Seat::North);
        assert_eq!(
            facing(false, &b, false, Some(Seat::South)),
            Some(Seat::North)
        );
        // Two people and two computers: a computer's turn leaves it where it was.
        let b = board(&[Seat::South, Seat::North], Seat::East);
        assert_eq!(
            facing(false, &b, false, Some(Seat::North)),
            Some(Seat::North)
        );
    }

    #[test]
    fn a_result_is_read_before_the_board_turns_to_the_next_breaker() {
        let b = board(&[Seat::South, Seat::North], Seat::North);
        assert_eq!(
            facing(false, &b, true, Some(Seat::South)),
            Some(Seat::South)
        );
        assert_eq!(
            facing(false, &b, false, Some(Seat::South)),
            Some(Seat::North)
        );
    }

    #[test]
    fn computers_alone_and_a_fixed_board_keep_south_at_the_bottom() {
        let b = board(&[], Seat::East);
        assert_eq!(facing(false, &b, false, None), None);
        let b = board(&[Seat::South, Seat::North], Seat::North);
        assert_eq!(facing(true, &b, false, Some(Seat::South)), None);
    }
}
