//! Drills by kind of shot, each with levels, and the positions they set: generated from a
//! seed (a new position every attempt, within the drill's kind and level), each with its task
//! in words, its target (which piece, which pocket) and a stroke that makes it, found by
//! simulating the position on the physics crate.

use crate::position::{Position, QueenAt};
use crate::words;
use carrom_ai::geom::{angle_of, cut_power, legal, path_clear, straight_position};
use carrom_ai::noise::mix;
use carrom_match::stroke_report;
use carrom_physics::shot::play;
use carrom_physics::{Piece, PieceColour, Seat, Shot, Spec, Table, Vec2, opening_rack};
use carrom_referee::{QueenState, Referee};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The levels of every drill: 1 (first) to [`LEVELS`].
pub const LEVELS: u8 = 4;

/// What a drill practises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrillKind {
    /// The man sent on the striker's own line (a cut of 0-5 degrees).
    StraightCut,
    /// A cut at about 30 degrees.
    #[serde(rename = "cut_30")]
    Cut30,
    /// A cut at about 60 degrees.
    #[serde(rename = "cut_60")]
    Cut60,
    /// A thin cut, 68-75 degrees.
    ThinCut,
    /// The man sent off a cushion into the pocket.
    OffACushion,
    /// A man touching a cushion, cut along it into the pocket at its end.
    FrozenOnACushion,
    /// The striker sends one man into another, which goes in.
    Combination,
    /// The Queen pocketed, then covered with the next stroke (Law 96).
    QueenAndCover,
    /// The break into the opening rack (Law 41), with pieces to pocket.
    Break,
}

impl DrillKind {
    pub const ALL: [DrillKind; 9] = [
        DrillKind::StraightCut,
        DrillKind::Cut30,
        DrillKind::Cut60,
        DrillKind::ThinCut,
        DrillKind::OffACushion,
        DrillKind::FrozenOnACushion,
        DrillKind::Combination,
        DrillKind::QueenAndCover,
        DrillKind::Break,
    ];

    /// The name in files and on the command line: `straight_cut`, `cut_30`, ...
    pub fn key(self) -> &'static str {
        match self {
            DrillKind::StraightCut => "straight_cut",
            DrillKind::Cut30 => "cut_30",
            DrillKind::Cut60 => "cut_60",
            DrillKind::ThinCut => "thin_cut",
            DrillKind::OffACushion => "off_a_cushion",
            DrillKind::FrozenOnACushion => "frozen_on_a_cushion",
            DrillKind::Combination => "combination",
            DrillKind::QueenAndCover => "queen_and_cover",
            DrillKind::Break => "break",
        }
    }

    /// The cut angle range of a direct cut drill, in degrees.
    fn cut_range(self) -> Option<(f32, f32)> {
        match self {
            DrillKind::StraightCut => Some((0.0, 5.0)),
            DrillKind::Cut30 => Some((27.0, 33.0)),
            DrillKind::Cut60 => Some((57.0, 63.0)),
            DrillKind::ThinCut => Some((68.0, 75.0)),
            _ => None,
        }
    }
}

/// Which stroke of a drill this is: most drills are one stroke; the Queen's is two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The drill's one stroke (or the Queen, in the Queen's drill).
    First,
    /// The cover after the Queen went in.
    Cover,
}

/// What a drill asks to pocket: `piece` (an index into the position's pieces) into `pocket`
/// (0-3 counter-clockwise from south-west, as `carrom board` lists them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    pub piece: usize,
    pub pocket: usize,
}

/// Where the target's path must lead: `point` (the pocket's centre, or its mirror image across
/// the cushion for a man sent off a cushion), `length` of the path to the pocket.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Aim {
    pub point: [f32; 2],
    pub length: f32,
    /// Cushions on the way (the speed a piece keeps off a cushion is the frame's restitution).
    pub cushions: u32,
}

/// One attempt's position and what to do there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drill {
    pub kind: DrillKind,
    /// 1 to [`LEVELS`].
    pub level: u8,
    pub seed: u64,
    pub stage: Stage,
    pub position: Position,
    /// The piece and pocket; `None` for the break (any of the player's pieces counts).
    pub target: Option<Target>,
    /// For the break: how many pieces must go down (level 1: any piece; above, the player's
    /// own pieces, and the turn must go on).
    pub pieces_needed: u8,
    /// The task in words ("Cut the white man at 1 o'clock into the north-east pocket").
    pub task: String,
    /// A stroke that makes it on the physics, as simulated when the drill was set (the middle
    /// of the directions that pocket the target from that place at that power).
    pub demonstration: Shot,
    /// The width of that window of directions, degrees (a measure of how hard the drill is).
    pub window_deg: f32,
    /// Where the target must go.
    pub aim: Option<Aim>,
    /// In a combination, the man the striker is to send into the target.
    pub object: Option<usize>,
}

/// Positions tried before a drill gives up on a seed and moves to the next.
const TRIES: u32 = 400;
/// Seeds tried before giving up (on the ICF board every drill is found within the first few).
const SEEDS: u64 = 64;

impl Drill {
    /// A new position for `kind` at `level` (clamped to 1..=[`LEVELS`]), from `seed`: the same
    /// arguments give the same drill; another seed gives another position of the same kind.
    pub fn new(spec: &Spec, kind: DrillKind, level: u8, seed: u64) -> Drill {
        let level = level.clamp(1, LEVELS);
        // A seed whose tries all fail (rare) moves on to the next seed's.
        for k in 0..SEEDS {
            let s = mix(seed, k);
            let mut rng = ChaCha8Rng::seed_from_u64(mix(s, kind as u64 * 16 + level as u64));
            if let Some(d) = generate(spec, kind, level, s, &mut rng) {
                return Drill { seed, ..d };
            }
        }
        panic!(
            "no {kind:?} position at level {level} in {SEEDS} seeds: the board spec leaves no room for it"
        )
    }

    /// The referee standing at the drill's position.
    pub fn referee(&self) -> Referee {
        self.position
            .referee()
            .expect("a drill's position always has men of both colours")
    }

    /// The Queen's drill after she went in: the cover, from the pieces as `layout` left them,
    /// with the referee after the stroke (`None` when no man of the player's can be cut into
    /// a pocket from a legal place: the attempt then ends as a miss).
    pub fn cover(&self, spec: &Spec, layout: &[Piece]) -> Option<Drill> {
        let position = Position::new(self.position.seat, QueenAt::AwaitingCover, layout.to_vec());
        position.referee()?;
        let mut rng = ChaCha8Rng::seed_from_u64(mix(self.seed, 0xC0E5));
        let seat = position.seat;
        let mut best: Option<(f32, Drill)> = None;
        for (i, p) in layout.iter().enumerate() {
            if p.kind != position.colour {
                continue;
            }
            for (k, _) in spec.board.pockets().iter().enumerate() {
                let Some(found) = direct_cut(spec, &position, i, k, None, &mut rng) else {
                    continue;
                };
                let (shot, window, aim) = found;
                if best.as_ref().is_none_or(|(w, _)| window > *w) {
                    let task = words::cover_task(p, k, spec, seat);
                    best = Some((
                        window,
                        Drill {
                            kind: self.kind,
                            level: self.level,
                            seed: self.seed,
                            stage: Stage::Cover,
                            position: position.clone(),
                            target: Some(Target {
                                piece: i,
                                pocket: k,
                            }),
                            pieces_needed: 1,
                            task,
                            demonstration: shot,
                            window_deg: window,
                            aim: Some(aim),
                            object: None,
                        },
                    ));
                }
            }
        }
        best.map(|(_, d)| d)
    }
}

/// How far from the pocket the target starts, by level (m).
fn distance_range(level: u8) -> (f32, f32) {
    match level {
        1 => (0.08, 0.16),
        2 => (0.15, 0.27),
        3 => (0.24, 0.38),
        _ => (0.32, 0.48),
    }
}

fn generate(
    spec: &Spec,
    kind: DrillKind,
    level: u8,
    seed: u64,
    rng: &mut ChaCha8Rng,
) -> Option<Drill> {
    let seat = Seat::South;
    if kind == DrillKind::Break {
        return Some(break_drill(spec, level, seed, seat));
    }
    for _ in 0..TRIES {
        if let Some(d) = try_once(spec, kind, level, seed, seat, rng) {
            return Some(d);
        }
    }
    None
}

fn break_drill(spec: &Spec, level: u8, seed: u64, seat: Seat) -> Drill {
    let position = Position::new(seat, QueenAt::OnBoard, opening_rack(&spec.board, seat));
    // The computer's practised break (the break book), else straight at the rack.
    let demonstration = carrom_ai::break_book::BreakBook::for_rack(spec, &position.pieces, seat)
        .and_then(|book| book.breaks.first())
        .map(|b| b.shot(seat))
        .unwrap_or(Shot {
            seat,
            position: 0.0,
            angle_deg: 0.0,
            power: 1.0,
        });
    let pieces_needed = match level {
        1 | 2 => 1,
        3 => 2,
        _ => 3,
    };
    Drill {
        kind: DrillKind::Break,
        level,
        seed,
        stage: Stage::First,
        task: words::break_task(level, pieces_needed),
        position,
        target: None,
        pieces_needed,
        demonstration,
        window_deg: 0.0,
        aim: None,
        object: None,
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

/// One try at a position of `kind` at `level`.
fn try_once(
    spec: &Spec,
    kind: DrillKind,
    level: u8,
    seed: u64,
    seat: Seat,
    rng: &mut ChaCha8Rng,
) -> Option<Drill> {
    let b = &spec.board;
    let (rc, rs) = (b.coin_radius(), b.striker_radius());
    let pockets = b.pockets();
    let k = rng.random_range(0..4usize);
    let pocket = pockets[k];
    let corner = Vec2::new(pocket.x.signum(), pocket.y.signum());
    let (dmin, dmax) = distance_range(level);
    let d = rng.random_range(dmin..dmax);
    let target_kind = if kind == DrillKind::QueenAndCover {
        PieceColour::Queen
    } else {
        PieceColour::White
    };
    // The pieces the drill is about, then the men that make up the rest.
    let mut layout: Vec<Piece> = Vec::new();
    let mut lines: Vec<(Vec2, Vec2, f32)> = Vec::new();
    let target: usize;
    let cut_deg: Option<f32>;
    let mut object: Option<usize> = None;
    let mut mirror_line: Option<(usize, f32)> = None;
    match kind {
        DrillKind::FrozenOnACushion => {
            // Along one of the two cushions that meet at the pocket, touching it.
            let along_x = rng.random_bool(0.5);
            let lim = b.half() - rc;
            let p = if along_x {
                Vec2::new(corner.x * lim, pocket.y - corner.y * d)
            } else {
                Vec2::new(pocket.x - corner.x * d, corner.y * lim)
            };
            if !free(spec, p, &layout) {
                return None;
            }
            layout.push(Piece::new(PieceColour::White, p));
            target = 0;
            cut_deg = None;
            lines.push((p, pocket.centre(), 2.0 * rc));
        }
        DrillKind::OffACushion => {
            // The man anywhere; the pocket seen in a cushion's mirror.
            let lim = b.half() - rc - 0.01;
            let p = Vec2::new(rng.random_range(-lim..lim), rng.random_range(-lim..lim));
            // One of the two cushions across the board from the pocket (the image in a
            // cushion beside the pocket is the pocket itself: a straight cut grazing it).
            let line_axis = rng.random_range(0..2usize);
            let sign = if line_axis == 0 { -corner.x } else { -corner.y };
            let c = sign * (b.half() - rc);
            let kc = pocket.centre();
            let k2 = if line_axis == 0 {
                Vec2::new(2.0 * c - kc.x, kc.y)
            } else {
                Vec2::new(kc.x, 2.0 * c - kc.y)
            };
            let hit = {
                let (ca, cb) = if line_axis == 0 {
                    (p.x, k2.x)
                } else {
                    (p.y, k2.y)
                };
                if (ca - c) * (cb - c) > 0.0 || (cb - ca).abs() < 1e-6 {
                    return None;
                }
                p + (k2 - p) * ((c - ca) / (cb - ca))
            };
            let travel = (k2 - p).length();
            let step = 0.12 * f32::from(level - 1);
            if (hit - kc).length() < 3.0 * pocket.radius
                || !(0.7 + step..1.0 + step).contains(&travel)
                || !free(spec, p, &layout)
            {
                return None;
            }
            layout.push(Piece::new(PieceColour::White, p));
            target = 0;
            cut_deg = Some(rng.random_range(0.0..(10.0 + 8.0 * level as f32)));
            mirror_line = Some((line_axis, c));
            lines.push((p, hit, 2.0 * rc));
            lines.push((hit, kc, 2.0 * rc));
        }
        _ => {
            // The target at `d` from the pocket, on a line into the board.
            let psi = rng.random_range(12.0..78.0f32).to_radians();
            let w = Vec2::new(-corner.x * psi.cos(), -corner.y * psi.sin());
            let p = pocket.centre() + w * d;
            if !free(spec, p, &layout) {
                return None;
            }
            layout.push(Piece::new(target_kind, p));
            target = 0;
            lines.push((p, pocket.centre(), 2.0 * rc));
            if kind == DrillKind::Combination {
                // The object man behind the target's ghost, at an angle by level.
                let dir = -w;
                let ghost_b = p - dir * (2.0 * rc);
                let beta = rng.random_range(0.0..(5.0 + 7.0 * level as f32))
                    * if rng.random_bool(0.5) { 1.0 } else { -1.0 };
                let dja = rotate(dir, beta);
                let da = rng.random_range(0.05..(0.08 + 0.04 * level as f32));
                let a = ghost_b - dja * da;
                if !free(spec, a, &layout) {
                    return None;
                }
                layout.push(Piece::new(PieceColour::White, a));
                object = Some(1);
                lines.push((a, ghost_b, 2.0 * rc));
                cut_deg = Some(rng.random_range(0.0..8.0));
            } else {
                let (lo, hi) = kind.cut_range().unwrap_or((0.0, 25.0 + 5.0 * level as f32));
                cut_deg = Some(rng.random_range(lo..hi.max(lo + 0.1)));
            }
        }
    }
    // The striker's line to the piece it strikes first.
    let first = object.unwrap_or(target);
    let fp = layout[first].pos();
    let (to_point, cut) = match (kind, mirror_line) {
        (DrillKind::OffACushion, Some((axis, c))) => {
            let kc = pocket.centre();
            let k2 = if axis == 0 {
                Vec2::new(2.0 * c - kc.x, kc.y)
            } else {
                Vec2::new(kc.x, 2.0 * c - kc.y)
            };
            (k2, cut_deg)
        }
        (DrillKind::Combination, _) => {
            let tp = layout[target].pos();
            let dir = (pocket.centre() - tp).normalize();
            (tp - dir * (2.0 * rc), cut_deg)
        }
        _ => (pocket.centre(), cut_deg),
    };
    let position_seat = seat;
    let found = match cut {
        Some(cut) => {
            let dir = (to_point - fp).normalize();
            let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
            let u = rotate(dir, side * cut);
            let ghost = fp - dir * (rs + rc);
            let pos = straight_position(spec, position_seat, ghost, u)?;
            let s = b.striker_spot(position_seat, pos);
            if (ghost - s).length() < 0.08 || angle_of(position_seat, u).abs() > 80.0 {
                return None;
            }
            lines.push((s, ghost, rs + rc));
            Some((
                pos,
                angle_of(position_seat, ghost - s),
                (ghost - s).length(),
                cut,
            ))
        }
        None => None,
    };
    // Obstacles by level (men near the lines), then the opponent's man out of the way.
    let mut rest: Vec<Piece> = Vec::new();
    let mut all = layout.clone();
    let obstacles: &[usize] = match (level, lines.len()) {
        (3, _) => &[0],
        (4, n) if n >= 2 => &[0, 1],
        (4, _) => &[0],
        _ => &[],
    };
    for &i in obstacles {
        let i = if i == 1 { lines.len() - 1 } else { i };
        let m = place_man(spec, rng, &all, &lines, Some(i))?;
        all.push(m);
        rest.push(m);
    }
    if rest.is_empty() {
        let m = place_man(spec, rng, &all, &lines, None)?;
        all.push(m);
        rest.push(m);
    }
    if kind == DrillKind::QueenAndCover {
        // The men to cover her with: two of the player's, out of the Queen's way.
        for _ in 0..2 {
            let mut m = place_man(spec, rng, &all, &lines, None)?;
            m.kind = PieceColour::White;
            all.push(m);
        }
    }
    let queen = if all.iter().any(|p| p.kind == PieceColour::Queen) {
        QueenAt::OnBoard
    } else {
        QueenAt::CoveredByBlack
    };
    let position = Position::new(position_seat, queen, all);
    let referee = position.referee()?;
    // The striker's place must be legal with every man down.
    let (pos, angle, ds, cut) = match found {
        Some(f) => f,
        None => {
            // Frozen on a cushion: from a legal place, at the man.
            let lim = 0.95f32;
            let pos = rng.random_range(-lim..lim);
            let s = b.striker_spot(position_seat, pos);
            let v = fp - s;
            if v.length() < 0.1 || angle_of(position_seat, v).abs() > 75.0 {
                return None;
            }
            (pos, angle_of(position_seat, v), v.length(), 75.0)
        }
    };
    if !legal(spec, position_seat, pos, &position.pieces)
        || !path_clear(
            b.striker_spot(position_seat, pos),
            fp,
            rs + rc - 1e-4,
            &position.pieces,
            &[first],
        )
    {
        return None;
    }
    let tp = position.pieces[target].pos();
    let (aim_point, length, cushions) = match mirror_line {
        Some(_) => (to_point, (to_point - tp).length(), 1),
        None => (pocket.centre(), (pocket.centre() - tp).length(), 0),
    };
    let travel = length + object.map_or(0.0, |_| (fp - tp).length());
    let base = cut_power(spec, ds, cut.to_radians().cos(), travel, cushions);
    let span = if found.is_some() {
        6.0
    } else {
        ((rs + rc) / ds).atan().to_degrees()
    };
    let powers: Vec<f32> = if found.is_some() {
        vec![(base * 1.15).min(1.0), (base * 1.6 + 0.05).min(1.0)]
    } else {
        vec![0.3, 0.45, 0.65]
    };
    let shot0 = Shot {
        seat: position_seat,
        position: pos,
        angle_deg: angle,
        power: powers[0],
    };
    let (shot, window) = powers.iter().find_map(|&power| {
        calibrate(
            spec,
            &position.pieces,
            &referee,
            target,
            k,
            Shot { power, ..shot0 },
            span,
        )
    })?;
    let aim = Aim {
        point: [aim_point.x, aim_point.y],
        length,
        cushions,
    };
    let task = words::task(
        kind,
        &position.pieces,
        target,
        object,
        k,
        mirror_line,
        spec,
        position_seat,
    );
    let drill = Drill {
        kind,
        level,
        seed,
        stage: Stage::First,
        position,
        target: Some(Target {
            piece: target,
            pocket: k,
        }),
        pieces_needed: 1,
        task,
        demonstration: shot,
        window_deg: window,
        aim: Some(aim),
        object,
    };
    // The Queen's drill is set only where her demonstration leaves a cover to play.
    if kind == DrillKind::QueenAndCover {
        let mut table = Table::new(spec, &drill.position.pieces);
        let after = play(&mut table, &drill.demonstration).layout();
        drill.cover(spec, &after)?;
    }
    Some(drill)
}

/// A direct cut of `layout[i]` into pocket `k` from a legal place, calibrated: the shot and
/// its window and aim, when one exists. `cut` fixes the cut angle, else the straightest
/// legal place is taken.
fn direct_cut(
    spec: &Spec,
    position: &Position,
    i: usize,
    k: usize,
    cut: Option<f32>,
    rng: &mut ChaCha8Rng,
) -> Option<(Shot, f32, Aim)> {
    let b = &spec.board;
    let (rc, rs) = (b.coin_radius(), b.striker_radius());
    let pocket = b.pockets()[k];
    let p = position.pieces[i].pos();
    let dir = (pocket.centre() - p).normalize();
    let ghost = p - dir * (rs + rc);
    if !path_clear(p, pocket.centre(), 2.0 * rc - 1e-4, &position.pieces, &[i]) {
        return None;
    }
    let seat = position.seat;
    let referee = position.referee()?;
    let mut places: Vec<(f32, f32)> = Vec::new();
    let grid = carrom_ai::geom::position_grid(33);
    for &pos in &grid {
        let s = b.striker_spot(seat, pos);
        let v = ghost - s;
        let cos = v.normalize().dot(dir);
        let cut_here = cos.clamp(-1.0, 1.0).acos().to_degrees();
        if cos < 0.3 || v.length() < 0.08 || !legal(spec, seat, pos, &position.pieces) {
            continue;
        }
        if !path_clear(s, ghost, rs + rc - 1e-4, &position.pieces, &[i]) {
            continue;
        }
        let off = cut.map_or(cut_here, |c| (cut_here - c).abs());
        places.push((off + rng.random_range(0.0..0.01), pos));
    }
    places.sort_by(|a, b| a.0.total_cmp(&b.0));
    let travel = (pocket.centre() - p).length();
    let (shot, window) = places.iter().take(3).find_map(|&(_, pos)| {
        let s = b.striker_spot(seat, pos);
        let v = ghost - s;
        let cos = v.normalize().dot(dir);
        let base = cut_power(spec, v.length(), cos, travel, 0);
        let shot0 = Shot {
            seat,
            position: pos,
            angle_deg: angle_of(seat, v),
            power: (base * 1.15).min(1.0),
        };
        calibrate(spec, &position.pieces, &referee, i, k, shot0, 6.0)
    })?;
    Some((
        shot,
        window,
        Aim {
            point: [pocket.centre().x, pocket.centre().y],
            length: travel,
            cushions: 0,
        },
    ))
}

/// Directions swept either side of a shot, degrees apart.
const SWEEP_STEP: f32 = 0.2;
/// The narrowest window of directions a drill is set with, degrees.
const MIN_WINDOW: f32 = 0.6;

/// Sweeps the direction of `shot0` over ±`span` degrees: the stroke in the middle of the widest
/// run of directions that pocket `layout[target]` into pocket `k` legally, and the run's width.
pub fn calibrate(
    spec: &Spec,
    layout: &[Piece],
    referee: &Referee,
    target: usize,
    k: usize,
    shot0: Shot,
    span: f32,
) -> Option<(Shot, f32)> {
    let base = Table::new(spec, layout);
    let n = (span / SWEEP_STEP).ceil() as i32;
    let mut best: Option<(i32, i32)> = None;
    let mut run: Option<i32> = None;
    for j in -n..=n + 1 {
        let ok = j <= n && {
            let shot = Shot {
                angle_deg: shot0.angle_deg + j as f32 * SWEEP_STEP,
                ..shot0
            };
            makes_it(spec, &base, referee, target, Some(k), &shot)
        };
        match (ok, run) {
            (true, None) => run = Some(j),
            (false, Some(start)) => {
                if best.is_none_or(|(a, b)| j - start > b - a) {
                    best = Some((start, j));
                }
                run = None;
            }
            _ => {}
        }
    }
    let (a, e) = best?;
    let width = (e - a) as f32 * SWEEP_STEP;
    if width < MIN_WINDOW {
        return None;
    }
    let mid = (a + e - 1) as f32 * 0.5 * SWEEP_STEP;
    Some((
        Shot {
            angle_deg: shot0.angle_deg + mid,
            ..shot0
        },
        width,
    ))
}

/// Does `shot` on `base` pocket the target into pocket `k` (any pocket for `None`) legally,
/// the turn going on (or the board won)?
fn makes_it(
    spec: &Spec,
    base: &Table,
    referee: &Referee,
    target: usize,
    k: Option<usize>,
    shot: &Shot,
) -> bool {
    let _ = spec;
    let mut table = base.clone();
    let result = play(&mut table, shot);
    let t = &result.pieces[target];
    if !t.pocketed || k.is_some_and(|k| t.pocket != Some(k)) {
        return false;
    }
    let mut r = *referee;
    let Ok(v) = r.judge(&stroke_report(&result)) else {
        return false;
    };
    let won = v
        .board_result
        .is_some_and(|b| b.winner == referee.side_of(shot.seat));
    !v.foul
        && (v.continues || won)
        && (referee.queen() != QueenState::AwaitingCover { by: shot.seat }
            || matches!(v.position.queen, QueenState::Covered(_)))
}
