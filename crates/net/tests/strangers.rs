//! Strangers who do not know the join code, on the loopback interface: a flood of connections
//! that never prove it does not keep out a guest who does (nor one coming back to his seat),
//! wrong codes are slowed per address and overall, a "host" that cannot prove the code ends a
//! guest's reconnection at once, and what a peer sends is shown with its control characters
//! escaped. Each wait is bounded. The strangers connect from 127.0.0.2 and up, which Linux
//! routes to the loopback interface.

use carrom_match::MatchSetup;
use carrom_net::protocol::{CodeExchange, Hello, Prover, code_proof};
use carrom_net::wire::{Client, FromGuest, FromHost, Server};
use carrom_net::{Guest, Holder, Host, HostConfig, Joining, PROTOCOL, Refusal, Role};
use carrom_net::{SeatState, ToGuest, ToHost};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seat, Seats};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(10);
const CODE: &str = "FAIR42";

/// Stops what runs in the background when dropped.
#[derive(Default)]
struct Stop(Arc<AtomicBool>);

impl Drop for Stop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A singles match on `bind` whose two seats are guests', polled in a thread of its own until
/// `stop`.
fn host(bind: &str, stop: &Stop) -> SocketAddr {
    let setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 5);
    let holders = vec![(Seat::South, Holder::Guest), (Seat::North, Holder::Guest)];
    let config = HostConfig::new(
        bind.parse().unwrap(),
        CODE,
        setup,
        holders,
        &Spec::default(),
    );
    let mut host = Host::start(config, Box::new(|_| None)).expect("the host starts");
    let addr = host.addr();
    let stop = stop.0.clone();
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            host.poll(Duration::from_millis(20));
        }
    });
    addr
}

fn joining(name: &str, code: &str) -> Joining {
    Joining::new(code, name, Role::Player, &Spec::default())
}

fn hello(pake: String) -> ToHost {
    ToHost::Hello(Hello {
        protocol: PROTOCOL,
        pake,
        name: "Stranger".into(),
        role: Role::Player,
        seats: vec![],
        computer: None,
        spec: Box::default(),
        rules: None,
    })
}

fn loopback(last: u8) -> SocketAddr {
    SocketAddr::new(IpAddr::from([127, 0, 0, last]), 0)
}

/// A stranger at 127.0.0.`last`: connects, says hello and never proves the code, and does it
/// again as soon as the host lets it go, until `stop`. Counts its connections.
fn stranger(addr: SocketAddr, last: u8, stop: Arc<AtomicBool>, connections: Arc<AtomicUsize>) {
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            let Ok(client) = Client::connect_first(&[addr], Some(loopback(last)), WAIT) else {
                std::thread::sleep(Duration::from_millis(100));
                continue;
            };
            connections.fetch_add(1, Ordering::Relaxed);
            client.send(&hello(CodeExchange::start(CODE).1));
            // Until the host lets go of it.
            while !stop.load(Ordering::Relaxed) {
                let got = client.incoming.recv_timeout(Duration::from_millis(100));
                if let Ok(FromHost::Closed(_) | FromHost::Message(ToGuest::Refused { .. })) = got {
                    break;
                }
            }
        }
    });
}

/// Joins with the code, trying again while the host is crowded: how long it took.
fn join_timed(addr: SocketAddr, name: &str) -> (Guest, Duration) {
    let t0 = Instant::now();
    loop {
        match Guest::join(addr, joining(name, CODE), Duration::from_secs(3)) {
            Ok(guest) => return (guest, t0.elapsed()),
            Err(e) if !e.is_final() && t0.elapsed() < 3 * WAIT => {
                eprintln!("{name}: {e}; again");
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(e) => panic!("{name} could not join in {:?}: {e}", t0.elapsed()),
        }
    }
}

/// A hundred connections from four addresses that say hello and never prove the code, each
/// back as soon as it is let go: a guest with the code still joins within a few seconds, and a
/// guest of the match who lost his connection gets his seat back. (With 32 slots shared by
/// everyone and 10 s to prove the code, 35 of 35 joins in 40 s were refused.)
#[cfg(target_os = "linux")]
#[test]
fn strangers_who_never_prove_the_code_do_not_keep_out_those_who_know_it() {
    let stop = Stop::default();
    let addr = host("127.0.0.1:0", &stop);
    let (asha, _) = join_timed(addr, "Asha");
    assert_eq!(asha.seats, vec![Seat::South]);
    let connections = Arc::new(AtomicUsize::new(0));
    for i in 0..100 {
        stranger(addr, 2 + (i % 4) as u8, stop.0.clone(), connections.clone());
    }
    // Past one proof's deadline: the strangers' first connections are let go and come back.
    std::thread::sleep(Duration::from_secs(4));
    let before = connections.load(Ordering::Relaxed);
    assert!(before > 16, "the strangers hold the host's slots: {before}");

    let (mut ravi, took) = join_timed(addr, "Ravi");
    eprintln!("Ravi joined in {took:?} under the flood ({before} strangers' connections so far)");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(ravi.seats, vec![Seat::North]);
    ravi.wait_for_start(Some(WAIT), || {})
        .expect("the match starts");

    // Asha's machine goes, and she comes back to her seat.
    drop(asha);
    let (back, took) = join_timed(addr, "Asha");
    eprintln!("Asha came back in {took:?} under the flood");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(back.seats, vec![Seat::South]);
    let during = connections.load(Ordering::Relaxed) - before;
    eprintln!("{during} strangers' connections while they joined");
}

/// A stranger at 127.0.0.`last` who gives wrong codes as fast as the host takes them, until
/// `stop`: it spends its address's guesses. Counts the wrong codes the host took.
fn guesser(addr: SocketAddr, last: u8, stop: Arc<AtomicBool>, taken: Arc<AtomicUsize>) {
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            let Ok(client) = Client::connect_first(&[addr], Some(loopback(last)), WAIT) else {
                std::thread::sleep(Duration::from_millis(50));
                continue;
            };
            let (exchange, pake) = CodeExchange::start("WRONG1");
            client.send(&hello(pake));
            let got = client.incoming.recv_timeout(Duration::from_secs(4));
            if let Ok(FromHost::Message(ToGuest::Challenge { pake })) = got
                && let Ok(key) = exchange.finish(&pake)
            {
                let proof = code_proof(&key, Prover::Guest, &client.binding);
                client.send(&ToHost::Proof { proof });
                let answer = client.incoming.recv_timeout(Duration::from_secs(4));
                if let Ok(FromHost::Message(ToGuest::Refused {
                    reason: Refusal::WrongCode,
                })) = answer
                {
                    taken.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    });
}

/// Strangers at the guests' own address (a home or an office behind one address): four hold
/// its unproven slots and come back as soon as they are let go, yet a new guest with the code
/// gets one of them within a few seconds; then twenty more join them and another spends the
/// address's guesses of the code, yet both seated guests come back to their seats, three
/// times each, within a few seconds each (with the ticket their last welcome gave them).
/// (Before: the address's four slots, its rate and its guesses were the strangers' as much as
/// the guests'; nobody at it got in while they held them.)
#[cfg(target_os = "linux")]
#[test]
fn strangers_at_a_guests_own_address_do_not_keep_him_out() {
    let stop = Stop::default();
    let addr = host("127.0.0.1:0", &stop);
    let (mut asha, _) = join_timed(addr, "Asha");
    let connections = Arc::new(AtomicUsize::new(0));
    for _ in 0..4 {
        stranger(addr, 1, stop.0.clone(), connections.clone());
    }
    std::thread::sleep(Duration::from_secs(1));
    assert!(
        connections.load(Ordering::Relaxed) >= 4,
        "the strangers hold the slots"
    );
    let (mut ravi, took) = join_timed(addr, "Ravi");
    eprintln!("Ravi joined in {took:?} beside four strangers at his address");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(ravi.seats, vec![Seat::North]);
    ravi.wait_for_start(Some(WAIT), || {})
        .expect("the match starts");
    asha.wait_for_start(Some(WAIT), || {})
        .expect("the match starts");

    // The stranger spends the address's guesses of the code ...
    let taken = Arc::new(AtomicUsize::new(0));
    guesser(addr, 1, stop.0.clone(), taken.clone());
    let t0 = Instant::now();
    while taken.load(Ordering::Relaxed) < 5 && t0.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        taken.load(Ordering::Relaxed) >= 5,
        "the address's guesses are spent"
    );
    // ... and twenty more of him hold its slots and its rate.
    for _ in 0..20 {
        stranger(addr, 1, stop.0.clone(), connections.clone());
    }
    std::thread::sleep(Duration::from_secs(1));
    let before = connections.load(Ordering::Relaxed);
    for round in 0..3 {
        for guest in [&mut asha, &mut ravi] {
            let t0 = Instant::now();
            guest
                .reconnect(addr, 2 * WAIT)
                .unwrap_or_else(|e| panic!("{} did not come back: {e}", guest.joining.name));
            let took = t0.elapsed();
            eprintln!(
                "round {round}: {} came back in {took:?}",
                guest.joining.name
            );
            assert!(took < Duration::from_secs(5), "{took:?}");
        }
    }
    assert_eq!(asha.seats, vec![Seat::South]);
    assert_eq!(ravi.seats, vec![Seat::North]);
    std::thread::sleep(Duration::from_secs(1));
    let during = connections.load(Ordering::Relaxed) - before;
    eprintln!("{during} strangers' connections from their address in the rounds' second");
    assert!(during > 0, "the strangers kept coming");
}

/// A raw connection from 127.0.0.`last` that gives `code` and proves it: the host's answer,
/// a refusal's words or "welcome" (or "no connection" when the host lets none in).
fn guess(addr: SocketAddr, last: u8, code: &str) -> String {
    let Ok(client) = Client::connect_first(&[addr], Some(loopback(last)), WAIT) else {
        return "no connection".into();
    };
    let (exchange, pake) = CodeExchange::start(code);
    client.send(&hello(pake));
    let pake = match client.incoming.recv_timeout(WAIT).expect("an answer") {
        FromHost::Message(ToGuest::Challenge { pake }) => pake,
        FromHost::Message(ToGuest::Refused { reason }) => return reason.to_string(),
        other => panic!("{other:?}"),
    };
    let key = exchange.finish(&pake).unwrap();
    let proof = code_proof(&key, Prover::Guest, &client.binding);
    client.send(&ToHost::Proof { proof });
    match client.incoming.recv_timeout(WAIT).expect("an answer") {
        FromHost::Message(ToGuest::Refused { reason }) => reason.to_string(),
        FromHost::Message(ToGuest::Welcome { .. }) => "welcome".into(),
        other => panic!("{other:?}"),
    }
}

/// Wrong codes as fast as one address can give them for three seconds: the host takes its
/// first five and then none (one every ten seconds), while another address's guest with the
/// code joins at once; and once many addresses have spent everybody's budget, an address that
/// guessed wrong lately waits, while a new one with the code still gets in. (Unslowed, one
/// address made 101 guesses a second.)
#[cfg(target_os = "linux")]
#[test]
fn wrong_codes_are_slowed_per_address_and_overall_and_the_right_one_still_gets_in() {
    let stop = Stop::default();
    let addr = host("127.0.0.1:0", &stop);
    let t0 = Instant::now();
    let (mut taken, mut slowed, mut unconnected) = (0, 0, 0);
    while t0.elapsed() < Duration::from_secs(3) {
        let answer = guess(addr, 2, "WRONG1");
        match Refusal::from_words(&answer) {
            Refusal::WrongCode => taken += 1,
            Refusal::Guessing(secs) => {
                assert!((1..=10).contains(&secs), "{answer}");
                slowed += 1;
            }
            _ if answer == "no connection" => unconnected += 1,
            _ => panic!("{answer}"),
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    eprintln!(
        "one address: {taken} guesses taken in {secs:.1} s ({:.1} a second); {slowed} refused \
         at the hello, {unconnected} connections refused",
        taken as f64 / secs
    );
    assert_eq!(taken, 5, "{slowed} slowed, {unconnected} unconnected");
    assert!(slowed > 0);
    assert_eq!(guess(addr, 1, CODE), "welcome");

    // More addresses give wrong codes until refused: once everybody's budget of 30 is spent,
    // each new address gets one guess, not five.
    let mut guessed = Vec::new();
    for last in 3..12 {
        let mut n = 0;
        while Refusal::from_words(&guess(addr, last, "WRONG1")) == Refusal::WrongCode {
            n += 1;
        }
        guessed.push(n);
    }
    eprintln!("guesses taken from 127.0.0.3 to 127.0.0.11: {guessed:?}");
    assert_eq!(guessed[0], 5, "{guessed:?}");
    assert!(guessed[6..].iter().all(|&n| n <= 2), "{guessed:?}");
    assert_eq!(guess(addr, 20, CODE), "welcome");
}

/// A fake host on `addr` that answers every hello with its own code's exchange and welcomes
/// the guest with a proof of that code; how many connections it saw in `within`.
fn impostor(server: &Server, within: Duration) -> usize {
    let (mut binding, mut key, mut connections) = (None, None, 0);
    let t0 = Instant::now();
    while t0.elapsed() < within {
        match server.incoming.recv_timeout(Duration::from_millis(50)) {
            Ok(FromGuest::Connected { binding: b, .. }) => {
                binding = Some(b);
                connections += 1;
            }
            Ok(FromGuest::Message { conn, message }) => match message {
                ToHost::Hello(hello) => {
                    let (exchange, pake) = CodeExchange::start("GUESS1");
                    key = Some(exchange.finish(&hello.pake).unwrap());
                    server.send(conn, ToGuest::Challenge { pake });
                }
                ToHost::Proof { .. } => {
                    let proof = code_proof(key.as_ref().unwrap(), Prover::Host, &binding.unwrap());
                    let welcome = ToGuest::Welcome {
                        protocol: PROTOCOL,
                        proof,
                        seats: vec![Seat::North],
                        seating: vec![],
                    };
                    server.send(conn, welcome);
                }
                _ => {}
            },
            _ => {}
        }
    }
    connections
}

/// A guest's host goes and something else answers on its address without the code: the
/// guest's reconnection ends at its first try, which hands the impostor one guess, not sixty.
#[test]
fn a_guest_whose_host_cannot_prove_the_code_stops_reconnecting_at_once() {
    let stop = Stop::default();
    let addr = host("127.0.0.1:0", &stop);
    let mut ravi = Guest::join(addr, joining("Ravi", CODE), WAIT).expect("joins");
    drop(stop);
    // The host's port is free once its thread has let go of it.
    let server = {
        let t0 = Instant::now();
        loop {
            match Server::start(addr) {
                Ok(s) => break s,
                Err(e) if t0.elapsed() < WAIT => {
                    let _ = e;
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(e) => panic!("{e}"),
            }
        }
    };
    let impostor = std::thread::spawn(move || impostor(&server, Duration::from_secs(6)));
    let t0 = Instant::now();
    let e = ravi
        .reconnect(addr, Duration::from_secs(30))
        .expect_err("the impostor is left");
    let took = t0.elapsed();
    assert!(e.is_final(), "{e}");
    assert!(
        e.to_string()
            .contains("did not prove that it knows the join code"),
        "{e}"
    );
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert_eq!(impostor.join().unwrap(), 1, "one connection, one guess");
}

/// A fake host's words with a terminal's escapes in them (its refusal, its players' names) are
/// shown escaped.
#[test]
fn a_peers_words_are_shown_with_their_control_characters_escaped() {
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr;
    let guest = std::thread::spawn(move || {
        Guest::join(addr, joining("Ravi", CODE), WAIT)
            .err()
            .expect("refused")
            .to_string()
    });
    let t0 = Instant::now();
    while t0.elapsed() < WAIT {
        if let Ok(FromGuest::Message {
            conn,
            message: ToHost::Hello(_),
        }) = server.incoming.recv_timeout(Duration::from_millis(50))
        {
            let reason = Refusal::Other("\u{1b}[2J\u{1b}]0;pwned\u{7}go away".into());
            server.close(conn, ToGuest::Refused { reason });
            break;
        }
    }
    let e = guest.join().unwrap();
    assert!(!e.contains('\u{1b}') && !e.contains('\u{7}'), "{e:?}");
    assert!(e.contains("\\u{1b}[2J\\u{1b}]0;pwned\\u{7}go away"), "{e}");

    // A seating whose names hold escapes, from a host that proves the code.
    let server = Server::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr;
    let guest = std::thread::spawn(move || {
        Guest::join(addr, joining("Ravi", CODE), WAIT)
            .expect("welcomed")
            .link
            .seating
    });
    let (mut binding, mut key) = (None, None);
    let t0 = Instant::now();
    while t0.elapsed() < WAIT {
        match server.incoming.recv_timeout(Duration::from_millis(50)) {
            Ok(FromGuest::Connected { binding: b, .. }) => binding = Some(b),
            Ok(FromGuest::Message { conn, message }) => match message {
                ToHost::Hello(hello) => {
                    let (exchange, pake) = CodeExchange::start(CODE);
                    key = Some(exchange.finish(&hello.pake).unwrap());
                    server.send(conn, ToGuest::Challenge { pake });
                }
                ToHost::Proof { .. } => {
                    let proof = code_proof(key.as_ref().unwrap(), Prover::Host, &binding.unwrap());
                    let seating = vec![SeatState {
                        seat: Seat::South,
                        name: "Asha\u{1b}[31m".into(),
                        holder: Holder::Host,
                        connected: true,
                    }];
                    let seats = vec![Seat::North];
                    let welcome = ToGuest::Welcome {
                        protocol: PROTOCOL,
                        proof,
                        seats,
                        seating,
                    };
                    server.send(conn, welcome);
                    break;
                }
                _ => {}
            },
            _ => {}
        }
    }
    let seating = guest.join().unwrap();
    assert_eq!(seating[0].name, "Asha\\u{1b}[31m");
}

/// `localhost` is both loopback addresses: a host listening on `::1` alone is found by it.
#[test]
fn localhost_finds_a_host_listening_on_ipv6_loopback_alone() {
    let stop = Stop::default();
    let addr = host("[::1]:0", &stop);
    let addrs = carrom_net::resolve_all(&format!("localhost:{}", addr.port())).unwrap();
    let guest = Guest::join_first(&addrs, joining("Ravi", CODE), WAIT).expect("found");
    assert_eq!(guest.addr(), Some(addr));
}
