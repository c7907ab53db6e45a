//! `carrom referee`: the scenario runner.

use crate::input::read_input;
use std::path::Path;

pub fn referee(file: Option<&Path>) -> Result<(), String> {
    let (text, source) = read_input(file)?;
    let lines = carrom_referee::run_scenario_lines(&text).map_err(|e| format!("{source}: {e}"))?;
    for line in lines {
        println!("{line}");
    }
    Ok(())
}
