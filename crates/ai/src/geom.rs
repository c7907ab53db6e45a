//! Geometry helpers: directions as shot angles, clear paths, legal striker placements, the
//! "ease" of a position (how good the next shot looks), free spots for returned pieces.

use carrom_physics::geometry::distance_to_segment;
use carrom_physics::{Piece, PieceColour, Seat, SeatAxes, Spec, Vec2};

/// Board friction deceleration (m/s^2).
pub fn friction_decel(spec: &Spec) -> f32 {
    spec.materials.board_friction * carrom_physics::table::G
}

/// The shot angle (degrees, + = counter-clockwise from the seat's forward) of direction `v`.
pub fn angle_of(seat: Seat, v: Vec2) -> f32 {
    let f = seat.forward();
    let cross = f.x * v.y - f.y * v.x;
    let dot = f.x * v.x + f.y * v.y;
    cross.atan2(dot).to_degrees()
}

/// Is the segment `a`-`b` free of pieces (other than those in `skip`) within `clearance` of
/// its centre line?
pub fn path_clear(a: Vec2, b: Vec2, clearance: f32, layout: &[Piece], skip: &[usize]) -> bool {
    layout
        .iter()
        .enumerate()
        .all(|(i, p)| skip.contains(&i) || distance_to_segment(p.pos(), a, b) >= clearance)
}

/// Candidate striker positions (-1..1) tried along a base line: a grid over the straight part
/// plus the base circles' full-cover spots.
pub fn position_grid(n: usize) -> Vec<f32> {
    let mut v: Vec<f32> = (0..n)
        .map(|i| -0.8 + 1.6 * i as f32 / (n.max(2) - 1) as f32)
        .collect();
    for p in [0.915f32, 0.932, 0.95] {
        v.push(p);
        v.push(-p);
    }
    v
}

/// Is `position` a legal striker placement for `seat` on this layout (Law 130)?
pub fn legal(spec: &Spec, seat: Seat, position: f32, layout: &[Piece]) -> bool {
    if !(-1.0..=1.0).contains(&position) {
        return false;
    }
    let r = spec.board.coin_radius();
    spec.board
        .check_striker_placement(
            seat,
            spec.board.striker_spot(seat, position),
            layout.iter().map(|p| (p.pos(), r)),
        )
        .is_ok()
}

/// The legal positions among `grid`.
pub fn legal_positions(spec: &Spec, seat: Seat, layout: &[Piece], grid: &[f32]) -> Vec<f32> {
    grid.iter()
        .copied()
        .filter(|&p| legal(spec, seat, p, layout))
        .collect()
}

/// The base-line position from which a striker travelling along `d` reaches `target` in a
/// straight line (None if it would have to start behind the player or off the line).
pub fn straight_position(spec: &Spec, seat: Seat, target: Vec2, d: Vec2) -> Option<f32> {
    let b = -seat.forward();
    let off = spec.board.base_line_offset();
    let db = d.dot(b);
    if db.abs() < 1e-6 {
        return None;
    }
    let t = (target.dot(b) - off) / db;
    if t <= 0.0 {
        return None;
    }
    let s = target - d * t;
    let pos = s.dot(seat.right_hand()) / (0.5 * spec.board.base_line_length);
    (pos.abs() <= 1.0).then_some(pos)
}

/// Speed a coin needs to travel `dist` and still arrive with `arrive` m/s.
fn needed_speed(spec: &Spec, dist: f32, arrive: f32) -> f32 {
    (2.0 * friction_decel(spec) * dist + arrive * arrive).sqrt()
}

/// Power (0..1) for a cut: the striker travels `ds` to the contact, meets the piece at a cut
/// whose cosine is `cos_cut`, and the piece must travel `dp` (with `bounces` cushion bounces).
pub fn cut_power(spec: &Spec, ds: f32, cos_cut: f32, dp: f32, bounces: u32) -> f32 {
    let b = &spec.board;
    let m = &spec.materials;
    let arrive = 0.45 / m.restitution_piece_frame.powi(bounces as i32);
    let v_piece = needed_speed(spec, dp, arrive);
    let transfer = (1.0 + m.restitution_striker_piece) * b.striker_mass
        / (b.striker_mass + b.coin_mass)
        * cos_cut.max(0.15);
    let v1 = v_piece / transfer;
    let v0 = (v1 * v1 + 2.0 * friction_decel(spec) * ds).sqrt();
    (v0 / m.max_striker_speed).clamp(0.05, 1.0)
}

/// Abramowitz-Stegun approximation of erf (|error| < 1.5e-7).
pub fn erf(x: f32) -> f32 {
    let s = x.signum();
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_4 * t - 1.453_152_1) * t) + 1.421_413_8) * t - 0.284_496_72) * t
            + 0.254_829_6)
            * t
            * (-x * x).exp();
    s * y
}

/// How far from the pocket's centre (in pocket radii) the piece's straight path may pass and
/// still go in, in the estimate below. Calibrated against the physics with the measure test
/// `direct_cut_calibration`: at 0.8 (a path inside the hole) the estimate was about half the
/// simulated chance; the pieces that meet the jaws and still drop, and the striker's own
/// spread, make the effective mouth wider than the hole. At 2.1 each tenth of the estimate
/// is within 0.07 of the simulated chance.
pub const POCKET_TOLERANCE: f32 = 2.1;

/// Direction sigma (degrees) assumed by the geometric estimates.
pub const EST_ANGLE_SIGMA_DEG: f32 = 2.0;

/// Chance that a cut goes in under direction noise: the striker travels `ds` to the contact,
/// the cut's cosine is `cos_cut`, the piece then travels `dp` to a pocket of radius `pocket_r`.
pub fn cut_success(spec: &Spec, ds: f32, cos_cut: f32, dp: f32) -> f32 {
    let b = &spec.board;
    let sigma_b = ds * EST_ANGLE_SIGMA_DEG.to_radians() + 0.002;
    let sigma_phi = sigma_b / ((b.striker_radius() + b.coin_radius()) * cos_cut.max(0.2));
    let tol = POCKET_TOLERANCE * b.pocket_radius();
    let spread = dp * sigma_phi + 1e-6;
    let p = erf(tol / (std::f32::consts::SQRT_2 * spread));
    // Thin cuts also lose pace and precision in the contact.
    p * (0.6 + 0.4 * cos_cut.max(0.0))
}

/// How easy a direct cut of `layout[i]` into any pocket is for `seat` (0..1), given the legal
/// positions to try.
pub fn piece_ease(spec: &Spec, layout: &[Piece], i: usize, seat: Seat, positions: &[f32]) -> f32 {
    piece_eases(spec, layout, i, seat, positions).0
}

/// [`piece_ease`] with the other pieces in the way, and as if `layout[i]` lay alone on the
/// board (the same striker positions), in one pass.
pub fn piece_eases(
    spec: &Spec,
    layout: &[Piece],
    i: usize,
    seat: Seat,
    positions: &[f32],
) -> (f32, f32) {
    let b = &spec.board;
    let rc = b.coin_radius();
    let rs = b.striker_radius();
    let p = layout[i].pos();
    let (mut best, mut alone) = (0.0f32, 0.0f32);
    for k in b.pockets() {
        let kc = k.centre();
        let to_k = kc - p;
        let dp = to_k.length();
        if dp < 1e-6 {
            return (1.0, 1.0);
        }
        let d = to_k / dp;
        let pocket_clear = path_clear(p, kc - d * (k.radius * 0.5), 2.0 * rc, layout, &[i]);
        let ghost = p - d * (rs + rc);
        for &pos in positions {
            let s = b.striker_spot(seat, pos);
            let v = ghost - s;
            let ds = v.length();
            if ds < 1e-6 {
                continue;
            }
            let cos = v.dot(d) / ds;
            if cos < 0.3 {
                continue;
            }
            let e = cut_success(spec, ds, cos, dp);
            alone = alone.max(e);
            if e > best && pocket_clear && path_clear(s, ghost, rs + rc, layout, &[i]) {
                best = e;
            }
        }
    }
    (best, alone)
}

/// Striker positions tried when judging how easy a piece is.
const EASE_GRID: [f32; 9] = [-0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 0.932, -0.932];

/// How good a layout looks for the player at `seat` whose pieces satisfy `own`: the ease of the
/// best two own pieces (the best counts fully, the second half).
pub fn position_value(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    own: &dyn Fn(PieceColour) -> bool,
) -> f32 {
    let positions = legal_positions(spec, seat, layout, &EASE_GRID);
    let mut top = [0.0f32; 2];
    for (i, p) in layout.iter().enumerate() {
        if !own(p.kind) {
            continue;
        }
        let e = piece_ease(spec, layout, i, seat, &positions);
        if e > top[0] {
            top[1] = top[0];
            top[0] = e;
        } else if e > top[1] {
            top[1] = e;
        }
    }
    top[0] + 0.5 * top[1]
}

/// Spots where a due may be placed (Laws 84, 85, 89(b)): inside the outer circle, not covering
/// the centre circle, not overlapping `layout`.
pub fn due_spots(spec: &Spec, layout: &[Piece]) -> Vec<Vec2> {
    let b = &spec.board;
    let rc = b.coin_radius();
    let inner = b.centre_circle_radius() + rc + 1e-4;
    let outer = b.outer_circle_radius() - rc - 1e-4;
    let mut spots = Vec::new();
    for ring in 0..5 {
        let r = inner + (outer - inner) * ring as f32 / 4.0;
        let n = 12 + 4 * ring;
        for k in 0..n {
            let a = (k as f32 + 0.5 * ring as f32) / n as f32 * std::f32::consts::TAU;
            let q = Vec2::new(r * a.cos(), r * a.sin());
            if layout
                .iter()
                .all(|p| (p.pos() - q).length() >= 2.0 * rc + 1e-4)
            {
                spots.push(q);
            }
        }
    }
    spots
}

/// Where a due may lie when the grid of [`due_spots`] has no free spot: the first free spot
/// inside the outer circle and off the centre circle (Laws 84, 85, 89(b)) on rings 0.5 mm
/// apart, each searched in steps of 0.5 mm, from the centre circle outwards. When that ring is
/// full too, its middle due north of the centre: still inside the outer circle and off the
/// centre circle, though it touches a piece (Law 86), which the match then refuses.
pub fn due_spot_anywhere(spec: &Spec, layout: &[Piece]) -> Vec2 {
    let b = &spec.board;
    let rc = b.coin_radius();
    let inner = b.centre_circle_radius() + rc + 1e-4;
    let outer = b.outer_circle_radius() - rc - 1e-4;
    let step = 0.0005;
    let rings = ((outer - inner) / step).ceil().max(1.0) as usize;
    for ring in 0..=rings {
        let r = inner + (outer - inner) * ring as f32 / rings as f32;
        let n = ((std::f32::consts::TAU * r / step).ceil() as usize).max(8);
        for k in 0..n {
            let a = k as f32 / n as f32 * std::f32::consts::TAU;
            let q = Vec2::new(r * a.cos(), r * a.sin());
            if layout
                .iter()
                .all(|p| (p.pos() - q).length() >= 2.0 * rc + 1e-4)
            {
                return q;
            }
        }
    }
    Vec2::new(0.0, 0.5 * (inner + outer))
}

/// The chance below which a piece's direct cut is not the way it will go down (a bank, a
/// combination, a stroke to bring it out first): a piece costs at most `1 / EASE_FLOOR`
/// strokes in [`stroke_cost`]. Measured on the clearing benchmark (96 boards): 0.25 gave 33.5
/// strikes, 0.35 34.0, 0.15 39.8.
pub const EASE_FLOOR: f32 = 0.25;

/// The striker positions [`piece_ease`] tries on `layout`: the legal ones of a fixed grid.
pub fn ease_positions(spec: &Spec, layout: &[Piece], seat: Seat) -> Vec<f32> {
    legal_positions(spec, seat, layout, &EASE_GRID)
}

/// The ease of every piece of `layout` for the player at `seat` (see [`piece_ease`]).
pub fn eases(spec: &Spec, layout: &[Piece], seat: Seat) -> Vec<f32> {
    let positions = ease_positions(spec, layout, seat);
    (0..layout.len())
        .map(|i| piece_ease(spec, layout, i, seat, &positions))
        .collect()
}

/// Strokes a piece of this ease is expected to cost: one per try, each going in with chance
/// `ease` (floored at [`EASE_FLOOR`]).
pub fn stroke_cost(ease: f32) -> f32 {
    1.0 / ease.max(EASE_FLOOR)
}
