//! The leaderboard: the best rated players who have played, best first: rank, name, rating,
//! its deviation, games and wins. Clicking a player opens his page.

use super::home::Asking;
use super::session::OnlineSession;
use super::{OnlineView, heading, message_line, show_message, view_button};
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{Standing, ToServer};

/// The most players listed (the server sends up to its bound).
const LISTED: usize = 14;

/// The board's rows, rebuilt when the board changes.
#[derive(Component)]
struct Rows;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(OnlineView::Leaderboard), spawn_view)
        .add_systems(
            Update,
            (show_rows, show_message).run_if(in_state(OnlineView::Leaderboard)),
        );
}

fn spawn_view(mut commands: Commands) {
    commands
        .spawn(super::view_over_menu(OnlineView::Leaderboard))
        .with_children(|page| {
            heading(
                page,
                "LEADERBOARD",
                "Glicko-2 ratings of the players of rated matches: the rating and its deviation (how far off it may still be). Click a player for his page.",
            );
            page.spawn((
                Rows,
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(4),
                    min_height: px(200),
                    ..default()
                },
            ));
            message_line(page);
            page.spawn(Node {
                column_gap: px(12),
                ..default()
            })
            .with_children(|line| {
                button(
                    line,
                    200.0,
                    34.0,
                    text("Refresh", 16.0, palette::BUTTON_TEXT),
                    |_: On<Activate>, mut a: Asking| {
                        a.ask(ToServer::Leaderboard);
                    },
                );
                view_button(line, "Back", OnlineView::Home);
            });
        });
}

/// A row of the board in words, its columns in fixed widths: rank, name, rating +/-
/// deviation, games, wins (the game's font has no ±).
pub fn row_words(rank: usize, p: &Standing) -> String {
    format!(
        "{rank:>3}.  {:<16} {:>6.0} +/- {:<4.0} {:>5} games {:>5} wins",
        p.name, p.rating, p.deviation, p.games, p.wins
    )
}

fn show_rows(
    mut commands: Commands,
    session: Res<OnlineSession>,
    rows: Query<Entity, With<Rows>>,
    mut shown: Local<Option<Option<Vec<Standing>>>>,
) {
    if shown.as_ref() == Some(&session.leaderboard) {
        return;
    }
    *shown = Some(session.leaderboard.clone());
    let Ok(rows) = rows.single() else { return };
    commands.entity(rows).despawn_children();
    commands.entity(rows).with_children(|list| {
        let Some(board) = &session.leaderboard else {
            list.spawn(text("Asking the server...", size::PAGE, palette::PAGE_TEXT));
            return;
        };
        if board.is_empty() {
            let none = "Nobody has played a rated match on this server yet.";
            list.spawn(text(none, size::PAGE, palette::PAGE_TEXT));
        }
        for (k, p) in board.iter().take(LISTED).enumerate() {
            let name = p.name.clone();
            button(
                list,
                640.0,
                30.0,
                text(row_words(k + 1, p), 15.0, palette::BUTTON_TEXT),
                move |_: On<Activate>, mut a: Asking| {
                    let ask = ToServer::Player { name: name.clone() };
                    if a.ask(ask) {
                        a.session.player = None;
                        a.view.set(OnlineView::Player);
                    }
                },
            );
        }
    });
}
