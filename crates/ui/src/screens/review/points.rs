//! The point game's chart on the review's page: no two sides' chances, but every player's
//! points after each stroke, a bar a stroke with each player's share in his seat's colour from
//! the foot; a click on a bar chooses its stroke.

use super::{bar_column, chart_row, marks};
use crate::modes::review::Reviewing;
use crate::theme::{palette, seat_colour, text};
use bevy::prelude::*;
use carrom_ai::review::Walked;
use carrom_physics::Seat;

/// The points of `seats` together, from a stroke's points by seat.
fn total(points: Option<[u16; 4]>, seats: &[Seat]) -> f32 {
    let points = points.unwrap_or_default();
    seats.iter().map(|s| f32::from(points[s.index()])).sum()
}

pub(super) fn chart(c: &mut ChildSpawnerCommands, r: &Reviewing, walked: &Walked, width: f32) {
    let seats = r.save.setup.seats.seats();
    c.spawn(text(
        "Each player's points, after each stroke",
        13.0,
        palette::HUD_HELP,
    ));
    let most = walked
        .strokes
        .iter()
        .map(|s| total(s.points_after, seats))
        .fold(1.0, f32::max);
    let bar = (width / walked.strokes.len().max(1) as f32)
        .floor()
        .max(1.0);
    c.spawn(chart_row()).with_children(|bars| {
        for s in &walked.strokes {
            let points = s.points_after.unwrap_or_default();
            bar_column(bars, bar, s.index - 1).with_children(|column| {
                for &seat in seats {
                    let share = f32::from(points[seat.index()]) / most;
                    column.spawn((
                        Node {
                            width: percent(100),
                            height: percent(100.0 * share),
                            ..default()
                        },
                        BackgroundColor(seat_colour(seat)),
                    ));
                }
            });
        }
    });
    let strokes: Vec<usize> = walked.strokes.iter().map(|s| s.index).collect();
    marks(c, &strokes, &[], r.chosen, bar);
    c.spawn(text(
        "White: the chosen stroke (each plays for himself: no turning points)",
        12.0,
        palette::HUD_HELP,
    ));
}
