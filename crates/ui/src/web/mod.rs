//! The game in the browser: the same app as the desktop's window, on the page's canvas
//! (`<canvas id="carrom">`, filling the page and following its size). What the browser does
//! differently lives here: the page's address as the command line ([`crate::address`]), the live
//! region a screen reader and the page's tests read ([`status`]). Saves, settings and the
//! trainer's progress are kept in the page's storage by `carrom_store`.

pub mod status;

use crate::launch::Launch;
use bevy::prelude::*;
use carrom_physics::Spec;

/// The carrom server the page came from, as Play online reaches it (`wss://HOST/ws` for a page
/// served over https, `HOST` over http); none for a page opened from a file.
pub fn page_server() -> Option<String> {
    let location = web_sys::window()?.location();
    let host = location.host().ok().filter(|h| !h.is_empty())?;
    match location.protocol().ok()?.as_str() {
        "https:" => Some(format!("wss://{host}/ws")),
        "http:" => Some(host),
        _ => None,
    }
}

/// Starts the game on the page: what its address asks for, or the menu with the reason when
/// the address asks for something that cannot be (named in the status line and the menu).
pub fn run() {
    panics_to_console();
    if let Some(server) = page_server() {
        crate::settings::serve_from(server);
    }
    let spec = Spec::default();
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let (launch, refused) = match crate::address::launch(&spec, &crate::address::pairs(&query)) {
        Ok(launch) => (launch, None),
        Err(e) => (Launch::menu(), Some(e.to_string())),
    };
    let mut app = App::new();
    let window = Window {
        title: crate::window_title(&launch.start),
        canvas: Some("#carrom".into()),
        fit_canvas_to_parent: true,
        // The page's keys (arrows, space) move the striker, not the page.
        prevent_default_event_handling: true,
        ..default()
    };
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window),
                ..default()
            })
            .set(AssetPlugin {
                // The static folder has no `.meta` files: do not ask the server for them.
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            })
            .set(crate::log_plugin()),
    );
    crate::add_game(&mut app, &spec, launch, true, false);
    if let Some(why) = refused {
        warn!("{why}");
        let mut file = app
            .world_mut()
            .resource_mut::<crate::settings::SettingsFile>();
        file.message = Some(match file.message.take() {
            Some(damaged) => format!("{why}\n{damaged}"),
            None => why,
        });
    }
    app.add_plugins((status::plugin, crate::pace::plugin))
        .add_systems(Startup, crate::work::keep_the_waker);
    app.run();
}

/// A panic's message goes to the browser's console (the page's and the worker's).
pub fn panics_to_console() {
    console_error_panic_hook::set_once();
}
