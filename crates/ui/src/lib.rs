//! The carrom game: a Bevy app on bevy_rapier2d. Hotseat singles and doubles, break practice
//! and computer demos, refereed by the ICF Laws.
//!
//! One plugin per file; the simulation ([`sim`]) is separate from drawing ([`draw`], [`hud`]).
//! The match itself is `carrom_match::Match` and the computer players `carrom_ai::Computers`:
//! neither knows Bevy, so the headless demo, self-play, saves and replays run the same code as
//! the window.

pub mod audio;
pub mod coach;
pub mod demo;
pub mod draw;
pub mod guide;
pub mod hud;
pub mod layout;
pub mod menu;
pub mod motion;
pub mod play;
pub mod practice;
pub mod preview;
pub mod replay;
pub mod results;
pub mod seats;
pub mod settings;
pub mod shoot;
pub mod sim;
pub mod sounds;

use bevy::prelude::*;
use carrom_ai::Computers;
use carrom_match::{Action, Match, MatchSetup, SaveFile};
use carrom_physics::{Piece, Seat, Spec, opening_rack};
use std::path::PathBuf;

/// Which screen is up.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Menu,
    Game,
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

/// What is being played on the board. Each mode other than a match is a plugin of its own
/// ([`practice`], [`demo`], [`replay`]) whose systems run in that mode ([`in_mode`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Match,
    Practice,
    Demo,
    /// A recorded match played back stroke by stroke.
    Replay,
}

/// One break in practice.
#[derive(Clone, Debug, PartialEq)]
pub struct BreakRecord {
    pub pocketed: usize,
    pub outside_outer_circle: usize,
    pub striker_lost: bool,
}

/// The session on the board.
#[derive(Resource)]
pub struct Session {
    pub mode: Mode,
    pub model: Match,
    /// The computer players at the table.
    pub computers: Computers,
    pub fixed_board: bool,
    pub save_path: PathBuf,
    /// Where the replay of a finished match goes.
    pub replay_path: Option<PathBuf>,
    /// Practice: the pieces on the board and the breaks so far.
    pub practice_layout: Vec<Piece>,
    pub breaks: Vec<BreakRecord>,
    /// Replay: the recorded actions still to play.
    pub replay_actions: std::collections::VecDeque<Action>,
    /// The players turned the coach's hints on for this match.
    pub hints: bool,
    /// How many of the match's ended boards the players have seen the result of.
    pub results_seen: usize,
    /// The aim guide is shown ([`guide`]; `G` toggles it).
    pub guides: bool,
}

impl Session {
    /// A session at the start of its match. An unplayable setup (a player missing, an unknown
    /// computer level) is an error naming the field.
    pub fn new(mode: Mode, spec: &Spec, setup: MatchSetup) -> Result<Session, String> {
        let computers = Computers::for_setup(&setup)?;
        let guides = guide::guide_by_default(mode, &setup.rules_name);
        Ok(Session {
            guides,
            mode,
            model: Match::new(spec, setup)?,
            computers,
            fixed_board: false,
            save_path: PathBuf::from("carrom-save.json"),
            replay_path: None,
            practice_layout: opening_rack(&spec.board, Seat::South),
            breaks: Vec::new(),
            replay_actions: Default::default(),
            hints: false,
            results_seen: 0,
        })
    }

    /// The board that has just ended and whose result is still to be shown (none once the
    /// match is over: the summary takes its place).
    pub fn board_result(&self) -> Option<&carrom_match::BoardStats> {
        let boards = &self.model.stats.boards;
        if self.mode == Mode::Practice || self.model.is_over() || boards.len() <= self.results_seen
        {
            None
        } else {
            boards.last()
        }
    }

    /// Whether nobody at the table is a person (a demo, a replay, or computers in every seat):
    /// results go by on their own.
    pub fn watched(&self) -> bool {
        match self.mode {
            Mode::Demo | Mode::Replay => true,
            Mode::Practice => false,
            Mode::Match => self
                .model
                .referee
                .seats()
                .seats()
                .iter()
                .all(|s| self.model.is_computer(*s)),
        }
    }

    /// The seat to show at the bottom.
    pub fn view_seat(&self) -> Option<Seat> {
        match self.mode {
            Mode::Practice => Some(Seat::South),
            _ => self.model.placer().or(self.model.turn()),
        }
    }

    /// The pieces at rest.
    pub fn layout(&self) -> &[Piece] {
        match self.mode {
            Mode::Practice => &self.practice_layout,
            _ => &self.model.layout,
        }
    }

    /// Who is to act now.
    pub fn actor(&self) -> Option<Seat> {
        match self.mode {
            Mode::Practice => Some(Seat::South),
            _ => self.model.placer().or(self.model.turn()),
        }
    }

    pub fn actor_is_computer(&self) -> bool {
        match self.mode {
            Mode::Practice => false,
            Mode::Demo | Mode::Replay => true,
            Mode::Match => self.actor().is_some_and(|s| self.model.is_computer(s)),
        }
    }
}

/// A run condition: a session in `mode` is on the board.
pub fn in_mode(mode: Mode) -> impl FnMut(Option<Res<Session>>) -> bool + Clone {
    move |session: Option<Res<Session>>| session.is_some_and(|s| s.mode == mode)
}

/// How the app starts.
#[derive(Resource, Clone, Debug)]
pub struct Launch {
    pub start: Start,
    pub fixed_board: bool,
    pub speed: f32,
    pub save_path: Option<PathBuf>,
    /// The coach's hints in a match (always on in practice).
    pub hints: bool,
}

#[derive(Clone, Debug)]
pub enum Start {
    Menu,
    Match(MatchSetup),
    /// Resume a saved match, already replayed (and checked) from its save.
    Resume(Box<Match>),
    Practice,
    Demo(MatchSetup),
    /// Play a save's actions back on the board.
    Replay(SaveFile),
}

/// The simulation and game flow without a window (tests use this with `MinimalPlugins`).
pub fn core_plugins(app: &mut App, spec: &Spec) {
    sim::register_messages(app);
    app.add_plugins(sim::rapier_plugin())
        .insert_resource(sim::Equipment(spec.clone()))
        .init_state::<Screen>()
        .add_sub_state::<Phase>();
    sim::plugin(app);
    play::plugin(app);
    practice::plugin(app);
    demo::plugin(app);
    replay::plugin(app);
}

/// A headless app for tests: `MinimalPlugins`, transforms, states, rapier and the game flow.
pub fn headless_app(spec: &Spec, launch: Launch) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::transform::TransformPlugin,
        bevy::state::app::StatesPlugin,
    ));
    app.insert_resource(launch);
    core_plugins(&mut app, spec);
    app.insert_resource(sim::SimSpeed {
        factor: 1.0,
        steps_per_frame: Some(400),
        paused: false,
    });
    app
}

/// The whole game in a window. `shot` takes a screenshot and exits.
pub fn run_windowed(
    spec: &Spec,
    launch: Launch,
    shot: Option<shoot::ScreenshotPlan>,
) -> Result<(), String> {
    let size = shot.as_ref().map_or((1280, 960), |p| p.size);
    let sound = audio::output_available();
    if !sound {
        println!("No audio device: sound is off.");
    }
    let mut app = App::new();
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Carrom — ICF Laws".into(),
                resolution: bevy::window::WindowResolution::new(size.0, size.1),
                ..default()
            }),
            ..default()
        })
        .set(bevy::log::LogPlugin {
            filter:
                "wgpu=error,naga=warn,bevy_render=warn,bevy_winit=warn,winit=error,bevy_audio=error"
                    .into(),
            ..default()
        });
    if sound {
        app.add_plugins(plugins);
    } else {
        app.add_plugins(plugins.disable::<bevy::audio::AudioPlugin>());
    }
    let speed = launch.speed;
    // The player's settings (a screenshot uses the defaults and writes nothing).
    let (settings, file) = if shot.is_some() {
        (
            settings::Settings::default(),
            settings::SettingsFile::default(),
        )
    } else {
        let path = settings::settings_path();
        let (s, message) = path
            .as_deref()
            .map(settings::Settings::load)
            .unwrap_or_default();
        if let Some(m) = &message {
            warn!("{m}");
        }
        (s, settings::SettingsFile { path, message })
    };
    app.insert_resource(settings).insert_resource(file);
    app.insert_resource(launch);
    core_plugins(&mut app, spec);
    app.insert_resource(sim::SimSpeed {
        factor: speed,
        steps_per_frame: None,
        paused: false,
    });
    draw::plugin(&mut app);
    layout::plugin(&mut app);
    hud::plugin(&mut app);
    guide::plugin(&mut app);
    motion::plugin(&mut app);
    seats::plugin(&mut app);
    menu::plugin(&mut app);
    if sound {
        audio::plugin(&mut app);
    }
    preview::plugin(&mut app);
    coach::plugin(&mut app);
    results::plugin(&mut app);
    let result = shoot::plugin(&mut app, shot);
    app.run();
    result.take()
}
