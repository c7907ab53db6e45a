//! The match commands that need no window: the headless demo and the replay check. Thin: the
//! match is `carrom_match`, the computer players `carrom_ai`.

use carrom_ai::{Computers, level_of};
use carrom_match::{Action, Match, MatchSetup, Player, SaveFile, load_rules};
use carrom_physics::Spec;
use carrom_referee::Seats;
use std::path::Path;
use std::time::Instant;

/// The level of the demo's computer players when none is given.
pub const DEMO_LEVEL: &str = "medium";

#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// 2 (singles) or 4 (doubles).
    #[arg(long, default_value_t = 4)]
    pub seats: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Computer level: easy, medium or hard.
    #[arg(long, default_value = DEMO_LEVEL)]
    pub level: String,
    /// No window: print the rulings as the match goes.
    #[arg(long)]
    pub headless: bool,
    /// Simulation speed in the window, 1 to 8.
    #[arg(long, default_value_t = 2.0)]
    pub speed: f32,
    #[arg(long, default_value = "icf")]
    pub rules: String,
}

/// Whether a window can be opened (an X11 or Wayland display is named).
pub fn has_display() -> bool {
    let has = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
    has("DISPLAY") || has("WAYLAND_DISPLAY")
}

pub fn seats_of(n: u32) -> Result<Seats, String> {
    Seats::from_count(n).ok_or_else(|| format!("--seats: {n} is not 2 or 4"))
}

/// A match of computer players of one level.
pub fn demo_setup(seats: Seats, rules: &str, level: &str, seed: u64) -> Result<MatchSetup, String> {
    if level_of(level).is_none() {
        return Err(format!("--level: `{level}` is not easy, medium or hard"));
    }
    let mut setup = MatchSetup::new(seats, load_rules(rules)?, rules, seed);
    for p in setup.players.iter_mut() {
        *p = Player {
            name: format!("{} (computer)", p.name),
            computer: Some(level.into()),
        };
    }
    Ok(setup)
}

/// The headless demo: computers play a full match, the rulings printed as they are made.
pub fn headless_demo(spec: &Spec, setup: MatchSetup) -> Result<(), String> {
    let t0 = Instant::now();
    println!(
        "Headless demo: {} computer players, {} rules, seed {}",
        setup.players.len(),
        setup.rules_name,
        setup.seed
    );
    let computers = Computers::for_setup(&setup)?;
    let mut game = Match::new(spec, setup)?;
    let played = finish_headless(&mut game, computers);
    println!(
        "Match over after {} actions in {:.1} s: games {:?}, winner {}",
        game.actions.len(),
        t0.elapsed().as_secs_f64(),
        game.referee.games(),
        game.referee
            .match_winner()
            .map(|s| format!("{} (side {})", game.side_name(s), s.index()))
            .unwrap_or_else(|| "none".into())
    );
    played
}

/// Reads a save or replay and plays it again headless: the setup must be playable (its rules,
/// a player for every seat, known computer levels), every action must replay and reach the
/// recorded position, and the match must end as recorded. Every error names the file and the
/// field or action.
#[cfg_attr(not(feature = "game"), allow(dead_code))]
pub fn load_save(
    spec: &Spec,
    file: &Path,
    print: impl FnMut(&str),
) -> Result<(SaveFile, Match), String> {
    let save = SaveFile::load(file)?;
    let game = check_save(spec, file, &save, print)?;
    Ok((save, game))
}

/// [`load_save`] for a save already read from `file`.
fn check_save(
    spec: &Spec,
    file: &Path,
    save: &SaveFile,
    print: impl FnMut(&str),
) -> Result<Match, String> {
    let name = file.display();
    Computers::for_setup(&save.setup).map_err(|e| format!("{name}: setup.{e}"))?;
    // The one resume of a save (the game menu's Continue goes through it too).
    Ok(carrom_match::resume(spec, save, &name.to_string(), print)?.game)
}

/// What `carrom replay` prints of the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsOutput {
    None,
    /// After the replay's lines, the statistics as text.
    Text,
    /// Only the statistics, as one JSON object (the replay's lines are not printed).
    Json,
}

impl StatsOutput {
    pub fn of(stats: bool, json: bool) -> StatsOutput {
        match (stats, json) {
            (_, true) => StatsOutput::Json,
            (true, false) => StatsOutput::Text,
            _ => StatsOutput::None,
        }
    }
}

/// Replays a save or replay file headless and checks that it ends as recorded; then prints its
/// statistics if asked.
pub fn replay_check(spec: &Spec, file: &Path, stats: StatsOutput) -> Result<SaveFile, String> {
    let save = SaveFile::load(file)?;
    let text = stats != StatsOutput::Json;
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
            println!("{line}")
        }
    })?;
    let games = game.referee.games();
    let score = game.referee.score();
    if text {
        println!(
            "Replay ends as recorded: games {games:?}, score {score:?}{}{}",
            if save.finished {
                " (match finished)"
            } else {
                " (match in progress)"
            },
            if save.digests.is_empty() {
                ""
            } else {
                "; every action reached its recorded position"
            }
        );
    }
    match stats {
        StatsOutput::None => {}
        StatsOutput::Text => print_stats(&game),
        StatsOutput::Json => println!(
            "{}",
            serde_json::to_string(&game.stats).map_err(|e| e.to_string())?
        ),
    }
    Ok(save)
}

/// The match's statistics as text: a line per player, then a line per board.
fn print_stats(game: &Match) {
    println!("Statistics:");
    for line in game.stats.lines() {
        println!("  {line}");
    }
}

/// Resumes a saved match without a window (`play --load` where there is no display): possible
/// when the computer plays every seat; the rulings are printed as the match goes on.
#[cfg(feature = "game")]
pub fn resume_headless(spec: &Spec, file: &Path) -> Result<(), String> {
    let (save, mut game) = load_save(spec, file, |_| {})?;
    if let Some(seat) = save
        .setup
        .seats
        .seats()
        .iter()
        .find(|s| !game.is_computer(**s))
    {
        return Err(format!(
            "{}: {} is played by a person ({}), so resuming needs a display (none found: DISPLAY and WAYLAND_DISPLAY are unset)",
            file.display(),
            seat.title(),
            game.player(*seat).name
        ));
    }
    println!(
        "No display found: the computers play on {} from action {}.",
        file.display(),
        save.actions.len()
    );
    finish_headless(&mut game, Computers::for_setup(&save.setup)?)
}

/// Computers play `game` to its end, the rulings printed as they are made.
/// Each stroke is announced first: the computer's intent, its chance, and the other shots it
/// weighed.
fn finish_headless(game: &mut Match, mut computers: Computers) -> Result<(), String> {
    const MAX_ACTIONS: usize = 20_000;
    computers.commentary = true;
    while !game.is_over() && game.actions.len() < MAX_ACTIONS {
        let Some(action) = computers.act(game) else {
            break;
        };
        if let (Action::Stroke { .. }, Some(c)) = (&action, computers.last_commentary.take()) {
            let who = game.with_names(c.seat.title());
            for line in c.lines() {
                println!("  {who} {line}");
            }
        }
        if let Some(v) = game.apply(&action)? {
            for line in game.verdict_lines(&v) {
                println!("{line}");
            }
        }
    }
    print_stats(game);
    for v in &game.violations {
        println!("INVARIANT VIOLATED {v}");
    }
    if game.violations.is_empty() {
        Ok(())
    } else {
        Err(format!("{} invariant violations", game.violations.len()))
    }
}
