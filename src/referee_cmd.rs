//! `carrom referee`: the scenario runner.

use crate::input::read_input;
use std::path::Path;

/// Prints each stroke's line as soon as it is judged (a long scenario starts printing at once
/// and holds no lines).
pub fn referee(file: Option<&Path>) -> Result<(), String> {
    use std::io::Write;
    let (text, source) = read_input(file)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut write_failed = None;
    let judged = carrom_referee::run_scenario_streaming(&text, |line| {
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
