//! Measurements behind the README's speed and accuracy figures: each prints figures (seconds to
//! minutes; none is part of the test run). Name one or more harnesses (or part of a name):
//!
//! ```sh
//! cargo run --release -p carrom-physics --example measure_physics -- break_cost
//! cargo build --release -p carrom-physics --example measure_physics
//! perf stat -e instructions target/release/examples/measure_physics break_cost
//! ```

use carrom_physics::bench::{Harness, run_harnesses};
use carrom_physics::shot::play;
use carrom_physics::{EventKind, Piece, PieceColour, Seat, Shot, Spec, Table, Vec2, opening_rack};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// 2000 full-power breaks drawn like `carrom bench`'s: steps per break and wall time. Run under
/// `perf stat -e instructions` for the instructions per break (divide by 2000).
fn break_cost() {
    let spec = Spec::default();
    let template = Table::new(&spec, &opening_rack(&spec.board, Seat::South));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let n = 2000;
    let mut steps = 0u64;
    let start = Instant::now();
    for _ in 0..n {
        let shot = Shot {
            seat: Seat::South,
            position: rng.random_range(-0.3..0.3),
            angle_deg: rng.random_range(-3.0..3.0),
            power: 1.0,
        };
        steps += u64::from(play(&mut template.clone(), &shot).steps);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} breaks: {:.1} steps per break, {:.0} breaks per second",
        steps as f64 / n as f64,
        n as f64 / secs
    );
}

/// Did an aimed cut go in? The piece at a random spot, the striker from a random spot on
/// South's base line aimed at the ghost position for a north pocket, at 1-4 m/s.
fn cuts(spec: &Spec, n: usize) -> Vec<bool> {
    let b = &spec.board;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    (0..n)
        .map(|_| {
            let p = Vec2::new(rng.random_range(-0.25..0.25), rng.random_range(-0.1..0.3));
            let pocket = b.pockets()[if rng.random_bool(0.5) { 2 } else { 3 }].centre();
            let ghost = p - (pocket - p).normalize() * (b.coin_radius() + b.striker_radius());
            let s = Vec2::new(
                rng.random_range(-0.2..0.2),
                b.striker_spot(Seat::South, 0.0).y,
            );
            let speed = rng.random_range(1.0..4.0);
            let mut table = Table::new(spec, &[Piece::new(PieceColour::White, p)]);
            table.place_striker(s, (ghost - s).normalize() * speed);
            let outcome = table.run_to_rest();
            outcome
                .events
                .iter()
                .any(|e| matches!(e.kind, EventKind::Pocketed { .. }))
        })
        .collect()
}

/// The default stepping against a reference with 2 mm steps: how often 2000 aimed cuts agree
/// on potted or not.
fn cut_agreement_with_fine_steps() {
    let spec = Spec::default();
    let mut fine = spec.clone();
    fine.sim.max_travel_per_step = 0.002;
    fine.sim.max_approach_per_step = 0.002;
    fine.sim.max_dt = 1.0 / 240.0;
    let n = 2000;
    let (a, b) = (cuts(&spec, n), cuts(&fine, n));
    let agree = a.iter().zip(&b).filter(|(x, y)| x == y).count() as f64 / n as f64;
    let rate = |v: &[bool]| v.iter().filter(|x| **x).count() as f64 / n as f64;
    println!(
        "{n} aimed cuts: potted {:.3} (default steps), {:.3} (2 mm steps); agree {:.3}",
        rate(&a),
        rate(&b),
        agree
    );
    assert!(agree > 0.85, "agreement {agree}");
}

/// A frictionless cut: the struck piece's speed against Newton's restitution along the line of
/// centres, (1 + e) m_s / (m_s + m_c) * v cos(cut), and the spin either disc picks up (none in
/// the exact answer). The striker starts 1-4 cm short of the impact.
fn cut_speed_and_spin() {
    let mut spec = Spec::default();
    spec.materials.contact_friction = 0.0;
    spec.materials.board_friction = 0.0;
    let b = &spec.board;
    let reach = b.coin_radius() + b.striker_radius();
    let e = spec.materials.restitution_striker_piece;
    let ratio = (1.0 + e) * b.striker_mass / (b.striker_mass + b.coin_mass);
    for cut_deg in [15.0_f32, 30.0, 45.0, 60.0] {
        for v in [1.0_f32, 3.0] {
            let mut worst = 0.0f32;
            let mut spin = 0.0f32;
            for short in [0.01_f32, 0.02, 0.03, 0.04] {
                let offset = reach * cut_deg.to_radians().sin();
                let along = reach * cut_deg.to_radians().cos() + short;
                let mut table = Table::new(&spec, &[Piece::new(PieceColour::White, Vec2::ZERO)]);
                table.place_striker(Vec2::new(-offset, -along), Vec2::new(0.0, v));
                let mut clock = carrom_physics::table::Clock::default();
                let mut events = Vec::new();
                for _ in 0..1000 {
                    table.step(&mut clock, &mut events);
                    if table
                        .velocity(carrom_physics::BodyId::Piece(0))
                        .unwrap()
                        .length()
                        > 0.0
                    {
                        break;
                    }
                }
                let got = table
                    .velocity(carrom_physics::BodyId::Piece(0))
                    .unwrap()
                    .length();
                let want = ratio * v * cut_deg.to_radians().cos();
                worst = worst.max((got / want - 1.0).abs());
                let h = table.roster.pieces[0].body;
                spin = spin.max(table.bodies[h].angvel().abs());
            }
            println!(
                "cut {cut_deg:>2} deg at {v} m/s: piece speed off by up to {:.1}%, spin up to {spin:.1} rad/s",
                worst * 100.0
            );
        }
    }
}

/// How deep bodies overlap each other and the cushions at the end of a step, over the shots of
/// `carrom soak` (`SHOTS`, default 20000; `SEED`, default 7; full power unless `MIXED` is set).
/// Three depths per shot: discs that were apart at the start of the step, any two discs, a disc
/// and a cushion; and the first split by how the discs that were apart came to overlap (on the
/// straight paths of the step's start, or not and with a third body or a cushion in the step,
/// or not and alone). Prints the deepest of each and how many shots exceed 1, 2 and 5 mm, for
/// shots from the rack and from scattered pieces. `WARMSTART=1` plays them with rapier's warm
/// start, as the stepping did before it was turned off.
fn overlaps() {
    use carrom_physics::soak::random_shot;
    use rayon::prelude::*;
    let env = |k: &str, d: u64| std::env::var(k).ok().map_or(d, |v| v.parse().unwrap());
    let (n, seed) = (env("SHOTS", 20000) as u32, env("SEED", 7));
    let full_power = std::env::var("MIXED").is_err();
    let spec = Spec::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let shots: Vec<_> = (0..n)
        .filter_map(|i| {
            random_shot(&mut rng, &spec, i, full_power).map(|s| (i.is_multiple_of(2), s))
        })
        .collect();
    let start = Instant::now();
    let steps = std::sync::atomic::AtomicU64::new(0);
    let worst: Vec<[f32; 6]> = shots
        .par_iter()
        .map(|(_, (shot, pieces))| {
            let (worst, n) = deepest_overlaps(&spec, shot, pieces);
            steps.fetch_add(u64::from(n), std::sync::atomic::Ordering::Relaxed);
            worst
        })
        .collect();
    println!(
        "{} shots, {:.1} steps per shot, {:.1} s",
        worst.len(),
        steps.into_inner() as f64 / worst.len() as f64,
        start.elapsed().as_secs_f64()
    );
    print_overlaps(&worst, &shots);
}

/// One shot's deepest overlaps at the end of a step, in metres: discs that were apart at the
/// start of the step, any two discs, a disc and a cushion, then the first split by how the two
/// came to overlap by over 1 mm ([`how_they_met`]). Also the steps the shot took.
fn deepest_overlaps(spec: &Spec, shot: &Shot, pieces: &[Piece]) -> ([f32; 6], u32) {
    use carrom_physics::{BodyId, Clock, Fate};
    let half = spec.board.half();
    let mut table = Table::new(spec, pieces);
    if let Ok(w) = std::env::var("WARMSTART") {
        table.params.warmstart_coefficient = w.parse().unwrap();
    }
    table.place_striker(shot.striker_at(spec), shot.striker_velocity(spec));
    let ids: Vec<BodyId> = std::iter::once(BodyId::Striker)
        .chain((0..pieces.len()).map(BodyId::Piece))
        .collect();
    let mut depth = [0.0f32; 3];
    let mut kinds = [0.0f32; 3];
    let mut clock = Clock::default();
    let mut events = Vec::new();
    let mut before = gaps(spec, &table, &ids);
    while clock.time < spec.sim.max_time {
        let pre: Vec<(Vec2, Vec2)> = ids
            .iter()
            .map(|&id| (table.position(id).unwrap(), table.velocity(id).unwrap()))
            .collect();
        let seen = events.len();
        let report = table.step(&mut clock, &mut events);
        let after = gaps(spec, &table, &ids);
        let m = ids.len();
        for (k, (g0, g1)) in before.iter().zip(&after).enumerate() {
            if let (Some(g0), Some(g1)) = (g0, g1) {
                if *g0 > 0.0005 {
                    depth[0] = depth[0].max(-g1);
                    let (i, j) = (k / m, k % m);
                    if *g1 < -0.001 && i < j {
                        let pair = [(ids[i], pre[i]), (ids[j], pre[j])];
                        let kind = how_they_met(spec, pair, report.dt, &events[seen..]);
                        kinds[kind] = kinds[kind].max(-g1);
                    }
                }
                depth[1] = depth[1].max(-g1);
            }
        }
        for &id in &ids {
            if table.fate(id) == Some(Fate::OnBoard) {
                let p = table.position(id).unwrap();
                depth[2] = depth[2].max(p.x.abs().max(p.y.abs()) + radius(spec, id) - half);
            }
        }
        before = after;
        if report.at_rest {
            break;
        }
    }
    let worst = [depth[0], depth[1], depth[2], kinds[0], kinds[1], kinds[2]];
    (worst, clock.steps)
}

fn radius(spec: &Spec, id: carrom_physics::BodyId) -> f32 {
    match id {
        carrom_physics::BodyId::Striker => spec.board.striker_radius(),
        carrom_physics::BodyId::Piece(_) => spec.board.coin_radius(),
    }
}

/// The gap between every two discs on the board (`ids` × `ids`, row by row; None for a disc
/// with itself or one off the board), in metres (negative: they overlap).
fn gaps(spec: &Spec, table: &Table, ids: &[carrom_physics::BodyId]) -> Vec<Option<f32>> {
    use carrom_physics::Fate;
    let mut out = Vec::with_capacity(ids.len() * ids.len());
    for &a in ids {
        for &b in ids {
            let on = |id| table.fate(id) == Some(Fate::OnBoard);
            out.push((on(a) && on(b) && a != b).then(|| {
                let d = table.position(a).unwrap() - table.position(b).unwrap();
                d.length() - radius(spec, a) - radius(spec, b)
            }));
        }
    }
    out
}

/// How two discs apart before a step of `dt` came to be over 1 mm into each other after it
/// (each with its place and velocity at the step's start; `events` the step's): 0, they met on
/// the straight paths of the step's start (the solver left them overlapping); 1, not, and one
/// of them met a third body or a cushion in the step; 2, not, and alone (friction, or a cushion
/// one of them was already sliding along, bent the paths).
fn how_they_met(
    spec: &Spec,
    [(a, (pa, va)), (b, (pb, vb))]: [(carrom_physics::BodyId, (Vec2, Vec2)); 2],
    dt: f32,
    events: &[carrom_physics::Event],
) -> usize {
    let d = pb - pa;
    let u = vb - va;
    let reach = radius(spec, a) + radius(spec, b);
    // closest approach of the straight paths within the step
    let t = if u.length_squared() > 0.0 {
        (-d.dot(u) / u.length_squared()).clamp(0.0, dt)
    } else {
        0.0
    };
    let met = (d + u * t).length() <= reach;
    let others = events.iter().any(|e| match &e.kind {
        EventKind::Contact { a: x, b: y, .. } => {
            (*x == a || *x == b || *y == a || *y == b)
                && !((*x == a && *y == b) || (*x == b && *y == a))
        }
        EventKind::Cushion { body, .. } => *body == a || *body == b,
        _ => false,
    });
    if met {
        0
    } else if others {
        1
    } else {
        2
    }
}

/// The deepest of each kind of overlap, and how many shots (from the rack, scattered) go over
/// 1, 2 and 5 mm, with the request that replays the deepest.
fn print_overlaps(worst: &[[f32; 6]], shots: &[(bool, (Shot, Vec<Piece>))]) {
    let names = [
        "discs apart before the step",
        "any two discs",
        "disc and cushion",
        "  of which meeting on straight paths",
        "  of which not, with a third body or a cushion",
        "  of which not, alone",
    ];
    for (k, name) in names.iter().enumerate() {
        let deepest = worst.iter().map(|w| w[k]).fold(0.0f32, f32::max);
        let over = |mm: f32, rack: bool| {
            worst
                .iter()
                .zip(shots)
                .filter(|(w, s)| s.0 == rack && w[k] > mm / 1000.0)
                .count()
        };
        println!(
            "{name}: deepest {:.2} mm; shots over 1 / 2 / 5 mm: from the rack {} / {} / {}, \
             scattered {} / {} / {}",
            deepest * 1000.0,
            over(1.0, true),
            over(2.0, true),
            over(5.0, true),
            over(1.0, false),
            over(2.0, false),
            over(5.0, false),
        );
        if let Some(i) = (0..worst.len()).max_by(|&a, &b| worst[a][k].total_cmp(&worst[b][k])) {
            let (_, (shot, pieces)) = &shots[i];
            println!(
                "  deepest: {}",
                serde_json::json!({"shot": shot, "pieces": pieces})
            );
        }
    }
}

/// The harnesses, by name.
const HARNESSES: &[Harness] = &[
    ("break_cost", break_cost as fn()),
    (
        "cut_agreement_with_fine_steps",
        cut_agreement_with_fine_steps as fn(),
    ),
    ("cut_speed_and_spin", cut_speed_and_spin as fn()),
    ("overlaps", overlaps as fn()),
];

/// Runs the harnesses whose names contain an argument (`all` runs every one).
fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run_harnesses(HARNESSES, &wanted) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
