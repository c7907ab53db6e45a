//! The round trip of an action on the loopback interface: a guest sends an action and waits for
//! the host's answer. Two kinds: an action the host refuses (the network and the host's checks
//! alone), and a stroke the host plays on its physics and sends back with its outcome.
//!
//! `cargo run --release -p carrom-net --example round_trip [-- N]`

use carrom_match::{Action, MatchSetup};
use carrom_net::{Guest, GuestEvent, Holder, Host, HostConfig, Joining, Role, ToHost};
use carrom_physics::{Shot, Spec};
use carrom_referee::{Rules, Seat, Seats};
use std::time::{Duration, Instant};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1);
    let holders = vec![(Seat::South, Holder::Guest), (Seat::North, Holder::Guest)];
    let bind = "127.0.0.1:0".parse().unwrap();
    let config = HostConfig::new(bind, "TRIP", setup, holders, &Spec::default());
    let mut host = Host::start(config, Box::new(|_| None)).expect("the host starts");
    let addr = host.addr();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stopped = stop.clone();
    let hosting = std::thread::spawn(move || {
        while !stopped.load(std::sync::atomic::Ordering::Relaxed) {
            host.poll(Duration::from_millis(5));
        }
    });
    let joining = |name: &str, seat: Seat| Joining {
        seats: vec![seat],
        ..Joining::new("TRIP", name, Role::Player, &Spec::default())
    };
    let timeout = Duration::from_secs(10);
    let mut south = Guest::join(addr, joining("South", Seat::South), timeout).unwrap();
    let mut north = Guest::join(addr, joining("North", Seat::North), timeout).unwrap();
    for g in [&mut south, &mut north] {
        while !g
            .poll(Duration::from_millis(10))
            .contains(&GuestEvent::Match)
        {}
    }

    // Refused: North acts out of turn.
    let mut refused = Vec::new();
    for _ in 0..n {
        let t = Instant::now();
        north.send_raw(ToHost::Act {
            index: 0,
            action: Action::Pass,
        });
        'wait: loop {
            for e in north.poll(Duration::from_millis(1)) {
                if matches!(e, GuestEvent::Rejected(_)) {
                    break 'wait;
                }
            }
        }
        refused.push(t.elapsed().as_secs_f64() * 1000.0);
        // Stay under the host's rate limit of 20 messages a second.
        std::thread::sleep(Duration::from_millis(60));
    }

    // Strokes: each side in turn plays a soft stroke straight up the board.
    let mut strokes = Vec::new();
    for _ in 0..n.min(100) {
        let (me, other) = match south.to_act() {
            Some(_) => (&mut south, &mut north),
            None => (&mut north, &mut south),
        };
        let Some(actor) = me.to_act() else { break };
        let shot = Shot {
            seat: actor.seat(),
            position: 0.0,
            angle_deg: 0.0,
            power: 0.3,
        };
        let t = Instant::now();
        me.act(Action::Stroke { shot });
        'wait: loop {
            for e in me.poll(Duration::from_millis(1)) {
                match e {
                    GuestEvent::Applied(a) => {
                        me.apply(&a).unwrap();
                        break 'wait;
                    }
                    GuestEvent::Rejected(r) => panic!("refused: {r}"),
                    _ => {}
                }
            }
        }
        strokes.push(t.elapsed().as_secs_f64() * 1000.0);
        for e in other.poll(Duration::from_millis(200)) {
            if let GuestEvent::Applied(a) = e {
                other.apply(&a).unwrap();
            }
        }
        std::thread::sleep(Duration::from_millis(60));
        if me
            .game
            .as_ref()
            .unwrap()
            .next_actor()
            .is_none_or(|a| !matches!(a, carrom_match::Actor::Striker(_)))
        {
            break;
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    hosting.join().unwrap();
    report("refused action", &mut refused);
    report("stroke (the host simulates it)", &mut strokes);
}

fn report(what: &str, ms: &mut [f64]) {
    ms.sort_by(f64::total_cmp);
    let q = |p: f64| ms[((ms.len() - 1) as f64 * p).round() as usize];
    println!(
        "{what}: {} round trips, median {:.2} ms, 95th percentile {:.2} ms, slowest {:.2} ms",
        ms.len(),
        q(0.5),
        q(0.95),
        q(1.0)
    );
}
