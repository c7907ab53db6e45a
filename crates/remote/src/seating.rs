//! Who plays each seat of a refereed match: the referee's computer, a person at the host's
//! machine, or a guest. `carrom host` and the game's form to host a match both seat a match
//! here; a seat a guest cannot be given is a [`SeatRefusal`].

use crate::protocol::Holder;
use carrom_match::{Level, MatchSetup, Player};
use carrom_referee::{Seat, Seats};

/// A seat a guest cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatRefusal {
    #[error("the match has no {} seat", .0.name())]
    NoSuchSeat(Seat),
    /// A seat of the host's people or its computers.
    #[error("the {} seat is not a guest's", .0.name())]
    NotAGuests(Seat),
    /// The seat is held by another name.
    #[error("the {} seat is {holder}'s", seat.name())]
    Taken { seat: Seat, holder: String },
    #[error("every guest's seat is taken")]
    AllTaken,
}

/// Why a match cannot be seated so.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatingError {
    /// A seat named that does not play in this match (East in singles).
    #[error("{} does not play in this match ({})", seat.name(), seats.names())]
    NotInMatch { seat: Seat, seats: Seats },
    /// A seat named both for a person at the host's machine and for its computer.
    #[error("{} is both a person's at the host's machine and the computer's", seat.name())]
    Twice { seat: Seat },
    /// People at the host's machine and nobody to join them.
    #[error("every seat is played at the host's machine: make a seat a Guest's")]
    NoGuest,
}

/// Who holds each of `seats`: the host's computer plays `computer`, people at the host's
/// machine `here`, guests every other seat.
pub fn seat_holders(
    seats: Seats,
    here: &[Seat],
    computer: &[Seat],
) -> Result<Vec<(Seat, Holder)>, SeatingError> {
    if let Some(&seat) = here.iter().chain(computer).find(|s| !seats.contains(**s)) {
        return Err(SeatingError::NotInMatch { seat, seats });
    }
    if let Some(&seat) = here.iter().find(|s| computer.contains(s)) {
        return Err(SeatingError::Twice { seat });
    }
    let holders: Vec<(Seat, Holder)> = seats
        .seats()
        .iter()
        .map(|&s| match s {
            s if computer.contains(&s) => (s, Holder::Computer),
            s if here.contains(&s) => (s, Holder::Host),
            s => (s, Holder::Guest),
        })
        .collect();
    let has = |h: Holder| holders.iter().any(|(_, held)| *held == h);
    if has(Holder::Host) && !has(Holder::Guest) {
        return Err(SeatingError::NoGuest);
    }
    Ok(holders)
}

/// `setup` with the host's computer, of `level`, in every seat `holders` gives it.
pub fn seat_computers(setup: &mut MatchSetup, holders: &[(Seat, Holder)], level: Level) {
    for &(seat, holder) in holders {
        if let (Holder::Computer, Some(i)) = (holder, setup.index_of(seat)) {
            setup.players[i] = Player::computer(seat, level);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_referee::Rules;

    #[test]
    fn seats_go_to_the_computer_the_people_here_and_the_guests() {
        let holders = seat_holders(Seats::Doubles, &[Seat::South], &[Seat::North]).unwrap();
        assert_eq!(
            holders,
            [
                (Seat::South, Holder::Host),
                (Seat::East, Holder::Guest),
                (Seat::North, Holder::Computer),
                (Seat::West, Holder::Guest),
            ]
        );
        let mut setup = MatchSetup::new(Seats::Doubles, Rules::icf(), "icf", 1);
        seat_computers(&mut setup, &holders, Level::Hard);
        assert_eq!(
            *setup.player(Seat::North),
            Player::computer(Seat::North, Level::Hard)
        );
        assert_eq!(setup.player(Seat::South).computer, None);
    }

    #[test]
    fn a_match_must_leave_a_seat_for_a_guest_and_name_its_own_seats() {
        let all = [Seat::South, Seat::North];
        assert_eq!(
            seat_holders(Seats::Singles, &all, &[]),
            Err(SeatingError::NoGuest)
        );
        assert!(
            seat_holders(Seats::Singles, &[], &all).is_ok(),
            "computers alone"
        );
        let e = seat_holders(Seats::Singles, &[Seat::East], &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "east does not play in this match (south, north)"
        );
        let e = seat_holders(Seats::Singles, &[Seat::North], &[Seat::North]).unwrap_err();
        assert_eq!(e, SeatingError::Twice { seat: Seat::North });
    }
}
