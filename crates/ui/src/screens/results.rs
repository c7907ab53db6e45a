//! A board's result: after each board, a card with who won it, the points, the Queen, the Law
//! and the game's score, over the board until the players go on; its Review button (or R)
//! reviews the match so far. (The match's end is the [`super::summary`].)

use crate::launch::{Launch, Start};
use crate::modes::Begin;
use crate::modes::review::{OpenedFrom, ReviewStart};
use crate::modes::table::Table;
use crate::states::{Phase, Refereed, Watched};
use crate::text::for_display;
use crate::theme::palette::{CARD, CARD_DIM as DIM, CARD_EDGE as EDGE, CARD_INK as INK, NOTICE};
use crate::theme::side_colour;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    let after_a_board = in_state(Phase::BoardOver).or_else(in_state(Phase::Over));
    let r_reviews = r_reviews.run_if(after_a_board).run_if(in_state(Refereed));
    card_systems(app, Phase::BoardOver, spawn_result_card, r_reviews);
}

/// A card's systems: `spawn` when a refereed match's phase comes to `phase`, then `keys` (run
/// as they say) every frame before the simulation.
pub(super) fn card_systems<M1, M2>(
    app: &mut App,
    phase: Phase,
    spawn: impl IntoScheduleConfigs<ScheduleSystem, M1>,
    keys: impl IntoScheduleConfigs<ScheduleSystem, M2>,
) {
    app.add_systems(OnEnter(phase), spawn.run_if(in_state(Refereed)))
        .add_systems(Update, keys.before(crate::sim::SimSet));
}

/// The match at the table can be reviewed (not one across machines: the host's).
pub(super) fn reviewable(table: &Table) -> bool {
    table.here.is_none() && !table.model.actions.is_empty()
}

/// The review of the match at the table, opened from its result or its summary: a finished
/// match's review is kept beside its replay.
pub(super) fn open_review(commands: &mut Commands, table: &Table, launch: Option<&Launch>) {
    let path = table
        .replay_path
        .clone()
        .filter(|p| table.model.is_over() && carrom_store::exists(p));
    let start = ReviewStart {
        save: carrom_match::SaveFile::of(&table.model),
        path,
        from: OpenedFrom::Table,
    };
    let mut launch = launch.cloned().unwrap_or_else(Launch::menu);
    launch.start = Start::Review(Box::new(start));
    commands.trigger(Begin(launch));
}

/// R: the match reviewed (on a board's result and on the summary).
fn r_reviews(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    table: Res<Table>,
    launch: Option<Res<Launch>>,
) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyR)) && reviewable(&table) {
        open_review(&mut commands, &table, launch.as_deref());
    }
}

/// Review (R): the match so far reviewed. Its click is the button's, not the card's (the
/// board's result goes on with a click elsewhere).
fn review_button(c: &mut ChildSpawnerCommands) {
    crate::theme::button(
        c,
        290.0,
        36.0,
        text("Review the match so far (R)", 15.0, INK),
        |_: On<crate::theme::Activate>,
         mut commands: Commands,
         table: Res<Table>,
         launch: Option<Res<Launch>>| {
            open_review(&mut commands, &table, launch.as_deref())
        },
    );
}

/// Result text (as every text on the board, kept from breaking mid-word).
pub(super) fn text(s: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    crate::theme::text(for_display(&s.into()), size, color)
}

/// A box that centres its one child over the whole window, the board dimmed by `dim`.
pub(super) fn overlay(dim: f32) -> impl Bundle {
    super::over_window(Color::srgba(0.0, 0.0, 0.0, dim), 20)
}

pub(super) fn card(gap: f32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(gap),
            padding: UiRect::axes(px(28), px(18)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(10)),
            max_width: percent(94),
            ..default()
        },
        BackgroundColor(CARD),
        BorderColor::all(EDGE),
    )
}

fn spawn_result_card(
    mut commands: Commands,
    table: Res<Table>,
    watched: Option<Res<State<Watched>>>,
) {
    let s = &*table;
    let Some(b) = s.board_result().cloned() else {
        return;
    };
    let nobody_plays = watched.is_some() || s.watched();
    let lines = carrom_match::words::board_result(&s.model, &b, nobody_plays);
    info!("Board result: {}", lines[1..3].join("; "));
    let winner_colour = match (b.winner, b.points_leader()) {
        (Some(side), _) => side_colour(side),
        (None, Some(seat)) => crate::theme::seat_colour(seat),
        (None, None) => INK,
    };
    commands
        .spawn((DespawnOnExit(Phase::BoardOver), overlay(0.25)))
        .with_children(|o| {
            o.spawn(card(6.0)).with_children(|c| {
                for (i, line) in lines.iter().enumerate() {
                    let (size, colour) = match i {
                        0 => (18.0, DIM),
                        1 => (34.0, winner_colour),
                        2 => (20.0, INK),
                        _ if i + 1 == lines.len() => (15.0, DIM),
                        _ if line.starts_with("Colours change") => (19.0, NOTICE),
                        _ => (17.0, INK),
                    };
                    c.spawn(text(line.clone(), size, colour));
                }
                if reviewable(s) {
                    review_button(c);
                }
            });
        });
}
