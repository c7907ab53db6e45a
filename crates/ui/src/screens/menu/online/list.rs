//! What the online page's list views share (the live matches, the leaderboard, a player's
//! page): the heading, the rows of what the server sent, the message line and a line of buttons
//! ending in Back; the rows rebuilt when the session's list changes, "Asking the server..."
//! until it has come.

use super::super::page_button;
use super::home::Asking;
use super::session::OnlineSession;
use super::{OnlineView, heading, message_line};
use crate::theme::{Activate, button, palette, size, text};
use bevy::ecs::system::{ScheduleSystem, SystemParam};
use bevy::prelude::*;
use carrom_online::ToServer;

/// A list view of the online page: its title, the words under it, its rows' gap and the
/// buttons before Back.
#[derive(Clone, Copy)]
pub(super) struct ListView {
    pub view: OnlineView,
    pub title: &'static str,
    pub note: &'static str,
    pub row_gap: f32,
    pub buttons: fn(&mut ChildSpawnerCommands),
}

/// The list's rows, rebuilt when the list changes.
#[derive(Component)]
struct Rows;

/// `page`'s systems: the view spawned when the page comes to it, then `show_rows` and the
/// message line kept up while it shows.
pub(super) fn list_view<M>(
    app: &mut App,
    page: ListView,
    show_rows: impl IntoScheduleConfigs<ScheduleSystem, M>,
) {
    let spawn_view = move |mut commands: Commands| spawn_list_view(&mut commands, page);
    super::view_systems(app, page.view, spawn_view, show_rows);
}

fn spawn_list_view(commands: &mut Commands, page: ListView) {
    commands
        .spawn(super::view_over_menu(page.view))
        .with_children(|view| {
            heading(view, page.title, page.note);
            view.spawn((
                Rows,
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(page.row_gap),
                    min_height: px(200),
                    // Its rows no wider than the screen (each its words wrapped).
                    max_width: percent(100),
                    ..default()
                },
            ));
            message_line(view);
            // On a narrow screen (a phone held upright) the buttons wrap.
            view.spawn(super::wrapping_row(12.0, 8.0))
                .with_children(|line| {
                    (page.buttons)(line);
                    page_button(line, "Back", OnlineView::Home);
                });
        });
}

/// A button that asks the server for the list again.
pub(super) fn refresh_button(line: &mut ChildSpawnerCommands, ask: ToServer) {
    button(
        line,
        200.0,
        34.0,
        text("Refresh", 16.0, palette::BUTTON_TEXT),
        move |_: On<Activate>, mut a: Asking| {
            a.ask(ask.clone());
        },
    );
}

/// A list view's rows and the list they were built from (`T`, as the session has it).
#[derive(SystemParam)]
pub(super) struct ListRows<'w, 's, T: Clone + PartialEq + Send + Sync + 'static> {
    commands: Commands<'w, 's>,
    session: Res<'w, OnlineSession>,
    rows: Query<'w, 's, Entity, With<Rows>>,
    shown: Local<'s, Option<Option<T>>>,
}

impl<T: Clone + PartialEq + Send + Sync + 'static> ListRows<'_, '_, T> {
    /// Rebuilds the rows when the session's `list` has changed since they were built: "Asking
    /// the server..." while it has not come, else the rows `spawn_rows` spawns for it.
    pub fn show(
        &mut self,
        list: impl Fn(&OnlineSession) -> &Option<T>,
        spawn_rows: impl FnOnce(&mut ChildSpawnerCommands, &T),
    ) {
        let session: &OnlineSession = &self.session;
        let now = list(session);
        if self.shown.as_ref() == Some(now) {
            return;
        }
        *self.shown = Some(now.clone());
        let Ok(rows) = self.rows.single() else { return };
        self.commands.entity(rows).despawn_children();
        self.commands.entity(rows).with_children(|rows| match now {
            None => {
                rows.spawn(text("Asking the server...", size::PAGE, palette::PAGE_TEXT));
            }
            Some(list) => spawn_rows(rows, list),
        });
    }
}
