//! The leaderboards, a tab each: the best rated players of singles (Glicko-2) and of doubles
//! (Weng-Lin, apart), best first: rank, name, rating, how far off it may be, games and wins.
//! Clicking a player opens his page.

use super::OnlineView;
use super::home::Asking;
use super::list::{ListRows, ListView, list_view};
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{Mode, Standing, ToServer};

/// The most players listed (the server sends up to its bound).
const LISTED: usize = 14;

/// The leaderboard's view.
const PAGE: ListView = ListView {
    view: OnlineView::Leaderboard,
    title: "LEADERBOARD",
    note: "The ratings of the players of rated matches, singles (Glicko-2) and doubles (Weng-Lin, for teams) apart: the rating and how far off it may still be. Click a player for his page.",
    row_gap: 4.0,
    buttons: tabs,
};

/// A tab for each leaderboard (asked again when pressed: the tab is its refresh).
fn tabs(line: &mut ChildSpawnerCommands) {
    for (label, mode) in [("Singles", Mode::Singles), ("Doubles", Mode::Doubles)] {
        button(
            line,
            200.0,
            34.0,
            text(label, 16.0, palette::BUTTON_TEXT),
            move |_: On<Activate>, mut a: Asking| {
                if a.ask(ToServer::Leaderboard { mode }) {
                    a.session.leaderboard = None;
                }
            },
        );
    }
}

pub(super) fn plugin(app: &mut App) {
    list_view(app, PAGE, show_rows);
}

/// A row of `mode`'s board in words, its columns in fixed widths: rank, name, rating +/- how
/// far off it may be (Glicko-2's deviation, Weng-Lin's uncertainty), games, wins (the game's
/// font has no ±).
pub fn row_words(rank: usize, p: &Standing, mode: Mode) -> String {
    let (rating, off, games, wins) = match (mode, &p.doubles) {
        (Mode::Doubles, Some(d)) => (d.rating, d.uncertainty, d.games, d.wins),
        _ => (p.rating, p.deviation, p.games, p.wins),
    };
    format!(
        "{rank:>3}.  {:<16} {rating:>6.0} +/- {off:<4.0} {games:>5} games {wins:>5} wins",
        p.name
    )
}

fn show_rows(mut rows: ListRows<(Mode, Vec<Standing>)>) {
    rows.show(
        |session| &session.leaderboard,
        |list, (mode, board)| spawn_rows(list, *mode, board),
    );
}

/// `mode`'s board: which it is, then its rows, each player a button to his page.
fn spawn_rows(list: &mut ChildSpawnerCommands, mode: Mode, board: &[Standing]) {
    let (which, none) = match mode {
        Mode::Singles => (
            "Singles - Glicko-2 ratings",
            "Nobody has played a rated singles match on this server yet.",
        ),
        Mode::Doubles => (
            "Doubles - Weng-Lin ratings",
            "Nobody has played a rated doubles match on this server yet.",
        ),
    };
    list.spawn(text(which, size::PAGE, palette::MENU_TITLE));
    if board.is_empty() {
        list.spawn(text(none, size::PAGE, palette::PAGE_TEXT));
    }
    for (k, p) in board.iter().take(LISTED).enumerate() {
        let name = p.name.clone();
        button(
            list,
            640.0,
            30.0,
            text(row_words(k + 1, p, mode), 15.0, palette::BUTTON_TEXT),
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
