//! Random shots for robustness checks: nothing escapes, nothing goes non-finite, every shot
//! comes to rest. Every faulty shot is reported with the request that replays it.

use crate::geometry::Seat;
use crate::rack::opening_rack;
use crate::shot::{Shot, ShotResult, play};
use crate::spec::Spec;
use crate::table::{BodyId, Clock, Fate, Piece, PieceColour, Table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// What a soak found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SoakReport {
    pub shots: u32,
    /// Pieces (or strikers) found outside the playing surface without having been pocketed or
    /// reported overboard.
    pub escaped: u32,
    /// Shots that left a non-finite position or velocity.
    pub non_finite: u32,
    /// Shots that had not come to rest within the time limit.
    pub unfinished: u32,
    /// Longest simulated time of a shot (s).
    pub max_time: f32,
    /// The faults, in shot order (at most the number asked for; see `faults_omitted`). Each
    /// one's `shot` and `pieces` are a `carrom simulate` request that replays it.
    pub faults: Vec<Fault>,
    /// Faults found but not listed.
    pub faults_omitted: u32,
}

/// What went wrong in a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// A body ended outside the playing surface without being pocketed or going overboard.
    Escaped,
    /// A position or velocity became infinite or NaN.
    NonFinite,
    /// The shot had not come to rest at the time limit.
    Unfinished,
}

/// One fault of one shot: the shot and the board it was played on (together a `carrom
/// simulate` request), what went wrong, to which body and at which step (counted from 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fault {
    pub shot: Shot,
    pub pieces: Vec<Piece>,
    pub fault: FaultKind,
    pub body: BodyId,
    pub step: u32,
}

/// `carrom simulate`'s request: a shot, and the pieces it is played on (the opening rack for
/// the shot's seat when there are none). A [`Fault`]'s own fields are accepted, so that a fault
/// replays as it is listed; they do not change the simulation.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimulateRequest {
    pub shot: Shot,
    pub pieces: Option<Vec<Piece>>,
    #[serde(default, rename = "fault")]
    _fault: Option<FaultKind>,
    #[serde(default, rename = "body")]
    _body: Option<BodyId>,
    #[serde(default, rename = "step")]
    _step: Option<u32>,
}

impl SimulateRequest {
    /// The request's shot played to rest on its pieces ([`crate::simulate`]).
    pub fn simulate(&self, spec: &Spec) -> Result<ShotResult, crate::ShotError> {
        let pieces =
            (self.pieces.clone()).unwrap_or_else(|| opening_rack(&spec.board, self.shot.seat));
        crate::simulate(spec, &pieces, &self.shot)
    }
}

/// A random legal striker position for `seat` on a board holding `pieces`.
pub fn random_legal_position(
    rng: &mut impl Rng,
    spec: &Spec,
    seat: Seat,
    pieces: &[Piece],
) -> Option<f32> {
    let r = spec.board.coin_radius();
    (0..200)
        .map(|_| rng.random_range(-1.0f32..=1.0))
        .find(|&p| {
            spec.board
                .check_striker_placement(
                    seat,
                    spec.board.striker_spot(seat, p),
                    pieces.iter().map(|q| (q.pos(), r)),
                )
                .is_ok()
        })
}

/// `n` pieces scattered at random, not overlapping (a mid-game position).
pub fn random_scatter(rng: &mut impl Rng, spec: &Spec, n: usize) -> Vec<Piece> {
    let r = spec.board.coin_radius();
    let lim = spec.board.half() - r;
    let mut pieces: Vec<Piece> = Vec::with_capacity(n);
    let kinds = |i: usize| match i {
        0 => PieceColour::Queen,
        i if i % 2 == 1 => PieceColour::White,
        _ => PieceColour::Black,
    };
    let mut attempts = 0;
    while pieces.len() < n && attempts < 10_000 {
        attempts += 1;
        let p = Piece {
            kind: kinds(pieces.len()),
            x: rng.random_range(-lim..lim),
            y: rng.random_range(-lim..lim),
        };
        let clear = pieces
            .iter()
            .all(|q| (q.pos() - p.pos()).length() > 2.0 * r + 1e-4);
        let in_pocket = spec
            .board
            .pockets()
            .iter()
            .any(|k| (k.centre() - p.pos()).length() < k.radius + r);
        if clear && !in_pocket {
            pieces.push(p);
        }
    }
    pieces
}

/// Shots drawn (one thread, in order) and then simulated (on all threads) per batch.
const BATCH: u32 = 4096;

/// Plays `shots` random shots: half from the rack, half from scattered positions; random seats,
/// legal placements, any direction; power uniform up to 1 (or always 1 with `full_power`).
/// Lists every fault.
pub fn soak(spec: &Spec, shots: u32, seed: u64, full_power: bool) -> SoakReport {
    soak_listing(spec, shots, seed, full_power, usize::MAX)
}

/// [`soak`], listing at most `max_faults` faults (the counts are complete).
///
/// The shots are drawn from one random stream in order and simulated in parallel; each shot's
/// simulation is deterministic, so the report is the same for a seed whatever the threads.
pub fn soak_listing(
    spec: &Spec,
    shots: u32,
    seed: u64,
    full_power: bool,
    max_faults: usize,
) -> SoakReport {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = SoakReport::default();
    let mut next = 0;
    while next < shots {
        let end = next.saturating_add(BATCH).min(shots);
        let batch: Vec<(Shot, Vec<Piece>)> = (next..end)
            .filter_map(|i| random_shot(&mut rng, spec, i, full_power))
            .collect();
        next = end;
        let checked: Vec<Checked> = batch
            .into_par_iter()
            .map(|(shot, pieces)| check(spec, shot, pieces))
            .collect();
        for c in checked {
            report.shots += 1;
            report.max_time = report.max_time.max(c.time);
            for fault in c.faults {
                match fault.fault {
                    FaultKind::Escaped => report.escaped += 1,
                    FaultKind::NonFinite => report.non_finite += 1,
                    FaultKind::Unfinished => report.unfinished += 1,
                }
                if report.faults.len() < max_faults {
                    report.faults.push(fault);
                } else {
                    report.faults_omitted += 1;
                }
            }
        }
    }
    report
}

/// The `i`th shot of a soak drawing from `rng`, and the board it is played on (the rack for
/// even `i`, a random scatter for odd), or None when no legal striker position was found (the
/// soak skips the shot).
pub fn random_shot(
    rng: &mut ChaCha8Rng,
    spec: &Spec,
    i: u32,
    full_power: bool,
) -> Option<(Shot, Vec<Piece>)> {
    let seat = Seat::ALL[rng.random_range(0..4)];
    let pieces = if i.is_multiple_of(2) {
        opening_rack(&spec.board, seat)
    } else {
        let n = rng.random_range(1..=19);
        random_scatter(rng, spec, n)
    };
    let position = random_legal_position(rng, spec, seat, &pieces)?;
    let shot = Shot {
        seat,
        position,
        angle_deg: rng.random_range(-180.0..180.0),
        power: if full_power {
            1.0
        } else {
            rng.random_range(0.0..=1.0)
        },
    };
    Some((shot, pieces))
}

/// One simulated shot: its time, and its faults (escaped bodies, then non-finite, then
/// unfinished).
struct Checked {
    time: f32,
    faults: Vec<Fault>,
}

/// Plays a shot and checks the result; a faulty shot is played again step by step to find the
/// step at which each fault appeared.
fn check(spec: &Spec, shot: Shot, pieces: Vec<Piece>) -> Checked {
    let mut table = Table::new(spec, &pieces);
    let result = play(&mut table, &shot);
    let (escaped, non_finite) = bad_ends(spec, &result);
    let mut faults = Vec::new();
    if escaped.is_empty() && non_finite.is_none() && result.finished {
        return Checked {
            time: result.time,
            faults,
        };
    }
    let steps = StepByStep::play(spec, &shot, &pieces);
    let mut fault = |fault: FaultKind, body: BodyId, step: u32| {
        faults.push(Fault {
            shot,
            pieces: pieces.clone(),
            fault,
            body,
            step,
        })
    };
    for id in escaped {
        let k = steps.ids.iter().position(|&i| i == id).unwrap_or(0);
        fault(
            FaultKind::Escaped,
            id,
            steps.first_out[k].unwrap_or(result.steps),
        );
    }
    if let Some(id) = non_finite {
        let (body, step) = steps.first_nan.unwrap_or((id, result.steps));
        fault(FaultKind::NonFinite, body, step);
    }
    if !result.finished {
        fault(
            FaultKind::Unfinished,
            fastest(&steps.table, &steps.ids),
            result.steps,
        );
    }
    Checked {
        time: result.time,
        faults,
    }
}

/// Whether a place is off the board.
fn outside(spec: &Spec, x: f32, y: f32) -> bool {
    let half = spec.board.half();
    x.abs() > half || y.abs() > half
}

/// The bodies a shot left outside the board though not pocketed nor overboard, and the first
/// whose place is not a number.
fn bad_ends(spec: &Spec, result: &ShotResult) -> (Vec<BodyId>, Option<BodyId>) {
    let mut escaped: Vec<BodyId> = Vec::new();
    let mut non_finite = None;
    let ends = std::iter::once((
        BodyId::Striker,
        result.striker.end,
        result.striker.pocketed || result.striker.overboard,
    ))
    .chain(
        result
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| (BodyId::Piece(i), [p.x, p.y], p.pocketed || p.overboard)),
    );
    for (id, [x, y], gone) in ends {
        if !(x.is_finite() && y.is_finite()) {
            non_finite.get_or_insert(id);
        } else if !gone && outside(spec, x, y) {
            escaped.push(id);
        }
    }
    (escaped, non_finite)
}

/// A shot played again step by step, noting when each body was first outside or non-finite.
struct StepByStep {
    table: Table,
    /// The striker, then the pieces.
    ids: Vec<BodyId>,
    /// The step at which each of `ids` was first outside the board while on it.
    first_out: Vec<Option<u32>>,
    /// The first body whose place or velocity was not a number, and the step.
    first_nan: Option<(BodyId, u32)>,
}

impl StepByStep {
    fn play(spec: &Spec, shot: &Shot, pieces: &[Piece]) -> StepByStep {
        let mut table = Table::new(spec, pieces);
        table.place_striker(shot.striker_at(spec), shot.striker_velocity(spec));
        let ids: Vec<BodyId> = std::iter::once(BodyId::Striker)
            .chain((0..pieces.len()).map(BodyId::Piece))
            .collect();
        let mut first_out = vec![None; ids.len()];
        let mut first_nan: Option<(BodyId, u32)> = None;
        let mut clock = Clock::default();
        let mut events = Vec::new();
        while clock.time < spec.sim.max_time {
            let at_rest = table.step(&mut clock, &mut events).at_rest;
            for (k, &id) in ids.iter().enumerate() {
                let (Some(p), Some(v)) = (table.position(id), table.velocity(id)) else {
                    continue;
                };
                if !(p.is_finite() && v.is_finite()) {
                    first_nan.get_or_insert((id, clock.steps));
                } else if table.fate(id) == Some(Fate::OnBoard) && outside(spec, p.x, p.y) {
                    first_out[k].get_or_insert(clock.steps);
                }
            }
            if at_rest {
                break;
            }
        }
        StepByStep {
            table,
            ids,
            first_out,
            first_nan,
        }
    }
}

/// The fastest body still on the board (the striker if none moves).
fn fastest(table: &Table, ids: &[BodyId]) -> BodyId {
    ids.iter()
        .copied()
        .filter(|&id| table.fate(id) == Some(Fate::OnBoard))
        .map(|id| (id, table.velocity(id).map_or(0.0, |v| v.length())))
        .fold((BodyId::Striker, -1.0f32), |best, (id, s)| {
            if s > best.1 { (id, s) } else { best }
        })
        .0
}
