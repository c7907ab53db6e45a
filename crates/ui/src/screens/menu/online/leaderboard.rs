//! The leaderboard: the best rated players who have played, best first: rank, name, rating,
//! its deviation, games and wins. Clicking a player opens his page.

use super::OnlineView;
use super::home::Asking;
use super::list::{ListRows, ListView, list_view, refresh_button};
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{Standing, ToServer};

/// The most players listed (the server sends up to its bound).
const LISTED: usize = 14;

/// The leaderboard's view.
const PAGE: ListView = ListView {
    view: OnlineView::Leaderboard,
    title: "LEADERBOARD",
    note: "Glicko-2 ratings of the players of rated matches: the rating and its deviation (how far off it may still be). Click a player for his page.",
    row_gap: 4.0,
    buttons: |line| refresh_button(line, ToServer::Leaderboard),
};

pub(super) fn plugin(app: &mut App) {
    list_view(app, PAGE, show_rows);
}

/// A row of the board in words, its columns in fixed widths: rank, name, rating +/-
/// deviation, games, wins (the game's font has no ±).
pub fn row_words(rank: usize, p: &Standing) -> String {
    format!(
        "{rank:>3}.  {:<16} {:>6.0} +/- {:<4.0} {:>5} games {:>5} wins",
        p.name, p.rating, p.deviation, p.games, p.wins
    )
}

fn show_rows(mut rows: ListRows<Vec<Standing>>) {
    rows.show(
        |session| &session.leaderboard,
        |list, board| spawn_rows(list, board),
    );
}

/// The board's rows: each player a button to his page.
fn spawn_rows(list: &mut ChildSpawnerCommands, board: &[Standing]) {
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
}
