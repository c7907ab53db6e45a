//! Measurements behind `crates/ai/README.md`'s figures and the data files they compute: each
//! prints figures (seconds to hours; none is part of the test run). Name one or more harnesses
//! (or part of a name):
//!
//! ```sh
//! cargo run --release -p carrom-ai --example measure_ai -- clearing_stroke_diagnostic
//! ```

#[path = "../tests/common/mod.rs"]
mod common;

use carrom_ai::Noise;
use carrom_ai::clearing::{ClearingState, pocket_order};
use carrom_ai::coach::{Hint, hint};
use carrom_ai::search::Judge;
use carrom_ai::{Level, Player, Rung};
use carrom_physics::bench::{Harness, run_harnesses};
use carrom_physics::shot::play;
use carrom_physics::{Piece, Seat, Spec, Table};
use carrom_referee::Referee;
use rand::SeedableRng;
use std::time::Instant;

/// The hard player's opening break on a clearing board: 120 decisions (seeds 0..120), each played five
/// times with the benchmark's execution noise.
fn hard_break_pieces_per_stroke() {
    let spec = Spec::default();
    let noise = Noise::BENCHMARK;
    let decisions = 120u64;
    let (mut pieces, mut strokes, mut value) = (0usize, 0usize, 0f64);
    let mut times = common::DecisionTimes::default();
    let state = ClearingState::new(&spec);
    let judge = carrom_ai::ClearingJudge {
        state: &state,
        lone: carrom_ai::LoneManCosts::for_spec(&spec),
    };
    for seed in 0..decisions {
        let mut player = Player::new(Level::Hard, seed).with_plan_noise(noise);
        let start = Instant::now();
        let shot = player.choose_clearing_shot(&spec, &state).expect("a break");
        times.add(start.elapsed());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 99);
        for _ in 0..5 {
            let played = noise.apply(&spec, &state.layout, &shot, &mut rng);
            let result = play(&mut Table::new(&spec, &state.layout), &played);
            pieces += pocket_order(&result).len();
            value += judge.value(&spec, &state.layout, &result) as f64;
            strokes += 1;
        }
    }
    println!(
        "hard break: {:.3} pieces per stroke, clearing value {:.3}, over {strokes} noisy strokes; decision {times}",
        pieces as f64 / strokes as f64,
        value / strokes as f64,
    );
}

/// Where a hard clearing board's strikes go: strikes spent at each number of pieces on the
/// board, and how often each kind of chosen shot pocketed something (boards `mix(5, 0..n)`,
/// `CARROM_DIAG_BOARDS` boards, default 8). With `CARROM_DIAG_DUMP=FILE` it also appends one
/// line per stroke of every cleared board to FILE: the board, the value's features before the
/// stroke ([`value_features`]) and the strokes the board then still took, for fitting the value.
fn clearing_stroke_diagnostic() {
    let spec = Spec::default();
    let boards: u64 = common::env_or("CARROM_DIAG_BOARDS", 8);
    let mut tallies = StrokeTallies::default();
    let mut total = 0u32;
    let (mut queen_back, mut men_back) = (0u32, 0u32);
    let mut times = common::DecisionTimes::default();
    let dump = std::env::var("CARROM_DIAG_DUMP").ok();
    for b in 0..boards {
        let seed = carrom_ai::noise::mix(5, b);
        let (mut player, mut exec) = common::hard_clearing_player(seed);
        let mut state = ClearingState::new(&spec);
        let mut rows: Vec<(u32, String)> = Vec::new();
        while !state.is_clear() && state.strikes < 500 {
            let left = state.layout.len();
            let features = dump.as_ref().map(|_| value_features(&spec, &state));
            let before = times.total;
            let Some(result) =
                common::clearing_stroke(&spec, &mut player, &state, &mut exec, &mut times)
            else {
                break;
            };
            if let Some(f) = features {
                rows.push((state.strikes, f));
            }
            let took = times.total - before;
            let down = pocket_order(&result).len() as u32;
            let pending = state.queen_pending;
            let men_before = state.men_pocketed;
            state.apply(&spec, &result);
            if pending && !state.queen_covered {
                queen_back += 1;
            }
            if state.men_pocketed < men_before {
                men_back += 1;
            }
            let decision = player.last.as_ref().expect("the stroke's decision");
            tallies.count(left, decision, down, took.as_secs_f64() * 1000.0);
        }
        println!("board {b}: {} strikes", state.strikes);
        // A board abandoned at the cap would give the fit a cut-off count.
        if let Some(path) = dump.as_ref().filter(|_| state.is_clear()) {
            append_value_rows(path, b, &rows, state.strikes);
        }
        total += state.strikes;
    }
    println!(
        "mean strikes {:.2}; Queen back to the centre {queen_back}, men back {men_back}",
        total as f64 / boards as f64
    );
    println!("decisions: {times}");
    tallies.print(boards);
}

/// The diagnostic's strokes, by pieces on the board and by kind of shot.
#[derive(Default)]
struct StrokeTallies {
    /// Strokes, pieces down, decision ms, slowest decision ms and its simulations.
    by_left: std::collections::BTreeMap<usize, (u32, u32, f64, f64, u32)>,
    /// Strokes, pieces down, the sum of the decisions' values.
    by_kind: std::collections::BTreeMap<String, (u32, u32, f64)>,
}

impl StrokeTallies {
    /// A stroke with `left` pieces on the board, decided as `decision` in `ms`, that pocketed
    /// `down`.
    fn count(&mut self, left: usize, decision: &carrom_ai::Decision, down: u32, ms: f64) {
        let e = self.by_left.entry(left).or_default();
        e.0 += 1;
        e.1 += down;
        e.2 += ms;
        if ms > e.3 {
            e.3 = ms;
            e.4 = decision.simulations;
        }
        let k = self
            .by_kind
            .entry(format!("{:?}", decision.kind))
            .or_default();
        k.0 += 1;
        k.1 += down;
        k.2 += decision.value as f64;
    }

    fn print(&self, boards: u64) {
        println!(
            "pieces on board: strokes, pieces pocketed, decision time (slowest, its simulations)"
        );
        for (left, (n, down, ms, slowest, sims)) in &self.by_left {
            println!(
                "  {left:2}: {:5.2} strokes/board, {:.2} pieces/stroke, {:.0} ms ({slowest:.0} ms, {sims})",
                *n as f64 / boards as f64,
                *down as f64 / *n as f64,
                ms / *n as f64
            );
        }
        for (kind, (n, down, v)) in &self.by_kind {
            println!(
                "  {kind:12}: {n:4} strokes, {:.2} pieces/stroke, mean value {:.2}",
                *down as f64 / *n as f64,
                v / *n as f64
            );
        }
    }
}

/// Appends board `board`'s value features to `path`, each row with the strokes the board still
/// took after it (the board took `strikes` in all).
fn append_value_rows(path: &str, board: u64, rows: &[(u32, String)], strikes: u32) {
    use std::io::Write;
    let mut text = String::new();
    for (t, row) in rows {
        text += &format!("{board} {row} {}\n", strikes - t);
    }
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
}

/// One line of `CARROM_DIAG_DUMP` (before the board and the strokes still taken): strokes
/// so far, pieces on the board, Queen on the board, Queen awaiting cover, men owed,
/// `strokes_to_clear`, the sum of the pieces' lone-man costs, the sum of what blocking adds,
/// the sum of one over each piece's cost, the cheapest piece's cost.
fn value_features(spec: &Spec, state: &ClearingState) -> String {
    use carrom_physics::PieceColour;
    let table = carrom_ai::LoneManCosts::icf().expect("the shipped lone-man table");
    let layout = &state.layout;
    let (mut lone, mut blocking, mut inverse, mut cheapest) = (0.0f32, 0.0f32, 0.0f32, f32::MAX);
    for (c, b) in carrom_ai::clearing::piece_costs(spec, layout, table) {
        lone += c;
        blocking += b;
        inverse += 1.0 / (c + b).max(1.0);
        cheapest = cheapest.min(c + b);
    }
    format!(
        "{} {} {} {} {} {:.3} {lone:.3} {blocking:.3} {inverse:.3} {:.3}",
        state.strikes,
        layout.len(),
        u8::from(layout.iter().any(|p| p.kind == PieceColour::Queen)),
        u8::from(state.queen_pending),
        state.owed,
        carrom_ai::clearing::strokes_to_clear(spec, state),
        if layout.is_empty() { 0.0 } else { cheapest },
    )
}

/// Is the geometric estimate of a direct cut's chance (`geom::cut_success`, the candidates'
/// prior) calibrated? One piece at a random spot, the best direct cut by prior, 40 noisy
/// strokes; binned by the estimate.
fn direct_cut_calibration() {
    let spec = Spec::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let mut bins = [(0u32, 0.0f64, 0u32); 10];
    for _ in 0..400 {
        let Some((prior, hits)) = common::lone_man_cut(&spec, &mut rng, 40) else {
            continue;
        };
        let bin = ((prior * 10.0) as usize).min(9);
        bins[bin].0 += 1;
        bins[bin].1 += prior as f64;
        bins[bin].2 += hits;
    }
    println!("estimate bin: spots, mean estimate, pocketed");
    for (i, (n, p, hits)) in bins.iter().enumerate() {
        if *n > 0 {
            println!(
                "  {:.1}-{:.1}: {n:3} spots, estimate {:.2}, pocketed {:.2}",
                i as f32 / 10.0,
                (i + 1) as f32 / 10.0,
                p / *n as f64,
                *hits as f64 / (*n as f64 * 40.0)
            );
        }
    }
}

/// Endgames: the strokes the hard player needs to clear clearing boards from the first
/// position with seven pieces or fewer on them (reached by the hard player on boards
/// `mix(9, 0..n)`, `CARROM_ENDGAMES` endgames, default 48, each played `CARROM_ENDGAME_REPLAYS`
/// times, default 2). The positions are cached in `CARROM_ENDGAME_FILE` (default
/// `target/endgames.txt`) so that variants of the player start from the same positions.
fn clearing_endgame_diagnostic() {
    use carrom_physics::PieceColour;
    let spec = Spec::default();
    let n: u64 = common::env_or("CARROM_ENDGAMES", 48);
    let replays: u64 = common::env_or("CARROM_ENDGAME_REPLAYS", 2);
    // The endgame size from which the hard player searches wider.
    let endgame = 7;
    let file = std::env::var("CARROM_ENDGAME_FILE")
        .unwrap_or_else(|_| format!("{}/../../target/endgames.txt", env!("CARGO_MANIFEST_DIR")));
    let starts = cached_positions(&spec, &file, &format!("endgames {n}"), || {
        (0..n)
            .map(|b| {
                let seed = carrom_ai::noise::mix(9, b);
                let (mut player, mut exec) = common::hard_clearing_player(seed);
                let mut state = ClearingState::new(&spec);
                let mut times = common::DecisionTimes::default();
                while state.layout.len() > endgame || state.queen_pending || state.strikes == 0 {
                    let result =
                        common::clearing_stroke(&spec, &mut player, &state, &mut exec, &mut times)
                            .unwrap();
                    state.apply(&spec, &result);
                }
                state.strikes = 1;
                state
            })
            .collect()
    });
    let (mut total, mut pieces) = (0u32, 0usize);
    let mut by_left: std::collections::BTreeMap<(usize, bool, bool), (u32, u32)> =
        Default::default();
    let mut queen_back = 0u32;
    let mut times = common::DecisionTimes::default();
    for (e, start) in starts.iter().take(n as usize).enumerate() {
        for r in 0..replays {
            let seed = carrom_ai::noise::mix(77, e as u64 * 1000 + r);
            let (mut player, mut exec) = common::hard_clearing_player(seed);
            let mut state = start.clone();
            pieces += state.layout.len();
            while !state.is_clear() && state.strikes < 500 {
                let result =
                    common::clearing_stroke(&spec, &mut player, &state, &mut exec, &mut times)
                        .unwrap();
                let key = (
                    state.layout.len(),
                    state.layout.iter().any(|p| p.kind == PieceColour::Queen),
                    state.queen_pending,
                );
                let pending = state.queen_pending;
                state.apply(&spec, &result);
                if pending && !state.queen_covered {
                    queen_back += 1;
                }
                let e = by_left.entry(key).or_default();
                e.0 += 1;
                e.1 += pocket_order(&result).len() as u32;
            }
            total += state.strikes - 1;
        }
    }
    let games = (n * replays) as f64;
    println!(
        "endgames: {:.2} strokes from {:.2} pieces; decisions {times}",
        total as f64 / games,
        pieces as f64 / games,
    );
    println!(
        "Queen back to the centre {queen_back}; (pieces, Queen on, Queen pending): strokes per game, pieces per stroke"
    );
    for ((left, q, pend), (k, down)) in &by_left {
        println!(
            "  {left} {q:5} {pend:5}: {:5.2} strokes/game, {:.2} pieces/stroke",
            *k as f64 / games,
            *down as f64 / *k as f64
        );
    }
}

/// Computes the lone-man table (`crates/ai/data/lone_man.txt`) by value iteration with the hard
/// player's own search: starting from the geometric estimate, each round gives every cell (a
/// lone man there) the best shot the search finds with the previous round's table valuing the
/// outcomes, and sets the cell to one stroke plus the mean remaining cost over
/// `CARROM_LONE_SAMPLES` (default 48) fresh noisy replays of that shot. `CARROM_LONE_ROUNDS`
/// rounds (default 6); the table is written to `CARROM_LONE_OUT` (default the shipped file).
fn lone_man_table() {
    use carrom_ai::LoneManCosts;
    use carrom_ai::clearing::strokes_to_clear_with;
    use carrom_physics::Vec2;
    let spec = Spec::default();
    let rounds: u64 = common::env_or("CARROM_LONE_ROUNDS", 6);
    let samples: u64 = common::env_or("CARROM_LONE_SAMPLES", 48);
    let out = std::env::var("CARROM_LONE_OUT")
        .unwrap_or_else(|_| format!("{}/data/lone_man.txt", env!("CARGO_MANIFEST_DIR")));
    let mut table = LoneManCosts::uniform(&spec, 0.0);
    let c = table.cells;
    for j in 0..c {
        for i in 0..c {
            table.values[j * c + i] =
                strokes_to_clear_with(&spec, &common::lone_man_state(table.cell(i, j)), None);
        }
    }
    for round in 0..rounds {
        let start = Instant::now();
        let prev = table.clone();
        for j in 0..c {
            for i in c / 2..c {
                let seed = carrom_ai::noise::mix(round, (j * c + i) as u64);
                let v = lone_man_cell(&spec, &prev, prev.cell(i, j), seed, samples)
                    .unwrap_or(prev.values[j * c + i]);
                table.values[j * c + i] = v;
                table.values[j * c + (c - 1 - i)] = v;
            }
        }
        let n = table.values.len() as f32;
        let change = table
            .values
            .iter()
            .zip(&prev.values)
            .map(|(a, b)| (a - b).abs())
            .sum::<f32>()
            / n;
        println!(
            "round {round}: mean cost {:.3} (was {:.3}), mean change {change:.3}, centre {:.2}, {:.0} s",
            table.values.iter().sum::<f32>() / n,
            prev.values.iter().sum::<f32>() / n,
            table.cost(Vec2::ZERO),
            start.elapsed().as_secs_f64()
        );
    }
    std::fs::write(&out, table.to_text()).unwrap();
    println!("wrote {out}");
}

/// A lone man at `p` in the next round of the table: one stroke (the shot the hard player's
/// search finds with `prev` valuing the outcomes) plus the mean remaining cost over `samples`
/// fresh noisy replays of it; 1 in a pocket's mouth; None when the striker has no legal place.
fn lone_man_cell(
    spec: &Spec,
    prev: &carrom_ai::LoneManCosts,
    p: carrom_physics::Vec2,
    seed: u64,
    samples: u64,
) -> Option<f32> {
    use carrom_ai::ClearingJudge;
    use carrom_ai::clearing::strokes_to_clear_with;
    let noise = Noise::BENCHMARK;
    let in_pocket = spec
        .board
        .pockets()
        .iter()
        .any(|k| (k.centre() - p).length() < k.radius);
    if in_pocket {
        return Some(1.0);
    }
    let state = common::lone_man_state(p);
    let judge = ClearingJudge {
        state: &state,
        lone: Some(prev),
    };
    let budget = Level::Hard.budget();
    let (d, _) = carrom_ai::search::search_weighed(
        spec,
        &state.layout,
        Seat::South,
        &judge,
        &budget,
        noise,
        seed,
    )?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x10E);
    let mut total = 0.0;
    for _ in 0..samples {
        let s = noise.apply(spec, &state.layout, &d.shot, &mut rng);
        let result = play(&mut Table::new(spec, &state.layout), &s);
        let mut next = state.clone();
        next.apply(spec, &result);
        total += 1.0 + strokes_to_clear_with(spec, &next, Some(prev));
    }
    Some(total / samples as f32)
}

/// Finds the practised break (`carrom_ai::break_book`) for the ICF defaults and the benchmark's
/// noise with [`BookSearch::full`] and writes it to `CARROM_BOOK_OUT` (default the shipped
/// file, `data/break_book.txt`), printing the best breaks and how long the search took.
fn break_book() {
    use carrom_ai::break_search::{BookSearch, find};
    let spec = Spec::default();
    let out = std::env::var("CARROM_BOOK_OUT")
        .unwrap_or_else(|_| format!("{}/data/break_book.txt", env!("CARGO_MANIFEST_DIR")));
    let start = Instant::now();
    let book = find(&spec, Noise::BENCHMARK, &BookSearch::full(), 2026);
    for b in &book.breaks {
        println!(
            "position {:+.3}, angle {:+.1}°, power {:.1}: value {:.3}, {:.3} pieces, striker in {:.3} ({} strokes)",
            b.position, b.angle_deg, b.power, b.value, b.pieces, b.striker_pocketed, b.samples
        );
    }
    println!("{:.0} s", start.elapsed().as_secs_f64());
    std::fs::write(&out, book.to_text()).unwrap_or_else(|e| panic!("{out}: {e}"));
    println!("wrote {out}");
}

/// How well the hard player's search picks, apart from the luck of the strokes: on positions
/// met in hard clearing play (every position after the break of boards `mix(13, 0..n)`,
/// `CARROM_QUALITY_BOARDS` boards, default 12, cached in `CARROM_QUALITY_FILE`, default
/// `target/decision_positions.txt`), the player decides, and its shot is then valued by
/// `CARROM_QUALITY_SAMPLES` (default 256) fresh noisy strokes under the clearing value, the
/// same strokes whatever the player chose. A better search chooses shots of higher true value;
/// its own estimate minus the true value is how much the choice flatters itself (the winner's
/// curse of picking the best of many noisy means). `CARROM_QUALITY_SEED` changes the player's
/// seeds: over three seeds the mean true value of the kept player moved by about 0.04, so
/// variants of the search are told apart at about 0.1 in a minute and a half, without the
/// luck of the strokes that makes whole boards differ by half a stroke. It judges the search
/// by the clearing value, so it cannot judge changes to that value.
fn decision_quality() {
    use carrom_ai::{ClearingJudge, LoneManCosts};
    let spec = Spec::default();
    let noise = Noise::BENCHMARK;
    let boards: u64 = common::env_or("CARROM_QUALITY_BOARDS", 12);
    let samples = common::env_or::<u64>("CARROM_QUALITY_SAMPLES", 256) as u32;
    let salt: u64 = common::env_or("CARROM_QUALITY_SEED", 0);
    let file = std::env::var("CARROM_QUALITY_FILE").unwrap_or_else(|_| {
        format!(
            "{}/../../target/decision_positions.txt",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    let positions = cached_positions(&spec, &file, &format!("boards {boards}"), || {
        positions_of_hard_play(&spec, boards)
    });
    let lone = LoneManCosts::for_spec(&spec);
    // By pieces on the board: decisions, true value, estimate, decision time.
    let buckets = [(1, 3), (4, 7), (8, 12), (13, 19)];
    let mut sums = vec![(0u32, 0f64, 0f64); buckets.len()];
    let mut times = common::DecisionTimes::default();
    for (k, state) in positions.iter().enumerate() {
        let mut player = Player::new(Level::Hard, carrom_ai::noise::mix(17 + salt, k as u64))
            .with_plan_noise(noise);
        let start = Instant::now();
        let Some(shot) = player.choose_clearing_shot(&spec, state) else {
            continue;
        };
        times.add(start.elapsed());
        let estimate = player.last.as_ref().map_or(0.0, |d| d.value) as f64;
        let judge = ClearingJudge { state, lone };
        let total = carrom_ai::search::sample(
            &spec,
            &state.layout,
            &Table::new(&spec, &state.layout),
            &shot,
            &judge,
            noise,
            carrom_ai::noise::mix(0x7E5, k as u64),
            samples,
        );
        let truth = total as f64 / samples as f64;
        let n = state.layout.len();
        let b = buckets
            .iter()
            .position(|&(lo, hi)| (lo..=hi).contains(&n))
            .unwrap();
        sums[b].0 += 1;
        sums[b].1 += truth;
        sums[b].2 += estimate - truth;
    }
    let all = sums
        .iter()
        .fold((0u32, 0f64, 0f64), |a, s| (a.0 + s.0, a.1 + s.1, a.2 + s.2));
    println!(
        "decision quality: {} positions, true value {:.4}, estimate above it by {:.4}; decisions {times}",
        all.0,
        all.1 / all.0 as f64,
        all.2 / all.0 as f64
    );
    for (&(lo, hi), (n, truth, over)) in buckets.iter().zip(&sums) {
        println!(
            "  {lo:2}-{hi:2} pieces: {n:4} positions, true value {:.4}, estimate above it by {:.4}",
            truth / *n as f64,
            over / *n as f64
        );
    }
}

/// Every position after the break of `boards` boards (`mix(13, 0..boards)`) as the hard player
/// clears them.
fn positions_of_hard_play(spec: &Spec, boards: u64) -> Vec<ClearingState> {
    let mut out = Vec::new();
    for b in 0..boards {
        let seed = carrom_ai::noise::mix(13, b);
        let (mut player, mut exec) = common::hard_clearing_player(seed);
        let mut state = ClearingState::new(spec);
        let mut times = common::DecisionTimes::default();
        while !state.is_clear() && state.strikes < 500 {
            if state.strikes > 0 {
                out.push(state.clone());
            }
            let result =
                common::clearing_stroke(spec, &mut player, &state, &mut exec, &mut times).unwrap();
            state.apply(spec, &result);
        }
    }
    out
}

/// Clearing positions cached in `file` under a first line `header` (what made them), so that
/// variants of the player start from the same positions; `make` makes them when the file is
/// missing or has another header. One position a line: Queen covered, Queen awaiting cover,
/// men pocketed, men owed, strikes so far, then each piece's x, y and 1 for the Queen (0 for a
/// man).
fn cached_positions(
    spec: &Spec,
    file: &str,
    header: &str,
    make: impl FnOnce() -> Vec<ClearingState>,
) -> Vec<ClearingState> {
    use carrom_physics::{Piece, PieceColour, Vec2};
    if let Ok(text) = std::fs::read_to_string(file)
        && text.lines().next() == Some(header)
    {
        return text
            .lines()
            .enumerate()
            .skip(1)
            .map(|(k, line)| {
                let v: Vec<f32> = line
                    .split_whitespace()
                    .map(|t| {
                        t.parse().unwrap_or_else(|_| {
                            panic!("{file}: line {}: `{t}` is not a number", k + 1)
                        })
                    })
                    .collect();
                assert!(
                    v.len() >= 5 && (v.len() - 5).is_multiple_of(3),
                    "{file}: line {}: 5 numbers and 3 a piece expected",
                    k + 1
                );
                let mut s = ClearingState::new(spec);
                s.queen_covered = v[0] != 0.0;
                s.queen_pending = v[1] != 0.0;
                s.men_pocketed = v[2] as u32;
                s.owed = v[3] as u32;
                s.strikes = v[4] as u32;
                s.layout = v[5..]
                    .chunks(3)
                    .map(|c| {
                        let kind = if c[2] != 0.0 {
                            PieceColour::Queen
                        } else {
                            PieceColour::White
                        };
                        Piece::new(kind, Vec2::new(c[0], c[1]))
                    })
                    .collect();
                s
            })
            .collect();
    }
    let positions = make();
    let mut text = format!("{header}\n");
    for s in &positions {
        text += &format!(
            "{} {} {} {} {}",
            s.queen_covered as u8, s.queen_pending as u8, s.men_pocketed, s.owed, s.strikes
        );
        for p in &s.layout {
            text += &format!(" {} {} {}", p.x, p.y, (p.kind == PieceColour::Queen) as u8);
        }
        text += "\n";
    }
    if let Some(dir) = std::path::Path::new(file).parent() {
        std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    }
    std::fs::write(file, text).unwrap_or_else(|e| panic!("{file}: {e}"));
    println!("wrote {} positions to {file}", positions.len());
    positions
}

/// How the hard player's clearing strikes scale with its search and with the execution noise:
/// `CARROM_SCALE_BOARDS` boards (default 48) seeded as `carrom practice --seed
/// CARROM_SCALE_SEED` (default 11) seeds them, so the defaults replay that command's boards.
/// `CARROM_SCALE_WIDTH=w` multiplies the candidates, the refined, the safety and break-up
/// shots (their work and their cap) and the work limit by `w`; `CARROM_SCALE_DEPTH=d`
/// multiplies every round's samples and the work limit by `d`; `CARROM_SCALE_DEG` is the
/// direction noise's sigma in degrees (default 2, the benchmark's), with which the player
/// both plans and plays. The lone-man table and the break book stay those of the benchmark.
fn clearing_scaling() {
    let spec = Spec::default();
    let boards: u64 = common::env_or("CARROM_SCALE_BOARDS", 48);
    let seed: u64 = common::env_or("CARROM_SCALE_SEED", 11);
    let width: usize = common::env_or("CARROM_SCALE_WIDTH", 1);
    let depth: u32 = common::env_or("CARROM_SCALE_DEPTH", 1);
    let deg: f32 = common::env_or("CARROM_SCALE_DEG", 2.0);
    let noise = Noise {
        angle_deg: deg,
        ..Noise::BENCHMARK
    };
    let (mut strikes, mut ms, mut cleared) = (Vec::new(), Vec::new(), 0);
    for i in 0..boards {
        let board_seed = carrom_ai::noise::mix(seed, i);
        let (mut player, mut exec) =
            carrom_ai::benchmark::board_player(Level::Hard, board_seed, noise);
        let b = &mut player.budget;
        b.candidates *= width;
        b.refine *= width;
        b.safeties *= width;
        b.safety_work *= width;
        b.max_safeties *= width;
        b.samples *= depth;
        b.endgame_samples *= depth;
        b.refine_samples *= depth;
        b.max_work *= width * depth as usize;
        #[cfg(feature = "research")]
        if let Some(look) = lookahead_from_env(&player.budget) {
            player.lookahead = Some(look);
        }
        #[cfg(not(feature = "research"))]
        if std::env::var_os("CARROM_LA_K").is_some() {
            eprintln!("CARROM_LA_K is not read: the lookahead needs `--features research`");
        }
        let run = carrom_ai::benchmark::play_board_with(&spec, &mut player, &mut exec, noise);
        println!(
            "board {i}: {} strikes, cleared {}",
            run.strikes, run.cleared
        );
        cleared += u32::from(run.cleared);
        strikes.push(run.strikes);
        ms.extend(run.decision_ms);
    }
    let summary = carrom_ai::benchmark::summarise(boards as u32, cleared, &strikes, &ms);
    let (n, mean) = (strikes.len() as f64, summary.mean_strikes);
    let sd = (strikes
        .iter()
        .map(|&s| (s as f64 - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0))
        .sqrt();
    println!(
        "width {width} depth {depth} direction noise {deg} deg: {boards} boards (seed {seed}), {cleared} cleared, mean strikes {mean:.2} (standard error {:.2}); decisions {:.0} ms mean, {:.0} ms slowest",
        sd / n.sqrt(),
        summary.mean_decision_ms,
        summary.max_decision_ms
    );
}

/// A lookahead from the environment, for screening (`CARROM_LA_K` finalists, 0 or unset: the
/// level's own, 1: none; `CARROM_LA_DISTINCT=1` one a target; `CARROM_LA_M` outcomes each, `CARROM_LA_W` the correction's weight,
/// `CARROM_LA_MIN` the fewest pieces, `CARROM_LA_IW` the inner search's width and
/// `CARROM_LA_FRESH` its fresh samples). A research tool: with `--features research`.
#[cfg(feature = "research")]
fn lookahead_from_env(
    hard: &carrom_ai::Budget,
) -> Option<carrom_ai::research::lookahead::Lookahead> {
    let k: usize = common::env_or("CARROM_LA_K", 0);
    if k == 0 {
        return None;
    }
    let iw: usize = common::env_or("CARROM_LA_IW", 1);
    let base = carrom_ai::research::lookahead::HARD_INNER;
    let inner = carrom_ai::Budget {
        candidates: base.candidates * iw,
        safeties: base.safeties * iw,
        safety_work: base.safety_work * iw,
        max_safeties: base.max_safeties * iw,
        max_work: base.max_work * iw,
        limits: hard.limits,
        ..base
    };
    Some(carrom_ai::research::lookahead::Lookahead {
        finalists: k,
        outcomes: common::env_or("CARROM_LA_M", 4),
        inner,
        inner_samples: common::env_or("CARROM_LA_FRESH", 8),
        weight: common::env_or("CARROM_LA_W", 1.0),
        min_pieces: common::env_or("CARROM_LA_MIN", 6),
        distinct: common::env_or("CARROM_LA_DISTINCT", 0u8) == 1,
    })
}

/// The coach's latency: 100 seeded positions of 3 to 19 pieces (one in ten the opening
/// rack), the median and slowest decision printed.
fn hint_latency() {
    let spec = Spec::default();
    let mut ms = Vec::new();
    for k in 0..100u64 {
        let (layout, referee) = if k % 10 == 9 {
            let rack = carrom_physics::opening_rack(&spec.board, Seat::South);
            let r = carrom_match::referee_for_south(&rack).unwrap();
            (rack, r)
        } else {
            common::mid_game_position(&spec, 1000 + k, 3 + (k as usize * 5) % 16)
        };
        let h = coach(&spec, &layout, &referee, k);
        ms.push(h.decision_ms);
    }
    ms.sort_by(f64::total_cmp);
    let mean = ms.iter().sum::<f64>() / ms.len() as f64;
    println!(
        "hint latency over {} positions: median {:.0} ms, mean {mean:.0} ms, slowest {:.0} ms",
        ms.len(),
        (ms[49] + ms[50]) / 2.0,
        ms[99]
    );
}

fn coach(spec: &Spec, layout: &[Piece], referee: &Referee, seed: u64) -> Hint {
    hint(spec, layout, Seat::South, referee, seed).expect("South can place the striker")
}

/// The harnesses, by name.
const HARNESSES: &[Harness] = &[
    (
        "hard_break_pieces_per_stroke",
        hard_break_pieces_per_stroke as fn(),
    ),
    (
        "clearing_stroke_diagnostic",
        clearing_stroke_diagnostic as fn(),
    ),
    ("direct_cut_calibration", direct_cut_calibration as fn()),
    (
        "clearing_endgame_diagnostic",
        clearing_endgame_diagnostic as fn(),
    ),
    ("lone_man_table", lone_man_table as fn()),
    ("break_book", break_book as fn()),
    ("decision_quality", decision_quality as fn()),
    ("clearing_scaling", clearing_scaling as fn()),
    ("hint_latency", hint_latency as fn()),
];

/// Runs the harnesses whose names contain an argument (`all` runs every one).
fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run_harnesses(HARNESSES, &wanted) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
