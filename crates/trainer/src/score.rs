//! Scoring a drill's stroke from its simulated outcome: in, missed (which way and by how much:
//! too thin, too thick, too soft, too hard), or a foul with its Law. The stroke is simulated on
//! the physics crate (bit for bit what the game's board does with the same stroke), read by the
//! match layer's umpire (`carrom_match::stroke_report`, the project's one reading of physics as
//! a stroke report) and judged by the referee standing at the drill's position.

use crate::drill::{Aim, Drill, DrillKind, Stage};
use crate::words;
use carrom_match::stroke_report;
use carrom_match::words::Names;
use carrom_physics::{
    BodyId, Clock, EventKind, PieceColour, Shot, ShotError, ShotResult, Spec, Table, Vec2, simulate,
};
use carrom_referee::{QueenState, Verdict};
use serde::Serialize;

/// Which way a stroke missed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MissWay {
    /// The target was hit too finely (or not at all, the striker passing outside it): it went
    /// off wider of the striker's line than the pocket.
    TooThin,
    /// The target was hit too fully: it went off nearer the striker's line than the pocket
    /// (or across it), or the striker passed him by on his far side.
    ///
    /// A striker that passes far on the far side of the man (the side away from where it
    /// should meet him) is called too thick however far it passed: the thickness of a cut runs
    /// from the thin edge through the full hit to the far edge, and a line beyond the far edge
    /// carries on past full, so every such line is thicker than any that cuts him towards the
    /// pocket; and the correction is the one for any thick miss, to turn the aim back towards
    /// the thin side. The words name the side it passed ([`Side`]), so a far miss reads as
    /// what the player saw ("too thick — the line passed 33.5 cm to the right of him, on the
    /// wrong side for the cut").
    TooThick,
    /// On line, but it stopped short of the pocket.
    TooSoft,
    /// On line, but it reached the pocket's jaws too fast to drop.
    TooHard,
    /// The break: fewer pieces than the task asks (at full power or near it).
    TooFew,
}

/// Which side of the piece the striker's line passed him, as the player sees it from behind
/// the striker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Left,
    Right,
}

/// The verdict on a stroke.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Scored {
    /// The task is done: the target in its pocket legally (for the break, enough pieces).
    /// `pieces`: the player's own pieces the stroke pocketed.
    In { pieces: u32 },
    /// Not done. `way`: which way (None when the line and pace were right and something else
    /// stopped it, as another piece in the way); `by`: how much — for too thin and too thick the
    /// centimetres by which the target's line (or the striker's, when it missed the target)
    /// passed outside the pocket's hole (outside the target); for too soft the centimetres it
    /// stopped short; for too hard the metres per second it reached the pocket with; for the
    /// break the pieces short. `touched`: the target moved. `side`: when the striker missed
    /// the piece it was to strike, the side of him its line passed.
    Missed {
        way: Option<MissWay>,
        by: f32,
        touched: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        side: Option<Side>,
    },
    /// A foul: the Law and the umpire's ruling in words.
    Foul { law: String, ruling: String },
}

impl Scored {
    pub fn is_in(&self) -> bool {
        matches!(self, Scored::In { .. })
    }
    /// The way of a miss, if it is one.
    pub fn way(&self) -> Option<MissWay> {
        match self {
            Scored::Missed { way, .. } => *way,
            _ => None,
        }
    }
}

/// A scored stroke: the verdict, in words, what the physics and the referee made of it, and
/// for the Queen's drill after she went in, the cover to play next.
#[derive(Clone, Debug)]
pub struct Score {
    pub scored: Scored,
    /// The verdict as the player reads it.
    pub words: String,
    pub result: ShotResult,
    pub verdict: Verdict,
    /// The next stroke of the same attempt (the Queen's cover), when there is one.
    pub next: Option<Drill>,
}

impl Score {
    /// The attempt is over with this stroke (no cover to play next).
    pub fn attempt_over(&self) -> bool {
        self.next.is_none()
    }
}

/// Why a stroke cannot be scored.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ScoreError {
    /// The stroke cannot be played from the drill's position (the field named).
    #[error("{0}")]
    Shot(#[from] ShotError),
    #[error("shot.seat: the drill is played from {expected}, not {given}")]
    Seat {
        expected: &'static str,
        given: &'static str,
    },
}

/// Scores `shot` played in `drill`.
pub fn score(spec: &Spec, drill: &Drill, shot: &Shot) -> Result<Score, ScoreError> {
    if shot.seat != drill.position.seat {
        return Err(ScoreError::Seat {
            expected: drill.position.seat.name(),
            given: shot.seat.name(),
        });
    }
    let layout = &drill.position.pieces;
    let result = simulate(spec, layout, shot)?;
    let referee = drill.referee();
    let mut after = referee;
    let report = stroke_report(&result);
    let verdict = after
        .judge(&report)
        .expect("a drill's referee takes any stroke of the player to strike");
    let colour = drill.position.colour;
    let own = result
        .pieces
        .iter()
        .filter(|p| p.pocketed && (p.kind == colour || p.kind == PieceColour::Queen))
        .count() as u32;
    let won = verdict
        .board_result
        .is_some_and(|b| b.winner == referee.side_of(shot.seat));
    let goes_on = verdict.continues || won;
    let piece = drill
        .target
        .map(|t| carrom_ai::coach::piece_name(layout[t.piece].kind))
        .unwrap_or("striker");
    let scored = if verdict.foul {
        foul(&verdict)
    } else if let Some(t) = drill.target {
        let down =
            result.pieces[t.piece].pocketed && result.pieces[t.piece].pocket == Some(t.pocket);
        let covered = drill.stage != Stage::Cover
            || matches!(verdict.position.queen, QueenState::Covered(c) if c == colour);
        if down && goes_on && covered {
            Scored::In { pieces: own }
        } else {
            miss(spec, drill, shot, &result, t.piece)
        }
    } else {
        break_scored(drill, shot, &result, own, goes_on)
    };
    let next = match (drill.kind, drill.stage, &scored) {
        (DrillKind::QueenAndCover, Stage::First, Scored::In { .. }) => {
            drill.cover(spec, &result.layout())
        }
        _ => None,
    };
    let words = words::verdict(&scored, piece);
    Ok(Score {
        scored,
        words,
        result,
        verdict,
        next,
    })
}

/// A break (a drill without a target): in when it pocketed any piece (level 1) or its
/// pieces needed of the player's with the turn going on; else too soft or too few, by the
/// pieces it lacked.
fn break_scored(
    drill: &Drill,
    shot: &Shot,
    result: &ShotResult,
    own: u32,
    goes_on: bool,
) -> Scored {
    let all = result.pieces.iter().filter(|p| p.pocketed).count() as u32;
    let done = if drill.level <= 1 {
        all >= 1
    } else {
        own >= drill.pieces_needed as u32 && goes_on
    };
    if done {
        return Scored::In { pieces: own };
    }
    let got = if drill.level <= 1 { all } else { own };
    Scored::Missed {
        way: Some(if shot.power < 0.9 {
            MissWay::TooSoft
        } else {
            MissWay::TooFew
        }),
        by: drill.pieces_needed as f32 - got as f32,
        touched: false,
        side: None,
    }
}

/// The foul's ruling: the first ruling of a foul Law (64, 65, 72-78), else the first.
fn foul(verdict: &Verdict) -> Scored {
    let names = Names::of(&carrom_match::MatchSetup::new(
        carrom_referee::Seats::Singles,
        carrom_referee::Rules::icf(),
        "icf",
        0,
    ));
    let r = verdict
        .rulings
        .iter()
        .find(|r| matches!(r.law.number(), 64 | 65 | 72..=78))
        .or(verdict.rulings.first());
    match r {
        Some(r) => Scored::Foul {
            law: r.law.as_str().to_string(),
            ruling: carrom_match::words::ruling(r, &names),
        },
        None => Scored::Foul {
            law: String::new(),
            ruling: "foul".into(),
        },
    }
}

/// How the target left the place it was struck from: its first velocity, and the direction
/// the body that struck it was moving in just before.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Departure {
    pub velocity: Vec2,
    pub incoming: Vec2,
}

/// Steps the stroke on the physics crate's table and reads the target's departure: its
/// velocity at the end of the step in which it was first struck (steps are planned around
/// impacts, so that is its velocity off the impact, less a step's friction), and the direction
/// the body that struck it came from. `None` when it never moved.
pub fn departure(spec: &Spec, drill: &Drill, shot: &Shot, target: usize) -> Option<Departure> {
    let layout = &drill.position.pieces;
    let mut table = Table::new(spec, layout);
    table.place_striker(shot.striker_at(spec), shot.striker_velocity(spec));
    let bodies: Vec<BodyId> = std::iter::once(BodyId::Striker)
        .chain((0..layout.len()).map(BodyId::Piece))
        .collect();
    let vel = |table: &Table| -> Vec<Vec2> {
        bodies
            .iter()
            .map(|&b| table.velocity(b).unwrap_or(Vec2::ZERO))
            .collect()
    };
    let mut clock = Clock::default();
    let mut events = Vec::new();
    let mut before = vel(&table);
    while clock.time < spec.sim.max_time {
        let seen = events.len();
        let at_rest = table.step(&mut clock, &mut events).at_rest;
        let now = vel(&table);
        let v = now[target + 1];
        if v.length() > 1e-3 {
            // The body it met first in this step.
            let hitter = events[seen..].iter().find_map(|e| match e.kind {
                EventKind::Contact { a, b, .. } if b == BodyId::Piece(target) => Some(a),
                EventKind::Contact { a, b, .. } if a == BodyId::Piece(target) => Some(b),
                _ => None,
            });
            let incoming = hitter
                .and_then(|h| bodies.iter().position(|&b| b == h))
                .map(|i| before[i])
                .filter(|u| u.length() > 1e-6)
                .unwrap_or(v);
            return Some(Departure {
                velocity: v,
                incoming: incoming.normalize(),
            });
        }
        if at_rest {
            break;
        }
        before = now;
    }
    None
}

/// The signed angle from `a` to `b`, degrees (counter-clockwise positive).
fn signed_angle(a: Vec2, b: Vec2) -> f32 {
    (a.x * b.y - a.y * b.x)
        .atan2(a.x * b.x + a.y * b.y)
        .to_degrees()
}

/// Thin or thick: the target went off at `actual` degrees from the line it was struck along
/// where `ideal` was needed. Wider of that line than needed is thin; nearer it (or across it)
/// is thick. A straight shot (the ideal within 1.5 degrees of the line) can only be missed
/// thin.
pub fn thin_or_thick(actual: f32, ideal: f32) -> MissWay {
    if ideal.abs() < 1.5 {
        return MissWay::TooThin;
    }
    if actual.signum() == ideal.signum() && actual.abs() > ideal.abs() {
        MissWay::TooThin
    } else {
        MissWay::TooThick
    }
}

/// The speed a piece arrives at the pocket with, above which one on line is called too hard
/// (m/s).
pub const TOO_HARD_SPEED: f32 = 1.2;

/// The first thing the striker met: a piece (its index), or a cushion (`None`); `None` of
/// the outer option when it met nothing.
pub(crate) fn striker_first_hit(result: &ShotResult) -> Option<Option<usize>> {
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

/// A disc of radius `r` sent from `s` along `u` at a piece at `p` that needed to be met at
/// `ghost` (the place the disc's centre must be when they touch): how it missed it.
/// `travelled`: how far the disc went (to tell a disc that stopped short).
///
/// A line outside the piece is too thin on the side the disc should have met him, too thick
/// on his far side, however far ([`MissWay::TooThick`] says why); a straight shot (the ghost
/// within 2 mm of the piece's line) is too thin on either side. By how much: how far the
/// disc's edge passed outside the piece's at their closest (from where the disc started, when
/// it was sent away from him).
fn line_miss(s: Vec2, u: Vec2, r: f32, p: Vec2, ghost: Vec2, rc: f32, travelled: f32) -> Scored {
    let offset = u.x * (p.y - s.y) - u.y * (p.x - s.x);
    let g = (ghost - s).normalize();
    let ideal = g.x * (p.y - s.y) - g.y * (p.x - s.x);
    let reach = r + rc;
    let ahead = u.dot(p - s);
    let closest = if ahead > 0.0 {
        offset.abs()
    } else {
        (p - s).length()
    };
    let outside = closest - reach;
    if outside > 0.0 {
        let way = if offset.signum() == ideal.signum() || ideal.abs() < 0.002 {
            MissWay::TooThin
        } else {
            MissWay::TooThick
        };
        // The piece on the line's left: the line passed to his right.
        let side = if offset > 0.0 {
            Side::Right
        } else {
            Side::Left
        };
        return Scored::Missed {
            way: Some(way),
            by: outside * 100.0,
            touched: false,
            side: Some(side),
        };
    }
    let to_contact = ahead - (reach * reach - offset * offset).max(0.0).sqrt();
    if travelled + 0.002 < to_contact {
        return Scored::Missed {
            way: Some(MissWay::TooSoft),
            by: (to_contact - travelled) * 100.0,
            touched: false,
            side: None,
        };
    }
    UNREAD
}

/// A miss the stroke says nothing more of: no way, by nothing, the target untouched.
const UNREAD: Scored = Scored::Missed {
    way: None,
    by: 0.0,
    touched: false,
    side: None,
};

/// A stroke that did not put the target in: which way and by how much.
fn miss(spec: &Spec, drill: &Drill, shot: &Shot, result: &ShotResult, target: usize) -> Scored {
    let b = &spec.board;
    let (rc, rs) = (b.coin_radius(), b.striker_radius());
    let pieces = &drill.position.pieces;
    let p = pieces[target].pos();
    let Some(aim) = drill.aim else {
        return UNREAD;
    };
    let a = Vec2::new(aim.point[0], aim.point[1]);
    let first = drill.object.unwrap_or(target);
    let fp = pieces[first].pos();
    // The ghost of the first piece: where the striker must meet it — where the drill's
    // demonstration (a stroke that makes it) meets it, else where the geometry says (the
    // physics' throw moves the one from the other by a few millimetres, enough to put a
    // near-straight shot's contact on the other side of full).
    let first_ghost = meeting(spec, &drill.demonstration, fp).unwrap_or(match drill.object {
        Some(_) => {
            let dir = (a - p).normalize();
            let ghost_b = p - dir * (2.0 * rc);
            fp - (ghost_b - fp).normalize() * (rs + rc)
        }
        None => fp - (a - p).normalize() * (rs + rc),
    });
    let first_moved = departure(spec, drill, shot, first).is_some();
    let met_first = match striker_first_hit(result) {
        Some(hit) => hit == Some(first),
        // A contact too brief to be recorded: the piece moved all the same.
        None => first_moved,
    };
    if !met_first {
        // The striker met a cushion or another piece first, or nothing: its line against the
        // piece it was to strike.
        let s = shot.striker_at(spec);
        let u = shot.striker_velocity(spec).normalize();
        return line_miss(s, u, rs, fp, first_ghost, rc, result.striker.distance);
    }
    let Some(dep) = departure(spec, drill, shot, target) else {
        return first_man_missed(spec, drill, shot, p, a);
    };
    sent_off_line(spec, &aim, &dep, a - p)
}

/// Where `shot`'s striker, on its first line, would meet a man at `p`: its centre at the
/// touch (`None` when the line passes him by).
fn meeting(spec: &Spec, shot: &Shot, p: Vec2) -> Option<Vec2> {
    let reach = spec.board.striker_radius() + spec.board.coin_radius();
    let s = shot.striker_at(spec);
    let u = shot.striker_velocity(spec).normalize();
    let offset = u.x * (p.y - s.y) - u.y * (p.x - s.x);
    let along = u.dot(p - s);
    (offset.abs() < reach && along > 0.0)
        .then(|| s + u * (along - (reach * reach - offset * offset).sqrt()))
}

/// A combination whose first man missed the target: his line against the target at `p`
/// (its way to `a`).
fn first_man_missed(spec: &Spec, drill: &Drill, shot: &Shot, p: Vec2, a: Vec2) -> Scored {
    let rc = spec.board.coin_radius();
    let Some(o) = drill.object else {
        return UNREAD;
    };
    let Some(od) = departure(spec, drill, shot, o) else {
        return UNREAD;
    };
    let fp = drill.position.pieces[o].pos();
    let dir = (a - p).normalize();
    let ghost_b = p - dir * (2.0 * rc);
    let u = od.velocity.normalize();
    let mu_g = spec.materials.board_friction * carrom_physics::table::G;
    let travelled = od.velocity.length_squared() / (2.0 * mu_g);
    line_miss(fp, u, rc, p, ghost_b, rc, travelled)
}

/// The target left as `dep` says, `to` being its way to its aim: wide of the pocket (thin or
/// thick), or on line and too soft or too hard (or thin or thick within the pocket).
fn sent_off_line(spec: &Spec, aim: &Aim, dep: &Departure, to: Vec2) -> Scored {
    let (rc, hole) = (spec.board.coin_radius(), spec.board.pocket_radius());
    let d = dep.velocity.normalize();
    let wide = (d.x * to.y - d.y * to.x).abs();
    let along = d.dot(to);
    let actual = signed_angle(dep.incoming, d);
    let ideal = signed_angle(dep.incoming, to.normalize());
    let off_line = Scored::Missed {
        way: Some(thin_or_thick(actual, ideal)),
        by: (wide - hole).max(0.0) * 100.0,
        touched: true,
        side: None,
    };
    if along <= 0.0 || wide > hole + 0.5 * rc {
        return off_line;
    }
    pace_miss(spec, aim, dep.velocity).unwrap_or(off_line)
}

/// A target sent on line at `v`: too soft to reach the pocket (by how far short) or too hard
/// to drop (its speed there); `None` when its pace was right. A piece slides v^2 / 2 mu g; a
/// cushion keeps its restitution of the speed.
fn pace_miss(spec: &Spec, aim: &Aim, v: Vec2) -> Option<Scored> {
    let mu_g = spec.materials.board_friction * carrom_physics::table::G;
    let e = spec.materials.restitution_piece_frame;
    let mut v2 = v.length_squared();
    let mut left = aim.length;
    if aim.cushions > 0 {
        let first = aim.length * 0.5;
        v2 -= 2.0 * mu_g * first;
        v2 *= e * e;
        left -= first;
    }
    let arrive2 = v2 - 2.0 * mu_g * left;
    if arrive2 < 0.0 {
        let short = if v2 > 0.0 {
            left - v2 / (2.0 * mu_g)
        } else {
            left
        };
        return Some(Scored::Missed {
            way: Some(MissWay::TooSoft),
            by: short * 100.0,
            touched: true,
            side: None,
        });
    }
    let arrive = arrive2.sqrt();
    (arrive > TOO_HARD_SPEED).then_some(Scored::Missed {
        way: Some(MissWay::TooHard),
        by: arrive,
        touched: true,
        side: None,
    })
}
