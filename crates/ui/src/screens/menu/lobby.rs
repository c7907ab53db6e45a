//! The waiting room of a match across machines ([`MenuPage::Waiting`]), hosted or joined from
//! the menu ([`super::across`]). Hosting starts the host (its match and its computers in a
//! thread of their own) and joins it through its in-process link; joining connects to the
//! host's address, off the frame thread. The room shows the code and addresses to give, and
//! each seat as it fills; once every seat is filled the host starts the match, and the game
//! goes to the board in the Online mode. Cancel (or Esc) leaves, stopping a host started here.

use super::MenuPage;
use super::MenuRules;
use super::across::{AcrossForm, FormError};
use super::players::MenuPlayers;
use super::start::MenuStart;
use crate::launch::{OnlineStart, Start};
use crate::modes::OnBoard;
use crate::modes::online::{Online, seat_lines, waker};
use crate::pace;
use crate::settings::{Settings, SettingsFile, data_dir};
use crate::sim::Equipment;
use crate::theme::{Activate, palette, size, text};
use bevy::prelude::*;
use carrom_ai::Computers;
use carrom_net::{
    AddressError, Applied, GuestEvent, GuestLink, Host, HostConfig, HostError, HostThread,
    JoinError, Joining, LocalLink,
};
use std::net::SocketAddr;
use std::sync::mpsc::{self, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long hosting or joining waits for the host's welcome.
const WELCOME_WITHIN: Duration = Duration::from_secs(10);

/// Why hosting or joining from the menu did not bring this window to a match (the words the
/// form shows).
#[derive(Debug, thiserror::Error)]
pub enum NotConnected {
    #[error(transparent)]
    Form(#[from] FormError),
    /// The host cannot start here (its match, its port, its network thread).
    #[error(transparent)]
    Host(#[from] HostError),
    /// The host's address as typed is not one.
    #[error(transparent)]
    Address(#[from] AddressError),
    /// The host does not take this window (the code, the version, the network).
    #[error(transparent)]
    Join(#[from] JoinError),
}

/// The guest, with the host's address when the host is on another machine.
type Connected = Result<(GuestLink, Option<SocketAddr>), NotConnected>;

/// The match across machines being set up: the connection under way, or the guest waiting for
/// the match to start, with the host when it runs here.
#[derive(Resource, Default)]
pub struct Lobby {
    /// (In mutexes: a resource is shared between threads, and a channel's end and the guest
    /// are not.)
    connecting: Option<Mutex<mpsc::Receiver<Connected>>>,
    guest: Option<Mutex<GuestLink>>,
    /// The host's address (none at the host's own window, whose link is in-process).
    addr: Option<SocketAddr>,
    hosting: Option<Arc<HostThread>>,
    /// The host's actions that came before the match was handed to the board.
    backlog: Vec<Applied>,
    /// What is happening, in words: "Connecting to ...", "Joined as ...".
    status: String,
}

impl Lobby {
    /// A connection is under way (the window keeps drawing until it is made or fails).
    pub fn connecting(&self) -> bool {
        self.connecting.is_some()
    }

    /// The address the host started here listens on.
    pub fn hosting_addr(&self) -> Option<SocketAddr> {
        self.hosting.as_ref().map(|h| h.addr)
    }

    /// Connects off the frame thread: `connect` runs in a thread of its own, and the window is
    /// woken when it is done.
    fn connect(
        &mut self,
        status: String,
        wake: Option<impl Fn() + Send + 'static>,
        connect: impl FnOnce() -> Connected + Send + 'static,
    ) {
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("carrom-connect".into())
            .spawn(move || {
                let _ = tx.send(connect());
                if let Some(wake) = wake {
                    wake();
                }
            });
        match spawned {
            Ok(_) => {
                self.connecting = Some(Mutex::new(rx));
                self.status = status;
            }
            Err(e) => self.status = format!("cannot connect: {e}"),
        }
    }

    /// Leaves: the link is closed and a host started here stops.
    fn leave(&mut self) {
        *self = Lobby::default();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lobby>()
        .add_systems(
            PostUpdate,
            pace::while_busy(Lobby::connecting, "connecting to a match across machines"),
        )
        .add_systems(OnEnter(MenuPage::Waiting), spawn_room)
        .add_systems(OnExit(MenuPage::Waiting), |mut lobby: ResMut<Lobby>| {
            lobby.leave()
        })
        .add_systems(
            Update,
            (follow_lobby, show_room)
                .chain()
                .run_if(in_state(MenuPage::Waiting)),
        );
}

/// What hosting and joining from the menu need.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Setting<'w> {
    form: ResMut<'w, AcrossForm>,
    lobby: ResMut<'w, Lobby>,
    page: ResMut<'w, NextState<MenuPage>>,
    spec: Res<'w, Equipment>,
    file: Res<'w, SettingsFile>,
    proxy: Option<Res<'w, bevy::winit::EventLoopProxyWrapper>>,
    /// A match across machines at the table, perhaps hosted here.
    online: Option<ResMut<'w, Online>>,
    board: ResMut<'w, OnBoard>,
}

impl Setting<'_> {
    /// The data directory, when this game keeps files (not in tests).
    fn data(&self) -> Option<std::path::PathBuf> {
        self.file.path.as_ref().and(data_dir())
    }

    fn waker(&self) -> Option<impl Fn() + Send + 'static> {
        self.proxy.as_deref().map(waker)
    }
}

/// "Host the match": the host starts (listening on the form's port, its computers ready), and
/// this window joins it for its people's seats.
pub(super) fn host_from_form(
    _: On<Activate>,
    mut s: Setting,
    players: Res<MenuPlayers>,
    rules: Res<MenuRules>,
    settings: Res<Settings>,
) {
    // A match this machine still hosts (left with Esc, or over) stops: it holds the port, and
    // this machine hosts one match at a time.
    if let Some(host) = s.online.as_mut().and_then(|o| o.hosting.take()) {
        info!("the match hosted with code {} stops", host.code);
        drop(host);
        s.board.open = false;
    }
    let seed = rand::random::<u64>() % 1_000_000;
    let config = s
        .form
        .host_config(&s.spec.0, &players, (rules.0, settings.length), seed);
    let (host, link) = match config
        .map_err(NotConnected::from)
        .and_then(|c| start_host(c, &players))
    {
        Ok(started) => started,
        Err(e) => {
            s.form.message = Some(e.to_string());
            return;
        }
    };
    let code = host.code.clone();
    info!(
        "Hosting on {} with code {code}; give guests one of: {}",
        host.addr,
        host.addresses.join(", ")
    );
    let save = s.data().map(|d| {
        d.join("net")
            .join(carrom_net::save_file_name(&code, "host"))
    });
    let joining = Joining::at_host(&code, s.form.here(), &s.spec.0, save);
    let wake = s.waker();
    s.lobby.leave();
    s.lobby.hosting = Some(Arc::new(host));
    s.lobby
        .connect(format!("Hosting with code {code}"), wake, move || {
            Ok((GuestLink::local(link, joining, WELCOME_WITHIN)?, None))
        });
    s.form.message = None;
    s.page.set(MenuPage::Waiting);
}

/// The host of `config` started in a thread of its own, its computers at the menu's level,
/// with its in-process link for this window.
fn start_host(
    config: HostConfig,
    players: &MenuPlayers,
) -> Result<(HostThread, LocalLink), NotConnected> {
    let mut computers = Computers::for_every_seat(&config.setup, players.level);
    let host = Host::start(config, Box::new(move |game| computers.act(game)))?;
    Ok(HostThread::start(host, |e| info!("host: {e:?}"))?)
}

/// "Join the match": connects to the host's address with the code and the name.
pub(super) fn join_from_form(_: On<Activate>, mut s: Setting, players: Res<MenuPlayers>) {
    let data = s.data();
    let (address, joining) = match s.form.joining(&s.spec.0, data.as_deref(), players.level) {
        Ok(j) => j,
        Err(e) => {
            s.form.message = Some(e.to_string());
            return;
        }
    };
    let wake = s.waker();
    s.lobby.leave();
    s.lobby
        .connect(format!("Connecting to {address}..."), wake, move || {
            // Every address the name gives (`localhost` is two), the first to answer taken,
            // as the headless guest does.
            let addrs = carrom_net::resolve_all(&address)?;
            let guest = GuestLink::join_first(&addrs, joining, WELCOME_WITHIN)?;
            let addr = guest.addr();
            Ok((guest, addr))
        });
    s.form.message = None;
    s.page.set(MenuPage::Waiting);
}

/// Back to the form with `why` said there.
fn give_up(lobby: &mut Lobby, form: &mut AcrossForm, page: &mut NextState<MenuPage>, why: String) {
    lobby.leave();
    form.message = Some(why);
    page.set(MenuPage::AcrossMachines);
}

/// The connection's outcome, then the host's messages; when the match has started, the board.
fn follow_lobby(
    mut lobby: ResMut<Lobby>,
    mut form: ResMut<AcrossForm>,
    mut page: ResMut<NextState<MenuPage>>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut start: MenuStart,
) {
    let lobby = &mut *lobby;
    if let Some(got) = lobby
        .connecting
        .as_mut()
        .and_then(|rx| rx.get_mut().ok().map(|rx| rx.try_recv()))
    {
        match got {
            Ok(Ok((mut guest, addr))) => {
                if let Some(proxy) = proxy.as_deref() {
                    guest.set_waker(waker(proxy));
                }
                lobby.status = match (&lobby.hosting, addr) {
                    (Some(h), _) => format!("Hosting with code {}", h.code),
                    (None, Some(addr)) => {
                        format!("Joined {addr} as {}", guest.joining.name)
                    }
                    (None, None) => String::new(),
                };
                lobby.connecting = None;
                lobby.guest = Some(Mutex::new(guest));
                lobby.addr = addr;
            }
            Ok(Err(e)) => return give_up(lobby, &mut form, &mut page, e.to_string()),
            Err(TryRecvError::Disconnected) => {
                let why = "the connection stopped".to_string();
                return give_up(lobby, &mut form, &mut page, why);
            }
            Err(TryRecvError::Empty) => return,
        }
    }
    let Some(Ok(guest)) = lobby.guest.as_mut().map(Mutex::get_mut) else {
        return;
    };
    for e in guest.poll(Duration::ZERO) {
        match e {
            GuestEvent::Applied(a) => lobby.backlog.push(a),
            GuestEvent::Closed(why) => {
                return give_up(lobby, &mut form, &mut page, format!("The host: {why}"));
            }
            GuestEvent::Note(n) => warn!("{n}"),
            GuestEvent::Rejected(r) => warn!("the host refused: {r}"),
            GuestEvent::Match | GuestEvent::Seating => {}
        }
    }
    if guest.referees.is_none() {
        return;
    }
    let Some(Ok(guest)) = lobby.guest.take().map(Mutex::into_inner) else {
        return;
    };
    let online = OnlineStart {
        guest: Arc::new(Mutex::new(Some(guest))),
        backlog: std::mem::take(&mut lobby.backlog),
        addr: lobby.addr,
        hosting: lobby.hosting.take(),
    };
    start.begin(Start::Online(online));
}

/// The room's changing text.
#[derive(Component)]
struct RoomText;

fn spawn_room(mut commands: Commands) {
    commands
        .spawn(super::page_over_menu(
            MenuPage::Waiting,
            Node {
                justify_content: JustifyContent::Center,
                row_gap: px(14),
                ..default()
            },
        ))
        .with_children(|page| {
            page.spawn(text(
                "WAITING FOR THE PLAYERS",
                size::MENU_HEADING + 4.0,
                palette::MENU_TITLE,
            ));
            page.spawn((
                RoomText,
                text("", size::PAGE, palette::PAGE_TEXT),
                Node {
                    max_width: px(760),
                    ..default()
                },
            ));
            super::page_button(page, "Cancel (Esc)", MenuPage::AcrossMachines);
        });
}

/// The room in words: what is happening, the code and addresses to give, each seat.
fn room_lines(lobby: &Lobby) -> Vec<String> {
    let mut lines = vec![lobby.status.clone()];
    if let Some(h) = &lobby.hosting {
        lines.push(String::new());
        lines.push(format!(
            "Give the players at other machines the join code {} and one of these addresses:",
            h.code
        ));
        lines.extend(h.addresses.iter().take(4).map(|a| format!("    {a}")));
    }
    if let Some(Ok(g)) = lobby.guest.as_ref().map(Mutex::lock) {
        lines.push(String::new());
        lines.extend(seat_lines(&g.seating, &g.seats, None, "at the host"));
        lines.push(String::new());
        lines.push("The match starts when every seat is filled.".into());
    }
    lines
}

fn show_room(lobby: Res<Lobby>, mut shown: Query<&mut Text, With<RoomText>>) {
    let want = room_lines(&lobby).join("\n");
    for mut t in &mut shown {
        if t.0 != want {
            t.0 = want.clone();
        }
    }
}
