//! The review of a match: the coach's best at each stroke is the hint's, the labels follow the
//! written thresholds, a stroke with one legal place is forced, the win-chance model reads and
//! behaves, and a review kept beside its save is used again.

use carrom_ai::coach::hint;
use carrom_ai::review::{
    self, BEST_LOSS, GOOD_LOSS, INACCURACY_LOSS, Label, MISTAKE_LOSS, ReviewOptions, StrokeAt,
    stored,
};
use carrom_ai::winprob::{FEATURES, FORMAT, Situation, Strength, WinModel, features};
use carrom_ai::{Computers, Level};
use carrom_match::{Match, MatchSetup, SaveFile, referee_at};
use carrom_physics::{Piece, PieceColour, Seat, Shot, Spec};
use carrom_referee::{QueenState, Rules, Seats, Side};
use std::path::PathBuf;

/// A one-game singles match between easy computers, `actions` actions in, as its save.
fn save_of(actions: usize) -> SaveFile {
    let mut rules = Rules::icf();
    rules.games_to_win = 1;
    played(MatchSetup::new(Seats::Singles, rules, "icf", 11), actions)
}

/// `setup` played by easy computers in every seat, `actions` actions in, as its save.
fn played(mut setup: MatchSetup, actions: usize) -> SaveFile {
    for p in setup.players.iter_mut() {
        p.computer = Some(Level::Easy);
    }
    let mut computers = Computers::for_setup(&setup);
    let mut game = Match::new(&Spec::default(), setup).unwrap();
    while game.actions.len() < actions {
        let action = computers.act(&game).expect("a computer acts");
        game.apply(&action).unwrap();
    }
    SaveFile::of(&game)
}

fn options(limit: usize) -> ReviewOptions {
    ReviewOptions {
        limit: Some(limit),
        ..ReviewOptions::default()
    }
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("carrom-review-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join("match.json")
}

#[test]
fn the_reviews_best_is_the_hints_best_at_the_same_position_and_seed() {
    let spec = Spec::default();
    let save = save_of(4);
    let walked = review::strokes_of(&spec, &save, "match").unwrap();
    let options = ReviewOptions {
        seed: 7,
        ..options(2)
    };
    let r = review::review(&spec, &save, "match", &options, &|_, _| {}).unwrap();
    assert_eq!(r.strokes.len(), 2);
    for (s, at) in r.strokes.iter().zip(&walked.strokes) {
        let h = hint(&walked.spec, &at.layout, at.seat, &at.referee, 7).unwrap();
        assert_eq!(s.best_shot, h.best.shot, "stroke {}", s.index);
        assert_eq!(s.hint_chance, h.best.chance);
        assert!((0.0..=1.0).contains(&s.played_chance) && (0.0..=1.0).contains(&s.best_chance));
    }
    // The break: the pieces the stroke played and the best are expected to pocket.
    assert!(r.strokes[0].pieces.is_some() && r.strokes[1].pieces.is_none());
}

#[test]
fn labels_follow_the_written_thresholds_of_the_loss() {
    let cases = [
        (0.0, Label::Best),
        (BEST_LOSS, Label::Best),
        (BEST_LOSS + 0.001, Label::Good),
        (GOOD_LOSS, Label::Good),
        (GOOD_LOSS + 0.001, Label::Inaccuracy),
        (INACCURACY_LOSS, Label::Inaccuracy),
        (INACCURACY_LOSS + 0.001, Label::Mistake),
        (MISTAKE_LOSS, Label::Mistake),
        (MISTAKE_LOSS + 0.001, Label::Blunder),
        (1.0, Label::Blunder),
    ];
    for (loss, label) in cases {
        assert_eq!(Label::of_loss(loss), label, "loss {loss}");
    }
    assert_eq!(review::stroke_score(0.0), 100.0);
    assert_eq!(review::stroke_score(0.25), 50.0);
    assert_eq!(review::stroke_score(0.9), 0.0);
}

#[test]
fn a_reviewed_strokes_label_is_its_losss_and_its_loss_the_difference() {
    let spec = Spec::default();
    let r = review::review(&spec, &save_of(5), "match", &options(3), &|_, _| {}).unwrap();
    for s in &r.strokes {
        assert_eq!(s.loss, (s.best_chance - s.played_chance).max(0.0));
        if s.label != Label::Forced {
            assert_eq!(s.label, Label::of_loss(s.loss), "stroke {}", s.index);
        }
    }
    assert_eq!(r.chart.len(), r.total_strokes);
    assert!(r.turning_points.len() <= review::TURNING_POINTS);
    for p in &r.players {
        assert!(p.accuracy.is_none_or(|a| (0.0..=100.0).contains(&a)));
        assert!(p.worst.len() <= review::WORST);
    }
}

/// White men along South's base line, a striker's width apart but for one gap a hair wider
/// than the striker: South has one legal place.
fn one_place_layout(spec: &Spec) -> (Vec<Piece>, f32) {
    let b = &spec.board;
    let half = 0.5 * b.base_line_length;
    // A man blocks the striker's centre within this much of his own, in shot-position units.
    let w = (b.striker_radius() + b.coin_radius()) / half;
    let gap_at = 0.1;
    let mut layout = Vec::new();
    let mut t = gap_at + w + 0.004;
    while t <= 1.0 + w {
        layout.push(Piece::new(
            PieceColour::White,
            b.striker_spot(Seat::South, t),
        ));
        t += 1.9 * w;
    }
    let mut t = gap_at - w - 0.004;
    while t >= -1.0 - w {
        layout.push(Piece::new(
            PieceColour::White,
            b.striker_spot(Seat::South, t),
        ));
        t -= 1.9 * w;
    }
    layout.push(Piece::new(
        PieceColour::Black,
        b.striker_spot(Seat::North, 0.0),
    ));
    (layout, gap_at)
}

#[test]
fn a_stroke_with_one_legal_place_for_the_striker_is_forced() {
    let spec = Spec::default();
    let (layout, at) = one_place_layout(&spec);
    assert!(review::one_place(&spec, Seat::South, &layout));
    assert!(!review::one_place(&spec, Seat::South, &layout[..1]));
    let referee = referee_at(
        Rules::icf(),
        Seats::Singles,
        Seat::South,
        PieceColour::White,
        &layout,
        QueenState::Covered(PieceColour::White),
    )
    .unwrap();
    let shot = Shot {
        seat: Seat::South,
        position: at,
        angle_deg: 0.0,
        power: 0.6,
    };
    let model = WinModel::shipped();
    let stroke = StrokeAt {
        index: 1,
        action: 0,
        seat: Seat::South,
        player: "South".into(),
        layout,
        referee,
        shot,
        before: Some(model.chances(&referee)),
        after: Some(model.chances(&referee)),
        points_after: None,
    };
    let judged = review::judge(&spec, &stroke, 0);
    assert_eq!(judged.label, Label::Forced);
}

#[test]
fn the_shipped_model_reads_and_gives_chances_in_0_to_1_that_add_up() {
    let model = WinModel::shipped();
    assert!(model.games > 0 && model.command.starts_with("carrom winprob --fit"));
    let spec = Spec::default();
    let save = save_of(12);
    let walked = review::strokes_of(&spec, &save, "match").unwrap();
    for s in &walked.strokes {
        for c in [s.before, s.after] {
            let c = c.expect("a game of two sides has its chances");
            for pair in [c.board, c.game] {
                assert!(pair.iter().all(|p| (0.0..=1.0).contains(p)), "{c:?}");
                assert!((pair[0] + pair[1] - 1.0).abs() < 1e-5, "{c:?}");
            }
        }
    }
}

#[test]
fn fewer_men_of_his_own_left_and_a_higher_score_raise_his_chances() {
    let model = WinModel::shipped();
    let spec = Spec::default();
    let board_with = |white: usize| {
        let mut layout: Vec<Piece> = (0..white)
            .map(|i| {
                Piece::new(
                    PieceColour::White,
                    spec.board.striker_spot(Seat::South, -0.8 + 0.2 * i as f32),
                )
            })
            .collect();
        for i in 0..5 {
            let at = spec.board.striker_spot(Seat::North, -0.8 + 0.3 * i as f32);
            layout.push(Piece::new(PieceColour::Black, at));
        }
        let r = referee_at(
            Rules::icf(),
            Seats::Singles,
            Seat::South,
            PieceColour::White,
            &layout,
            QueenState::OnBoard,
        )
        .unwrap();
        model.chances(&r).board[Side::Zero.index()]
    };
    let chances: Vec<f32> = (1..=9).map(board_with).collect();
    assert!(chances.windows(2).all(|w| w[0] > w[1]), "{chances:?}");
    // The game's chance as his lead grows, the board even (the second board's opening).
    let game = |lead: i16| {
        let score = [(10 + lead.max(0)) as u16, (10 - lead.min(0)) as u16];
        let mut at = Situation::opening(score, 2, 0);
        at.striker = None;
        model.side0(&at, &Rules::icf()).1
    };
    let leads: Vec<f64> = (-10..=10).map(game).collect();
    assert!(leads.windows(2).all(|w| w[0] < w[1]), "{leads:?}");
    // The features of a position as the two sides see it are each other's negatives.
    let r = carrom_referee::Referee::new(Rules::icf(), Seats::Singles);
    let (a, b) = (features(&r, Side::Zero), features(&r, Side::One));
    assert!(a.iter().zip(b).all(|(x, y)| *x == -y));
}

#[test]
fn a_lead_in_men_counts_for_more_the_better_the_weaker_side() {
    let model = WinModel::shipped();
    // Side 0 three men ahead, to strike, the Queen covered by neither.
    let mut at = Situation::opening([0, 0], 1, 0);
    at.men = [3, 6];
    let lead_with = |difference: i16, weaker: i16| {
        model.board_chance(&at.rated(Strength { difference, weaker }))
    };
    let (easy, medium) = (lead_with(0, 1260), lead_with(0, 1403));
    assert!(
        0.5 < easy && easy < medium,
        "easy-easy {easy}, medium-medium {medium}"
    );
    // Levels the self-play never had read as the nearest it had.
    assert_eq!(lead_with(0, 1000), easy);
    assert_eq!(lead_with(0, 1712), lead_with(0, 1403));
    // A person's match: the levels unknown, read as the ladder's middle.
    let unknown = model.board_chance(&at);
    assert!(easy < unknown && unknown <= medium, "{unknown}");
}

#[test]
fn a_model_file_of_older_features_is_refused_with_the_reason() {
    let model = WinModel::shipped();
    let mut old: serde_json::Value = serde_json::from_str(&model.to_json()).unwrap();
    // The file as the build before `men_weaker` and `rating_late` wrote it.
    old["format"] = "carrom-winprob-2".into();
    old["features"] = serde_json::json!(FEATURES[..10]);
    old["board"] = serde_json::json!(model.board[..10]);
    let err = WinModel::parse(&old.to_string()).unwrap_err().to_string();
    assert!(
        err.contains("carrom-winprob-2") && err.contains(FORMAT) && err.contains("--fit"),
        "{err}"
    );
    // Its format renamed by hand: its features are still not this build's.
    old["format"] = FORMAT.into();
    let err = WinModel::parse(&old.to_string()).unwrap_err().to_string();
    assert!(
        err.contains("features") && err.contains("men_weaker"),
        "{err}"
    );
}

#[test]
fn a_review_kept_beside_its_save_is_used_again_and_only_for_that_save() {
    let spec = Spec::default();
    let path = temp("kept");
    let save = save_of(3);
    save.write(&path).unwrap();
    let everyone = ReviewOptions::default();
    let r = review::review(&spec, &save, "match", &everyone, &|_, _| {}).unwrap();
    stored::store(&path, &spec, &save, &r).unwrap();
    assert_eq!(
        stored::load(&path, &spec, &save, &everyone),
        Some(r.clone())
    );
    // One player's part of it.
    let south = ReviewOptions {
        player: Some(save.setup.players[0].name.to_uppercase()),
        ..everyone.clone()
    };
    let his = stored::load(&path, &spec, &save, &south).unwrap();
    assert!(his.strokes.iter().all(|s| s.seat == Seat::South));
    assert_eq!(his.players.len(), 1);
    // Another seed, or another save at the same path: made again.
    let seeded = ReviewOptions {
        seed: 1,
        ..everyone.clone()
    };
    assert_eq!(stored::load(&path, &spec, &save, &seeded), None);
    let longer = save_of(4);
    assert_eq!(stored::load(&path, &spec, &longer, &everyone), None);
    // A damaged review is not used.
    std::fs::write(stored::path_for(&path), "{ not a review").unwrap();
    assert_eq!(stored::load(&path, &spec, &save, &everyone), None);
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn a_save_that_does_not_replay_as_recorded_is_refused_with_the_reason() {
    let spec = Spec::default();
    let mut save = save_of(3);
    save.digests[1] = "0123456789abcdef".into();
    let err = review::review(&spec, &save, "match.json", &options(1), &|_, _| {}).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("match.json")
            && text.contains("actions[1]")
            && text.contains("recorded position"),
        "{text}"
    );
    let wrong = ReviewOptions {
        player: Some("Nobody".into()),
        ..options(1)
    };
    let err = review::review(&spec, &save_of(3), "m", &wrong, &|_, _| {}).unwrap_err();
    assert!(
        err.to_string().contains("no player named `Nobody`"),
        "{err}"
    );
}

/// A review watched (as the game shows it while it works) tells the match walked before any
/// stroke, then each stroke as it is judged, and is the review `review` makes; a watcher that
/// answers `false` stops it.
#[test]
fn a_watched_review_tells_each_stroke_as_judged_and_stops_when_nobody_watches() {
    use carrom_ai::review::Watch;
    let spec = Spec::default();
    let save = save_of(5);
    let told = std::sync::Mutex::new(Vec::new());
    let watched = review::review_watched(&spec, &save, "m", &options(3), &|w| {
        told.lock().unwrap().push(match w {
            Watch::Walked(walked) => (0, walked.strokes.len()),
            Watch::Judged { stroke, total, .. } => (stroke.index, total),
        });
        true
    })
    .unwrap();
    let told = told.into_inner().unwrap();
    assert_eq!(told[0].0, 0, "the walk first");
    let mut judged: Vec<usize> = told[1..].iter().map(|t| t.0).collect();
    judged.sort_unstable();
    assert_eq!(judged, [1, 2, 3]);
    assert!(told[1..].iter().all(|t| t.1 == 3));
    let plain = review::review(&spec, &save, "m", &options(3), &|_, _| {}).unwrap();
    assert_eq!(watched, plain);
    let stopped = review::review_watched(&spec, &save, "m", &options(3), &|_| false);
    assert!(matches!(stopped, Err(review::ReviewError::Stopped)));
}

#[test]
fn a_point_game_is_judged_stroke_by_stroke_with_each_players_points_and_no_two_sides_chances() {
    let spec = Spec::default();
    let three = MatchSetup::new(Seats::Three, Rules::points(), "points", 5);
    let save = played(three, 12);
    let walked = review::strokes_of(&spec, &save, "three").unwrap();
    assert!(walked.start.is_none() && walked.strokes.iter().all(|s| s.after.is_none()));
    let last = walked.strokes.last().unwrap();
    let game = carrom_match::resume(&spec, &save, "three", |_| {})
        .unwrap()
        .game;
    assert_eq!(last.points_after, Some(game.referee.points()));
    let r = review::review(&spec, &save, "three", &options(4), &|_, _| {}).unwrap();
    assert_eq!(r.strokes.len(), 4);
    assert!(r.chart.is_empty() && r.turning_points.is_empty());
    assert_eq!(r.players.len(), 3, "South, East and North each reviewed");
    for s in &r.strokes {
        assert!((0.0..=1.0).contains(&s.played_chance) && s.best_chance >= s.played_chance - 1e-6);
    }
    let lines = r.lines("three", "test");
    assert!(
        lines.iter().any(|l| l.contains("each plays for himself")),
        "{lines:?}"
    );
    assert!(r.to_json()["strokes"][0]["win_chance_after"].is_null());
}
