//! Play online, from the menu ([`MenuPage::Online`]): a carrom server's address (a setting) and
//! the name to play under, then Quick match, a private room (singles or doubles, each other
//! seat a person or the server's computer; its code shown to give friends), Join room (its
//! code), Watch (the live matches), the Leaderboard and a player's page (his rating, games,
//! wins and recent matches, each to watch as a replay or keep as a save), and the server's
//! tournaments (each one's page: join it, come to play its games, its tables). The page talks to the
//! server through [`crate::online_link`] ([`session`]); the match goes to the board when the
//! server seats this player ([`crate::modes::online`]).
//!
//! Each view of the page is a state of its own ([`OnlineView`]), each in its own file.

mod form;
mod home;
mod leaderboard;
mod list;
mod player;
pub mod session;
mod tournament;
mod tournaments;
mod watch;

pub use form::{OnlineField, OnlineForm};
pub use session::OnlineSession;

use super::MenuPage;
use crate::theme::{palette, size, text};
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

/// The view of the online page.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(MenuPage = MenuPage::Online)]
pub enum OnlineView {
    /// The server, the name, and what to play.
    #[default]
    Home,
    /// The live matches, to watch.
    Watch,
    /// The best rated players.
    Leaderboard,
    /// One player's page.
    Player,
    /// The server's tournaments, to join or make.
    Tournaments,
    /// One tournament's page.
    Tournament,
}

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<OnlineView>().add_plugins((
        form::plugin,
        session::plugin,
        home::plugin,
        watch::plugin,
        leaderboard::plugin,
        player::plugin,
        tournaments::plugin,
        tournament::plugin,
    ));
}

/// `view`'s systems: `spawn_view` when the page comes to it, then `show` and the message line
/// kept up while it shows.
fn view_systems<M1, M2>(
    app: &mut App,
    view: OnlineView,
    spawn_view: impl IntoScheduleConfigs<ScheduleSystem, M1>,
    show: impl IntoScheduleConfigs<ScheduleSystem, M2>,
) {
    app.add_systems(OnEnter(view), spawn_view)
        .add_systems(Update, (show, show_message).run_if(in_state(view)));
}

/// A row of buttons that wraps on a narrow screen (a phone held upright), centred, no wider
/// than the screen.
fn wrapping_row(column_gap: f32, row_gap: f32) -> Node {
    Node {
        column_gap: px(column_gap),
        row_gap: px(row_gap),
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        max_width: percent(100),
        ..default()
    }
}

/// Button `button` made no wider than the screen (on a phone its words wrap).
fn fit(parent: &mut ChildSpawnerCommands, button: Entity) {
    parent
        .commands()
        .entity(button)
        .entry::<Node>()
        .and_modify(|mut node| node.max_width = percent(100));
}

/// A view over the menu, for as long as the online page shows `view`: the whole window, its
/// items in a column from the top, over the online page.
fn view_over_menu(view: OnlineView) -> impl Bundle {
    let node = Node {
        justify_content: JustifyContent::FlexStart,
        padding: UiRect {
            top: px(40),
            left: px(8),
            right: px(8),
            bottom: px(16),
        },
        row_gap: px(8),
        ..default()
    };
    super::layer_over_menu(view, node, 31)
}

/// A view's title and the words under it.
fn heading(parent: &mut ChildSpawnerCommands, title: &str, note: &str) {
    parent.spawn(text(title, size::MENU_HEADING + 4.0, palette::MENU_TITLE));
    parent.spawn((
        text(note, size::MENU_NOTE, palette::PAGE_TEXT),
        Node {
            max_width: px(900),
            // A margin at the window's edges (a phone's screen).
            margin: UiRect {
                left: px(12),
                right: px(12),
                bottom: px(6),
                ..default()
            },
            ..default()
        },
    ));
}

/// The line of the page's words from the server: a refusal or a failure, in its words.
#[derive(Component)]
struct MessageLine;

fn message_line(parent: &mut ChildSpawnerCommands) {
    parent.spawn((
        MessageLine,
        text("", size::MENU_NOTE + 2.0, palette::MENU_WARNING),
        Node {
            max_width: px(440),
            ..default()
        },
    ));
}

fn show_message(session: Res<OnlineSession>, mut lines: Query<&mut Text, With<MessageLine>>) {
    let want = session.message.clone().unwrap_or_default();
    for mut t in &mut lines {
        if t.0 != want {
            t.0.clone_from(&want);
        }
    }
}
