//! The review's right column: the chosen stroke (the played shot against the coach's best,
//! its label, the chances after it), Try it, and the strokes around it with their labels, a
//! click on one choosing it.

use super::label_colour;
use crate::modes::review::{ChooseStroke, Reviewing, TryIt};
use crate::theme::{Activate, button, palette, text};
use bevy::prelude::*;
use carrom_ai::review::{StrokeAt, StrokeReview};
use carrom_referee::Side;

/// The strokes listed around the chosen one.
const LISTED: usize = 13;

pub(super) fn right_column(c: &mut ChildSpawnerCommands, r: &Reviewing) {
    let Some((at, judged)) = r.chosen() else {
        c.spawn(text(
            "The match is being played again...",
            15.0,
            palette::HUD_TEXT,
        ));
        return;
    };
    chosen_stroke(c, r, at, judged);
    c.spawn(Node {
        column_gap: px(6),
        ..default()
    })
    .with_children(|row| {
        button(
            row,
            110.0,
            32.0,
            text("Try it (T)", 16.0, palette::BUTTON_TEXT),
            |_: On<Activate>, mut commands: Commands| commands.trigger(TryIt),
        );
    });
    c.spawn(text(
        "Up/Down: a stroke before or after",
        12.0,
        palette::HUD_HELP,
    ));
    stroke_list(c, r);
}

/// The chosen stroke: who played it, the label, the played shot's chance against the coach's
/// best, the chances after it.
fn chosen_stroke(
    c: &mut ChildSpawnerCommands,
    r: &Reviewing,
    at: &StrokeAt,
    judged: Option<&StrokeReview>,
) {
    let setup = &r.save.setup;
    c.spawn(text(
        format!("Stroke {} of {}", at.index, r.strokes().len()),
        18.0,
        palette::HUD_TITLE,
    ));
    c.spawn(text(
        format!("{} ({})", at.player, at.seat.title()),
        15.0,
        crate::theme::player_colour(setup, at.seat),
    ));
    match judged {
        Some(s) => judgement(c, s),
        None => {
            c.spawn(text("Being judged...", 15.0, palette::HUD_NOTE));
        }
    }
    c.spawn(text(after_it(setup, at), 13.0, palette::HUD_TEXT));
    c.spawn(text(
        "On the board: the stroke played in white, the coach's best in gold",
        12.0,
        palette::HUD_HELP,
    ));
}

/// After the stroke: each side's chance to win the board, or in the point game every
/// player's points.
fn after_it(setup: &carrom_match::MatchSetup, at: &StrokeAt) -> String {
    if let Some(after) = at.after {
        let board = after.board;
        return format!(
            "After it, to win the board: {} {}%, {} {}%",
            setup.side_names(Side::Zero),
            carrom_ai::coach::percent(board[0]),
            setup.side_names(Side::One),
            carrom_ai::coach::percent(board[1])
        );
    }
    let points = at.points_after.unwrap_or_default();
    let each: Vec<String> = setup
        .seats
        .seats()
        .iter()
        .map(|&s| format!("{} {}", setup.player(s).name, points[s.index()]))
        .collect();
    format!("After it, points: {}", each.join(", "))
}

/// A player's name as the list shows it: his seat when the name is long ("South (computer)").
fn short_name(name: &str, seat: carrom_physics::Seat) -> String {
    if name.chars().count() <= 10 {
        name.to_string()
    } else {
        seat.title().to_string()
    }
}

/// A stroke's judgement: its label, the played chance against the coach's best, the coach's
/// shot in words.
fn judgement(c: &mut ChildSpawnerCommands, s: &StrokeReview) {
    c.spawn(text(
        s.label.name().to_uppercase(),
        20.0,
        label_colour(s.label),
    ));
    let pct = carrom_ai::coach::percent;
    c.spawn(text(
        format!(
            "Played {}%, the coach's best {}%: loss {}",
            pct(s.played_chance),
            pct(s.best_chance),
            pct(s.loss)
        ),
        14.0,
        palette::HUD_TEXT,
    ));
    if let Some([p, b]) = s.pieces {
        c.spawn(text(
            format!("Pieces expected: played {p:.1}, best {b:.1}"),
            13.0,
            palette::HUD_TEXT,
        ));
    }
    if !s.best_words.is_empty() {
        c.spawn(text(
            format!("Coach: {}", s.best_words),
            13.0,
            palette::COACH_TEXT,
        ));
    }
}

/// The points a stroke lost against the coach's best, as the list shows them (" -27"; none
/// for none).
fn points_lost(loss: f32) -> String {
    let points = carrom_ai::coach::percent(loss);
    if points > 0.0 {
        format!(" -{points}")
    } else {
        String::new()
    }
}

/// The strokes around the chosen one, a line each: a click chooses it.
fn stroke_list(c: &mut ChildSpawnerCommands, r: &Reviewing) {
    let n = r.strokes().len();
    let first = r
        .chosen
        .saturating_sub(LISTED / 2)
        .min(n.saturating_sub(LISTED));
    for (i, at) in r.strokes().iter().enumerate().skip(first).take(LISTED) {
        let judged = r.judged.get(i).and_then(Option::as_ref);
        let (label, colour) = judged.map_or(("...".to_string(), palette::NO_SIDE), |s| {
            (
                format!("{}{}", s.label.name(), points_lost(s.loss)),
                label_colour(s.label),
            )
        });
        let chosen = i == r.chosen;
        // Clicked as a button is, its face its own (a button's follows the pointer).
        c.spawn((
            Interaction::default(),
            Node {
                width: percent(100),
                ..default()
            },
        ))
        .observe(move |_: On<Activate>, mut commands: Commands| commands.trigger(ChooseStroke(i)))
        .with_children(|line| {
            line.spawn((
                Node {
                    width: percent(100),
                    column_gap: px(6),
                    padding: UiRect::horizontal(px(4)),
                    ..default()
                },
                BackgroundColor(if chosen { palette::BUTTON } else { Color::NONE }),
            ))
            .with_children(|line| {
                line.spawn(text(
                    format!("{:>3} {}", at.index, short_name(&at.player, at.seat)),
                    13.0,
                    palette::HUD_TEXT,
                ));
                line.spawn(text(label, 13.0, colour));
            });
        });
    }
}
