//! Strangers against a host on the loopback interface, measured: how many wrong codes one
//! address gets taken a second, and how long a guest with the code takes to join while a
//! hundred connections say hello and never prove it (each back as soon as it is let go).
//!
//! `cargo run --release -p carrom-net --example strangers [-- SECONDS [same]]`: the guessing
//! and the flood last SECONDS (5 by default); with `same`, the strangers come from the guest's
//! own address (127.0.0.1) instead of 127.0.0.2 to 127.0.0.5 (Linux routes all of 127/8 to the
//! loopback interface).

use carrom_match::MatchSetup;
use carrom_net::protocol::{CodeExchange, Hello, Prover, code_proof};
use carrom_net::wire::{Client, FromHost};
use carrom_net::{Guest, Holder, Host, HostConfig, Joining, PROTOCOL, Role, ToGuest, ToHost};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seat, Seats};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const CODE: &str = "FAIR42";
const WAIT: Duration = Duration::from_secs(10);

fn host(stop: Arc<AtomicBool>) -> SocketAddr {
    let setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 5);
    let holders = vec![(Seat::South, Holder::Guest), (Seat::North, Holder::Guest)];
    let bind = "127.0.0.1:0".parse().unwrap();
    let config = HostConfig::new(bind, CODE, setup, holders, &Spec::default());
    let mut host = Host::start(config, Box::new(|_| None)).expect("the host starts");
    let addr = host.addr();
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            host.poll(Duration::from_millis(20));
        }
    });
    addr
}

fn hello(pake: String) -> ToHost {
    ToHost::Hello(Hello {
        protocol: PROTOCOL,
        pake,
        name: "Stranger".into(),
        role: Role::Spectator,
        seats: vec![],
        computer: None,
        spec: Box::default(),
        rules: None,
    })
}

fn connect(addr: SocketAddr, from: IpAddr) -> Option<Client> {
    Client::connect_first(&[addr], Some(SocketAddr::new(from, 0)), WAIT).ok()
}

/// One wrong code from `from`: whether the host took it as a guess (answered the exchange and
/// refused the proof).
fn wrong_guess(addr: SocketAddr, from: IpAddr) -> bool {
    let Some(client) = connect(addr, from) else {
        return false;
    };
    let (exchange, pake) = CodeExchange::start("WRONG1");
    client.send(&hello(pake));
    let Ok(FromHost::Message(ToGuest::Challenge { pake })) = client.incoming.recv_timeout(WAIT)
    else {
        return false;
    };
    let key = exchange.finish(&pake).unwrap();
    let proof = code_proof(&key, Prover::Guest, &client.binding);
    client.send(&ToHost::Proof { proof });
    matches!(
        client.incoming.recv_timeout(WAIT),
        Ok(FromHost::Message(ToGuest::Refused { .. }))
    )
}

fn stranger(addr: SocketAddr, from: IpAddr, stop: Arc<AtomicBool>, count: Arc<AtomicUsize>) {
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            let Some(client) = connect(addr, from) else {
                std::thread::sleep(Duration::from_millis(100));
                continue;
            };
            count.fetch_add(1, Ordering::Relaxed);
            client.send(&hello(CodeExchange::start(CODE).1));
            while !stop.load(Ordering::Relaxed) {
                let got = client.incoming.recv_timeout(Duration::from_millis(100));
                if let Ok(FromHost::Closed(_) | FromHost::Message(ToGuest::Refused { .. })) = got {
                    break;
                }
            }
        }
    });
}

fn main() {
    let mut args = std::env::args().skip(1);
    let secs: f64 = args.next().map_or(5.0, |s| s.parse().expect("seconds"));
    let same = args.next().as_deref() == Some("same");
    let here = IpAddr::from([127, 0, 0, 1]);

    let stop = Arc::new(AtomicBool::new(false));
    let addr = host(stop.clone());
    let t0 = Instant::now();
    let (mut taken, mut tries) = (0, 0);
    while t0.elapsed().as_secs_f64() < secs {
        tries += 1;
        if wrong_guess(addr, IpAddr::from([127, 0, 0, 2])) {
            taken += 1;
        }
    }
    let took = t0.elapsed().as_secs_f64();
    println!(
        "wrong codes from one address: {taken} taken of {tries} tries in {took:.1} s: {:.2} a second",
        f64::from(taken) / took
    );
    stop.store(true, Ordering::Relaxed);

    let stop = Arc::new(AtomicBool::new(false));
    let addr = host(stop.clone());
    let count = Arc::new(AtomicUsize::new(0));
    for i in 0..100u8 {
        let from = if same {
            here
        } else {
            IpAddr::from([127, 0, 0, 2 + i % 4])
        };
        stranger(addr, from, stop.clone(), count.clone());
    }
    std::thread::sleep(Duration::from_secs(4));
    let t0 = Instant::now();
    let mut joins = Vec::new();
    let mut refused = 0;
    while t0.elapsed().as_secs_f64() < secs {
        // A join every half second: under the host's 4 new connections a second an address.
        std::thread::sleep(Duration::from_millis(500));
        let t = Instant::now();
        let joining = Joining::new(CODE, "Kim", Role::Spectator, &Spec::default());
        match Guest::join(addr, joining, Duration::from_secs(3)) {
            Ok(_) => joins.push(t.elapsed().as_secs_f64() * 1000.0),
            Err(e) => {
                refused += 1;
                eprintln!("refused after {:.2} s: {e}", t.elapsed().as_secs_f64());
            }
        }
    }
    joins.sort_by(f64::total_cmp);
    let strangers = count.load(Ordering::Relaxed);
    println!(
        "under a flood of 100 strangers ({strangers} connections in {:.0} s): {} joins with the \
         code, {refused} failed; join time median {:.0} ms, slowest {:.0} ms",
        4.0 + secs,
        joins.len(),
        joins.get(joins.len() / 2).copied().unwrap_or(f64::NAN),
        joins.last().copied().unwrap_or(f64::NAN),
    );
    stop.store(true, Ordering::Relaxed);
}
