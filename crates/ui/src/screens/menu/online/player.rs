//! A player's page: his rating with its deviation, games and wins, and his recent matches,
//! each to watch as a replay (in the game's replay mode) or to keep as a save in the saves
//! folder.

use super::home::Asking;
use super::session::{OnlineSession, SaveUse};
use super::{OnlineView, heading, message_line, show_message, view_button};
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{PastMatch, Standing};

/// The most recent matches listed.
const LISTED: usize = 8;

/// The page's lines, rebuilt when the page changes.
#[derive(Component)]
struct Rows;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(OnlineView::Player), spawn_view)
        .add_systems(
            Update,
            (show_rows, show_message).run_if(in_state(OnlineView::Player)),
        );
}

fn spawn_view(mut commands: Commands) {
    commands
        .spawn(super::view_over_menu(OnlineView::Player))
        .with_children(|page| {
            heading(
                page,
                "PLAYER",
                "His recent matches: watch one as a replay, or keep it as a save (in the saves folder, listed with the saved matches).",
            );
            page.spawn((
                Rows,
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(5),
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
                view_button(line, "Leaderboard", OnlineView::Leaderboard);
                view_button(line, "Back", OnlineView::Home);
            });
        });
}

/// The player's standing in words: "Asha: rated 1580 +/- 120 - 12 games, 7 wins".
pub fn standing_words(p: &Standing) -> String {
    format!(
        "{}: rated {:.0} +/- {:.0} - {} games, {} wins",
        p.name, p.rating, p.deviation, p.games, p.wins
    )
}

/// A recent match in words: "Match 3: Asha v Ravi - Asha won (rated)".
pub fn past_words(m: &PastMatch) -> String {
    let result = if m.live {
        "being played".to_string()
    } else if m.winners.is_empty() {
        format!("no winner ({})", m.how)
    } else {
        format!("{} won", m.winners.join(" and "))
    };
    let rated = if m.rated { "rated" } else { "not rated" };
    format!(
        "Match {}: {} - {result} ({rated})",
        m.id,
        m.players.join(" v ")
    )
}

type Page = Option<(Standing, Vec<PastMatch>)>;

fn show_rows(
    mut commands: Commands,
    session: Res<OnlineSession>,
    rows: Query<Entity, With<Rows>>,
    mut shown: Local<Option<Page>>,
) {
    if shown.as_ref() == Some(&session.player) {
        return;
    }
    *shown = Some(session.player.clone());
    let Ok(rows) = rows.single() else { return };
    commands.entity(rows).despawn_children();
    commands.entity(rows).with_children(|list| {
        let Some((player, matches)) = &session.player else {
            list.spawn(text("Asking the server...", size::PAGE, palette::PAGE_TEXT));
            return;
        };
        list.spawn(text(standing_words(player), 24.0, palette::MENU_TITLE));
        if matches.is_empty() {
            list.spawn(text("No match played yet.", size::PAGE, palette::PAGE_TEXT));
        }
        for m in matches.iter().take(LISTED) {
            spawn_match_row(list, m);
        }
    });
}

/// A recent match: its words, and its two buttons.
fn spawn_match_row(list: &mut ChildSpawnerCommands, m: &PastMatch) {
    let id = m.id;
    list.spawn(Node {
        column_gap: px(10),
        align_items: AlignItems::Center,
        ..default()
    })
    .with_children(|row| {
        row.spawn((
            text(past_words(m), 15.0, palette::PAGE_TEXT),
            Node {
                width: px(560),
                ..default()
            },
        ));
        for (label, what) in [("Replay", SaveUse::Replay), ("Save", SaveUse::Keep)] {
            button(
                row,
                100.0,
                28.0,
                text(label, 15.0, palette::BUTTON_TEXT),
                move |_: On<Activate>, mut a: Asking| {
                    if a.session.is_open() {
                        a.session.ask_save(id, what);
                    }
                },
            );
        }
    });
}
