//! Where a shot goes, for drawing it: the striker's path to the first piece it meets (its
//! turns off the cushions included) and that piece's path on to where it stops or falls.

use crate::shot::{Shot, ShotError, validate_pieces};
use crate::table::{BodyId, Clock, EventKind, Piece, Table};
use crate::{Spec, Vec2};

/// A shot's paths as lines through their turning points.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShotTrace {
    /// From where the striker is placed, through each cushion it meets, to where it meets its
    /// first piece (or to where it stopped, if it met none).
    pub striker: Vec<Vec2>,
    /// The first piece the striker meets (its index in the layout) and its path: from where it
    /// stood, through each cushion it meets, to the pocket it falls into or where it stops.
    pub target: Option<(usize, Vec<Vec2>)>,
    /// The pocket (its index in [`crate::BoardSpec::pockets`]) the target falls into.
    pub pocket: Option<usize>,
}

/// Plays `shot` on `pieces` without noise, as [`crate::simulate`] does, and follows the
/// striker and its first piece.
pub fn trace(spec: &Spec, pieces: &[Piece], shot: &Shot) -> Result<ShotTrace, ShotError> {
    validate_pieces(spec, pieces)?;
    shot.validate(spec, pieces)?;
    let mut table = Table::new(spec, pieces);
    let start = shot.striker_at(spec);
    table.place_striker(start, shot.striker_velocity(spec));
    let mut trace = ShotTrace {
        striker: vec![start],
        ..ShotTrace::default()
    };
    let mut clock = Clock::default();
    let mut events = Vec::new();
    let mut finished = false;
    while clock.time < spec.sim.max_time && !finished {
        let seen = events.len();
        finished = table.step(&mut clock, &mut events).at_rest;
        for e in &events[seen..] {
            follow(&table, &mut trace, &e.kind);
        }
    }
    end_paths(&table, &mut trace);
    Ok(trace)
}

/// Notes a turning point of the striker (before it meets a piece) or of its target.
fn follow(table: &Table, trace: &mut ShotTrace, kind: &EventKind) {
    let at = |id| table.position(id).unwrap_or_default();
    match (kind, trace.target.as_mut()) {
        (EventKind::Cushion { body, .. }, None) if *body == BodyId::Striker => {
            trace.striker.push(at(BodyId::Striker));
        }
        (EventKind::Contact { a, b, .. }, None) => {
            let piece = match (*a, *b) {
                (BodyId::Striker, BodyId::Piece(i)) | (BodyId::Piece(i), BodyId::Striker) => i,
                _ => return,
            };
            trace.striker.push(at(BodyId::Striker));
            trace.target = Some((piece, vec![at(BodyId::Piece(piece))]));
        }
        (EventKind::Cushion { body, .. }, Some((i, path))) if *body == BodyId::Piece(*i) => {
            path.push(at(*body));
        }
        (EventKind::Pocketed { piece, pocket, .. }, Some((i, path))) if *piece == *i => {
            path.push(table.spec.board.pockets()[*pocket].centre());
            trace.pocket = Some(*pocket);
        }
        _ => {}
    }
}

/// Ends the striker's path where it stopped if it met no piece, and the target's where it
/// stopped if it did not fall.
fn end_paths(table: &Table, trace: &mut ShotTrace) {
    if trace.target.is_none() {
        trace
            .striker
            .push(table.position(BodyId::Striker).unwrap_or_default());
    } else if trace.pocket.is_none()
        && let Some((i, path)) = trace.target.as_mut()
    {
        path.push(table.position(BodyId::Piece(*i)).unwrap_or_default());
    }
}
