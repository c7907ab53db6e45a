//! Sounds: a click for piece contacts (louder for harder hits), a deeper knock for the
//! striker, a thud for the cushions and a rattle for the pockets. The samples are synthesised
//! in [`crate::sounds`] (no recordings; see assets/sounds/LICENSE.md).

use crate::sim::{BoardBody, ContactSpeeds, Cushion, PocketSensor};
use crate::sounds::wavs;
use bevy::audio::{AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use bevy_rapier2d::prelude::CollisionEvent;
use carrom_physics::BodyId;

/// The four sounds.
#[derive(Resource)]
struct Sounds {
    click: Handle<AudioSource>,
    knock: Handle<AudioSource>,
    thud: Handle<AudioSource>,
    pocket: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds).add_systems(
        PostUpdate,
        play_sounds.after(bevy_rapier2d::plugin::PhysicsSet::StepSimulation),
    );
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

/// What a collider entity is, for choosing a sound.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    Striker,
    Piece,
    Cushion,
    Pocket,
}

fn play_sounds(
    mut commands: Commands,
    mut collisions: MessageReader<CollisionEvent>,
    speeds: Res<ContactSpeeds>,
    parts: Query<(Option<&BoardBody>, Option<&Cushion>, Option<&PocketSensor>)>,
    sounds: Option<Res<Sounds>>,
) {
    let part = |e: Entity| match parts.get(e) {
        Ok((Some(b), _, _)) if b.0 == BodyId::Striker => Some(Part::Striker),
        Ok((Some(_), _, _)) => Some(Part::Piece),
        Ok((_, Some(_), _)) => Some(Part::Cushion),
        Ok((_, _, Some(_))) => Some(Part::Pocket),
        _ => None,
    };
    let Some(sounds) = sounds else {
        collisions.clear();
        return;
    };
    let mut played = 0;
    for event in collisions.read() {
        let CollisionEvent::Started(a, b, _) = *event else {
            continue;
        };
        // At most a few sounds per frame.
        if played >= 4 {
            continue;
        }
        let (Some(pa), Some(pb)) = (part(a), part(b)) else {
            continue;
        };
        let speed = speeds.get(a, b);
        let has = |p: Part| pa == p || pb == p;
        let (handle, speed) = if has(Part::Pocket) {
            (&sounds.pocket, 2.0)
        } else if has(Part::Cushion) {
            (&sounds.thud, speed)
        } else if has(Part::Striker) {
            (&sounds.knock, speed)
        } else {
            (&sounds.click, speed)
        };
        // Pieces resting against each other (the rack) touch without a sound.
        if speed < 0.05 {
            continue;
        }
        played += 1;
        let volume = (speed / 3.0).clamp(0.05, 1.0);
        commands.spawn((
            AudioPlayer(handle.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
        ));
    }
}
