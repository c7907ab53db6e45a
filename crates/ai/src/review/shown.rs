//! A review as `carrom review` shows it: lines of words, or one JSON object with exactly the
//! contract's fields.

use super::{Review, stroke_line};
use crate::coach::percent;
use serde_json::{Value, json};

impl Review {
    /// The review as JSON: the strokes and players with exactly the contract's fields, then the
    /// chart and the turning points.
    pub fn to_json(&self) -> Value {
        let strokes: Vec<Value> = self
            .strokes
            .iter()
            .map(|s| {
                json!({
                    "index": s.index,
                    "seat": s.seat,
                    "player": s.player,
                    "played_chance": s.played_chance,
                    "best_chance": s.best_chance,
                    "loss": s.loss,
                    "label": s.label,
                    "best_shot": s.best_shot,
                    "win_chance_after": self.chances_after(s.index),
                })
            })
            .collect();
        let players: Vec<Value> = self
            .players
            .iter()
            .map(|p| json!({"name": p.name, "accuracy": p.accuracy, "worst": p.worst}))
            .collect();
        json!({
            "strokes": strokes,
            "players": players,
            "turning_points": self.turning_points,
            "chart": self.chart,
            "total_strokes": self.total_strokes,
            "seed": self.seed,
        })
    }

    /// The review in words, of the file `name` (`note` says where it came from): a heading, a
    /// line per stroke judged with the chances after it, the turning points, a line per
    /// player.
    pub fn lines(&self, name: &str, note: &str) -> Vec<String> {
        let mut out = vec![format!(
            "Review of {name}: {} of {} strokes judged ({note})",
            self.strokes.len(),
            self.total_strokes
        )];
        for s in &self.strokes {
            let after = self.chances_after(s.index).map(|c| {
                format!(
                    "; after it side 0 wins the board {}%, the game {}%",
                    percent(c.board[0]),
                    percent(c.game[0])
                )
            });
            let turning = if self.turning_points.contains(&s.index) {
                " [turning point]"
            } else {
                ""
            };
            let after = after.unwrap_or_default();
            out.push(format!("{}{after}{turning}", stroke_line(s)));
        }
        out.push(if self.start.is_none() {
            "Turning points: none (the point game: each plays for himself, no two sides' chances)"
                .to_string()
        } else {
            format!("Turning points (strokes): {:?}", self.turning_points)
        });
        for p in &self.players {
            let accuracy = p.accuracy.map_or("-".to_string(), |a| format!("{a:.1}"));
            out.push(format!(
                "{} ({}): accuracy {accuracy} over {} strokes ({} forced); worst strokes {:?}",
                p.name,
                p.seat.title(),
                p.strokes,
                p.forced,
                p.worst
            ));
        }
        out
    }
}
