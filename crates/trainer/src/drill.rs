//! Drills by kind of shot, each with levels, and the positions they set: generated from a
//! seed (a new position every attempt, within the drill's kind and level), each with its task
//! in words, its target (which piece, which pocket) and a stroke that makes it, found by
//! simulating the position on the physics crate.

mod setting;

use crate::position::{Position, QueenAt};
use crate::words;
use carrom_ai::geom::{angle_of, cut_power, legal, path_clear};
use carrom_ai::noise::mix;
use carrom_match::stroke_report;
use carrom_physics::shot::play;
use carrom_physics::{Piece, Seat, Shot, Spec, Table, opening_rack};
use carrom_referee::{QueenState, Referee};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use setting::try_once;

/// The levels of every drill: 1 (first) to [`LEVELS`].
pub const LEVELS: u8 = 4;

/// What a drill practises. Read from its key ([`DrillKind::key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
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

/// A drill read from its key, as a string: so an error in a file's field under it names the
/// drill (`ladders.cut_30.level`), where a map key read as an enum is not named
/// (`ladders.?.level`).
impl<'de> Deserialize<'de> for DrillKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DrillKind, D::Error> {
        let key = String::deserialize(d)?;
        DrillKind::ALL
            .into_iter()
            .find(|k| k.key() == key)
            .ok_or_else(|| serde::de::Error::unknown_variant(&key, &DrillKind::KEYS))
    }
}

impl DrillKind {
    /// Every drill's key, in [`DrillKind::ALL`]'s order.
    pub const KEYS: [&'static str; 9] = [
        "straight_cut",
        "cut_30",
        "cut_60",
        "thin_cut",
        "off_a_cushion",
        "frozen_on_a_cushion",
        "combination",
        "queen_and_cover",
        "break",
    ];

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
pub const SEEDS: u64 = 64;

/// A drill that cannot be set on this board: no position of its kind at its level makes its
/// shot (a frame that gives nothing back leaves no man to send off a cushion, say).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{}: no position at level {level} fits this board ({SEEDS} seeds tried): the board's spec \
     leaves no room for the drill",
    words::drill_name(*kind)
)]
pub struct NoPosition {
    pub kind: DrillKind,
    pub level: u8,
}

impl Drill {
    /// A new position for `kind` at `level` (clamped to 1..=[`LEVELS`]), from `seed`: the same
    /// arguments give the same drill; another seed gives another position of the same kind.
    /// A drill no position of which fits the board's spec (tried over [`SEEDS`] seeds) is
    /// [`NoPosition`]; the break is set on every board ([`Drill::the_break`]).
    pub fn new(spec: &Spec, kind: DrillKind, level: u8, seed: u64) -> Result<Drill, NoPosition> {
        let level = level.clamp(1, LEVELS);
        // A seed whose tries all fail (rare) moves on to the next seed's.
        for k in 0..SEEDS {
            let s = mix(seed, k);
            let mut rng = ChaCha8Rng::seed_from_u64(mix(s, kind as u64 * 16 + level as u64));
            if let Some(d) = generate(spec, kind, level, s, &mut rng) {
                return Ok(Drill { seed, ..d });
            }
        }
        Err(NoPosition { kind, level })
    }

    /// The break drill at `level` (clamped to 1..=[`LEVELS`]): the opening rack, set on every
    /// board.
    pub fn the_break(spec: &Spec, level: u8, seed: u64) -> Drill {
        break_drill(spec, level.clamp(1, LEVELS), seed, Seat::South)
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
