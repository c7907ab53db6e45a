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
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A player waiting for a quick match.
#[derive(Clone, Debug)]
pub(crate) struct Waiting {
    pub(crate) conn: u64,
    pub(crate) name: String,
    pub(crate) rating: f64,
    pub(crate) length: MatchLength,
    pub(crate) since: Instant,
    pub(crate) outbox: Outbox,
}

/// A private room: its seats, each a person's (once one sits), or a computer's.
#[derive(Clone, Debug)]
pub(crate) struct Room {
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
        for room in self.rooms.values_mut() {
            for (_, place) in &mut room.places {
                if matches!(place, Place::Person { conn: c, .. } if *c == conn) {
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

    /// `w` waits, unless a player waits already for a match of the same length: then the one
    /// nearest in rating is taken out of the queue and returned.
    fn pair(&mut self, w: Waiting) -> Option<(Waiting, Waiting)> {
        self.queue.retain(|q| q.name != w.name);
        let best = (self.queue.iter().enumerate())
            .filter(|(_, q)| q.length == w.length)
            .min_by(|a, b| {
                (a.1.rating - w.rating)
                    .abs()
                    .total_cmp(&(b.1.rating - w.rating).abs())
            })
            .map(|(i, _)| i);
        match best {
            Some(i) => Some((self.queue.remove(i), w)),
            None => {
                self.queue.push(w);
                None
            }
        }
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

/// Starts a match of `seats` and attaches its people's connections to it.
async fn start(
    shared: &Arc<Shared>,
    setup: MatchSetup,
    seats: Vec<SeatPlan>,
    rated: bool,
    people: Vec<(u64, String, Outbox)>,
) {
    match shared.start_match(setup, seats, rated).await {
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
    start(shared, setup, seats, true, people).await;
}

/// A quick match that waited its time: against a computer near the player's rating, unrated.
async fn against_computer(shared: &Arc<Shared>, w: Waiting) {
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
    start(
        shared,
        setup,
        seats,
        false,
        vec![(w.conn, w.name, w.outbox)],
    )
    .await;
}

/// Offers a computer to every quick match that has waited the server's time.
pub(crate) async fn run(shared: Arc<Shared>) {
    let mut tick = tokio::time::interval(Duration::from_millis(200));
    loop {
        tick.tick().await;
        let after = shared.config.computer_after;
        let due: Vec<Waiting> = match shared.lobby.lock() {
            Ok(mut l) => {
                let (due, wait) = l.queue.drain(..).partition(|w| w.since.elapsed() >= after);
                l.queue = wait;
                due
            }
            Err(_) => return,
        };
        for w in due {
            against_computer(&shared, w).await;
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
    let room = Room {
        seats,
        length,
        places,
    };
    // Every other seat the server's computers': the room is full as it is made, and its
    // match starts (no code to give).
    if !room.places.iter().any(|(_, p)| matches!(p, Place::Empty)) {
        start_room(shared, room).await;
        return Ok(None);
    }
    let mut lobby = shared.lobby.lock().map_err(|_| LobbyError::Gone)?;
    let mut rng = rand::rng();
    let code = loop {
        let code = carrom_remote::new_code(&mut rng);
        if !lobby.rooms.contains_key(&code) {
            break code;
        }
    };
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
        let room = (lobby.rooms.get_mut(&code)).ok_or_else(|| LobbyError::NoRoom(code.clone()))?;
        if room
            .places
            .iter()
            .any(|(_, p)| matches!(p, Place::Person { name, .. } if *name == who.1))
        {
            return Err(LobbyError::InTheRoomAlready);
        }
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
    let setup = setup(shared, room.seats, room.length);
    start(shared, setup, seats, false, people).await;
}
