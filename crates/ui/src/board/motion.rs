//! Motion that tells what happened: a pocketed piece (or the striker) drops into its pocket —
//! it slides to the pocket's centre and shrinks into the net — instead of vanishing; the
//! striker slides back from where it stopped to the base line for the next stroke; and the
//! pocket a call is about is ringed (the Queen awaiting cover, the striker lost with a foul).

use super::draw::{PieceLook, spawn_piece};
use crate::modes::table::Table;
use crate::pace;
use crate::sim::{BodyMarker, Equipment, LiveTable, SimSet};
use crate::states::{Phase, Refereed, Screen};
use crate::theme::palette;
use bevy::prelude::*;
use carrom_physics::{BodyId, EventKind};

/// Seconds a pocketed piece takes to drop into the net.
const DROP_SECONDS: f32 = 0.35;

/// A piece dropping into a pocket: from where it was drawn last to the pocket's centre.
#[derive(Component)]
pub(crate) struct Dropping {
    from: Vec2,
    to: Vec2,
    age: f32,
}

/// How far through the live table's events the drops have been made, for which load.
#[derive(Resource, Default)]
struct Seen {
    generation: u32,
    events: usize,
}

/// The pockets the last stroke put the Queen and the striker in.
#[derive(Resource, Default)]
struct LastPockets {
    queen: Option<usize>,
    striker: Option<usize>,
}

/// Seconds the striker takes to come back to the base line.
const RETURN_SECONDS: f32 = 0.3;

/// Where the striker came to rest after the last stroke (none if it was pocketed or left the
/// board), and how long it has been coming back.
#[derive(Resource, Default)]
pub struct StrikerReturn {
    from: Option<Vec2>,
    age: f32,
}

impl StrikerReturn {
    /// The striker is on its way back.
    pub fn returning(&self) -> bool {
        self.from.is_some()
    }

    /// Where to draw the striker in hand that will stand at `to`: on its way back from where
    /// it stopped, or at `to`.
    pub fn at(&self, to: Vec2) -> Vec2 {
        match self.from {
            Some(from) if self.age < RETURN_SECONDS => {
                let k = self.age / RETURN_SECONDS;
                from.lerp(to, 1.0 - (1.0 - k) * (1.0 - k))
            }
            _ => to,
        }
    }
}

fn track_striker(
    q: Query<(&BodyMarker, &Transform, &Visibility)>,
    mut back: ResMut<StrikerReturn>,
) {
    if let Some((_, tf, vis)) = q.iter().find(|(m, _, _)| m.0 == BodyId::Striker) {
        back.from = (*vis != Visibility::Hidden).then(|| tf.translation.truncate());
        back.age = 0.0;
    }
}

fn return_striker(time: Res<Time>, mut back: ResMut<StrikerReturn>) {
    if back.from.is_some() {
        back.age += time.delta_secs();
        if back.age >= RETURN_SECONDS {
            back.from = None;
        }
    }
}

fn forget_striker(mut back: ResMut<StrikerReturn>) {
    back.from = None;
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StrikerReturn>()
        .add_systems(
            Update,
            (
                track_striker.run_if(in_state(Phase::Moving)),
                return_striker.run_if(in_state(Phase::Aim)),
            )
                .after(SimSet)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnEnter(Phase::PlaceDue), forget_striker)
        .add_systems(OnEnter(Phase::BoardOver), forget_striker)
        .add_systems(
            PostUpdate,
            (
                // The striker's return counts down only while a turn waits.
                pace::while_busy(StrikerReturn::returning, "the striker coming back")
                    .run_if(in_state(Phase::Aim)),
                stay_awake_while_dropping,
            )
                .run_if(in_state(Screen::Game)),
        );
    app.init_resource::<Seen>()
        .init_resource::<LastPockets>()
        .add_systems(
            Update,
            (
                start_drops,
                drop_into_pockets,
                call_highlight.run_if(in_state(Refereed)),
            )
                .chain()
                .after(SimSet)
                .run_if(in_state(Screen::Game)),
        );
}

/// The window keeps drawing while a piece drops into a net.
fn stay_awake_while_dropping(
    drops: Query<(), With<Dropping>>,
    mut awake: MessageWriter<pace::StayAwake>,
) {
    if !drops.is_empty() {
        awake.write(pace::StayAwake("a piece dropping"));
    }
}

/// Each piece the board took into a pocket since the last frame starts its drop, from where
/// its sprite was last drawn.
fn start_drops(
    mut commands: Commands,
    live: Res<LiveTable>,
    mut seen: ResMut<Seen>,
    mut last: ResMut<LastPockets>,
    spec: Res<Equipment>,
    look: Option<Res<PieceLook>>,
    drawn: Query<(&BodyMarker, &Transform)>,
) {
    let Some(look) = look else { return };
    if seen.generation != live.generation {
        *seen = Seen {
            generation: live.generation,
            events: 0,
        };
        if live.running {
            // A new stroke: the last one's pockets are forgotten.
            *last = LastPockets::default();
        }
    }
    let pockets = spec.0.board.pockets();
    for e in live.events.iter().skip(seen.events) {
        let (body, kind, pocket) = match e.kind {
            EventKind::Pocketed {
                piece,
                kind,
                pocket,
                ..
            } => (BodyId::Piece(piece), Some(kind), pocket),
            EventKind::StrikerPocketed { pocket } => (BodyId::Striker, None, pocket),
            _ => continue,
        };
        let Some(p) = pockets.get(pocket) else {
            continue;
        };
        match kind {
            None => last.striker = Some(pocket),
            Some(carrom_physics::PieceColour::Queen) => last.queen = Some(pocket),
            _ => {}
        }
        let to = Vec2::new(p.x, p.y);
        let from = drawn
            .iter()
            .find(|(m, _)| m.0 == body)
            .map_or(to, |(_, tf)| tf.translation.truncate());
        let e = spawn_piece(&mut commands, &look, kind, from, 0.9);
        commands
            .entity(e)
            .insert((Dropping { from, to, age: 0.0 }, DespawnOnExit(Screen::Game)));
    }
    seen.events = live.events.len();
}

fn drop_into_pockets(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Dropping, &mut Transform)>,
) {
    for (e, mut d, mut tf) in &mut q {
        d.age += time.delta_secs();
        let k = (d.age / DROP_SECONDS).clamp(0.0, 1.0);
        // Eased in: the piece tips over the rim, then falls.
        let ease = k * k;
        let at = d.from.lerp(d.to, (2.0 * k).min(1.0));
        tf.translation.x = at.x;
        tf.translation.y = at.y;
        tf.scale = Vec3::splat(1.0 - 0.75 * ease);
        if k >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

/// A double ring on what the last call is about: the Queen's pocket while she awaits cover;
/// the striker's pocket after it was pocketed. It does not pulse: the window rests while a
/// person thinks, and a still ring reads the same whenever it is drawn.
fn call_highlight(
    mut gizmos: Gizmos,
    table: Res<Table>,
    phase: Res<State<Phase>>,
    last: Res<LastPockets>,
    spec: Res<Equipment>,
) {
    if *phase.get() == Phase::Moving {
        return;
    }
    let pockets = spec.0.board.pockets();
    let ring = |gizmos: &mut Gizmos, pocket: usize, colour: Color| {
        if let Some(p) = pockets.get(pocket) {
            for k in [1.08, 1.2] {
                gizmos.circle_2d(
                    Isometry2d::from_translation(Vec2::new(p.x, p.y)),
                    p.radius * k,
                    colour,
                );
            }
        }
    };
    let queen_waits = matches!(
        table.model.referee.queen(),
        carrom_referee::QueenState::AwaitingCover { .. }
    );
    if queen_waits && let Some(pocket) = last.queen {
        ring(&mut gizmos, pocket, palette::POCKET_FOUL);
    }
    if let Some(pocket) = last.striker
        && table.model.last.as_ref().is_some_and(|v| v.foul)
    {
        ring(&mut gizmos, pocket, palette::POCKET_QUEEN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_striker_slides_back_from_where_it_stopped_and_then_stays_in_hand() {
        let to = Vec2::new(0.0, -0.3);
        let mut back = StrikerReturn {
            from: Some(Vec2::new(0.2, 0.1)),
            age: 0.0,
        };
        assert_eq!(
            back.at(to),
            Vec2::new(0.2, 0.1),
            "it starts where it stopped"
        );
        back.age = 0.5 * RETURN_SECONDS;
        let mid = back.at(to);
        assert!(
            mid.distance(to) < Vec2::new(0.2, 0.1).distance(to),
            "on its way"
        );
        assert!(mid.distance(to) > 0.0);
        back.age = RETURN_SECONDS;
        assert_eq!(back.at(to), to, "back on the base line");
        assert_eq!(
            StrikerReturn::default().at(to),
            to,
            "a pocketed striker is simply in hand"
        );
    }
}
