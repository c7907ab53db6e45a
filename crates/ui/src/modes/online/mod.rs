//! A match across machines ([`carrom_net`]): the host's match is the referee. This machine's
//! people strike and place as in any match, and each of their actions goes to the host as it is
//! made; every other seat's action comes from the host and is played on the board like a
//! computer's (its aim shown, then struck). When an action has been played here, the host's
//! outcome is taken: the position is compared with the host's digest, and where this machine's
//! physics ended elsewhere the host's pieces are put on the board.

mod setup;

use crate::launch::OnlineStart;
use crate::modes::OnBoard;
use crate::modes::calls::Announcement;
use crate::modes::dues::place_due;
use crate::modes::table::Table;
use crate::modes::turn::{Aim, AimChecked, AimInput, FireParams, Thinking};
use crate::pace::StayAwake;
use crate::sim::{LoadTable, SimSet};
use crate::states::{Phase, Playing, someone_to_act};
use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;
use carrom_match::Action;
use carrom_net::apply::hex;
use carrom_net::{Applied, Guest, GuestEvent, Holder, JoinError, SeatState};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Seconds between attempts to reconnect to the host.
const RETRY_SECONDS: f32 = 3.0;

/// The link to the host and the host's actions not yet played here.
#[derive(Resource)]
pub struct Online {
    guest: Arc<Mutex<Option<Guest>>>,
    addr: Option<SocketAddr>,
    /// At the host's window: the host (its join code, the addresses to give).
    pub hosting: Option<Arc<carrom_net::HostThread>>,
    /// The host's actions, in order, not yet taken into the match here.
    queue: VecDeque<Applied>,
    /// The action (by its number) handed to the board from the host.
    fed: Option<usize>,
    /// This machine's stroke sent to the host, by its number.
    sent: Option<usize>,
    /// Actions looked at for this machine's placements to send.
    checked: usize,
    retry_in: f32,
    /// Who sits where, and who is connected, as the host last said.
    pub seating: Vec<SeatState>,
    /// The seats played at this machine.
    pub here: Vec<carrom_physics::Seat>,
    pub connected: bool,
    /// Why reconnecting was given up: a final refusal ([`JoinError::is_final`]).
    pub given_up: Option<String>,
    /// The window is woken by the host's messages.
    waker_set: bool,
}

impl Online {
    pub fn new(start: &OnlineStart, actions: usize) -> Online {
        let (seating, here) = start
            .guest
            .lock()
            .ok()
            .and_then(|g| g.as_ref().map(|g| (g.seating.clone(), g.seats.clone())))
            .unwrap_or_default();
        Online {
            guest: start.guest.clone(),
            addr: start.addr,
            hosting: start.hosting.clone(),
            queue: start.backlog.iter().cloned().collect(),
            fed: None,
            sent: None,
            checked: actions,
            retry_in: RETRY_SECONDS,
            seating,
            here,
            connected: true,
            given_up: None,
            waker_set: false,
        }
    }

    /// Whether the next action (number `actions`) is another machine's and has not come yet:
    /// the window rests until a message from the host wakes it.
    pub fn waiting_for_host(&self, actions: usize) -> bool {
        !self.queue.iter().any(|a| a.index == actions)
    }

    /// The seating in words for the panel: the code to give at the host's window, whether the
    /// link is up, and each seat ([`seat_lines`]).
    pub fn seating_lines(&self, to_act: Option<carrom_physics::Seat>) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(host) = &self.hosting {
            lines.push(format!("Join code {}", host.code));
            lines.extend(host.addresses.iter().take(2).map(|a| format!("at {a}")));
        }
        match &self.given_up {
            Some(why) => lines.push(format!("Connection lost for good: {why}")),
            None if !self.connected => lines.push("Connection lost: reconnecting...".into()),
            None => {}
        }
        lines.extend(seat_lines(&self.seating, &self.here, to_act));
        if self.hosting.is_some() && !self.disconnected().is_empty() {
            lines.push("C: the computer plays for the disconnected until they come back".into());
        }
        lines
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

/// Each seat, who plays it and whether connected, with `>` at the one to act: "> East: Ravi
/// (connected)".
pub fn seat_lines(
    seating: &[SeatState],
    here: &[carrom_physics::Seat],
    to_act: Option<carrom_physics::Seat>,
) -> Vec<String> {
    seating
        .iter()
        .map(|s| {
            let who = if here.contains(&s.seat) {
                "here".to_string()
            } else {
                match s.holder {
                    Holder::Host => "at the host".into(),
                    Holder::Computer => "computer".into(),
                    Holder::Guest if s.name.is_empty() => "waiting for a guest".into(),
                    Holder::Guest if s.connected => "connected".into(),
                    Holder::Guest => "DISCONNECTED".into(),
                }
            };
            let turn = if to_act == Some(s.seat) { "> " } else { "" };
            let name = if s.name.is_empty() { "-" } else { &s.name };
            format!("{turn}{}: {name} ({who})", s.seat.title())
        })
        .collect()
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(setup::plugin)
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
/// shown, then struck), and rests while it has not (the host's message wakes it).
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
    }
}

/// C, at the host's window: the host's computer plays each disconnected guest's seat until its
/// guest comes back (rather than the match waiting for him).
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

/// A message from the host wakes the window (which rests while nobody here acts).
fn wake_on_messages(
    mut online: ResMut<Online>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let Some(proxy) = proxy else { return };
    if online.waker_set {
        return;
    }
    online.waker_set = true;
    if let Ok(mut guard) = online.guest.lock()
        && let Some(guest) = guard.as_mut()
    {
        guest.set_waker(waker(&proxy));
    }
}

/// Wakes the window (resting while nobody here acts) from another thread: the network's, when
/// the host's message comes.
pub fn waker(proxy: &bevy::winit::EventLoopProxyWrapper) -> impl Fn() + Send + 'static {
    let proxy = (**proxy).clone();
    move || {
        let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    }
}

/// Reads what the host sent, reconnects when the link is lost, and takes into the match here
/// every host action already played on this board (correcting the position where it differs).
fn follow_host(
    time: Res<Time>,
    mut online: ResMut<Online>,
    mut table: ResMut<Table>,
    phase: Res<State<Phase>>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let online = &mut *online;
    let Ok(mut guard) = online.guest.lock() else {
        return;
    };
    let Some(guest) = guard.as_mut() else { return };
    let whole_match = read_host(guest, &mut online.queue, &mut told);
    online.seating = guest.seating.clone();
    online.connected = guest.connected;
    if !guest.connected
        && online.given_up.is_none()
        && let Some(addr) = online.addr
    {
        online.retry_in -= time.delta_secs();
        if online.retry_in <= 0.0 {
            online.retry_in = RETRY_SECONDS;
            online.given_up = rejoin(guest, addr, &mut told);
        }
    }
    let differs = take_host_actions(guest, &mut online.queue, &table);
    if (differs || whole_match)
        && *phase.get() != Phase::Moving
        && let Some(game) = &guest.game
        && (whole_match || game.actions.len() == table.model.actions.len())
    {
        table.model = game.clone();
        let n = table.model.actions.len();
        online.queue.retain(|a| a.index >= n);
        online.checked = n;
        fire.show_table(&table.model.layout);
    }
}

/// The host's messages since the last frame: its actions queued, its refusals and a lost link
/// told. Whether it sent its whole match (after a reconnection).
fn read_host(
    guest: &mut Guest,
    queue: &mut VecDeque<Applied>,
    told: &mut MessageWriter<Announcement>,
) -> bool {
    let mut whole_match = false;
    for e in guest.poll(Duration::ZERO) {
        match e {
            GuestEvent::Applied(a) => queue.push_back(a),
            GuestEvent::Match => whole_match = true,
            GuestEvent::Seating => {}
            GuestEvent::Rejected(r) => {
                told.write(Announcement::Note(format!("The host refused: {r}")));
            }
            GuestEvent::Note(n) => warn!("{n}"),
            GuestEvent::Closed(why) => {
                told.write(Announcement::Note(format!("{why}: reconnecting")));
            }
        }
    }
    whole_match
}

/// One try to join the host at `addr` again: said when it works, or when a final refusal
/// ends the trying ([`rejoined`]); why trying ends, if it does.
fn rejoin(
    guest: &mut Guest,
    addr: SocketAddr,
    told: &mut MessageWriter<Announcement>,
) -> Option<String> {
    let result = guest.rejoin(addr, Duration::from_secs(1));
    if let Err(e) = &result {
        warn!("reconnecting: {e}");
    }
    let (note, given_up) = rejoined(&result);
    if let Some(note) = note {
        told.write(Announcement::Note(note));
    }
    given_up
}

/// What a try to rejoin says (if anything), and why trying ends (if it does): at a final
/// refusal ([`JoinError::is_final`]: the host refused this guest, or whoever
/// answers cannot prove the join code, so trying again would only hand it another guess),
/// with its reason.
fn rejoined(result: &Result<(), JoinError>) -> (Option<String>, Option<String>) {
    match result {
        Ok(()) => (Some("Reconnected to the host.".into()), None),
        Err(e) if e.is_final() => (
            Some(format!("No more reconnecting: {e}")),
            Some(e.to_string()),
        ),
        Err(_) => (None, None),
    }
}

/// The host's actions already played on this board, taken into the guest's copy of the match
/// in order. Whether the board here ended anywhere else than the host's for any of them.
fn take_host_actions(guest: &mut Guest, queue: &mut VecDeque<Applied>, table: &Table) -> bool {
    let mut differs = false;
    while let Some(front) = queue.front() {
        if front.index >= table.model.actions.len() {
            break;
        }
        let a = queue.pop_front().expect("a front");
        match guest.apply(&a) {
            Ok(r) => {
                if let Some(n) = r.corrected {
                    warn!("{n}");
                }
                let ours = table.model.digests.get(a.index).map(|d| hex(*d));
                if ours.as_deref() != Some(a.digest.as_str()) {
                    info!(
                        "action {}: the board here ended elsewhere than the host's (digest {}, the host's {}); taking the host's",
                        a.index,
                        ours.unwrap_or_default(),
                        a.digest
                    );
                    differs = true;
                }
            }
            Err(e) => warn!("{e}"),
        }
    }
    differs
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

/// This machine's people's actions go to the host as they are made: a stroke as it is struck,
/// a placement as the piece is put down; paced under the host's bound, sent again when the
/// host drops one, as the headless guest's are ([`Guest::act_at`]).
fn send_own_actions(
    mut loads: MessageReader<LoadTable>,
    mut online: ResMut<Online>,
    table: Res<Table>,
) {
    let online = &mut *online;
    let Ok(mut guard) = online.guest.lock() else {
        return;
    };
    let Some(guest) = guard.as_mut() else { return };
    let n = table.model.actions.len();
    for load in loads.read() {
        if let Some(shot) = load.shot
            && online.here.contains(&shot.seat)
            && !table.actor_is_elsewhere()
            && online.sent != Some(n)
        {
            online.sent = Some(n);
            guest.act_at(n, Action::Stroke { shot });
        }
    }
    for i in online.checked..n {
        if let action @ Action::Place { .. } = table.model.actions[i]
            && online.fed != Some(i)
        {
            guest.act_at(i, action);
        }
    }
    online.checked = n;
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_net::Refusal;

    #[test]
    fn a_final_refusal_ends_the_reconnecting_with_its_reason_and_a_passing_one_does_not() {
        let (note, given_up) = rejoined(&Ok(()));
        assert_eq!(note.as_deref(), Some("Reconnected to the host."));
        assert_eq!(given_up, None);
        let why = JoinError::Refused(Refusal::WrongCode).to_string();
        let (note, given_up) = rejoined(&Err(JoinError::Refused(Refusal::WrongCode)));
        assert_eq!(given_up.as_deref(), Some(why.as_str()));
        assert!(note.unwrap().contains(&why));
        let unproven = Err(JoinError::HostUnproven);
        assert!(rejoined(&unproven).1.is_some());
        let crowded = Err(JoinError::Refused(Refusal::Crowded));
        assert_eq!(rejoined(&crowded), (None, None));
        let silent = Err(JoinError::NoWelcome(Duration::from_secs(1)));
        assert_eq!(rejoined(&silent), (None, None));
    }
}
