//! A match refereed at another machine: the host of a match across machines ([`carrom_net`]) or
//! a carrom server ([`server`]), either behind one [`Remote`]. This machine's people strike and
//! place as in any match, and each of their actions goes to the referee as it is made; every
//! other seat's action comes from the referee and is played on the board like a computer's
//! (its aim shown, then struck). The board's match is the only match here: when an action has
//! been played on it, the referee's outcome is checked there (the board's digest against the
//! referee's, [`follow`]), and where this machine's physics ended elsewhere the referee's match
//! (rebuilt from its log with its outcomes) is put on the board. The link holds the connection.

#[cfg(not(target_arch = "wasm32"))]
pub mod across;
mod follow;
mod panel;
pub mod remote;
pub mod server;
mod setup;

pub use panel::seat_lines;

use crate::modes::OnBoard;
use crate::modes::calls::Announcement;
use crate::modes::dues::place_due;
use crate::modes::table::Table;
use crate::modes::turn::{Aim, AimChecked, AimInput, FireParams, Thinking, TurnBegins};
use crate::pace::StayAwake;
use crate::sim::{LoadTable, SimSet};
use crate::states::{Phase, Playing, Watched, someone_to_act};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;
use carrom_match::Action;
use carrom_remote::{Applied, Holder, SeatState};
use follow::follow_host;
pub use remote::Remote;
use std::collections::VecDeque;

/// The link to the referee and its actions not yet played here.
#[derive(Resource)]
pub struct Online {
    link: Box<dyn Remote>,
    /// At the host's window: the host (its join code, the addresses to give).
    #[cfg(not(target_arch = "wasm32"))]
    pub hosting: Option<std::sync::Arc<carrom_net::HostThread>>,
    /// The referee's actions, in order, not yet taken into the match here.
    queue: VecDeque<Applied>,
    /// The action (by its number) handed to the board from the referee.
    fed: Option<usize>,
    /// This machine's stroke sent to the referee, by its number.
    sent: Option<usize>,
    /// Actions looked at for this machine's placements to send.
    checked: usize,
    /// Who sits where, and who is connected, as the referee last said.
    pub seating: Vec<SeatState>,
    /// The seats played at this machine.
    pub here: Vec<carrom_physics::Seat>,
    pub connected: bool,
    /// Why reconnecting was given up: a final refusal.
    pub given_up: Option<String>,
    /// The board here has left the referee's line (an action of its own the referee did not
    /// take, a position it ended elsewhere, or the whole match sent again after a
    /// reconnection): the referee's match goes on the board once no stroke runs here.
    off_line: bool,
    /// The window is woken by the referee's messages.
    waker_set: bool,
}

impl Online {
    /// Whether the referee has ended the match (played out, or forfeited without an action).
    pub fn is_over(&self) -> bool {
        self.link.over().is_some()
    }

    /// The board's follower of `link`'s match, `backlog` its actions still to be played
    /// here, `actions` the actions already at the table.
    pub fn new(link: Box<dyn Remote>, backlog: &[Applied], actions: usize) -> Online {
        Online {
            seating: link.seating(),
            here: link.seats(),
            link,
            #[cfg(not(target_arch = "wasm32"))]
            hosting: None,
            queue: backlog.iter().cloned().collect(),
            fed: None,
            sent: None,
            checked: actions,
            connected: true,
            given_up: None,
            off_line: false,
            waker_set: false,
        }
    }

    /// Whether the next action (number `actions`) is another machine's and has not come yet:
    /// the window rests until a message from the referee wakes it.
    pub fn waiting_for_host(&self, actions: usize) -> bool {
        !self.queue.iter().any(|a| a.index == actions)
    }

    /// The guests' seats whose guest is disconnected.
    fn disconnected(&self) -> Vec<carrom_physics::Seat> {
        self.seating
            .iter()
            .filter(|s| s.holder == Holder::Guest && !s.connected && !s.name.is_empty())
            .map(|s| s.seat)
            .collect()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(setup::plugin)
        .add_systems(
            OnEnter(Phase::Aim),
            feed_afresh
                .after(TurnBegins)
                .run_if(in_state(Playing::Online)),
        )
        .add_systems(
            Update,
            (
                wake_on_messages,
                follow_host.before(SimSet),
                remote_stroke
                    .after(AimInput)
                    .before(AimChecked)
                    .run_if(in_state(Phase::Aim)),
                remote_placement
                    .before(SimSet)
                    .run_if(in_state(Phase::PlaceDue)),
                time_out
                    .after(follow_host)
                    .before(AimInput)
                    .before(crate::modes::dues::DueInput)
                    .before(SimSet)
                    .run_if(in_state(Phase::Aim).or_else(in_state(Phase::PlaceDue))),
                catch_up.before(SimSet),
                #[cfg(not(target_arch = "wasm32"))]
                hand_over_key,
            )
                .run_if(in_state(Playing::Online)),
        )
        .add_systems(
            PostUpdate,
            (send_own_actions, stay_awake.run_if(someone_to_act)).run_if(in_state(Playing::Online)),
        );
}

/// Another machine's player to act: the window keeps drawing once his action has come (its aim
/// shown, then struck), and rests while it has not (the referee's message wakes it); while
/// the shot clock runs, it keeps drawing its countdown.
fn stay_awake(
    board: Res<OnBoard>,
    online: Res<Online>,
    aim: Res<Aim>,
    mut awake: MessageWriter<StayAwake>,
) {
    let elsewhere = board.actor.is_none_or(|s| !online.here.contains(&s));
    let come = !online.waiting_for_host(board.turns) || aim.planned.is_some();
    if board.computer && elsewhere && come {
        awake.write(StayAwake("a computer's turn"));
    } else if online.link.clock().is_some() {
        // The shot clock's countdown ticks on the panel.
        awake.write(StayAwake("the shot clock"));
    }
}

/// C, at the host's window: the host's computer plays each disconnected guest's seat until its
/// guest comes back (rather than the match waiting for him).
#[cfg(not(target_arch = "wasm32"))]
fn hand_over_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    online: Res<Online>,
    mut told: MessageWriter<Announcement>,
) {
    let (Some(keys), Some(host)) = (keys, &online.hosting) else {
        return;
    };
    if !keys.just_pressed(KeyCode::KeyC) {
        return;
    }
    for seat in online.disconnected() {
        host.hand_to_computer(seat);
        told.write(Announcement::Note(format!(
            "The computer plays {} until its player comes back.",
            seat.title()
        )));
    }
}

/// The referee's clock for a seat here has started while the board still shows the stroke
/// before it (a slow frame rate, a late message): the board catches up at once, the aim shown
/// no longer and the stroke played to its rest, so the player loses none of his time.
fn catch_up(online: Res<Online>, mut aim: ResMut<Aim>, mut live: ResMut<crate::sim::LiveTable>) {
    let Some(clock) = online.link.clock() else {
        return;
    };
    let behind = online.here.contains(&clock.seat) && clock.started(Instant::now());
    if !behind {
        return;
    }
    if aim.planned.is_some() && aim.wait > 0.0 {
        aim.wait = 0.0;
    }
    let theirs = live.shot.is_some_and(|s| !online.here.contains(&s.seat));
    if live.running && theirs && !live.hurry {
        live.hurry = true;
    }
}

/// A message from the referee wakes the window (which rests while nobody here acts).
fn wake_on_messages(
    mut online: ResMut<Online>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let Some(proxy) = proxy else { return };
    if online.waker_set {
        return;
    }
    online.waker_set = true;
    online.link.set_waker(Box::new(waker(&proxy)));
}

/// Wakes the window (resting while nobody here acts) from another thread: the network's, when
/// the host's message comes.
pub fn waker(proxy: &bevy::winit::EventLoopProxyWrapper) -> impl Fn() + Send + 'static {
    let proxy = (**proxy).clone();
    move || {
        let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    }
}

/// A turn begun (again) takes the referee's action afresh: one handed to the board before was
/// dropped with the turn's decision in progress (the table shown again, as when the board
/// takes the referee's match in the frame the action was handed over).
fn feed_afresh(mut online: ResMut<Online>) {
    online.fed = None;
}

/// A seat played elsewhere is to strike: its stroke (or pass), once the host sends it, is the
/// turn's decision, shown and struck like a computer's.
fn remote_stroke(
    mut online: ResMut<Online>,
    table: Res<Table>,
    mut thinking: ResMut<Thinking>,
    aim: Res<Aim>,
) {
    if !table.actor_is_elsewhere() || thinking.is_thinking() || aim.planned.is_some() {
        return;
    }
    let n = table.model.actions.len();
    if online.fed == Some(n) {
        return;
    }
    if let Some(a) = online.queue.front()
        && a.index == n
        && matches!(a.action, Action::Stroke { .. } | Action::Pass)
    {
        let action = a.action;
        online.fed = Some(n);
        thinking.start(AsyncComputeTaskPool::get().spawn(async move { (Some(action), None) }));
    }
}

/// A seat played elsewhere places a returned piece where the host says it did.
fn remote_placement(
    mut online: ResMut<Online>,
    mut table: ResMut<Table>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    if !table.actor_is_elsewhere() {
        return;
    }
    let n = table.model.actions.len();
    if let Some(a) = online.queue.front()
        && a.index == n
        && let Action::Place { x, y } = a.action
    {
        online.fed = Some(n);
        if let Err(e) = place_due(&mut table, Vec2::new(x, y), &mut fire) {
            told.write(Announcement::Note(e.to_string()));
        }
    }
}

/// The referee's shot clock ran out (Laws 46, 50 and 88): its time-out, for a seat here or
/// elsewhere, is applied as it comes (a stroke being aimed here goes with it). It runs before
/// this frame's input, and the shared systems see the table as it now is at once: a stroke or a
/// placement made in the frame the time-out came is not made on the board.
fn time_out(
    mut online: ResMut<Online>,
    mut table: ResMut<Table>,
    mut board: ResMut<OnBoard>,
    watched: Option<Res<State<Watched>>>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let n = table.model.actions.len();
    let due = online.queue.front();
    if !due.is_some_and(|a| a.index == n && a.action == Action::TimeOut) || online.fed == Some(n) {
        return;
    }
    online.fed = Some(n);
    match table.model.apply(&Action::TimeOut) {
        Ok(_) => told.write(Announcement::Call(table.model.last_call())),
        Err(e) => told.write(Announcement::Note(format!("referee: {e}"))),
    };
    board.set_if_neq(table.on_board(watched.is_some()));
    fire.show_table(&table.model.layout);
}

/// This machine's people's actions go to the referee as they are made: a stroke as it is
/// struck, a placement as the piece is put down (paced under the referee's bound, and at a
/// host sent again when it drops one, as the headless guest's are).
fn send_own_actions(
    mut loads: MessageReader<LoadTable>,
    mut online: ResMut<Online>,
    table: Res<Table>,
) {
    let online = &mut *online;
    let n = table.model.actions.len();
    for load in loads.read() {
        if let Some(shot) = load.shot
            && online.here.contains(&shot.seat)
            && !table.actor_is_elsewhere()
            && online.sent != Some(n)
        {
            online.sent = Some(n);
            online.link.act_at(n, Action::Stroke { shot });
        }
    }
    for i in online.checked..n {
        if let action @ Action::Place { .. } = table.model.actions[i]
            && online.fed != Some(i)
        {
            online.link.act_at(i, action);
        }
    }
    online.checked = n;
}
