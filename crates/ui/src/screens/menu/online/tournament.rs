//! One tournament on the server: what it is and where it stands, who has joined, Join (while
//! it is open) or Come to play (once it has started: each game of this player's is given to
//! this page when it starts, and goes to the board), the organizer's Start, the games being
//! played to watch, and the knockout and the tables drawn as the tournament's own page draws
//! them (`carrom tournament`'s, offline).

use super::OnlineView;
use super::form::OnlineForm;
use super::home::Asking;
use super::list::{ListRows, ListView, list_view};
use crate::screens::menu::tournament::view;
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{Organize, ToServer, TournamentState, TournamentView};
use carrom_tournament::words;

const PAGE: ListView = ListView {
    view: OnlineView::Tournament,
    title: "TOURNAMENT",
    note: "Every game is the VKK game (six boards or 25 points) on the ICF's 15 s shot clock. Be on this page when yours starts: it goes to the board. A player who does not come within the server's wait loses the game by walkover (Law 143(i)).",
    row_gap: 6.0,
    buttons: |line| {
        refresh(line);
        super::super::page_button(line, "Tournaments", OnlineView::Tournaments);
    },
};

pub(super) fn plugin(app: &mut App) {
    list_view(app, PAGE, show_rows);
}

fn show_rows(mut rows: ListRows<TournamentView>, form: Res<OnlineForm>) {
    let me = form.name.trim().to_string();
    rows.show(
        |session| &session.tournament,
        |list, t| spawn_rows(list, t, &me),
    );
}

/// The tournament shown, asked for again.
fn refresh(line: &mut ChildSpawnerCommands) {
    button(
        line,
        200.0,
        34.0,
        text("Refresh", 16.0, palette::BUTTON_TEXT),
        |_: On<Activate>, mut a: Asking| {
            if let Some(id) = a.session.tournament.as_ref().map(|t| t.summary.id) {
                a.ask(ToServer::Tournament { id });
            }
        },
    );
}

/// Where the tournament stands, for `me`: "Open: 5 players have joined (you too)".
pub fn state_words(t: &TournamentView, me: &str) -> String {
    let joined = t.entrants.iter().any(|e| e == me);
    let you = if joined { " (you too)" } else { "" };
    let n = t.entrants.len();
    match t.summary.state {
        TournamentState::Open => format!("Open: {n} players have joined{you}"),
        TournamentState::Live => format!("Being played by {n} players{you}"),
        TournamentState::Paused => format!("Paused by its organizer: {n} players{you}"),
        TournamentState::Over => format!("Over: {n} players"),
        TournamentState::Cancelled => "Cancelled by its organizer".to_string(),
    }
}

fn spawn_rows(list: &mut ChildSpawnerCommands, t: &TournamentView, me: &str) {
    let s = &t.summary;
    let file = t.file();
    let what = file
        .as_ref()
        .map_or_else(|| format!("{:?} tournament", s.format), view::heading);
    let title = format!("{} (organized by {}): {what}", s.name, s.organizer);
    list.spawn((text(title, 18.0, palette::PAGE_TEXT), fitted()));
    let state = state_words(t, me);
    list.spawn((text(state, size::MENU_NOTE, palette::PAGE_TEXT), fitted()));
    if let Some(line) = file.as_ref().and_then(words::champion_line) {
        list.spawn(text(line, 26.0, palette::COACH_GOLD));
    }
    if s.state == TournamentState::Open && !t.entrants.is_empty() {
        let players = format!("Players: {}", t.entrants.join(", "));
        list.spawn(text(players, size::MENU_NOTE, palette::PAGE_TEXT));
    }
    spawn_actions(list, t, me);
    spawn_in_play(list, t);
    if let Some(file) = &file {
        view::spawn_standings(list, file);
    }
}

/// Words or a button no wider than the screen, with a margin at its edges (a phone's).
fn fitted() -> Node {
    Node {
        max_width: percent(100),
        margin: UiRect::horizontal(px(10)),
        ..default()
    }
}

/// What `me` can do: join it or come to play, start it (its organizer).
fn spawn_actions(list: &mut ChildSpawnerCommands, t: &TournamentView, me: &str) {
    let s = &t.summary;
    let joined = t.entrants.iter().any(|e| e == me);
    let id = s.id;
    if let Some(m) = t.game_in_play(me) {
        let words = format!("Your game is on (match {m}): Come to play, now.");
        list.spawn((text(words, 17.0, palette::COACH_GOLD), fitted()));
    }
    list.spawn(super::wrapping_row(10.0, 6.0))
        .with_children(|line| {
            let live = matches!(s.state, TournamentState::Live | TournamentState::Paused);
            let label = match (s.state, joined) {
                (TournamentState::Open, false) => Some("Join"),
                (TournamentState::Open, true) => Some("I am here"),
                (_, true) if live => Some("Come to play"),
                (TournamentState::Live, false) if s.format == carrom_tournament::Format::Swiss => {
                    Some("Join late")
                }
                _ => None,
            };
            if let Some(label) = label {
                act_button(line, label, move |a| ToServer::EnterTournament {
                    id,
                    code: Some(a.form.code.trim().to_uppercase()).filter(|c| !c.is_empty()),
                });
            }
            if s.organizer == me && s.state == TournamentState::Open {
                act_button(line, "Start it", move |_| ToServer::Organize {
                    id,
                    act: Organize::Start,
                });
            }
        });
}

/// A button that sends what `ask` makes of the page.
fn act_button(
    line: &mut ChildSpawnerCommands,
    label: &str,
    ask: impl Fn(&Asking) -> ToServer + Send + Sync + 'static,
) {
    button(
        line,
        200.0,
        40.0,
        text(label, 17.0, palette::BUTTON_TEXT),
        move |_: On<Activate>, mut a: Asking| {
            let message = ask(&a);
            a.ask(message);
        },
    );
}

/// The games being played, each to watch.
fn spawn_in_play(list: &mut ChildSpawnerCommands, t: &TournamentView) {
    let playing: Vec<_> = (t.games.iter())
        .filter(|g| g.game.winner.is_none())
        .filter_map(|g| Some((g, g.match_id?)))
        .collect();
    if playing.is_empty() {
        return;
    }
    list.spawn(text(
        "BEING PLAYED",
        size::MENU_HEADING,
        palette::MENU_SMALL,
    ));
    for (g, id) in playing {
        let words = format!(
            "Game {}: {} v {} - Watch",
            g.game.number, g.game.players[0], g.game.players[1]
        );
        let watch = button(
            list,
            480.0,
            30.0,
            text(words, 15.0, palette::BUTTON_TEXT),
            move |_: On<Activate>, mut a: Asking| {
                a.ask(ToServer::Watch { id, code: None });
            },
        );
        super::fit(list, watch);
    }
}
