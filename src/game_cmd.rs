//! The game's commands: play, demo, screenshot, replay. Thin: the game is `carrom_ui`.

use crate::match_cmd::{
    DEMO_LEVEL, DemoArgs, demo_setup, has_display, headless_demo, load_save, replay_check,
    resume_headless, seats_of,
};
use carrom_match::{Match, MatchSetup, load_rules};
use carrom_physics::Spec;
use carrom_referee::Seats;
use carrom_ui::screenshot::{ScreenshotPlan, ShotMode, ensure_display, stop_display};
use carrom_ui::{Launch, Start, run_windowed};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args, Debug, Default)]
pub struct PlayArgs {
    /// menu, singles, doubles, practice or demo.
    #[arg(long)]
    pub mode: Option<String>,
    /// Player names in seat order (South, North in singles; South, East, North, West in doubles).
    #[arg(long, value_delimiter = ',')]
    pub names: Vec<String>,
    /// Rules preset (icf, vkk, fof2022, casual, traditional) or a rules file (.toml/.ron).
    #[arg(long)]
    pub rules: Option<String>,
    /// Seats played by the computer, e.g. `north` or `east,west`.
    #[arg(long, value_delimiter = ',')]
    pub computer: Vec<String>,
    /// Computer level: easy, medium or hard.
    #[arg(long)]
    pub level: Option<String>,
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
    #[arg(long)]
    pub seed: Option<u64>,
}

#[derive(clap::Args, Debug)]
pub struct ScreenshotArgs {
    /// demo, practice, menu, hint (a person's turn with the coach's hint on the board),
    /// stroke (a person pulling back the striker: the power meter and the aim guide), result
    /// (a board's result) or summary (the end of a match).
    #[arg(long, default_value = "demo")]
    pub mode: String,
    /// The window's size, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x960", value_parser = parse_size)]
    pub size: (u32, u32),
    #[arg(long, default_value = "screenshot.png")]
    pub out: PathBuf,
    /// Demo: strokes to play before the capture.
    #[arg(long, default_value_t = 3)]
    pub strokes: u32,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
}

pub fn play(spec: &Spec, args: PlayArgs) -> Result<(), String> {
    let mode = args.mode.clone().unwrap_or_else(|| "menu".into());
    if let Some(path) = &args.load
        && !has_display()
    {
        // A missing or bad save is an error whatever the display.
        return resume_headless(spec, path);
    }
    if !has_display() {
        if args.mode.is_some() && mode != "demo" {
            return Err(format!(
                "--mode {mode} needs a display (none found: DISPLAY and WAYLAND_DISPLAY are unset); `carrom demo --headless` runs without one"
            ));
        }
        println!("No display found: running the headless computer demo instead of the game.");
        let setup = demo_setup(
            Seats::Singles,
            args.rules.as_deref().unwrap_or("icf"),
            DEMO_LEVEL,
            args.seed.unwrap_or(1),
        )?;
        return headless_demo(spec, setup);
    }
    let rules_name = args.rules.clone().unwrap_or_else(|| "icf".into());
    let rules = load_rules(&rules_name)?;
    let seed = args.seed.unwrap_or(1);
    let level = args.level.clone().unwrap_or_else(|| DEMO_LEVEL.into());
    if carrom_ai::level_of(&level).is_none() {
        return Err(format!("--level: `{level}` is not easy, medium or hard"));
    }
    let make = |seats: Seats| -> Result<MatchSetup, String> {
        let mut setup = MatchSetup::new(seats, rules, &rules_name, seed);
        for (i, seat) in seats.seats().iter().enumerate() {
            if let Some(n) = args.names.get(i) {
                setup.players[i].name = n.clone();
            }
            if args
                .computer
                .iter()
                .any(|c| c.eq_ignore_ascii_case(seat.name()))
            {
                setup.players[i].computer = Some(level.clone());
            }
        }
        for c in &args.computer {
            if !seats
                .seats()
                .iter()
                .any(|s| c.eq_ignore_ascii_case(s.name()))
            {
                return Err(format!(
                    "--computer: `{c}` is not a seat of this game ({})",
                    seats
                        .seats()
                        .iter()
                        .map(|s| s.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        Ok(setup)
    };
    // A save goes on with the physics it was played with.
    let mut spec = spec.clone();
    let start = if let Some(path) = &args.load {
        // Checked before any window opens: the save must replay to its recorded end.
        let game = load_save(&spec, path, |_| {})?.1;
        spec = game.spec.clone();
        Start::Resume(Box::new(game))
    } else {
        match mode.as_str() {
            "menu" => Start::Menu,
            "singles" => Start::Match(make(Seats::Singles)?),
            "doubles" => Start::Match(make(Seats::Doubles)?),
            "practice" => Start::Practice,
            "demo" => Start::Demo(demo_setup(Seats::Doubles, &rules_name, DEMO_LEVEL, seed)?),
            other => {
                return Err(format!(
                    "--mode: `{other}` is not menu, singles, doubles, practice or demo"
                ));
            }
        }
    };
    let launch = Launch {
        start,
        fixed_board: args.fixed_board,
        speed: 1.0,
        save_path: args.save.clone(),
        hints: args.hints,
    };
    run_windowed(&spec, launch, None)
}

pub fn demo(spec: &Spec, args: DemoArgs) -> Result<(), String> {
    let setup = demo_setup(seats_of(args.seats)?, &args.rules, &args.level, args.seed)?;
    if args.headless || !has_display() {
        return headless_demo(spec, setup);
    }
    if !(1.0..=8.0).contains(&args.speed) {
        return Err(format!("--speed: {} is not between 1 and 8", args.speed));
    }
    let launch = Launch {
        start: Start::Demo(setup),
        fixed_board: false,
        speed: args.speed,
        save_path: None,
        hints: false,
    };
    run_windowed(spec, launch, None)
}

/// A singles match in progress for the hint's screenshot: a person at South against a medium
/// computer, seeded strokes played (by computers at both seats) until South is to strike in the
/// middle of the board.
fn hint_position(spec: &Spec) -> Result<Match, String> {
    let mut setup = MatchSetup::new(Seats::Singles, load_rules("icf")?, "icf", 11);
    setup.players[1].computer = Some("medium".into());
    setup.players[1].name = "North (computer)".into();
    let mut both = setup.clone();
    both.players[0].computer = Some("medium".into());
    let mut hands = carrom_ai::Computers::for_setup(&both)?;
    let mut model = Match::new(spec, setup)?;
    while model.referee.strokes() < 8
        || model.next_actor() != Some(carrom_match::Actor::Striker(carrom_physics::Seat::South))
    {
        let action = hands
            .act(&model)
            .ok_or("the match ended before the hint's position")?;
        model.apply(&action)?;
        if model.is_over() {
            return Err("the match ended before the hint's position".into());
        }
    }
    Ok(model)
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

/// A singles match of Asha (South) and Ravi (North, the computer), both played by easy
/// computers until `stop` says so after an action; an error if the match ends first (unless
/// `stop` accepts the end).
fn played_until(spec: &Spec, stop: impl Fn(&Match) -> bool) -> Result<Match, String> {
    let mut setup = MatchSetup::new(Seats::Singles, load_rules("icf")?, "icf", 5);
    setup.players[0].name = "Asha".into();
    setup.players[1].name = "Ravi".into();
    setup.players[1].computer = Some("easy".into());
    let mut both = setup.clone();
    both.players[0].computer = Some("easy".into());
    let mut hands = carrom_ai::Computers::for_setup(&both)?;
    let mut model = Match::new(spec, setup)?;
    while !stop(&model) {
        if model.is_over() {
            return Err("the match ended before the screenshot's position".into());
        }
        let action = hands
            .act(&model)
            .ok_or("the computers stopped before the screenshot's position")?;
        model.apply(&action)?;
    }
    Ok(model)
}

/// A board has just ended (not the match).
fn just_after_a_board(m: &Match) -> bool {
    !m.is_over() && m.last.as_ref().is_some_and(|v| v.board_result.is_some())
}

pub fn screenshot(spec: &Spec, args: ScreenshotArgs) -> Result<(), String> {
    let (mode, start, speed) = match args.mode.as_str() {
        "demo" => (
            ShotMode::Demo,
            Start::Demo(demo_setup(Seats::Doubles, "icf", DEMO_LEVEL, 7)?),
            8.0,
        ),
        "practice" => (ShotMode::Practice, Start::Practice, 1.0),
        "menu" => (ShotMode::Menu, Start::Menu, 1.0),
        "hint" => (
            ShotMode::Hint,
            Start::Resume(Box::new(hint_position(spec)?)),
            1.0,
        ),
        "stroke" => (
            ShotMode::Stroke,
            Start::Resume(Box::new(played_until(spec, |m| {
                m.referee.strokes() >= 6
                    && m.next_actor()
                        == Some(carrom_match::Actor::Striker(carrom_physics::Seat::South))
            })?)),
            1.0,
        ),
        "result" => (
            ShotMode::Result,
            Start::Resume(Box::new(played_until(spec, just_after_a_board)?)),
            1.0,
        ),
        "summary" => (
            ShotMode::Summary,
            Start::Resume(Box::new(played_until(spec, Match::is_over)?)),
            1.0,
        ),
        other => {
            return Err(format!(
                "--mode: `{other}` is not demo, practice, menu, hint, stroke, result or summary"
            ));
        }
    };
    let plan = ScreenshotPlan {
        mode,
        size: args.size,
        out: args.out.clone(),
        strokes: args.strokes,
        timeout: Duration::from_secs(args.timeout),
    };
    let xvfb = ensure_display(args.size)?;
    let launch = Launch {
        start,
        fixed_board: false,
        speed,
        save_path: None,
        hints: mode == ShotMode::Hint,
    };
    let result = run_windowed(spec, launch, Some(plan));
    stop_display(xvfb);
    result?;
    if !args.out.exists() {
        return Err(format!(
            "{}: the screenshot was not written",
            args.out.display()
        ));
    }
    Ok(())
}

pub fn replay(
    spec: &Spec,
    file: &Path,
    window: bool,
    stats: crate::match_cmd::StatsOutput,
) -> Result<(), String> {
    let save = replay_check(spec, file, stats)?;
    if window {
        if !has_display() {
            return Err(
                "replay --window: no display (DISPLAY or WAYLAND_DISPLAY is not set)".into(),
            );
        }
        let spec = save.physics(spec);
        let launch = Launch {
            start: Start::Replay(save),
            fixed_board: false,
            speed: 1.0,
            save_path: None,
            hints: false,
        };
        run_windowed(&spec, launch, None)?;
    }
    Ok(())
}
