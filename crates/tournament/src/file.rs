//! The tournament's file: JSON with a `format` and a `version`, written atomically after
//! every game (a temporary file, synced, renamed over the old one: a kill during the save
//! leaves the old file or the new one, never half of one). A file of another version is
//! refused by name; a damaged one names the field.

use crate::game::decide;
use crate::tournament::{FORMAT, Tournament, VERSION, kind_of};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Why a tournament file is not read or written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{name}: {source}")]
    Read {
        name: String,
        source: std::io::Error,
    },
    #[error("{name}: not a tournament file (its `format` is not `{FORMAT}`)")]
    NotOurs { name: String },
    #[error(
        "{name}: field `version`: version {found} is not one this build reads (it reads version {VERSION})"
    )]
    Version { name: String, found: String },
    #[error("{name}: {reason}")]
    Damaged { name: String, reason: String },
    #[error(transparent)]
    Write(#[from] carrom_store::WriteError),
}

impl Tournament {
    /// Reads the tournament kept at `path`.
    pub fn load(path: &Path) -> Result<Tournament, FileError> {
        let name = path.display().to_string();
        let text = carrom_store::read_to_string(path).map_err(|source| FileError::Read {
            name: name.clone(),
            source,
        })?;
        Tournament::parse(&text, &name)
    }

    /// Parses a tournament file's text (`name` for the messages): its format and version
    /// first, then every field, then what the fields must agree on.
    pub fn parse(text: &str, name: &str) -> Result<Tournament, FileError> {
        let damaged = |reason: String| FileError::Damaged {
            name: name.to_string(),
            reason,
        };
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(FileError::NotOurs { name: name.into() });
        }
        match value.get("version") {
            Some(v) if v.as_u64() == Some(u64::from(VERSION)) => {}
            found => {
                let found = found.map_or("(none)".to_string(), |v| v.to_string());
                return Err(FileError::Version {
                    name: name.into(),
                    found,
                });
            }
        }
        let t: Tournament = serde_path_to_error::deserialize(value)
            .map_err(|e| damaged(format!("field `{}`: {}", e.path(), e.inner())))?;
        t.check_fields(name)?;
        Ok(t)
    }

    /// What the fields must agree on: the names once each, every game's players among them
    /// and its boards a game that its winner won, the games numbered in order.
    fn check_fields(&self, name: &str) -> Result<(), FileError> {
        self.mismatch().map_or(Ok(()), |reason| {
            Err(FileError::Damaged {
                name: name.to_string(),
                reason,
            })
        })
    }

    /// The first thing the fields disagree on, in words.
    fn mismatch(&self) -> Option<String> {
        let mut names = HashSet::new();
        for (i, p) in self.players.iter().enumerate() {
            if !names.insert(p.name.as_str()) {
                return Some(format!("field `players[{i}].name`: `{}` twice", p.name));
            }
        }
        for (i, g) in self.groups.iter().enumerate() {
            if let Some(p) = g.players.iter().find(|p| !names.contains(p.as_str())) {
                return Some(format!("field `groups[{i}].players`: `{p}` is no player"));
            }
        }
        for (i, g) in self.games.iter().enumerate() {
            let at = |f: &str| format!("field `games[{i}].{f}`");
            if g.number as usize != i + 1 {
                return Some(format!("{}: game {} out of order", at("number"), g.number));
            }
            if let Some(p) = g.players.iter().find(|p| !names.contains(p.as_str())) {
                return Some(format!("{}: `{p}` is no player", at("players")));
            }
            if !g.players.contains(&g.first) {
                return Some(format!("{}: `{}` is not in the game", at("first"), g.first));
            }
            let decided = match g
                .result
                .as_ref()
                .map(|o| decide(&g.players, o, kind_of(&g.stage)))
            {
                Some(Err(e)) => {
                    return Some(format!(
                        "field `games[{i}].result.{}`: {}",
                        e.field, e.reason
                    ));
                }
                Some(Ok(winner)) => winner,
                None => None,
            };
            if decided != g.winner {
                return Some(format!("{}: not what its boards say", at("winner")));
            }
        }
        None
    }

    /// Writes the tournament to `path` atomically, making its folder if need be.
    pub fn save(&self, path: &Path) -> Result<(), FileError> {
        // A tournament is plain data: it always encodes.
        let text = serde_json::to_string_pretty(self).unwrap_or_default() + "\n";
        carrom_store::write_making_folder(path, text.as_bytes())?;
        Ok(())
    }
}

/// The folder beside the tournament file `path` where its games' replays are kept:
/// `t.json` keeps them in `t-games/`.
pub fn replay_folder(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or("tournament".into(), |s| s.to_string_lossy());
    path.with_file_name(format!("{stem}-games"))
}

/// The replays' folder of the tournament file `path` ([`replay_folder`]), and its name as
/// the file writes the replays' paths (`t-games/game-001.json`): where a game's replays are
/// kept, by `carrom tournament play` and `record` and by the game's window alike.
pub fn replay_place(path: &Path) -> (PathBuf, String) {
    let folder = replay_folder(path);
    let name = (folder.file_name()).map_or(String::new(), |n| n.to_string_lossy().into_owned());
    (folder, name)
}
