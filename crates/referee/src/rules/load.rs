//! Rules files: a [`Rules`] read from RON or TOML, every missing field taking its ICF value,
//! and the errors that name the file, the line and the field.

use super::Rules;
use std::path::Path;
use thiserror::Error;

impl Rules {
    /// Loads a rules file, choosing RON or TOML by its extension.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Rules, RulesError> {
        let path = path.as_ref();
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| RulesError::Io {
            file: file.clone(),
            message: e.to_string(),
        })?;
        match path.extension().and_then(|e| e.to_str()) {
            Some("ron") => Rules::from_ron_str(&text, &file),
            Some("toml") => Rules::from_toml_str(&text, &file),
            _ => Err(RulesError::Format { file }),
        }
    }

    /// Parses RON text; `file` names the source in errors.
    pub fn from_ron_str(text: &str, file: &str) -> Result<Rules, RulesError> {
        let rules: Rules = ron::from_str(text).map_err(|e| {
            use ron::error::Error as E;
            let line = e.span.start.line.max(1);
            let named = match &e.code {
                E::NoSuchStructField { found, .. } => Some(found.clone()),
                E::DuplicateStructField { field, .. } | E::MissingStructField { field, .. } => {
                    Some((*field).to_string())
                }
                _ => key_near_line(text, line, ':'),
            };
            located(file, line, named, e.code.to_string())
        })?;
        check_values(rules, text, file, ':')
    }

    /// Parses TOML text; `file` names the source in errors. An error in a field's value names
    /// the field, however deep in its value (a table where a name is wanted) it is.
    pub fn from_toml_str(text: &str, file: &str) -> Result<Rules, RulesError> {
        let read = match toml::Deserializer::parse(text) {
            Ok(d) => serde_path_to_error::deserialize(d)
                .map_err(|e| (outer_field(e.path()), e.into_inner())),
            Err(e) => Err((None, e)),
        };
        let rules: Rules = read.map_err(|(field, e)| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1)
                .unwrap_or(1);
            let message = e.message().trim().to_string();
            let named = backticked_after(&message, "unknown field `")
                .or(field)
                .or_else(|| key_near_line(text, line, '='));
            located(file, line, named, message)
        })?;
        check_values(rules, text, file, '=')
    }

    /// Serialises to TOML (for writing an example file).
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("Rules always serialises")
    }
}

/// A rules file's error at `line`: naming the field when it is known.
fn located(file: &str, line: usize, field: Option<String>, message: String) -> RulesError {
    let file = file.to_string();
    match field {
        Some(field) => RulesError::Field {
            file,
            line,
            field,
            message,
        },
        None => RulesError::Syntax {
            file,
            line,
            message,
        },
    }
}

/// The field of [`Rules`] an error's path starts in (`game_won_by` for `game_won_by.board`).
fn outer_field(path: &serde_path_to_error::Path) -> Option<String> {
    match path.iter().next()? {
        serde_path_to_error::Segment::Map { key } => Some(key.clone()),
        _ => None,
    }
}

fn check_values(rules: Rules, text: &str, file: &str, sep: char) -> Result<Rules, RulesError> {
    match rules.validate() {
        Ok(()) => Ok(rules),
        Err((field, message)) => Err(RulesError::Field {
            file: file.into(),
            line: line_of_key(text, field, sep).unwrap_or(1),
            field: field.into(),
            message,
        }),
    }
}

fn backticked_after(message: &str, prefix: &str) -> Option<String> {
    let start = message.find(prefix)? + prefix.len();
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_string())
}

/// The key (`name:` in RON, `name =` in TOML) on `line` (1-based) or the nearest line above.
fn key_near_line(text: &str, line: usize, sep: char) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let last = line.min(lines.len());
    for l in (last.saturating_sub(3)..last).rev() {
        if let Some(k) = key_on(lines[l], sep) {
            return Some(k);
        }
    }
    None
}

fn key_on(line: &str, sep: char) -> Option<String> {
    let before = &line[..line.find(sep)?];
    let key = before
        .trim()
        .trim_start_matches(['(', ',', '{'])
        .trim()
        .trim_matches('"');
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then(|| key.to_string())
}

fn line_of_key(text: &str, field: &str, sep: char) -> Option<usize> {
    text.lines()
        .position(|l| key_on(l, sep).as_deref() == Some(field))
        .map(|i| i + 1)
}

/// A rules file that could not be used. The message names the file, the line and the field.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error("{file}: cannot read rules file: {message}")]
    Io { file: String, message: String },
    #[error("{file}: line {line}: field `{field}`: {message}")]
    Field {
        file: String,
        line: usize,
        field: String,
        message: String,
    },
    #[error("{file}: line {line}: {message}")]
    Syntax {
        file: String,
        line: usize,
        message: String,
    },
    #[error("{file}: unknown rules file format (expected a .ron or .toml file)")]
    Format { file: String },
}
