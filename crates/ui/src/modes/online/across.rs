//! A match across machines' link to its host ([`carrom_net::GuestLink`]): the host's messages
//! read, the host's log kept (the board's match is the one here: the host's match is rebuilt
//! from the log only when the board has left its line), the board's match saved for
//! `carrom host --load`, and connecting again to the host when the link is lost.

use super::remote::{NotTaken, Remote};
use carrom_match::{Action, Match};
use carrom_net::{Applied, FollowError, GuestEvent, GuestLink, JoinError, SeatState};
use carrom_physics::Seat;
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Seconds between attempts to reconnect to the host.
const RETRY_SECONDS: f32 = 3.0;

/// The guest, shared with the launch that started the match, and the host's address.
pub struct AcrossLink {
    pub guest: Arc<Mutex<Option<GuestLink>>>,
    pub addr: Option<SocketAddr>,
    retry_in: f32,
    given_up: Option<String>,
}

impl AcrossLink {
    pub fn new(guest: Arc<Mutex<Option<GuestLink>>>, addr: Option<SocketAddr>) -> AcrossLink {
        AcrossLink {
            guest,
            addr,
            retry_in: RETRY_SECONDS,
            given_up: None,
        }
    }

    fn with<T>(&self, f: impl FnOnce(&GuestLink) -> T) -> Option<T> {
        self.guest.lock().ok()?.as_ref().map(f)
    }
}

impl Remote for AcrossLink {
    fn read(&mut self, dt: f32, queue: &mut VecDeque<Applied>, notes: &mut Vec<String>) -> bool {
        let Ok(mut guard) = self.guest.lock() else {
            return false;
        };
        let Some(guest) = guard.as_mut() else {
            return false;
        };
        let whole_match = read_host(guest, queue, notes);
        if !guest.connected
            && self.given_up.is_none()
            && let Some(addr) = self.addr
        {
            self.retry_in -= dt;
            if self.retry_in <= 0.0 {
                self.retry_in = RETRY_SECONDS;
                self.given_up = rejoin(guest, addr, notes);
            }
        }
        whole_match
    }

    /// The host's action, played on the board, added to the host's log here (once).
    fn apply(&mut self, applied: &Applied) -> Result<(), NotTaken> {
        let mut guard = self.guest.lock().map_err(|_| NotTaken::LinkBroke)?;
        let guest = guard.as_mut().ok_or(NotTaken::NoMatch)?;
        match guest.take(applied) {
            Ok(_) => Ok(()),
            Err(FollowError::Resync(e) | FollowError::Action(e)) => Err(NotTaken::Missed(e)),
            Err(FollowError::NoMatch | FollowError::Setup(_)) => Err(NotTaken::NoMatch),
        }
    }

    /// The board's match saved where the guest keeps it (for `carrom host --load` when the
    /// host is gone).
    fn keep(&self, board: &Match) {
        let Some(Some(path)) = self.with(|g| g.joining.save.clone()) else {
            return;
        };
        if let Err(e) = carrom_match::SaveFile::of(board).keep(&path) {
            bevy::log::warn!("{e}");
        }
    }

    fn act_at(&mut self, index: usize, action: Action) {
        if let Ok(mut guard) = self.guest.lock()
            && let Some(guest) = guard.as_mut()
        {
            guest.act_at(index, action);
        }
    }

    /// The host's match rebuilt from its log (the whole match asked for again when it cannot
    /// be).
    fn referees_match(&mut self) -> Option<Match> {
        let mut guard = self.guest.lock().ok()?;
        match guard.as_mut()?.referees_match() {
            Ok((game, _)) => Some(game),
            Err(e) => {
                bevy::log::warn!("{e}");
                None
            }
        }
    }

    fn seating(&self) -> Vec<SeatState> {
        self.with(|g| g.seating.clone()).unwrap_or_default()
    }

    fn seats(&self) -> Vec<Seat> {
        self.with(|g| g.seats.clone()).unwrap_or_default()
    }

    fn connected(&self) -> bool {
        self.with(|g| g.connected).unwrap_or(false)
    }

    fn given_up(&self) -> Option<String> {
        self.given_up.clone()
    }

    fn set_waker(&mut self, wake: Box<dyn Fn() + Send>) {
        if let Ok(mut guard) = self.guest.lock()
            && let Some(guest) = guard.as_mut()
        {
            guest.set_waker(wake);
        }
    }

    fn referee(&self) -> &'static str {
        "at the host"
    }

    fn title(&self) -> &'static str {
        "ACROSS MACHINES"
    }
}

/// The host's messages since the last frame: its actions queued, its refusals and a lost link
/// told. Whether it sent its whole match (after a reconnection).
fn read_host(
    guest: &mut GuestLink,
    queue: &mut VecDeque<Applied>,
    notes: &mut Vec<String>,
) -> bool {
    let mut whole_match = false;
    for e in guest.poll(Duration::ZERO) {
        match e {
            GuestEvent::Applied(a) => queue.push_back(a),
            GuestEvent::Match => whole_match = true,
            GuestEvent::Seating => {}
            GuestEvent::Rejected(r) => notes.push(format!("The host refused: {r}")),
            GuestEvent::Note(n) => bevy::log::warn!("{n}"),
            GuestEvent::Closed(why) => notes.push(format!("{why}: reconnecting")),
        }
    }
    whole_match
}

/// One try to join the host at `addr` again: said when it works, or when a final refusal
/// ends the trying ([`rejoined`]); why trying ends, if it does.
fn rejoin(guest: &mut GuestLink, addr: SocketAddr, notes: &mut Vec<String>) -> Option<String> {
    let result = guest.rejoin(addr, Duration::from_secs(1));
    if let Err(e) = &result {
        bevy::log::warn!("reconnecting: {e}");
    }
    let (note, given_up) = rejoined(&result);
    notes.extend(note);
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
