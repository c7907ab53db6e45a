//! Sounds: a click for piece contacts (louder for harder hits), a deeper knock for the
//! striker, a thud for the cushions and a rattle for the pockets. The samples are synthesised
//! in [`sounds`] (no recordings; see assets/sounds/LICENSE.md).

pub mod sounds;

use crate::sim::{BoardBody, ContactSpeeds, Cushion, LiveTable, PocketSensor};
use bevy::audio::{AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use bevy_rapier2d::prelude::CollisionEvent;
use carrom_physics::{BodyId, Fate};
use sounds::wavs;

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

/// Whether there is somewhere to play sound: on Linux an ALSA playback device
/// (`/dev/snd/pcmC*D*p`) or a sound server's socket (PulseAudio, PipeWire); elsewhere,
/// assumed. Without one the game says once that sound is off and does not open an output
/// (which would print the sound libraries' alarming errors, as under Xvfb).
pub fn output_available() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let playback = std::fs::read_dir("/dev/snd").is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("pcmC") && name.ends_with('p')
        })
    });
    let server = std::env::var_os("PULSE_SERVER").is_some_and(|v| !v.is_empty())
        || std::env::var_os("XDG_RUNTIME_DIR")
            .filter(|d| !d.is_empty())
            .is_some_and(|dir| {
                let dir = std::path::Path::new(&dir);
                dir.join("pulse/native").exists() || dir.join("pipewire-0").exists()
            });
    playback || server
}

/// What a collider entity is, for choosing a sound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Part {
    Striker,
    Piece,
    Cushion,
    Pocket,
}

/// The sound for a contact between two parts, and its speed: `fell` says whether the board
/// took the body on a pocket's sensor into that pocket (a sensor also fires when a piece only
/// grazes the hole, or rests over its lip). `None`: silence.
pub fn sound_for(a: Part, b: Part, speed: f32, fell: bool) -> Option<(Part, f32)> {
    let has = |p: Part| a == p || b == p;
    let (kind, speed) = if has(Part::Pocket) {
        if !fell {
            return None;
        }
        (Part::Pocket, 2.0)
    } else if has(Part::Cushion) {
        (Part::Cushion, speed)
    } else if has(Part::Striker) {
        (Part::Striker, speed)
    } else {
        (Part::Piece, speed)
    };
    // Pieces resting against each other (the rack) touch without a sound.
    (speed >= 0.05).then_some((kind, speed))
}

#[allow(clippy::too_many_arguments)]
fn play_sounds(
    mut commands: Commands,
    mut collisions: MessageReader<CollisionEvent>,
    speeds: Res<ContactSpeeds>,
    live: Res<LiveTable>,
    mut rattled: Local<(u32, Vec<Entity>)>,
    parts: Query<(Option<&BoardBody>, Option<&Cushion>, Option<&PocketSensor>)>,
    sounds: Option<Res<Sounds>>,
    settings: Option<Res<crate::settings::Settings>>,
) {
    let master = settings.map_or(1.0, |s| s.volume);
    let part = |e: Entity| match parts.get(e) {
        Ok((Some(b), _, _)) if b.0 == BodyId::Striker => Some(Part::Striker),
        Ok((Some(_), _, _)) => Some(Part::Piece),
        Ok((_, Some(_), _)) => Some(Part::Cushion),
        Ok((_, _, Some(_))) => Some(Part::Pocket),
        _ => None,
    };
    // Did the board take this body into a pocket (and has it not rattled yet this stroke)?
    if rattled.0 != live.generation {
        *rattled = (live.generation, Vec::new());
    }
    let fell = |e: Entity| {
        parts.get(e).ok().and_then(|(b, _, _)| b).is_some_and(|b| {
            live.roster
                .as_ref()
                .and_then(|r| r.member(b.0))
                .is_some_and(|m| matches!(m.fate, Fate::Pocketed(_)))
        })
    };
    let Some(sounds) = sounds.filter(|_| master > 0.0) else {
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
        let body = if pa == Part::Pocket { b } else { a };
        let fell = fell(body) && !rattled.1.contains(&body);
        let Some((kind, speed)) = sound_for(pa, pb, speeds.get(a, b), fell) else {
            continue;
        };
        if kind == Part::Pocket {
            rattled.1.push(body);
        }
        let handle = match kind {
            Part::Pocket => &sounds.pocket,
            Part::Cushion => &sounds.thud,
            Part::Striker => &sounds.knock,
            Part::Piece => &sounds.click,
        };
        played += 1;
        let volume = (speed / 3.0).clamp(0.05, 1.0) * master;
        commands.spawn((
            AudioPlayer(handle.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pocket_rattles_only_for_a_piece_that_falls_in() {
        assert_eq!(
            sound_for(Part::Piece, Part::Pocket, 0.4, true),
            Some((Part::Pocket, 2.0))
        );
        // Grazing the hole, or resting over its lip: the sensor fires, the pocket is silent.
        assert_eq!(sound_for(Part::Pocket, Part::Piece, 0.4, false), None);
    }

    #[test]
    fn harder_hits_are_louder_and_resting_touches_silent() {
        let soft = sound_for(Part::Striker, Part::Piece, 0.5, false).unwrap();
        let hard = sound_for(Part::Striker, Part::Piece, 3.0, false).unwrap();
        assert_eq!(soft.0, Part::Striker);
        assert!(hard.1 > soft.1);
        assert_eq!(sound_for(Part::Piece, Part::Piece, 0.01, false), None);
        assert_eq!(
            sound_for(Part::Piece, Part::Cushion, 1.0, false).map(|s| s.0),
            Some(Part::Cushion)
        );
    }
}
