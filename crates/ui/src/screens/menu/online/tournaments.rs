//! The tournaments on the server: each open or live one a button to its page, and one of
//! one's own made here, as its organizer (a VKK group stage, a Swiss, a round robin or a
//! knockout; started from its page when its players have joined).

use super::OnlineView;
use super::home::Asking;
use super::list::{ListRows, ListView, list_view, refresh_button};
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{ToServer, TournamentPlan, TournamentState, TournamentSummary};
use carrom_tournament::Format;

/// The most tournaments listed.
const LISTED: usize = 12;

const PAGE: ListView = ListView {
    view: OnlineView::Tournaments,
    title: "TOURNAMENTS",
    note: "The server's tournaments, open to join or being played: click one for its page. Or make one of your own: you organize it, and start it from its page once its players have joined.",
    row_gap: 5.0,
    buttons: |line| refresh_button(line, ToServer::Tournaments),
};

pub(super) fn plugin(app: &mut App) {
    list_view(app, PAGE, show_rows);
}

fn show_rows(mut rows: ListRows<Vec<TournamentSummary>>) {
    rows.show(
        |session| &session.tournaments,
        |list, t| spawn_rows(list, t),
    );
}

/// "Club night: VKK, open, 7 players (Coordinator)".
pub fn summary_words(t: &TournamentSummary) -> String {
    let state = match t.state {
        TournamentState::Open => "open to join",
        TournamentState::Live => "being played",
        TournamentState::Paused => "paused",
        TournamentState::Over => "over",
        TournamentState::Cancelled => "cancelled",
    };
    let private = if t.private { ", by its code" } else { "" };
    let rated = if t.rated { ", rated" } else { "" };
    format!(
        "{}: {}, {state}, {} players{rated}{private} ({})",
        t.name,
        format_words(t.format),
        t.players,
        t.organizer
    )
}

fn format_words(f: Format) -> &'static str {
    match f {
        Format::Vkk => "VKK groups and knockout",
        Format::RoundRobin => "round robin",
        Format::Knockout => "knockout",
        Format::Swiss => "Swiss",
    }
}

fn spawn_rows(list: &mut ChildSpawnerCommands, tournaments: &[TournamentSummary]) {
    list.spawn(super::wrapping_row(8.0, 6.0))
        .with_children(|line| {
            for (label, format) in [
                ("New VKK", Format::Vkk),
                ("New Swiss", Format::Swiss),
                ("New round robin", Format::RoundRobin),
                ("New knockout", Format::Knockout),
            ] {
                make_button(line, label, format);
            }
        });
    if tournaments.is_empty() {
        let none = "No tournament is open or being played on this server: make one.";
        list.spawn(text(none, size::PAGE, palette::PAGE_TEXT));
    }
    for t in tournaments.iter().take(LISTED) {
        let id = t.id;
        let row = button(
            list,
            640.0,
            32.0,
            text(summary_words(t), 15.0, palette::BUTTON_TEXT),
            move |_: On<Activate>, mut a: Asking| open(&mut a, id),
        );
        super::fit(list, row);
    }
}

/// Tournament `id`'s page, asked for.
pub(super) fn open(a: &mut Asking, id: u64) {
    if a.ask(ToServer::Tournament { id }) {
        a.session.tournament = None;
        a.view.set(OnlineView::Tournament);
    }
}

/// A button that makes a tournament of `format` organized by this player, and shows it.
fn make_button(line: &mut ChildSpawnerCommands, label: &str, format: Format) {
    button(
        line,
        150.0,
        32.0,
        text(label, 15.0, palette::BUTTON_TEXT),
        move |_: On<Activate>, mut a: Asking| {
            let name = a.form.name.trim().to_string();
            let plan = TournamentPlan::new(&format!("{name}'s {}", format_words(format)), format);
            if a.ask(ToServer::CreateTournament { plan }) {
                a.session.tournament = None;
                a.view.set(OnlineView::Tournament);
            }
        },
    );
}
