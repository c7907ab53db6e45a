//! Your weakest shots: every stroke a person plays in a match, classified by the coach's kinds
//! of shot (straight cut, cut off a cushion, combination, break, safety) with its outcome, and
//! the drill of the kind he misses most proposed.
//!
//! A stroke that pocketed one of the player's pieces is classified by what happened (the
//! striker's first contact, the cushions on the way); any other stroke by the coach's own
//! candidate shots for that position: the candidate nearest the stroke played (placement,
//! direction, power) says what it was meant to be.

use crate::drill::DrillKind;
use crate::words;
use carrom_ai::ShotKind;
use carrom_ai::candidates::{GenLimits, generate};
use carrom_ai::coach::kind_name;
use carrom_match::{Action, Match, SaveFile};
use carrom_physics::{BodyId, EventKind, PieceColour, Seat, Shot, ShotResult, Spec, Vec2};
use carrom_physics::{Piece, simulate};
use carrom_referee::{QueenRight, Referee, Verdict};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// One stroke, classified.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Classified {
    /// The coach's kind: `straight_cut`, `cut_off_a_cushion`, `combination`, `break`, `safety`.
    pub kind: &'static str,
    /// The drill that practises it (none for a safety shot).
    pub drill: Option<DrillKind>,
    /// It did what it was for: a piece of the player's down legally and the turn going on (a
    /// break: the turn going on; a safety: no foul).
    pub made: bool,
    pub foul: bool,
}

/// The candidates' sizes for classifying (the coach's kinds, banks and combinations included).
const LIMITS: GenLimits = GenLimits {
    positions_per_aim: 3,
    banks: true,
    combinations: true,
    break_up_offsets: &[],
};

/// Beyond this distance from every candidate (degrees, with a placement's 0.05 and a power's
/// 0.1 each counting as a degree) a stroke that pocketed nothing of his is a safety shot.
const NEAREST: f32 = 6.0;

/// What the striker met first: a piece's index, `None` for a cushion.
fn first_hit(result: &ShotResult) -> Option<Option<usize>> {
    result.events.iter().find_map(|e| match e.kind {
        EventKind::Contact {
            a: BodyId::Striker,
            b: BodyId::Piece(i),
            ..
        }
        | EventKind::Contact {
            a: BodyId::Piece(i),
            b: BodyId::Striker,
            ..
        } => Some(Some(i)),
        EventKind::Cushion {
            body: BodyId::Striker,
            ..
        } => Some(None),
        _ => None,
    })
}

/// The coach's kind of `shot`, played by `seat` from `layout` with `referee` standing as it
/// was before it, which did `result`; and the piece it was aimed at.
pub fn classify(
    spec: &Spec,
    layout: &[Piece],
    referee: &Referee,
    seat: Seat,
    shot: &Shot,
    result: &ShotResult,
) -> (ShotKind, Option<usize>) {
    if !referee.break_made() {
        return (ShotKind::Break, None);
    }
    let colour = referee.colour_of(seat);
    let queen_ok = matches!(
        referee.queen_right(seat),
        QueenRight::Yes | QueenRight::WithOwnMen
    );
    let own =
        |i: usize| layout[i].kind == colour || (layout[i].kind == PieceColour::Queen && queen_ok);
    let first_own = result.events.iter().find_map(|e| match e.kind {
        EventKind::Pocketed { piece, .. } if own(piece) => Some(piece),
        _ => None,
    });
    if let Some(j) = first_own {
        let kind = match first_hit(result) {
            Some(None) => ShotKind::StrikerBank,
            Some(Some(f)) if f != j => ShotKind::Combination,
            _ => {
                let banked = result.events.iter().take_while(
                    |e| !matches!(e.kind, EventKind::Pocketed { piece, .. } if piece == j),
                );
                if banked
                    .clone()
                    .any(|e| matches!(e.kind, EventKind::Cushion { body: BodyId::Piece(p), .. } if p == j))
                {
                    ShotKind::PieceBank
                } else {
                    ShotKind::Direct
                }
            }
        };
        return (kind, Some(j));
    }
    let candidates = generate(spec, layout, seat, &own, false, LIMITS);
    let far = |c: &Shot| {
        (c.angle_deg - shot.angle_deg).abs()
            + 20.0 * (c.position - shot.position).abs()
            + 10.0 * (c.power - shot.power).abs()
    };
    match candidates
        .iter()
        .map(|c| (far(&c.shot), c))
        .min_by(|a, b| a.0.total_cmp(&b.0))
    {
        Some((d, c)) if d <= NEAREST => (c.kind, c.target),
        _ => (ShotKind::Safety, first_hit(result).flatten()),
    }
}

/// The drill for a stroke of `kind` at `layout[target]` played by `shot`: a direct cut by its
/// angle (or frozen on a cushion, or the Queen's), a bank, a combination, the break.
pub fn drill_for(
    spec: &Spec,
    kind: ShotKind,
    layout: &[Piece],
    target: Option<usize>,
    shot: &Shot,
) -> Option<DrillKind> {
    match kind {
        ShotKind::Break => Some(DrillKind::Break),
        ShotKind::Combination => Some(DrillKind::Combination),
        ShotKind::PieceBank | ShotKind::StrikerBank => Some(DrillKind::OffACushion),
        ShotKind::Safety => None,
        ShotKind::Direct => {
            let p = layout.get(target?)?;
            if p.kind == PieceColour::Queen {
                return Some(DrillKind::QueenAndCover);
            }
            let lim = spec.board.half() - spec.board.coin_radius();
            if p.x.abs() > lim - 0.003 || p.y.abs() > lim - 0.003 {
                return Some(DrillKind::FrozenOnACushion);
            }
            let u = shot.striker_velocity(spec).normalize();
            let cut = spec
                .board
                .pockets()
                .iter()
                .map(|k| {
                    let d: Vec2 = (k.centre() - p.pos()).normalize();
                    u.dot(d).clamp(-1.0, 1.0).acos().to_degrees()
                })
                .fold(f32::MAX, f32::min);
            Some(match cut {
                c if c < 15.0 => DrillKind::StraightCut,
                c if c < 45.0 => DrillKind::Cut30,
                c if c < 67.0 => DrillKind::Cut60,
                _ => DrillKind::ThinCut,
            })
        }
    }
}

/// A stroke classified with its outcome (`verdict`, judged by `referee` as it stood before).
pub fn classify_stroke(
    spec: &Spec,
    layout: &[Piece],
    referee: &Referee,
    shot: &Shot,
    result: &ShotResult,
    verdict: &Verdict,
) -> Classified {
    let seat = shot.seat;
    let (kind, target) = classify(spec, layout, referee, seat, shot, result);
    let colour = referee.colour_of(seat);
    let won = verdict
        .board_result
        .is_some_and(|b| b.winner == referee.side_of(seat));
    let goes_on = verdict.continues || won;
    let own_down = result
        .pieces
        .iter()
        .any(|p| p.pocketed && (p.kind == colour || p.kind == PieceColour::Queen));
    let made = match kind {
        ShotKind::Break => goes_on && !verdict.foul,
        ShotKind::Safety => !verdict.foul,
        _ => own_down && goes_on && !verdict.foul,
    };
    Classified {
        kind: kind_name(kind),
        drill: drill_for(spec, kind, layout, target, shot),
        made,
        foul: verdict.foul,
    }
}

/// The strokes a person named `name` played in a saved match, classified (computer seats are
/// left out). The save is replayed with its own physics.
pub fn strokes_in_save(
    spec: &Spec,
    file: &SaveFile,
    name: &str,
) -> Result<Vec<Classified>, String> {
    let physics = file.physics(spec);
    let mut game = Match::new(&physics, file.setup.clone()).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (i, action) in file.actions.iter().enumerate() {
        let mine = match action {
            Action::Stroke { shot } => {
                let p = game.player(shot.seat);
                (p.name == name && p.computer.is_none()).then_some(*shot)
            }
            _ => None,
        };
        let before = mine.map(|shot| (shot, game.layout.clone(), game.referee));
        let verdict = game
            .apply(action)
            .map_err(|e| format!("actions[{i}]: {e}"))?;
        if let (Some((shot, layout, referee)), Some(v)) = (before, verdict) {
            let result = simulate(&physics, &layout, &shot).map_err(|e| e.to_string())?;
            out.push(classify_stroke(
                &physics, &layout, &referee, &shot, &result, &v,
            ));
        }
    }
    Ok(out)
}

/// A player's strokes by kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Weakest {
    /// Per coach kind: strokes played and missed.
    pub kinds: BTreeMap<&'static str, (u32, u32)>,
    /// Per drill: the misses of strokes it practises.
    pub drills: BTreeMap<DrillKind, u32>,
    /// Matches read.
    pub matches: u32,
    /// Files that could not be read or replayed, each with the reason.
    pub skipped: Vec<String>,
}

/// The drill proposed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proposal {
    /// The coach's kind missed most.
    pub kind: &'static str,
    pub played: u32,
    pub missed: u32,
    pub drill: DrillKind,
    /// "You miss straight cuts most (7 of 9 in your matches): try the drill Cut at 30°".
    pub words: String,
}

impl Weakest {
    pub fn add(&mut self, s: &Classified) {
        let e = self.kinds.entry(s.kind).or_default();
        e.0 += 1;
        if !s.made {
            e.1 += 1;
            if let Some(d) = s.drill {
                *self.drills.entry(d).or_default() += 1;
            }
        }
    }

    /// The kind (not safety) with the most misses (ties: the lower success rate, then the
    /// first in the coach's order), and the drill most of those misses call for.
    pub fn propose(&self) -> Option<Proposal> {
        let order = ["straight_cut", "cut_off_a_cushion", "combination", "break"];
        let (kind, (played, missed)) = order
            .iter()
            .filter_map(|k| self.kinds.get(k).map(|v| (*k, *v)))
            .filter(|(_, (_, missed))| *missed > 0)
            .max_by(|a, b| {
                let rate = |(p, m): (u32, u32)| f64::from(m) / f64::from(p.max(1));
                a.1.1
                    .cmp(&b.1.1)
                    .then(rate(a.1).total_cmp(&rate(b.1)))
                    .then(
                        order
                            .iter()
                            .position(|k| *k == b.0)
                            .cmp(&order.iter().position(|k| *k == a.0)),
                    )
            })?;
        let of_kind: &[DrillKind] = match kind {
            "straight_cut" => &[
                DrillKind::StraightCut,
                DrillKind::Cut30,
                DrillKind::Cut60,
                DrillKind::ThinCut,
                DrillKind::FrozenOnACushion,
                DrillKind::QueenAndCover,
            ],
            "cut_off_a_cushion" => &[DrillKind::OffACushion],
            "combination" => &[DrillKind::Combination],
            _ => &[DrillKind::Break],
        };
        let drill = of_kind.iter().copied().max_by_key(|d| {
            (
                self.drills.get(d).copied().unwrap_or(0),
                std::cmp::Reverse(*d),
            )
        })?;
        Some(Proposal {
            kind,
            played,
            missed,
            drill,
            words: words::proposal(words::kind_plural(kind), missed, played, drill),
        })
    }
}

/// A player's strokes from every match saved in the data directory `dir` (`saves/*.json` and
/// `autosave.json`; a match saved twice, as a save and its replay, counted once). Files that
/// cannot be read or replayed are listed in [`Weakest::skipped`].
pub fn from_saves(spec: &Spec, dir: &Path, name: &str) -> Result<Weakest, String> {
    let mut files = Vec::new();
    let saves = dir.join("saves");
    match std::fs::read_dir(&saves) {
        Ok(entries) => {
            for e in entries.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "json") {
                    files.push(p);
                }
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("{}: {e}", saves.display())),
    }
    files.sort();
    let auto = dir.join("autosave.json");
    if auto.exists() {
        files.push(auto);
    }
    let mut w = Weakest::default();
    let mut seen: Vec<(carrom_match::MatchSetup, Vec<Action>)> = Vec::new();
    for path in files {
        let file = match SaveFile::load(&path) {
            Ok(f) => f,
            Err(e) => {
                w.skipped.push(e.to_string());
                continue;
            }
        };
        if !file
            .setup
            .players
            .iter()
            .any(|p| p.name == name && p.computer.is_none())
        {
            continue;
        }
        // The same match as a save and as its replay, or an autosave of a saved match: once.
        if seen.iter().any(|(s, a)| {
            *s == file.setup && (a.starts_with(&file.actions) || file.actions.starts_with(a))
        }) {
            continue;
        }
        match strokes_in_save(spec, &file, name) {
            Ok(strokes) => {
                for s in &strokes {
                    w.add(s);
                }
                w.matches += 1;
                seen.push((file.setup.clone(), file.actions.clone()));
            }
            Err(e) => w.skipped.push(format!("{}: {e}", path.display())),
        }
    }
    Ok(w)
}
