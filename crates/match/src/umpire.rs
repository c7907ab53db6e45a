//! The umpire: what a stroke did on the physics board, read as the referee's
//! [`StrokeReport`], and where the umpire puts a piece back.
//!
//! Every reading of physics as rulings is here, once: the game reads its live bevy_rapier2d
//! board through [`outcome_from_roster`], the headless match and the tools through
//! [`outcome_of`], and the computer players judge each simulated outcome with
//! [`stroke_report`].

use carrom_physics::rapier2d::prelude::RigidBodySet;
use carrom_physics::{
    BodyId, Event, EventKind, Fate, Piece, PieceColour, Roster, ShotResult, Spec, Vec2,
};
use carrom_referee::{Geometry, StrokeReport};

/// What a stroke did: the pieces left at rest, and the referee's report of it. A networked
/// match's host sends it with each stroke, so every machine takes the host's outcome.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrokeOutcome {
    /// The pieces at rest on the board afterwards (pocketed and jumped pieces removed), in
    /// their order before the stroke.
    pub layout: Vec<Piece>,
    pub report: StrokeReport,
}

/// The referee's report from a stroke's events: the pieces pocketed in the order they fell,
/// the pieces that left the board, whether the striker touched a piece (Law 44: what makes the
/// break) and what became of the striker. `colour_of(i)` names the piece with index `i`. A
/// stroke played on the physics is always proper (`improper` false): the Laws on how a stroke
/// is made (Laws 64, 72(b), 76, 77) are for the person at the board.
pub fn report_of(
    events: &[Event],
    colour_of: impl Fn(usize) -> PieceColour,
    striker: Fate,
) -> StrokeReport {
    let mut report = StrokeReport::nothing();
    report.touched = false;
    for e in events {
        match &e.kind {
            EventKind::Pocketed { kind, .. } => report.pocketed.push(*kind),
            EventKind::Contact { a, b, .. } => {
                if matches!(
                    (a, b),
                    (BodyId::Striker, BodyId::Piece(_)) | (BodyId::Piece(_), BodyId::Striker)
                ) {
                    report.touched = true;
                }
            }
            EventKind::Overboard {
                body: BodyId::Piece(i),
                ..
            } => report.overboard.push(colour_of(*i)),
            _ => {}
        }
    }
    if !report.pocketed.is_empty() || !report.overboard.is_empty() {
        // Only the striker moves at first: a piece that moved was touched through it, even
        // when the contact lasted too briefly to be recorded.
        report.touched = true;
    }
    report.striker_pocketed = matches!(striker, Fate::Pocketed(_));
    report.striker_overboard = striker == Fate::Overboard;
    report
}

fn striker_fate(result: &ShotResult) -> Fate {
    if result.striker.pocketed {
        Fate::Pocketed(0)
    } else if result.striker.overboard {
        Fate::Overboard
    } else {
        Fate::OnBoard
    }
}

/// The referee's report of a simulated stroke (the computer players judge every outcome they
/// simulate with it).
pub fn stroke_report(result: &ShotResult) -> StrokeReport {
    report_of(
        &result.events,
        |i| result.pieces[i].kind,
        striker_fate(result),
    )
}

/// What a simulated stroke did: the layout at rest and the referee's report.
pub fn outcome_of(result: &ShotResult) -> StrokeOutcome {
    StrokeOutcome {
        layout: result.layout(),
        report: stroke_report(result),
    }
}

/// What a stroke on a live board did, read from its roster and rapier bodies (the game's
/// bevy_rapier2d sets, stepped by the physics crate's own step).
pub fn outcome_from_roster(
    roster: &Roster,
    bodies: &RigidBodySet,
    events: &[Event],
) -> StrokeOutcome {
    let striker = roster.striker.map(|m| m.fate).unwrap_or(Fate::OnBoard);
    let report = report_of(events, |i| roster.kinds[i], striker);
    let layout = roster
        .kinds
        .iter()
        .zip(&roster.pieces)
        .filter(|(_, m)| m.fate == Fate::OnBoard)
        .map(|(kind, m)| {
            let p = bodies[m.body].translation();
            Piece {
                kind: *kind,
                x: p.x,
                y: p.y,
            }
        })
        .collect();
    StrokeOutcome { layout, report }
}

/// The board's circles and the men's size as the referee needs them for placing a man (Laws
/// 84-86, 89(b)), from the board being played.
pub fn geometry(spec: &Spec) -> Geometry {
    let b = &spec.board;
    Geometry {
        outer_circle_radius: f64::from(b.outer_circle_radius()),
        centre_circle_radius: f64::from(b.centre_circle_radius()),
        piece_radius: f64::from(b.coin_radius()),
    }
}

/// Where the umpire puts a piece back (Laws 65, 93, 94: the Queen, a piece that left the
/// board): the centre, or the nearest free spot to it, searched on rings 2 mm apart. Saves
/// replay with this spot, so it must not change without a new save version.
pub fn umpire_spot(spec: &Spec, layout: &[Piece]) -> Vec2 {
    let d = spec.board.coin_diameter;
    let free = |x: f32, y: f32| layout.iter().all(|p| (p.x - x).hypot(p.y - y) >= d - 1e-6);
    if free(0.0, 0.0) {
        return Vec2::ZERO;
    }
    for ring in 1..200 {
        let r = ring as f32 * 0.002;
        let n = (ring * 8).max(8);
        for k in 0..n {
            let a = k as f32 / n as f32 * std::f32::consts::TAU;
            let (x, y) = (r * a.cos(), r * a.sin());
            if free(x, y) {
                return Vec2::new(x, y);
            }
        }
    }
    Vec2::ZERO
}
