//! The point game's chart on the review's page: no two sides' chances, but every player's
//! points after each stroke, a bar a stroke with each player's share in his seat's colour from
//! the foot; a click on a bar chooses its stroke.

use super::{CHART_HEIGHT, marks};
use crate::modes::review::{ChooseStroke, Reviewing};
use crate::theme::{Activate, palette, seat_colour, text};
use bevy::prelude::*;
use carrom_ai::review::Walked;

pub(super) fn chart(c: &mut ChildSpawnerCommands, r: &Reviewing, walked: &Walked, width: f32) {
    let seats = r.save.setup.seats.seats();
    c.spawn(text(
        "Each player's points, after each stroke",
        13.0,
        palette::HUD_HELP,
    ));
    let points: Vec<[u16; 4]> = walked
        .strokes
        .iter()
        .map(|s| s.points_after.unwrap_or_default())
        .collect();
    let most = points
        .iter()
        .map(|p| seats.iter().map(|s| f32::from(p[s.index()])).sum::<f32>())
        .fold(1.0, f32::max);
    let bar = (width / points.len().max(1) as f32).floor().max(1.0);
    c.spawn(Node {
        width: percent(100),
        height: px(CHART_HEIGHT),
        flex_direction: FlexDirection::Row,
        ..default()
    })
    .with_children(|bars| {
        for (i, p) in points.iter().enumerate() {
            bars.spawn((
                Interaction::default(),
                Node {
                    width: px(bar),
                    height: percent(100),
                    flex_direction: FlexDirection::ColumnReverse,
                    ..default()
                },
            ))
            .observe(move |_: On<Activate>, mut commands: Commands| {
                commands.trigger(ChooseStroke(i))
            })
            .with_children(|column| {
                for &seat in seats {
                    let share = f32::from(p[seat.index()]) / most;
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
