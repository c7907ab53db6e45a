//! The lone-man table: what a lone carrom man costs on a clearing board, by where it lies, computed by
//! value iteration with the hard player's own search (`lone_man_table` in `examples/measure_ai.rs`).

mod common;

use carrom_ai::clearing::{ClearingState, strokes_to_clear, strokes_to_clear_with};
use carrom_ai::lone_man::spec_key;
use carrom_ai::{Level, LoneManCosts, Player};
use carrom_physics::{Spec, Vec2};
use rand::{Rng, SeedableRng};

fn lone(x: f32, y: f32) -> ClearingState {
    common::lone_man_state(Vec2::new(x, y))
}

#[test]
fn the_shipped_table_is_readable_and_belongs_to_the_icf_board() {
    let spec = Spec::default();
    let table = LoneManCosts::icf().expect("data/lone_man.txt reads");
    assert_eq!(
        table.spec_key,
        spec_key(&spec),
        "the ICF defaults changed: recompute data/lone_man.txt with \
         `cargo run --release -p carrom-ai --example measure_ai -- lone_man_table`"
    );
    assert!(LoneManCosts::for_spec(&spec).is_some());
    let mut other = spec.clone();
    other.materials.board_friction *= 1.5;
    assert!(
        LoneManCosts::for_spec(&other).is_none(),
        "another board's men cost what the geometry says"
    );
}

#[test]
fn a_table_reads_back_what_it_wrote_and_names_the_line_of_a_bad_value() {
    let spec = Spec::default();
    let mut table = LoneManCosts::uniform(&spec, 2.0);
    table.values[40] = 1.25;
    let text = table.to_text();
    assert_eq!(LoneManCosts::parse(&text), Ok(table.clone()));
    let bad = text.replacen("1.250", "x", 1);
    let err = LoneManCosts::parse(&bad).unwrap_err().to_string();
    assert!(err.starts_with("line 3:") && err.contains("`x`"), "{err}");
    let short: Vec<&str> = text.lines().take(10).collect();
    let err = LoneManCosts::parse(&short.join("\n"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("rows, expected 29"), "{err}");
    let err = LoneManCosts::parse("12 29").unwrap_err().to_string();
    assert!(err.starts_with("line 1:"), "{err}");
}

#[test]
fn a_cost_between_cells_lies_between_theirs() {
    let spec = Spec::default();
    let mut table = LoneManCosts::uniform(&spec, 2.0);
    table.values[5 * table.cells + 7] = 1.0;
    let at = table.cell(7, 5);
    assert!((table.cost(at) - 1.0).abs() < 1e-5);
    let half_way = at + Vec2::new(0.5 * table.step(), 0.0);
    assert!((table.cost(half_way) - 1.5).abs() < 1e-4);
    assert_eq!(table.cost(Vec2::new(5.0, 5.0)), 2.0, "clamped to the grid");
}

/// A man frozen on a cushion runs along it into the pocket when the striker pushes it there:
/// the table knows it, the direct-cut estimate (no direct cut from the base line) does not.
#[test]
fn a_man_on_the_cushion_is_cheap_though_no_direct_cut_reaches_him() {
    let spec = Spec::default();
    let edge = spec.board.half() - spec.board.coin_radius();
    let on_cushion = lone(0.0, -edge);
    let estimate = strokes_to_clear_with(&spec, &on_cushion, None);
    let cost = strokes_to_clear(&spec, &on_cushion);
    assert!(cost < 1.6, "a man on the near cushion costs {cost}");
    assert!(
        estimate > cost + 1.0,
        "the estimate says {estimate}, the table {cost}"
    );
    let jaws = strokes_to_clear(&spec, &lone(-0.315, -0.315));
    let centre = strokes_to_clear(&spec, &lone(0.0, 0.0));
    assert!((1.0..1.3).contains(&jaws), "in the jaws: {jaws}");
    assert!(centre > jaws + 1.0, "the centre costs {centre}");
}

/// The table is the hard player's own expectation: lone men at seeded spots, each cleared six
/// times by the hard player with the benchmark's noise, take about the strokes the table says.
#[test]
fn the_table_agrees_with_the_hard_players_own_play() {
    let spec = Spec::default();
    let table = LoneManCosts::for_spec(&spec).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let h = spec.board.half() - spec.board.coin_radius();
    let (mut said, mut took, mut games) = (0.0f32, 0u32, 0u32);
    let mut times = common::DecisionTimes::default();
    for spot in 0..16u64 {
        let at = Vec2::new(rng.random_range(-h..h), rng.random_range(-h..h));
        for replay in 0..8u64 {
            let mut player = Player::new(Level::Hard, spot * 100 + replay);
            let mut exec = rand_chacha::ChaCha8Rng::seed_from_u64(spot * 1000 + replay);
            let mut state = lone(at.x, at.y);
            while !state.is_clear() && state.strikes < 40 {
                let result =
                    common::clearing_stroke(&spec, &mut player, &state, &mut exec, &mut times)
                        .unwrap();
                state.apply(&spec, &result);
            }
            said += table.cost(at);
            took += state.strikes - 1;
            games += 1;
        }
    }
    let (said, took) = (said / games as f32, took as f32 / games as f32);
    println!("the table says {said:.2} strokes, the hard player took {took:.2} ({games} games)");
    assert!(
        (said - took).abs() < 0.45,
        "the table says {said:.2} strokes, the hard player took {took:.2}"
    );
}

fn board(pieces: &[(carrom_physics::PieceColour, f32, f32)], queen_pending: bool) -> ClearingState {
    let mut state = lone(0.0, 0.0);
    state.layout = pieces
        .iter()
        .map(|&(kind, x, y)| carrom_physics::Piece::new(kind, Vec2::new(x, y)))
        .collect();
    state.queen_pending = queen_pending;
    state.queen_covered = false;
    state
}

/// The Queen counts only when a man follows her, and goes back to the centre when the cover
/// fails: left on the board with one hard man, she costs far more than a man at her spot
/// would; with a man in the jaws to cover her, little more.
#[test]
fn a_queen_costs_the_covers_expected_to_fail() {
    use carrom_physics::PieceColour::{Queen, White};
    let spec = Spec::default();
    let (qx, qy) = (-0.2, -0.25);
    let hard_cover = strokes_to_clear(&spec, &board(&[(Queen, qx, qy), (White, 0.0, 0.0)], false));
    let two_men = strokes_to_clear(&spec, &board(&[(White, qx, qy), (White, 0.0, 0.0)], false));
    assert!(
        hard_cover > two_men + 2.0,
        "Queen and a man at the centre {hard_cover}, two men {two_men}"
    );
    let jaws = (0.315, -0.315);
    let easy_cover = strokes_to_clear(
        &spec,
        &board(&[(Queen, qx, qy), (White, jaws.0, jaws.1)], false),
    );
    let easy_men = strokes_to_clear(
        &spec,
        &board(&[(White, qx, qy), (White, jaws.0, jaws.1)], false),
    );
    assert!(
        easy_cover < easy_men + 0.5,
        "Queen and a man in the jaws {easy_cover}, two men {easy_men}"
    );
    // Awaiting cover, she costs what is left of the same risk: nothing of her spot.
    let pending_hard = strokes_to_clear(&spec, &board(&[(White, 0.0, 0.0)], true));
    let pending_easy = strokes_to_clear(&spec, &board(&[(White, jaws.0, jaws.1)], true));
    let man_alone = strokes_to_clear(&spec, &lone(0.0, 0.0));
    assert!(pending_hard > man_alone + 2.0 && pending_hard < hard_cover);
    assert!(pending_easy < strokes_to_clear(&spec, &lone(jaws.0, jaws.1)) + 0.5);
    // Many men: one of them is likely to go down, so the Queen costs about a man.
    let many: Vec<_> = (0..6)
        .map(|i| (White, -0.2 + 0.08 * i as f32, 0.1))
        .chain([(Queen, qx, qy)])
        .collect();
    let with_queen = strokes_to_clear(&spec, &board(&many, false));
    let mut all_men = many.clone();
    all_men.last_mut().unwrap().0 = White;
    let without = strokes_to_clear(&spec, &board(&all_men, false));
    assert!(
        with_queen < without + 0.5,
        "six men and the Queen {with_queen}, seven men {without}"
    );
}
