//! Quick doubles: four players seated two against two, partners opposite (Laws 27-28). A
//! player alone is seated with the three nearest him in rating (the best and the fourth
//! partners, the second and the third: two teams of about one strength); two friends come as a
//! party (one makes it and gives its code to the other) and sit as partners, against another
//! party or two players alone, whichever is nearer their rating.

use super::{Lobby, Waiting};
use crate::error::LobbyError;
use carrom_match::MatchLength;
use carrom_online::Mode;
use std::time::Duration;

/// Who of the queue could play a doubles match of one length: players alone, and parties
/// whose two partners both wait (their places in the queue).
struct Field {
    alone: Vec<usize>,
    pairs: Vec<[usize; 2]>,
}

impl Lobby {
    /// Doubles for `w`: the four seated at once, as South, East, West and North (South and
    /// North partners); or none, and `w` waits (with his partner, if his party's has come).
    pub(crate) fn doubles(&mut self, w: Waiting) -> Option<[Waiting; 4]> {
        self.leave_name(&w.name, None);
        let code = w.party.clone();
        let partner = code.and_then(|code| self.partner_of(&code));
        let Some(partner) = partner else {
            if w.party.is_some() {
                // His partner has not come: he waits for him.
                self.queue.push(w);
                return None;
            }
            return self.for_one(w);
        };
        let pair = [partner, w];
        let field = self.field(pair[0].length);
        let mean = (pair[0].rating + pair[1].rating) / 2.0;
        let Some(them) = self.nearest_two(&field, mean, &[]) else {
            self.queue.extend(pair);
            return None;
        };
        let [e, west] = self.take_places(&them).try_into().ok()?;
        let [s, n] = pair;
        Some([s, e, west, n])
    }

    /// A player alone: with the three players alone nearest him (from other addresses
    /// first), or with the one nearest him as partner against the party nearest the two.
    fn for_one(&mut self, w: Waiting) -> Option<[Waiting; 4]> {
        let field = self.field(w.length);
        if field.alone.len() >= 3 {
            let mut four = self.take_nearest(&w, Mode::Doubles, 3)?;
            four.push(w);
            four.sort_by(|a, b| b.rating.total_cmp(&a.rating));
            let [best, second, third, fourth] = four.try_into().ok()?;
            return Some([best, second, third, fourth]);
        }
        let near = |i: &usize| (self.queue[*i].rating - w.rating).abs();
        let partner = field
            .alone
            .iter()
            .copied()
            .min_by(|a, b| near(a).total_cmp(&near(b)));
        let (Some(partner), false) = (partner, field.pairs.is_empty()) else {
            self.queue.push(w);
            return None;
        };
        let mean = (self.queue[partner].rating + w.rating) / 2.0;
        let only_pairs = Field {
            alone: Vec::new(),
            pairs: field.pairs,
        };
        let them = self.nearest_two(&only_pairs, mean, &[partner])?;
        let [partner, e, west] = (self.take_places(&[partner, them[0], them[1]]))
            .try_into()
            .ok()?;
        Some([w, e, west, partner])
    }

    /// The two of `field` (a party, or two players alone) nearest `rating` on average, but
    /// those at `but`: their places in the queue.
    fn nearest_two(&self, field: &Field, rating: f64, but: &[usize]) -> Option<[usize; 2]> {
        let off = |two: &[usize; 2]| {
            let mean = (self.queue[two[0]].rating + self.queue[two[1]].rating) / 2.0;
            (mean - rating).abs()
        };
        let mut alone: Vec<usize> = (field.alone.iter().copied())
            .filter(|i| !but.contains(i))
            .collect();
        let near = |i: &usize| (self.queue[*i].rating - rating).abs();
        alone.sort_by(|a, b| near(a).total_cmp(&near(b)));
        let two_alone = (alone.len() >= 2).then(|| [alone[0], alone[1]]);
        (field.pairs.iter().copied())
            .chain(two_alone)
            .min_by(|a, b| off(a).total_cmp(&off(b)))
    }

    /// The doubles field of `length` as the queue has it now.
    fn field(&self, length: MatchLength) -> Field {
        let ready = |w: &Waiting| w.mode == Mode::Doubles && w.length == length;
        let mut field = Field {
            alone: Vec::new(),
            pairs: Vec::new(),
        };
        for (i, w) in self.queue.iter().enumerate().filter(|(_, w)| ready(w)) {
            match &w.party {
                None => field.alone.push(i),
                Some(code) => {
                    let other = (self.queue.iter().enumerate().skip(i + 1))
                        .find(|(_, o)| ready(o) && o.party.as_ref() == Some(code));
                    if let Some((j, _)) = other {
                        field.pairs.push([i, j]);
                    }
                }
            }
        }
        field
    }

    /// Party `code`'s partner who waits, taken out of the queue.
    fn partner_of(&mut self, code: &str) -> Option<Waiting> {
        let at = (self.queue.iter()).position(|q| q.party.as_deref() == Some(code))?;
        Some(self.queue.remove(at))
    }

    /// A code for a new party: none waiting holds it.
    pub(crate) fn new_party(&self) -> String {
        let mut rng = rand::rng();
        loop {
            let code = carrom_remote::new_code(&mut rng);
            let held = |w: &Waiting| w.party.as_deref() == Some(code.as_str());
            if !self.queue.iter().any(held) && !self.rooms.contains_key(&code) {
                return code;
            }
        }
    }

    /// The length of the match party `code`'s partner waits for, when `name` may join it:
    /// its one partner waits, and is not `name`.
    pub(crate) fn party_for(&self, code: &str, name: &str) -> Result<MatchLength, LobbyError> {
        let code = code.trim().to_uppercase();
        let held = |w: &&Waiting| w.party.as_deref() == Some(code.as_str());
        let partners: Vec<&Waiting> = self.queue.iter().filter(held).collect();
        match partners[..] {
            [] => Err(LobbyError::NoParty(code)),
            [p] if p.name == name => Err(LobbyError::OwnParty),
            [p] => Ok(p.length),
            _ => Err(LobbyError::PartyFull),
        }
    }

    /// The players who have waited `after` or longer, out of the queue: each with his party's
    /// partner, if he waits too, to be seated together.
    pub(crate) fn waited(&mut self, after: Duration) -> Vec<(Waiting, Option<Waiting>)> {
        let (due, wait): (Vec<Waiting>, Vec<Waiting>) =
            (self.queue.drain(..)).partition(|w| w.since.elapsed() >= after);
        self.queue = wait;
        let mut seated: Vec<(Waiting, Option<Waiting>)> = Vec::new();
        for w in due {
            let code = w.party.clone();
            let with = seated.iter_mut().find(|(first, partner)| {
                partner.is_none() && code.is_some() && first.party == code
            });
            match with {
                Some((_, partner)) => *partner = Some(w),
                None => {
                    let partner = code.and_then(|code| self.partner_of(&code));
                    seated.push((w, partner));
                }
            }
        }
        seated
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `name` waiting for one-board doubles (in `party`, if given), each from an address of
    /// his own.
    fn waiting(conn: u64, name: &str, rating: f64, party: Option<&str>) -> Waiting {
        let ip = format!("192.0.2.{conn}");
        Waiting {
            mode: Mode::Doubles,
            party: party.map(str::to_string),
            ..super::super::tests::waiting(conn, name, rating, &ip)
        }
    }

    fn names(four: &[Waiting; 4]) -> [&str; 4] {
        [0, 1, 2, 3].map(|i| four[i].name.as_str())
    }

    #[test]
    fn four_players_alone_are_seated_best_and_fourth_against_second_and_third() {
        let mut lobby = Lobby::default();
        for (i, (name, r)) in [("Asha", 30.0), ("Ravi", 20.0), ("Meena", 25.0)]
            .into_iter()
            .enumerate()
        {
            assert!(
                lobby
                    .doubles(waiting(i as u64 + 1, name, r, None))
                    .is_none()
            );
        }
        let four = lobby.doubles(waiting(4, "Joseph", 28.0, None)).unwrap();
        assert_eq!(names(&four), ["Asha", "Joseph", "Meena", "Ravi"]);
        assert!(lobby.queue.is_empty());
    }

    #[test]
    fn a_party_waits_for_its_partner_then_the_two_sit_opposite_against_a_waiting_party() {
        let mut lobby = Lobby::default();
        let code = lobby.new_party();
        assert!(
            lobby
                .doubles(waiting(1, "Asha", 25.0, Some(&code)))
                .is_none()
        );
        assert!(lobby.doubles(waiting(2, "Kim", 24.0, None)).is_none());
        let other = lobby.new_party();
        assert_ne!(other, code);
        assert!(
            lobby
                .doubles(waiting(3, "Lee", 40.0, Some(&other)))
                .is_none()
        );
        // Lee's party has come whole, but only one player alone waits: they wait.
        assert!(
            lobby
                .doubles(waiting(4, "Sam", 40.0, Some(&other)))
                .is_none()
        );
        assert!(matches!(
            lobby.party_for(&code, "Asha"),
            Err(LobbyError::OwnParty)
        ));
        let length = lobby.party_for(&code.to_lowercase(), "Ravi");
        assert_eq!(length.unwrap(), MatchLength::Board, "a code as typed");
        assert!(matches!(
            lobby.party_for(&other, "Ravi"),
            Err(LobbyError::PartyFull)
        ));
        assert!(matches!(
            lobby.party_for("ZZZZ", "Ravi"),
            Err(LobbyError::NoParty(_))
        ));
        let four = lobby
            .doubles(waiting(5, "Ravi", 25.0, Some(&code)))
            .unwrap();
        assert_eq!(
            names(&four),
            ["Asha", "Lee", "Sam", "Ravi"],
            "partners opposite"
        );
        let left: Vec<&str> = lobby.queue.iter().map(|w| w.name.as_str()).collect();
        assert_eq!(left, ["Kim"]);
    }

    #[test]
    fn a_player_alone_partners_the_nearest_other_against_a_waiting_party() {
        let mut lobby = Lobby::default();
        let code = lobby.new_party();
        assert!(
            lobby
                .doubles(waiting(1, "Lee", 30.0, Some(&code)))
                .is_none()
        );
        assert!(
            lobby
                .doubles(waiting(2, "Sam", 30.0, Some(&code)))
                .is_none()
        );
        assert!(lobby.doubles(waiting(3, "Kim", 29.0, None)).is_none());
        let four = lobby.doubles(waiting(4, "Bea", 31.0, None)).unwrap();
        assert_eq!(names(&four), ["Bea", "Lee", "Sam", "Kim"]);
        assert!(lobby.queue.is_empty());
    }

    #[test]
    fn a_party_that_waited_its_time_is_seated_together() {
        let mut lobby = Lobby::default();
        let code = lobby.new_party();
        lobby.doubles(waiting(1, "Asha", 25.0, Some(&code)));
        lobby.doubles(waiting(2, "Kim", 20.0, None));
        lobby.doubles(waiting(3, "Ravi", 25.0, Some(&code)));
        let due = lobby.waited(Duration::ZERO);
        let seated: Vec<(&str, Option<&str>)> = (due.iter())
            .map(|(w, p)| (w.name.as_str(), p.as_ref().map(|p| p.name.as_str())))
            .collect();
        assert_eq!(seated, [("Kim", None), ("Asha", Some("Ravi"))]);
        assert!(lobby.queue.is_empty());
        assert!(matches!(
            lobby.party_for(&code, "Ravi"),
            Err(LobbyError::NoParty(_))
        ));
    }
}
