//! The live matches on the server, to watch: each a button (its players, rated or not, how far
//! it has gone); clicking one watches it on the board, every seat played from the server.

use super::home::Asking;
use super::session::OnlineSession;
use super::{OnlineView, heading, message_line, show_message, view_button};
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{LiveMatch, ToServer};

/// The most live matches listed.
const LISTED: usize = 12;

/// The list's rows, rebuilt when the list changes.
#[derive(Component)]
struct Rows;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(OnlineView::Watch), spawn_view)
        .add_systems(
            Update,
            (show_rows, show_message).run_if(in_state(OnlineView::Watch)),
        );
}

fn spawn_view(mut commands: Commands) {
    commands
        .spawn(super::view_over_menu(OnlineView::Watch))
        .with_children(|page| {
            heading(
                page,
                "LIVE MATCHES",
                "Click a match to watch it: every stroke is played on your board as the server played it.",
            );
            page.spawn((
                Rows,
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(6),
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
                        a.ask(ToServer::Live);
                    },
                );
                view_button(line, "Back", OnlineView::Home);
            });
        });
}

/// A live match in words: "Match 3: Asha v Ravi - rated, 14 actions".
fn match_words(m: &LiveMatch) -> String {
    let rated = if m.rated { "rated" } else { "not rated" };
    format!(
        "Match {}: {} - {rated}, {} actions",
        m.id,
        m.players.join(" v "),
        m.actions
    )
}

fn show_rows(
    mut commands: Commands,
    session: Res<OnlineSession>,
    rows: Query<Entity, With<Rows>>,
    mut shown: Local<Option<Option<Vec<LiveMatch>>>>,
) {
    if shown.as_ref() == Some(&session.live) {
        return;
    }
    *shown = Some(session.live.clone());
    let Ok(rows) = rows.single() else { return };
    commands.entity(rows).despawn_children();
    commands.entity(rows).with_children(|list| {
        let Some(live) = &session.live else {
            list.spawn(text("Asking the server...", size::PAGE, palette::PAGE_TEXT));
            return;
        };
        if live.is_empty() {
            list.spawn(text(
                "No match is being played.",
                size::PAGE,
                palette::PAGE_TEXT,
            ));
        }
        for m in live.iter().take(LISTED) {
            let id = m.id;
            button(
                list,
                620.0,
                34.0,
                text(match_words(m), 16.0, palette::BUTTON_TEXT),
                move |_: On<Activate>, mut a: Asking| {
                    a.ask(ToServer::Watch { id, code: None });
                },
            );
        }
        if live.len() > LISTED {
            let more = format!("and {} more", live.len() - LISTED);
            list.spawn(text(more, size::MENU_NOTE, palette::PAGE_TEXT));
        }
    });
}
