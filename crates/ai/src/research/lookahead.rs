//! Two strokes ahead on a clearing board: the search's finalists valued also by what their
//! outcomes leave for the next stroke.
//!
//! The one-stroke search values an outcome by the clearing value, minus the strokes the board
//! is expected to still need (`clearing::strokes_to_clear` and the piece premium), which prices
//! every piece left by its spot as if it stood alone. The lookahead asks the next stroke
//! instead: for the best few shots of the search (its `finalists`), each is played out
//! `outcomes` times (a stream of its own, the same for every finalist), and on every outcome a
//! smaller search (`inner`) finds the next stroke, which fresh samples then value without the
//! smaller search's winner's curse. An outcome's correction is what the next stroke is found to
//! be worth (one stroke, plus the value of what it leaves) minus what the clearing value said
//! the outcome was worth before it; a finalist's score is its one-stroke mean plus `weight`
//! times its outcomes' mean correction (a control variate: the correction varies far less
//! than the two-stroke value itself).

use crate::clearing::{ClearingJudge, ClearingState, outcome_value};
use crate::lone_man::LoneManCosts;
use crate::noise::{Noise, mix};
use crate::player::{HARD_LIMITS, Player};
use crate::search::{Budget, Judge, Weighed, sample, search_weighed};
use carrom_physics::shot::play;
use carrom_physics::{Seat, Shot, Spec, Table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// A next-stroke search for a lookahead of the hard level's (`examples/measure_ai.rs` screens
/// it): about a seventh of its own (16 cuts and 16-48 safety and break-up shots, 2 samples
/// each, the best 4 with 6 more; at most 2500 work).
pub const HARD_INNER: Budget = Budget {
    candidates: 16,
    samples: 2,
    safeties: 16,
    safety_work: 400,
    max_safeties: 48,
    endgame_pieces: 7,
    endgame_samples: 4,
    max_work: 2500,
    refine: 4,
    refine_samples: 6,
    limits: HARD_LIMITS,
};

/// How a player looks two strokes ahead on a clearing board ([`Player::lookahead`]).
#[derive(Clone, Copy, Debug)]
pub struct Lookahead {
    /// The best this many shots of the search (the most sampled, best mean first) are
    /// looked at ...
    pub finalists: usize,
    /// ... each played out this many times ...
    pub outcomes: u32,
    /// ... and on each outcome the next stroke is found by a search of this budget ...
    pub inner: Budget,
    /// ... and valued by this many fresh samples.
    pub inner_samples: u32,
    /// The weight of the mean correction in a finalist's score.
    pub weight: f32,
    /// Only with at least this many pieces on the board before the stroke.
    pub min_pieces: usize,
    /// The finalists are the best shot at each of the best targets (kind and piece), not
    /// the best shots whatever they aim at.
    pub distinct: bool,
}

/// `player`'s stroke on a clearing board re-chosen two strokes ahead, after its search weighed
/// the shots ([`Player::weighed`]): the shot chosen is put first in what it weighed and made its
/// last decision. `None` when the lookahead does not apply (the search's shot stands).
pub(crate) fn look_ahead(
    player: &mut Player,
    spec: &Spec,
    state: &ClearingState,
    lone: Option<&LoneManCosts>,
    look: &Lookahead,
) -> Option<Shot> {
    let seed = player.rng.random::<u64>();
    let noise = player.plan_noise;
    let (best, sims) = choose(spec, state, lone, &player.weighed, look, noise, seed)?;
    let chosen = player.weighed[best];
    player.weighed[..=best].rotate_right(1);
    if let Some(d) = player.last.as_mut() {
        d.shot = chosen.candidate.shot;
        d.kind = chosen.candidate.kind;
        d.target = chosen.candidate.target;
        d.value = chosen.value;
        d.simulations += sims;
    }
    Some(chosen.candidate.shot)
}

/// The finalists' scores: `weighed` (best first, as the search gives them) re-ranked by their
/// one-stroke mean plus the lookahead's correction. Returns the index in `weighed` of the shot
/// to play and the simulations run, or `None` when the lookahead does not apply here.
pub fn choose(
    spec: &Spec,
    state: &ClearingState,
    lone: Option<&LoneManCosts>,
    weighed: &[Weighed],
    look: &Lookahead,
    noise: Noise,
    seed: u64,
) -> Option<(usize, u32)> {
    if state.layout.len() < look.min_pieces || state.strikes == 0 {
        return None;
    }
    let picked = finalists(weighed, look)?;
    let next = NextStroke {
        spec,
        state,
        lone,
        look,
        noise,
        seed,
        base: Table::new(spec, &state.layout),
    };
    let jobs: Vec<(usize, u32)> = (0..picked.len())
        .flat_map(|f| (0..look.outcomes).map(move |o| (f, o)))
        .collect();
    let corrections: Vec<(f32, u32)> = jobs
        .par_iter()
        .map(|&(f, o)| next.correction(&weighed[picked[f]].candidate.shot, f, o))
        .collect();
    let mut sims = 0;
    let mut best = (0, f32::NEG_INFINITY);
    for (f, w) in picked.iter().map(|&i| &weighed[i]).enumerate() {
        let per = &corrections[f * look.outcomes as usize..(f + 1) * look.outcomes as usize];
        sims += per.iter().map(|c| c.1).sum::<u32>();
        let correction = per.iter().map(|c| c.0).sum::<f32>() / look.outcomes as f32;
        let score = w.value + look.weight * correction;
        if score > best.1 {
            best = (picked[f], score);
        }
    }
    Some((best.0, sims))
}

/// The finalists: indices into `weighed` (best first) of its most sampled shots, at most
/// `look.finalists` of them (one a target when `look.distinct`); `None` when fewer than two.
fn finalists(weighed: &[Weighed], look: &Lookahead) -> Option<Vec<usize>> {
    let most = weighed.first()?.samples;
    let measured = weighed.iter().take_while(|w| w.samples == most).count();
    let mut picked: Vec<usize> = Vec::new();
    for (i, w) in weighed.iter().enumerate().take(measured) {
        if picked.len() >= look.finalists {
            break;
        }
        let same = |j: &usize| {
            let c = &weighed[*j].candidate;
            c.target == w.candidate.target && c.kind == w.candidate.kind
        };
        if look.distinct && picked.iter().any(same) {
            continue;
        }
        picked.push(i);
    }
    (picked.len() >= 2).then_some(picked)
}

/// What a finalist's outcomes leave for the next stroke.
struct NextStroke<'a> {
    spec: &'a Spec,
    state: &'a ClearingState,
    lone: Option<&'a LoneManCosts>,
    look: &'a Lookahead,
    noise: Noise,
    seed: u64,
    /// The board before the stroke.
    base: Table,
}

impl NextStroke<'_> {
    /// Finalist `f`'s `shot` played out as outcome `o`: the correction of its value by the
    /// next stroke (see the module), and the simulations it took.
    fn correction(&self, shot: &Shot, f: usize, o: u32) -> (f32, u32) {
        let (spec, look, noise, lone) = (self.spec, self.look, self.noise, self.lone);
        // The same outcome stream for every finalist: their corrections differ by the shot,
        // not by the luck of the draws.
        let mut rng = ChaCha8Rng::seed_from_u64(mix(self.seed, o as u64));
        let shot = noise.apply(spec, &self.state.layout, shot, &mut rng);
        let mut table = self.base.clone();
        let result = play(&mut table, &shot);
        let mut next = self.state.clone();
        next.apply(spec, &result);
        if next.is_clear() {
            return (0.0, 1);
        }
        let inner_judge = ClearingJudge { state: &next, lone };
        let before = outcome_value(spec, &next, lone);
        let inner_seed = mix(mix(self.seed, 0x1ABE), (f as u64) << 32 | o as u64);
        let Some((d, _)) = search_weighed(
            spec,
            &next.layout,
            Seat::South,
            &inner_judge,
            &look.inner,
            noise,
            inner_seed,
        ) else {
            return (0.0, 1);
        };
        let fresh = sample(
            spec,
            &next.layout,
            &Table::new(spec, &next.layout),
            &d.shot,
            &inner_judge as &dyn Judge,
            noise,
            mix(inner_seed, 0xF5E5),
            look.inner_samples,
        ) / look.inner_samples as f32;
        (
            -1.0 + fresh - before,
            d.simulations + look.inner_samples + 1,
        )
    }
}
