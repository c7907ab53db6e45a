//! The shot clock of a rated match on the loopback interface: a player who lets his clock run
//! out is timed out by the server under Law 50 (the time-out stored and sent like any action),
//! the match goes on to its end, and both players' clients end with the same digests.

mod common;

use carrom_ai::Computers;
use carrom_match::{Action, Level, Match, MatchLength};
use carrom_online::{Connection, ToClient, ToServer};
use carrom_referee::Seat;
use carrom_remote::at_guest;
use carrom_server::serve;
use std::time::Duration;

const BOUND: Duration = Duration::from_secs(180);
/// Asha lets her clock run out this many times, then plays.
const TIME_OUTS: usize = 2;

/// What Asha's client saw of her match.
#[derive(Default)]
struct Seen {
    game: Option<Match>,
    seats: Vec<Seat>,
    /// Each of her clocks: its action and its milliseconds.
    clocks: Vec<(usize, u32)>,
    /// The laws of each verdict of a time-out of hers.
    time_outs: Vec<Vec<&'static str>>,
    over: bool,
}

/// A client that lets its clock run out `TIME_OUTS` times and then plays its seats with a
/// beginner computer, to the end of the match.
async fn asha(url: &str) -> Seen {
    let (mut conn, _) = Connection::hello(url, "Asha", None).await.unwrap();
    let quick = ToServer::Quick {
        length: Some(MatchLength::Board),
        mode: carrom_online::Mode::Singles,
    };
    conn.send(&quick).await.unwrap();
    let mut seen = Seen::default();
    let mut computers = None;
    let mut sent = None;
    while !seen.over {
        if let Some(game) = &seen.game
            && let Some(actor) = game.next_actor()
            && seen.seats.contains(&actor.seat())
            && seen.time_outs.len() >= TIME_OUTS
            && sent != Some(game.actions.len())
        {
            let computers: &mut Computers = computers.get_or_insert_with(|| beginners(game));
            let index = game.actions.len();
            let action = computers.act(game).unwrap();
            conn.send(&ToServer::Act { index, action }).await.unwrap();
            sent = Some(index);
        }
        let message = conn.recv().await.unwrap().expect("the server goes on");
        follow(&mut seen, message);
    }
    seen
}

/// Asha's client takes in one of the server's messages.
fn follow(seen: &mut Seen, message: ToClient) {
    match message {
        ToClient::Seated { seats, .. } => seen.seats = seats,
        ToClient::Match {
            setup, spec, log, ..
        } => {
            let mut game = Match::new(&spec, *setup).unwrap();
            for applied in &log {
                at_guest(&mut game, applied).unwrap();
            }
            seen.game = Some(game);
        }
        ToClient::Clock {
            index,
            seat,
            millis,
            ..
        } if seen.seats.contains(&seat) => seen.clocks.push((index, millis)),
        ToClient::Applied(applied) => {
            let game = seen.game.as_mut().expect("the match came first");
            let at = at_guest(game, &applied).unwrap();
            if applied.action == Action::TimeOut && seen.seats.contains(&applied.by) {
                let verdict = at.verdict.expect("a time-out has a verdict");
                let laws = verdict.laws().iter().map(|l| l.as_str()).collect();
                seen.time_outs.push(laws);
            }
        }
        ToClient::Over { .. } => seen.over = true,
        _ => {}
    }
}

#[test]
fn a_player_who_lets_his_clock_run_out_is_timed_out_under_law_50_and_the_match_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let rt = common::runtime();
    rt.block_on(async {
        let mut config = common::loopback(dir.path());
        config.seed = Some(7);
        config.shot_clock_secs = 1;
        config.clock_grace = Duration::from_millis(200);
        let running = serve(config).await.unwrap();
        let url = running.addr.to_string();
        let ravi = carrom_online::play(
            common::beginner(&url, "Ravi", carrom_online::Mode::Singles),
            |_| {},
        );
        let both = async { tokio::join!(asha(&url), ravi) };
        let (seen, ravi) = tokio::time::timeout(BOUND, both)
            .await
            .expect("within the bound");
        let ravi = ravi.unwrap();
        let game = seen.game.expect("Asha followed the match");
        assert!(game.is_over(), "the match went on to its end");
        assert!(seen.time_outs.len() >= TIME_OUTS, "{:?}", seen.time_outs);
        for laws in &seen.time_outs {
            assert!(laws.contains(&"50"), "Law 50: {laws:?}");
        }
        let (index, millis) = seen.clocks[0];
        // The clock runs from the match's start: told to a player as he is seated, a moment
        // of it may be gone.
        assert!(
            (900..=1000).contains(&millis),
            "the clock of action {index}: the server's 1 s, not {millis} ms"
        );
        assert_eq!(ravi.game.expect("Ravi followed it").digests, game.digests);
        assert!(ravi.how.is_some());
        running.stop().await;
    });
}

/// Asha's actions taken before her client stops.
const WATCHED_ACTIONS: usize = 5;
/// The game shows another's aim this long before his stroke moves.
const AIM_SHOWN: Duration = Duration::from_millis(800);

/// A client that shows every stroke as the game does (its aim, then its pieces moving in real
/// time to their rest, the time its own physics says) and then thinks for nearly the whole
/// clock before each action: `WATCHED_ACTIONS` of them. Returns her clocks' starts as told
/// (`after`, in ms) beside the time she took to show the stroke before each (ms), and the
/// time-outs called on her.
async fn watching_asha(url: &str, clock: Duration) -> (Vec<(u32, u32)>, usize) {
    let (mut conn, _) = Connection::hello(url, "Asha", None).await.unwrap();
    let quick = ToServer::Quick {
        length: Some(MatchLength::Board),
        mode: carrom_online::Mode::Singles,
    };
    conn.send(&quick).await.unwrap();
    let (mut seen, mut computers, mut acted, mut sent) = (Seen::default(), None, 0, None);
    let mut shown_at = tokio::time::Instant::now();
    let mut shown_for = 0_u32;
    let mut starts = Vec::new();
    let think = clock - Duration::from_millis(300);
    while acted < WATCHED_ACTIONS && !seen.over {
        let due = seen.game.as_ref().is_some_and(|g| {
            g.next_actor()
                .is_some_and(|a| seen.seats.contains(&a.seat()))
                && sent != Some(g.actions.len())
        });
        let message = if due {
            let ready = shown_at + think;
            match tokio::time::timeout_at(ready, conn.recv()).await {
                Ok(m) => m.unwrap().expect("the server goes on"),
                Err(_) => {
                    let game = seen.game.as_ref().unwrap();
                    let computers: &mut Computers =
                        computers.get_or_insert_with(|| beginners(game));
                    let (index, action) = (game.actions.len(), computers.act(game).unwrap());
                    conn.send(&ToServer::Act { index, action }).await.unwrap();
                    (acted, sent) = (acted + 1, Some(index));
                    conn.recv().await.unwrap().expect("the server goes on")
                }
            }
        } else {
            conn.recv().await.unwrap().expect("the server goes on")
        };
        if let ToClient::Clock { seat, after, .. } = &message
            && seen.seats.contains(seat)
        {
            starts.push((*after, shown_for));
        }
        let moving = match (&message, &seen.game) {
            (ToClient::Applied(a), Some(game)) => time_to_rest(game, &a.action),
            _ => None,
        };
        let placed = matches!(&message, ToClient::Applied(_) | ToClient::Match { .. });
        follow(&mut seen, message);
        if let Some(moving) = moving {
            let shown = AIM_SHOWN + moving;
            shown_for = shown.as_millis() as u32;
            shown_at = tokio::time::Instant::now() + shown;
        } else if placed {
            shown_for = 0;
            shown_at = tokio::time::Instant::now();
        }
    }
    (starts, seen.time_outs.len())
}

/// How long `action`, a stroke, takes to come to rest on the board of `game` (the client's
/// own physics, as a board showing it plays it).
fn time_to_rest(game: &Match, action: &Action) -> Option<Duration> {
    let Action::Stroke { shot } = action else {
        return None;
    };
    let mut board = game.clone();
    board.play_stroke(*shot).ok()?;
    Some(Duration::from_secs_f32(board.stroke_time))
}

/// The match's setup with every seat played by a beginner computer.
fn beginners(game: &Match) -> Computers {
    let mut mine = game.setup.clone();
    for p in &mut mine.players {
        p.computer = Some(Level::Beginner);
    }
    Computers::for_setup(&mine)
}

#[test]
fn a_player_who_watches_each_stroke_to_its_rest_before_striking_is_never_timed_out() {
    let dir = tempfile::tempdir().unwrap();
    let rt = common::runtime();
    rt.block_on(async {
        let mut config = common::loopback(dir.path());
        config.seed = Some(11);
        config.shot_clock_secs = 2;
        config.clock_grace = Duration::from_millis(200);
        let clock = Duration::from_secs(2);
        let running = serve(config).await.unwrap();
        let url = running.addr.to_string();
        let ravi = tokio::spawn(carrom_online::play(
            common::beginner(&url, "Ravi", carrom_online::Mode::Singles),
            |_| {},
        ));
        let (starts, time_outs) = tokio::time::timeout(BOUND, watching_asha(&url, clock))
            .await
            .expect("within the bound");
        assert_eq!(time_outs, 0, "none of her turns timed out: {starts:?}");
        let after_strokes: Vec<_> = starts.iter().filter(|(_, shown)| *shown > 0).collect();
        assert!(
            !after_strokes.is_empty(),
            "she struck after a stroke: {starts:?}"
        );
        for (after, shown) in after_strokes {
            // The server starts her clock once the stroke has been shown (its 1 s of aim and
            // its time to rest), told a moment after it sent the stroke.
            assert!(
                after + 300 >= *shown,
                "her clock started {after} ms after it was told, the stroke shown {shown} ms"
            );
        }
        ravi.abort();
        running.stop().await;
    });
}
