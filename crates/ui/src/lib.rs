//! The carrom game: a Bevy app on bevy_rapier2d. Hotseat singles and doubles, break practice
//! and computer demos, refereed by the ICF Laws.
//!
//! One plugin per file; the simulation ([`sim`]) is separate from drawing ([`draw`], [`hud`]).
//! The match itself ([`model`]) knows nothing of Bevy, so the headless demo, saves and replays
//! run the same code as the window.

pub mod audio;
pub mod bot;
pub mod draw;
pub mod headless;
pub mod hud;
pub mod menu;
pub mod model;
pub mod play;
pub mod preview;
pub mod save;
pub mod shoot;
pub mod sim;
pub mod sounds;

use bevy::prelude::*;
use carrom_physics::{Piece, Seat, Spec, opening_rack};
use model::{MatchModel, MatchSetup};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;

/// Which screen is up.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Menu,
    Game,
}

/// Where a turn stands.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Phase {
    /// Nothing to do (menu, or waiting for the table to load).
    #[default]
    Idle,
    /// The player places the striker and aims.
    Aim,
    /// The stroke is running.
    Moving,
    /// A returned piece must be placed inside the outer circle.
    PlaceDue,
    /// The match is over.
    Over,
}

/// What kind of session is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
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
    pub kind: Kind,
    pub model: MatchModel,
    pub rng: ChaCha8Rng,
    pub fixed_board: bool,
    pub save_path: PathBuf,
    /// Where the replay of a finished match goes.
    pub replay_path: Option<PathBuf>,
    /// Practice: the pieces on the board and the breaks so far.
    pub practice_layout: Vec<Piece>,
    pub breaks: Vec<BreakRecord>,
    /// The umpire's last call and other notes, newest last.
    pub calls: Vec<String>,
    pub note: String,
    /// Replay: the recorded actions still to play.
    pub replay_actions: std::collections::VecDeque<model::Action>,
}

impl Session {
    pub fn new(kind: Kind, spec: &Spec, setup: MatchSetup) -> Session {
        let seed = setup.seed;
        Session {
            kind,
            model: MatchModel::new(spec, setup),
            rng: bot::rng(seed),
            fixed_board: false,
            save_path: PathBuf::from("carrom-save.json"),
            replay_path: None,
            practice_layout: opening_rack(&spec.board, Seat::South),
            breaks: Vec::new(),
            calls: Vec::new(),
            note: String::new(),
            replay_actions: Default::default(),
        }
    }

    /// The seat to show at the bottom.
    pub fn view_seat(&self) -> Option<Seat> {
        match self.kind {
            Kind::Practice => Some(Seat::South),
            _ => self.model.placer().or(self.model.turn()),
        }
    }

    /// The pieces at rest.
    pub fn layout(&self) -> &[Piece] {
        match self.kind {
            Kind::Practice => &self.practice_layout,
            _ => &self.model.layout,
        }
    }

    /// Who is to act now.
    pub fn actor(&self) -> Option<Seat> {
        match self.kind {
            Kind::Practice => Some(Seat::South),
            _ => self.model.placer().or(self.model.turn()),
        }
    }

    pub fn actor_is_computer(&self) -> bool {
        match self.kind {
            Kind::Practice => false,
            Kind::Demo | Kind::Replay => true,
            Kind::Match => self.actor().is_some_and(|s| self.model.is_computer(s)),
        }
    }
}

/// How the app starts.
#[derive(Resource, Clone, Debug)]
pub struct Launch {
    pub start: Start,
    pub fixed_board: bool,
    pub speed: f32,
    pub save_path: Option<PathBuf>,
}

#[derive(Clone, Debug)]
pub enum Start {
    Menu,
    Match(MatchSetup),
    /// Resume: the setup and actions of a save.
    Resume(save::SaveFile),
    Practice,
    Demo(MatchSetup),
    /// Play a save's actions back on the board.
    Replay(save::SaveFile),
}

/// The simulation and game flow without a window (tests use this with `MinimalPlugins`).
pub fn core_plugins(app: &mut App, spec: &Spec) {
    sim::register_messages(app);
    app.add_plugins(sim::rapier_plugin())
        .insert_resource(sim::BoardSpec(spec.clone()))
        .init_state::<Screen>()
        .init_state::<Phase>();
    sim::plugin(app);
    play::plugin(app);
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
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Carrom — ICF Laws".into(),
                    resolution: bevy::window::WindowResolution::new(1280, 960),
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "wgpu=error,naga=warn,bevy_render=warn,bevy_winit=warn,bevy_audio=error"
                    .into(),
                ..default()
            }),
    );
    let speed = launch.speed;
    app.insert_resource(launch);
    core_plugins(&mut app, spec);
    app.insert_resource(sim::SimSpeed {
        factor: speed,
        steps_per_frame: None,
        paused: false,
    });
    draw::plugin(&mut app);
    hud::plugin(&mut app);
    menu::plugin(&mut app);
    audio::plugin(&mut app);
    preview::plugin(&mut app);
    let result = shoot::plugin(&mut app, shot);
    app.run();
    result.take()
}
