//! Saves and replays: the match setup and every action, as JSON. A save of a finished match is
//! its replay. Written atomically (temporary file, then rename).

use crate::error::SaveError;
use crate::game::{Action, Match};
use crate::setup::MatchSetup;
use carrom_physics::Spec;
pub use carrom_store::write_atomically;
use serde::{Deserialize, Serialize};
use std::path::Path;

pub const FORMAT: &str = "carrom-match";
/// The save format's version. A save replays its strokes through the physics, so a save is
/// tied to the physics that played it: version 2 is the physics with exact board friction,
/// steps planned around impacts and impact-time contact normals, and the umpire's spot of
/// [`crate::umpire_spot`]; version 3 is the same without rapier's warm start (`[sim]
/// warm_start = 0`). A version-2 save replays with the warm start on ([`SaveFile::physics`]);
/// a version-1 save would not reach the same positions.
pub const VERSION: u32 = 3;
/// The oldest version this build replays.
pub const OLDEST_VERSION: u32 = 2;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    pub setup: MatchSetup,
    pub actions: Vec<Action>,
    /// Games won by each side when the file was written (checked on replay).
    pub games: [u8; 2],
    pub score: [u16; 2],
    pub finished: bool,
    /// The digest of the position after each action ([`Match::digest`], 16 hex digits), checked
    /// on replay. Saves written before digests were recorded have none and are checked against
    /// their final games and score only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub digests: Vec<String>,
}

impl SaveFile {
    pub fn of(model: &Match) -> SaveFile {
        SaveFile {
            format: FORMAT.into(),
            // A match resumed from a version-2 save goes on with that save's physics.
            version: if model.spec.sim.warm_start == 1.0 {
                2
            } else {
                VERSION
            },
            setup: model.setup.clone(),
            actions: model.actions.clone(),
            games: model.referee.games(),
            score: model.referee.score(),
            finished: model.referee.is_over(),
            digests: model.digests.iter().map(|d| format!("{d:016x}")).collect(),
        }
    }

    /// Parses a save; clear messages for files that are not ours or are damaged.
    pub fn parse(text: &str, name: &str) -> Result<SaveFile, SaveError> {
        let name = name.to_string();
        let value: serde_json::Value = match serde_json::from_str(text) {
            Ok(value) => value,
            Err(source) => return Err(SaveError::NotJson { name, source }),
        };
        match value.get("format") {
            Some(serde_json::Value::String(f)) if f == FORMAT => {}
            Some(serde_json::Value::String(other)) => {
                let format = other.clone();
                return Err(SaveError::OtherFormat { name, format });
            }
            Some(other) => {
                let found = short(other);
                return Err(SaveError::FormatNotText { name, found });
            }
            None => return Err(SaveError::NoFormat { name }),
        }
        match value.get("version").map(|v| (v, v.as_u64())) {
            Some((_, Some(v))) if (OLDEST_VERSION as u64..=VERSION as u64).contains(&v) => {}
            Some((_, Some(version))) if version < OLDEST_VERSION as u64 => {
                return Err(SaveError::OlderVersion { name, version });
            }
            Some((_, Some(version))) => return Err(SaveError::NewerVersion { name, version }),
            Some((other, None)) => {
                let found = short(other);
                return Err(SaveError::VersionNotNumber { name, found });
            }
            None => return Err(SaveError::NoVersion { name }),
        }
        // A stroke's fields are named in errors (the tagged action alone would hide them).
        for (i, action) in value
            .get("actions")
            .and_then(|a| a.as_array())
            .into_iter()
            .flatten()
            .enumerate()
        {
            if let Some(shot) = action.get("shot")
                && let Err(e) = serde_path_to_error::deserialize::<_, carrom_physics::Shot>(shot)
            {
                return Err(SaveError::Damaged {
                    name,
                    field: Some(format!("actions[{i}].shot.{}", e.path())),
                    message: e.inner().to_string(),
                });
            }
        }
        let file: SaveFile = match serde_path_to_error::deserialize(value) {
            Ok(file) => file,
            Err(e) => {
                let path = e.path().to_string();
                return Err(SaveError::Damaged {
                    name,
                    field: (path != ".").then_some(path),
                    message: e.into_inner().to_string(),
                });
            }
        };
        if let Err(source) = file.setup.validate() {
            return Err(SaveError::Setup { name, source });
        }
        // A name no player may have (an escape, 100,000 characters) would reach the terminal
        // and other players' screens whole.
        for (i, player) in file.setup.players.iter().enumerate() {
            if let Err(e) = crate::Player::checked_name(&player.name) {
                return Err(SaveError::Damaged {
                    name,
                    field: Some(format!("setup.players[{i}].name")),
                    message: e.to_string(),
                });
            }
        }
        Ok(file)
    }

    /// The physics this save was played with: `spec`, with rapier's warm start on for a
    /// version-2 save.
    pub fn physics(&self, spec: &Spec) -> Spec {
        let mut spec = spec.clone();
        if self.version == 2 {
            spec.sim.warm_start = 1.0;
        }
        spec
    }

    pub fn load(path: &Path) -> Result<SaveFile, SaveError> {
        let name = path.display().to_string();
        match carrom_store::read_to_string(path) {
            Ok(text) => Self::parse(&text, &name),
            Err(source) => Err(SaveError::Read { name, source }),
        }
    }

    /// Writes atomically: a crash mid-write leaves the previous file intact.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        Ok(write_atomically(path, self.text(path)?.as_bytes())?)
    }

    /// [`SaveFile::write`], first making the save's folder when it is not there (the folder
    /// that cannot be made is named).
    pub fn keep(&self, path: &Path) -> Result<(), SaveError> {
        Ok(carrom_store::write_making_folder(
            path,
            self.text(path)?.as_bytes(),
        )?)
    }

    /// The save as written to `path`: pretty JSON.
    fn text(&self, path: &Path) -> Result<String, SaveError> {
        serde_json::to_string_pretty(self).map_err(|source| SaveError::Encode {
            name: path.display().to_string(),
            source,
        })
    }
}

/// A JSON value for an error message, cut to 40 characters.
fn short(value: &serde_json::Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}
