//! Reading requests (from a file or stdin, one JSON value each).

use serde::Deserialize;
use serde::de::{DeserializeOwned, IgnoredAny};
use std::io::Read;
use std::path::Path;

/// A JSON request as read: its text and a name for error messages (the file, or `stdin`).
pub struct Request {
    pub text: String,
    pub source: String,
}

/// Reads a request from FILE, or stdin when there is no file (or it is `-`). A UTF-8
/// byte-order mark at the start (some editors write one) is dropped. Every command that reads
/// a JSON request (`simulate`, `referee`, `hint`) reads it here and parses it with
/// [`Request::parse`] or [`Request::one_value`], so each takes exactly one JSON value.
pub fn read_request(file: Option<&Path>) -> Result<Request, String> {
    let (text, source) = read_text(file)?;
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    Ok(Request { text, source })
}

fn read_text(file: Option<&Path>) -> Result<(String, String), String> {
    match file {
        Some(path) if path != Path::new("-") => {
            let name = path.display().to_string();
            std::fs::read_to_string(path)
                .map(|text| (text, name.clone()))
                .map_err(|e| format!("{name}: {e}"))
        }
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("stdin: {e}"))?;
            Ok((text, "stdin".to_string()))
        }
    }
}

impl Request {
    /// The request as a `T`, with nothing but white space after it. An error names the
    /// source, the field path, the line and column and the reason.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, String> {
        let source = &self.source;
        let de = &mut serde_json::Deserializer::from_str(&self.text);
        let value = serde_path_to_error::deserialize(&mut *de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            if path == "." || path.is_empty() {
                format!("{source}: {inner}")
            } else {
                format!("{source}: field `{path}`: {inner}")
            }
        })?;
        de.end().map_err(|e| format!("{source}: {e}"))?;
        Ok(value)
    }

    /// The text, once it is checked to be one JSON value and nothing after it (for a reader
    /// that parses the request itself as it goes, such as the referee's scenario runner).
    pub fn one_value(&self) -> Result<&str, String> {
        let mut de = serde_json::Deserializer::from_str(&self.text);
        IgnoredAny::deserialize(&mut de)
            .and_then(|_| de.end())
            .map_err(|e| format!("{}: {e}", self.source))?;
        Ok(&self.text)
    }
}
