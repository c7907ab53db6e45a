//! The game's commands: play, demo, screenshot, replay. Thin: the game is `carrom_ui`.

use crate::args::{DEMO_LEVEL, RulesArg, SeatArg, count, named, player_name, rules_arg, seed};
use crate::match_cmd::{
    DemoArgs, ReplayArgs, demo_setup, headless_demo, load_save, replay_check, resume_headless,
};
use carrom_ai::{Level, computers_match};
use carrom_match::MatchLength;
use carrom_match::{MatchSetup, PlayersError};
use carrom_physics::Spec;
use carrom_referee::{Seat, Seats};
use carrom_ui::display::{self, Xvfb};
use carrom_ui::screenshot::{ScreenshotPlan, ShotMode};
use carrom_ui::{Launch, Start};
use clap::ValueEnum;
use std::path::PathBuf;
use std::time::Duration;

/// What `carrom play` opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PlayMode {
    /// The menu (the default).
    #[default]
    Menu,
    Singles,
    Doubles,
    /// Three players each for himself, the point game (the `points` rules unless `--rules`
    /// names another point game).
    Three,
    /// Break practice.
    Practice,
    /// Drills by kind of shot, with the player's progress kept.
    Training,
    /// Computers play a match.
    Demo,
}

#[derive(clap::Args, Debug, Default)]
pub struct PlayArgs {
    #[arg(long, value_enum)]
    pub mode: Option<PlayMode>,
    /// Player names in seat order (South, North in singles; South, East, North, West in
    /// doubles; South, East, North in three), each 1 to 24 characters.
    #[arg(long, value_delimiter = ',', value_parser = player_name)]
    pub names: Vec<String>,
    /// Rules: icf, vkk, fof2022, casual, traditional or points, or a rules file (.toml or
    /// .ron).
    #[arg(long, value_parser = rules_arg)]
    pub rules: Option<RulesArg>,
    /// The match's length: one board, one game, or the rule set's full match.
    #[arg(long, value_parser = named::<MatchLength>(), default_value_t = MatchLength::Full)]
    pub length: MatchLength,
    /// Seats played by the computer in a match, e.g. `north` or `east,west`.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub computer: Vec<SeatArg>,
    /// The computer's level (medium when omitted).
    #[arg(long, value_parser = named::<Level>())]
    pub level: Option<Level>,
    /// Keep the board fixed (South at the bottom) instead of turning it to the striker.
    #[arg(long)]
    pub fixed_board: bool,
    /// Turn the coach's hints on in a match (`H` asks, `J` applies; always on in practice).
    #[arg(long)]
    pub hints: bool,
    /// Resume a saved match.
    #[arg(long)]
    pub load: Option<PathBuf>,
    /// Where F5 saves the match.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// The match's seed, 0 to 18446744073709551615 (1 when omitted).
    #[arg(long, value_parser = seed)]
    pub seed: Option<u64>,
}

/// What `carrom screenshot` captures.
#[derive(clap::Args, Debug)]
pub struct ScreenshotArgs {
    /// What to capture: demo, practice, menu, hint (a person's turn with the coach's hint),
    /// stroke (pulling back the striker), result (a board's), summary (a match's), library
    /// (the saved matches), tournament, across (hosting or joining), how-to-play, online
    /// (Play online's first view), training (a drill), review (a match reviewed by the coach),
    /// review-stroke (its worst stroke on the board), points (three players for points, a
    /// person's turn), points-result (total point carrom's first board over: its result card)
    /// points-summary (their game's summary) or points-review (their game reviewed).
    #[arg(long, value_parser = named::<ShotMode>(), default_value = "demo")]
    pub mode: ShotMode,
    /// The window's size, WIDTHxHEIGHT, each 320 to 7680.
    #[arg(long, default_value = "1280x960", value_parser = parse_size)]
    pub size: (u32, u32),
    #[arg(long, default_value = "screenshot.png")]
    pub out: PathBuf,
    /// Demo: strokes to play before the capture, 0 to 1000.
    #[arg(long, default_value_t = 3, value_parser = count::<0, 1000>)]
    pub strokes: u64,
    /// Give up after this many seconds, 1 to 86400.
    #[arg(long, default_value_t = 300, value_parser = count::<1, 86_400>)]
    pub timeout: u64,
}

/// The seats of a match mode.
fn match_seats(mode: PlayMode) -> Option<Seats> {
    match mode {
        PlayMode::Singles => Some(Seats::Singles),
        PlayMode::Doubles => Some(Seats::Doubles),
        PlayMode::Three => Some(Seats::Three),
        _ => None,
    }
}

/// `carrom play`'s rules: as given, or for three the point game's preset; three only with a
/// point game, doubles only without.
fn play_rules(args: &PlayArgs, mode: PlayMode) -> Result<RulesArg, String> {
    let rules = match (&args.rules, mode) {
        (Some(r), _) => r.clone(),
        (None, PlayMode::Three) => crate::args::rules_arg("points")?,
        (None, _) => RulesArg::default(),
    };
    let point_game = rules.rules.points.is_some();
    match mode {
        PlayMode::Three if !point_game => Err(format!(
            "--rules: three players play only the point game (`points`, or a rules file with \
             `[points]`), not {}",
            rules.name
        )),
        PlayMode::Doubles if point_game => Err(format!(
            "--rules: {} is the point game, each for himself: --mode singles or three, not \
             doubles",
            rules.name
        )),
        _ => Ok(rules),
    }
}

/// `carrom play`'s seats and names, checked against its mode before anything starts.
fn check_seats(
    args: &PlayArgs,
    computers: &[Seat],
    mode: PlayMode,
    mode_name: &str,
) -> Result<(), String> {
    match match_seats(mode) {
        Some(seats) => {
            let names = args.names.len();
            MatchSetup::check_players(seats, mode_name, computers, names).map_err(|e| match e {
                PlayersError::Computer { .. } => format!("--computer: {e}"),
                PlayersError::Names { .. } => format!("--names: {e}"),
            })
        }
        None if args.load.is_none() && !args.computer.is_empty() => Err(format!(
            "--computer: seats are played by the computer in a match (--mode singles, \
             doubles or three), not in {mode_name}"
        )),
        None => Ok(()),
    }
}

/// `carrom play`. Every flag is checked first, the same whether or not a window can open.
pub fn play(spec: &Spec, args: PlayArgs) -> Result<(), String> {
    let mode = args.mode.unwrap_or_default();
    let mut rules = play_rules(&args, mode)?;
    args.length.apply(&mut rules.rules);
    let seed = args.seed.unwrap_or(1);
    let level = args.level.unwrap_or(DEMO_LEVEL);
    let mode_name = mode.to_possible_value().map(|v| v.get_name().to_string());
    let mode_name = mode_name.unwrap_or_default();
    let computers: Vec<Seat> = args.computer.iter().map(|c| c.seat()).collect();
    check_seats(&args, &computers, mode, &mode_name)?;
    // Whatever the display: a save that could not be written is said before any play.
    if let Some(path) = &args.save {
        carrom_store::can_write(path).map_err(|e| format!("--save {}: {e}", path.display()))?;
    }
    if let Err(why) = display::find() {
        if let Some(path) = &args.load {
            // A missing or bad save is an error whatever the display.
            return resume_headless(spec, path, &why.to_string());
        }
        if args.mode.is_some() && mode != PlayMode::Demo {
            return Err(format!(
                "--mode {mode_name} needs a display (none found: {why}); `carrom demo --headless` runs without one"
            ));
        }
        println!("No display ({why}): running the headless computer demo instead of the game.");
        let levels = Level::demo_levels(args.level);
        let setup = computers_match(Seats::Singles, rules.rules, &rules.name, levels, seed);
        return headless_demo(spec, setup, None);
    }
    let make = |seats: Seats| {
        MatchSetup::new(seats, rules.rules, &rules.name, seed).with_players(
            &computers,
            level,
            &args.names,
        )
    };
    // A save goes on with the physics it was played with.
    let mut spec = spec.clone();
    let start = if let Some(path) = &args.load {
        // Checked before any window opens: the save must replay to its recorded end.
        let game = load_save(&spec, path, |_| {})?.1;
        spec = game.spec.clone();
        Start::Resume(Box::new(game))
    } else {
        match mode {
            PlayMode::Menu => Start::Menu,
            PlayMode::Singles => Start::Match(make(Seats::Singles)),
            PlayMode::Doubles => Start::Match(make(Seats::Doubles)),
            PlayMode::Three => Start::Match(make(Seats::Three)),
            PlayMode::Practice => Start::Practice,
            PlayMode::Training => Start::Training,
            PlayMode::Demo => {
                let levels = Level::demo_levels(args.level);
                Start::Demo(computers_match(
                    Seats::for_demo(&rules.rules),
                    rules.rules,
                    &rules.name,
                    levels,
                    seed,
                ))
            }
        }
    };
    let launch = Launch {
        fixed_board: args.fixed_board,
        save_path: args.save.clone(),
        hints: args.hints,
        ..launch(start, 1.0)
    };
    open_window(&spec, launch, None)
}

/// The game opening on `start` at `speed`: the board turned to the striker, no save path, no
/// hints.
fn launch(start: Start, speed: f32) -> Launch {
    Launch {
        start,
        fixed_board: false,
        speed,
        save_path: None,
        hints: false,
    }
}

/// The game in a window (the display found first), with a runtime directory the graphics
/// libraries do not complain about.
pub fn open_window(
    spec: &Spec,
    launch: Launch,
    shot: Option<ScreenshotPlan>,
) -> Result<(), String> {
    display::quiet_runtime_dir();
    carrom_ui::run_windowed(spec, launch, shot).map_err(|e| e.to_string())
}

/// `carrom demo`: in a window when there is a display, else headless.
pub fn demo(spec: &Spec, args: DemoArgs) -> Result<(), String> {
    let setup = demo_setup(&args)?;
    if args.headless || !display::has_display() {
        return crate::match_cmd::headless_demo(spec, setup, args.replay_out.as_deref());
    }
    open_window(spec, launch(Start::Demo(setup), args.speed), None)
}

/// `1280x720` as (1280, 720): each side 320 to 7680 pixels.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{text}` is not WIDTHxHEIGHT (as 1280x720), each 320 to 7680");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(320..=7680).contains(&w) || !(320..=7680).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

pub fn screenshot(spec: &Spec, args: ScreenshotArgs) -> Result<(), String> {
    let mode = args.mode;
    let (start, speed) = carrom_ui::scenes::start_of(mode, spec).map_err(|e| e.to_string())?;
    let plan = ScreenshotPlan {
        mode,
        size: args.size,
        out: args.out.clone(),
        strokes: args.strokes as u32,
        timeout: Duration::from_secs(args.timeout),
    };
    // Where there is no display (or a dead one), a private Xvfb, stopped and cleaned away
    // when it is dropped (also on an error).
    let xvfb = match display::find() {
        Ok(()) => None,
        Err(why) => {
            let xvfb = Xvfb::start(args.size).map_err(|e| e.to_string())?;
            println!(
                "No display ({why}): rendering on a private Xvfb at :{}.",
                xvfb.number()
            );
            Some(xvfb)
        }
    };
    let launch = Launch {
        hints: mode == ShotMode::Hint,
        ..launch(start, speed)
    };
    let result = open_window(spec, launch, Some(plan));
    drop(xvfb);
    result?;
    if !args.out.exists() {
        return Err(format!(
            "{}: the screenshot was not written",
            args.out.display()
        ));
    }
    Ok(())
}

/// `carrom replay`: the headless check, then in a window if asked.
pub fn replay(spec: &Spec, args: ReplayArgs) -> Result<(), String> {
    // The display is looked for first, before the check starts any threads (see
    // `display::find`); a bad file is still named before a missing display.
    let display = args.window.then(display::find);
    let save = replay_check(spec, &args)?;
    if let Some(display) = display {
        if let Err(why) = display {
            return Err(format!("replay --window: no display ({why})"));
        }
        let spec = save.physics(spec);
        open_window(&spec, launch(Start::Replay(save), 1.0), None)?;
    }
    Ok(())
}
