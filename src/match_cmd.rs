//! The match commands that need no window: the headless demo and the replay check. Thin: the
//! match is `carrom_match`, the computer players `carrom_ai`.

use crate::args::{PlayersArg, RulesArg, named, rules_arg, seed, speed};
use carrom_ai::{Level, headless};
use carrom_match::MatchLength;
use carrom_match::{Match, MatchSetup, SaveFile, SetupError};
use carrom_physics::Spec;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// Players: 2 (singles) or 4 (doubles); in the point game (`--rules points`) 2, 3 or 4,
    /// each for himself.
    #[arg(long, value_enum, default_value_t = PlayersArg::Four)]
    pub seats: PlayersArg,
    /// The match's seed, 0 to 18446744073709551615.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    pub seed: u64,
    /// The computers' level (every seat); without it, the ladder's top two, hard against
    /// skilled.
    #[arg(long, value_parser = named::<Level>())]
    pub level: Option<Level>,
    /// No window: print the rulings as the match goes.
    #[arg(long)]
    pub headless: bool,
    /// Simulation speed in the window, 1 to 8.
    #[arg(long, default_value_t = 2.0, value_parser = speed)]
    pub speed: f32,
    /// Rules: icf, vkk, fof2022, casual, traditional or points, or a rules file (.toml or
    /// .ron).
    #[arg(long, default_value = "icf", value_parser = rules_arg)]
    pub rules: RulesArg,
    /// The match's length: one board, one game, or the rule set's full match.
    #[arg(long, value_parser = named::<MatchLength>(), default_value_t = MatchLength::Full)]
    pub length: MatchLength,
    /// With --headless: write the finished match to this file as a replay (the game's list of
    /// saved matches and replays shows the files in its data directory's `saves`).
    #[arg(long, requires = "headless")]
    pub replay_out: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The replay or save file.
    pub file: PathBuf,
    /// Play it back on the board in a window (P pauses, +/- speed), after the check.
    #[arg(long)]
    pub window: bool,
    /// After the check, each player's statistics and each board's result.
    #[arg(long)]
    pub stats: bool,
    /// With --stats: print only the statistics, as one JSON object.
    #[arg(long, requires = "stats")]
    pub json: bool,
}

/// The demo's match: computer players of the ladder's top two levels, or of the one asked for.
/// Seats the rules cannot seat (three with two colours) are refused, naming `--seats`.
pub fn demo_setup(args: &DemoArgs) -> Result<MatchSetup, String> {
    let mut rules = args.rules.clone();
    args.length.apply(&mut rules.rules);
    let levels = Level::demo_levels(args.level);
    let setup = carrom_ai::computers_match(
        args.seats.seats(rules.rules.points.is_some()),
        rules.rules,
        &rules.name,
        levels,
        args.seed,
    );
    setup.validate().map_err(|e| match e {
        SetupError::PointGameOnly { .. } | SetupError::NoPartnersForPoints { .. } => {
            format!("--{e}")
        }
        e => e.to_string(),
    })?;
    Ok(setup)
}

/// The headless demo: computers play a full match, the rulings printed as they are made; the
/// finished match written as a replay to `out` (atomically) when asked.
pub fn headless_demo(spec: &Spec, setup: MatchSetup, out: Option<&Path>) -> Result<(), String> {
    if let Some(out) = out {
        carrom_store::can_write(out).map_err(|e| format!("--replay-out {}: {e}", out.display()))?;
    }
    let game = headless::demo(spec, setup, say).map_err(|e| e.to_string())?;
    if let Some(out) = out {
        SaveFile::of(&game).keep(out).map_err(|e| e.to_string())?;
        println!("Replay written to {}", out.display());
    }
    Ok(())
}

fn say(line: &str) {
    println!("{line}");
}

/// Reads a save or replay and plays it again headless: the setup must be playable (its rules,
/// a player for every seat, known computer levels), every action must replay and reach the
/// recorded position, and the match must end as recorded. Every error names the file and the
/// field or action.
pub fn load_save(
    spec: &Spec,
    file: &Path,
    print: impl FnMut(&str),
) -> Result<(SaveFile, Match), String> {
    let save = SaveFile::load(file).map_err(|e| e.to_string())?;
    let game = check_save(spec, file, &save, print)?;
    Ok((save, game))
}

/// [`load_save`] for a save already read from `file`: the one resume of a save (the game
/// menu's Continue goes through it too).
fn check_save(
    spec: &Spec,
    file: &Path,
    save: &SaveFile,
    print: impl FnMut(&str),
) -> Result<Match, String> {
    let name = file.display().to_string();
    carrom_match::resume(spec, save, &name, print)
        .map(|r| r.game)
        .map_err(|e| e.to_string())
}

/// Replays a save or replay file headless and checks that it ends as recorded; then prints its
/// statistics if asked.
pub fn replay_check(spec: &Spec, args: &ReplayArgs) -> Result<SaveFile, String> {
    let file = &args.file;
    let save = SaveFile::load(file).map_err(|e| e.to_string())?;
    // With --json only the statistics' JSON line.
    let text = !args.json;
    if text {
        println!(
            "Replay of {}: {} actions, {} rules, seed {}",
            file.display(),
            save.actions.len(),
            save.setup.rules_name,
            save.setup.seed
        );
    }
    let game = check_save(spec, file, &save, |line| {
        if text {
            say(line)
        }
    })?;
    if text {
        say(&game.replay_end_line(&save));
    }
    if args.json {
        let json = serde_json::to_string(&game.stats).map_err(|e| e.to_string())?;
        println!("{json}");
    } else if args.stats {
        game.statistics_lines().iter().for_each(|l| say(l));
    }
    Ok(save)
}

/// Resumes a saved match without a window (`play --load` where there is no display): possible
/// when the computer plays every seat; the rulings are printed as the match goes on.
#[cfg(feature = "game")]
pub fn resume_headless(spec: &Spec, file: &Path, no_display: &str) -> Result<(), String> {
    let (save, mut game) = load_save(spec, file, |_| {})?;
    if let Some(seat) = game.person_seat() {
        return Err(format!(
            "{}: {} is played by a person ({}), so resuming needs a display (none found: {no_display})",
            file.display(),
            seat.title(),
            game.player(seat).name
        ));
    }
    println!(
        "No display ({no_display}): the computers play on {} from action {}.",
        file.display(),
        save.actions.len()
    );
    let computers = carrom_ai::Computers::for_setup(&save.setup);
    headless::play_aloud(&mut game, computers, say).map_err(|e| e.to_string())
}
