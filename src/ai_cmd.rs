//! `carrom practice`, `carrom selfplay`, `carrom ladder`, `carrom breaks`: thin wrappers over
//! `carrom_ai`.

use crate::args::{
    JsonOnly, LevelList, LevelPair, SeatsArg, count, level_list, level_pair, named, seed,
};
use carrom_ai::benchmark::clearing_with;
use carrom_ai::breaks::break_map;
use carrom_ai::research::break_png::write_png;
use carrom_ai::research::ladder::{Pairs, run_ladder};
use carrom_ai::selfplay::{one_game_rules, selfplay as run_selfplay};
use carrom_ai::{LADDER, LevelSpec, Noise};
use carrom_ai::{Level, Rung};
use carrom_physics::Spec;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct PracticeArgs {
    /// Boards to clear, 1 to 100000.
    #[arg(long, default_value_t = 20, value_parser = count::<1, 100_000>)]
    pub boards: u64,
    /// The seed of the boards' noise, 0 to 18446744073709551615.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    pub seed: u64,
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Hard)]
    pub level: Level,
    #[command(flatten)]
    pub json: JsonOnly,
    /// Also report the decision times (wall clock) in the JSON line; without it, a seeded
    /// run prints the same bytes every time.
    #[arg(long)]
    pub timings: bool,
}

#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// Games to play, 1 to 100000.
    #[arg(long, default_value_t = 10, value_parser = count::<1, 100_000>)]
    pub games: u64,
    /// The seed of the first game, 0 to 18446744073709551615.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    pub seed: u64,
    /// Two levels (beginner, easy, medium, skilled or hard), comma-separated: side 0's, then
    /// side 1's.
    #[arg(long, default_value = "medium,easy", value_parser = level_pair)]
    pub levels: LevelPair,
    /// Players: 2 (singles) or 4 (doubles).
    #[arg(long, value_enum, default_value_t = SeatsArg::Two)]
    pub seats: SeatsArg,
    #[command(flatten)]
    pub json: JsonOnly,
}

#[derive(clap::Args, Debug)]
pub struct LadderArgs {
    /// Games each pair of levels plays, 1 to 100000.
    #[arg(long, default_value_t = 4, value_parser = count::<1, 100_000>)]
    pub games: u64,
    /// The seed of the first pair's games, 0 to 18446744073709551615.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    pub seed: u64,
    /// The levels to rate, comma-separated (at least two; every level when omitted); the
    /// weakest of them is rated 1000.
    #[arg(long, value_parser = level_list)]
    pub levels: Option<LevelList>,
    /// Play only neighbouring levels (enough to rate them all, and far quicker than every
    /// pair: the strongest levels' decisions are the slow ones).
    #[arg(long)]
    pub neighbours: bool,
    #[command(flatten)]
    pub json: JsonOnly,
}

#[derive(clap::Args, Debug)]
pub struct BreaksArgs {
    /// Sample the whole grid of positions and directions.
    #[arg(long)]
    pub grid: bool,
    /// Write the heat map as a PNG.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The seed of the breaks' noise, 0 to 18446744073709551615.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    pub seed: u64,
    #[command(flatten)]
    pub json: JsonOnly,
}

fn json_line(value: &impl serde::Serialize) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

pub fn practice(spec: &Spec, args: &PracticeArgs) -> Result<(), String> {
    let (json, timings) = (args.json.json, args.timings);
    let level = args.level;
    let boards = args.boards as u32;
    let summary = clearing_with(
        spec,
        level,
        boards,
        args.seed,
        Noise::BENCHMARK,
        |i, run| {
            if !json {
                println!("{}", run.line(i + 1));
            }
        },
    );
    if !json {
        println!("{}", summary.line(level));
    }
    println!("{}", json_line(&summary.figures(timings))?);
    Ok(())
}

pub fn selfplay(spec: &Spec, args: &SelfplayArgs) -> Result<(), String> {
    let json = args.json.json;
    let levels = args.levels.0;
    let seats = args.seats.seats();
    let (games, seed) = (args.games as u32, args.seed);
    let summary = run_selfplay(
        spec,
        one_game_rules(),
        seats,
        levels,
        games,
        seed,
        |g, run| {
            if !json {
                println!("{}", run.line(g + 1, levels));
            }
        },
    );
    if !json {
        println!("{}", summary.line(levels));
    }
    println!("{}", json_line(&summary.figures())?);
    Ok(())
}

pub fn ladder(spec: &Spec, args: &LadderArgs) -> Result<(), String> {
    let json = args.json.json;
    let games = args.games as u32;
    let levels: Vec<LevelSpec> = match &args.levels {
        Some(list) => list.0.iter().map(|l| *l.spec()).collect(),
        None => LADDER.to_vec(),
    };
    let pairs = if args.neighbours {
        Pairs::Neighbours
    } else {
        Pairs::RoundRobin
    };
    if !json {
        println!("{}", pairs.heading(levels.len(), games));
    }
    let report = run_ladder(spec, &levels, pairs, games, args.seed, |p| {
        if !json {
            p.lines().iter().for_each(|line| println!("{line}"));
        }
    });
    if !json {
        report
            .rating_lines()
            .iter()
            .for_each(|line| println!("{line}"));
    }
    println!("{}", json_line(&report)?);
    Ok(())
}

pub fn breaks(spec: &Spec, args: &BreaksArgs) -> Result<(), String> {
    let (out, json) = (args.out.as_deref(), args.json.json);
    let map = break_map(spec, args.grid, args.seed, Noise::BENCHMARK);
    if let Some(path) = out {
        write_png(&map, path).map_err(|e| e.to_string())?;
    }
    if !json {
        map.lines(spec).iter().for_each(|line| println!("{line}"));
        if let Some(path) = out {
            println!("heat map written to {}", path.display());
        }
    }
    println!("{}", json_line(&map.figures())?);
    Ok(())
}
