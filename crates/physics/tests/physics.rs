//! Physical properties of the simulated board.

use carrom_physics::shot::play;
use carrom_physics::soak::soak;
use carrom_physics::table::Clock;
use carrom_physics::{
    BodyId, EventKind, Fate, Piece, PieceColour, Seat, SeatAxes, Shot, Spec, Table, Vec2,
    opening_rack, simulate,
};

fn spec() -> Spec {
    Spec::default()
}

/// ICF equipment test: a full-power striker from the centre of a base line on an empty board
/// travels at least 3.5 board lengths, and not absurdly more.
#[test]
fn full_power_striker_on_an_empty_board_makes_three_and_a_half_runs() {
    let spec = spec();
    for seat in Seat::ALL {
        let shot = Shot {
            seat,
            position: 0.0,
            angle_deg: 0.0,
            power: 1.0,
        };
        let r = simulate(&spec, &[], &shot).unwrap();
        let runs = r.striker.distance / spec.board.playing_surface;
        assert!((3.5..5.0).contains(&runs), "{seat:?}: {runs} runs");
        assert!(r.finished);
        let cushions = r
            .events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::Cushion { .. }));
        assert!(cushions.count() >= 3);
    }
}

/// Steps the table until the first striker contact and returns (striker velocity, piece
/// velocity) just after it.
fn velocities_after_first_contact(table: &mut Table) -> (Vec2, Vec2) {
    let mut clock = Clock::default();
    let mut events = Vec::new();
    for _ in 0..10_000 {
        table.step(&mut clock, &mut events);
        if events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Contact { .. }))
        {
            return (
                table.velocity(BodyId::Striker).unwrap(),
                table.velocity(BodyId::Piece(0)).unwrap(),
            );
        }
    }
    panic!("no contact");
}

#[test]
fn head_on_striker_hit_conserves_momentum_within_the_restitution_set() {
    let spec = spec();
    let b = &spec.board;
    let (ms, mc) = (b.striker_mass, b.coin_mass);
    let e = spec.materials.restitution_striker_piece;
    let v = 3.0;
    let start = Vec2::new(0.0, -0.2);
    let mut table = Table::new(
        &spec,
        &[Piece::new(PieceColour::White, Vec2::new(0.0, 0.0))],
    );
    table.place_striker(start, Vec2::new(0.0, v));
    let (vs, vc) = velocities_after_first_contact(&mut table);
    // The striker slowed by friction on its way: its speed just before impact.
    let travelled = 0.2 - b.coin_radius() - b.striker_radius();
    let u = (v * v - 2.0 * spec.materials.board_friction * 9.81 * travelled).sqrt();
    let p_before = ms * u;
    let p_after = ms * vs.y + mc * vc.y;
    assert!(
        (p_after - p_before).abs() / p_before < 0.02,
        "momentum {p_before} -> {p_after}"
    );
    // Newton's law of restitution: separation speed = e * approach speed.
    let separation = vc.y - vs.y;
    assert!((separation / u - e).abs() < 0.03, "e = {}", separation / u);
    assert!(
        vs.x.abs() < 1e-4 && vc.x.abs() < 1e-4,
        "head-on stays on the line"
    );
}

#[test]
fn a_piece_on_the_line_between_striker_and_pocket_is_potted() {
    let spec = spec();
    let seat = Seat::South;
    for (position, pocket) in [(0.3, 2usize), (-0.3, 3)] {
        let striker = spec.board.striker_spot(seat, position);
        let target = spec.board.pockets()[pocket].centre();
        let coin = striker + (target - striker) * 0.45;
        let dir = (target - striker).normalize();
        // angle from forward (+y), counter-clockwise positive
        let angle_deg = (-dir.x).atan2(dir.y).to_degrees();
        let shot = Shot {
            seat,
            position,
            angle_deg,
            power: 0.5,
        };
        let r = simulate(&spec, &[Piece::new(PieceColour::Black, coin)], &shot).unwrap();
        assert!(r.pieces[0].pocketed, "{position}: {:?}", r.pieces[0]);
        assert_eq!(r.pieces[0].pocket, Some(pocket));
        assert!(r.events.iter().any(|e| matches!(
            e.kind,
            EventKind::Pocketed { piece: 0, kind: PieceColour::Black, pocket: k } if k == pocket
        )));
    }
}

#[test]
fn the_rack_is_nine_white_nine_black_one_queen_all_touching_none_overlapping() {
    let spec = spec();
    let b = &spec.board;
    for seat in Seat::ALL {
        let rack = opening_rack(b, seat);
        let count = |k| rack.iter().filter(|p| p.kind == k).count();
        assert_eq!(
            (
                count(PieceColour::White),
                count(PieceColour::Black),
                count(PieceColour::Queen)
            ),
            (9, 9, 1)
        );
        assert_eq!(rack[0].kind, PieceColour::Queen);
        assert!(rack[0].pos().length() < 1e-6, "Queen on the centre circle");
        let d = b.coin_diameter;
        let mut touching = vec![0; rack.len()];
        for i in 0..rack.len() {
            assert!(rack[i].pos().length() + b.coin_radius() <= b.outer_circle_radius());
            for j in 0..i {
                let gap = (rack[i].pos() - rack[j].pos()).length() - d;
                assert!(gap > -1e-5, "pieces {i} and {j} overlap by {}", -gap);
                if gap < 1e-5 {
                    touching[i] += 1;
                    touching[j] += 1;
                }
            }
        }
        assert!(touching.iter().all(|&n| n >= 2), "compact: {touching:?}");
        // The "Y": three spokes of two whites from the Queen, one pointing at the breaker.
        let towards = -seat.forward();
        let spoke = |k: f32| {
            let a = towards.y.atan2(towards.x) + k * 2.0 * std::f32::consts::FRAC_PI_3;
            Vec2::new(a.cos(), a.sin())
        };
        for k in 0..3 {
            for ring in [1.0, 2.0] {
                let at = spoke(k as f32) * d * ring;
                let p = rack
                    .iter()
                    .find(|p| (p.pos() - at).length() < 1e-5)
                    .unwrap();
                assert_eq!(p.kind, PieceColour::White, "spoke {k} ring {ring}");
            }
        }
    }
}

#[test]
fn nothing_escapes_over_random_full_power_shots() {
    let report = soak(&spec(), 60, 11, true);
    assert_eq!(report.shots, 60);
    assert_eq!(report.escaped, 0, "{report:?}");
    assert_eq!(report.non_finite, 0, "{report:?}");
    assert_eq!(report.unfinished, 0, "{report:?}");
}

/// A piece that has just come off the west cushion meets the Queen while the striker hits her
/// from the other side; the next step is long (the piece is 8 cm from the cushion, going back to
/// it at 1.5 m/s). Rapier warm-starts every contact with the impulse it carried the step before,
/// which re-applied the whole impact at the start of that long step and threw the piece through
/// the cushion (`carrom soak --shots 100000 --seed 7 --full-power`, its one escape). Without
/// the warm start (`[sim] warm_start = 0`, the default) the piece stays on the board.
#[test]
fn a_piece_hit_from_both_sides_beside_a_cushion_stays_on_the_board() {
    let spec = spec();
    assert_eq!(spec.sim.warm_start, 0.0);
    let (shot, pieces) = both_sides_beside_a_cushion();
    if let Some((id, depth, step)) = deepest_into_the_frame(&spec, &shot, &pieces) {
        panic!(
            "{id:?} {:.1} mm into the frame at step {step}",
            depth * 1000.0
        );
    }
    let r = simulate(&spec, &pieces, &shot).unwrap();
    assert!(r.finished);
    for p in r.pieces.iter().filter(|p| !p.pocketed && !p.overboard) {
        assert!(p.x.abs() <= spec.board.half() && p.y.abs() <= spec.board.half());
    }
}

/// The same stroke with rapier's own warm start (`[sim] warm_start = 1`) throws the piece
/// through the west cushion: the fault the default removes.
#[test]
fn with_the_warm_start_the_piece_hit_from_both_sides_goes_through_the_cushion() {
    let mut spec = spec();
    spec.sim.warm_start = 1.0;
    let (shot, pieces) = both_sides_beside_a_cushion();
    let (_, depth, _) = deepest_into_the_frame(&spec, &shot, &pieces)
        .expect("with the warm start a piece goes into the frame");
    assert!(depth > 0.01, "only {:.1} mm into the frame", depth * 1000.0);
}

fn both_sides_beside_a_cushion() -> (Shot, Vec<Piece>) {
    let request: serde_json::Value = serde_json::from_str(
        r#"{"shot":{"seat":"south","position":-0.41443825,"angle_deg":-96.98366,"power":1.0},
        "pieces":[{"kind":"queen","x":-0.11628488,"y":-0.30914328},
        {"kind":"white","x":-0.2628128,"y":-0.31517783},{"kind":"black","x":-0.008452356,"y":0.2795419},
        {"kind":"white","x":0.27926594,"y":0.10912302},{"kind":"black","x":0.30353332,"y":0.031254113},
        {"kind":"white","x":-0.16804516,"y":-0.18495892},{"kind":"black","x":-0.30552462,"y":0.19055587},
        {"kind":"white","x":0.19402885,"y":-0.10370442},{"kind":"black","x":-0.06884062,"y":0.09322286},
        {"kind":"white","x":0.009653479,"y":-0.06424227},{"kind":"black","x":0.11184332,"y":-0.2210518},
        {"kind":"white","x":-0.12199101,"y":0.33474678},{"kind":"black","x":-0.27754098,"y":-0.0016744733},
        {"kind":"white","x":-0.2712362,"y":0.3510397},{"kind":"black","x":0.03668055,"y":-0.1416548},
        {"kind":"white","x":-0.049292654,"y":0.058214843},{"kind":"black","x":-0.04997909,"y":0.34817326},
        {"kind":"white","x":0.09825748,"y":-0.1369691}]}"#,
    )
    .unwrap();
    let shot: Shot = serde_json::from_value(request["shot"].clone()).unwrap();
    let pieces: Vec<Piece> = serde_json::from_value(request["pieces"].clone()).unwrap();
    (shot, pieces)
}

/// The first body to go more than 2 mm into the frame (rapier's contacts are soft: a disc may
/// sink into a cushion by a millimetre or two), how deep, and at which step.
fn deepest_into_the_frame(
    spec: &Spec,
    shot: &Shot,
    pieces: &[Piece],
) -> Option<(BodyId, f32, u32)> {
    let mut table = Table::new(spec, pieces);
    table.place_striker(shot.striker_at(spec), shot.striker_velocity(spec));
    let ids: Vec<BodyId> = std::iter::once(BodyId::Striker)
        .chain((0..pieces.len()).map(BodyId::Piece))
        .collect();
    let mut clock = Clock::default();
    let mut events = Vec::new();
    let mut too_deep = None;
    while clock.time < spec.sim.max_time {
        let at_rest = table.step(&mut clock, &mut events).at_rest;
        for &id in &ids {
            if table.fate(id) == Some(Fate::OnBoard) {
                let p = table.position(id).unwrap();
                let r = match id {
                    BodyId::Striker => spec.board.striker_radius(),
                    BodyId::Piece(_) => spec.board.coin_radius(),
                };
                let depth = p.x.abs().max(p.y.abs()) + r - spec.board.half();
                if depth > 0.002 {
                    too_deep.get_or_insert((id, depth, clock.steps));
                }
            }
        }
        if at_rest {
            break;
        }
    }
    too_deep
}

/// The long version: `cargo test -p carrom-physics --release -- --ignored` (or `carrom soak`).
#[test]
#[ignore]
fn nothing_escapes_over_thousands_of_random_full_power_shots() {
    let report = soak(&spec(), 3000, 2024, true);
    assert_eq!(
        (report.escaped, report.non_finite, report.unfinished),
        (0, 0, 0),
        "{report:?}"
    );
}

#[test]
fn the_same_shot_twice_is_bit_identical() {
    let spec = spec();
    let rack = opening_rack(&spec.board, Seat::North);
    let shot = Shot {
        seat: Seat::North,
        position: 0.17,
        angle_deg: -4.0,
        power: 0.93,
    };
    let a = simulate(&spec, &rack, &shot).unwrap();
    let b = simulate(&spec, &rack, &shot).unwrap();
    for (p, q) in a.pieces.iter().zip(&b.pieces) {
        assert_eq!(
            (p.x.to_bits(), p.y.to_bits()),
            (q.x.to_bits(), q.y.to_bits())
        );
    }
    assert_eq!(a, b);
    // A cloned table is a snapshot: playing from the clone gives the same result.
    let table = Table::new(&spec, &rack);
    let (mut t1, mut t2) = (table.clone(), table.clone());
    assert_eq!(play(&mut t1, &shot), play(&mut t2, &shot));
    assert_eq!(play(&mut table.clone(), &shot), a);
}

#[test]
fn two_pieces_meeting_head_on_at_top_speed_do_not_pass_through_each_other() {
    let spec = spec();
    let mut table = Table::new(
        &spec,
        &[
            Piece::new(PieceColour::White, Vec2::new(-0.2, 0.0)),
            Piece::new(PieceColour::Black, Vec2::new(0.2, 0.0)),
        ],
    );
    let v = 1.4 * spec.materials.max_striker_speed;
    for (i, vx) in [(0usize, v), (1, -v)] {
        let h = table.roster.pieces[i].body;
        table.bodies[h].set_linvel(Vec2::new(vx, 0.0), true);
    }
    let mut clock = Clock::default();
    let mut events = Vec::new();
    for _ in 0..40 {
        table.step(&mut clock, &mut events);
        let a = table.position(BodyId::Piece(0)).unwrap();
        let b = table.position(BodyId::Piece(1)).unwrap();
        assert!(a.x < b.x, "tunnelled at t={}", clock.time);
        assert!((b - a).length() > spec.board.coin_diameter * 0.9);
    }
    assert!(
        events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Contact { .. }))
    );
}

#[test]
fn a_piece_meeting_the_frame_faster_than_the_jump_speed_goes_overboard() {
    let spec = spec();
    let fast = spec.materials.jump_speed * 1.3;
    let slow = spec.materials.jump_speed * 0.5;
    for (speed, jumps) in [(fast, true), (slow, false)] {
        let mut table = Table::new(
            &spec,
            &[Piece::new(PieceColour::White, Vec2::new(0.0, 0.2))],
        );
        let h = table.roster.pieces[0].body;
        table.bodies[h].set_linvel(Vec2::new(0.0, speed), true);
        let out = table.run_to_rest();
        assert_eq!(
            table.fate(BodyId::Piece(0)) == Some(Fate::Overboard),
            jumps,
            "{speed}"
        );
        assert_eq!(
            out.events
                .iter()
                .any(|e| matches!(e.kind, EventKind::Overboard { .. })),
            jumps
        );
        assert!(out.events.iter().any(|e| matches!(
            e.kind,
            EventKind::Cushion {
                side: Seat::North,
                ..
            }
        )));
    }
}

#[test]
fn a_pocketed_striker_is_reported_and_leaves_the_board() {
    let spec = spec();
    let seat = Seat::South;
    let position = 0.5;
    let striker = spec.board.striker_spot(seat, position);
    let target = spec.board.pockets()[2].centre();
    let dir = (target - striker).normalize();
    let angle_deg = (-dir.x).atan2(dir.y).to_degrees();
    let r = simulate(
        &spec,
        &[],
        &Shot {
            seat,
            position,
            angle_deg,
            power: 0.6,
        },
    )
    .unwrap();
    assert!(r.striker.pocketed);
    assert!(
        r.events
            .iter()
            .any(|e| e.kind == EventKind::StrikerPocketed { pocket: 2 })
    );
}

#[test]
fn every_shot_comes_to_rest_with_pieces_on_the_surface() {
    let spec = spec();
    let rack = opening_rack(&spec.board, Seat::South);
    let r = simulate(
        &spec,
        &rack,
        &Shot {
            seat: Seat::South,
            position: 0.0,
            angle_deg: 0.0,
            power: 1.0,
        },
    )
    .unwrap();
    assert!(r.finished && r.time < spec.sim.max_time);
    let first = r
        .events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Contact { .. }))
        .unwrap();
    assert!(
        matches!(
            first.kind,
            EventKind::Contact {
                a: BodyId::Striker,
                ..
            }
        ),
        "the first contact of a break is the striker's: {first:?}"
    );
    for p in r.pieces.iter().filter(|p| !p.pocketed && !p.overboard) {
        assert!(p.x.abs() <= spec.board.half() && p.y.abs() <= spec.board.half());
    }
}

/// Runs a table until everything rests.
fn run(table: &mut Table) -> Clock {
    let mut clock = Clock::default();
    let mut events = Vec::new();
    for _ in 0..100_000 {
        if table.step(&mut clock, &mut events).at_rest {
            return clock;
        }
    }
    panic!("never came to rest");
}

/// Coulomb friction is a constant deceleration mu*g: a piece launched at speed v slides
/// v^2 / (2 mu g) before it stops, however long the simulator's steps are.
#[test]
fn a_sliding_piece_stops_where_constant_deceleration_says() {
    for max_dt in [1.0 / 240.0, 1.0 / 60.0, 0.1] {
        let mut spec = spec();
        spec.sim.max_dt = max_dt;
        let decel = spec.materials.board_friction * 9.81;
        for v in [0.1_f32, 0.4, 1.0] {
            let start = Vec2::new(-0.3, -0.3);
            let mut table = Table::new(&spec, &[Piece::new(PieceColour::White, start)]);
            let h = table.roster.pieces[0].body;
            table.bodies[h].set_linvel(Vec2::new(v * 0.6, v * 0.8), true);
            run(&mut table);
            let slid = (table.position(BodyId::Piece(0)).unwrap() - start).length();
            let expected = v * v / (2.0 * decel);
            assert!(
                (slid - expected).abs() < 0.002 * expected + 1e-4,
                "dt {max_dt}, v {v}: slid {slid}, expected {expected}"
            );
        }
    }
}

/// The direction a piece leaves in when the striker, travelling north at `v`, cuts it at
/// `cut_deg` (the angle between the striker's path and the line of centres at the impact).
fn cut(spec: &Spec, cut_deg: f32, v: f32) -> f32 {
    let b = &spec.board;
    let offset = (b.coin_radius() + b.striker_radius()) * cut_deg.to_radians().sin();
    let mut table = Table::new(spec, &[Piece::new(PieceColour::White, Vec2::ZERO)]);
    table.place_striker(Vec2::new(-offset, -0.06), Vec2::new(0.0, v));
    let (_, vc) = velocities_after_first_contact(&mut table);
    vc.x.atan2(vc.y).to_degrees()
}

/// Without friction between them, a cut piece leaves along the line of centres at the moment
/// of impact, whatever the speed and however long the steps (rapier alone would use the line of
/// centres of the start of the step, several degrees off).
#[test]
fn a_cut_piece_leaves_along_the_line_of_centres_at_the_impact() {
    for max_travel in [0.002, 0.12] {
        let mut spec = spec();
        spec.materials.contact_friction = 0.0;
        spec.sim.max_travel_per_step = max_travel;
        for cut_deg in [5.0_f32, 15.0, 30.0, 50.0, 70.0] {
            for v in [0.5_f32, 2.0, 6.0] {
                let leaves = cut(&spec, cut_deg, v);
                assert!(
                    (leaves - cut_deg).abs() < 0.1,
                    "cut {cut_deg} at {v} m/s: the piece leaves at {leaves} degrees"
                );
            }
        }
    }
}

/// With the default friction between the discs, the striker's sliding drags the piece a few
/// degrees towards the striker's path ("throw"), never away from it.
#[test]
fn contact_friction_throws_a_cut_piece_a_little_towards_the_striker_path() {
    let spec = spec();
    for cut_deg in [15.0_f32, 30.0, 50.0] {
        for v in [0.5_f32, 2.0, 6.0] {
            let throw = cut_deg - cut(&spec, cut_deg, v);
            assert!(
                (0.5..5.0).contains(&throw),
                "cut {cut_deg} at {v} m/s: thrown {throw} degrees"
            );
        }
    }
}

/// No tunnelling at any angle: a full-power striker whose straight path runs into a piece
/// always meets it, however glancing the hit.
#[test]
fn a_full_power_striker_meets_every_piece_in_its_path() {
    use rand::{Rng, SeedableRng};
    let spec = spec();
    let b = &spec.board;
    let reach = b.coin_radius() + b.striker_radius();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for _ in 0..300 {
        let start = Vec2::new(rng.random_range(-0.2..0.2), -0.2526);
        let along = rng.random_range(0.05..0.45);
        // Anywhere from dead centre to a graze (99% of the reach off the path).
        let off = rng.random_range(-0.99..0.99) * reach;
        let piece = start + Vec2::new(off, along);
        let mut table = Table::new(&spec, &[Piece::new(PieceColour::White, piece)]);
        table.place_striker(start, Vec2::new(0.0, spec.materials.max_striker_speed));
        let outcome = table.run_to_rest();
        assert!(
            outcome.events.iter().any(|e| matches!(
                e.kind,
                EventKind::Contact {
                    a: BodyId::Striker,
                    b: BodyId::Piece(0),
                    ..
                }
            )),
            "the striker from {start:?} passed the piece at {piece:?}"
        );
    }
}
