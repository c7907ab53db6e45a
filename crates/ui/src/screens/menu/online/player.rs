//! A player's page: his rating with its deviation, games and wins (and his doubles rating, once
//! he has played rated doubles), and his recent matches,
//! each to watch as a replay (in the game's replay mode) or to keep as a save in the saves
//! folder.

use super::super::page_button;
use super::OnlineView;
use super::home::Asking;
use super::list::{ListRows, ListView, list_view};
use super::session::SaveUse;
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{PastMatch, Standing};

/// The most recent matches listed.
const LISTED: usize = 8;

/// A player's view.
const PAGE: ListView = ListView {
    view: OnlineView::Player,
    title: "PLAYER",
    note: "His recent matches: watch one as a replay, or keep it as a save (in the saves folder, listed with the saved matches).",
    row_gap: 5.0,
    buttons: |line| page_button(line, "Leaderboard", OnlineView::Leaderboard),
};

pub(super) fn plugin(app: &mut App) {
    list_view(app, PAGE, show_rows);
}

/// The player's standing in words: "Asha: rated 1580 +/- 120 - 12 games, 7 wins".
pub fn standing_words(p: &Standing) -> String {
    format!(
        "{}: rated {:.0} +/- {:.0} - {} games, {} wins",
        p.name, p.rating, p.deviation, p.games, p.wins
    )
}

/// His doubles rating in words, once he has one: "Doubles: rated 27 +/- 7 - 3 games, 2 wins".
pub fn doubles_words(p: &Standing) -> Option<String> {
    let d = p.doubles.as_ref()?;
    Some(format!(
        "Doubles: rated {:.0} +/- {:.0} - {} games, {} wins",
        d.rating, d.uncertainty, d.games, d.wins
    ))
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

type Page = (Standing, Vec<PastMatch>);

fn show_rows(mut rows: ListRows<Page>) {
    rows.show(|session| &session.player, spawn_rows);
}

/// The page's lines: the player's standing, then his recent matches.
fn spawn_rows(list: &mut ChildSpawnerCommands, (player, matches): &Page) {
    list.spawn(text(standing_words(player), 24.0, palette::MENU_TITLE));
    if let Some(doubles) = doubles_words(player) {
        list.spawn(text(doubles, 18.0, palette::MENU_TITLE));
    }
    if matches.is_empty() {
        list.spawn(text("No match played yet.", size::PAGE, palette::PAGE_TEXT));
    }
    for m in matches.iter().take(LISTED) {
        spawn_match_row(list, m);
    }
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
