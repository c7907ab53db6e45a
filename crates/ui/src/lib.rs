//! The carrom game: a Bevy app on bevy_rapier2d. Hotseat singles and doubles, break practice,
//! computer demos and replays, refereed by the ICF Laws.
//!
//! The tree shows the game's shape; each folder is a plugin of plugins, one per file, and each
//! layer uses only those below it (`states` <- `sim` <- `modes` <- `board`, `hud`, `coach`,
//! `screens`):
//! - [`states`]: which screen is up, the mode at the table and what is computed from them
//!   ([`Playing`], [`Refereed`], [`LiveMatch`], [`Watched`], [`AtTable`]), the turn's phase;
//!   [`launch`], what a game starts with.
//! - [`screens`]: the menu (and how to play over it), a board's result card and the match
//!   summary.
//! - [`modes`]: what is played on the board. The turn everyone shares ([`modes::turn`]: place,
//!   aim, strike), a refereed match at the table ([`modes::table`]; its turn flow, the
//!   computers' turns, judging and results in [`modes::flow`]; [`modes::dues`]), and each
//!   mode in a folder of its own, its set-up and its systems ([`modes::matches`],
//!   [`modes::practice`], [`modes::training`], [`modes::demo`], [`modes::replay`],
//!   [`modes::online`]), which run only in their [`Playing`] state.
//! - [`sim`]: the live board: the bevy_rapier2d bodies, loaded and stepped by the physics
//!   crate's own step (headless too).
//! - [`board`]: the board drawn, the pieces' motion, the layout of the window, the seats' names.
//! - [`hud`]: the side panels, the aim's marks, the aim guide and the trajectory preview.
//! - [`coach`], [`audio`], [`settings`], [`theme`] (the look), [`screenshot`] (its scenes in
//!   [`scenes`]), and [`pace`]
//!   (the window draws continuously only while something moves, as each part tells it).
//!
//! The match itself is `carrom_match::Match` and the computer players `carrom_ai::Computers`:
//! neither knows Bevy, so the headless demo, self-play, saves and replays run the same code as
//! the window.

pub mod address;
pub mod audio;
pub mod board;
pub mod buttons;
pub mod coach;
#[cfg(unix)]
pub mod display;
pub mod hud;
pub mod launch;
pub mod modes;
pub mod online_link;
pub mod pace;
#[cfg(not(target_arch = "wasm32"))]
pub mod scenes;
pub mod screens;
#[cfg(not(target_arch = "wasm32"))]
pub mod screenshot;
pub mod scroll;
pub mod settings;
pub mod sim;
pub mod states;
pub mod text;
pub mod theme;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod work;

#[cfg(not(target_arch = "wasm32"))]
pub use launch::OnlineStart;
pub use launch::ServerStart;
pub use launch::{Launch, Start, window_title};
pub use states::{
    AtTable, Leave, LiveMatch, Mode, PausableSystems, Pause, Phase, Playing, Refereed, Screen,
    Watched,
};

use bevy::prelude::*;
use carrom_physics::Spec;

/// The simulation and game flow without a window (tests use this with `MinimalPlugins`).
pub fn core_plugins(app: &mut App, spec: &Spec) {
    states::plugin(app);
    // What moves tells the window's pace (there is one only in a window).
    app.add_message::<pace::StayAwake>()
        .add_message::<pace::Rest>();
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
        .add_plugins((theme::plugin, scroll::plugin, screens::plugin));
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

/// The log's filter: the game's own messages, and only the errors of the renderer and the
/// window system.
pub fn log_plugin() -> bevy::log::LogPlugin {
    bevy::log::LogPlugin {
        filter:
            "wgpu=error,naga=warn,bevy_render=warn,bevy_winit=warn,winit=error,bevy_audio=error"
                .into(),
        ..default()
    }
}

/// The whole game in a window. `shot` takes a screenshot and exits.
#[cfg(not(target_arch = "wasm32"))]
pub fn run_windowed(
    spec: &Spec,
    launch: Launch,
    shot: Option<screenshot::ScreenshotPlan>,
) -> Result<(), screenshot::ScreenshotError> {
    let size = shot.as_ref().map_or((1280, 960), |p| p.size);
    let sound = audio::output_available();
    if !sound {
        println!("No audio device: sound is off.");
    }
    let title = window_title(&launch.start);
    let position = launch::window_position(&launch.start);
    let mut app = App::new();
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title,
                resolution: bevy::window::WindowResolution::new(size.0, size.1),
                position,
                ..default()
            }),
            ..default()
        })
        .set(log_plugin());
    if sound {
        app.add_plugins(plugins);
    } else {
        app.add_plugins(plugins.disable::<bevy::audio::AudioPlugin>());
    }
    let screenshot = shot.is_some();
    add_game(&mut app, spec, launch, sound, screenshot);
    if screenshot {
        // A screenshot counts frames: it draws continuously.
        app.insert_resource(bevy::winit::WinitSettings::continuous());
    } else {
        app.add_plugins((pace::plugin, buttons::plugin));
    }
    let result = screenshot::plugin(&mut app, shot);
    app.run();
    result.take()
}

/// The game's plugins on an app with a window (the desktop's or the page's): the settings
/// (the defaults, writing nothing, for a `screenshot`), the board, the panels, the screens,
/// the coach, and the sounds when `sound`.
pub fn add_game(app: &mut App, spec: &Spec, launch: Launch, sound: bool, screenshot: bool) {
    let speed = launch.speed;
    load_settings(app, screenshot);
    app.insert_resource(launch);
    core_plugins(app, spec);
    app.insert_resource(sim::SimSpeed {
        factor: speed,
        steps_per_frame: None,
    });
    app.add_plugins((
        theme::plugin,
        scroll::plugin,
        board::plugin,
        hud::plugin,
        screens::plugin,
        coach::plugin,
    ));
    if sound {
        app.add_plugins(audio::plugin);
    }
}
