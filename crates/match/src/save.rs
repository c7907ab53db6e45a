//! Saves and replays: the match setup and every action, as JSON. A save of a finished match is
//! its replay. Written atomically (temporary file, then rename).

use crate::game::{Action, Match};
use crate::setup::MatchSetup;
use serde::{Deserialize, Serialize};
use std::path::Path;

pub const FORMAT: &str = "carrom-match";
/// The save format's version. A save replays its strokes through the physics, so a save is
/// tied to the physics that played it: version 2 is the physics with exact board friction,
/// steps planned around impacts and impact-time contact normals, and the umpire's spot of
/// [`crate::umpire_spot`]; a version-1 save would not reach the same positions.
pub const VERSION: u32 = 2;

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
}

impl SaveFile {
    pub fn of(model: &Match) -> SaveFile {
        SaveFile {
            format: FORMAT.into(),
            version: VERSION,
            setup: model.setup.clone(),
            actions: model.actions.clone(),
            games: model.referee.games(),
            score: model.referee.score(),
            finished: model.referee.is_over(),
        }
    }

    /// Parses a save; clear messages for files that are not ours or are damaged.
    pub fn parse(text: &str, name: &str) -> Result<SaveFile, String> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| format!("{name}: not a carrom save or replay (not valid JSON: {e})"))?;
        match value.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            Some(other) => {
                return Err(format!(
                    "{name}: not a carrom save or replay (format is `{other}`)"
                ));
            }
            None => {
                return Err(format!(
                    "{name}: not a carrom save or replay (no `format` field)"
                ));
            }
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == VERSION as u64 => {}
            Some(v) if v < VERSION as u64 => {
                return Err(format!(
                    "{name}: written by an older build (save version {v}); its strokes would not \
                     replay the same on this build's physics (version {VERSION})"
                ));
            }
            Some(v) => {
                return Err(format!(
                    "{name}: save format version {v} is not supported (this build reads {VERSION})"
                ));
            }
            None => return Err(format!("{name}: damaged save: no `version`")),
        }
        let file: SaveFile =
            serde_json::from_value(value).map_err(|e| format!("{name}: damaged save: {e}"))?;
        file.setup
            .validate()
            .map_err(|e| format!("{name}: damaged save: setup.{e}"))?;
        Ok(file)
    }

    pub fn load(path: &Path) -> Result<SaveFile, String> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        Self::parse(&text, &name)
    }

    /// Writes atomically: a crash mid-write leaves the previous file intact.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let name = path.display().to_string();
        let text = serde_json::to_string_pretty(self).map_err(|e| format!("{name}: {e}"))?;
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = std::path::PathBuf::from(tmp);
        {
            use std::io::Write;
            let mut f =
                std::fs::File::create(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
            f.write_all(text.as_bytes())
                .map_err(|e| format!("{}: {e}", tmp.display()))?;
            f.sync_all()
                .map_err(|e| format!("{}: {e}", tmp.display()))?;
        }
        std::fs::rename(&tmp, path).map_err(|e| format!("{name}: {e}"))
    }
}
