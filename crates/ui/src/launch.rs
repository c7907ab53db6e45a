//! How a game is launched: what to start ([`Start`], from the command line or a choice of the
//! menu) and how ([`Launch`]), and the window's title that names it.

use crate::states::Mode;
use bevy::prelude::*;
use carrom_match::{Match, MatchSetup, SaveFile};
use std::path::PathBuf;

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

impl Launch {
    /// The menu, the board turning, at normal speed, with no save and no hints.
    pub fn menu() -> Launch {
        Launch {
            start: Start::Menu,
            fixed_board: false,
            speed: 1.0,
            save_path: None,
            hints: false,
        }
    }
}

/// Where a review was opened from, where Back returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenedFrom {
    /// The match at the table (its summary, or a board's result): it is kept aside while the
    /// review is up and put back as it was.
    Table,
    /// The saved matches page.
    Library,
}

/// A review asked for: the match as its save, the file it was read from (where its review
/// is kept), and where it was opened from.
#[derive(Clone, Debug)]
pub struct ReviewStart {
    pub save: SaveFile,
    pub path: Option<PathBuf>,
    pub from: OpenedFrom,
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
    /// A match reviewed by the coach ([`crate::modes::review`]).
    Review(Box<ReviewStart>),
    /// Training at a position of a match reviewed, struck again and again ("Try it").
    Drill(Box<carrom_trainer::Drill>),
    /// A match across machines, joined (or hosted here) and started (the desktop game's).
    #[cfg(not(target_arch = "wasm32"))]
    Online(OnlineStart),
    /// A match on a carrom server, seated (or watching) and started.
    Server(ServerStart),
}

impl Start {
    /// The mode a start enters (none for the menu): its set-up enters it ([`crate::modes::Entering`]).
    pub fn mode(&self) -> Mode {
        match self {
            Start::Menu => Mode::None,
            Start::Match(_) | Start::Resume(_) => Mode::Match,
            Start::Practice => Mode::Practice,
            Start::Training | Start::Drill(_) => Mode::Training,
            Start::Demo(_) => Mode::Demo,
            Start::Replay(_) => Mode::Replay,
            Start::Review(_) => Mode::Review,
            #[cfg(not(target_arch = "wasm32"))]
            Start::Online(_) => Mode::Online,
            Start::Server(_) => Mode::Online,
        }
    }
}

/// A match on a carrom server as the game starts it: the link and the server's match as this
/// machine follows it (handed to the online mode, [`crate::modes::online`], which takes it
/// when the match begins), and the server's actions that came before, still to be played.
#[derive(Clone)]
pub struct ServerStart {
    pub remote: Handover,
    pub backlog: Vec<carrom_net::Applied>,
    /// The name played under (none when watching), for the window's title.
    pub name: Option<String>,
}

impl std::fmt::Debug for ServerStart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerStart")
            .field("name", &self.name)
            .field("backlog", &self.backlog.len())
            .finish_non_exhaustive()
    }
}

/// What the screen that starts a game hands to the mode it starts, taken once: the launch
/// carries it without knowing what it is (the mode above it names the type it takes).
#[derive(Clone, Default)]
pub struct Handover(std::sync::Arc<std::sync::Mutex<Option<Box<dyn std::any::Any + Send>>>>);

impl Handover {
    /// `value`, to be taken by the mode started.
    pub fn of<T: Send + 'static>(value: T) -> Handover {
        Handover(std::sync::Arc::new(std::sync::Mutex::new(Some(Box::new(
            value,
        )))))
    }

    /// The value handed over, if it is a `T` and nobody took it yet.
    pub fn take<T: 'static>(&self) -> Option<T> {
        let mut held = self.0.lock().ok()?;
        match held.take()?.downcast::<T>() {
            Ok(value) => Some(*value),
            Err(other) => {
                *held = Some(other);
                None
            }
        }
    }
}

/// A match across machines as the game starts it: the guest (this machine's link to the host,
/// whose match has started), and what the host's window shows.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone)]
pub struct OnlineStart {
    pub guest: std::sync::Arc<std::sync::Mutex<Option<carrom_net::GuestLink>>>,
    /// The host's actions that came with the match's start, still to be played.
    pub backlog: Vec<carrom_net::Applied>,
    /// The host's address, to reconnect to (none at the host's own window).
    pub addr: Option<std::net::SocketAddr>,
    /// At the host's window: the host, running in its thread (its join code and the addresses
    /// to give), kept as long as the match is.
    pub hosting: Option<std::sync::Arc<carrom_net::HostThread>>,
}

#[cfg(not(target_arch = "wasm32"))]
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
        #[cfg(not(target_arch = "wasm32"))]
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
        Start::Server(server) => match &server.name {
            Some(name) => format!("Carrom — {name}, online"),
            None => "Carrom — watching online".into(),
        },
        _ => "Carrom — ICF Laws".into(),
    }
}

/// Pixels a joined window opens down and to the right of the host's, for each seat round the
/// table from South: two windows of one match on one desktop do not open on top of each other.
pub const JOINED_WINDOW_STEP: i32 = 64;

/// Where the window opens: where the platform puts it, except a joined match's window, which
/// opens offset by its first seat (round the table from the host's South) where the platform
/// lets the game choose (the desktop's: a page fills its browser window).
#[cfg(not(target_arch = "wasm32"))]
pub fn window_position(start: &Start) -> bevy::window::WindowPosition {
    use bevy::window::WindowPosition;
    let Start::Online(online) = start else {
        return WindowPosition::Automatic;
    };
    if online.hosting.is_some() {
        return WindowPosition::Automatic;
    }
    let seat = online
        .guest
        .lock()
        .ok()
        .and_then(|g| g.as_ref().and_then(|g| g.seats.first().copied()));
    // Counted round the table from South; a spectator's window goes past the four seats'.
    let k = seat.map_or(4, |s| s.index() as i32 + 1);
    WindowPosition::At(IVec2::splat(JOINED_WINDOW_STEP * k))
}
