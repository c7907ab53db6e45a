//! The practised break: the hard player opens a clearing board with the break found beforehand
//! by a large search (`break_book` in `examples/measure_ai.rs`), because the opening rack is always
//! the same.

use carrom_ai::break_book::BreakBook;
use carrom_ai::break_search::{BookSearch, find};
use carrom_ai::lone_man::spec_key;
use carrom_ai::noise::mix;
use carrom_ai::search::Judge;
use carrom_ai::{ClearingJudge, ClearingState, Level, LoneManCosts, Noise, Player, Rung, ShotKind};
use carrom_physics::shot::play;
use carrom_physics::{Seat, Spec, Table};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const RECOMPUTE: &str = "recompute data/break_book.txt with `cargo run --release -p carrom-ai --example measure_ai -- break_book`";

#[test]
fn the_shipped_book_is_readable_and_belongs_to_the_icf_board_and_the_benchmark_noise() {
    let spec = Spec::default();
    let book = BreakBook::icf().expect("data/break_book.txt reads");
    assert_eq!(
        book.spec_key,
        spec_key(&spec),
        "the ICF defaults changed: {RECOMPUTE}"
    );
    assert_eq!(book.noise, Noise::BENCHMARK, "{RECOMPUTE}");
    assert!(
        book.breaks.windows(2).all(|w| w[0].value >= w[1].value),
        "best first"
    );
    let state = ClearingState::new(&spec);
    assert!(state.book_break(&spec, Noise::BENCHMARK).is_some());
    let mut other = spec.clone();
    other.materials.board_friction *= 1.5;
    let other_state = ClearingState::new(&other);
    assert!(
        other_state.book_break(&other, Noise::BENCHMARK).is_none(),
        "another board has no practised break"
    );
}

/// The book's figures still hold for the physics as it is now: its best break, played again
/// with fresh noise, is worth what the book says (within four standard errors).
#[test]
fn the_practised_break_is_worth_what_the_book_says() {
    let spec = Spec::default();
    let best = BreakBook::icf().unwrap().breaks[0];
    let state = ClearingState::new(&spec);
    let judge = ClearingJudge {
        state: &state,
        lone: LoneManCosts::for_spec(&spec),
    };
    let base = Table::new(&spec, &state.layout);
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let n = 200;
    let values: Vec<f64> = (0..n)
        .map(|_| {
            let shot =
                Noise::BENCHMARK.apply(&spec, &state.layout, &best.shot(Seat::South), &mut rng);
            let result = play(&mut base.clone(), &shot);
            judge.value(&spec, &state.layout, &result) as f64
        })
        .collect();
    let mean = values.iter().sum::<f64>() / n as f64;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let se = (var / n as f64).sqrt();
    assert!(
        (mean - best.value as f64).abs() < 4.0 * se,
        "played {mean:.3} ± {se:.3}, the book says {:.3}: the physics or the clearing value changed, {RECOMPUTE}",
        best.value
    );
}

#[test]
fn the_hard_player_opens_clearing_with_its_practised_break_and_searches_afterwards() {
    let spec = Spec::default();
    let best = BreakBook::icf().unwrap().breaks[0];
    let state = ClearingState::new(&spec);
    let mut hard = Player::new(Level::Hard, 4).with_plan_noise(Noise::BENCHMARK);
    let shot = hard.choose_clearing_shot(&spec, &state).unwrap();
    assert_eq!(shot, best.shot(Seat::South));
    shot.validate(&spec, &state.layout)
        .expect("the practised break is a legal stroke");
    let decision = hard.last.as_ref().unwrap();
    assert_eq!(decision.kind, ShotKind::Break);
    assert_eq!(decision.simulations, 0, "no search for a practised break");

    // Planning for other noise, the book does not apply: the player searches.
    let mut shaky = Player::new(Level::Hard, 4).with_plan_noise(Level::Medium.execution_noise());
    shaky.budget.candidates = 4;
    shaky.budget.refine = 0;
    shaky.choose_clearing_shot(&spec, &state).unwrap();
    assert!(shaky.last.as_ref().unwrap().simulations > 0);
}

#[test]
fn a_book_reads_back_what_it_wrote_and_names_the_line_of_a_bad_field() {
    let book = BreakBook::icf().unwrap().clone();
    let text = book.to_text();
    let again = BreakBook::parse(&text).unwrap();
    assert_eq!(again.spec_key, book.spec_key);
    assert_eq!(again.noise, book.noise);
    assert_eq!(again.breaks.len(), book.breaks.len());
    for (a, b) in again.breaks.iter().zip(&book.breaks) {
        assert_eq!(
            (a.position, a.angle_deg, a.power),
            (b.position, b.angle_deg, b.power)
        );
        assert!((a.value - b.value).abs() < 1e-3);
    }
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[2] = lines[2].replacen(' ', " x ", 1);
    let err = BreakBook::parse(&lines.join("\n")).unwrap_err().to_string();
    assert!(err.starts_with("line 3:"), "{err}");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let f: Vec<&str> = lines[1].split_whitespace().collect();
    lines[1] = format!("{} nan {}", f[0], f[2..].join(" "));
    let err = BreakBook::parse(&lines.join("\n")).unwrap_err().to_string();
    assert!(err.starts_with("line 2: angle_deg `nan`"), "{err}");
    let err = BreakBook::parse("1 0.01 2\n").unwrap_err().to_string();
    assert!(err.starts_with("line 1:"), "{err}");
    let err = BreakBook::parse("1 0.01 2 0.01\n").unwrap_err().to_string();
    assert!(err.contains("no breaks"), "{err}");
}

/// A small book search: deterministic for its seed, its breaks legal and best first, each
/// re-measured over the fresh strokes asked for.
#[test]
fn a_book_search_is_deterministic_and_keeps_its_best() {
    let spec = Spec::default();
    let search = BookSearch {
        positions: vec![-0.2, 0.0, 0.2],
        offsets_deg: vec![-4.0, 0.0],
        powers: vec![1.0],
        rounds: vec![(usize::MAX, 2), (3, 2)],
        keep: 2,
        remeasure: 3,
    };
    let a = find(&spec, Noise::BENCHMARK, &search, mix(1, 2));
    let b = find(&spec, Noise::BENCHMARK, &search, mix(1, 2));
    assert_eq!(a, b);
    assert_eq!(a.breaks.len(), 2);
    let rack = ClearingState::new(&spec).layout;
    for br in &a.breaks {
        assert_eq!(br.samples, 3);
        assert!(br.pieces >= 0.0 && br.striker_pocketed <= 1.0);
        br.shot(Seat::South).validate(&spec, &rack).unwrap();
    }
    assert!(a.breaks[0].value >= a.breaks[1].value);
}

/// In a game the book's breaks are tried first for any seat's break into its own rack (the
/// rack turns with the seat), and not once the rack has been disturbed.
#[test]
fn the_book_breaks_head_a_games_break_candidates_for_every_seat() {
    use carrom_ai::candidates::{GenLimits, generate};
    use carrom_physics::opening_rack;
    let spec = Spec::default();
    let book = BreakBook::icf().unwrap();
    let limits = GenLimits {
        positions_per_aim: 2,
        banks: false,
        combinations: false,
        break_up_offsets: &[],
        plays_safe: true,
    };
    for seat in [Seat::South, Seat::East, Seat::North, Seat::West] {
        let rack = opening_rack(&spec.board, seat);
        let all = generate(&spec, &rack, seat, &|_| true, true, limits);
        for (c, b) in all.iter().zip(&book.breaks) {
            assert_eq!(c.shot, b.shot(seat));
            assert_eq!(c.kind, ShotKind::Break);
        }
        assert!(
            all.len() > book.breaks.len(),
            "the generated breaks as well"
        );
        let mut moved = rack.clone();
        moved[3].x += 0.01;
        let all = generate(&spec, &moved, seat, &|_| true, true, limits);
        assert!(
            all.iter().all(|c| c.prior < 2.0),
            "no book for another rack"
        );
    }
}
