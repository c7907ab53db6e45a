//! The carrom game: a Bevy app on bevy_rapier2d. Hotseat singles and doubles, break practice,
//! computer demos and replays, refereed by the ICF Laws.
//!
//! The tree shows the game's shape; each folder is a plugin of plugins, one per file, and each
//! layer uses only those below it (`sim` <- `modes` <- `board`, `hud`, `coach`, `screens`):
//! - [`screens`]: the menu (and how to play over it), a board's result card and the match
//!   summary.
//! - [`modes`]: what is played on the board. The turn everyone shares ([`modes::turn`]: place,
//!   aim, strike), a refereed match at the table ([`modes::table`]; its turn flow, the
//!   computers' turns, judging and results in [`modes::flow`]; [`modes::dues`];
//!   [`modes::saves`]), and each mode's own systems ([`modes::practice`],
//!   [`modes::demo`], [`modes::replay`]), which run only in their [`Playing`] state.
//! - [`sim`]: the live board: the bevy_rapier2d bodies, loaded and stepped by the physics
//!   crate's own step (headless too).
//! - [`board`]: the board drawn, the pieces' motion, the layout of the window, the seats' names.
//! - [`hud`]: the side panels, the aim's marks, the aim guide and the trajectory preview.
//! - [`coach`], [`audio`], [`settings`], [`theme`] (the look), [`screenshot`], and [`pace`]
//!   (the window draws continuously only while something moves).
//!
//! The match itself is `carrom_match::Match` and the computer players `carrom_ai::Computers`:
//! neither knows Bevy, so the headless demo, self-play, saves and replays run the same code as
//! the window.

pub mod audio;
pub mod board;
pub mod coach;
#[cfg(unix)]
pub mod display;
pub mod hud;
pub mod modes;
pub mod pace;
pub mod scenes;
pub mod screens;
pub mod screenshot;
pub mod settings;
pub mod sim;
pub mod text;
pub mod theme;

use bevy::prelude::*;
use carrom_match::{Match, MatchSetup, SaveFile};
use carrom_physics::Spec;
use std::path::PathBuf;

/// Which screen is up.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Menu,
    Game,
}

/// What is at the table: kept while the menu is up, so Continue goes back to it. Set where a
/// mode is entered ([`modes::Begin`]); systems run by [`Playing`], not by this.
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
    /// Drills by kind of shot.
    Training,
    Demo(MatchSetup),
    /// Play a save's actions back on the board.
    Replay(SaveFile),
    /// A match across machines, joined (or hosted here) and started.
    Online(OnlineStart),
}

/// A match across machines as the game starts it: the guest (this machine's link to the host,
/// whose match has started), and what the host's window shows.
#[derive(Clone)]
pub struct OnlineStart {
    pub guest: std::sync::Arc<std::sync::Mutex<Option<carrom_net::Guest>>>,
    /// The host's actions that came with the match's start, still to be played.
    pub backlog: Vec<carrom_net::Applied>,
    /// The host's address, to reconnect to (none at the host's own window).
    pub addr: Option<std::net::SocketAddr>,
    /// At the host's window: the host, running in its thread (its join code and the addresses
    /// to give), kept as long as the match is.
    pub hosting: Option<std::sync::Arc<carrom_net::HostThread>>,
}

impl std::fmt::Debug for OnlineStart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlineStart")
            .field("addr", &self.addr)
            .field("hosting", &self.hosting.as_ref().map(|h| &h.code))
            .finish_non_exhaustive()
    }
}

/// The window's title: a match across machines names this machine's part in it ("Carrom —
/// hosting PLAY1", "Carrom — Ravi, joined"), so two windows on one desktop are told apart.
pub fn window_title(start: &Start) -> String {
    match start {
        Start::Online(online) => match &online.hosting {
            Some(host) => format!("Carrom — hosting {}", host.code),
            None => {
                let name = online
                    .guest
                    .lock()
                    .ok()
                    .and_then(|g| g.as_ref().map(|g| g.joining.name.clone()))
                    .unwrap_or_default();
                format!("Carrom — {name}, joined")
            }
        },
        _ => "Carrom — ICF Laws".into(),
    }
}

/// The states every app has: the screen, the mode and what is computed from them, the turn's
/// phase, pause and leaving.
fn states(app: &mut App) {
    app.init_state::<Screen>()
        .init_state::<Mode>()
        .add_computed_state::<Playing>()
        .add_computed_state::<Refereed>()
        .add_computed_state::<Watched>()
        .add_sub_state::<Phase>()
        .add_sub_state::<Pause>()
        .add_sub_state::<Leave>();
}

/// The simulation and game flow without a window (tests use this with `MinimalPlugins`).
pub fn core_plugins(app: &mut App, spec: &Spec) {
    states(app);
    app.insert_resource(sim::Equipment(spec.clone()))
        .add_plugins((sim::plugin, modes::plugin));
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
    });
    app
}

/// A headless app with the menu, how to play, the result card and the summary (tests drive
/// the menu by its buttons); the settings are the defaults and nothing is written.
pub fn headless_app_with_screens(spec: &Spec, launch: Launch) -> App {
    let mut app = headless_app(spec, launch);
    app.insert_resource(settings::Settings::default())
        .insert_resource(settings::SettingsFile::default())
        // The keyboard's messages (the window's input plugin registers them).
        .add_message::<bevy::input::keyboard::KeyboardInput>()
        .add_plugins((theme::plugin, screens::plugin));
    app
}

/// The player's settings (a screenshot uses the defaults and writes nothing).
fn load_settings(app: &mut App, screenshot: bool) {
    let (settings, file) = if screenshot {
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
}

/// The whole game in a window. `shot` takes a screenshot and exits.
pub fn run_windowed(
    spec: &Spec,
    launch: Launch,
    shot: Option<screenshot::ScreenshotPlan>,
) -> Result<(), String> {
    let size = shot.as_ref().map_or((1280, 960), |p| p.size);
    let sound = audio::output_available();
    if !sound {
        println!("No audio device: sound is off.");
    }
    let title = window_title(&launch.start);
    let mut app = App::new();
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title,
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
    load_settings(&mut app, shot.is_some());
    app.insert_resource(launch);
    core_plugins(&mut app, spec);
    app.insert_resource(sim::SimSpeed {
        factor: speed,
        steps_per_frame: None,
    });
    app.add_plugins((
        theme::plugin,
        board::plugin,
        hud::plugin,
        screens::plugin,
        coach::plugin,
    ));
    if sound {
        app.add_plugins(audio::plugin);
    }
    if shot.is_some() {
        // A screenshot counts frames: it draws continuously.
        app.insert_resource(bevy::winit::WinitSettings::continuous());
    } else {
        app.add_plugins(pace::plugin);
    }
    let result = screenshot::plugin(&mut app, shot);
    app.run();
    result.take()
}
