//! Matches without a window: the headless AI demo, replays and resuming saves.

use crate::bot;
use crate::model::{Action, MatchModel, MatchSetup, StrokeOutcome, due_spot, outcome_from_roster};
use crate::save::SaveFile;
use carrom_physics::{Shot, Spec, Table, shot::play};

/// Plays one stroke on the physics crate's own table (the reference the game matches).
pub fn stroke_outcome(spec: &Spec, model: &MatchModel, shot: &Shot) -> StrokeOutcome {
    let mut table = Table::new(spec, &model.layout);
    let result = play(&mut table, shot);
    outcome_from_roster(&table.roster, &table.bodies, &result.events)
}

/// Applies a recorded action. Errors name the action.
pub fn apply(
    spec: &Spec,
    model: &mut MatchModel,
    action: &Action,
) -> Result<Option<carrom_referee::Verdict>, String> {
    match action {
        Action::Stroke { shot } => {
            model.check_shot(shot)?;
            let outcome = stroke_outcome(spec, model, shot);
            model.apply_stroke(*shot, outcome).map(Some)
        }
        Action::Place { x, y } => model.place(*x, *y).map(|_| None),
    }
}

/// A computer player's next action for whoever must act. Levels `easy`, `medium` and `hard`
/// are the `carrom_ai` players; `fast` is this crate's quick bot (also the fallback).
pub fn computer_action(model: &MatchModel, rng: &mut rand_chacha::ChaCha8Rng) -> Option<Action> {
    use rand::Rng;
    let spec = &model.spec;
    if let Some(seat) = model.placer() {
        let level = model
            .setup
            .player(seat)
            .computer
            .clone()
            .unwrap_or_default();
        if let (Some(level), Some(r)) = (carrom_ai::Level::parse(&level), model.pending.front()) {
            let mut player = carrom_ai::Player::new(level, rng.random());
            let (x, y) = player.place_due(spec, &model.layout, r.piece, seat, &model.referee);
            if model.check_place(x, y).is_ok() {
                return Some(Action::Place { x, y });
            }
        }
        let at = due_spot(model, rng.random_range(0.0f32..std::f32::consts::TAU));
        return Some(Action::Place { x: at[0], y: at[1] });
    }
    let seat = model.turn()?;
    let level = model
        .setup
        .player(seat)
        .computer
        .clone()
        .unwrap_or_else(|| "fast".into());
    if let Some(ai_level) = carrom_ai::Level::parse(&level) {
        let mut player = carrom_ai::Player::new(ai_level, rng.random());
        if let Some(shot) = player.choose_shot(spec, &model.layout, seat, &model.referee) {
            // Executed with the level's noise, as in self-play and the practice benchmark (a
            // person's hand is not exact either).
            let played = player
                .execution_noise()
                .apply(spec, &model.layout, &shot, rng);
            if model.check_shot(&played).is_ok() {
                return Some(Action::Stroke { shot: played });
            }
            if model.check_shot(&shot).is_ok() {
                return Some(Action::Stroke { shot });
            }
        }
    }
    Some(Action::Stroke {
        shot: bot::choose(model, seat, &level, rng),
    })
}

/// Summary of a finished match.
#[derive(Debug, Clone)]
pub struct Summary {
    pub strokes: usize,
    pub games: [u8; 2],
    pub winner: Option<usize>,
}

pub fn verdict_lines(model: &MatchModel, v: &carrom_referee::Verdict) -> Vec<String> {
    let name = &model.setup.player(crate::model::to_pseat(v.by)).name;
    let mut out = Vec::new();
    for r in &v.rulings {
        out.push(format!(
            "G{} B{} {:>5} ({}): {}",
            v.game,
            v.board,
            v.by.title(),
            name,
            r
        ));
    }
    if let Some(b) = v.board_result {
        out.push(format!(
            "  board to side {} for {} points; score {:?}",
            b.winner.index(),
            b.points,
            v.score
        ));
    }
    if let Some(g) = v.game_result {
        out.push(format!(
            "  GAME to side {} ({:?})",
            g.winner.index(),
            g.score
        ));
    }
    if let Some(m) = v.match_result {
        out.push(format!(
            "  MATCH to side {}, games {:?}",
            m.winner.index(),
            m.games
        ));
    }
    out
}

/// Computer players play a whole match; `print` gets every ruling as it is made.
pub fn run_demo(
    spec: &Spec,
    setup: MatchSetup,
    max_actions: usize,
    mut print: impl FnMut(&str),
) -> Result<(MatchModel, Summary), String> {
    let mut rng = bot::rng(setup.seed);
    let mut model = MatchModel::new(spec, setup);
    while !model.referee.is_over() && model.actions.len() < max_actions {
        let Some(action) = computer_action(&model, &mut rng) else {
            break;
        };
        if let Some(v) = apply(spec, &mut model, &action)? {
            for line in verdict_lines(&model, &v) {
                print(&line);
            }
        }
    }
    let summary = Summary {
        strokes: model.actions.len(),
        games: model.referee.games(),
        winner: model.referee.match_winner().map(|s| s.index()),
    };
    Ok((model, summary))
}

/// Rebuilds a match from a save or replay file by playing its actions again.
pub fn restore(
    spec: &Spec,
    file: &SaveFile,
    mut print: impl FnMut(&str),
) -> Result<MatchModel, String> {
    let mut model = MatchModel::new(spec, file.setup.clone());
    for (i, action) in file.actions.iter().enumerate() {
        match apply(spec, &mut model, action) {
            Ok(Some(v)) => {
                for line in verdict_lines(&model, &v) {
                    print(&line);
                }
            }
            Ok(None) => {}
            Err(e) => return Err(format!("actions[{i}]: {e}")),
        }
    }
    Ok(model)
}
