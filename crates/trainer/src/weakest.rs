//! Your weakest shots: every stroke a person plays in a match, classified by the coach's kinds
//! of shot (straight cut, cut off a cushion, combination, break, safety) with its outcome, and
//! the drill of the kind he misses most proposed.
//!
//! A stroke that pocketed one of the player's pieces is classified by what happened (the
//! striker's first contact, the cushions on the way); any other by what its line was aimed
//! at, read as the coach builds its candidate shots ([`intended`]).

use crate::drill::DrillKind;
use crate::words;
use carrom_ai::ShotKind;
use carrom_ai::coach::kind_name;
use carrom_match::{Action, Match, MatchError, SaveFile};
use carrom_physics::{EventKind, PieceColour, Seat, Shot, ShotResult, Spec, Vec2};
use carrom_physics::{Piece, ShotError, simulate};
use carrom_referee::{QueenRight, Referee, Verdict};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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

/// The widest angle (degrees) between the way a struck piece is sent and a pocket (or a
/// pocket seen in a cushion, or a man to send in) for the stroke to count as aimed there;
/// beyond it a stroke that pocketed nothing of the player's is a safety shot. A miss is
/// still an attempt: a straight cut hit 2 degrees thin sends the man 20-30 degrees wide.
/// A stroke with under [`SOFT`] of the power the candidates' estimate gives the shot is a
/// safety shot too (a soft shot at his own man).
const WIDEST: f32 = 45.0;

/// How closely (degrees) a line must point at a pocket's mirror image or at a man to send on
/// to be read as a cut off a cushion or a combination.
const CLOSE: f32 = 12.0;

/// The share of the estimated power below which a stroke is a soft (safety) shot.
const SOFT: f32 = 0.5;

/// The angle between two directions, degrees.
fn between(a: Vec2, b: Vec2) -> f32 {
    a.normalize()
        .dot(b.normalize())
        .clamp(-1.0, 1.0)
        .acos()
        .to_degrees()
}

/// The first piece a disc of radius `r` from `s` along `u` meets, and where the disc's centre
/// is then.
fn first_on_line(s: Vec2, u: Vec2, r: f32, rc: f32, layout: &[Piece]) -> Option<(usize, Vec2)> {
    layout
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let v = p.pos() - s;
            let along = u.dot(v);
            let off = u.x * v.y - u.y * v.x;
            let reach = r + rc;
            (along > 0.0 && off.abs() < reach).then(|| {
                let t = along - (reach * reach - off * off).sqrt();
                (t, i, s + u * t)
            })
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, i, at)| (i, at))
}

/// What a stroke was aimed at, read from its line as the coach's candidates are built: the
/// piece the striker's line meets first (straight, or off the first cushion) and where the
/// line of centres then sends it — at a pocket (a straight cut), a pocket seen in a cushion
/// (a cut off a cushion), or another of his men that goes to a pocket (a combination); the
/// nearest of these within [`WIDEST`] degrees. Anything else is a safety shot.
pub fn intended(
    spec: &Spec,
    layout: &[Piece],
    shot: &Shot,
    own: &dyn Fn(usize) -> bool,
) -> (ShotKind, Option<usize>) {
    let s = shot.striker_at(spec);
    let u = shot.striker_velocity(spec).normalize();
    let Some(hit) = first_hit(spec, layout, s, u) else {
        return (ShotKind::Safety, None);
    };
    let i = hit.piece;
    if !own(i) {
        return (ShotKind::Safety, Some(i));
    }
    let Some(aim) = aimed_at(spec, layout, &hit, own) else {
        return (ShotKind::Safety, Some(i));
    };
    let ds = (hit.contact - s).length();
    let turn = between(u, layout[i].pos() - hit.contact);
    if shot.power < SOFT * needed_power(spec, layout, &hit, ds, turn, aim) {
        return (ShotKind::Safety, Some(i));
    }
    (aim.1, Some(aim.2))
}

/// The piece a stroke's striker meets first, where the striker's centre is then, and whether
/// it met it off a cushion.
struct Hit {
    piece: usize,
    contact: Vec2,
    banked: bool,
}

/// The first piece the striker from `s` along `u` meets: straight, or off the first cushion
/// the line reaches.
fn first_hit(spec: &Spec, layout: &[Piece], s: Vec2, u: Vec2) -> Option<Hit> {
    let b = &spec.board;
    let (rc, rs) = (b.coin_radius(), b.striker_radius());
    let hit = |(piece, contact), banked| Hit {
        piece,
        contact,
        banked,
    };
    if let Some(h) = first_on_line(s, u, rs, rc, layout) {
        return Some(hit(h, false));
    }
    let lim = b.half() - rs;
    let tx = if u.x.abs() > 1e-6 {
        (lim * u.x.signum() - s.x) / u.x
    } else {
        f32::MAX
    };
    let ty = if u.y.abs() > 1e-6 {
        (lim * u.y.signum() - s.y) / u.y
    } else {
        f32::MAX
    };
    let (t, flip_x) = if tx < ty { (tx, true) } else { (ty, false) };
    let at = s + u * t;
    let u2 = if flip_x {
        Vec2::new(-u.x, u.y)
    } else {
        Vec2::new(u.x, -u.y)
    };
    first_on_line(at, u2, rs, rc, layout).map(|h| hit(h, true))
}

/// What the line of centres of `hit` sends its piece at: the nearest pocket straight; a
/// pocket off a cushion or a man to send on only when the line is aimed there closely and
/// clearly better (a miss of a straight cut also points somewhere near a pocket's mirror
/// image). The angle off it, the kind of shot and its target; `None`: nothing within
/// [`WIDEST`] degrees.
fn aimed_at(
    spec: &Spec,
    layout: &[Piece],
    hit: &Hit,
    own: &dyn Fn(usize) -> bool,
) -> Option<(f32, ShotKind, usize)> {
    let b = &spec.board;
    let rc = b.coin_radius();
    let i = hit.piece;
    let p = layout[i].pos();
    let d = p - hit.contact;
    let pockets = b.pockets();
    let mut direct_best: Option<(f32, ShotKind, usize)> = None;
    let mut other: Option<(f32, ShotKind, usize)> = None;
    let keep = |slot: &mut Option<(f32, ShotKind, usize)>, angle: f32, kind, target, widest| {
        if angle <= widest && slot.is_none_or(|(a, _, _)| angle < a) {
            *slot = Some((angle, kind, target));
        }
    };
    let direct = if hit.banked {
        ShotKind::StrikerBank
    } else {
        ShotKind::Direct
    };
    for k in &pockets {
        let angle = between(d, k.centre() - p);
        keep(&mut direct_best, angle, direct, i, WIDEST);
        let c = b.half() - rc;
        for (axis, line) in [(0, c), (0, -c), (1, c), (1, -c)] {
            let kc = k.centre();
            let m = if axis == 0 {
                Vec2::new(2.0 * line - kc.x, kc.y)
            } else {
                Vec2::new(kc.x, 2.0 * line - kc.y)
            };
            if (m - kc).length() > 4.0 * k.radius {
                keep(&mut other, between(d, m - p), ShotKind::PieceBank, i, CLOSE);
            }
        }
    }
    for (j, q) in layout.iter().enumerate() {
        if j == i || !own(j) {
            continue;
        }
        let to = q.pos() - p;
        // The man sent on must itself go to a pocket off that contact.
        let goes_in = pockets
            .iter()
            .any(|k| between(to, k.centre() - q.pos()) < WIDEST);
        if to.length() < 0.3 && goes_in {
            keep(&mut other, between(d, to), ShotKind::Combination, j, CLOSE);
        }
    }
    match (direct_best, other) {
        (Some(a), Some(o)) if o.0 + 5.0 < a.0 => Some(o),
        (None, o) => o,
        (a, _) => a,
    }
}

/// The power the candidates would give a stroke aimed at `aim` (its angle, kind and target):
/// the striker `ds` to the contact, turning the struck piece `turn` degrees off the striker's
/// way; the piece on to the pocket (or to the man it sends on, and his way to his pocket).
fn needed_power(
    spec: &Spec,
    layout: &[Piece],
    hit: &Hit,
    ds: f32,
    turn: f32,
    aim: (f32, ShotKind, usize),
) -> f32 {
    let (angle, kind, target) = aim;
    let p = layout[hit.piece].pos();
    let pockets = spec.board.pockets();
    let nearest = |x: Vec2| {
        pockets
            .iter()
            .map(|k| (k.centre() - x).length())
            .fold(f32::MAX, f32::min)
    };
    let travel = match kind {
        ShotKind::Combination => {
            let q = layout[target].pos();
            (q - p).length() + nearest(q)
        }
        _ => nearest(p),
    };
    let cos = angle.to_radians().cos().max(0.2) * turn.to_radians().cos().max(0.15);
    carrom_ai::geom::cut_power(
        spec,
        ds,
        cos,
        travel,
        u32::from(kind == ShotKind::PieceBank),
    )
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
    let (aim, aimed_at) = intended(spec, layout, shot, &own);
    if let Some(j) = first_own {
        let kind = match crate::score::striker_first_hit(result) {
            Some(None) => ShotKind::StrikerBank,
            Some(Some(f)) if f != j => ShotKind::Combination,
            // Straight at the man that went in: off a cushion when the line of centres sent
            // him nearer his pocket's mirror image in a cushion than the pocket itself (the
            // physics does not always record a glancing cushion).
            _ => match pocketed_in(result, j) {
                Some(k) if banked_into(spec, layout, shot, j, k) => ShotKind::PieceBank,
                _ => ShotKind::Direct,
            },
        };
        return (kind, Some(j));
    }
    (aim, aimed_at)
}

/// The pocket piece `j` went into.
fn pocketed_in(result: &ShotResult, j: usize) -> Option<usize> {
    result.events.iter().find_map(|e| match e.kind {
        EventKind::Pocketed { piece, pocket, .. } if piece == j => Some(pocket),
        _ => None,
    })
}

/// Did the striker's line send `layout[j]` nearer pocket `k`'s image in a cushion than the
/// pocket itself?
fn banked_into(spec: &Spec, layout: &[Piece], shot: &Shot, j: usize, k: usize) -> bool {
    let b = &spec.board;
    let (rc, rs) = (b.coin_radius(), b.striker_radius());
    let s = shot.striker_at(spec);
    let u = shot.striker_velocity(spec).normalize();
    let Some((i, contact)) = first_on_line(s, u, rs, rc, layout) else {
        return false;
    };
    if i != j {
        return false;
    }
    let p = layout[j].pos();
    let d = p - contact;
    let pocket = b.pockets()[k];
    let kc = pocket.centre();
    let c = b.half() - rc;
    let straight = between(d, kc - p);
    [(0, c), (0, -c), (1, c), (1, -c)]
        .into_iter()
        .map(|(axis, line)| {
            if axis == 0 {
                Vec2::new(2.0 * line - kc.x, kc.y)
            } else {
                Vec2::new(kc.x, 2.0 * line - kc.y)
            }
        })
        .filter(|m| (*m - kc).length() > 2.0 * pocket.radius)
        .any(|m| between(d, m - p) < straight)
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

/// A saved match whose strokes cannot be read back ([`strokes_in_save`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StrokesError {
    /// The save's setup cannot be played.
    #[error(transparent)]
    Setup(MatchError),
    /// An action the match refuses.
    #[error("actions[{index}]: {source}")]
    Action { index: usize, source: MatchError },
    /// A stroke the physics refuses.
    #[error(transparent)]
    Shot(#[from] ShotError),
}

/// A folder of saves that cannot be read ([`from_saves`]): the folder, and why.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", folder.display())]
pub struct SavesFolderError {
    pub folder: PathBuf,
    pub source: std::io::Error,
}

/// The strokes a person named `name` played in a saved match, classified (computer seats are
/// left out). The save is replayed with its own physics.
pub fn strokes_in_save(
    spec: &Spec,
    file: &SaveFile,
    name: &str,
) -> Result<Vec<Classified>, StrokesError> {
    let physics = file.physics(spec);
    let mut game = Match::new(&physics, file.setup.clone()).map_err(StrokesError::Setup)?;
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
            .map_err(|source| StrokesError::Action { index: i, source })?;
        if let (Some((shot, layout, referee)), Some(v)) = (before, verdict) {
            let result = simulate(&physics, &layout, &shot)?;
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

/// The saves in the data directory `dir`: `saves/*.json`, then `autosaves/*.json` (each
/// folder's in name order), then an older version's `autosave.json`.
fn save_files(dir: &Path) -> Result<Vec<PathBuf>, SavesFolderError> {
    let mut files = Vec::new();
    for folder in ["saves", "autosaves"] {
        let saves = dir.join(folder);
        let mut found = Vec::new();
        match carrom_store::files_in(&saves) {
            Ok(entries) => {
                for p in entries {
                    if p.extension().is_some_and(|x| x == "json") {
                        found.push(p);
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => {
                return Err(SavesFolderError {
                    folder: saves,
                    source,
                });
            }
        }
        found.sort();
        files.extend(found);
    }
    let auto = dir.join("autosave.json");
    if carrom_store::exists(&auto) {
        files.push(auto);
    }
    Ok(files)
}

/// A player's strokes from every match saved in the data directory `dir` (`saves/*.json`,
/// each match's autosave in `autosaves/*.json`, and an older version's `autosave.json`; a
/// match saved twice, as a save and its replay, counted once). Files that
/// cannot be read or replayed are listed in [`Weakest::skipped`].
pub fn from_saves(spec: &Spec, dir: &Path, name: &str) -> Result<Weakest, SavesFolderError> {
    let files = save_files(dir)?;
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
