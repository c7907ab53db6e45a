//! Reading requests: from a file or stdin, parsed with errors that name the field.

use serde::de::DeserializeOwned;
use std::io::Read;
use std::path::Path;

/// Reads FILE, or stdin when there is no file (or it is `-`). Returns the text and a name for
/// error messages. A UTF-8 byte-order mark at the start (some editors write one) is dropped.
pub fn read_input(file: Option<&Path>) -> Result<(String, String), String> {
    read_text(file).map(|(text, name)| match text.strip_prefix('\u{feff}') {
        Some(rest) => (rest.to_string(), name),
        None => (text, name),
    })
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

/// Parses JSON; an error names the source, the field path, the line and column and the reason.
pub fn parse_json<T: DeserializeOwned>(text: &str, source: &str) -> Result<T, String> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." || path.is_empty() {
            format!("{source}: {inner}")
        } else {
            format!("{source}: field `{path}`: {inner}")
        }
    })
}
