//! `carrom review` and `carrom winprob`: thin wrappers over `carrom_ai::review` and
//! `carrom_ai::winprob`.

use crate::args::{count, seed};
use carrom_ai::review::{self, Review, ReviewOptions, stored};
use carrom_ai::winprob::WinModel;
use carrom_ai::winprob::fit::{self, CHECK_SEED, Calibration, FIT_SEED};
use carrom_match::SaveFile;
use carrom_physics::Spec;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The save or replay file.
    pub file: PathBuf,
    /// Only this player's strokes (his name in the file, any case).
    #[arg(long)]
    pub player: Option<String>,
    /// Print only the review, as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The coach's seed, 0 to 18446744073709551615 (`carrom hint`'s default is 0).
    #[arg(long, default_value_t = 0, value_parser = seed)]
    pub seed: u64,
    /// Review again even when a review is kept beside the file (FILE.review).
    #[arg(long)]
    pub fresh: bool,
}

#[derive(clap::Args, Debug)]
pub struct WinprobArgs {
    /// Play self-play games and fit the model on them; writes it to --out.
    #[arg(long, conflicts_with = "check", required_unless_present = "check")]
    pub fit: bool,
    /// Play held-out self-play games and print the model's calibration table and Brier score.
    #[arg(long)]
    pub check: bool,
    /// Games to play, 1 to 100000 (each one ICF game between computer levels).
    #[arg(long, default_value_t = 48, value_parser = count::<1, 100_000>)]
    pub games: u64,
    /// The games' seed (default: 4801 for --fit, 4802 for --check).
    #[arg(long, value_parser = seed)]
    pub seed: Option<u64>,
    /// With --fit: the file to write (run from the workspace, the shipped model's).
    #[arg(long, default_value = "crates/ai/data/winprob.json")]
    pub out: PathBuf,
    /// With --check: the model file to check (default: the model built in).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// Print only the figures, as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `carrom review`: the stored review when one fits the file, else a new one (kept beside it).
pub fn review_cmd(spec: &Spec, args: &ReviewArgs) -> Result<(), String> {
    let file = &args.file;
    let name = file.display().to_string();
    let save = SaveFile::load(file).map_err(|e| e.to_string())?;
    let options = ReviewOptions {
        player: args.player.clone(),
        seed: args.seed,
        limit: None,
    };
    let kept = (!args.fresh)
        .then(|| stored::load(file, spec, &save, &options))
        .flatten();
    let t0 = Instant::now();
    let (review, kept) = match kept {
        // The save is still checked: a tampered file is refused whatever is kept beside it.
        Some(r) => (review::strokes_of(spec, &save, &name).map(|_| r), true),
        None => {
            let quiet = |_: usize, _: usize| {};
            let shown: &(dyn Fn(usize, usize) + Sync) = if args.json { &quiet } else { &progress };
            (review::review(spec, &save, &name, &options, shown), false)
        }
    };
    let review = review.map_err(|e| e.to_string())?;
    if !args.json {
        eprint!("\r{:40}\r", "");
    }
    let note = if kept {
        format!("the review kept in {}", stored::path_for(file).display())
    } else {
        if let Err(e) = stored::store(file, spec, &save, &review) {
            eprintln!("warning: the review could not be kept: {e}");
        }
        format!("reviewed in {:.1} s", t0.elapsed().as_secs_f64())
    };
    if args.json {
        println!("{}", review_json(&review));
    } else {
        print_review(&review, &name, &note);
    }
    Ok(())
}

fn progress(done: usize, total: usize) {
    eprint!("\rstroke {done} of {total}");
}

/// The review as JSON: the strokes and players with exactly the contract's fields, then the
/// chart and the turning points.
fn review_json(r: &Review) -> Value {
    let strokes: Vec<Value> = r
        .strokes
        .iter()
        .map(|s| {
            json!({
                "index": s.index,
                "seat": s.seat,
                "player": s.player,
                "played_chance": s.played_chance,
                "best_chance": s.best_chance,
                "loss": s.loss,
                "label": s.label,
                "best_shot": s.best_shot,
                "win_chance_after": r.chances_after(s.index),
            })
        })
        .collect();
    let players: Vec<Value> = r
        .players
        .iter()
        .map(|p| json!({"name": p.name, "accuracy": p.accuracy, "worst": p.worst}))
        .collect();
    json!({
        "strokes": strokes,
        "players": players,
        "turning_points": r.turning_points,
        "chart": r.chart,
        "total_strokes": r.total_strokes,
        "seed": r.seed,
    })
}

fn print_review(r: &Review, name: &str, note: &str) {
    println!(
        "Review of {name}: {} of {} strokes judged ({note})",
        r.strokes.len(),
        r.total_strokes
    );
    for s in &r.strokes {
        let after = r.chances_after(s.index).map(|c| {
            format!(
                "; after it side 0 wins the board {}%, the game {}%",
                percent(c.board[0]),
                percent(c.game[0])
            )
        });
        let turning = if r.turning_points.contains(&s.index) {
            " [turning point]"
        } else {
            ""
        };
        println!(
            "{}{}{turning}",
            review::stroke_line(s),
            after.unwrap_or_default()
        );
    }
    println!("Turning points (strokes): {:?}", r.turning_points);
    for p in &r.players {
        let accuracy = p.accuracy.map_or("-".to_string(), |a| format!("{a:.1}"));
        println!(
            "{} ({}): accuracy {accuracy} over {} strokes ({} forced); worst strokes {:?}",
            p.name,
            p.seat.title(),
            p.strokes,
            p.forced,
            p.worst
        );
    }
}

fn percent(chance: f32) -> f32 {
    carrom_ai::coach::percent(chance)
}

/// `carrom winprob --fit` or `--check`.
pub fn winprob(spec: &Spec, args: &WinprobArgs) -> Result<(), String> {
    let games = args.games as u32;
    if args.fit {
        let seed = args.seed.unwrap_or(FIT_SEED);
        let command = format!("carrom winprob --fit --games {games} --seed {seed}");
        let t0 = Instant::now();
        let mut model = fit::fit(spec, games, seed, &command);
        model.fit_seconds = (t0.elapsed().as_secs_f64() * 10.0).round() / 10.0;
        let out = &args.out;
        carrom_match::write_atomically(out, model.to_json().as_bytes())
            .map_err(|e| e.to_string())?;
        println!(
            "Fitted on {games} games ({} positions, {} boards) in {:.1} s; written to {}",
            model.positions,
            model.boards,
            model.fit_seconds,
            out.display()
        );
        return Ok(());
    }
    let model = match &args.model {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            WinModel::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => WinModel::shipped().clone(),
    };
    check(
        spec,
        &model,
        games,
        args.seed.unwrap_or(CHECK_SEED),
        args.json,
    )
}

fn check(spec: &Spec, model: &WinModel, games: u32, seed: u64, json: bool) -> Result<(), String> {
    if seed == model.seed {
        return Err(format!(
            "--seed {seed}: the model was fitted on the games of that seed; check it on others"
        ));
    }
    let t0 = Instant::now();
    let all = fit::samples(spec, games, seed);
    let board = Calibration::of(&fit::striker_chances(model, &all, true));
    let game = Calibration::of(&fit::striker_chances(model, &all, false));
    let seconds = t0.elapsed().as_secs_f64();
    if !json {
        println!(
            "Held-out games: {games} (seed {seed}), {seconds:.1} s; the model: {}",
            model.command
        );
        print_table("board", &board);
        print_table("game", &game);
    }
    let out = json!({"games": games, "seed": seed, "board": board, "game": game,
        "board_meets_target": board.meets_target(), "game_meets_target": game.meets_target()});
    println!("{out}");
    Ok(())
}

fn print_table(what: &str, c: &Calibration) {
    println!(
        "The chance of the side to strike to win the {what}: {} positions, Brier score {:.4}; {}",
        c.positions,
        c.brier,
        if c.meets_target() {
            "every bin of 50 or more positions within 5 points"
        } else {
            "NOT every bin of 50 or more positions within 5 points"
        }
    );
    println!("  predicted   positions  mean predicted  share won  off by (points)");
    for b in &c.bins {
        println!(
            "  {:>3.0}-{:<3.0}%   {:>9}  {:>13.1}%  {:>8.1}%  {:>6.1}",
            b.from * 100.0,
            b.to * 100.0,
            b.positions,
            b.predicted * 100.0,
            b.won * 100.0,
            b.off_by()
        );
    }
}
