//! The ladder's ratings: a round robin of singles games between the levels, played through the
//! match layer (which checks its invariants after every stroke), and Elo ratings fitted to the
//! results, the weakest level anchored at 1000.

use crate::noise::mix;
use crate::selfplay::{GameRun, game_setup, one_game_rules, play_game_with};
use crate::{Level, LevelSpec, Rung};
use carrom_physics::Spec;
use carrom_referee::Seats;
use rayon::prelude::*;
use serde::Serialize;

/// How many Elo points a factor of ten in the odds of winning is worth.
const ELO_SCALE: f64 = 400.0;

/// The interval's half-width in standard errors (95%).
const Z95: f64 = 1.96;

/// The rating of the weakest level.
pub const ANCHOR: f64 = 1000.0;

/// The results of one pair of levels.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairResult {
    /// The stronger level's name (the higher on the ladder).
    pub stronger: &'static str,
    pub weaker: &'static str,
    /// Games played (a game stopped unfinished counts here but for neither side).
    pub games: u32,
    pub stronger_wins: u32,
    #[serde(skip)]
    pub weaker_wins: u32,
    /// Ladder indices of the stronger and the weaker level.
    #[serde(skip)]
    pub index: (usize, usize),
    #[serde(skip)]
    pub invariant_violations: u32,
    /// The first few violations, each with its game's number.
    #[serde(skip)]
    pub violation_examples: Vec<String>,
    #[serde(skip)]
    pub mean_strokes: f64,
    /// Mean decision time of the stronger, then the weaker (ms).
    #[serde(skip)]
    pub mean_decision_ms: [f64; 2],
}

impl PairResult {
    /// The pair in a line: "medium beats easy 28 of 40 (70%), 310 strokes a game, 12/4 ms a
    /// decision".
    pub fn line(&self) -> String {
        format!(
            "{:>8} beats {:<8} {:>3} of {:>3} ({:>3.0}%), {:.0} strokes a game, {:.0}/{:.0} ms a decision",
            self.stronger,
            self.weaker,
            self.stronger_wins,
            self.games,
            100.0 * self.stronger_share(),
            self.mean_strokes,
            self.mean_decision_ms[0],
            self.mean_decision_ms[1],
        )
    }

    /// The stronger level's share of the games won by either side.
    pub fn stronger_share(&self) -> f64 {
        let decided = self.stronger_wins + self.weaker_wins;
        if decided == 0 {
            0.5
        } else {
            self.stronger_wins as f64 / decided as f64
        }
    }
}

/// A level's fitted rating and its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatedLevel {
    pub name: &'static str,
    pub rating: f64,
    pub low: f64,
    pub high: f64,
}

/// What `carrom ladder` reports: the levels weakest first, each pair's results, and the
/// invariant violations of every game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LadderReport {
    pub levels: Vec<RatedLevel>,
    pub pairs: Vec<PairResult>,
    pub invariant_violations: u32,
}

/// Which pairs a ladder run plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairs {
    /// Every level against every other (what `carrom ladder` plays).
    RoundRobin,
    /// Only neighbours on the ladder (enough to rate them; cheaper while tuning).
    Neighbours,
}

/// Plays `games` singles games between each pair of `levels` (weakest first, each level once),
/// the breaking side alternating, game `g` of pair `p` seeded from `mix(mix(seed, p), g)`;
/// the games run in parallel and the report does not depend on how they were split. `each`
/// sees every pair's result as it is finished, in the report's order. The ratings are fitted
/// with [`fit_elo`].
pub fn run_ladder(
    spec: &Spec,
    levels: &[LevelSpec],
    pairs: Pairs,
    games: u32,
    seed: u64,
    mut each: impl FnMut(&PairResult),
) -> LadderReport {
    // One ICF game a game, singles.
    let rules = one_game_rules();
    let spec_of = |l: Level| {
        *levels
            .iter()
            .find(|s| s.level == l)
            .unwrap_or_else(|| l.spec())
    };
    let mut played = Vec::new();
    let mut violations = 0;
    let mut n = 0u64;
    for gap in 1..levels.len() {
        if pairs == Pairs::Neighbours && gap > 1 {
            break;
        }
        for weaker in 0..levels.len() - gap {
            let stronger = weaker + gap;
            let pair_seed = mix(seed, n);
            n += 1;
            let who = [levels[stronger].level, levels[weaker].level];
            let runs: Vec<GameRun> = (0..games)
                .into_par_iter()
                .map(|g| {
                    let seed = mix(pair_seed, g as u64);
                    let setup = game_setup(rules, Seats::Singles, who, seed, g % 2 == 1);
                    play_game_with(spec, setup, spec_of)
                })
                .collect();
            let result = pair_result(levels, (stronger, weaker), &runs);
            violations += result.invariant_violations;
            each(&result);
            played.push(result);
        }
    }
    LadderReport {
        levels: fit_elo(levels, &played),
        pairs: played,
        invariant_violations: violations,
    }
}

fn pair_result(levels: &[LevelSpec], index: (usize, usize), runs: &[GameRun]) -> PairResult {
    let wins = |side| runs.iter().filter(|r| r.winner == Some(side)).count() as u32;
    let mean = |v: Vec<f64>| {
        if v.is_empty() {
            0.0
        } else {
            v.iter().sum::<f64>() / v.len() as f64
        }
    };
    let ms = |side: usize| {
        mean(
            runs.iter()
                .flat_map(|r| r.decision_ms[side].clone())
                .collect(),
        )
    };
    PairResult {
        stronger: levels[index.0].name,
        weaker: levels[index.1].name,
        games: runs.len() as u32,
        stronger_wins: wins(0),
        weaker_wins: wins(1),
        index,
        invariant_violations: runs.iter().map(|r| r.violations.len() as u32).sum(),
        violation_examples: runs
            .iter()
            .enumerate()
            .flat_map(|(g, r)| r.violations.iter().map(move |v| format!("game {g}: {v}")))
            .take(5)
            .collect(),
        mean_strokes: mean(runs.iter().map(|r| r.strokes as f64).collect()),
        mean_decision_ms: [ms(0), ms(1)],
    }
}

/// Elo ratings of `levels` from the pairs' results (Bradley-Terry by maximum likelihood), the
/// first level anchored at [`ANCHOR`], each with its 95% interval from the fit's Fisher
/// information (the anchor's is the point itself). Every pair that played also counts one
/// drawn game (half a win each), so a clean sweep gives a large but finite gap.
pub fn fit_elo(levels: &[LevelSpec], pairs: &[PairResult]) -> Vec<RatedLevel> {
    let n = levels.len();
    // wins[i][j]: games i won against j, with the virtual draw.
    let mut wins = vec![vec![0.0f64; n]; n];
    for p in pairs {
        let (s, w) = p.index;
        wins[s][w] += p.stronger_wins as f64 + 0.5;
        wins[w][s] += p.weaker_wins as f64 + 0.5;
    }
    let games = |i: usize, j: usize| wins[i][j] + wins[j][i];
    // Strengths gamma = exp(theta) by the minorise-maximise iteration (Hunter 2004).
    let mut gamma = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = gamma.clone();
        for i in 0..n {
            let won: f64 = wins[i].iter().sum();
            let denominator: f64 = (0..n)
                .filter(|&j| j != i && games(i, j) > 0.0)
                .map(|j| games(i, j) / (gamma[i] + gamma[j]))
                .sum();
            if denominator > 0.0 && won > 0.0 {
                next[i] = won / denominator;
            }
        }
        let norm = next[0];
        next.iter_mut().for_each(|g| *g /= norm);
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let theta: Vec<f64> = gamma.iter().map(|g| g.ln()).collect();
    let to_elo = ELO_SCALE / std::f64::consts::LN_10;
    // Fisher information of theta[1..] with theta[0] fixed.
    let m = n.saturating_sub(1);
    let mut info = vec![vec![0.0f64; m]; m];
    for i in 0..n {
        for j in 0..n {
            if i == j || games(i, j) == 0.0 {
                continue;
            }
            let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
            let f = games(i, j) * p * (1.0 - p) / 2.0;
            for (a, b, sign) in [(i, i, 1.0), (j, j, 1.0), (i, j, -1.0), (j, i, -1.0)] {
                if a > 0 && b > 0 {
                    info[a - 1][b - 1] += sign * f;
                }
            }
        }
    }
    let covariance = invert(info);
    levels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let rating = ANCHOR + theta[i] * to_elo;
            let se = match (i, &covariance) {
                (0, _) => 0.0,
                (_, Some(c)) => c[i - 1][i - 1].max(0.0).sqrt() * to_elo,
                (_, None) => f64::INFINITY,
            };
            RatedLevel {
                name: l.name,
                rating,
                low: rating - Z95 * se,
                high: rating + Z95 * se,
            }
        })
        .collect()
}

/// The inverse of a square matrix by Gauss-Jordan elimination; `None` when it is singular (a
/// level that played no one).
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for c in 0..n {
        let pivot = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[pivot][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, pivot);
        inv.swap(c, pivot);
        let d = a[c][c];
        for k in 0..n {
            a[c][k] /= d;
            inv[c][k] /= d;
        }
        for r in 0..n {
            if r != c {
                let f = a[r][c];
                for k in 0..n {
                    a[r][k] -= f * a[c][k];
                    inv[r][k] -= f * inv[c][k];
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LADDER;

    fn pair(stronger: usize, weaker: usize, games: u32, stronger_wins: u32) -> PairResult {
        PairResult {
            stronger: LADDER[stronger].name,
            weaker: LADDER[weaker].name,
            games,
            stronger_wins,
            weaker_wins: games - stronger_wins,
            index: (stronger, weaker),
            invariant_violations: 0,
            violation_examples: Vec::new(),
            mean_strokes: 0.0,
            mean_decision_ms: [0.0; 2],
        }
    }

    #[test]
    fn three_wins_in_four_is_about_190_points() {
        // 300.5 of 401 with the draw: 400 log10(300.5 / 100.5) = 190.3.
        let r = fit_elo(&LADDER[..2], &[pair(1, 0, 400, 300)]);
        assert_eq!(r[0].rating, ANCHOR);
        assert!((r[1].rating - 1190.3).abs() < 0.5, "{:?}", r[1]);
        assert!(r[1].low < r[1].rating && r[1].rating < r[1].high);
        // The standard error of a logit over 401 games at p = 0.75: 1 / sqrt(401 * 0.1875).
        let se = 1.0 / (401.0f64 * 0.75 * 0.25).sqrt() * 400.0 / std::f64::consts::LN_10;
        assert!(
            (r[1].high - r[1].rating - 1.96 * se).abs() < 1.0,
            "{:?} {se}",
            r[1]
        );
    }

    #[test]
    fn the_weakest_is_the_anchor_with_no_interval() {
        let r = fit_elo(&LADDER[..3], &[pair(1, 0, 40, 30), pair(2, 1, 40, 28)]);
        assert_eq!((r[0].rating, r[0].low, r[0].high), (1000.0, 1000.0, 1000.0));
        assert!(r[0].rating < r[1].rating && r[1].rating < r[2].rating);
    }

    #[test]
    fn an_even_record_gives_equal_ratings() {
        let r = fit_elo(&LADDER[..2], &[pair(1, 0, 40, 20)]);
        assert!((r[1].rating - 1000.0).abs() < 1e-6);
    }

    #[test]
    fn a_clean_sweep_is_finite_and_above_the_loser() {
        let r = fit_elo(&LADDER[..2], &[pair(1, 0, 20, 20)]);
        assert!(
            r[1].rating.is_finite() && r[1].rating > 1400.0,
            "{:?}",
            r[1]
        );
        assert!(r[1].low.is_finite() && r[1].high.is_finite());
    }

    #[test]
    fn more_games_narrow_the_interval() {
        let few = fit_elo(&LADDER[..2], &[pair(1, 0, 40, 28)]);
        let many = fit_elo(&LADDER[..2], &[pair(1, 0, 400, 280)]);
        assert!(many[1].high - many[1].low < (few[1].high - few[1].low) / 2.5);
    }

    #[test]
    fn ratings_chain_through_a_round_robin() {
        // a beats b 75%, b beats c 75%, a beats c 90%: c < b < a, a - c about twice b - c.
        let r = fit_elo(
            &LADDER[..3],
            &[
                pair(1, 0, 400, 300),
                pair(2, 1, 400, 300),
                pair(2, 0, 400, 360),
            ],
        );
        let (ab, bc) = (r[2].rating - r[1].rating, r[1].rating - r[0].rating);
        assert!(ab > 150.0 && bc > 150.0 && (ab - bc).abs() < 30.0, "{r:?}");
    }

    #[test]
    fn a_level_that_played_no_one_has_no_finite_interval() {
        let r = fit_elo(&LADDER[..3], &[pair(1, 0, 40, 30)]);
        assert!(r[2].high.is_infinite());
    }
}
