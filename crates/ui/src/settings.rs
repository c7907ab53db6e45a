//! The player's settings, kept between runs: the sound's volume, tournament play (no guide, no hints),
//! a fixed or turning board, the rules the menu starts with, the players' names, the computer's
//! level and the coach's hints. Saved atomically as RON in the user's config directory
//! (`~/.config/carrom/settings.ron` on Linux; `CARROM_CONFIG_DIR` puts it elsewhere). A
//! malformed file is reported, named with its line and field, and the defaults are used; the
//! file is not overwritten until a setting is changed.

use bevy::prelude::*;
use carrom_match::{Level, MatchLength};
use carrom_referee::Preset;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The server Play online connects to until another is typed: `carrom server` on this machine.
pub const DEFAULT_SERVER: &str = "127.0.0.1:8787";

/// The server Play online starts with where it is not [`DEFAULT_SERVER`], told before the
/// settings are read ([`serve_from`]).
static STARTING_SERVER: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Play online starts with `server` instead of [`DEFAULT_SERVER`]: the browser's page tells
/// the one it came from (`carrom server --web` serves the page) before the game starts. Only
/// the first one told counts.
pub fn serve_from(server: String) {
    let _ = STARTING_SERVER.set(server);
}

/// The server Play online starts with: the one told by [`serve_from`], else
/// [`DEFAULT_SERVER`].
pub fn default_server() -> String {
    STARTING_SERVER
        .get()
        .cloned()
        .unwrap_or_else(|| DEFAULT_SERVER.to_string())
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The sounds' volume, 0 (off) to 1.
    pub volume: f32,
    /// Tournament play: matches without the aim guide or the coach's hints, as in real play
    /// (off by default: the guide shows in every match and `G` turns it off).
    pub tournament: bool,
    /// Read from older settings files and not written again (the guide follows
    /// [`Settings::tournament`] now).
    #[serde(rename = "guide_in_icf_matches", skip_serializing)]
    pub old_guide_in_icf_matches: bool,
    /// The board stays fixed instead of turning to the player to strike.
    pub fixed_board: bool,
    /// The rule set the menu starts with.
    pub rules: Preset,
    /// The players' names, by seat: South, North, East, West.
    pub names: [String; 4],
    /// The computer's level: one of the ladder's (beginner, easy, medium, skilled, hard).
    pub level: Level,
    /// The coach's hints in matches.
    pub hints: bool,
    /// How long a match started from the menu is: `board`, `game` or `full`.
    pub length: MatchLength,
    /// Play online: the carrom server's address (`HOST:PORT`, or a `ws://` or `wss://` URL).
    pub server: String,
    /// Play online: the name played under (the menu's first player's when empty).
    pub online_name: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.8,
            tournament: false,
            old_guide_in_icf_matches: false,
            fixed_board: false,
            rules: Preset::Icf,
            names: ["Player 1", "Player 2", "Player 3", "Player 4"].map(String::from),
            level: Level::Medium,
            hints: false,
            length: MatchLength::Full,
            server: default_server(),
            online_name: String::new(),
        }
    }
}

/// Where the settings live: `$CARROM_CONFIG_DIR/settings.ron`, or the platform's config
/// directory's `carrom/settings.ron` (in the browser, the page's storage).
pub fn settings_path() -> Option<PathBuf> {
    carrom_store::config_dir().map(|d| d.join("settings.ron"))
}

/// Where saves and the autosave live: `$CARROM_CONFIG_DIR`, or the platform's data directory's
/// `carrom` (in the browser, the page's storage).
pub fn data_dir() -> Option<PathBuf> {
    carrom_store::data_dir()
}

/// The one autosave of earlier versions (still listed under Continue until it is finished).
pub fn legacy_autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave.json"))
}

/// Where each match in progress is autosaved, one file a match (the menu's Continue).
pub fn autosaves_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosaves"))
}

/// Where F5 saves and finished matches' replays go.
pub fn saves_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("saves"))
}

/// A match's autosave, written after every stroke: `autosaves/singles-Asha-v-Ravi-123456.json`
/// in [`data_dir`], so every match keeps its own and a new match never overwrites another's.
pub fn autosave_path_for(setup: &carrom_match::MatchSetup) -> Option<PathBuf> {
    autosaves_dir().map(|d| d.join(file_name_for(setup)))
}

/// The JSON files in `dirs` (and the `extra` files that exist), newest first, at most `most`.
pub fn newest_files(dirs: &[PathBuf], extra: &[PathBuf], most: usize) -> Vec<PathBuf> {
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = dirs
        .iter()
        .filter_map(|d| carrom_store::files_in(d).ok())
        .flatten()
        .chain(extra.iter().filter(|p| carrom_store::exists(p)).cloned())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter_map(|p| {
            let t = carrom_store::modified(&p).ok()?;
            Some((t, p))
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.into_iter().take(most).map(|(_, p)| p).collect()
}

/// The autosaves of matches in progress, newest first (the menu's Continue).
pub fn recent_autosaves(most: usize) -> Vec<PathBuf> {
    let dirs: Vec<PathBuf> = autosaves_dir().into_iter().collect();
    let legacy: Vec<PathBuf> = legacy_autosave_path().into_iter().collect();
    newest_files(&dirs, &legacy, most)
}

/// A match's own save file (F5): named after the game and its players, so a doubles save never
/// replaces a singles one: `saves/singles-Asha-v-Ravi-123456.json` in [`data_dir`] (the
/// working directory when there is none).
pub fn save_path_for(setup: &carrom_match::MatchSetup) -> PathBuf {
    saves_dir().unwrap_or_default().join(file_name_for(setup))
}

/// A match's file name: its kind, its players and its seed.
fn file_name_for(setup: &carrom_match::MatchSetup) -> String {
    let names: Vec<String> = setup
        .players
        .iter()
        .map(|p| {
            // Letters and digits, each run of anything else one '_': "North (computer)" is
            // "North_computer".
            let words = p.name.split(|c: char| !c.is_alphanumeric());
            words
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join("_")
        })
        .collect();
    let kind = if setup.players.len() == 4 {
        "doubles"
    } else {
        "singles"
    };
    format!("{kind}-{}-{}.json", names.join("-v-"), setup.seed)
}

/// Why the settings could not be written (the words the menu shows).
#[derive(Debug, thiserror::Error)]
pub enum SaveSettingsError {
    #[error("settings: {0}")]
    Encode(#[from] ron::Error),
    #[error("{}: {source}", dir.display())]
    Directory {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write the settings: {0}")]
    Write(String),
}

/// Why the settings written in a file are not used (the words the menu shows after the file's
/// name): where it does not read, or the field out of range.
#[derive(Debug, thiserror::Error)]
pub enum BadSettings {
    /// The text does not read as settings: where, the field to blame (if one is), and why.
    #[error(
        "line {line}, column {column}: {}{why}",
        field.as_ref().map(|f| format!("{f}: ")).unwrap_or_default()
    )]
    Unreadable {
        line: usize,
        column: usize,
        field: Option<String>,
        why: ron::Error,
    },
    #[error("volume: {0} is outside 0..1")]
    Volume(f32),
    #[error("names[{row}]: longer than {most} characters")]
    NameTooLong { row: usize, most: usize },
}

impl Settings {
    /// Checks each field's range; the error names the field.
    pub fn validate(&self) -> Result<(), BadSettings> {
        if !(0.0..=1.0).contains(&self.volume) {
            return Err(BadSettings::Volume(self.volume));
        }
        for (row, n) in self.names.iter().enumerate() {
            let most = carrom_match::Player::MAX_NAME;
            if n.chars().count() > most {
                return Err(BadSettings::NameTooLong { row, most });
            }
        }
        Ok(())
    }

    /// Reads the settings at `path`: the defaults when there is no file; the defaults and the
    /// reason when it cannot be read or is malformed (naming the file, line and field).
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        let text = match carrom_store::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Settings::default(), None);
            }
            Err(e) => {
                return (
                    Settings::default(),
                    Some(format!(
                        "{}: cannot be read ({e}); using the defaults",
                        path.display()
                    )),
                );
            }
        };
        match Settings::parse(&text).and_then(|s| s.validate().map(|()| s)) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!("{}: {e}; using the defaults", path.display())),
            ),
        }
    }

    /// The settings written in `text`; the error names the line, column and field.
    fn parse(text: &str) -> Result<Settings, BadSettings> {
        let at = |e: ron::error::SpannedError, field: Option<String>| BadSettings::Unreadable {
            line: e.span.start.line,
            column: e.span.start.col,
            field,
            why: e.code,
        };
        let mut de = ron::Deserializer::from_str(text).map_err(|e| at(e, None))?;
        match serde_path_to_error::deserialize::<_, Settings>(&mut de) {
            Ok(s) => match de.end() {
                Ok(()) => Ok(s),
                Err(e) => Err(at(de.span_error(e), None)),
            },
            Err(e) => {
                let field = Some(e.path().to_string()).filter(|p| p != ".");
                Err(at(de.span_error(e.into_inner()), field))
            }
        }
    }

    /// Writes the settings to `path` atomically (a temporary file beside it, synced, renamed
    /// over it), creating its directory.
    pub fn save(&self, path: &Path) -> Result<(), SaveSettingsError> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())?;
        if let Some(dir) = path.parent() {
            carrom_store::create_dir_all(dir).map_err(|source| SaveSettingsError::Directory {
                dir: dir.to_path_buf(),
                source,
            })?;
        }
        carrom_match::write_atomically(path, text.as_bytes())
            .map_err(|e| SaveSettingsError::Write(e.to_string()))
    }
}

/// Where the settings are kept, and the message from reading them (shown in the menu).
#[derive(Resource, Clone, Debug, Default)]
pub struct SettingsFile {
    pub path: Option<PathBuf>,
    pub message: Option<String>,
}

impl SettingsFile {
    /// Saves `settings` if there is a place for them; a failure becomes the message.
    pub fn store(&mut self, settings: &Settings) {
        if let Some(path) = &self.path
            && let Err(e) = settings.save(path)
        {
            self.message = Some(e.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("carrom-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn settings_are_written_and_read_back() {
        let d = dir("round");
        let path = d.join("carrom").join("settings.ron");
        let mut s = Settings {
            volume: 0.25,
            fixed_board: true,
            rules: Preset::Casual,
            ..Settings::default()
        };
        s.names[0] = "Asha".into();
        s.save(&path).unwrap();
        assert!(!path.with_extension("ron.tmp").exists());
        assert_eq!(Settings::load(&path), (s, None));
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn a_doubles_save_is_named_apart_from_a_singles_save() {
        use carrom_match::MatchSetup;
        use carrom_referee::{Rules, Seats};
        let singles = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 7);
        let doubles = MatchSetup::new(Seats::Doubles, Rules::icf(), "icf", 7);
        let (a, b) = (save_path_for(&singles), save_path_for(&doubles));
        assert_ne!(a, b);
        let a = a.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(a, "singles-South-v-North-7.json");
        assert!(b.to_string_lossy().contains("doubles-"), "{b:?}");
        let mut against = singles.clone();
        against.players[1].name = "North (computer)".into();
        let c = save_path_for(&against);
        let c = c.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(c, "singles-South-v-North_computer-7.json");
    }

    #[test]
    fn no_file_is_the_defaults_without_a_message() {
        let d = dir("none");
        assert_eq!(
            Settings::load(&d.join("settings.ron")),
            (Settings::default(), None)
        );
    }

    #[test]
    fn a_malformed_file_gives_the_defaults_and_names_the_file_line_and_field() {
        let d = dir("bad");
        std::fs::create_dir_all(&d).unwrap();
        let path = d.join("settings.ron");
        std::fs::write(&path, "(\n  volume: 0.5,\n  colour: \"red\",\n)").unwrap();
        let (s, msg) = Settings::load(&path);
        assert_eq!(s, Settings::default());
        let msg = msg.unwrap();
        assert!(
            msg.contains("settings.ron") && msg.contains("line 3"),
            "{msg}"
        );
        assert!(msg.contains("colour"), "{msg}");

        std::fs::write(&path, "(volume: 7.0)").unwrap();
        let msg = Settings::load(&path).1.unwrap();
        assert!(msg.contains("volume: 7 is outside 0..1"), "{msg}");
        std::fs::write(&path, "(rules: \"snooker\")").unwrap();
        let msg = Settings::load(&path).1.unwrap();
        assert!(msg.contains("rules: `snooker`"), "{msg}");
        // The bad file is left for the player to see.
        assert!(std::fs::read_to_string(&path).unwrap().contains("snooker"));
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn settings_written_before_their_choices_had_types_still_load_and_keep_their_text() {
        let d = dir("typed");
        std::fs::create_dir_all(&d).unwrap();
        let path = d.join("settings.ron");
        std::fs::write(
            &path,
            "(rules: \"casual\", level: \"fast\", length: \"board\")",
        )
        .unwrap();
        let (s, message) = Settings::load(&path);
        assert_eq!(message, None);
        assert_eq!(
            (s.rules, s.level, s.length),
            (Preset::Casual, Level::Easy, MatchLength::Board)
        );
        s.save(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("level: \"easy\""), "{text}");
        assert!(text.contains("rules: \"casual\""), "{text}");
        std::fs::write(&path, "(level: \"expert\")").unwrap();
        let message = Settings::load(&path).1.unwrap();
        assert!(
            message.contains("level: `expert` is not a level"),
            "{message}"
        );
        std::fs::remove_dir_all(&d).ok();
    }
}
