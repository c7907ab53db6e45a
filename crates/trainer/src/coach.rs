//! The coach in a drill: the shot that does the drill's task — its target into its pocket,
//! legally — found by the coach's search over the shots at that target (the drill's own
//! stroke among them), or for the break the pieces its level asks down, and measured as the
//! coach measures any shot.

use crate::drill::{Drill, DrillKind};
use carrom_ai::coach::{Goal, Hint, hint_for};
use carrom_ai::{Candidate, ShotKind};
use carrom_physics::Spec;

/// What the coach searches for in `drill`: its target into its pocket; for the break, its
/// pieces down (any piece at level 1; above, the player's own, the turn going on).
pub fn goal(drill: &Drill) -> Goal {
    let Some(t) = drill.target else {
        return Goal::Pieces {
            own: drill.level > 1,
            at_least: drill.pieces_needed,
        };
    };
    let kind = match drill.kind {
        DrillKind::OffACushion => ShotKind::PieceBank,
        DrillKind::Combination => ShotKind::Combination,
        _ => ShotKind::Direct,
    };
    Goal::Pocket {
        piece: t.piece,
        pocket: t.pocket,
        known: Some(Candidate {
            shot: drill.demonstration,
            prior: 0.0,
            kind,
            target: Some(t.piece),
        }),
    }
}

/// The coach's shot for `drill` as it stands (the Queen's cover included), seeded with
/// `seed`; `None` when there is no legal place for the striker.
pub fn hint(spec: &Spec, drill: &Drill, seed: u64) -> Option<Hint> {
    let position = &drill.position;
    hint_for(
        spec,
        &position.pieces,
        position.seat,
        &drill.referee(),
        goal(drill),
        seed,
    )
}
