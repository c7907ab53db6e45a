//! One tournament on the server: what it is and where it stands (a countdown to its start
//! when it has a time), who has joined, this player's next game, Join (while it is open) or
//! Come to play (once it has started: each game of this player's is given to this page when it
//! starts, and goes to the board; when it is over the page comes back here, come to play the
//! next), the organizer's Start, Pause, Resume, Cancel and Remove, the games being played to
//! watch, and the knockout and the tables drawn as the tournament's own page draws them
//! (`carrom tournament`'s, offline).

use super::form::OnlineForm;
use super::home::Asking;
use super::list::{ListRows, ListView, list_view};
use super::{MenuPage, OnlineSession, OnlineView};
use crate::modes::online::Online;
use crate::modes::table::Table;
use crate::screens::menu::tournament::view;
use crate::states::Screen;
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
    app.add_systems(Update, count_down.run_if(in_state(OnlineView::Tournament)))
        .add_systems(OnEnter(Screen::Menu), back_from_a_game)
        .add_systems(OnEnter(MenuPage::Online), back_to_the_page);
}

/// The menu again after a game of the tournament's (its page had sent it to the board), once
/// it is over (left before, it stays at the table for Continue): the online page opened.
fn back_from_a_game(
    session: Res<OnlineSession>,
    (table, online): (Option<Res<Table>>, Option<Res<Online>>),
    mut page: ResMut<NextState<MenuPage>>,
) {
    let over = table.is_some_and(|t| t.model.is_over()) || online.is_some_and(|o| o.is_over());
    if session.back_to_tournament.is_some() && over {
        page.set(MenuPage::Online);
    }
}

/// ...and the tournament's page on it, where the player comes to play again (his next game
/// comes to this page) while the tournament is being played.
fn back_to_the_page(mut a: Asking) {
    let Some(id) = a.session.back_to_tournament.take() else {
        return;
    };
    let code = Some(a.form.code.trim().to_uppercase()).filter(|c| !c.is_empty());
    a.session.tournament = None;
    if a.ask(ToServer::Tournament { id }) {
        // Come to play again once it is heard to be still under way.
        a.session.come_back = Some((id, code));
        a.view.set(OnlineView::Tournament);
    }
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

/// `me`'s next game: on now (come to play), or the first of his still to be played.
pub fn next_game_words(t: &TournamentView, me: &str) -> Option<String> {
    let mine = (t.games.iter())
        .filter(|g| g.game.winner.is_none() && g.game.players.iter().any(|p| p == me));
    let against = |g: &carrom_online::TournamentGame| {
        let other = g.game.players.iter().find(|p| *p != me).cloned();
        other.unwrap_or_default()
    };
    let games: Vec<_> = mine.collect();
    if let Some(on) = games.iter().find(|g| g.match_id.is_some()) {
        let (m, n) = (on.match_id.unwrap_or_default(), on.game.number);
        let vs = against(on);
        return Some(format!(
            "Your game is on: game {n} against {vs} (match {m}). Come to play, now."
        ));
    }
    let next = games.first()?;
    Some(format!(
        "Your next game: game {} against {}, when the games before it have ended.",
        next.game.number,
        against(next)
    ))
}

/// A countdown to an open tournament's start, in seconds since 1970.
#[derive(Component)]
struct StartsAt(u64);

/// "Starts in 4:05" (hours too when it is that far).
pub fn countdown_words(starts_at: u64, now: u64) -> String {
    let Some(left) = starts_at.checked_sub(now).filter(|l| *l > 0) else {
        return "Starting now: come to play.".into();
    };
    let (h, m, s) = (left / 3600, left / 60 % 60, left % 60);
    match h {
        0 => format!("Starts in {m}:{s:02}"),
        h => format!("Starts in {h}:{m:02}:{s:02}"),
    }
}

/// The countdowns shown, each second.
fn count_down(mut shown: Query<(&StartsAt, &mut Text)>) {
    // The browser's clock in the page, where the system's time is not.
    let now = carrom_store::unix_seconds();
    for (at, mut t) in &mut shown {
        let words = countdown_words(at.0, now);
        if t.0 != words {
            t.0 = words;
        }
    }
}

/// What `me` can do: join it or come to play; its organizer, start, pause, resume, cancel it
/// or remove a player.
fn spawn_actions(list: &mut ChildSpawnerCommands, t: &TournamentView, me: &str) {
    let s = &t.summary;
    let joined = t.entrants.iter().any(|e| e == me);
    let id = s.id;
    if let (TournamentState::Open, Some(at)) = (s.state, t.starts_at) {
        list.spawn((StartsAt(at), text("", 22.0, palette::COACH_GOLD)));
    }
    if let Some(words) = next_game_words(t, me) {
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
        });
    if s.organizer == me && !s.state.ended() {
        spawn_organizer(list, t);
    }
}

/// The organizer's acts, as the tournament stands: start it (open), pause or resume it (being
/// played), cancel it; remove a player (before the start off the list, after it his games
/// walkovers).
fn spawn_organizer(list: &mut ChildSpawnerCommands, t: &TournamentView) {
    let id = t.summary.id;
    let acts: &[(&str, Organize)] = match t.summary.state {
        TournamentState::Open => &[("Start it", Organize::Start)],
        TournamentState::Live => &[("Pause it", Organize::Pause)],
        TournamentState::Paused => &[("Resume it", Organize::Resume)],
        _ => &[],
    };
    list.spawn(text("ORGANIZER", size::MENU_HEADING, palette::MENU_SMALL));
    list.spawn(super::wrapping_row(10.0, 6.0))
        .with_children(|line| {
            for (label, act) in acts.iter().chain([&("Cancel it", Organize::Cancel)]) {
                let act = act.clone();
                act_button(line, label, move |_| ToServer::Organize {
                    id,
                    act: act.clone(),
                });
            }
        });
    list.spawn(super::wrapping_row(8.0, 6.0))
        .with_children(|line| {
            for name in t.entrants.iter().filter(|e| !t.removed.contains(e)) {
                let label = format!("Remove {name}");
                let name = name.clone();
                let b = button(
                    line,
                    150.0,
                    30.0,
                    text(label, 14.0, palette::BUTTON_TEXT),
                    move |_: On<Activate>, mut a: Asking| {
                        let act = Organize::Remove { name: name.clone() };
                        a.ask(ToServer::Organize { id, act });
                    },
                );
                super::fit(line, b);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_countdown_to_a_start_says_minutes_and_seconds_then_hours() {
        assert_eq!(countdown_words(1_000 + 245, 1_000), "Starts in 4:05");
        assert_eq!(
            countdown_words(1_000 + 3 * 3600 + 61, 1_000),
            "Starts in 3:01:01"
        );
        assert_eq!(countdown_words(1_000, 1_000), "Starting now: come to play.");
        assert_eq!(countdown_words(900, 1_000), "Starting now: come to play.");
    }

    #[test]
    fn a_players_next_game_is_the_one_on_or_else_his_first_still_to_play() {
        let summary = carrom_online::TournamentSummary {
            id: 1,
            name: "Club night".into(),
            organizer: "Kim".into(),
            format: carrom_tournament::Format::RoundRobin,
            state: TournamentState::Live,
            rated: false,
            private: false,
            players: 3,
        };
        use carrom_tournament::{Entrant, Format, Seeding, Settings, Tournament};
        let names: Vec<String> = ["Asha", "Ravi", "Meena"].map(String::from).to_vec();
        let t = Tournament::new(Settings {
            format: Format::RoundRobin,
            players: names.iter().map(|n| Entrant::person(n)).collect(),
            groups: None,
            rounds: None,
            rules: "vkk".into(),
            third_place: false,
            seed: 7,
            seeding: Seeding::Order,
        })
        .unwrap();
        let mut matches = std::collections::BTreeMap::new();
        let view = |m: &std::collections::BTreeMap<u32, u64>| {
            TournamentView::new(summary.clone(), names.clone(), Some(&t), m, None)
        };
        let first = (t.games.iter())
            .find(|g| g.players.iter().any(|p| p == "Asha"))
            .unwrap();
        let other = first.players.iter().find(|p| *p != "Asha").unwrap();
        let next = next_game_words(&view(&matches), "Asha").unwrap();
        let wanted = format!("Your next game: game {} against {other},", first.number);
        assert!(next.starts_with(&wanted), "{next}");
        matches.insert(first.number, 42);
        let on = next_game_words(&view(&matches), "Asha").unwrap();
        assert!(
            on.contains("Your game is on") && on.contains("(match 42)"),
            "{on}"
        );
        assert_eq!(
            next_game_words(&view(&matches), "Kim"),
            None,
            "not a player"
        );
    }
}
