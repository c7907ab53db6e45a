//! `carrom server-load --matches N`: N concurrent quick matches of headless computer clients
//! against one `carrom server` started on the loopback interface, and its figures
//! (`carrom_server::load` runs them).

use crate::args::{count, named};
use carrom_ai::Level;
use carrom_match::MatchLength;
use carrom_server::load::{LoadPlan, SwissLoad};
use std::process::Command;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct LoadArgs {
    /// Concurrent matches, 1 to 1000.
    #[arg(long, default_value_t = 10, value_parser = count::<1, 1000>)]
    pub matches: u64,
    /// The computers' level.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Beginner)]
    pub level: Level,
    /// Each match's length.
    #[arg(long, value_parser = named::<MatchLength>(), default_value_t = MatchLength::Board)]
    pub length: MatchLength,
    /// Stop after this many seconds, 1 to 3600, whether or not the matches are over.
    #[arg(long, default_value_t = 300, value_parser = count::<1, 3600>)]
    pub within: u64,
    /// Seconds each client waits before each of its actions (a person's pace), 0 to 10; 0:
    /// back to back, as fast as the computers think.
    #[arg(long, default_value_t = 0.0, value_parser = pace)]
    pub pace: f64,
    /// The server's database (`postgres://...`, an empty one: the clients claim new names);
    /// SQLite in a temporary folder when not given.
    #[arg(long)]
    pub db: Option<String>,
    /// A Swiss of this many computers (2 to 128) played on the server beside the matches, whose
    /// clients play one quick match after another until its last round ends.
    #[arg(long, value_parser = count::<2, 128>)]
    pub swiss: Option<u64>,
    /// The Swiss's rounds, 1 to 12.
    #[arg(long, default_value_t = 6, value_parser = count::<1, 12>, requires = "swiss")]
    pub swiss_rounds: u64,
    /// Print only the figures as JSON.
    #[arg(long)]
    pub json: bool,
}

/// A pace: seconds from 0 to 10.
fn pace(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.0..=10.0).contains(&s) => Ok(s),
        _ => Err("not a number of seconds from 0 to 10".into()),
    }
}

pub fn server_load(args: LoadArgs) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let db = (args.db.clone()).unwrap_or_else(|| carrom_server::sqlite_in(dir.path()));
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    // The server lets every client in from this one address, and offers none a computer.
    let mut server = Command::new(exe);
    server
        .args(["server", "--listen", "127.0.0.1:0", "--db", &db])
        .args(["--max-per-address", "100000"])
        .args(["--new-names-per-hour", "100000"])
        .args(["--computer-after", "3600"])
        .env("CARROM_CONFIG_DIR", dir.path());
    let plan = LoadPlan {
        matches: args.matches,
        level: args.level,
        length: args.length,
        within: Duration::from_secs(args.within),
        pace: args.pace,
        db: args.db,
        swiss: args.swiss.map(|players| SwissLoad {
            players,
            rounds: args.swiss_rounds as usize,
        }),
    };
    let figures = carrom_server::load::run(server, &plan).map_err(|e| e.to_string())?;
    if args.json {
        println!("{figures}");
    } else {
        println!("{}", serde_json::to_string_pretty(&figures).expect("JSON"));
    }
    Ok(())
}
