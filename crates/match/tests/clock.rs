//! The shot clock (Laws 46, 50 and 88) in a match: the host that keeps the time applies
//! [`Action::TimeOut`] when the player due to act lets it run out, and the match rules it as
//! the Laws say, records it, saves it and replays it.

use carrom_match::{Action, Actor, Match, MatchError, MatchSetup, SaveFile};
use carrom_physics::{Seat, Shot, Spec};
use carrom_referee::{Rules, Seats, Verdict};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn on_the_clock(seed: u64) -> Match {
    let mut rules = Rules::icf();
    rules.shot_clock_secs = Some(15);
    Match::new(
        &Spec::default(),
        MatchSetup::new(Seats::Singles, rules, "icf", seed),
    )
    .unwrap()
}

fn laws(v: &Verdict) -> Vec<&'static str> {
    v.laws().iter().map(|l| l.as_str()).collect()
}

/// A random legal action of the player due to act (a stroke anywhere legal, a due at the first
/// free spot from a random angle).
fn random_action(game: &Match, rng: &mut ChaCha8Rng) -> Action {
    match game.next_actor().expect("the match goes on") {
        Actor::Placer { .. } => {
            let [x, y] = game.free_due_spot(rng.random_range(0.0..std::f32::consts::TAU));
            Action::Place { x, y }
        }
        Actor::Striker(seat) => (0..50)
            .map(|_| Shot {
                seat,
                position: rng.random_range(-1.0..1.0),
                angle_deg: rng.random_range(-60.0..60.0),
                power: rng.random_range(0.2..1.0),
            })
            .find(|shot| game.check_shot(shot).is_ok())
            .map_or(Action::Pass, |shot| Action::Stroke { shot }),
    }
}

/// A match on the clock played at random until a player has a returned piece to place.
fn a_due_to_place() -> Match {
    for seed in 0..20 {
        let mut game = on_the_clock(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..200 {
            if game.is_over() {
                break;
            }
            if let Some(Actor::Placer { .. }) = game.next_actor() {
                return game;
            }
            game.apply(&random_action(&game, &mut rng)).unwrap();
        }
    }
    panic!("no seed of 20 came to a due to place");
}

#[test]
fn law_46_a_breaker_who_lets_the_clock_run_out_loses_the_break_with_no_penalty() {
    let mut game = on_the_clock(1);
    let before = game.layout.clone();
    let v = game.time_out().unwrap();
    assert_eq!(laws(&v), ["50", "45(c)"], "{}", v.summary());
    assert_eq!(v.penalties, 0, "an attempt to break costs no due (45(c))");
    assert_eq!(game.next_actor(), Some(Actor::Striker(Seat::North)));
    assert_eq!(game.layout, before, "no stroke was made");
    assert_eq!(game.actions, [Action::TimeOut]);
    assert_eq!(game.digests.len(), 1);
    let words = game.last_call().join(" ");
    assert!(words.contains("more than 15 seconds"), "{words}");
}

#[test]
fn law_50_a_striker_over_the_clock_commits_a_foul_and_the_turn_passes() {
    let mut game = on_the_clock(1);
    let shot = Shot {
        seat: Seat::South,
        position: 0.0,
        angle_deg: 0.0,
        power: 1.0,
    };
    game.play_stroke(shot).unwrap();
    assert!(game.referee.break_made());
    let Some(Actor::Striker(striker)) = game.next_actor() else {
        panic!("a striker is to play");
    };
    let v = game.time_out().unwrap();
    assert!(laws(&v).contains(&"50"), "{}", v.summary());
    assert!(v.foul);
    assert_eq!(v.penalties, 1, "one penalty man (Law 64(b))");
    assert_eq!(game.turn(), Some(striker.opposite()), "the turn passes");
    assert!(game.violations.is_empty(), "{:?}", game.violations);
}

#[test]
fn law_88_a_due_not_placed_in_time_is_put_down_by_the_umpire_and_a_foul_declared() {
    let mut game = a_due_to_place();
    let Some(Actor::Placer { seat, piece }) = game.next_actor() else {
        unreachable!()
    };
    let turn = game.turn();
    let (on_board, waiting) = (game.layout.len(), game.pending.len());
    let v = game.time_out().unwrap();
    assert_eq!(laws(&v), ["88(b)"], "{}", v.summary());
    assert!(v.foul);
    assert_eq!(v.by, seat);
    assert_eq!(game.turn(), turn, "the turn stays where it was");
    assert_eq!(
        game.layout.len(),
        on_board + 1,
        "the {piece} is on the board"
    );
    let penalty_out = usize::from(!v.returns.is_empty());
    assert_eq!(game.pending.len(), waiting - 1 + penalty_out);
    assert!(game.violations.is_empty(), "{:?}", game.violations);
    let words = game.last_call().join(" ");
    assert!(
        words.contains("did not place the piece within 15 seconds"),
        "{words}"
    );
}

#[test]
fn a_time_out_is_kept_in_the_save_and_the_match_replays_to_the_same_digests() {
    let mut game = a_due_to_place();
    game.time_out().unwrap();
    while let Some(Actor::Placer { .. }) = game.next_actor() {
        game.time_out().unwrap();
    }
    game.time_out().unwrap();
    let text = serde_json::to_string(&SaveFile::of(&game)).unwrap();
    assert!(text.contains(r#"{"type":"time_out"}"#), "{text}");
    let file = SaveFile::parse(&text, "clock.json").unwrap();
    let replayed = Match::replay(&Spec::default(), &file, |_| {}).unwrap();
    assert_eq!(replayed.digests, game.digests);
    assert_eq!(replayed.actions, game.actions);
}

#[test]
fn without_a_shot_clock_a_time_out_is_refused_and_nothing_changes() {
    let mut game = Match::new(
        &Spec::default(),
        MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1),
    )
    .unwrap();
    let e = game.time_out().unwrap_err();
    assert!(matches!(e, MatchError::Judge(_)), "{e}");
    assert!(e.to_string().contains("shot_clock_secs"), "{e}");
    assert!(game.actions.is_empty() && game.digests.is_empty());
    assert!(game.apply(&Action::TimeOut).is_err());
}
