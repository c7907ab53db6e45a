//! Candidate shots from the geometry of a position: direct cuts, cuts off a cushion (the piece
//! banked, or the striker banked), combinations through another piece, the break, and safety
//! shots. Each carries a prior (a cheap estimate of how good it is) used to decide which ones
//! are worth simulating.

use crate::break_book::BreakBook;
use crate::geom::{
    angle_of, cut_power, legal_positions, path_clear, position_grid, straight_position,
};
use carrom_physics::{Piece, Pocket, Seat, Shot, Spec, Vec2};
use serde::{Deserialize, Serialize};

/// What kind of shot a candidate is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotKind {
    /// The striker meets the piece at its ghost position and sends it straight to a pocket.
    Direct,
    /// The piece is sent off a cushion into the pocket.
    PieceBank,
    /// The striker comes off a cushion to meet the piece (pieces behind the base line).
    StrikerBank,
    /// The striker sends one piece into another, which goes to the pocket.
    Combination,
    /// The opening stroke into the rack.
    Break,
    /// A soft positional shot when nothing is on.
    Safety,
}

/// A shot worth considering.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    pub shot: Shot,
    /// Cheap geometric estimate (higher is better).
    pub prior: f32,
    pub kind: ShotKind,
    /// The piece aimed at (index in the layout), if any.
    pub target: Option<usize>,
}

/// The four cushion lines for a disc of radius `r`: (axis 0 = x / 1 = y, coordinate).
fn cushion_lines(spec: &Spec, r: f32) -> [(usize, f32); 4] {
    let h = spec.board.half() - r;
    [(0, h), (0, -h), (1, h), (1, -h)]
}

fn mirror(p: Vec2, (axis, c): (usize, f32)) -> Vec2 {
    if axis == 0 {
        Vec2::new(2.0 * c - p.x, p.y)
    } else {
        Vec2::new(p.x, 2.0 * c - p.y)
    }
}

/// Where the segment a->b crosses a cushion line (None if it does not).
fn crossing(a: Vec2, b: Vec2, (axis, c): (usize, f32)) -> Option<Vec2> {
    let (ca, cb) = if axis == 0 { (a.x, b.x) } else { (a.y, b.y) };
    if (ca - c) * (cb - c) > 0.0 || (cb - ca).abs() < 1e-9 {
        return None;
    }
    let t = (c - ca) / (cb - ca);
    Some(a + (b - a) * t)
}

/// How many candidates of each kind to produce.
#[derive(Clone, Copy, Debug)]
pub struct GenLimits {
    /// Striker positions kept per (piece, pocket) aim besides the straight one.
    pub positions_per_aim: usize,
    /// Also generate bank shots and combinations.
    pub banks: bool,
    pub combinations: bool,
    /// Break-ups also meet the piece this far off-centre (in striker + coin radii, each side
    /// given explicitly), besides full on.
    pub break_up_offsets: &'static [f32],
    /// Also generate safety and break-up shots; without them the player always goes for a
    /// pocket, and breaks up (else shoots straight ahead) only when nothing can be aimed at.
    pub plays_safe: bool,
}

/// A shot from `position` towards `to` (a point) at `power`.
fn shot_towards(spec: &Spec, seat: Seat, position: f32, to: Vec2, power: f32) -> Shot {
    let s = spec.board.striker_spot(seat, position);
    Shot {
        seat,
        position,
        angle_deg: angle_of(seat, to - s),
        power: power.clamp(0.05, 1.0),
    }
}

/// The shipped break book's breaks as break candidates for `seat`, first in the shortlist (prior
/// 2, above every generated break), when the book was found for `spec` and `layout` is the
/// rack as it is set for `seat`'s break: in games they compete with the other breaks under
/// the game's own judge (the book was found for clearing, where every piece is the
/// breaker's).
pub fn book_breaks(spec: &Spec, layout: &[Piece], seat: Seat) -> Vec<Candidate> {
    let Some(book) = BreakBook::for_rack(spec, layout, seat) else {
        return Vec::new();
    };
    book.breaks
        .iter()
        .map(|b| Candidate {
            shot: b.shot(seat),
            prior: 2.0,
            kind: ShotKind::Break,
            target: None,
        })
        .collect()
}

/// All candidates for the player at `seat`; `target(i)` says whether `layout[i]` may be aimed
/// at (own piece, or the Queen when she may be taken).
///
/// In this order: for each piece that may be aimed at and each pocket, the direct cut, the
/// striker off a cushion to the same ghost, the combinations into it and the piece off a
/// cushion; then soft safeties, the break-ups of every piece, and (when nothing else was
/// found) soft shots straight ahead. The order is part of the result: the search keeps the
/// first of equal candidates.
pub fn generate(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    target: &dyn Fn(usize) -> bool,
    is_break: bool,
    limits: GenLimits,
) -> Vec<Candidate> {
    let grid = position_grid(33);
    let positions = legal_positions(spec, seat, layout, &grid);
    if is_break {
        let mut out = book_breaks(spec, layout, seat);
        out.extend(break_candidates(spec, layout, seat, &positions));
        return out;
    }
    let mut found = Generator {
        spec,
        layout,
        seat,
        positions: &positions,
        limits,
        rc: spec.board.coin_radius(),
        rs: spec.board.striker_radius(),
        out: Vec::new(),
    };
    for (i, piece) in layout.iter().enumerate() {
        if !target(i) {
            continue;
        }
        for pocket in &spec.board.pockets() {
            found.pocketing(i, piece.pos(), pocket);
        }
    }
    if limits.plays_safe {
        found.safeties(target);
        found.break_ups();
    } else if found.out.is_empty() {
        found.break_ups();
    }
    if found.out.is_empty() {
        found.straight_ahead();
    }
    found.out
}

/// The candidates of one position, as they are found.
struct Generator<'a> {
    spec: &'a Spec,
    layout: &'a [Piece],
    seat: Seat,
    /// Legal striker positions on the base line.
    positions: &'a [f32],
    limits: GenLimits,
    /// Coin and striker radii.
    rc: f32,
    rs: f32,
    out: Vec<Candidate>,
}

/// A way for the struck piece to go: the striker must arrive at `ghost` moving along
/// `direction`, the piece (`piece` in the layout) then travels `travel` with `bounces` off
/// cushions.
struct Aim<'s> {
    piece: usize,
    ghost: Vec2,
    direction: Vec2,
    travel: f32,
    bounces: u32,
    kind: ShotKind,
    /// Scales the prior.
    weight: f32,
    /// Pieces the striker's path may pass through (the one it meets).
    skip: &'s [usize],
    /// How many of the best striker positions to keep.
    keep: usize,
}

impl Generator<'_> {
    /// The candidates that send the piece `i` at `p` into `pocket`: directly (with the striker
    /// off a cushion and the combinations), and off a cushion.
    fn pocketing(&mut self, i: usize, p: Vec2, pocket: &Pocket) {
        let kc = pocket.centre();
        let to_k = kc - p;
        let dp = to_k.length();
        if dp > 1e-6 {
            let d = to_k / dp;
            let clear = path_clear(
                p,
                kc - d * (pocket.radius * 0.5),
                2.0 * self.rc - 1e-4,
                self.layout,
                &[i],
            );
            if clear {
                let ghost = p - d * (self.rs + self.rc);
                self.aim(&Aim {
                    piece: i,
                    ghost,
                    direction: d,
                    travel: dp,
                    bounces: 0,
                    kind: ShotKind::Direct,
                    weight: 1.0,
                    skip: &[i],
                    keep: self.limits.positions_per_aim,
                });
                if self.limits.banks {
                    self.striker_banks(i, ghost, d, dp);
                }
                if self.limits.combinations {
                    self.combinations(i, p, d, dp);
                }
            }
        }
        if self.limits.banks {
            self.piece_banks(i, p, pocket);
        }
    }

    /// Tries an aim from every legal position (and the one straight behind the ghost), and
    /// keeps the `keep` best, each at a measured and a firmer power.
    fn aim(&mut self, aim: &Aim) {
        let (spec, b) = (self.spec, &self.spec.board);
        let (rs, rc) = (self.rs, self.rc);
        let mut found: Vec<(f32, f32, f32, f32)> = Vec::new(); // prior, position, ds, cos
        let straight = straight_position(spec, self.seat, aim.ghost, aim.direction);
        let mut tried: Vec<f32> = self.positions.to_vec();
        if let Some(p) = straight {
            tried.push(p);
        }
        for (n, &pos) in tried.iter().enumerate() {
            if n == self.positions.len() && !crate::geom::legal(spec, self.seat, pos, self.layout) {
                continue;
            }
            let s = b.striker_spot(self.seat, pos);
            let v = aim.ghost - s;
            let ds = v.length();
            if ds < 1e-4 {
                continue;
            }
            let cos = v.dot(aim.direction) / ds;
            if cos < 0.25 {
                continue;
            }
            if !path_clear(s, aim.ghost, rs + rc - 1e-4, self.layout, aim.skip) {
                continue;
            }
            let prior = aim.weight * crate::geom::cut_success(spec, ds, cos, aim.travel);
            found.push((prior, pos, ds, cos));
        }
        found.sort_by(|a, b| b.0.total_cmp(&a.0));
        for &(prior, pos, ds, cos) in found.iter().take(aim.keep) {
            let p = cut_power(spec, ds, cos, aim.travel, aim.bounces);
            for (k, power) in [p * 1.15, p * 1.6 + 0.05].into_iter().enumerate() {
                self.out.push(Candidate {
                    shot: shot_towards(spec, self.seat, pos, aim.ghost, power.min(1.0)),
                    prior: prior * if k == 0 { 1.0 } else { 0.9 },
                    kind: aim.kind,
                    target: Some(aim.piece),
                });
            }
        }
    }

    /// The striker off a cushion to the ghost of a direct cut of piece `i` (along `d`, the
    /// piece then travelling `dp`).
    fn striker_banks(&mut self, i: usize, ghost: Vec2, d: Vec2, dp: f32) {
        let (spec, b) = (self.spec, &self.spec.board);
        let (rs, rc) = (self.rs, self.rc);
        for line in cushion_lines(spec, rs) {
            let g2 = mirror(ghost, line);
            for &pos in self.positions {
                let s = b.striker_spot(self.seat, pos);
                let Some(hit) = crossing(s, g2, line) else {
                    continue;
                };
                let inc = ghost - hit;
                let l2 = inc.length();
                if l2 < 1e-4 {
                    continue;
                }
                let cos = inc.dot(d) / l2;
                if cos < 0.5 {
                    continue;
                }
                if !path_clear(s, hit, rs + rc, self.layout, &[])
                    || !path_clear(hit, ghost, rs + rc - 1e-4, self.layout, &[i])
                {
                    continue;
                }
                let ds = (hit - s).length() + l2;
                let prior = 0.4 * crate::geom::cut_success(spec, ds * 1.5, cos, dp);
                let power = (cut_power(spec, ds, cos, dp, 0) * 1.3 + 0.05).min(1.0);
                self.out.push(Candidate {
                    shot: shot_towards(spec, self.seat, pos, g2, power),
                    prior,
                    kind: ShotKind::StrikerBank,
                    target: Some(i),
                });
            }
        }
    }

    /// Combinations: another piece sent into piece `i` at `p`, which then goes along `d` for
    /// `dp` into the pocket. The candidates' target is piece `i`.
    fn combinations(&mut self, i: usize, p: Vec2, d: Vec2, dp: f32) {
        let (rs, rc) = (self.rs, self.rc);
        let ghost_b = p - d * (2.0 * rc);
        for (j, a) in self.layout.iter().enumerate() {
            if j == i {
                continue;
            }
            let to_g = ghost_b - a.pos();
            let da = to_g.length();
            if !(1e-4..0.25).contains(&da) {
                continue;
            }
            let dja = to_g / da;
            let cos_b = dja.dot(d);
            if cos_b < 0.8 || !path_clear(a.pos(), ghost_b, 2.0 * rc - 1e-4, self.layout, &[i, j]) {
                continue;
            }
            let before = self.out.len();
            self.aim(&Aim {
                piece: j,
                ghost: a.pos() - dja * (rs + rc),
                direction: dja,
                travel: da + dp / cos_b,
                bounces: 0,
                kind: ShotKind::Combination,
                weight: 0.5 * cos_b,
                skip: &[j],
                keep: 1,
            });
            for c in &mut self.out[before..] {
                c.target = Some(i);
            }
        }
    }

    /// The piece `i` at `p` banked off a cushion into `pocket`.
    fn piece_banks(&mut self, i: usize, p: Vec2, pocket: &Pocket) {
        let kc = pocket.centre();
        let (rs, rc) = (self.rs, self.rc);
        for line in cushion_lines(self.spec, rc) {
            let k2 = mirror(kc, line);
            let Some(hit) = crossing(p, k2, line) else {
                continue;
            };
            let to = k2 - p;
            let dp2 = to.length();
            if dp2 < 1e-4 || (hit - kc).length() < 2.0 * pocket.radius {
                continue;
            }
            let d = to / dp2;
            if !path_clear(p, hit, 2.0 * rc - 1e-4, self.layout, &[i])
                || !path_clear(hit, kc, 2.0 * rc - 1e-4, self.layout, &[i])
            {
                continue;
            }
            self.aim(&Aim {
                piece: i,
                ghost: p - d * (rs + rc),
                direction: d,
                travel: dp2,
                bounces: 1,
                kind: ShotKind::PieceBank,
                weight: 0.45,
                skip: &[i],
                keep: 1,
            });
        }
    }

    /// Safety: nudge own pieces towards the pockets' side of the board, softly, and soft shots
    /// into open space; the simulation and the position evaluation decide.
    fn safeties(&mut self, target: &dyn Fn(usize) -> bool) {
        let (rs, rc) = (self.rs, self.rc);
        for (i, piece) in self.layout.iter().enumerate() {
            if !target(i) {
                continue;
            }
            let p = piece.pos();
            let mut best: Vec<(f32, f32)> = self
                .positions
                .iter()
                .filter_map(|&pos| {
                    let s = self.spec.board.striker_spot(self.seat, pos);
                    let v = p - s;
                    let ds = v.length();
                    path_clear(s, p, rs + rc - 1e-4, self.layout, &[i]).then_some((ds, pos))
                })
                .collect();
            best.sort_by(|a, b| a.0.total_cmp(&b.0));
            for &(ds, pos) in best.iter().take(1) {
                for power in [0.25f32, 0.45] {
                    self.out.push(Candidate {
                        shot: shot_towards(self.spec, self.seat, pos, p, power),
                        prior: 0.002 * (-ds).exp(),
                        kind: ShotKind::Safety,
                        target: Some(i),
                    });
                }
            }
        }
    }

    /// Break-ups: medium and firm hits on every piece, whatever is in the way, from the nearest
    /// legal placement and from placements spread along the base line, so that the piece can be
    /// sent many ways. They move men frozen on a cushion, break clusters, and bring men where
    /// the next stroke pots them; the simulation and the position value decide.
    fn break_ups(&mut self) {
        let (spec, b, seat) = (self.spec, &self.spec.board, self.seat);
        let (rs, rc) = (self.rs, self.rc);
        for (i, piece) in self.layout.iter().enumerate() {
            let p = piece.pos();
            for pos in break_up_positions(self.positions, p, |q| b.striker_spot(seat, q)) {
                let s = b.striker_spot(seat, pos);
                let ds = (s - p).length();
                let u = (p - s) / ds.max(1e-6);
                let perp = Vec2::new(-u.y, u.x);
                for off in
                    std::iter::once(0.0f32).chain(self.limits.break_up_offsets.iter().copied())
                {
                    let aim = p + perp * (off * (rs + rc));
                    for power in BREAK_UP_POWERS {
                        self.out.push(Candidate {
                            shot: shot_towards(spec, seat, pos, aim, power),
                            prior: 0.001 * (-ds).exp() * if off == 0.0 { 1.0 } else { 0.9 },
                            kind: ShotKind::Safety,
                            target: Some(i),
                        });
                    }
                }
            }
        }
    }

    /// Nothing aimable: soft shots straight ahead from a few legal places.
    fn straight_ahead(&mut self) {
        for (n, &pos) in self
            .positions
            .iter()
            .enumerate()
            .step_by(4.max(self.positions.len() / 4))
        {
            self.out.push(Candidate {
                shot: Shot {
                    seat: self.seat,
                    position: pos,
                    angle_deg: 0.0,
                    power: 0.3,
                },
                prior: 0.0001 / (1.0 + n as f32),
                kind: ShotKind::Safety,
                target: None,
            });
        }
    }
}

/// Powers of the break-up shots.
const BREAK_UP_POWERS: [f32; 2] = [0.5, 0.9];

/// Where break-ups are played from, besides the legal placement nearest the piece: the legal
/// placements nearest these offsets from it (shot-position units; a base line is 2 long).
/// Measured on the clearing benchmark (96 boards, `clearing_stroke_diagnostic`): the two
/// nearest placements alone 27.8 strikes, offsets of ±0.5 26.3, these 24.6, ±0.25/0.5/0.8
/// 26.0.
const BREAK_UP_SPREAD: [f32; 4] = [0.35, -0.35, 0.7, -0.7];

/// The placements for break-ups of the piece at `p`: the legal position nearest it, then the
/// legal positions within 0.15 of each [`BREAK_UP_SPREAD`] offset from that one.
fn break_up_positions(positions: &[f32], p: Vec2, spot: impl Fn(f32) -> Vec2) -> Vec<f32> {
    let nearest_to = |want: f32| {
        positions
            .iter()
            .copied()
            .min_by(|a, b| (a - want).abs().total_cmp(&(b - want).abs()))
    };
    let Some(first) = positions
        .iter()
        .copied()
        .min_by(|&a, &b| (spot(a) - p).length().total_cmp(&(spot(b) - p).length()))
    else {
        return Vec::new();
    };
    let mut out = vec![first];
    for off in BREAK_UP_SPREAD {
        if let Some(q) = nearest_to(first + off)
            && (q - (first + off)).abs() < 0.15
            && !out.contains(&q)
        {
            out.push(q);
        }
    }
    out
}

/// Break candidates: from legal places along the base line towards the rack, straight at its
/// centre and up to 10 degrees off it (the break map's best cells glance off the rack's side,
/// 6-11 degrees off), at full power.
fn break_candidates(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    positions: &[f32],
) -> Vec<Candidate> {
    let centre = if layout.is_empty() {
        Vec2::ZERO
    } else {
        layout.iter().fold(Vec2::ZERO, |a, p| a + p.pos()) / layout.len() as f32
    };
    let mut out = Vec::new();
    for &pos in positions.iter().step_by(2) {
        let s = spec.board.striker_spot(seat, pos);
        let base = angle_of(seat, centre - s);
        for off in [-10.0f32, -8.0, -6.0, -3.0, 0.0, 3.0, 6.0, 8.0, 10.0] {
            out.push(Candidate {
                shot: Shot {
                    seat,
                    position: pos,
                    angle_deg: base + off,
                    power: 1.0,
                },
                prior: 1.0 - 0.2 * pos.abs() - 0.01 * off.abs(),
                kind: ShotKind::Break,
                target: None,
            });
        }
    }
    out
}
