//! The scenario runner behind `carrom referee [FILE]`.
//!
//! Input (JSON): `{"rules": "icf", "seats": 2, "strokes": [{"pocketed": ["white", "queen"],
//! "striker_pocketed": false, "touched": true, "improper": false, "overboard": [],
//! "striker_overboard": false}, ...]}`. `rules` is a preset name or an inline rules object
//! (missing fields take ICF values); `seats` is 2 or 4; every stroke field is optional.
//! Output: one JSON object per stroke, see [`verdict_line`].

use crate::referee::{JudgeError, Referee};
use crate::report::StrokeReport;
use crate::rules::{PRESET_NAMES, Rules};
use crate::seat::Seats;
use crate::verdict::{Men, Verdict};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;
use thiserror::Error;

/// A scenario that could not be run. The message names the field or stroke and the reason.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScenarioError {
    /// Malformed JSON or a bad field; `path` is like `strokes[2].pocketed` when known.
    #[error("scenario: {}{message}", path.as_ref().map(|p| format!("{p}: ")).unwrap_or_default())]
    Parse {
        path: Option<String>,
        message: String,
    },
    /// The referee refused a stroke (`index` is 0-based; the message counts from 1).
    #[error("scenario: strokes[{index}] (stroke {}): {source}", .index + 1)]
    Stroke { index: usize, source: JudgeError },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    #[serde(default)]
    rules: RulesSpec,
    #[serde(default = "two_seats", deserialize_with = "seats_count")]
    seats: Seats,
    strokes: Vec<StrokeReport>,
}

fn two_seats() -> Seats {
    Seats::Singles
}

fn seats_count<'de, D: Deserializer<'de>>(d: D) -> Result<Seats, D::Error> {
    let n = i64::deserialize(d)?;
    u32::try_from(n)
        .ok()
        .and_then(Seats::from_count)
        .ok_or_else(|| {
            de::Error::custom(format!("seats must be 2 (singles) or 4 (doubles), got {n}"))
        })
}

#[derive(Default)]
struct RulesSpec(Rules);

impl<'de> Deserialize<'de> for RulesSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RulesSpec;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(
                    f,
                    "a rules preset name ({}) or a rules object",
                    PRESET_NAMES.join(", ")
                )
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<RulesSpec, E> {
                Rules::preset(s).map(RulesSpec).ok_or_else(|| {
                    E::custom(format!(
                        "unknown rules preset `{s}`, expected one of {}",
                        PRESET_NAMES.join(", ")
                    ))
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RulesSpec, A::Error> {
                let rules = Rules::deserialize(de::value::MapAccessDeserializer::new(map))?;
                rules
                    .validate()
                    .map_err(|(field, why)| de::Error::custom(format!("rules.{field}: {why}")))?;
                Ok(RulesSpec(rules))
            }
        }
        d.deserialize_any(V)
    }
}

/// Runs a scenario: one JSON object per stroke (the state after it).
pub fn run_scenario(input: &str) -> Result<Vec<Value>, ScenarioError> {
    Ok(run(input)?
        .iter()
        .map(|line| serde_json::to_value(line).expect("a scenario line always serialises"))
        .collect())
}

/// [`run_scenario`] with each object rendered as one line of JSON, keys in the documented
/// order (`stroke`, `by`, `next`, ...).
pub fn run_scenario_lines(input: &str) -> Result<Vec<String>, ScenarioError> {
    Ok(run(input)?
        .iter()
        .map(|line| serde_json::to_string(line).expect("a scenario line always serialises"))
        .collect())
}

fn run(input: &str) -> Result<Vec<ScenarioLine>, ScenarioError> {
    let scenario: Scenario = serde_json::from_str(input).map_err(|e| ScenarioError::Parse {
        path: locate(input),
        message: e.to_string(),
    })?;
    let mut referee = Referee::new(scenario.rules.0, scenario.seats);
    let mut out = Vec::with_capacity(scenario.strokes.len());
    for (index, stroke) in scenario.strokes.iter().enumerate() {
        let verdict = referee
            .judge(stroke)
            .map_err(|source| ScenarioError::Stroke { index, source })?;
        out.push(ScenarioLine::new(index + 1, &verdict));
    }
    Ok(out)
}

/// Men of one colour in a scenario line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineMen {
    pub on_board: u8,
    pub owed: u8,
}

/// `{"winner": side, "points": n}`
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineBoard {
    pub winner: usize,
    pub points: u16,
}

/// `{"winner": side, "score": [a, b]}`
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineGame {
    pub winner: usize,
    pub score: [u16; 2],
}

/// `{"winner": side, "games": [a, b]}`
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineMatch {
    pub winner: usize,
    pub games: [u8; 2],
}

/// The scenario output for one stroke. `white`/`black`/`queen`/`board`/`game` describe the
/// board the stroke was played on, as it stands after the stroke (returned pieces placed; a
/// finished board's final position with dues written off; a cancelled board's fresh replay);
/// `next` is who strikes next (possibly on the next board), `null` once the match is over;
/// `score` is the game score after the stroke, or the final score of the game it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScenarioLine {
    pub stroke: usize,
    pub by: &'static str,
    pub next: Option<&'static str>,
    pub continues: bool,
    pub white: LineMen,
    pub black: LineMen,
    pub queen: &'static str,
    pub laws: Vec<&'static str>,
    pub board: u8,
    pub game: u8,
    pub score: [u16; 2],
    pub board_result: Option<LineBoard>,
    pub game_result: Option<LineGame>,
    pub match_result: Option<LineMatch>,
}

impl ScenarioLine {
    pub fn new(stroke: usize, v: &Verdict) -> ScenarioLine {
        let men = |m: Men| LineMen {
            on_board: m.on_board,
            owed: m.owed,
        };
        ScenarioLine {
            stroke,
            by: v.by.name(),
            next: v.next.map(|s| s.name()),
            continues: v.continues,
            white: men(v.position.white),
            black: men(v.position.black),
            queen: v.position.queen.label(),
            laws: v.laws().iter().map(|l| l.as_str()).collect(),
            board: v.board,
            game: v.game,
            score: v.score,
            board_result: v.board_result.map(|b| LineBoard {
                winner: b.winner.index(),
                points: b.points,
            }),
            game_result: v.game_result.map(|g| LineGame {
                winner: g.winner.index(),
                score: g.score,
            }),
            match_result: v.match_result.map(|m| LineMatch {
                winner: m.winner.index(),
                games: m.games,
            }),
        }
    }
}

/// The scenario output for one verdict as a JSON value.
pub fn verdict_line(stroke: usize, v: &Verdict) -> Value {
    serde_json::to_value(ScenarioLine::new(stroke, v)).expect("a scenario line always serialises")
}

/// Finds which field of a scenario a typed parse rejected (serde's own messages carry the line
/// and column but not always the field).
fn locate(input: &str) -> Option<String> {
    let value: Value = serde_json::from_str(input).ok()?;
    let obj = value.as_object()?;
    for (key, v) in obj {
        match key.as_str() {
            "rules" => {
                if let Err(e) = serde_json::from_value::<RulesSpec>(v.clone()) {
                    return Some(match v.as_object().and_then(bad_key::<Rules>) {
                        Some(k) => format!("rules.{k}"),
                        None => {
                            let _ = e;
                            "rules".into()
                        }
                    });
                }
            }
            "seats" => {
                if seats_count(v.clone()).is_err() {
                    return Some("seats".into());
                }
            }
            "strokes" => {
                let Some(list) = v.as_array() else {
                    return Some("strokes".into());
                };
                for (i, s) in list.iter().enumerate() {
                    if serde_json::from_value::<StrokeReport>(s.clone()).is_err() {
                        return Some(match s.as_object().and_then(bad_key::<StrokeReport>) {
                            Some(k) => format!("strokes[{i}].{k}"),
                            None => format!("strokes[{i}]"),
                        });
                    }
                }
            }
            _ => return Some(key.clone()),
        }
    }
    None
}

/// The first key of `obj` that `T` rejects on its own.
fn bad_key<T: for<'de> Deserialize<'de>>(obj: &serde_json::Map<String, Value>) -> Option<String> {
    obj.iter().find_map(|(k, v)| {
        let mut single = serde_json::Map::new();
        single.insert(k.clone(), v.clone());
        serde_json::from_value::<T>(Value::Object(single))
            .is_err()
            .then(|| k.clone())
    })
}
