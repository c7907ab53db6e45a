//! The host hands a disconnected guest's seat to its computer when told to (the host's window's
//! key), on the loopback interface. Each wait is bounded.

use carrom_ai::{Computers, Level};
use carrom_match::MatchSetup;
use carrom_net::{Guest, GuestEvent, Holder, Host, HostConfig, HostThread, Joining, Role};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seat, Seats};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);

fn joining(name: &str, role: Role) -> Joining {
    Joining::new("HAND1", name, role, &Spec::default())
}

/// Polls `guest`, taking the host's actions, until `done` says so or the wait runs out.
#[track_caller]
fn follow(guest: &mut Guest, what: &str, mut done: impl FnMut(&Guest, &[GuestEvent]) -> bool) {
    let t0 = Instant::now();
    while t0.elapsed() < WAIT {
        let events = guest.poll(Duration::from_millis(20));
        for e in &events {
            if let GuestEvent::Applied(a) = e {
                guest.apply(a).expect("the host's action applies");
            }
        }
        if done(guest, &events) {
            return;
        }
    }
    panic!("waited {WAIT:?} in vain for {what}");
}

fn north(guest: &Guest) -> carrom_net::SeatState {
    guest
        .seating
        .iter()
        .find(|s| s.seat == Seat::North)
        .cloned()
        .expect("North is seated")
}

#[test]
fn a_disconnected_guests_seat_is_played_by_the_hosts_computer_once_the_host_says_so() {
    let mut setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 9);
    setup.players[0].computer = Some(carrom_match::Level::Easy);
    let mut computers = Computers::for_every_seat(&setup, Level::Easy);
    let holders = vec![
        (Seat::South, Holder::Computer),
        (Seat::North, Holder::Guest),
    ];
    let bind = "127.0.0.1:0".parse().unwrap();
    let config = HostConfig::new(bind, "HAND1", setup, holders, &Spec::default());
    let host = Host::start(config, Box::new(move |game| computers.act(game))).unwrap();
    let (host, link) = HostThread::start(host, |_| {}).unwrap();
    // The host's window watches through its link; Ravi, at another machine, takes North.
    let mut window = Guest::local(link, joining("Host", Role::Spectator), WAIT).unwrap();
    let mut ravi = Guest::join(host.addr, joining("Ravi", Role::Player), WAIT).unwrap();
    assert_eq!(ravi.seats, vec![Seat::North]);
    follow(&mut window, "North to act", |g, _| {
        g.game
            .as_ref()
            .and_then(|m| m.next_actor())
            .is_some_and(|a| a.seat() == Seat::North)
    });
    let waiting_at = window.game.as_ref().unwrap().actions.len();
    // Ravi's machine goes; the match waits for him.
    drop(ravi.game.take());
    drop(ravi);
    follow(&mut window, "North disconnected", |g, _| {
        !north(g).connected
    });
    assert_eq!(window.game.as_ref().unwrap().actions.len(), waiting_at);
    host.hand_to_computer(Seat::North);
    follow(&mut window, "North's stroke by the computer", |g, _| {
        g.game.as_ref().unwrap().actions.len() > waiting_at
    });
    assert_eq!(north(&window).holder, Holder::Computer);
    assert_eq!(
        north(&window).name,
        "Ravi",
        "the seat keeps its player's name"
    );
    assert!(window.game.as_ref().unwrap().violations.is_empty());
}
