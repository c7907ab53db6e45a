//! Saves and replays: the match setup and every action, as JSON. A save of a finished match is
//! its replay. Written atomically (temporary file, then rename).

use crate::game::{Action, Match};
use crate::setup::MatchSetup;
use carrom_physics::Spec;
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
    pub fn parse(text: &str, name: &str) -> Result<SaveFile, String> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| format!("{name}: not a carrom save or replay (not valid JSON: {e})"))?;
        match value.get("format") {
            Some(serde_json::Value::String(f)) if f == FORMAT => {}
            Some(serde_json::Value::String(other)) => {
                return Err(format!(
                    "{name}: not a carrom save or replay (format is `{other}`)"
                ));
            }
            Some(other) => {
                return Err(format!(
                    "{name}: format: expected \"{FORMAT}\", found {}",
                    short(other)
                ));
            }
            None => {
                return Err(format!(
                    "{name}: not a carrom save or replay (no `format` field)"
                ));
            }
        }
        match value.get("version") {
            Some(serde_json::Value::Number(n))
                if n.as_u64()
                    .is_some_and(|v| (OLDEST_VERSION as u64..=VERSION as u64).contains(&v)) => {}
            Some(serde_json::Value::Number(n))
                if n.as_u64().is_some_and(|v| v < OLDEST_VERSION as u64) =>
            {
                return Err(format!(
                    "{name}: written by an older build (save version {n}); its strokes would not \
                     replay the same on this build's physics (version {VERSION})"
                ));
            }
            Some(serde_json::Value::Number(n)) if n.as_u64().is_some() => {
                return Err(format!(
                    "{name}: save format version {n} is not supported (this build reads {VERSION})"
                ));
            }
            Some(other) => {
                return Err(format!(
                    "{name}: version: expected a whole number ({VERSION}), found {}",
                    short(other)
                ));
            }
            None => return Err(format!("{name}: damaged save: no `version`")),
        }
        // A stroke's fields are named in errors (the tagged action alone would hide them).
        for (i, action) in value
            .get("actions")
            .and_then(|a| a.as_array())
            .into_iter()
            .flatten()
            .enumerate()
        {
            if let Some(shot) = action.get("shot") {
                serde_path_to_error::deserialize::<_, carrom_physics::Shot>(shot).map_err(|e| {
                    format!(
                        "{name}: damaged save: actions[{i}].shot.{}: {}",
                        e.path(),
                        e.inner()
                    )
                })?;
            }
        }
        let file: SaveFile = serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            if path == "." {
                format!("{name}: damaged save: {inner}")
            } else {
                format!("{name}: damaged save: {path}: {inner}")
            }
        })?;
        file.setup
            .validate()
            .map_err(|e| format!("{name}: damaged save: setup.{e}"))?;
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

    pub fn load(path: &Path) -> Result<SaveFile, String> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        Self::parse(&text, &name)
    }

    /// Writes atomically: a crash mid-write leaves the previous file intact.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let text =
            serde_json::to_string_pretty(self).map_err(|e| format!("{}: {e}", path.display()))?;
        write_atomically(path, text.as_bytes())
    }
}

/// Writes `bytes` to `path` atomically: to a new temporary file of its own in the same
/// directory (`.<name>.<random>.tmp`), synced, then renamed over `path`. A crash mid-write
/// leaves the previous file intact, a failed write removes the temporary file, and two
/// writers at the same moment (two processes saving one file) each write their own
/// temporary file, so the file is always one writer's whole version. The error names the
/// file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let write = || -> std::io::Result<()> {
        use std::io::Write;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        // As readable as a file made with `File::create` (the umask applies), not only by
        // its owner.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        // Dropped on an error before the rename: the temporary file is removed.
        let mut tmp = builder.tempfile_in(dir)?;
        tmp.write_all(bytes)?;
        tmp.as_file().sync_all()?;
        tmp.persist(path).map_err(|e| e.error)?;
        Ok(())
    };
    write().map_err(|e| format!("{}: {e}", path.display()))
}

/// A JSON value for an error message, cut to 40 characters.
fn short(value: &serde_json::Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}
