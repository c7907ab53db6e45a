//! The referee and its follower, as a host and the server use them: an action checked at the
//! referee, played again from the log, and followed elsewhere to the referee's digest.

use carrom_match::{Action, Match, MatchSetup};
use carrom_physics::{Shot, Spec};
use carrom_referee::{Rules, Seat, Seats};
use carrom_remote::{
    AtGuestError, Holding, Rejection, ReplayError, at_guest, at_host, checked, hex, play, rebuild,
    replay,
};

fn new_match() -> Match {
    Match::new(
        &Spec::default(),
        MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1),
    )
    .unwrap()
}

fn stroke(seat: Seat, angle_deg: f32, power: f32) -> Action {
    Action::Stroke {
        shot: Shot {
            seat,
            position: 0.0,
            angle_deg,
            power,
        },
    }
}

/// A few actions at the referee: the break, then whatever seat is to act strikes or passes.
fn a_few_actions(game: &mut Match) -> Vec<carrom_remote::Applied> {
    let mut log = Vec::new();
    for i in 0..6 {
        let seat = game.next_actor().unwrap().seat();
        let action = if i % 3 == 2 {
            Action::Pass
        } else {
            stroke(seat, (i as f32) * 7.0 - 10.0, 0.6)
        };
        let index = game.actions.len();
        let (applied, _) = at_host(game, index, action, |_| Holding::Holds).unwrap();
        log.push(applied);
    }
    log
}

#[test]
fn an_action_for_another_seat_is_refused() {
    let mut game = new_match();
    let e = at_host(&mut game, 0, stroke(Seat::South, 0.0, 1.0), |_| {
        Holding::NotHis
    })
    .unwrap_err();
    assert!(
        matches!(
            e,
            Rejection::NotYourTurn {
                seat: Seat::South,
                ..
            }
        ),
        "{e}"
    );
    let e = checked(&mut game, Seat::South, stroke(Seat::North, 0.0, 1.0)).unwrap_err();
    assert_eq!(
        e,
        Rejection::OtherSeatsStroke {
            from: Seat::North,
            to_strike: Seat::South
        }
    );
    assert!(game.actions.is_empty(), "nothing is played");
}

#[test]
fn an_action_out_of_its_number_or_a_players_time_out_is_refused() {
    let mut game = new_match();
    let e = at_host(&mut game, 1, Action::Pass, |_| Holding::Holds).unwrap_err();
    assert_eq!(e, Rejection::NotNext { index: 1, next: 0 });
    let e = at_host(&mut game, 0, Action::TimeOut, |_| Holding::Holds).unwrap_err();
    assert_eq!(e, Rejection::OwnTimeOut);
    let e = at_host(&mut game, 0, Action::Pass, |_| Holding::HandedOver).unwrap_err();
    assert_eq!(e, Rejection::HandedOver(Seat::South));
    assert!(game.actions.is_empty());
}

#[test]
fn an_action_taken_is_numbered_and_carries_the_referees_digest() {
    let mut game = new_match();
    let (applied, verdict) = at_host(&mut game, 0, stroke(Seat::South, 0.0, 1.0), |_| {
        Holding::Holds
    })
    .unwrap();
    assert_eq!((applied.index, applied.by), (0, Seat::South));
    assert!(applied.outcome.is_some() && verdict.is_some());
    assert_eq!(applied.digest, hex(game.digest()));
    assert_eq!(applied.layout, game.layout);
}

#[test]
fn a_follower_rebuilt_from_the_log_has_the_hosts_digest() {
    let mut host = new_match();
    let log = a_few_actions(&mut host);
    let (follower, corrected) = rebuild(&host.spec, &host.setup, &log).unwrap();
    assert!(corrected.is_empty(), "{corrected:?}");
    assert_eq!(follower.digest(), host.digest());
    assert_eq!(follower.digests, host.digests);
}

#[test]
fn a_follower_that_ended_elsewhere_takes_the_referees_pieces() {
    let mut host = new_match();
    let log = a_few_actions(&mut host);
    let mut follower = new_match();
    let mut first = log[0].clone();
    // The follower's own physics put a piece elsewhere: it is told where the referee's are.
    let mut outcome = first.outcome.clone().unwrap();
    outcome.layout[1].x += 0.001;
    first.outcome = Some(outcome);
    let r = at_guest(&mut follower, &first).unwrap();
    assert!(r.corrected.unwrap().contains("took the host's"));
    assert_eq!(hex(follower.digest()), log[0].digest);
}

#[test]
fn a_referees_action_out_of_order_is_not_taken() {
    let mut host = new_match();
    let log = a_few_actions(&mut host);
    let mut follower = new_match();
    let e = at_guest(&mut follower, &log[1]).unwrap_err();
    assert_eq!(
        e,
        AtGuestError::OutOfOrder {
            index: 1,
            applied: 0
        }
    );
}

#[test]
fn a_match_played_again_at_the_referee_gives_the_same_log() {
    let mut host = new_match();
    let log = a_few_actions(&mut host);
    let actions = host.actions.clone();
    let digests: Vec<String> = log.iter().map(|a| a.digest.clone()).collect();
    let mut again = new_match();
    assert_eq!(replay(&mut again, &actions, &digests).unwrap(), log);
    let mut again = new_match();
    assert_eq!(
        replay(&mut again, &actions, &[]).unwrap(),
        log,
        "no digests"
    );
}

#[test]
fn a_replay_that_reaches_another_position_or_is_refused_by_the_match_stops_there() {
    let mut host = new_match();
    let log = a_few_actions(&mut host);
    let mut digests: Vec<String> = log.iter().map(|a| a.digest.clone()).collect();
    digests[2] = "0000000000000000".into();
    let e = replay(&mut new_match(), &host.actions, &digests).unwrap_err();
    assert!(matches!(e, ReplayError::Diverged { index: 2, .. }), "{e}");
    let e = replay(&mut new_match(), &[Action::Place { x: 0.0, y: 0.0 }], &[]).unwrap_err();
    assert!(matches!(e, ReplayError::Action { index: 0, .. }), "{e}");
}

#[test]
fn the_referees_time_out_is_played_as_it_is_called() {
    let mut rules = Rules::icf();
    rules.shot_clock_secs = Some(15);
    let setup = MatchSetup::new(Seats::Singles, rules, "icf", 1);
    let mut game = Match::new(&Spec::default(), setup).unwrap();
    let (applied, verdict) = play(&mut game, Seat::South, Action::TimeOut).unwrap();
    assert_eq!(applied.action, Action::TimeOut);
    assert!(verdict.is_some());
}

#[test]
fn a_followers_log_takes_each_action_once_in_order_and_rebuilds_the_referees_match() {
    let mut at_referee = new_match();
    let log = a_few_actions(&mut at_referee);
    let setup = at_referee.setup.clone();
    let mut kept = carrom_remote::RefereesLog::new(setup, Spec::default(), log[..2].to_vec());
    assert_eq!(kept.take(&log[1]), Ok(false), "came with the whole match");
    assert_eq!(
        kept.take(&log[3]),
        Err(AtGuestError::OutOfOrder {
            index: 3,
            applied: 2
        }),
        "one was missed"
    );
    for a in &log[2..] {
        assert_eq!(kept.take(a), Ok(true));
    }
    let (rebuilt, _) = kept.rebuild().unwrap();
    assert_eq!(rebuilt.digests, at_referee.digests);
    assert_eq!(kept.len(), log.len());
}
