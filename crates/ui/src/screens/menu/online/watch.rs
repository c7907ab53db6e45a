//! The live matches on the server, to watch: each a button (its players, rated or not, how far
//! it has gone); clicking one watches it on the board, every seat played from the server.

use super::OnlineView;
use super::home::Asking;
use super::list::{ListRows, ListView, list_view, refresh_button};
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{LiveMatch, ToServer};

/// The most live matches listed.
const LISTED: usize = 12;

/// The live matches' view.
const PAGE: ListView = ListView {
    view: OnlineView::Watch,
    title: "LIVE MATCHES",
    note: "Click a match to watch it: every stroke is played on your board as the server played it.",
    row_gap: 6.0,
    buttons: |line| refresh_button(line, ToServer::Live),
};

pub(super) fn plugin(app: &mut App) {
    list_view(app, PAGE, show_rows);
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

fn show_rows(mut rows: ListRows<Vec<LiveMatch>>) {
    rows.show(|session| &session.live, |list, live| spawn_rows(list, live));
}

/// The list's rows: each match a button that watches it.
fn spawn_rows(list: &mut ChildSpawnerCommands, live: &[LiveMatch]) {
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
}
