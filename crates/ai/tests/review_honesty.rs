//! A review says honestly how often a stroke works: its chances, measured again on noisy
//! strokes it never saw, agree within the sampling error; and a review tells the strong player
//! from the weak one.

use carrom_ai::coach::{Counted, Measured, measure_on};
use carrom_ai::review::{self, Label, ReviewOptions, StrokeAt};
use carrom_ai::{Computers, Level};
use carrom_match::{Match, MatchSetup, SaveFile};
use carrom_physics::{Seat, Shot, Spec};
use carrom_referee::{Rules, Seats};

/// A one-game singles match, South at `south`'s level and North at `north`'s, `actions`
/// actions in, as its save.
fn save_of(south: Level, north: Level, seed: u64, actions: usize) -> SaveFile {
    let spec = Spec::default();
    let mut rules = Rules::icf();
    rules.games_to_win = 1;
    let mut setup = MatchSetup::new(Seats::Singles, rules, "icf", seed);
    for (seat, level) in [(Seat::South, south), (Seat::North, north)] {
        let i = setup.index_of(seat).expect("a singles seat");
        setup.players[i].computer = Some(level);
    }
    let mut computers = Computers::for_setup(&setup);
    let mut game = Match::new(&spec, setup).unwrap();
    while game.actions.len() < actions && !game.is_over() {
        let action = computers.act(&game).expect("a computer acts");
        game.apply(&action).unwrap();
    }
    SaveFile::of(&game)
}

/// `shot` at `at`'s position played `samples` times with the coach's noise on a stream of
/// noisy strokes the review did not use, counted as the review counts (the turn going on).
fn measured_afresh(spec: &Spec, at: &StrokeAt, shot: &Shot, samples: u32) -> f32 {
    let fresh = Measured {
        counted: Counted::Turn,
        noise: None,
        streams: vec![(0x5EED_F4E5 ^ at.index as u64, samples)],
    };
    measure_on(spec, &at.layout, at.seat, &at.referee, shot, &fresh).chance
}

/// Four standard errors of the difference of two shares of `n` strokes each around `p`, and
/// a stroke's worth more (a share of 0 or 1 has no spread of its own).
fn sampling_error(p: f32, n: u32) -> f32 {
    let n = n as f32;
    4.0 * (2.0 * p * (1.0 - p) / n).sqrt() + 1.0 / n
}

#[test]
fn a_reviews_chances_measured_again_on_fresh_strokes_agree_within_the_sampling_error() {
    let spec = Spec::default();
    let save = save_of(Level::Easy, Level::Easy, 5, 8);
    let options = ReviewOptions {
        limit: Some(5),
        ..ReviewOptions::default()
    };
    let r = review::review(&spec, &save, "match", &options, &|_, _| {}).unwrap();
    let walked = review::strokes_of(&spec, &save, "match").unwrap();
    let judged: Vec<_> = r.strokes.iter().filter(|s| s.samples > 0).collect();
    assert!(judged.len() >= 4, "strokes judged: {}", judged.len());
    for s in judged {
        let at = &walked.strokes[s.index - 1];
        for (what, shot, said) in [
            ("played", &s.played, s.played_chance),
            ("best", &s.best_shot, s.best_chance),
        ] {
            let again = measured_afresh(&walked.spec, at, shot, s.samples);
            let room = sampling_error(0.5 * (said + again), s.samples);
            assert!(
                (again - said).abs() <= room,
                "stroke {}: the {what} shot's chance {said:.3} measured again {again:.3} \
                 (within {room:.3} on {} strokes)",
                s.index,
                s.samples
            );
        }
    }
}

#[test]
fn a_review_of_the_hard_computer_against_the_beginner_gives_the_hard_side_the_higher_accuracy() {
    let spec = Spec::default();
    let save = save_of(Level::Hard, Level::Beginner, 9, 14);
    let options = ReviewOptions {
        limit: Some(12),
        ..ReviewOptions::default()
    };
    let r = review::review(&spec, &save, "match", &options, &|_, _| {}).unwrap();
    let accuracy = |seat: Seat| {
        let p = r.players.iter().find(|p| p.seat == seat).unwrap();
        let chosen = r
            .strokes
            .iter()
            .filter(|s| s.seat == seat && s.label != Label::Forced)
            .count();
        assert!(chosen >= 2, "{seat:?} had {chosen} strokes with a choice");
        p.accuracy.expect("strokes with a choice have an accuracy")
    };
    let (hard, beginner) = (accuracy(Seat::South), accuracy(Seat::North));
    assert!(
        hard > beginner,
        "the hard computer's accuracy {hard:.1} against the beginner's {beginner:.1}"
    );
}
