//! `carrom referee`: the scenario runner.

use crate::input::read_request;
use std::path::Path;

/// Prints each stroke's line as soon as it is judged (a long scenario starts printing at once
/// and holds no lines).
pub fn referee(file: Option<&Path>) -> Result<(), String> {
    use std::io::Write;
    let input = read_request(file)?;
    let source = &input.source;
    // Nothing is judged from a request that is not one JSON value; the referee's own reader
    // names where it breaks (the field path as well as the line).
    let text = match input.one_value() {
        Ok(text) => text,
        Err(e) => {
            return Err(
                match carrom_referee::run_scenario_streaming(&input.text, |_| {}) {
                    Err(why) => format!("{source}: {why}"),
                    Ok(_) => e,
                },
            );
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut write_failed = None;
    let judged = carrom_referee::run_scenario_streaming(text, |line| {
        if write_failed.is_none()
            && let Err(e) = writeln!(out, "{line}")
        {
            write_failed = Some(e);
        }
    });
    out.flush().map_err(|e| format!("stdout: {e}"))?;
    if let Some(e) = write_failed {
        return Err(format!("stdout: {e}"));
    }
    judged.map(|_| ()).map_err(|e| format!("{source}: {e}"))
}
