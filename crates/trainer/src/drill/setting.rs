//! How a drill's position is set: a try draws the pocket and the target's distance, places
//! the drill's own pieces for its kind, finds the striker's line, adds the other men and
//! calibrates the demonstration ([`try_once`]; [`super::Drill::new`] tries until one fits).

use super::{Aim, Drill, DrillKind, Stage, Target, calibrate};
use crate::position::{Position, QueenAt};
use crate::words;
use carrom_ai::geom::{angle_of, cut_power, legal, path_clear, straight_position};
use carrom_physics::shot::play;
use carrom_physics::{Piece, PieceColour, Pocket, Seat, Shot, Spec, Table, Vec2};
use carrom_referee::Referee;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// How far from the pocket the target starts, by level (m).
fn distance_range(level: u8) -> (f32, f32) {
    match level {
        1 => (0.08, 0.16),
        2 => (0.15, 0.27),
        3 => (0.24, 0.38),
        _ => (0.32, 0.48),
    }
}

/// A unit vector at `deg` degrees counter-clockwise from `v`.
fn rotate(v: Vec2, deg: f32) -> Vec2 {
    let (s, c) = deg.to_radians().sin_cos();
    Vec2::new(v.x * c - v.y * s, v.x * s + v.y * c)
}

/// Is `p` a place a man may be put: on the playing surface `margin` inside the cushions and
/// clear of the pockets' holes and of `others` (a piece apart).
fn free(spec: &Spec, p: Vec2, others: &[Piece]) -> bool {
    let b = &spec.board;
    let rc = b.coin_radius();
    let lim = b.half() - rc;
    p.x.abs() <= lim + 1e-6
        && p.y.abs() <= lim + 1e-6
        && b.pockets()
            .iter()
            .all(|k| (k.centre() - p).length() > k.radius + rc)
        && others
            .iter()
            .all(|q| (q.pos() - p).length() >= 2.0 * rc + 0.001)
}

/// A black man somewhere out of the way of `lines` (each a segment and the clearance it
/// needs), or near one of them (`near`: at 1.25-1.8 times its clearance, an obstacle that
/// narrows the shot without blocking it).
fn place_man(
    spec: &Spec,
    rng: &mut ChaCha8Rng,
    layout: &[Piece],
    lines: &[(Vec2, Vec2, f32)],
    near: Option<usize>,
) -> Option<Piece> {
    let b = &spec.board;
    let lim = b.half() - b.coin_radius();
    for _ in 0..200 {
        let p = match near {
            Some(i) => {
                let (a, e, c) = lines[i];
                let t = rng.random_range(0.25..0.75f32);
                let along = a + (e - a) * t;
                let n = (e - a).normalize();
                let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
                along + Vec2::new(-n.y, n.x) * (side * c * rng.random_range(1.25..1.8f32))
            }
            None => Vec2::new(rng.random_range(-lim..lim), rng.random_range(-lim..lim)),
        };
        let clear = lines.iter().enumerate().all(|(j, &(a, e, c))| {
            let d = carrom_physics::geometry::distance_to_segment(p, a, e);
            if Some(j) == near {
                d >= 1.2 * c
            } else {
                d >= 2.5 * c
            }
        });
        if clear && free(spec, p, layout) {
            return Some(Piece::new(PieceColour::Black, p));
        }
    }
    None
}

/// One try at a position of `kind` at `level`: the pocket and the target's distance from it
/// drawn, the drill's own pieces set for its kind, the striker's line to the first of them,
/// the other men, and the demonstration calibrated. `None` when a draw does not fit.
pub(super) fn try_once(
    spec: &Spec,
    kind: DrillKind,
    level: u8,
    seed: u64,
    seat: Seat,
    rng: &mut ChaCha8Rng,
) -> Option<Drill> {
    let k = rng.random_range(0..4usize);
    let pocket = spec.board.pockets()[k];
    let (dmin, dmax) = distance_range(level);
    let d = rng.random_range(dmin..dmax);
    let at = Attempt {
        spec,
        kind,
        level,
        seed,
        seat,
        k,
        pocket,
        corner: Vec2::new(pocket.x.signum(), pocket.y.signum()),
    };
    let mut setting = match kind {
        DrillKind::FrozenOnACushion => at.frozen_on_a_cushion(d, rng)?,
        DrillKind::OffACushion => at.off_a_cushion(rng)?,
        _ => at.towards_the_pocket(d, rng)?,
    };
    let to_point = at.to_point(&setting);
    let aimed = match setting.cut_deg {
        Some(cut) => Some(at.aimed_stroke(&mut setting, to_point, cut, rng)?),
        None => None,
    };
    let all = at.the_rest(&setting, rng)?;
    let queen = if all.iter().any(|p| p.kind == PieceColour::Queen) {
        QueenAt::OnBoard
    } else {
        QueenAt::CoveredByBlack
    };
    let position = Position::new(seat, queen, all);
    let referee = position.referee()?;
    // The striker's place must be legal with every man down.
    let stroke = match aimed {
        Some(s) => s,
        None => at.frozen_stroke(setting.first_pos(), rng)?,
    };
    at.drill(setting, position, &referee, stroke, to_point)
}

/// A try at a drill: what it is, and the pocket its target is to go into.
struct Attempt<'a> {
    spec: &'a Spec,
    kind: DrillKind,
    level: u8,
    seed: u64,
    seat: Seat,
    /// The pocket's number, the pocket, and its corner (the signs of its place).
    k: usize,
    pocket: Pocket,
    corner: Vec2,
}

/// The pieces a drill is about, placed for its kind, and what its stroke needs of them.
struct Setting {
    /// The target, then in a combination the object man.
    layout: Vec<Piece>,
    /// The lines the other men keep clear of: each a segment and the clearance it needs.
    lines: Vec<(Vec2, Vec2, f32)>,
    target: usize,
    /// The cut to play; `None`: a man frozen on a cushion, struck from a legal place.
    cut_deg: Option<f32>,
    /// The man a combination's striker strikes first.
    object: Option<usize>,
    /// A cushion drill's cushion: its axis (0: x = c, 1: y = c) and `c`.
    mirror_line: Option<(usize, f32)>,
}

impl Setting {
    /// The drill's own pieces: the target on its way into the pocket.
    fn of_target(piece: Piece, pocket: Vec2, rc: f32) -> Setting {
        Setting {
            lines: vec![(piece.pos(), pocket, 2.0 * rc)],
            layout: vec![piece],
            target: 0,
            cut_deg: None,
            object: None,
            mirror_line: None,
        }
    }

    /// The piece the striker strikes first.
    fn first(&self) -> usize {
        self.object.unwrap_or(self.target)
    }

    fn first_pos(&self) -> Vec2 {
        self.layout[self.first()].pos()
    }
}

/// The striker's place and direction for a drill's stroke, its distance to the ghost of the
/// piece it strikes first, and the cut.
#[derive(Clone, Copy)]
struct Stroke {
    position: f32,
    angle_deg: f32,
    to_ghost: f32,
    cut_deg: f32,
    /// Aimed to cut (not at a man frozen on a cushion).
    aimed: bool,
}

/// `point` seen in the cushion of `axis` (0: the line x = `c`, 1: y = `c`).
fn mirror(point: Vec2, axis: usize, c: f32) -> Vec2 {
    if axis == 0 {
        Vec2::new(2.0 * c - point.x, point.y)
    } else {
        Vec2::new(point.x, 2.0 * c - point.y)
    }
}

impl Attempt<'_> {
    /// A man along one of the two cushions that meet at the pocket, touching it, `d` from the
    /// pocket.
    fn frozen_on_a_cushion(&self, d: f32, rng: &mut ChaCha8Rng) -> Option<Setting> {
        let b = &self.spec.board;
        let (pocket, corner) = (self.pocket, self.corner);
        let along_x = rng.random_bool(0.5);
        let lim = b.half() - b.coin_radius();
        let p = if along_x {
            Vec2::new(corner.x * lim, pocket.y - corner.y * d)
        } else {
            Vec2::new(pocket.x - corner.x * d, corner.y * lim)
        };
        if !free(self.spec, p, &[]) {
            return None;
        }
        let man = Piece::new(PieceColour::White, p);
        Some(Setting::of_target(man, pocket.centre(), b.coin_radius()))
    }

    /// A man anywhere, and the pocket seen in a cushion's mirror: the man's way off the
    /// cushion into the pocket is longer by level.
    fn off_a_cushion(&self, rng: &mut ChaCha8Rng) -> Option<Setting> {
        let b = &self.spec.board;
        let (rc, pocket, corner) = (b.coin_radius(), self.pocket, self.corner);
        let lim = b.half() - rc - 0.01;
        let p = Vec2::new(rng.random_range(-lim..lim), rng.random_range(-lim..lim));
        // One of the two cushions across the board from the pocket (the image in a cushion
        // beside the pocket is the pocket itself: a straight cut grazing it).
        let line_axis = rng.random_range(0..2usize);
        let sign = if line_axis == 0 { -corner.x } else { -corner.y };
        let c = sign * (b.half() - rc);
        let kc = pocket.centre();
        let k2 = mirror(kc, line_axis, c);
        let (ca, cb) = if line_axis == 0 {
            (p.x, k2.x)
        } else {
            (p.y, k2.y)
        };
        if (ca - c) * (cb - c) > 0.0 || (cb - ca).abs() < 1e-6 {
            return None;
        }
        let hit = p + (k2 - p) * ((c - ca) / (cb - ca));
        let travel = (k2 - p).length();
        let step = 0.12 * f32::from(self.level - 1);
        if (hit - kc).length() < 3.0 * pocket.radius
            || !(0.7 + step..1.0 + step).contains(&travel)
            || !free(self.spec, p, &[])
        {
            return None;
        }
        let mut s = Setting::of_target(Piece::new(PieceColour::White, p), hit, rc);
        s.cut_deg = Some(rng.random_range(0.0..(10.0 + 8.0 * self.level as f32)));
        s.mirror_line = Some((line_axis, c));
        s.lines.push((hit, kc, 2.0 * rc));
        Some(s)
    }

    /// The target `d` from the pocket on a line into the board (the Queen in her drill), with
    /// a cut by the drill (a combination: an object man behind the target's ghost).
    fn towards_the_pocket(&self, d: f32, rng: &mut ChaCha8Rng) -> Option<Setting> {
        let (spec, kind, level) = (self.spec, self.kind, self.level as f32);
        let (rc, pocket, corner) = (spec.board.coin_radius(), self.pocket, self.corner);
        let psi = rng.random_range(12.0..78.0f32).to_radians();
        let w = Vec2::new(-corner.x * psi.cos(), -corner.y * psi.sin());
        let p = pocket.centre() + w * d;
        if !free(spec, p, &[]) {
            return None;
        }
        let colour = if kind == DrillKind::QueenAndCover {
            PieceColour::Queen
        } else {
            PieceColour::White
        };
        let mut s = Setting::of_target(Piece::new(colour, p), pocket.centre(), rc);
        if kind != DrillKind::Combination {
            let (lo, hi) = kind.cut_range().unwrap_or((0.0, 25.0 + 5.0 * level));
            s.cut_deg = Some(rng.random_range(lo..hi.max(lo + 0.1)));
            return Some(s);
        }
        // The object man behind the target's ghost, at an angle by level.
        let dir = -w;
        let ghost_b = p - dir * (2.0 * rc);
        let beta = rng.random_range(0.0..(5.0 + 7.0 * level))
            * if rng.random_bool(0.5) { 1.0 } else { -1.0 };
        let dja = rotate(dir, beta);
        let da = rng.random_range(0.05..(0.08 + 0.04 * level));
        let a = ghost_b - dja * da;
        if !free(spec, a, &s.layout) {
            return None;
        }
        s.layout.push(Piece::new(PieceColour::White, a));
        s.object = Some(1);
        s.lines.push((a, ghost_b, 2.0 * rc));
        s.cut_deg = Some(rng.random_range(0.0..8.0));
        Some(s)
    }

    /// Where the piece the striker strikes first is to go: the pocket, its image in the
    /// cushion, or a combination's target's ghost.
    fn to_point(&self, s: &Setting) -> Vec2 {
        let kc = self.pocket.centre();
        match (self.kind, s.mirror_line) {
            (DrillKind::OffACushion, Some((axis, c))) => mirror(kc, axis, c),
            (DrillKind::Combination, _) => {
                let tp = s.layout[s.target].pos();
                let dir = (kc - tp).normalize();
                tp - dir * (2.0 * self.spec.board.coin_radius())
            }
            _ => kc,
        }
    }

    /// The stroke that cuts the first piece by `cut` degrees (to a side drawn) towards
    /// `to_point`, from the straight place on the base line; its line is kept clear.
    fn aimed_stroke(
        &self,
        s: &mut Setting,
        to_point: Vec2,
        cut: f32,
        rng: &mut ChaCha8Rng,
    ) -> Option<Stroke> {
        let (b, seat) = (&self.spec.board, self.seat);
        let (rc, rs) = (b.coin_radius(), b.striker_radius());
        let fp = s.first_pos();
        let dir = (to_point - fp).normalize();
        let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
        let u = rotate(dir, side * cut);
        let ghost = fp - dir * (rs + rc);
        let pos = straight_position(self.spec, seat, ghost, u)?;
        let striker = b.striker_spot(seat, pos);
        if (ghost - striker).length() < 0.08 || angle_of(seat, u).abs() > 80.0 {
            return None;
        }
        s.lines.push((striker, ghost, rs + rc));
        Some(Stroke {
            position: pos,
            angle_deg: angle_of(seat, ghost - striker),
            to_ghost: (ghost - striker).length(),
            cut_deg: cut,
            aimed: true,
        })
    }

    /// Every piece of the position: the drill's own, then obstacles by level (men near the
    /// lines) or else the opponent's man out of the way, and in the Queen's drill two of the
    /// player's men to cover her with.
    fn the_rest(&self, s: &Setting, rng: &mut ChaCha8Rng) -> Option<Vec<Piece>> {
        let (spec, lines) = (self.spec, &s.lines);
        let mut all = s.layout.clone();
        let obstacles: &[usize] = match (self.level, lines.len()) {
            (3, _) => &[0],
            (4, n) if n >= 2 => &[0, 1],
            (4, _) => &[0],
            _ => &[],
        };
        for &i in obstacles {
            let i = if i == 1 { lines.len() - 1 } else { i };
            all.push(place_man(spec, rng, &all, lines, Some(i))?);
        }
        if obstacles.is_empty() {
            all.push(place_man(spec, rng, &all, lines, None)?);
        }
        if self.kind == DrillKind::QueenAndCover {
            for _ in 0..2 {
                let mut m = place_man(spec, rng, &all, lines, None)?;
                m.kind = PieceColour::White;
                all.push(m);
            }
        }
        Some(all)
    }

    /// A man frozen on a cushion is struck from a legal place drawn on the base line, at it.
    fn frozen_stroke(&self, fp: Vec2, rng: &mut ChaCha8Rng) -> Option<Stroke> {
        let lim = 0.95f32;
        let pos = rng.random_range(-lim..lim);
        let s = self.spec.board.striker_spot(self.seat, pos);
        let v = fp - s;
        if v.length() < 0.1 || angle_of(self.seat, v).abs() > 75.0 {
            return None;
        }
        Some(Stroke {
            position: pos,
            angle_deg: angle_of(self.seat, v),
            to_ghost: v.length(),
            cut_deg: 75.0,
            aimed: false,
        })
    }

    /// The drill, when `stroke` is legal and open and a demonstration of it goes in (the
    /// Queen's drill: only where her demonstration leaves a cover to play).
    fn drill(
        &self,
        s: Setting,
        position: Position,
        referee: &Referee,
        stroke: Stroke,
        to_point: Vec2,
    ) -> Option<Drill> {
        let (spec, seat, k) = (self.spec, self.seat, self.k);
        if !self.open(&s, &position, &stroke) {
            return None;
        }
        let (tp, fp) = (position.pieces[s.target].pos(), s.first_pos());
        let kc = self.pocket.centre();
        let (aim_point, length, cushions) = match s.mirror_line {
            Some(_) => (to_point, (to_point - tp).length(), 1),
            None => (kc, (kc - tp).length(), 0),
        };
        let travel = length + s.object.map_or(0.0, |_| (fp - tp).length());
        let (shot, window) =
            self.demonstration(&position, referee, s.target, stroke, travel, cushions)?;
        let task = words::task(
            self.kind,
            &position.pieces,
            s.target,
            s.object,
            k,
            s.mirror_line,
            spec,
            seat,
        );
        let drill = Drill {
            kind: self.kind,
            level: self.level,
            seed: self.seed,
            stage: Stage::First,
            position,
            target: Some(Target {
                piece: s.target,
                pocket: k,
            }),
            pieces_needed: 1,
            task,
            demonstration: shot,
            window_deg: window,
            aim: Some(Aim {
                point: [aim_point.x, aim_point.y],
                length,
                cushions,
            }),
            object: s.object,
        };
        if self.kind == DrillKind::QueenAndCover {
            let mut table = Table::new(spec, &drill.position.pieces);
            let after = play(&mut table, &drill.demonstration).layout();
            drill.cover(spec, &after)?;
        }
        Some(drill)
    }

    /// Whether the striker's place of `stroke` is legal with every man down and its way to
    /// the first piece open.
    fn open(&self, s: &Setting, position: &Position, stroke: &Stroke) -> bool {
        let b = &self.spec.board;
        let (rc, rs) = (b.coin_radius(), b.striker_radius());
        let striker = b.striker_spot(self.seat, stroke.position);
        legal(self.spec, self.seat, stroke.position, &position.pieces)
            && path_clear(
                striker,
                s.first_pos(),
                rs + rc - 1e-4,
                &position.pieces,
                &[s.first()],
            )
    }

    /// The demonstration of `stroke` calibrated (its power and its window of directions): an
    /// aimed stroke at the power its cut and `travel` need, a little more or much more; a
    /// frozen man's at three powers.
    fn demonstration(
        &self,
        position: &Position,
        referee: &Referee,
        target: usize,
        stroke: Stroke,
        travel: f32,
        cushions: u32,
    ) -> Option<(Shot, f32)> {
        let b = &self.spec.board;
        let (rc, rs) = (b.coin_radius(), b.striker_radius());
        let ds = stroke.to_ghost;
        let base = cut_power(
            self.spec,
            ds,
            stroke.cut_deg.to_radians().cos(),
            travel,
            cushions,
        );
        let span = if stroke.aimed {
            6.0
        } else {
            ((rs + rc) / ds).atan().to_degrees()
        };
        let powers: Vec<f32> = if stroke.aimed {
            vec![(base * 1.15).min(1.0), (base * 1.6 + 0.05).min(1.0)]
        } else {
            vec![0.3, 0.45, 0.65]
        };
        let shot0 = Shot {
            seat: self.seat,
            position: stroke.position,
            angle_deg: stroke.angle_deg,
            power: powers[0],
        };
        powers.iter().find_map(|&power| {
            calibrate(
                self.spec,
                &position.pieces,
                referee,
                target,
                self.k,
                Shot { power, ..shot0 },
                span,
            )
        })
    }
}
