//! The game's commands: play, demo, screenshot, replay. Thin: the game is `carrom_ui`.

use crate::args::{
    DEMO_LEVEL, LengthArg, LevelArg, RulesArg, SeatArg, count, player_name, rules_arg, seed,
};
use crate::display::{self, Xvfb};
use crate::match_cmd::{
    DemoArgs, ReplayArgs, computers_match, demo_levels, demo_setup, headless_demo, load_save,
    replay_check, resume_headless,
};
use carrom_match::{Match, MatchSetup, load_rules};
use carrom_physics::Spec;
use carrom_referee::Seats;
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
    /// doubles), each 1 to 24 characters.
    #[arg(long, value_delimiter = ',', value_parser = player_name)]
    pub names: Vec<String>,
    /// Rules: icf, vkk, fof2022, casual or traditional, or a rules file (.toml or .ron).
    #[arg(long, value_parser = rules_arg)]
    pub rules: Option<RulesArg>,
    /// The match's length: one board, one game, or the rule set's full match.
    #[arg(long, value_enum, default_value_t = LengthArg::Full)]
    pub length: LengthArg,
    /// Seats played by the computer in a match, e.g. `north` or `east,west`.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub computer: Vec<SeatArg>,
    /// The computer's level (medium when omitted).
    #[arg(long, value_enum)]
    pub level: Option<LevelArg>,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShotModeArg {
    Demo,
    Practice,
    Menu,
    /// A person's turn with the coach's hint on the board.
    Hint,
    /// A person pulling back the striker: the power meter and the aim guide.
    Stroke,
    /// A board's result.
    Result,
    /// The end of a match.
    Summary,
    /// The menu's page of saved matches and replays (those in the data directory).
    Library,
    /// The menu's page to host or join a match across machines.
    Across,
    /// A drill of the trainer (the straight cut, progress not kept).
    Training,
}

#[derive(clap::Args, Debug)]
pub struct ScreenshotArgs {
    #[arg(long, value_enum, default_value_t = ShotModeArg::Demo)]
    pub mode: ShotModeArg,
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
        _ => None,
    }
}

/// `carrom play`. Every flag is checked first, the same whether or not a window can open.
pub fn play(spec: &Spec, args: PlayArgs) -> Result<(), String> {
    let mode = args.mode.unwrap_or_default();
    let mut rules = args.rules.clone().unwrap_or_default();
    args.length.apply(&mut rules);
    let seed = args.seed.unwrap_or(1);
    let level = args.level.unwrap_or(DEMO_LEVEL);
    let mode_name = mode.to_possible_value().map(|v| v.get_name().to_string());
    let mode_name = mode_name.unwrap_or_default();
    match match_seats(mode) {
        Some(seats) => {
            if let Some(c) = args
                .computer
                .iter()
                .find(|c| !seats.seats().contains(&c.seat()))
            {
                return Err(format!(
                    "--computer: {} does not play in {mode_name} ({})",
                    c.seat().name(),
                    seats.names()
                ));
            }
            if args.names.len() > seats.count() {
                return Err(format!(
                    "--names: {} names for the {} seats of {mode_name}",
                    args.names.len(),
                    seats.count()
                ));
            }
        }
        None if args.load.is_none() && !args.computer.is_empty() => {
            return Err(format!(
                "--computer: seats are played by the computer in a match (--mode singles or \
                 doubles), not in {mode_name}"
            ));
        }
        None => {}
    }
    if let Err(why) = display::find() {
        if let Some(path) = &args.load {
            // A missing or bad save is an error whatever the display.
            return resume_headless(spec, path, &why);
        }
        if args.mode.is_some() && mode != PlayMode::Demo {
            return Err(format!(
                "--mode {mode_name} needs a display (none found: {why}); `carrom demo --headless` runs without one"
            ));
        }
        println!("No display ({why}): running the headless computer demo instead of the game.");
        return headless_demo(
            spec,
            computers_match(Seats::Singles, &rules, demo_levels(args.level), seed),
        );
    }
    let make = |seats: Seats| -> MatchSetup {
        let mut setup = MatchSetup::new(seats, rules.rules, &rules.name, seed);
        for (i, seat) in seats.seats().iter().enumerate() {
            if let Some(n) = args.names.get(i) {
                setup.players[i].name = n.clone();
            }
            if args.computer.iter().any(|c| c.seat() == *seat) {
                setup.players[i].computer = Some(level.name().into());
            }
        }
        setup
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
            PlayMode::Practice => Start::Practice,
            PlayMode::Training => Start::Training,
            PlayMode::Demo => Start::Demo(computers_match(
                Seats::Doubles,
                &rules,
                demo_levels(args.level),
                seed,
            )),
        }
    };
    let launch = Launch {
        start,
        fixed_board: args.fixed_board,
        speed: 1.0,
        save_path: args.save.clone(),
        hints: args.hints,
    };
    open_window(&spec, launch, None)
}

/// The game in a window (the display found first), with a runtime directory the graphics
/// libraries do not complain about.
pub fn open_window(
    spec: &Spec,
    launch: Launch,
    shot: Option<ScreenshotPlan>,
) -> Result<(), String> {
    display::quiet_runtime_dir();
    carrom_ui::run_windowed(spec, launch, shot)
}

/// `carrom demo`: in a window when there is a display, else headless.
pub fn demo(spec: &Spec, args: DemoArgs) -> Result<(), String> {
    let setup = demo_setup(&args);
    if args.headless || !display::has_display() {
        return crate::match_cmd::headless_demo_to(spec, setup, args.replay_out.as_deref());
    }
    let launch = Launch {
        start: Start::Demo(setup),
        fixed_board: false,
        speed: args.speed,
        save_path: None,
        hints: false,
    };
    open_window(spec, launch, None)
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

/// A seeded singles match for a screenshot, South's and North's players named `names` (North
/// the computer), both seats played by `level` computers until `stop` says so after an action;
/// an error if the match ends first (unless `stop` accepts the end).
fn played_until(
    spec: &Spec,
    seed: u64,
    names: [&str; 2],
    level: &str,
    stop: impl Fn(&Match) -> bool,
) -> Result<Match, String> {
    let mut setup = MatchSetup::new(
        Seats::Singles,
        load_rules("icf").map_err(|e| e.to_string())?,
        "icf",
        seed,
    );
    setup.players[0].name = names[0].into();
    setup.players[1].name = names[1].into();
    setup.players[1].computer = Some(level.into());
    let mut both = setup.clone();
    both.players[0].computer = Some(level.into());
    let mut hands = carrom_ai::Computers::for_setup(&both)?;
    let mut model = Match::new(spec, setup).map_err(|e| e.to_string())?;
    while !stop(&model) {
        if model.is_over() {
            return Err("the match ended before the screenshot's position".into());
        }
        let action = hands
            .act(&model)
            .ok_or("the computers stopped before the screenshot's position")?;
        model.apply(&action).map_err(|e| e.to_string())?;
    }
    Ok(model)
}

/// Asha (South) and Ravi (North, the computer), played by easy computers (seed 5).
fn asha_and_ravi_until(spec: &Spec, stop: impl Fn(&Match) -> bool) -> Result<Match, String> {
    played_until(spec, 5, ["Asha", "Ravi"], "easy", stop)
}

/// The hint's position: a person at South against a medium computer, seeded strokes played
/// until South is to strike in the middle of the board.
fn hint_position(spec: &Spec) -> Result<Match, String> {
    played_until(spec, 11, ["South", "North (computer)"], "medium", |m| {
        m.referee.strokes() >= 8
            && m.next_actor() == Some(carrom_match::Actor::Striker(carrom_physics::Seat::South))
    })
}

/// A board has just ended (not the match).
fn just_after_a_board(m: &Match) -> bool {
    !m.is_over() && m.last.as_ref().is_some_and(|v| v.board_result.is_some())
}

pub fn screenshot(spec: &Spec, args: ScreenshotArgs) -> Result<(), String> {
    let demo = || {
        let rules = RulesArg::default();
        computers_match(Seats::Doubles, &rules, [DEMO_LEVEL.level(); 2], 7)
    };
    let (mode, start, speed) = match args.mode {
        ShotModeArg::Demo => (ShotMode::Demo, Start::Demo(demo()), 8.0),
        ShotModeArg::Practice => (ShotMode::Practice, Start::Practice, 1.0),
        ShotModeArg::Menu => (ShotMode::Menu, Start::Menu, 1.0),
        ShotModeArg::Library => (ShotMode::Library, Start::Menu, 1.0),
        ShotModeArg::Across => (ShotMode::Across, Start::Menu, 1.0),
        ShotModeArg::Training => (ShotMode::Training, Start::Training, 1.0),
        ShotModeArg::Hint => (
            ShotMode::Hint,
            Start::Resume(Box::new(hint_position(spec)?)),
            1.0,
        ),
        ShotModeArg::Stroke => (
            ShotMode::Stroke,
            Start::Resume(Box::new(asha_and_ravi_until(spec, |m| {
                m.referee.strokes() >= 6
                    && m.next_actor()
                        == Some(carrom_match::Actor::Striker(carrom_physics::Seat::South))
            })?)),
            1.0,
        ),
        ShotModeArg::Result => (
            ShotMode::Result,
            Start::Resume(Box::new(asha_and_ravi_until(spec, just_after_a_board)?)),
            1.0,
        ),
        ShotModeArg::Summary => (
            ShotMode::Summary,
            Start::Resume(Box::new(asha_and_ravi_until(spec, Match::is_over)?)),
            1.0,
        ),
    };
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
            let xvfb = Xvfb::start(args.size)?;
            println!(
                "No display ({why}): rendering on a private Xvfb at :{}.",
                xvfb.number()
            );
            Some(xvfb)
        }
    };
    let launch = Launch {
        start,
        fixed_board: false,
        speed,
        save_path: None,
        hints: mode == ShotMode::Hint,
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
    let save = replay_check(spec, &args.file, args.stats_output())?;
    if let Some(display) = display {
        if let Err(why) = display {
            return Err(format!("replay --window: no display ({why})"));
        }
        let spec = save.physics(spec);
        let launch = Launch {
            start: Start::Replay(save),
            fixed_board: false,
            speed: 1.0,
            save_path: None,
            hints: false,
        };
        open_window(&spec, launch, None)?;
    }
    Ok(())
}
