//! A match refereed elsewhere set up as it begins: across machines (`Start::Online`, joined or
//! hosted and started) or on a server (`Start::Server`): the referee's match as it stands at the
//! table, this machine's seats, and the link to the referee ([`Online`]). The link goes
//! (closed) when another mode is entered; the table when the mode entered has none
//! ([`crate::modes::table`]).

use super::Online;
#[cfg(not(target_arch = "wasm32"))]
use super::across::AcrossLink;
use super::remote::Remote;
use super::server::ServerRemote;
#[cfg(not(target_arch = "wasm32"))]
use crate::launch::OnlineStart;
use crate::launch::{ServerStart, Start};
use crate::modes::table::{self, Table, TableError};
use crate::modes::{Begin, Entering};
use crate::sim::Equipment;
use crate::states::Mode;
use bevy::prelude::*;
use carrom_physics::Spec;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(begin)
        .add_systems(OnExit(Mode::Online), |mut commands: Commands| {
            commands.remove_resource::<Online>();
        });
}

fn begin(begin: On<Begin>, spec: Res<Equipment>, mut entering: Entering) {
    let launch = &begin.0;
    let at_table = match &launch.start {
        #[cfg(not(target_arch = "wasm32"))]
        Start::Online(online) => across_at_the_table(online, &spec.0),
        Start::Server(server) => server_at_the_table(server, &spec.0),
        _ => return,
    };
    let (table, call, online) = match at_table {
        Ok((table, call, online)) => (table.launched(launch), call, online),
        Err(e) => return entering.refuse(e),
    };
    entering.commands.insert_resource(online);
    table::enter(&mut entering, launch, table, call);
}

/// Why a match refereed elsewhere cannot be put on the table here.
#[derive(Debug, thiserror::Error)]
pub enum NotAtTheTable {
    #[cfg(not(target_arch = "wasm32"))]
    #[error("the network link broke")]
    LinkBroke,
    #[error("not joined to a match")]
    NotJoined,
    #[cfg(not(target_arch = "wasm32"))]
    #[error("the host's match has not started")]
    HostNotStarted,
    #[cfg(not(target_arch = "wasm32"))]
    #[error("the host's match cannot be followed here: {0}")]
    Unfollowed(carrom_net::FollowError),
    #[error("the server's match has not come")]
    ServerNotStarted,
    #[error(transparent)]
    Table(#[from] TableError),
}

/// The table, its first call and the board's follower of the match.
type AtTheTable = (Table, Vec<String>, Online);

/// The host's match at the table here, with this machine's seats, and the first call: the
/// join code at the host's window, or whom this machine joined as.
#[cfg(not(target_arch = "wasm32"))]
fn across_at_the_table(online: &OnlineStart, spec: &Spec) -> Result<AtTheTable, NotAtTheTable> {
    let (game, seats, name) = {
        let mut guard = online.guest.lock().map_err(|_| NotAtTheTable::LinkBroke)?;
        let guest = guard.as_mut().ok_or(NotAtTheTable::NotJoined)?;
        // The host's match, rebuilt from its log once, becomes the board's: the only match here.
        let (game, _) = guest.referees_match().map_err(|e| match e {
            carrom_net::FollowError::NoMatch => NotAtTheTable::HostNotStarted,
            e => NotAtTheTable::Unfollowed(e),
        })?;
        (game, guest.seats.clone(), guest.joining.name.clone())
    };
    let mut table = Table::resumed(spec, game)?;
    table.here = Some(seats);
    table.title = format!("{} (across machines)", table.title);
    let mut call = vec![match &online.hosting {
        Some(host) => format!(
            "Hosting: code {} at {}",
            host.code,
            host.addresses.first().map_or("", String::as_str)
        ),
        None => format!("Joined as {name}"),
    }];
    call.extend(table.model.last_call());
    let link = AcrossLink::new(online.guest.clone(), online.addr);
    let n = table.model.actions.len();
    let mut follow = Online::new(Box::new(link), &online.backlog, n);
    follow.hosting.clone_from(&online.hosting);
    Ok((table, call, follow))
}

/// The server's match at the table here, with this machine's seats (none: watched), and the
/// first call: the match's number and whether it is rated.
fn server_at_the_table(server: &ServerStart, spec: &Spec) -> Result<AtTheTable, NotAtTheTable> {
    let mut remote = (server.remote.take::<ServerRemote>()).ok_or(NotAtTheTable::NotJoined)?;
    let game = (remote.follow.game.take()).ok_or(NotAtTheTable::ServerNotStarted)?;
    let seats = remote.seats();
    let mut table = Table::resumed(spec, game)?;
    let watching = seats.is_empty();
    table.here = Some(seats);
    table.title = format!("{} (online)", table.title);
    let f = &remote.follow.follow;
    let mut call = vec![match (f.id, f.rated, watching) {
        (Some(id), _, true) => format!("Watching match {id} on the server"),
        (Some(id), true, _) => format!("Match {id} on the server: rated"),
        (id, _, _) => format!("Match {} on the server: not rated", id.unwrap_or_default()),
    }];
    call.extend(table.model.last_call());
    let n = table.model.actions.len();
    let follow = Online::new(Box::new(remote), &server.backlog, n);
    Ok((table, call, follow))
}
