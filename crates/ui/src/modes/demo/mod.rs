//! Computer players' demos: each computer's plan is announced before it strikes; the watcher
//! pauses (P), speeds up or slows down (+, -) (in a replay too) and starts another match (N).

mod setup;

use crate::modes::table::{PlayAgain, Table};
use crate::sim::SimSpeed;
use crate::states::{PausableSystems, Pause, Playing, Watched};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(setup::plugin)
        .add_systems(OnEnter(Playing::Demo), |mut table: ResMut<Table>| {
            table.computers.commentary = true
        })
        .add_systems(
            PostUpdate,
            watched_awake
                .in_set(PausableSystems)
                .run_if(in_state(Watched)),
        )
        .add_systems(
            Update,
            (
                (pause_key, speed_keys).run_if(in_state(Watched)),
                // Also while the pieces move: after the stroke in hand is judged, if it just
                // ended, so it is not judged in the new match.
                next_demo
                    .run_if(in_state(Playing::Demo))
                    .after(crate::sim::SimSet)
                    .after(crate::modes::flow::finish_stroke),
            ),
        );
}

/// P pauses and goes on.
fn pause_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    pause: Res<State<Pause>>,
    mut next: ResMut<NextState<Pause>>,
) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyP)) {
        next.set(match pause.get() {
            Pause::Running => Pause::Paused,
            Pause::Paused => Pause::Running,
        });
    }
}

/// + and - double and halve the speed (1x-8x).
fn speed_keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut speed: ResMut<SimSpeed>) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
        speed.factor = (speed.factor * 2.0).min(8.0);
    }
    if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
        speed.factor = (speed.factor * 0.5).max(1.0);
    }
}

/// N: another demo match, seeded from this one's seed.
fn next_demo(keys: Option<Res<ButtonInput<KeyCode>>>, mut commands: Commands) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyN)) {
        commands.trigger(PlayAgain);
    }
}

/// A demo or a replay keeps the window drawing while it plays, but for a computer thinking
/// where that wakes the window when done ([`crate::work::WAKES_THE_WINDOW`]).
fn watched_awake(
    thinking: Res<crate::modes::turn::Thinking>,
    mut awake: MessageWriter<crate::pace::StayAwake>,
) {
    if !(crate::work::WAKES_THE_WINDOW && thinking.is_thinking()) {
        awake.write(crate::pace::StayAwake("a demo or a replay"));
    }
}
