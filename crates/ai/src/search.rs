//! Monte Carlo shot search: simulate each candidate several times with execution noise on its
//! own table, value each outcome with a [`Judge`], keep the best mean.
//!
//! Determinism: every candidate gets its own random stream derived from the decision seed and
//! its index, and rayon's results are collected in candidate order, so the choice does not
//! depend on how the work was split between threads.

use crate::candidates::{Candidate, GenLimits, ShotKind, generate};
use crate::noise::{Noise, mix};
use carrom_physics::shot::play;
use carrom_physics::{Piece, Seat, Shot, ShotResult, Spec, Table};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

/// Values simulated outcomes under some rules.
pub trait Judge: Sync {
    /// Which pieces of the layout the player may aim at.
    fn target(&self, layout: &[Piece], i: usize) -> bool;
    /// Is this the opening stroke into an intact rack?
    fn is_break(&self) -> bool;
    /// The value of a simulated outcome for the player (higher is better).
    fn value(&self, spec: &Spec, before: &[Piece], result: &ShotResult) -> f32;
}

/// How much searching a decision may do.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Candidates simulated in the first round.
    pub candidates: usize,
    /// Noisy samples per candidate in the first round.
    pub samples: u32,
    /// Safety and break-up shots simulated besides the candidates: at least this many (more
    /// when there are few real candidates) ...
    pub safeties: usize,
    /// ... or `safety_work` over the pieces on the board, when that is more ...
    pub safety_work: usize,
    /// ... but not more than this many (unless `safeties` is more). A simulation costs about
    /// in proportion to the pieces on the board, so the work keeps the safety shots' share of a
    /// decision's time roughly level from 19 pieces down to 7, and the last pieces, the hard
    /// ones, get many more tries.
    pub max_safeties: usize,
    /// With this many pieces on the board or fewer ...
    pub endgame_pieces: usize,
    /// ... every candidate gets this many samples in the first round instead of `samples`
    /// (when that is more): simulations are cheap with few pieces, and the many break-ups
    /// that compete there need more samples to tell the best apart.
    pub endgame_samples: u32,
    /// At most this much work in a decision (0: no limit), counted as simulations times
    /// (pieces on the board + [`WORK_PER_SIMULATION`]): the safety and break-up shots with the
    /// lowest priors are dropped to keep within it.
    pub max_work: usize,
    /// The best this many go to a second round ...
    pub refine: usize,
    /// ... with this many more samples each.
    pub refine_samples: u32,
    pub limits: GenLimits,
}

impl Budget {
    /// First-round samples per candidate with `pieces` on the board.
    pub fn samples_for(&self, pieces: usize) -> u32 {
        if pieces <= self.endgame_pieces {
            self.samples.max(self.endgame_samples)
        } else {
            self.samples
        }
    }

    /// Safety and break-up shots simulated with `pieces` on the board.
    pub fn safeties_for(&self, pieces: usize) -> usize {
        (self.safety_work / pieces.max(1))
            .min(self.max_safeties)
            .max(self.safeties)
    }
}

/// Where the hard player's break-ups meet the piece besides full on: contact offsets across the
/// line of the shot, in units of the striker's and a coin's radii together (0.8 is a thin hit).
/// Measured on 96 endgames (`clearing_endgame_diagnostic`, hard, 5x the safety shots): no
/// offsets 13.40 strokes, ±0.5 12.05 (3x), these 11.57, ±0.3/0.6/0.9 11.97 (7x).
pub const OFF_CENTRE_BREAK_UPS: &[f32] = &[0.4, -0.4, 0.8, -0.8];

/// What a simulation costs besides its pieces, in pieces: a decision's time is close to its
/// simulations times (pieces + 3). On the 96-board clearing diagnostic (hard, quiet host;
/// `docs/measurements.md`) the slowest decision at each number of pieces took, per simulation on the two cores,
/// 0.11 ms with 3 pieces (163 ms, 1536 simulations), 0.20 with 8 (268 ms, 1320), 0.26 with 12
/// (262 ms, 1000) and 0.50 with 18 (355 ms, 712): 0.017-0.024 ms per (pieces + 3).
pub const WORK_PER_SIMULATION: usize = 3;

/// What a decision found.
#[derive(Clone, Debug, Serialize)]
pub struct Decision {
    pub shot: Shot,
    pub kind: ShotKind,
    pub target: Option<usize>,
    /// Mean value over its samples.
    pub value: f32,
    pub candidates_generated: usize,
    pub simulations: u32,
}

/// Simulates `shot` played with `noise` `n` times on clones of `base` (the table of `layout`),
/// the noise drawn from a stream seeded with `seed`, and returns the sum of `judge`'s values.
#[allow(clippy::too_many_arguments)]
pub fn sample(
    spec: &Spec,
    layout: &[Piece],
    base: &Table,
    shot: &Shot,
    judge: &dyn Judge,
    noise: Noise,
    seed: u64,
    n: u32,
) -> f32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut total = 0.0;
    for _ in 0..n {
        let s = noise.apply(spec, layout, shot, &mut rng);
        let mut table = base.clone();
        let result = play(&mut table, &s);
        total += judge.value(spec, layout, &result);
    }
    total
}

/// A shot the search simulated, with the mean value of its samples.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Weighed {
    pub candidate: Candidate,
    pub value: f32,
    pub samples: u32,
}

/// Picks a shot for `seat`: generate, shortlist by prior, simulate, refine the best. With the
/// decision, every shot it simulated: the best measured first (most samples, then the highest
/// mean value); the first is the decision's shot. `None` when no legal striker placement
/// exists.
pub fn search_weighed(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    judge: &dyn Judge,
    budget: &Budget,
    noise: Noise,
    seed: u64,
) -> Option<(Decision, Vec<Weighed>)> {
    let target = |i: usize| judge.target(layout, i);
    let all = generate(spec, layout, seat, &target, judge.is_break(), budget.limits);
    search_among(spec, layout, judge, budget, noise, seed, all)
}

/// [`search_weighed`] among the candidates `all` (generated by the caller: a drill's coach
/// weighs only the shots at the drill's target). `None` when there are none.
pub fn search_among(
    spec: &Spec,
    layout: &[Piece],
    judge: &dyn Judge,
    budget: &Budget,
    noise: Noise,
    seed: u64,
    all: Vec<Candidate>,
) -> Option<(Decision, Vec<Weighed>)> {
    let budget = &budget_for(budget, judge, layout.len());
    let generated = all.len();
    if all.is_empty() {
        return None;
    }
    let mut chosen = shortlist(&all, budget);
    drop(all);
    keep_within_work(&mut chosen, budget, layout.len());
    let base = Table::new(spec, layout);
    let sampler = Sampler {
        spec,
        layout,
        base: &base,
        judge,
        noise,
    };
    let mut sums = sampler.first_samples(&chosen, budget.samples, seed);
    let mut sims = budget.samples * chosen.len() as u32;
    if budget.refine > 0 && budget.refine_samples > 0 {
        sims += sampler.refine(
            &chosen,
            &mut sums,
            budget.refine,
            budget.refine_samples,
            seed,
        );
    }
    let (best, value) = best_measured(&sums);
    let c = *chosen.get(best)?;
    let decision = Decision {
        shot: c.shot,
        kind: c.kind,
        target: c.target,
        value,
        candidates_generated: generated,
        simulations: sims,
    };
    Some((decision, weighed(&chosen, &sums)))
}

/// The budget for this position. A break simulates the whole rack (several times slower): a
/// smaller budget keeps the decision within the time limit. Otherwise the safeties and samples
/// follow the number of pieces on the board.
fn budget_for(budget: &Budget, judge: &dyn Judge, pieces: usize) -> Budget {
    if judge.is_break() {
        Budget {
            candidates: budget.candidates.min(40),
            samples: budget.samples.min(3),
            refine: budget.refine.min(10),
            refine_samples: budget.refine_samples.min(16),
            ..*budget
        }
    } else {
        Budget {
            safeties: budget.safeties_for(pieces),
            samples: budget.samples_for(pieces),
            ..*budget
        }
    }
}

/// The shortlist: best priors, at most 4 per target piece, plus the best `safeties` safety and
/// break-up shots (more when there are few real candidates).
fn shortlist(all: &[Candidate], budget: &Budget) -> Vec<Candidate> {
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by(|&a, &b| all[b].prior.total_cmp(&all[a].prior).then(a.cmp(&b)));
    let mut chosen: Vec<Candidate> = Vec::new();
    let mut per_target = std::collections::HashMap::new();
    let regular = all.iter().filter(|c| c.kind != ShotKind::Safety).count();
    let safety_cap = budget
        .safeties
        .max(budget.candidates.saturating_sub(regular).min(12));
    let mut safeties = 0;
    for &i in &order {
        let c = all[i];
        if c.kind == ShotKind::Safety {
            if safeties < safety_cap {
                safeties += 1;
                chosen.push(c);
            }
            continue;
        }
        if chosen.len() >= budget.candidates {
            continue;
        }
        let n = per_target.entry(c.target).or_insert(0);
        let cap = if c.target.is_none() { usize::MAX } else { 4 };
        if *n < cap {
            *n += 1;
            chosen.push(c);
        }
    }
    chosen
}

/// Drops the lowest safety shots until the simulations fit the budget's `max_work` (when it
/// has one) for a board of `pieces`.
fn keep_within_work(chosen: &mut Vec<Candidate>, budget: &Budget, pieces: usize) {
    if budget.max_work == 0 {
        return;
    }
    let per_simulation = pieces + WORK_PER_SIMULATION;
    let refined = budget.refine.min(chosen.len()) * budget.refine_samples as usize;
    let allowed =
        (budget.max_work / per_simulation).saturating_sub(refined) / budget.samples.max(1) as usize;
    while chosen.len() > allowed {
        // The last safety shot shortlisted has the lowest prior of them.
        let Some(last) = chosen.iter().rposition(|c| c.kind == ShotKind::Safety) else {
            break;
        };
        chosen.remove(last);
    }
}

/// What the candidates are simulated with: the position, its table, the judge and the noise.
struct Sampler<'a> {
    spec: &'a Spec,
    layout: &'a [Piece],
    base: &'a Table,
    judge: &'a dyn Judge,
    noise: Noise,
}

impl Sampler<'_> {
    /// Every candidate simulated `samples` times (in parallel): each one's sum of values and
    /// number of samples.
    fn first_samples(&self, chosen: &[Candidate], samples: u32, seed: u64) -> Vec<(f32, u32)> {
        let first: Vec<f32> = chosen
            .par_iter()
            .enumerate()
            .map(|(i, c)| self.sample(&c.shot, mix(seed, i as u64), samples))
            .collect();
        first.into_iter().map(|s| (s, samples)).collect()
    }

    /// The `refine` best by mean value simulated `samples` more times each, added to their
    /// sums. Returns the simulations run.
    fn refine(
        &self,
        chosen: &[Candidate],
        sums: &mut [(f32, u32)],
        refine: usize,
        samples: u32,
        seed: u64,
    ) -> u32 {
        let mut ranked: Vec<usize> = (0..chosen.len()).collect();
        ranked.sort_by(|&a, &b| {
            let ma = sums[a].0 / sums[a].1 as f32;
            let mb = sums[b].0 / sums[b].1 as f32;
            mb.total_cmp(&ma).then(a.cmp(&b))
        });
        ranked.truncate(refine);
        let more: Vec<f32> = ranked
            .par_iter()
            .map(|&i| self.sample(&chosen[i].shot, mix(seed ^ 0xA5A5_5A5A, i as u64), samples))
            .collect();
        for (&i, m) in ranked.iter().zip(more) {
            sums[i].0 += m;
            sums[i].1 += samples;
        }
        samples * ranked.len() as u32
    }

    fn sample(&self, shot: &Shot, seed: u64, n: u32) -> f32 {
        sample(
            self.spec,
            self.layout,
            self.base,
            shot,
            self.judge,
            self.noise,
            seed,
            n,
        )
    }
}

/// The best candidate and its mean value. Only candidates with the most samples compete (a
/// lucky 1-sample mean must not beat a well-measured one); of equal means the first wins.
fn best_measured(sums: &[(f32, u32)]) -> (usize, f32) {
    let most = sums.iter().map(|s| s.1).max().unwrap_or(0);
    sums.iter()
        .enumerate()
        .filter(|(_, s)| s.1 == most)
        .map(|(i, s)| (i, s.0 / s.1 as f32))
        .fold((usize::MAX, f32::NEG_INFINITY), |acc, (i, v)| {
            if v > acc.1 { (i, v) } else { acc }
        })
}

/// Every simulated candidate with its mean value, the best measured first.
fn weighed(chosen: &[Candidate], sums: &[(f32, u32)]) -> Vec<Weighed> {
    let mut weighed: Vec<Weighed> = chosen
        .iter()
        .zip(sums)
        .map(|(&candidate, &(sum, samples))| Weighed {
            candidate,
            value: sum / samples as f32,
            samples,
        })
        .collect();
    // Stable: equal candidates keep the order the decision's fold saw them in.
    weighed.sort_by(|a, b| b.samples.cmp(&a.samples).then(b.value.total_cmp(&a.value)));
    weighed
}
