//! Measurements behind the README's speed and accuracy figures. Not part of the normal test run
//! (they take seconds to minutes and print figures):
//!
//! ```sh
//! cargo test --release -p carrom-physics --test measure -- --ignored --nocapture
//! perf stat -e instructions cargo test --release -p carrom-physics --test measure break_cost -- --ignored
//! ```

use carrom_physics::shot::play;
use carrom_physics::{EventKind, Piece, PieceColour, Seat, Shot, Spec, Table, Vec2, opening_rack};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// 2000 full-power breaks drawn like `carrom bench`'s: steps per break and wall time. Run under
/// `perf stat -e instructions` for the instructions per break (divide by 2000).
#[test]
#[ignore]
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
#[test]
#[ignore]
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
#[test]
#[ignore]
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
