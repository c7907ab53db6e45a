//! The scenario runner behind `carrom referee [FILE]`.
//!
//! Input (JSON): `{"rules": "icf", "seats": 2, "strokes": [{"pocketed": ["white", "queen"],
//! "striker_pocketed": false, "touched": true, "improper": false, "overboard": [],
//! "striker_overboard": false}, ...]}`. `rules` is a preset name or an inline rules object
//! (missing fields take ICF values); `seats` is 2 or 4, or in the point game (rules with
//! `points`) 2, 3 or 4 each for himself; every stroke field is optional.
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

/// `seats`: a count of players, 2 to 4 ([`seats_under`] seats them by the rules).
fn seats_count<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = i64::deserialize(d)?;
    u32::try_from(n)
        .ok()
        .filter(|n| (2..=4).contains(n))
        .ok_or_else(|| {
            de::Error::custom(format!(
                "seats must be 2 (singles) or 4 (doubles), or 3 in the point game, got {n}"
            ))
        })
}

/// `n` players seated under `rules`: singles or doubles, or each for himself in the point
/// game.
fn seats_under<E: de::Error>(rules: &Rules, n: u32) -> Result<Seats, E> {
    let seats = if rules.points.is_some() {
        Seats::for_point_game(n)
    } else {
        Seats::from_count(n)
    };
    seats.ok_or_else(|| {
        E::custom(format!(
            "seats: {n} players play only the point game (rules with `points`), these rules \
             seat 2 (singles) or 4 (doubles)"
        ))
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
    let mut out = Vec::new();
    run_each(input, |line| out.push(line))?;
    Ok(out)
}

/// Runs a scenario and hands each stroke's line ([`run_scenario_lines`]' form) to `each` as soon
/// as the stroke is judged, without holding the strokes or the lines: when `rules` and `seats`
/// come before `strokes` (or are left out), each stroke is judged as it is read. Lines already
/// handed over stay valid when a later stroke turns out malformed or is refused; the error then
/// names it. Returns the number of strokes.
pub fn run_scenario_streaming(
    input: &str,
    mut each: impl FnMut(String),
) -> Result<usize, ScenarioError> {
    run_each(input, |line| {
        each(serde_json::to_string(&line).expect("a scenario line always serialises"))
    })
}

fn run_each(input: &str, mut each: impl FnMut(ScenarioLine)) -> Result<usize, ScenarioError> {
    // The first pass judges the strokes as it reads them when the rules and seats came first;
    // otherwise it only learns them, and a second pass judges the strokes with them.
    let mut known = None;
    loop {
        let mut refused = None;
        let mut de = serde_json::Deserializer::from_str(input);
        let result = de::DeserializeSeed::deserialize(
            ScenarioSeed {
                known,
                each: &mut each,
                refused: &mut refused,
            },
            &mut de,
        )
        .and_then(|n| de.end().map(|_| n));
        match (result, refused) {
            (_, Some(e)) => return Err(e),
            (Ok(Pass::Judged(n)), None) => return Ok(n),
            (Ok(Pass::Learned(rules, seats)), None) => known = Some((rules, seats)),
            (Err(e), None) => {
                return Err(ScenarioError::Parse {
                    path: locate(input),
                    message: e.to_string(),
                });
            }
        }
    }
}

/// What a pass over a scenario did.
enum Pass {
    /// Judged this many strokes.
    Judged(usize),
    /// Found the rules and seats after the strokes: the strokes still have to be judged.
    Learned(Rules, Seats),
}

/// The scenario object read key by key, so that its strokes are judged as they are read.
struct ScenarioSeed<'a, F> {
    /// The rules and seats when a first pass found them after the strokes.
    known: Option<(Rules, Seats)>,
    each: &'a mut F,
    /// A stroke the referee refused (the parse stops there).
    refused: &'a mut Option<ScenarioError>,
}

impl<'de, F: FnMut(ScenarioLine)> de::DeserializeSeed<'de> for ScenarioSeed<'_, F> {
    type Value = Pass;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Pass, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, F: FnMut(ScenarioLine)> Visitor<'de> for ScenarioSeed<'_, F> {
    type Value = Pass;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a scenario object with `rules`, `seats` and `strokes`")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pass, A::Error> {
        let mut rules: Option<Rules> = None;
        let mut seats: Option<u32> = None;
        let mut strokes: Option<usize> = None;
        let mut skipped = false;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "rules" => {
                    if rules.is_some() {
                        return Err(de::Error::duplicate_field("rules"));
                    }
                    rules = Some(map.next_value::<RulesSpec>()?.0);
                }
                "seats" => {
                    if seats.is_some() {
                        return Err(de::Error::duplicate_field("seats"));
                    }
                    seats = Some(map.next_value_seed(SeatsSeed)?);
                }
                "strokes" => {
                    if strokes.is_some() || skipped {
                        return Err(de::Error::duplicate_field("strokes"));
                    }
                    let given = match self.known {
                        Some(known) => Some(known),
                        None => match (rules, seats) {
                            (Some(r), Some(n)) => Some((r, seats_under(&r, n)?)),
                            _ => None,
                        },
                    };
                    match given {
                        Some((r, s)) => {
                            strokes = Some(map.next_value_seed(StrokesSeed {
                                referee: &mut Referee::new(r, s),
                                each: &mut *self.each,
                                refused: &mut *self.refused,
                            })?);
                        }
                        None => {
                            // Checked, not kept: judged in a second pass once the rules and
                            // seats are known.
                            map.next_value::<Vec<de::IgnoredAny>>()?;
                            skipped = true;
                        }
                    }
                }
                other => {
                    return Err(de::Error::unknown_field(
                        other,
                        &["rules", "seats", "strokes"],
                    ));
                }
            }
        }
        match strokes {
            Some(n) => Ok(Pass::Judged(n)),
            None if skipped => {
                let rules = rules.unwrap_or_default();
                let seats = seats_under(&rules, seats.unwrap_or(2))?;
                Ok(Pass::Learned(rules, seats))
            }
            None => Err(de::Error::missing_field("strokes")),
        }
    }
}

/// `seats`: 2, 3 or 4.
struct SeatsSeed;

impl<'de> de::DeserializeSeed<'de> for SeatsSeed {
    type Value = u32;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<u32, D::Error> {
        seats_count(d)
    }
}

/// The strokes, each judged as it is read.
struct StrokesSeed<'a, F> {
    referee: &'a mut Referee,
    each: &'a mut F,
    refused: &'a mut Option<ScenarioError>,
}

impl<'de, F: FnMut(ScenarioLine)> de::DeserializeSeed<'de> for StrokesSeed<'_, F> {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(ScenarioLine)> Visitor<'de> for StrokesSeed<'_, F> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of strokes")
    }

    fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<usize, S::Error> {
        let mut index = 0;
        while let Some(stroke) = seq.next_element::<StrokeReport>()? {
            match self.referee.judge(&stroke) {
                Ok(verdict) => (self.each)(ScenarioLine::new(index + 1, &verdict)),
                Err(source) => {
                    *self.refused = Some(ScenarioError::Stroke { index, source });
                    return Err(de::Error::custom("a stroke was refused"));
                }
            }
            index += 1;
        }
        Ok(index)
    }
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
    /// The point game: every seat's points after the stroke (South, East, North, West).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<[u16; 4]>,
    /// The point game's winner, on the stroke that ends it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_winner: Option<&'static str>,
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
            points: v.points,
            points_winner: v.points_won.map(|w| w.winner.name()),
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
