//! The computer players' measurements in words, as `carrom practice`, `carrom selfplay` and
//! `carrom ladder` print them.

use crate::benchmark::{BoardRun, ClearingSummary};
#[cfg(feature = "research")]
use crate::research::ladder::{LadderReport, PairResult};
use crate::selfplay::{GameRun, SelfplaySummary};
use carrom_match::Level;

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
