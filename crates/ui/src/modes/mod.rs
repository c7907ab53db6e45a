//! What is played on the board. A mode is a [`Mode`] state, entered in one place ([`Begin`]);
//! its systems run in its [`Playing`] state (a refereed match's flow in [`Refereed`]), so no
//! system asks which mode is on. Each mode keeps its own data: a refereed match its
//! [`table::Table`], practice its [`practice::BreakPractice`], a replay its
//! [`replay::ReplayTape`]; what every mode shows the shared systems is [`OnBoard`].
//!
//! - [`turn`]: the turn every mode shares: the striker in hand, the stroke fired, the calls;
//!   [`aim`], a person's aim by mouse or keys.
//! - [`table`]: a refereed match at the table; [`flow`], its turn flow: the computers' turns,
//!   the referee's judging, the board's results; [`dues`], returned pieces placed; [`saves`], the F5 save, the autosave and the
//!   replay of a finished match; [`leave`], Esc.
//! - [`practice`], [`demo`], [`replay`], [`training`], [`online`] (a match across machines):
//!   each mode's own systems.

pub mod aim;
pub mod demo;
pub mod dues;
pub mod flow;
pub mod leave;
pub mod online;
pub mod practice;
pub mod replay;
pub mod saves;
pub mod table;
pub mod training;
pub mod turn;

use crate::launch::{Launch, Start};
use crate::settings::{Settings, SettingsFile};
use crate::sim::Equipment;
use crate::states::{Mode, Screen};
use bevy::prelude::*;
use carrom_physics::{Piece, PieceColour, Seat};
use practice::BreakPractice;
use replay::ReplayTape;
use table::Table;
use turn::Announcement;

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

/// A game begins: what the command line asked for, or a choice of the menu.
#[derive(Event, Clone, Debug)]
pub struct Begin(pub Launch);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnBoard>()
        .init_resource::<View>()
        .add_observer(begin)
        .add_systems(Startup, start_from_launch)
        .add_plugins((
            turn::plugin,
            table::plugin,
            flow::plugin,
            dues::plugin,
            saves::plugin,
            leave::plugin,
            practice::plugin,
            training::plugin,
            demo::plugin,
            replay::plugin,
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

/// The one place a game session is set up as it begins, from the command line or the menu:
/// the mode and its data, the board's view, the hints and guides from the settings, where a
/// match is saved; then the game screen.
#[allow(clippy::too_many_arguments)]
fn begin(
    begin: On<Begin>,
    mut commands: Commands,
    spec: Res<Equipment>,
    mut screen: ResMut<NextState<Screen>>,
    mut mode: ResMut<NextState<Mode>>,
    mut told: MessageWriter<Announcement>,
    settings: Option<Res<Settings>>,
    file: Option<ResMut<SettingsFile>>,
    mut window: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    let launch = &begin.0;
    // The title names this machine's part in a match across machines, and goes back after.
    if let Ok(mut w) = window.single_mut() {
        let title = crate::launch::window_title(&launch.start);
        if w.title != title {
            w.title = title;
        }
    }
    let settings = settings.map(|s| s.clone()).unwrap_or_default();
    let fixed_board = launch.fixed_board || settings.fixed_board;
    let (entered, view, on_board, call) = if let Start::Training = launch.start {
        let keep = file.as_ref().is_some_and(|f| f.path.is_some());
        let dir = if keep {
            crate::settings::data_dir()
        } else {
            None
        };
        let name = settings.names[0].trim().to_string();
        let name = if name.is_empty() {
            "Player 1".to_string()
        } else {
            name
        };
        let (training, warning) =
            training::Training::new(&spec.0, dir.as_deref(), &name, rand::random::<u64>());
        let on_board = training.on_board();
        let mut call = vec![format!("Training: {}", training.drill.task)];
        call.extend(warning);
        commands.insert_resource(training);
        let view = View {
            fixed_board,
            ..View::default()
        };
        (Mode::Training, view, on_board, call)
    } else if let Start::Practice = launch.start {
        let practice = BreakPractice::new(&spec.0);
        let on_board = practice.on_board();
        commands.insert_resource(practice);
        let view = View {
            fixed_board,
            ..View::default()
        };
        (Mode::Practice, view, on_board, Vec::new())
    } else {
        match table::Table::begin(launch, &spec.0) {
            Ok((entered, table, tape, call)) => {
                let guides = guide_by_default(entered, settings.tournament);
                let view = View {
                    fixed_board,
                    guides,
                    piece_direction: guides,
                };
                let on_board = table.on_board();
                if let Start::Online(online) = &launch.start {
                    commands
                        .insert_resource(online::Online::new(online, table.model.actions.len()));
                }
                commands.insert_resource(table);
                match tape {
                    Some(tape) => commands.insert_resource(tape),
                    None => commands.remove_resource::<ReplayTape>(),
                };
                (entered, view, on_board, call)
            }
            Err(e) => {
                error!("cannot start: {e}");
                if let Some(mut file) = file {
                    file.message = Some(format!("cannot start: {e}"));
                }
                return;
            }
        }
    };
    // The data of the mode left behind goes (a new match has no practice, and so on).
    if matches!(entered, Mode::Practice | Mode::Training) {
        commands.remove_resource::<Table>();
        commands.remove_resource::<ReplayTape>();
    }
    if entered != Mode::Practice {
        commands.remove_resource::<BreakPractice>();
    }
    if entered != Mode::Training {
        commands.remove_resource::<training::Training>();
    }
    // Leaving a match across machines for another game closes its link.
    if entered != Mode::Online {
        commands.remove_resource::<online::Online>();
    }
    commands.insert_resource(view);
    commands.insert_resource(on_board);
    told.write(Announcement::Call(call));
    // The same mode again (another match) is not entered anew.
    NextState::set_if_neq(&mut mode, entered);
    screen.set(Screen::Game);
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
