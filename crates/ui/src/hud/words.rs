//! What each mode writes into the panels: a refereed match its scoreboard and the player to
//! act, practice its breaks; and each mode its keys. Each writer runs in its own mode.

use super::{Panels, WritePanels};
use crate::modes::online::Online;
use crate::modes::practice::BreakPractice;
use crate::modes::replay::ReplayTape;
use crate::modes::table::Table;
use crate::modes::training::Training;
use crate::modes::turn::Thinking;
use crate::sim::SimSpeed;
use crate::states::{LiveMatch, Pause, Phase, Playing, Refereed, Watched};
use crate::text::rules_title;
use bevy::prelude::*;

const MATCH_KEYS: &str = "Slide the striker along the base line to place it (or tap/hold the arrow keys).\nPull back from the striker, away from the board, to aim; let go to strike. Back onto the striker or right-click cancels.\nA/D aim, W/S power, Space strikes.\nDues: drag the piece inside the outer circle; release or Enter places it.\nH: the coach's hint (when hints are on)   J: take it\nG: aim guide   F5: save\nF: fix/turn board   Esc: menu";

pub(super) fn plugin(app: &mut App) {
    for (playing, title) in [
        (Playing::Match, "MATCH"),
        (Playing::Demo, "COMPUTER DEMO"),
        (Playing::Replay, "REPLAY"),
        (Playing::Online, "ACROSS MACHINES"),
    ] {
        app.add_systems(
            Update,
            (move |table: Res<Table>, online: Option<Res<Online>>, mut panels: ResMut<Panels>| {
                let title = online.as_ref().map_or(title, |o| o.title());
                let mut lines = vec![title.to_string()];
                lines.push(format!(
                    "{} rules",
                    rules_title(&table.model.setup.rules_name)
                ));
                lines.extend(table.model.scoreboard());
                if let Some(online) = online {
                    lines.push(String::new());
                    lines.extend(online.seating_lines(table.actor()));
                }
                set(&mut panels.score, lines.join("\n"));
                if panels.dense {
                    panels.dense = false;
                }
            })
            .in_set(WritePanels)
            .run_if(in_state(playing)),
        );
    }
    app.add_systems(
        Update,
        (
            match_banner.run_if(in_state(Refereed)),
            // A match people play (here, or across machines): the match's keys.
            (|mut panels: ResMut<Panels>| set(&mut panels.help, MATCH_KEYS.to_string()))
                .run_if(in_state(LiveMatch).and_then(not(in_state(Watched)))),
            demo_keys.run_if(in_state(Playing::Demo)),
            replay_keys.run_if(in_state(Playing::Replay)),
            practice_panels.run_if(in_state(Playing::Practice)),
            training_panels.run_if(in_state(Playing::Training)),
        )
            .in_set(WritePanels),
    );
}

/// Sets `field` to `to` only when it differs (the panels change only when their words do).
fn set(field: &mut String, to: String) {
    if *field != to {
        *field = to;
    }
}

fn speed_words(speed: &SimSpeed, pause: &State<Pause>) -> String {
    format!(
        "Speed {}x{}   P: pause   +/-: speed",
        speed.factor,
        if *pause.get() == Pause::Paused {
            " (paused)"
        } else {
            ""
        }
    )
}

fn demo_keys(speed: Res<SimSpeed>, pause: Res<State<Pause>>, mut panels: ResMut<Panels>) {
    let help = format!(
        "{}\nN: new seed   L: the computer's lines\nF: fix/turn board   Esc: menu",
        speed_words(&speed, &pause)
    );
    set(&mut panels.help, help);
}

fn replay_keys(
    speed: Res<SimSpeed>,
    pause: Res<State<Pause>>,
    tape: Option<Res<ReplayTape>>,
    mut panels: ResMut<Panels>,
) {
    let help = format!(
        "{}\n{} actions to go\nF: fix/turn board   Esc: menu",
        speed_words(&speed, &pause),
        tape.map_or(0, |t| t.0.len())
    );
    set(&mut panels.help, help);
}

/// The banner of a match: the player to act, his seat and colour, and what he is doing.
fn match_banner(
    table: Res<Table>,
    phase: Res<State<Phase>>,
    thinking: Res<Thinking>,
    mut panels: ResMut<Panels>,
) {
    let (name, what, side) = match table.actor() {
        Some(seat) if !matches!(phase.get(), Phase::Over | Phase::BoardOver) => {
            let r = &table.model.referee;
            let p = table.model.player(seat);
            let doing = if *phase.get() == Phase::PlaceDue {
                "to place a piece"
            } else if *phase.get() == Phase::Moving {
                "striking"
            } else if p.computer.is_some() && thinking.is_thinking() {
                "thinking"
            } else {
                "to strike"
            };
            let computer = p.computer.is_some() && !p.name.to_lowercase().contains("computer");
            let point_game = r.rules().points.is_some();
            let plays = if point_game {
                format!("{} points", r.points_of(seat))
            } else {
                format!("plays {}", r.colour_of(seat).name())
            };
            let colour = if point_game {
                seat.index()
            } else {
                r.side_of(seat).index()
            };
            (
                p.name.clone(),
                format!(
                    "{}, {plays}\n{}{}",
                    seat.title(),
                    doing,
                    if computer { " (computer)" } else { "" }
                ),
                Some(colour as u8),
            )
        }
        _ => (
            if *phase.get() == Phase::Over {
                "Match over".to_string()
            } else {
                "Board over".to_string()
            },
            String::new(),
            None,
        ),
    };
    set(&mut panels.name, name);
    set(&mut panels.what, what);
    if panels.side != side {
        panels.side = side;
    }
}

/// The drill played and its level, as the banner names it.
fn rows_name(rows: &[carrom_trainer::DrillRow], training: &Training) -> String {
    rows.iter()
        .find(|r| r.kind == training.drill.kind)
        .map_or(String::new(), |r| {
            format!(
                "{} - level {}",
                r.name.replace('°', " degrees"),
                training.drill.level
            )
        })
}

/// Training: every drill with its level and its rate so far (the one played marked), the task
/// in the banner, and the keys.
fn training_panels(training: Res<Training>, mut panels: ResMut<Panels>) {
    let mut lines = vec!["TRAINING".to_string(), String::new()];
    let rows = training.trainer.drills();
    for (i, row) in rows.iter().enumerate() {
        let here = if row.kind == training.drill.kind && !training.tried {
            ">"
        } else {
            " "
        };
        let rate = if row.attempts > 0 {
            format!("{:.0}% of {}", 100.0 * row.rate, row.attempts)
        } else {
            "not tried".to_string()
        };
        // The interface's font has no degree sign.
        let name = row.name.replace('°', " degrees");
        lines.push(format!(
            "{here}{} {name} (level {}): {rate}",
            i + 1,
            row.level
        ));
    }
    lines.push(String::new());
    lines.push(format!("Attempts this session: {}", training.attempts));
    if let Some(p) = &training.proposal {
        lines.push(String::new());
        lines.push(format!("From your matches: {}", p.words));
    } else if training.reading_matches() {
        lines.push(String::new());
        lines.push("Reading your matches for the shots you miss...".into());
    }
    set(&mut panels.score, lines.join("\n"));
    if !panels.dense {
        panels.dense = true;
    }
    // A reviewed stroke's position (Try it) is no drill of the list.
    let tried = training
        .tried
        .then(|| "A reviewed stroke, again".to_string());
    let name = tried.unwrap_or_else(|| rows_name(&rows, &training));
    set(&mut panels.name, name);
    set(&mut panels.what, training.drill.task.clone());
    if panels.side.is_some() {
        panels.side = None;
    }
    // Tried from a review, Esc goes back to it.
    let esc = if training.tried { "the review" } else { "menu" };
    set(
        &mut panels.help,
        format!(
            "Slide the striker along the base line to place it (or tap/hold the arrow keys).\nPull back from the striker, away from the board, to aim; let go to strike.\nA/D aim, W/S power, Space strikes.\n1-9: choose a drill   N: another position\nH: the coach's shot   J: take it   P: progress\nG: aim guide   F: fix/turn board   Esc: {esc}"
        ),
    );
}

/// Practice: the breaks so far, the banner and the keys.
fn practice_panels(
    practice: Res<BreakPractice>,
    preview: Option<Res<super::preview::Preview>>,
    mut panels: ResMut<Panels>,
) {
    let mut lines = vec!["BREAK PRACTICE".to_string()];
    let breaks = &practice.breaks;
    let n = breaks.len().max(1) as f32;
    let total: usize = breaks.iter().map(|b| b.pocketed).sum();
    lines.push(format!("Breaks: {}", breaks.len()));
    lines.push(format!("Pocketed per break: {:.2}", total as f32 / n));
    for (i, b) in breaks.iter().enumerate().rev().take(8) {
        lines.push(format!(
            "#{:>2}: {} in, {} outside{}",
            i + 1,
            b.pocketed,
            b.outside_outer_circle,
            if b.striker_lost { ", striker lost" } else { "" }
        ));
    }
    set(&mut panels.score, lines.join("\n"));
    if panels.dense {
        panels.dense = false;
    }
    set(&mut panels.name, "Break practice".into());
    set(&mut panels.what, "South - break the rack".into());
    if panels.side.is_some() {
        panels.side = None;
    }
    let help = format!(
        "Slide the striker along the base line to place it (or tap/hold the arrow keys).\nPull back from the striker, away from the board, to aim; let go to strike. Back onto the striker or right-click cancels.\nA/D aim, W/S power, Space strikes.\nH: the coach's hint   J: take it   M: break map\nT: trajectory preview ({})\nG: aim guide   R: reset the rack\nF: fix/turn board   Esc: menu",
        if preview.is_some_and(|p| p.on) {
            "on"
        } else {
            "off"
        }
    );
    set(&mut panels.help, help);
}
