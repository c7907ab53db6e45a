//! The review's page ([`crate::modes::review`]) in the two columns beside the board. Left: the
//! coach at work ("Judging: stroke 23 of 61" over its bar), the chart of each side's chance to
//! win the board after every stroke (a bar each, side 0's share from the foot, the turning
//! points marked in gold and the chosen stroke in white; a click on a bar chooses its stroke),
//! and each player's accuracy and worst three strokes. Right: the chosen stroke (the played
//! shot against the coach's best, its label, the chances after it), Try it and Back, and the
//! strokes around it with their labels. The page is drawn again as the review changes. A point
//! game, each for himself, charts every player's points after each stroke instead.

mod points;
mod stroke;

use crate::board::layout::{GAP, Layout, SidePanel, side_panel_node};
use crate::modes::review::{BackFromReview, ChooseStroke, Reviewing};
use crate::states::Playing;
use crate::theme::{Activate, button, palette, side_colour, text};
use bevy::prelude::*;
use carrom_ai::review::{Label, PlayerReview};
use stroke::right_column;

/// The chart's height (pixels at the interface's scale).
const CHART_HEIGHT: f32 = 120.0;

/// The review's left and right columns.
#[derive(Component)]
struct ReviewColumn {
    left: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Playing::Review), spawn_columns)
        .add_systems(
            Update,
            draw_page
                .after(crate::sim::SimSet)
                .run_if(in_state(Playing::Review)),
        );
}

/// A label's colour on the page.
pub fn label_colour(label: Label) -> Color {
    match label {
        Label::Best => Color::srgb(0.45, 0.85, 0.45),
        Label::Good => Color::srgb(0.70, 0.85, 0.60),
        Label::Inaccuracy => Color::srgb(0.95, 0.85, 0.35),
        Label::Mistake => Color::srgb(0.98, 0.60, 0.25),
        Label::Blunder => Color::srgb(0.98, 0.30, 0.25),
        Label::Forced => Color::srgb(0.65, 0.65, 0.70),
    }
}

/// A column over the side panel on its side (the layout sets its width), above the game's
/// panels.
fn spawn_columns(mut commands: Commands) {
    for left in [true, false] {
        commands.spawn((
            ReviewColumn { left },
            SidePanel,
            DespawnOnExit(Playing::Review),
            GlobalZIndex(15),
            Node {
                row_gap: px(5),
                padding: UiRect::all(px(8)),
                overflow: Overflow::clip(),
                ..side_panel_node(left, 248.0)
            },
            BackgroundColor(palette::ROOM),
        ));
    }
}

/// The page drawn again when the review changes (a stroke judged, another chosen) or its
/// columns are new.
fn draw_page(
    mut commands: Commands,
    reviewing: Res<Reviewing>,
    layout: Option<Res<Layout>>,
    columns: Query<(Entity, &ReviewColumn, Ref<ReviewColumn>)>,
) {
    let changed = layout.as_ref().is_some_and(|l| l.is_changed());
    let layout = layout.map_or(Layout::default(), |l| *l);
    let new = columns.iter().any(|(_, _, r)| r.is_added());
    if !reviewing.is_changed() && !new && !changed {
        return;
    }
    // The column's width inside its padding, at the interface's scale.
    let width = ((layout.panel - GAP) / layout.scale - 16.0).max(60.0);
    for (e, column, _) in &columns {
        commands
            .entity(e)
            .despawn_related::<Children>()
            .with_children(|c| {
                if column.left {
                    left_column(c, &reviewing, width);
                } else {
                    right_column(c, &reviewing);
                }
            });
    }
}

fn left_column(c: &mut ChildSpawnerCommands, r: &Reviewing, width: f32) {
    let setup = &r.save.setup;
    c.spawn(text("REVIEW", 20.0, palette::HUD_TITLE));
    c.spawn(text(setup.title(), 15.0, palette::HUD_TEXT));
    progress(c, r);
    chart(c, r, width);
    for p in r.players() {
        player(c, r, &p);
    }
    crate::theme::button(
        c,
        150.0,
        32.0,
        text("Back (Esc)", 16.0, palette::BUTTON_TEXT),
        |_: On<Activate>, mut commands: Commands| commands.trigger(BackFromReview),
    );
}

/// The coach at work: "Judging: stroke 23 of 61" over a bar, or what was reviewed.
fn progress(c: &mut ChildSpawnerCommands, r: &Reviewing) {
    let (line, colour) = if let Some(e) = &r.error {
        (format!("No review: {e}"), palette::ILLEGAL)
    } else if r.walked.is_none() {
        ("Playing the match again...".to_string(), palette::HUD_NOTE)
    } else if r.busy() {
        (
            format!("Judging: stroke {} of {}", r.done, r.total),
            palette::HUD_NOTE,
        )
    } else {
        (
            format!("Every stroke judged ({})", r.total),
            palette::HUD_TEXT,
        )
    };
    c.spawn(text(line, 14.0, colour));
    if r.busy() {
        let share = if r.total == 0 {
            0.0
        } else {
            r.done as f32 / r.total as f32
        };
        c.spawn((
            Node {
                width: percent(100),
                height: px(8),
                ..default()
            },
            BackgroundColor(palette::PANEL_DARK),
        ))
        .with_children(|bar| {
            bar.spawn((
                Node {
                    width: percent(100.0 * share),
                    height: percent(100),
                    ..default()
                },
                BackgroundColor(palette::POWER_BAR),
            ));
        });
    }
}

/// Each side's chance to win the board after every stroke: a bar a stroke, side 0's share
/// from the foot in its colour; under it the turning points in gold and the chosen stroke in
/// white. A bar clicked chooses its stroke.
fn chart(c: &mut ChildSpawnerCommands, r: &Reviewing, width: f32) {
    let Some(walked) = &r.walked else { return };
    if walked.start.is_none() {
        return points::chart(c, r, walked, width);
    }
    c.spawn(text(
        "Chance to win the board, after each stroke",
        13.0,
        palette::HUD_HELP,
    ));
    let chart = carrom_ai::review::chart(walked);
    let turning = carrom_ai::review::turning_points(&chart);
    // Whole pixels a bar, so that no seam shows between them.
    let bar = (width / chart.len().max(1) as f32).floor().max(1.0);
    c.spawn(chart_row()).with_children(|bars| {
        for p in &chart {
            let zero = p.win_chance_after.board[0].clamp(0.0, 1.0);
            bar_column(bars, bar, p.index - 1).with_children(|bar| {
                bar.spawn((
                    Node {
                        width: percent(100),
                        height: percent(100.0 * zero),
                        ..default()
                    },
                    BackgroundColor(side_colour(0)),
                ));
                bar.spawn((
                    Node {
                        width: percent(100),
                        flex_grow: 1.0,
                        ..default()
                    },
                    BackgroundColor(side_colour(1).with_alpha(0.55)),
                ));
            });
        }
    });
    let strokes: Vec<usize> = chart.iter().map(|p| p.index).collect();
    marks(c, &strokes, &turning, r.chosen, bar);
    let turns: Vec<String> = turning.iter().map(|i| i.to_string()).collect();
    c.spawn(text(
        format!("Gold: the turning points (strokes {})", turns.join(", ")),
        12.0,
        palette::HUD_HELP,
    ));
}

/// The row of a chart's bars, the chart's height.
fn chart_row() -> Node {
    Node {
        width: percent(100),
        height: px(CHART_HEIGHT),
        flex_direction: FlexDirection::Row,
        ..default()
    }
}

/// One stroke's bar of a chart, `width` wide, filled from the foot; a click chooses the
/// stroke (`chosen`: its index from 0).
fn bar_column<'a>(
    bars: &'a mut ChildSpawnerCommands,
    width: f32,
    chosen: usize,
) -> EntityCommands<'a> {
    let mut column = bars.spawn((
        Interaction::default(),
        Node {
            width: px(width),
            height: percent(100),
            flex_direction: FlexDirection::ColumnReverse,
            ..default()
        },
    ));
    column.observe(move |_: On<Activate>, mut commands: Commands| {
        commands.trigger(ChooseStroke(chosen))
    });
    column
}

/// The marks under the chart's bars (`strokes`: each bar's stroke, from 1): the turning points
/// in gold, the chosen stroke in white.
fn marks(
    c: &mut ChildSpawnerCommands,
    strokes: &[usize],
    turning: &[usize],
    chosen: usize,
    bar: f32,
) {
    c.spawn(Node {
        width: percent(100),
        height: px(6),
        flex_direction: FlexDirection::Row,
        ..default()
    })
    .with_children(|marks| {
        for &index in strokes {
            let colour = if index - 1 == chosen {
                Color::WHITE
            } else if turning.contains(&index) {
                palette::COACH_GOLD
            } else {
                Color::NONE
            };
            marks.spawn((
                Node {
                    width: px(bar),
                    height: percent(100),
                    ..default()
                },
                BackgroundColor(colour),
            ));
        }
    });
}

/// A player's accuracy and his worst strokes (each a button to it), in his side's colour.
fn player(c: &mut ChildSpawnerCommands, r: &Reviewing, p: &PlayerReview) {
    let accuracy = p
        .accuracy
        .map_or("no stroke with a choice yet".to_string(), |a| {
            format!("accuracy {a:.0}%")
        });
    c.spawn(text(
        format!("{}: {accuracy}", p.name),
        15.0,
        crate::theme::player_colour(&r.save.setup, p.seat),
    ));
    if p.worst.is_empty() {
        return;
    }
    c.spawn(Node {
        column_gap: px(4),
        align_items: AlignItems::Center,
        ..default()
    })
    .with_children(|row| {
        row.spawn(text("Worst:", 13.0, palette::HUD_HELP));
        for &index in &p.worst {
            button(
                row,
                44.0,
                24.0,
                text(index.to_string(), 13.0, palette::BUTTON_TEXT),
                move |_: On<Activate>, mut commands: Commands| {
                    commands.trigger(ChooseStroke(index - 1))
                },
            );
        }
    });
}
