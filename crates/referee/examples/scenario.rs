//! Runs a scenario from a file or stdin, like `carrom referee [FILE]`.
use std::io::Read;

fn main() {
    let mut input = String::new();
    match std::env::args().nth(1) {
        Some(path) => input = std::fs::read_to_string(path).expect("readable file"),
        None => {
            std::io::stdin().read_to_string(&mut input).expect("stdin");
        }
    }
    match carrom_referee::run_scenario_lines(&input) {
        Ok(lines) => lines.iter().for_each(|l| println!("{l}")),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
