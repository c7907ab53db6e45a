//! The ladder of levels: its data, and the beginner a person new to carrom can beat.

mod common;

use carrom_ai::candidates::{ShotKind, generate};
use carrom_ai::{LADDER, Level, Noise, Player, Rung};
use carrom_physics::shot::play;
use carrom_physics::{Piece, PieceColour, Seat, Shot, Spec, Table, Vec2};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn the_ladder_lists_every_level_once_weakest_first() {
    assert_eq!(LADDER.map(|s| s.level), Level::ALL);
    for (i, s) in LADDER.iter().enumerate() {
        assert_eq!(s.level.spec().name, s.name);
        assert_eq!(Level::parse(s.name), Some(s.level));
        assert_eq!(Level::parse(&s.name.to_uppercase()), Some(s.level));
        assert!(!s.blurb.is_empty() && !s.blurb.contains('\n'), "{}", s.name);
        assert!(LADDER[..i].iter().all(|t| t.name != s.name));
        if i > 0 {
            assert!(
                s.rating > LADDER[i - 1].rating,
                "{} is rated above {}",
                s.name,
                LADDER[i - 1].name
            );
        }
    }
    assert_eq!(LADDER[0].rating, 1000.0, "the weakest is the anchor");
    assert_eq!(Level::parse("fast"), Some(Level::Easy), "old saves name it");
    assert_eq!(Level::parse("expert"), None);
    assert_eq!(Level::STRONGEST, Level::ALL[4]);
    assert_eq!(Level::DEMO, [Level::ALL[4], Level::ALL[3]], "the top two");
}

#[test]
fn the_beginner_has_the_shakiest_hand_and_hard_the_steadiest() {
    let aim = LADDER.map(|s| s.noise.angle_deg);
    assert!(aim.iter().all(|&a| a <= aim[0] && a >= aim[4]), "{aim:?}");
}

#[test]
fn the_two_lowest_never_play_safe_and_the_rest_do() {
    for s in &LADDER {
        let safe = s.budget.limits.plays_safe;
        assert_eq!(safe, s.level >= Level::Medium, "{}", s.name);
        assert_eq!(s.blurb.contains("never plays safe"), !safe, "{}", s.blurb);
    }
}

#[test]
fn the_beginner_plays_only_straight_shots() {
    let spec = Spec::default();
    let mut beginner = Player::new(Level::Beginner, 3);
    let mut direct = 0;
    for seed in 0..12 {
        let (layout, referee) = common::mid_game_position(&spec, 100 + seed, 12);
        if beginner
            .choose_shot(&spec, &layout, Seat::South, &referee)
            .is_none()
        {
            continue;
        }
        let kind = beginner.last.as_ref().unwrap().kind;
        // Safety and break-up shots only when nothing can be aimed at.
        let aimable = beginner
            .weighed
            .iter()
            .any(|w| w.candidate.kind == ShotKind::Direct);
        assert!(
            kind == ShotKind::Direct || !aimable,
            "position {seed}: the beginner played {kind:?}"
        );
        assert!(
            beginner
                .weighed
                .iter()
                .all(|w| matches!(w.candidate.kind, ShotKind::Direct) || !aimable),
            "position {seed}: only straight shots are weighed"
        );
        direct += usize::from(kind == ShotKind::Direct);
    }
    assert!(direct >= 8, "{direct} of 12 positions were direct cuts");
}

/// The angle between the striker's path and the struck man's (the cut), in degrees: `None`
/// when the striker's line misses the man.
fn cut_deg(spec: &Spec, shot: &Shot, man: Vec2) -> Option<f32> {
    let s = shot.striker_at(spec);
    let u = shot.striker_velocity(spec).normalize();
    let reach = spec.board.striker_radius() + spec.board.coin_radius();
    let along = (man - s).dot(u);
    let across2 = (man - s).length_squared() - along * along;
    if across2 > reach * reach {
        return None;
    }
    let ghost = s + u * (along - (reach * reach - across2).sqrt());
    let d = (man - ghost).normalize();
    Some(u.dot(d).clamp(-1.0, 1.0).acos().to_degrees())
}

/// Direct cuts of a lone man of 30 to 60 degrees, each played 10 times with `noise`: the share
/// that pocket him.
fn cuts_over_30_potted(spec: &Spec, noise: Noise) -> (f32, u32) {
    let mut limits = Level::Beginner.budget().limits;
    limits.positions_per_aim = 8;
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let (mut potted, mut strokes) = (0u32, 0u32);
    let h = spec.board.half() - 2.0 * spec.board.coin_radius();
    while strokes < 400 {
        let at = Vec2::new(rng.random_range(-h..h), rng.random_range(-h * 0.6..h));
        let layout = vec![Piece::new(PieceColour::White, at)];
        let all = generate(spec, &layout, Seat::South, &|_| true, false, limits);
        for c in all.iter().filter(|c| c.kind == ShotKind::Direct) {
            let Some(cut) = cut_deg(spec, &c.shot, at) else {
                continue;
            };
            if !(30.0..60.0).contains(&cut) {
                continue;
            }
            let mut hand = ChaCha8Rng::seed_from_u64(strokes as u64);
            for _ in 0..10 {
                let played = noise.apply(spec, &layout, &c.shot, &mut hand);
                let result = play(&mut Table::new(spec, &layout), &played);
                potted += u32::from(result.pieces[0].pocketed);
                strokes += 1;
            }
            break;
        }
    }
    (potted as f32 / strokes as f32, strokes)
}

#[test]
fn the_beginner_misses_most_cuts_over_30_degrees() {
    let spec = Spec::default();
    let (beginner, n) = cuts_over_30_potted(&spec, Level::Beginner.execution_noise());
    let (hard, _) = cuts_over_30_potted(&spec, Level::Hard.execution_noise());
    println!("cuts of 30-60 degrees over {n} strokes: beginner pots {beginner:.3}, hard {hard:.3}");
    assert!(beginner < 0.5, "the beginner pots {beginner:.3} of them");
    assert!(
        hard > beginner,
        "a steadier hand pots more: {hard:.3} against {beginner:.3}"
    );
}
