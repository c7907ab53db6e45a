//! Where players wait for a match: quick match (singles; paired with the waiting player nearest
//! in rating, or after the server's wait, a computer at the level nearest the player's rating,
//! unrated) and private rooms with short codes (singles or doubles; unrated).

use crate::error::LobbyError;
use crate::live::{Outbox, SeatPlan, ToMatch, tell};
use crate::rating::level_near;
use crate::shared::Shared;
use carrom_match::{Level, MatchLength, MatchSetup};
use carrom_online::{Mode, ToClient};
use carrom_referee::{Rules, Seat, Seats};
use carrom_remote::Origin;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod doubles;

/// A player waiting for a quick match.
#[derive(Clone, Debug)]
pub(crate) struct Waiting {
    pub(crate) conn: u64,
    pub(crate) name: String,
    /// His rating for the match he asks for (singles, or doubles on Weng-Lin's scale).
    pub(crate) rating: f64,
    pub(crate) mode: Mode,
    pub(crate) length: MatchLength,
    pub(crate) since: Instant,
    pub(crate) outbox: Outbox,
    /// Where he connects from: of the players waiting, one from another address is taken
    /// first (a farm of throwaway names meets the others before itself).
    pub(crate) origin: Origin,
    /// The code of the party of partners he waits in for quick doubles, if he does.
    pub(crate) party: Option<String>,
}

/// A private room: its seats, each a person's (once one sits), or a computer's.
#[derive(Clone, Debug)]
pub(crate) struct Room {
    /// Its code: to sit in it, and to watch its match.
    pub(crate) code: String,
    pub(crate) seats: Seats,
    pub(crate) length: MatchLength,
    pub(crate) places: Vec<(Seat, Place)>,
}

#[derive(Clone, Debug)]
pub(crate) enum Place {
    Empty,
    Person {
        conn: u64,
        name: String,
        outbox: Outbox,
    },
    Computer(Level),
}

#[derive(Default)]
pub(crate) struct Lobby {
    pub(crate) queue: Vec<Waiting>,
    pub(crate) rooms: HashMap<String, Room>,
}

impl Lobby {
    /// A connection is gone: out of the queue and of any room not yet started.
    pub(crate) fn leave(&mut self, conn: u64) {
        self.queue.retain(|w| w.conn != conn);
        self.empty_seats(|c, _| c == conn, None);
    }

    /// `name` takes a place (the queue, or a seat in room `but`): out of every other place he
    /// held. A name waits in one place at a time, so it holds one room at most, and two rooms
    /// of his never start two matches at once.
    pub(crate) fn leave_name(&mut self, name: &str, but: Option<&str>) {
        self.queue.retain(|w| w.name != name);
        self.empty_seats(|_, n| n == name, but);
    }

    /// The seats of the rooms (but room `but`) whose person is `whose`, emptied; the rooms
    /// left with no person, closed.
    fn empty_seats(&mut self, whose: impl Fn(u64, &str) -> bool, but: Option<&str>) {
        for (code, room) in &mut self.rooms {
            if but == Some(code.as_str()) {
                continue;
            }
            for (_, place) in &mut room.places {
                if matches!(place, Place::Person { conn, name, .. } if whose(*conn, name)) {
                    *place = Place::Empty;
                }
            }
        }
        self.rooms.retain(|_, r| {
            r.places
                .iter()
                .any(|(_, p)| matches!(p, Place::Person { .. }))
        });
    }

    /// `w` waits, unless a player waits already for a singles match of the same length:
    /// then the one from another address nearest in rating (one from his own address only
    /// when no other waits) is taken out of the queue and returned.
    fn pair(&mut self, w: Waiting) -> Option<(Waiting, Waiting)> {
        let Some(mut near) = self.take_nearest(&w, Mode::Singles, 1) else {
            self.queue.push(w);
            return None;
        };
        Some((near.remove(0), w))
    }

    /// The `n` players waiting for a match of `w`'s length and `mode` nearest `w` in rating,
    /// those from other addresses first, taken out of the queue; none (and nobody taken) when
    /// fewer wait. `w` leaves every other place he held first.
    fn take_nearest(&mut self, w: &Waiting, mode: Mode, n: usize) -> Option<Vec<Waiting>> {
        self.leave_name(&w.name, None);
        let mut near: Vec<usize> = (0..self.queue.len())
            .filter(|&i| self.queue[i].length == w.length && self.queue[i].mode == mode)
            .filter(|&i| self.queue[i].party.is_none())
            .collect();
        if near.len() < n {
            return None;
        }
        let far = |q: &Waiting| (q.origin == w.origin, (q.rating - w.rating).abs());
        near.sort_by(|&a, &b| {
            let (fa, fb) = (far(&self.queue[a]), far(&self.queue[b]));
            fa.0.cmp(&fb.0).then(fa.1.total_cmp(&fb.1))
        });
        Some(self.take_places(&near[..n]))
    }

    /// The players at places `at` of the queue (each once), taken out of it, in that order.
    fn take_places(&mut self, at: &[usize]) -> Vec<Waiting> {
        let mut queue: Vec<Option<Waiting>> = self.queue.drain(..).map(Some).collect();
        let taken = (at.iter())
            .filter_map(|&i| queue.get_mut(i)?.take())
            .collect();
        self.queue = queue.into_iter().flatten().collect();
        taken
    }
}

/// The rules of a match of `length` (ICF's, shortened).
fn rules(length: MatchLength) -> Rules {
    let mut rules = Rules::icf();
    length.apply(&mut rules);
    rules
}

fn setup(shared: &Shared, seats: Seats, length: MatchLength) -> MatchSetup {
    let seed = shared.config.seed.unwrap_or_else(rand::random);
    MatchSetup::new(seats, rules(length), "icf", seed)
}

/// Starts a match of `seats` (rated, and watched with a code when it is a room's) and
/// attaches its people's connections to it.
async fn start(
    shared: &Arc<Shared>,
    (setup, seats): (MatchSetup, Vec<SeatPlan>),
    how: (bool, Option<String>),
    people: Vec<(u64, String, Outbox)>,
) {
    match shared.start_match(setup, seats, how).await {
        Ok(handle) => {
            for (conn, name, outbox) in people {
                let _ = (handle.to)
                    .send(ToMatch::Attach {
                        conn,
                        name: Some(name),
                        outbox,
                    })
                    .await;
            }
        }
        Err(why) => {
            for (_, _, outbox) in people {
                let reason = format!("the match could not start: {why}");
                tell(&outbox, &ToClient::Rejected { reason });
            }
        }
    }
}

/// Quick match for `w`: paired at once, or waiting.
pub(crate) async fn quick(shared: &Arc<Shared>, w: Waiting) {
    if w.mode == Mode::Doubles {
        return quick_doubles(shared, w).await;
    }
    let length = w.length;
    let paired = shared.lobby.lock().ok().and_then(|mut l| l.pair(w.clone()));
    let Some((a, b)) = paired else {
        let what = "waiting for an opponent near your rating".to_string();
        tell(&w.outbox, &ToClient::Waiting { what });
        return;
    };
    let seats = vec![
        SeatPlan {
            seat: Seat::South,
            name: a.name.clone(),
            computer: None,
        },
        SeatPlan {
            seat: Seat::North,
            name: b.name.clone(),
            computer: None,
        },
    ];
    let setup = setup(shared, Seats::Singles, length);
    let people = vec![(a.conn, a.name, a.outbox), (b.conn, b.name, b.outbox)];
    start(shared, (setup, seats), (true, None), people).await;
}

/// Quick doubles for `w`: the four seated at once (partners opposite as Laws 27-28 seat them:
/// [`Lobby::doubles`]), or waiting.
async fn quick_doubles(shared: &Arc<Shared>, w: Waiting) {
    let length = w.length;
    let four = shared
        .lobby
        .lock()
        .ok()
        .and_then(|mut l| l.doubles(w.clone()));
    let Some(four) = four else {
        let what = match &w.party {
            None => "waiting for three players near your doubles rating".to_string(),
            Some(code) => format!(
                "waiting with party {} for your partner, or for the pair you will play",
                carrom_remote::shown(code)
            ),
        };
        tell(&w.outbox, &ToClient::Waiting { what });
        return;
    };
    let at = [Seat::South, Seat::East, Seat::West, Seat::North];
    let seats = (at.iter().zip(&four))
        .map(|(&seat, p)| SeatPlan {
            seat,
            name: p.name.clone(),
            computer: None,
        })
        .collect();
    let setup = setup(shared, Seats::Doubles, length);
    let people = four
        .into_iter()
        .map(|p| (p.conn, p.name, p.outbox))
        .collect();
    start(shared, (setup, seats), (true, None), people).await;
}

/// A quick match that waited its time: against the server's computers near the player's
/// rating (his partner and both opponents in doubles; with his party's partner, the two
/// opponents), unrated.
async fn against_computer(shared: &Arc<Shared>, w: Waiting, partner: Option<Waiting>) {
    if w.mode == Mode::Doubles {
        let mut seats = computers_around(&w, Level::Medium);
        let mut people = vec![(w.conn, w.name, w.outbox)];
        if let Some(p) = partner {
            let north = (seats.iter_mut()).find(|s| s.seat == Seat::North);
            if let Some(north) = north {
                (north.name, north.computer) = (p.name.clone(), None);
            }
            people.push((p.conn, p.name, p.outbox));
        }
        let setup = setup(shared, Seats::Doubles, w.length);
        return start(shared, (setup, seats), (false, None), people).await;
    }
    let level = level_near(w.rating);
    let seats = vec![
        SeatPlan {
            seat: Seat::South,
            name: w.name.clone(),
            computer: None,
        },
        SeatPlan {
            seat: Seat::North,
            name: format!("Computer ({})", level.name()),
            computer: Some(level),
        },
    ];
    let setup = setup(shared, Seats::Singles, w.length);
    let person = vec![(w.conn, w.name, w.outbox)];
    start(shared, (setup, seats), (false, None), person).await;
}

/// `w` at South and the server's computers of `level` at the other three seats.
fn computers_around(w: &Waiting, level: Level) -> Vec<SeatPlan> {
    let mut seats = vec![SeatPlan {
        seat: Seat::South,
        name: w.name.clone(),
        computer: None,
    }];
    for seat in [Seat::East, Seat::North, Seat::West] {
        seats.push(SeatPlan {
            seat,
            name: format!("Computer {} ({})", seat.title(), level.name()),
            computer: Some(level),
        });
    }
    seats
}

/// Offers a computer to every quick match that has waited the server's time.
pub(crate) async fn run(shared: Arc<Shared>) {
    let mut tick = tokio::time::interval(Duration::from_millis(200));
    loop {
        tick.tick().await;
        let after = shared.config.computer_after;
        let due = match shared.lobby.lock() {
            Ok(mut l) => l.waited(after),
            Err(_) => return,
        };
        for (w, partner) in due {
            against_computer(&shared, w, partner).await;
        }
    }
}

/// A new private room: its creator at South, the computers at their seats. Its code, to give
/// the others; none when the computers fill it, and its match has started.
pub(crate) async fn create(
    shared: &Arc<Shared>,
    creator: (u64, String, Outbox),
    mode: Mode,
    length: MatchLength,
    computers: &[Seat],
    level: Level,
) -> Result<Option<String>, LobbyError> {
    let seats = match mode {
        Mode::Singles => Seats::Singles,
        Mode::Doubles => Seats::Doubles,
    };
    if let Some(s) = computers
        .iter()
        .find(|s| !seats.contains(**s) || **s == Seat::South)
    {
        return Err(LobbyError::NotAComputersSeat(*s));
    }
    let (conn, name, outbox) = creator;
    (shared.lobby.lock().map_err(|_| LobbyError::Gone)?).leave_name(&name, None);
    let places = seats
        .seats()
        .iter()
        .map(|&seat| match seat {
            Seat::South => (
                seat,
                Place::Person {
                    conn,
                    name: name.clone(),
                    outbox: outbox.clone(),
                },
            ),
            s if computers.contains(&s) => (seat, Place::Computer(level)),
            _ => (seat, Place::Empty),
        })
        .collect();
    let room = {
        let lobby = shared.lobby.lock().map_err(|_| LobbyError::Gone)?;
        let mut rng = rand::rng();
        let code = loop {
            let code = carrom_remote::new_code(&mut rng);
            if !lobby.rooms.contains_key(&code) {
                break code;
            }
        };
        Room {
            code,
            seats,
            length,
            places,
        }
    };
    // Every other seat the server's computers': the room is full as it is made, and its
    // match starts (no code to give: nobody sits or watches).
    if !room.places.iter().any(|(_, p)| matches!(p, Place::Empty)) {
        start_room(shared, room).await;
        return Ok(None);
    }
    let code = room.code.clone();
    let mut lobby = shared.lobby.lock().map_err(|_| LobbyError::Gone)?;
    lobby.rooms.insert(code.clone(), room);
    Ok(Some(code))
}

/// `who` sits at the next free seat of room `code`; when every seat is filled the match
/// starts. Refused when there is no such room or it is full.
pub(crate) async fn join(
    shared: &Arc<Shared>,
    code: &str,
    who: (u64, String, Outbox),
) -> Result<(), LobbyError> {
    let code = code.trim().to_uppercase();
    let full = {
        let mut lobby = shared.lobby.lock().map_err(|_| LobbyError::Gone)?;
        let room = (lobby.rooms.get(&code)).ok_or_else(|| LobbyError::NoRoom(code.clone()))?;
        if room
            .places
            .iter()
            .any(|(_, p)| matches!(p, Place::Person { name, .. } if *name == who.1))
        {
            return Err(LobbyError::InTheRoomAlready);
        }
        if !room.places.iter().any(|(_, p)| matches!(p, Place::Empty)) {
            return Err(LobbyError::Full);
        }
        lobby.leave_name(&who.1, Some(&code));
        let room = (lobby.rooms.get_mut(&code)).ok_or_else(|| LobbyError::NoRoom(code.clone()))?;
        let (_, place) = (room.places.iter_mut())
            .find(|(_, p)| matches!(p, Place::Empty))
            .ok_or(LobbyError::Full)?;
        *place = Place::Person {
            conn: who.0,
            name: who.1.clone(),
            outbox: who.2.clone(),
        };
        let full = !room.places.iter().any(|(_, p)| matches!(p, Place::Empty));
        if full {
            lobby.rooms.remove(&code)
        } else {
            None
        }
    };
    match full {
        Some(room) => start_room(shared, room).await,
        None => tell(
            &who.2,
            &ToClient::Waiting {
                what: format!("in room {code}: waiting for the other players"),
            },
        ),
    }
    Ok(())
}

async fn start_room(shared: &Arc<Shared>, room: Room) {
    let mut seats = Vec::new();
    let mut people = Vec::new();
    for (seat, place) in room.places {
        match place {
            Place::Person { conn, name, outbox } => {
                seats.push(SeatPlan {
                    seat,
                    name: name.clone(),
                    computer: None,
                });
                people.push((conn, name, outbox));
            }
            Place::Computer(level) => seats.push(SeatPlan {
                seat,
                name: format!("Computer {} ({})", seat.title(), level.name()),
                computer: Some(level),
            }),
            Place::Empty => {}
        }
    }
    // A doubles room of four people is rated (their doubles ratings), as a quick one is.
    let rated = room.seats == Seats::Doubles && people.len() == 4;
    let setup = setup(shared, room.seats, room.length);
    start(shared, (setup, seats), (rated, Some(room.code)), people).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outbox::Outbox;

    /// `name` waiting for a one-board singles match on connection `conn`, from `ip`.
    pub(super) fn waiting(conn: u64, name: &str, rating: f64, ip: &str) -> Waiting {
        Waiting {
            conn,
            name: name.into(),
            rating,
            length: MatchLength::Board,
            since: Instant::now(),
            outbox: Outbox::new().0,
            origin: Origin::of(ip.parse().unwrap()),
            mode: Mode::Singles,
            party: None,
        }
    }

    #[test]
    fn a_player_from_another_address_is_taken_before_one_from_his_own() {
        let mut lobby = Lobby::default();
        let x = "192.0.2.7";
        lobby.queue.push(waiting(1, "Asha", 1500.0, x));
        lobby.queue.push(waiting(2, "Ravi", 1900.0, "2001:db8::9"));
        // Asha's second name: Ravi is taken, though farther in rating than Asha.
        let (a, b) = lobby.pair(waiting(3, "Asha2", 1500.0, x)).expect("paired");
        assert_eq!((a.name.as_str(), b.name.as_str()), ("Ravi", "Asha2"));
        let (a, _) = (lobby.pair(waiting(4, "Bea", 1500.0, x)))
            .expect("only her own address waits: paired with it");
        assert_eq!(a.name, "Asha");
    }

    #[test]
    fn a_name_waits_in_one_place_at_a_time() {
        let mut lobby = Lobby::default();
        let asha = |conn| Place::Person {
            conn,
            name: "Asha".into(),
            outbox: Outbox::new().0,
        };
        for (code, conn) in [("AAAA", 1), ("BBBB", 2)] {
            let room = Room {
                code: code.into(),
                seats: Seats::Singles,
                length: MatchLength::Board,
                places: vec![(Seat::South, asha(conn)), (Seat::North, Place::Empty)],
            };
            lobby.leave_name("Asha", None);
            lobby.rooms.insert(code.into(), room);
        }
        assert_eq!(lobby.rooms.len(), 1, "her second room closed her first");
        assert!(lobby.rooms.contains_key("BBBB"));
        lobby.pair(waiting(3, "Asha", 1500.0, "192.0.2.7"));
        assert!(lobby.rooms.is_empty(), "her quick match closed her room");
        assert_eq!(lobby.queue.len(), 1);
    }
}
