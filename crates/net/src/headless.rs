//! A headless guest: a [`GuestLink`] and the one match it follows (`carrom join --headless`,
//! the tests' guests). Every action the host applied is taken into the match with the host's
//! outcome and its digest checked, and the match is saved after every action, so a match whose
//! host is gone can be hosted again (`carrom host --load`). The game's guest has no match of
//! its own here: its board's is the one ([`GuestLink`] alone).

use crate::error::{FollowError, JoinError, StartError};
use crate::guest::{GuestEvent, GuestLink, Joining};
use crate::protocol::Applied;
use carrom_match::{Action, Actor, Match};
use carrom_remote::AtGuest;
use std::net::SocketAddr;
use std::ops::{Deref, DerefMut};
use std::time::Duration;

/// A guest with its match: the link (its seats, who sits where, the connection) and the
/// host's match as followed here.
pub struct Guest {
    pub link: GuestLink,
    pub game: Option<Match>,
}

/// A headless guest is its link and its match: what is the link's (its seats, the seating,
/// rejoining, waking) is reached through it.
impl Deref for Guest {
    type Target = GuestLink;
    fn deref(&self) -> &GuestLink {
        &self.link
    }
}

impl DerefMut for Guest {
    fn deref_mut(&mut self) -> &mut GuestLink {
        &mut self.link
    }
}

impl From<GuestLink> for Guest {
    fn from(link: GuestLink) -> Guest {
        Guest { link, game: None }
    }
}

impl Guest {
    /// Joins the host at `addr` ([`GuestLink::join`]).
    pub fn join(addr: SocketAddr, joining: Joining, timeout: Duration) -> Result<Guest, JoinError> {
        GuestLink::join(addr, joining, timeout).map(Guest::from)
    }

    /// Joins the host at the first of `addrs` that answers ([`GuestLink::join_first`]).
    pub fn join_first(
        addrs: &[SocketAddr],
        joining: Joining,
        timeout: Duration,
    ) -> Result<Guest, JoinError> {
        GuestLink::join_first(addrs, joining, timeout).map(Guest::from)
    }

    /// The host's own people, joined through the host's in-process link.
    pub fn local(
        link: crate::host::LocalLink,
        joining: Joining,
        timeout: Duration,
    ) -> Result<Guest, JoinError> {
        GuestLink::local(link, joining, timeout).map(Guest::from)
    }

    /// Reads the host's messages until its match has started ([`GuestLink::wait_for_start`]),
    /// and takes the host's match: the host's actions that came with the start, still to be
    /// played.
    pub fn wait_for_start(
        &mut self,
        within: Option<Duration>,
        waiting: impl FnOnce(),
    ) -> Result<Vec<Applied>, StartError> {
        let backlog = self.link.wait_for_start(within, waiting)?;
        self.take_match(&mut Vec::new());
        Ok(backlog)
    }

    /// Reads what arrived ([`GuestLink::poll`]): the whole match is taken at once; an action
    /// is returned for the caller to show and [`Guest::apply`].
    pub fn poll(&mut self, wait: Duration) -> Vec<GuestEvent> {
        let mut events = self.link.poll(wait);
        if events.contains(&GuestEvent::Match) {
            let mut notes = Vec::new();
            self.take_match(&mut notes);
            events.extend(notes.into_iter().map(GuestEvent::Note));
        }
        events
    }

    /// The host's whole match, rebuilt from its log, becomes this guest's (and is saved).
    fn take_match(&mut self, notes: &mut Vec<String>) {
        match self.link.referees_match() {
            Ok((game, corrected)) => {
                self.game = Some(game);
                notes.extend(corrected);
                self.save();
            }
            Err(e) => notes.push(format!("the host's match could not be followed: {e}")),
        }
    }

    /// Takes the host's action into this guest's match (with the host's outcome) and saves the
    /// match. When the position differs from the host's even after taking its pieces, the guest
    /// asks for the whole match again.
    pub fn apply(&mut self, applied: &Applied) -> Result<AtGuest, FollowError> {
        let game = self.game.as_mut().ok_or(FollowError::NoMatch)?;
        let taken = carrom_remote::take(game, applied);
        match taken {
            Ok(r) => {
                self.link.take(applied)?;
                self.save();
                Ok(r.unwrap_or_default())
            }
            Err(e) => {
                self.link.send_resync();
                Err(FollowError::Resync(e))
            }
        }
    }

    /// Who acts next, when it is one of this guest's seats.
    pub fn to_act(&self) -> Option<Actor> {
        let actor = self.game.as_ref()?.next_actor()?;
        self.seats.contains(&actor.seat()).then_some(actor)
    }

    /// Sends an action for this guest's seat that is to act (once per action of the match).
    pub fn act(&mut self, action: Action) -> bool {
        let Some(index) = self.game.as_ref().map(|g| g.actions.len()) else {
            return false;
        };
        self.to_act().is_some() && self.link.act_at(index, action)
    }

    /// Whether this guest's last action is still waiting for the host.
    pub fn waiting_for_host(&self) -> bool {
        (self.game.as_ref()).is_some_and(|g| self.link.sent(g.actions.len()))
    }

    fn save(&self) {
        if let (Some(path), Some(game)) = (&self.joining.save, &self.game)
            && let Err(e) = carrom_match::SaveFile::of(game).keep(path)
        {
            eprintln!("{e}");
        }
    }
}
