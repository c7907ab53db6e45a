//! Sounds: a click for piece contacts (louder for harder hits), a deeper knock for the
//! striker, a thud for the cushions and a rattle for the pockets. The samples are synthesised
//! in [`crate::sounds`] (no recordings; see assets/sounds/LICENSE.md).

use crate::sim::LiveTable;
use crate::sounds::wavs;
use bevy::audio::{AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use carrom_physics::{BodyId, EventKind};

/// The four sounds.
#[derive(Resource)]
struct Sounds {
    click: Handle<AudioSource>,
    knock: Handle<AudioSource>,
    thud: Handle<AudioSource>,
    pocket: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds)
        .add_systems(Update, play_sounds.after(crate::sim::SimSet));
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut get = |name: &str| {
        let bytes = wavs()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, b)| b)
            .unwrap_or_default();
        sources.add(AudioSource {
            bytes: bytes.into(),
        })
    };
    commands.insert_resource(Sounds {
        click: get("click.wav"),
        knock: get("knock.wav"),
        thud: get("thud.wav"),
        pocket: get("pocket.wav"),
    });
}

fn play_sounds(mut commands: Commands, mut live: ResMut<LiveTable>, sounds: Option<Res<Sounds>>) {
    let events = std::mem::take(&mut live.fresh_events);
    let Some(sounds) = sounds else { return };
    // At most a few sounds per frame.
    for e in events.iter().take(4) {
        let (handle, speed) = match &e.kind {
            EventKind::Contact {
                a: BodyId::Striker,
                speed,
                ..
            } => (&sounds.knock, *speed),
            EventKind::Contact { speed, .. } => (&sounds.click, *speed),
            EventKind::Cushion { speed, .. } => (&sounds.thud, *speed),
            EventKind::Pocketed { .. } | EventKind::StrikerPocketed { .. } => (&sounds.pocket, 2.0),
            EventKind::Overboard { .. } => (&sounds.thud, 4.0),
        };
        let volume = (speed / 3.0).clamp(0.05, 1.0);
        commands.spawn((
            AudioPlayer(handle.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
        ));
    }
}
