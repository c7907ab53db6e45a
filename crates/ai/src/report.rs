//! The computer players' measurements in words, as `carrom practice`, `carrom selfplay`,
//! `carrom ladder` and `carrom breaks` print them.

use crate::benchmark::{BoardRun, ClearingSummary};
use crate::breaks::BreakMap;
#[cfg(feature = "research")]
use crate::research::ladder::{LadderReport, PairResult};
use crate::selfplay::{GameRun, SelfplaySummary};
use carrom_match::Level;
use carrom_physics::Spec;
use serde::Serialize;

impl BoardRun {
    /// "board   3: cleared in 24 strikes".
    pub fn line(&self, board: u32) -> String {
        let cleared = if self.cleared {
            "cleared"
        } else {
            "NOT cleared"
        };
        format!("board {board:>3}: {cleared} in {} strikes", self.strikes)
    }
}

impl ClearingSummary {
    /// The clearing benchmark of `level` in one line.
    pub fn line(&self, level: Level) -> String {
        format!(
            "{} practice at benchmark noise (0.005 of the base line, 2 deg, 0.01 power): {}/{} boards cleared, {:.2} strikes on average (median {}, max {}), {:.0} ms per decision (slowest {:.0} ms)",
            level.name(),
            self.cleared,
            self.boards,
            self.mean_strikes,
            self.median_strikes,
            self.max_strikes,
            self.mean_decision_ms,
            self.max_decision_ms
        )
    }
}

/// The figures `carrom practice` prints as its JSON line: the boards, how many were cleared,
/// the strikes, and the decision times only when asked for (they vary from run to run, so
/// without them a seeded run prints the same bytes every time). The fields stand in the order
/// the line has always had.
#[derive(Serialize)]
pub struct ClearingFigures {
    boards: u32,
    cleared: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_decision_ms: Option<f64>,
    max_strikes: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_decision_ms: Option<f64>,
    mean_strikes: f64,
    median_strikes: f64,
}

impl ClearingSummary {
    /// The summary's figures for the JSON line, with the decision times when `timings`.
    pub fn figures(&self, timings: bool) -> ClearingFigures {
        ClearingFigures {
            boards: self.boards,
            cleared: self.cleared,
            max_decision_ms: timings.then_some(self.max_decision_ms),
            max_strikes: self.max_strikes,
            mean_decision_ms: timings.then_some(self.mean_decision_ms),
            mean_strikes: self.mean_strikes,
            median_strikes: self.median_strikes,
        }
    }
}

/// The figures `carrom selfplay` prints as its JSON line (without the decision times, which
/// vary from run to run), in the line's order.
#[derive(Serialize)]
pub struct SelfplayFigures {
    games: u32,
    invariant_violations: u32,
    mean_strokes_per_game: f64,
    wins: [u32; 2],
}

impl SelfplaySummary {
    /// The summary's figures for the JSON line.
    pub fn figures(&self) -> SelfplayFigures {
        SelfplayFigures {
            games: self.games,
            invariant_violations: self.invariant_violations,
            mean_strokes_per_game: self.mean_strokes_per_game,
            wins: self.wins,
        }
    }
}

impl BreakMap {
    /// The map in words: what was sampled, the best direction from each striker position, the
    /// mean over the map, and the best break (where on the base line of `spec`'s board, the
    /// direction, the pieces expected).
    pub fn lines(&self, spec: &Spec) -> Vec<String> {
        let mut out = vec![format!(
            "break map: {} positions x {} directions, {} noisy samples each, full power, from South",
            self.positions.len(),
            self.offsets_deg.len(),
            self.samples
        )];
        for (p, row) in self.positions.iter().zip(&self.expected) {
            let (j, e) = row
                .iter()
                .enumerate()
                .fold((0, f32::MIN), |a, (j, &e)| if e > a.1 { (j, e) } else { a });
            out.push(format!(
                "  position {p:+.2}: best {e:.2} pieces at {:+.1} deg off the centre line",
                self.offsets_deg[j]
            ));
        }
        let cells: Vec<f32> = self.expected.iter().flatten().copied().collect();
        let mean = cells.iter().sum::<f32>() / cells.len().max(1) as f32;
        out.push(format!(
            "over the whole map a full-power break pockets {mean:.2} pieces on average; the best cell is within the noise of {} samples",
            self.samples
        ));
        let b = self.best;
        out.push(format!(
            "best break: position {:+.2} ({:.1} cm {} of the middle), {:+.1} deg off the line to the centre (shot angle {:+.1} deg), {:.2} pieces expected",
            b.position,
            (b.position.abs() * spec.board.base_line_length * 50.0),
            if b.position < 0.0 { "left" } else { "right" },
            b.offset_deg,
            b.angle_deg,
            b.expected
        ));
        out
    }

    /// The map's figures as `carrom breaks` prints them in its JSON line: its size, the
    /// samples, and the best break.
    pub fn figures(&self) -> serde_json::Value {
        let b = self.best;
        serde_json::json!({
            "positions": self.positions.len(),
            "directions": self.offsets_deg.len(),
            "samples": self.samples,
            "best": {
                "position": b.position,
                "offset_deg": b.offset_deg,
                "angle_deg": b.angle_deg,
                "expected_pieces": b.expected,
            },
        })
    }
}

impl GameRun {
    /// Game `game` (from 1) between `levels` in one line: who won, the score, the boards, the
    /// strokes and any invariant violated.
    pub fn line(&self, game: u32, levels: [Level; 2]) -> String {
        let winner = match self.winner {
            Some(w) => format!("side {w} ({}) wins", levels[w].name()),
            None => "unfinished".into(),
        };
        let violations = if self.violations.is_empty() {
            String::new()
        } else {
            format!("; VIOLATIONS: {}", self.violations.join("; "))
        };
        format!(
            "game {game:>3}: {winner} {}-{} in {} boards, {} strokes{violations}",
            self.score[0], self.score[1], self.boards, self.strokes,
        )
    }
}

impl SelfplaySummary {
    /// The games between `levels` in one line.
    pub fn line(&self, levels: [Level; 2]) -> String {
        format!(
            "{} vs {}: {}-{} over {} games, {:.1} strokes per game, {:.0}/{:.0} ms per decision (slowest {:.0}/{:.0} ms), {} invariant violations",
            levels[0].name(),
            levels[1].name(),
            self.wins[0],
            self.wins[1],
            self.games,
            self.mean_strokes_per_game,
            self.mean_decision_ms[0],
            self.mean_decision_ms[1],
            self.max_decision_ms[0],
            self.max_decision_ms[1],
            self.invariant_violations
        )
    }
}

#[cfg(feature = "research")]
impl PairResult {
    /// [`PairResult::line`] with the invariants the pair's games violated, and examples.
    pub fn lines(&self) -> Vec<String> {
        let violations = if self.invariant_violations > 0 {
            format!("; {} INVARIANT VIOLATIONS", self.invariant_violations)
        } else {
            String::new()
        };
        let examples = self.violation_examples.iter().map(|v| format!("    {v}"));
        std::iter::once(format!("{}{violations}", self.line()))
            .chain(examples)
            .collect()
    }
}

#[cfg(feature = "research")]
impl crate::research::ladder::Pairs {
    /// `carrom ladder`'s first line: the levels, the games a pair, and which pairs play.
    pub fn heading(self, levels: usize, games: u32) -> String {
        use crate::research::ladder::Pairs;
        let which = match self {
            Pairs::Neighbours => "neighbours only",
            Pairs::RoundRobin => "every pair",
        };
        format!(
            "the ladder: {levels} levels, {games} singles games a pair (one ICF game each), {which}"
        )
    }
}

#[cfg(feature = "research")]
impl LadderReport {
    /// Each level's rating with its 95% interval, then the invariant violations.
    pub fn rating_lines(&self) -> Vec<String> {
        let levels = self.levels.iter().map(|l| {
            format!(
                "{:>8}: {:.0} (95%: {:.0} to {:.0})",
                l.name, l.rating, l.low, l.high
            )
        });
        levels
            .chain([format!(
                "{} invariant violations",
                self.invariant_violations
            )])
            .collect()
    }
}
