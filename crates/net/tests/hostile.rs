//! A hostile peer on the loopback interface: every wrong move is refused with a message, and the
//! match goes on unharmed. Each wait is bounded.

mod common;

use carrom_match::Action;
use carrom_net::protocol::{CodeExchange, Hello, Prover, code_proof, proof_holds};
use carrom_net::wire::Client;
use carrom_net::{
    Guest, GuestEvent, Host, HostEvent, Joining, PROTOCOL, Refusal, Role, ToGuest, ToHost,
};
use carrom_physics::{Shot, Spec};
use carrom_referee::{Rules, Seat};
use common::{WAIT, break_shot, two_guests, wait_for};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Hosting {
    host: Arc<Mutex<Host>>,
    events: Arc<Mutex<Vec<HostEvent>>>,
    stop: Arc<Mutex<bool>>,
}

impl Drop for Hosting {
    fn drop(&mut self) {
        *self.stop.lock().unwrap() = true;
    }
}

/// A singles match on 127.0.0.1 whose two seats are guests', polled in a thread of its own.
fn host() -> Hosting {
    let host = Arc::new(Mutex::new(two_guests("FAIR42")));
    let events = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(Mutex::new(false));
    {
        let (host, events, stop) = (host.clone(), events.clone(), stop.clone());
        std::thread::spawn(move || {
            let t0 = Instant::now();
            while !*stop.lock().unwrap() && t0.elapsed() < Duration::from_secs(120) {
                let new = host.lock().unwrap().poll(Duration::ZERO);
                events.lock().unwrap().extend(new);
                std::thread::sleep(Duration::from_millis(2));
            }
        });
    }
    Hosting { host, events, stop }
}

fn joining(name: &str, code: &str, seats: &[Seat], role: Role) -> Joining {
    Joining {
        seats: seats.to_vec(),
        ..Joining::new(code, name, role, &Spec::default())
    }
}

fn join(h: &Hosting, name: &str, seats: &[Seat]) -> Guest {
    let addr = h.host.lock().unwrap().addr();
    Guest::join(addr, joining(name, "FAIR42", seats, Role::Player), WAIT).expect("joins")
}

/// A hello as a fair guest's, but for its protocol version and key exchange's message.
fn hello_of(name: &str, protocol: u32, pake: String) -> ToHost {
    ToHost::Hello(Hello {
        protocol,
        pake,
        name: name.into(),
        role: Role::Player,
        seats: vec![],
        computer: None,
        spec: Box::default(),
        rules: None,
    })
}

/// A message as a frame: its length, then its JSON.
fn frame_of(value: &serde_json::Value) -> Vec<u8> {
    let body = value.to_string().into_bytes();
    let mut bytes = (body.len() as u32).to_be_bytes().to_vec();
    bytes.extend(body);
    bytes
}

/// The host's answer to a raw client, which must be a refusal: its reason.
#[track_caller]
fn refused(client: &Client) -> String {
    match client.incoming.recv_timeout(WAIT).expect("an answer") {
        carrom_net::wire::FromHost::Message(ToGuest::Refused { reason }) => reason.to_string(),
        other => panic!("not refused: {other:?}"),
    }
}

/// The host's half of the key exchange, answering a raw client's hello.
#[track_caller]
fn challenge(client: &Client) -> String {
    match client.incoming.recv_timeout(WAIT).expect("an answer") {
        carrom_net::wire::FromHost::Message(ToGuest::Challenge { pake }) => pake,
        other => panic!("not a challenge: {other:?}"),
    }
}

#[track_caller]
fn rejected(guest: &mut Guest) -> String {
    wait_for(guest, |e| match e {
        GuestEvent::Rejected(r) => Some(r.clone()),
        _ => None,
    })
}

fn digest(h: &Hosting) -> (usize, u64) {
    let host = h.host.lock().unwrap();
    let g = host.game().expect("the match started");
    (g.actions.len(), g.digest())
}

#[test]
fn a_wrong_code_a_wrong_protocol_and_other_physics_are_refused_by_name() {
    let h = host();
    let addr = h.host.lock().unwrap().addr();
    let e = Guest::join(addr, joining("Eve", "WRONG1", &[], Role::Player), WAIT)
        .err()
        .expect("refused");
    assert!(e.is_wrong_code() && !e.is_other_version(), "{e:?}");
    assert_eq!(e.to_string(), "refused: wrong join code");

    let mut spec = Spec::default();
    spec.sim.min_dt *= 2.0;
    let mut other = joining("Eve", "FAIR42", &[], Role::Player);
    other.spec = spec;
    let e = Guest::join(addr, other, WAIT).err().expect("refused");
    assert!(e.is_refusal() && !e.is_wrong_code(), "{e:?}");
    let e = e.to_string();
    assert!(
        e.contains("the physics differs") && e.contains("sim.min_dt"),
        "{e}"
    );

    let mut rules = Rules::icf();
    rules.game_points += 4;
    let mut other = joining("Eve", "FAIR42", &[], Role::Player);
    other.rules = Some(rules);
    let e = Guest::join(addr, other, WAIT)
        .err()
        .expect("refused")
        .to_string();
    assert!(
        e.contains("the rules differ") && e.contains("game_points"),
        "{e}"
    );

    let client = Client::connect(addr, WAIT).unwrap();
    client.send(&hello_of(
        "Eve",
        PROTOCOL + 1,
        CodeExchange::start("FAIR42").1,
    ));
    let why = refused(&client);
    assert!(why.contains("protocol version"));
    assert!(Refusal::from_words(&why).is_other_version(), "{why}");
    // A message of another version's hello (here, one that sends the code itself) is refused
    // with the reason, not left unanswered.
    let old = Client::connect(addr, WAIT).unwrap();
    let mut value = serde_json::to_value(hello_of("Eve", PROTOCOL, String::new())).unwrap();
    value.as_object_mut().unwrap().remove("pake");
    value["code"] = "FAIR42".into();
    old.send_bytes(frame_of(&value));
    let why = refused(&old);
    assert!(why.contains("another version"), "{why}");
    assert!(Refusal::from_words(&why).is_other_version(), "{why}");
    // A proof of the right code made for another connection (a machine in the middle relaying
    // what a guest proved) is a wrong code here.
    let first = Client::connect(addr, WAIT).unwrap();
    let relay = Client::connect(addr, WAIT).unwrap();
    let (exchange, pake) = CodeExchange::start("FAIR42");
    relay.send(&hello_of("Mallory", PROTOCOL, pake));
    let key = exchange.finish(&challenge(&relay)).unwrap();
    relay.send(&ToHost::Proof {
        proof: code_proof(&key, Prover::Guest, &first.binding),
    });
    assert_eq!(refused(&relay), "wrong join code");
    // A proof before any hello is refused too.
    let eager = Client::connect(addr, WAIT).unwrap();
    eager.send(&ToHost::Proof {
        proof: "00".repeat(32),
    });
    assert_eq!(refused(&eager), "a proof before a hello");
    // Nobody got in: the match has not started.
    assert!(h.host.lock().unwrap().game().is_none());
}

/// A connection that answers the key exchange with no proof is told nothing of the match, even
/// when it starts: only the guests welcomed get it.
#[test]
fn a_connection_still_proving_its_code_is_not_sent_the_match() {
    let h = host();
    let addr = h.host.lock().unwrap().addr();
    let lurker = Client::connect(addr, WAIT).unwrap();
    lurker.send(&hello_of(
        "Lurker",
        PROTOCOL,
        CodeExchange::start("FAIR42").1,
    ));
    challenge(&lurker);
    let mut asha = join(&h, "Asha", &[Seat::South]);
    let _eve = join(&h, "Eve", &[Seat::North]);
    wait_for(&mut asha, |e| (*e == GuestEvent::Match).then_some(()));
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_secs(1) {
        if let Ok(got) = lurker.incoming.recv_timeout(Duration::from_millis(50)) {
            panic!("the lurker was sent {got:?}");
        }
    }
}

/// A "host" that does not know the code (a machine in the middle, or the wrong address) cannot
/// prove it: the guest leaves, and says why.
#[test]
fn a_host_that_cannot_prove_the_code_is_left() {
    use carrom_net::wire::{FromGuest, Server};
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr;
    let guest = std::thread::spawn(move || {
        Guest::join(addr, joining("Ravi", "FAIR42", &[], Role::Player), WAIT)
            .err()
            .expect("the guest leaves")
            .to_string()
    });
    // It answers the exchange with a code of its own and welcomes the guest with a proof.
    let t0 = Instant::now();
    let mut binding = None;
    let mut key = None;
    while t0.elapsed() < WAIT {
        match server.incoming.recv_timeout(WAIT) {
            Ok(FromGuest::Connected { binding: b, .. }) => binding = Some(b),
            Ok(FromGuest::Message {
                conn,
                message: ToHost::Hello(hello),
            }) => {
                let (exchange, pake) = CodeExchange::start("GUESS1");
                key = Some(exchange.finish(&hello.pake).unwrap());
                server.send(conn, ToGuest::Challenge { pake });
            }
            Ok(FromGuest::Message {
                conn,
                message: ToHost::Proof { proof },
            }) => {
                let (binding, key) = (binding.expect("connected"), key.take().expect("a hello"));
                // The guest's proof does not hold for the guessed code.
                assert!(!proof_holds(&key, Prover::Guest, &binding, &proof));
                server.send(
                    conn,
                    ToGuest::Welcome {
                        protocol: PROTOCOL,
                        proof: code_proof(&key, Prover::Host, &binding),
                        seats: vec![Seat::North],
                        seating: vec![],
                    },
                );
                break;
            }
            _ => {}
        }
    }
    let e = guest.join().unwrap();
    assert!(
        e.contains("did not prove that it knows the join code"),
        "{e}"
    );
}

#[test]
fn a_guest_acts_only_for_its_own_seat_and_in_its_turn() {
    let h = host();
    let mut asha = join(&h, "Asha", &[Seat::South]);
    let mut eve = join(&h, "Eve", &[]);
    assert_eq!(eve.seats, vec![Seat::North]);
    wait_for(&mut asha, |e| (*e == GuestEvent::Match).then_some(()));
    wait_for(&mut eve, |e| (*e == GuestEvent::Match).then_some(()));
    let before = digest(&h);

    // Eve strikes for South, whose turn it is.
    eve.send_raw(ToHost::Act {
        index: 0,
        action: Action::Stroke { shot: break_shot() },
    });
    let r = rejected(&mut eve);
    assert!(r.contains("south seat is not yours"), "{r}");
    // Eve places a piece nobody returned, as if it were her turn.
    eve.send_raw(ToHost::Act {
        index: 0,
        action: Action::Place { x: 0.0, y: 0.1 },
    });
    let r = rejected(&mut eve);
    assert!(r.contains("not yours"), "{r}");
    // Eve proves her code again once welcomed: refused, and she stays.
    eve.send_raw(ToHost::Proof {
        proof: "00".repeat(32),
    });
    assert_eq!(rejected(&mut eve), "a proof after the welcome");
    // Asha strikes, but from North's seat.
    asha.send_raw(ToHost::Act {
        index: 0,
        action: Action::Stroke {
            shot: Shot {
                seat: Seat::North,
                ..break_shot()
            },
        },
    });
    let r = rejected(&mut asha);
    assert!(r.contains("a stroke from the north seat"), "{r}");
    // Asha strikes with a power no hand has.
    asha.send_raw(ToHost::Act {
        index: 0,
        action: Action::Stroke {
            shot: Shot {
                power: 7.0,
                ..break_shot()
            },
        },
    });
    rejected(&mut asha);
    assert_eq!(digest(&h), before, "nothing refused changed the match");

    // Asha breaks; the same stroke sent again is not applied twice.
    assert!(asha.act(Action::Stroke { shot: break_shot() }));
    wait_for(&mut asha, |e| {
        matches!(e, GuestEvent::Applied(_)).then_some(())
    });
    asha.send_raw(ToHost::Act {
        index: 0,
        action: Action::Stroke { shot: break_shot() },
    });
    let r = rejected(&mut asha);
    assert!(r.contains("applied already"), "{r}");
    assert_eq!(digest(&h).0, 1);
    assert_eq!(asha.game.as_ref().unwrap().digest(), digest(&h).1);
}

#[test]
fn a_spectator_watches_and_never_acts() {
    let h = host();
    let _asha = join(&h, "Asha", &[]);
    let _ravi = join(&h, "Ravi", &[]);
    let addr = h.host.lock().unwrap().addr();
    let mut watcher =
        Guest::join(addr, joining("Kim", "FAIR42", &[], Role::Spectator), WAIT).unwrap();
    assert!(watcher.seats.is_empty());
    wait_for(&mut watcher, |e| (*e == GuestEvent::Match).then_some(()));
    watcher.send_raw(ToHost::Act {
        index: 0,
        action: Action::Stroke { shot: break_shot() },
    });
    assert_eq!(rejected(&mut watcher), "a spectator does not play");
    // A seat that is no guest's is refused, and so is a seat another guest holds.
    let e = Guest::join(
        addr,
        joining("Eve", "FAIR42", &[Seat::North], Role::Player),
        WAIT,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("the north seat is Ravi's"), "{e}");
    assert_eq!(digest(&h).0, 0);
}

#[test]
fn malformed_oversized_and_flooding_messages_are_refused_and_the_match_goes_on() {
    let h = host();
    let mut asha = join(&h, "Asha", &[Seat::South]);
    let mut eve = join(&h, "Eve", &[Seat::North]);
    wait_for(&mut asha, |e| (*e == GuestEvent::Match).then_some(()));
    let before = digest(&h);

    // Not JSON, and JSON that is no message.
    let mut junk = 9u32.to_be_bytes().to_vec();
    junk.extend_from_slice(b"not json!");
    eve.send_bytes(junk);
    let r = rejected(&mut eve);
    assert!(r.starts_with("malformed message"), "{r}");
    let body = br#"{"type":"act","index":"zero"}"#;
    let mut bad = (body.len() as u32).to_be_bytes().to_vec();
    bad.extend_from_slice(body);
    eve.send_bytes(bad);
    assert!(rejected(&mut eve).starts_with("malformed message"));

    // A flood: at most 20 a second are read, the rest dropped with a message.
    for _ in 0..150 {
        eve.send_raw(ToHost::Resync);
    }
    let r = rejected(&mut eve);
    assert!(r.starts_with("too many messages"), "{r}");

    // A frame longer than any guest message: refused, and that guest is disconnected.
    let mut huge = (1u32 << 24).to_be_bytes().to_vec();
    huge.extend(std::iter::repeat_n(b' ', 1024));
    eve.send_bytes(huge);
    let closed = wait_for(&mut eve, |e| match e {
        GuestEvent::Rejected(r) if r.contains("over the limit") => Some(r.clone()),
        _ => None,
    });
    assert!(closed.contains("16777216 bytes"), "{closed}");
    wait_for(&mut eve, |e| {
        matches!(e, GuestEvent::Closed(_)).then_some(())
    });
    assert_eq!(digest(&h), before);

    // The match goes on: Asha breaks, Eve comes back and is brought up to date.
    assert!(asha.act(Action::Stroke { shot: break_shot() }));
    wait_for(&mut asha, |e| {
        matches!(e, GuestEvent::Applied(_)).then_some(())
    });
    let addr = h.host.lock().unwrap().addr();
    let mut back = Guest::join(addr, joining("Eve", "FAIR42", &[], Role::Player), WAIT).unwrap();
    assert_eq!(back.seats, vec![Seat::North]);
    wait_for(&mut back, |e| (*e == GuestEvent::Match).then_some(()));
    assert_eq!(back.game.as_ref().unwrap().digest(), digest(&h).1);
    let events = h.events.lock().unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, HostEvent::Left { name, .. } if name == "Eve"))
    );
}

#[test]
fn a_peer_that_never_says_hello_is_closed() {
    let h = host();
    let addr = h.host.lock().unwrap().addr();
    let client = Client::connect(addr, WAIT).unwrap();
    // Half of a frame's length, and then nothing.
    client.send_bytes(vec![0, 0]);
    let got = client
        .incoming
        .recv_timeout(carrom_net::wire::PROOF_WITHIN + WAIT)
        .expect("an answer");
    match got {
        carrom_net::wire::FromHost::Message(ToGuest::Refused { reason }) => {
            assert!(reason.to_string().contains("no hello"), "{reason}")
        }
        other => panic!("not refused: {other:?}"),
    }
}
