//! The coach: its best shot, and the honesty of the chance it gives.

mod common;

use carrom_ai::coach::{Hint, describe, hint};
use carrom_ai::{Noise, ShotKind};
use carrom_match::stroke_report;
use carrom_physics::{Piece, PieceColour, Seat, Spec, simulate};
use carrom_referee::{Referee, Rules, Seats};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn coach(spec: &Spec, layout: &[Piece], referee: &Referee, seed: u64) -> Hint {
    hint(spec, layout, Seat::South, referee, seed).expect("South can place the striker")
}

/// The chance the coach gives for its shot is the physics' own: replaying that shot 1,000
/// times with the benchmark's noise through `simulate` (what `carrom simulate` runs), each
/// stroke judged by the referee, pockets the target legally (down, and the turn goes on) as
/// often as the coach said, within 5 points, on 20 seeded positions.
#[test]
fn the_chance_of_a_hint_is_what_replaying_the_shot_gives() {
    let spec = Spec::default();
    let mut report = Vec::new();
    let mut worst = 0.0f32;
    for k in 0..20u64 {
        let (layout, referee) =
            common::mid_game_position(&spec, 100 + k, 3 + (k as usize * 7) % 16);
        let h = coach(&spec, &layout, &referee, k);
        let best = &h.best;
        let target = layout
            .iter()
            .position(|p| Some(*p) == best.target)
            .filter(|_| best.chance_is_the_targets());
        let mut rng = ChaCha8Rng::seed_from_u64(0xBEEF + k);
        let mut legal = 0;
        for _ in 0..1000 {
            let shot = Noise::BENCHMARK.apply(&spec, &layout, &best.shot, &mut rng);
            let result = simulate(&spec, &layout, &shot).unwrap();
            let mut r = referee;
            let v = r.judge(&stroke_report(&result)).unwrap();
            let won = v
                .board_result
                .is_some_and(|b| b.winner == referee.side_of(Seat::South));
            let goes_on = v.continues || won;
            let down = match target {
                Some(t) => result.pieces[t].pocketed,
                None => true,
            };
            if down && goes_on {
                legal += 1;
            }
        }
        let replayed = legal as f32 / 1000.0;
        let diff = (replayed - best.chance).abs();
        worst = worst.max(diff);
        report.push(format!(
            "position {k} ({} pieces): {} — coach {:.3}, replayed {replayed:.3}",
            layout.len(),
            describe(best, Seat::South),
            best.chance
        ));
    }
    println!("{}", report.join("\n"));
    assert!(
        worst <= 0.05,
        "worst difference {worst:.3}:\n{}",
        report.join("\n")
    );
}

/// The coach aims at a piece the player may pocket (his own colour, or the Queen once he has
/// the right to her), names the pocket it goes into when it goes in, and gives the same hint
/// for the same position and seed.
#[test]
fn a_hint_aims_at_a_piece_of_the_players_and_is_the_same_each_time() {
    let spec = Spec::default();
    for k in 0..4u64 {
        let (layout, referee) = common::mid_game_position(&spec, 300 + k, 6 + k as usize * 3);
        let a = coach(&spec, &layout, &referee, 9);
        let b = coach(&spec, &layout, &referee, 9);
        assert_eq!((&a.best, &a.alternatives), (&b.best, &b.alternatives));
        for advice in std::iter::once(&a.best).chain(&a.alternatives) {
            if let Some(t) = advice.target {
                assert_eq!(
                    t.kind != PieceColour::Black,
                    advice.own_target,
                    "{advice:?}"
                );
                if !advice.own_target {
                    assert_eq!(advice.kind, ShotKind::Safety, "{advice:?}");
                }
            }
            assert_eq!(advice.pocket.is_some(), advice.chance > 0.0, "{advice:?}");
            assert!((0.0..=1.0).contains(&advice.chance));
        }
        assert!(a.alternatives.len() <= 3);
    }
}

/// Commentary changes nothing the computers do: a seeded match between computers plays the
/// same actions with and without it, and with it every stroke decision is announced.
#[test]
fn commentary_announces_every_computer_stroke_and_changes_no_stroke() {
    use carrom_ai::{Computers, Level, computer_setup};
    use carrom_match::{Action, Match, MatchSetup};
    let spec = Spec::default();
    let mut setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 5);
    computer_setup(&mut setup, [Level::Medium, Level::Easy]);
    let play = |commentary: bool| {
        let mut computers = Computers::for_setup(&setup);
        computers.commentary = commentary;
        let mut game = Match::new(&spec, setup.clone()).unwrap();
        let mut announced = 0;
        for _ in 0..30 {
            let Some(action) = computers.act(&game) else {
                break;
            };
            if let (Action::Stroke { .. }, Some(c)) = (&action, &computers.last_commentary) {
                assert_eq!(Some(c.seat), game.referee.turn());
                assert!(c.lines()[0].starts_with("plans: "), "{:?}", c.lines());
                announced += 1;
            }
            game.apply(&action).unwrap();
        }
        let strokes = game
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Stroke { .. }))
            .count();
        (game.actions, announced, strokes)
    };
    let (quiet, none, _) = play(false);
    let (told, announced, strokes) = play(true);
    assert_eq!(quiet, told);
    assert_eq!(none, 0);
    assert_eq!(announced, strokes);
}

/// A person's own stroke is set beside the coach's on the same noise: the coach's own shot
/// played by the person scores exactly what the coach's does, and that is the figure the hint
/// gave for it (the same strokes, the same thing counted); a wild shot scores no better.
#[test]
fn the_coachs_shot_played_by_a_person_is_judged_the_same_as_the_coachs() {
    use carrom_ai::coach::{chance_on, judge_own_shot};
    let spec = Spec::default();
    let (layout, referee) = common::mid_game_position(&spec, 77, 9);
    let h = coach(&spec, &layout, &referee, 3);
    let judge = |shot| judge_own_shot(&spec, &layout, Seat::South, &referee, shot, &h.best);
    let same = judge(&h.best.shot);
    assert_eq!(same.yours, same.coachs);
    assert_eq!(same.coachs, h.best.chance, "the hint's own figure");
    assert_eq!(same.samples, h.best.samples);
    // Played again on the strokes the hint measured it on, it counts exactly as many.
    let again = chance_on(
        &spec,
        &layout,
        Seat::South,
        &referee,
        &h.best.shot,
        &h.best.measured,
    );
    assert_eq!(again, h.best.chance);
    let mut wild = h.best.shot;
    wild.angle_deg = -80.0;
    wild.power = 0.1;
    let worse = judge(&wild);
    assert!(worse.yours <= worse.coachs, "{worse:?}");
    assert_eq!(worse.samples, h.best.samples);
    let what = if h.best.chance_is_the_targets() {
        "Your shot: the white man at"
    } else {
        "Your shot: strikes again"
    };
    assert!(worse.line().starts_with(what), "{}", worse.line());
}

/// The two figures of one shot agree: on positions where the coach's best is a cut and where
/// it is a safety shot, the judged figure of the coach's shot is the hint's, over the same
/// number of strokes, and the line counts what the hint's line counted ("goes in", "strikes
/// again").
#[test]
fn the_judged_figure_of_the_coachs_shot_is_the_hints_own() {
    use carrom_ai::coach::{chance_on, judge_own_shot};
    let spec = Spec::default();
    let mut kinds = Vec::new();
    for k in 0..6u64 {
        let (layout, referee) =
            common::mid_game_position(&spec, 100 + k, 3 + (k as usize * 7) % 16);
        let h = coach(&spec, &layout, &referee, k);
        let b = &h.best;
        let j = judge_own_shot(&spec, &layout, Seat::South, &referee, &b.shot, b);
        assert_eq!(
            (j.yours, j.coachs, j.samples),
            (b.chance, b.chance, b.samples)
        );
        let again = chance_on(&spec, &layout, Seat::South, &referee, &b.shot, &b.measured);
        assert_eq!(again, b.chance, "{}", describe(b, Seat::South));
        let hinted = describe(b, Seat::South);
        let pct = format!("{}%", carrom_ai::coach::percent(b.chance));
        assert!(hinted.contains(&pct), "{hinted} / {}", j.line());
        assert!(
            j.line().ends_with(&format!(
                "the coach's: {pct} (the same {} strokes)",
                b.samples
            )),
            "{}",
            j.line()
        );
        let counts_the_turn = hinted.contains("strikes again");
        assert_eq!(
            j.line().starts_with("Your shot: strikes again"),
            counts_the_turn,
            "{hinted} / {}",
            j.line()
        );
        kinds.push(b.kind);
    }
    println!("the coach's kinds of shot: {kinds:?}");
}
