//! The menu's right column: the settings, kept between runs (the rules and what they change,
//! the match's length, the computer's level, the coach's hints, the volume, the board, tournament
//! play), and the players' names and who plays each seat.

use super::labels::{Choice, LevelNote, RulesNote, SettingsNote};
use super::players::{MenuPlayers, NameButton, ROWS};
use super::start::{SettingsChange, next_length, next_level, next_rules};
use super::{choice_button, small_text};
use crate::settings::Settings;
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;

/// The volume a step of 20% up (`by` 1) or down (-1) from `volume`, between 0 and 100%: it
/// stops at either end.
fn volume_step(volume: f32, by: i32) -> f32 {
    let steps = (volume * 5.0).round() as i32;
    (steps + by).clamp(0, 5) as f32 / 5.0
}

/// The right column: the settings and the players.
pub(super) fn spawn_settings(right: &mut ChildSpawnerCommands) {
    right.spawn(small_text(
        "SETTINGS (kept between runs)",
        size::MENU_HEADING,
    ));
    spawn_match_settings(right);
    spawn_volume(right);
    spawn_board_settings(right);
    spawn_players(right);
}

/// A settings button's width, height and font.
/// The column's width: the play column's, so that one above the other they fit a phone.
const COLUMN: f32 = 430.0;

const SETTING: (f32, f32, f32) = (COLUMN, 34.0, 16.0);

/// Words under a setting, as wide as the column and `lines` lines high whatever they say, so
/// a longer description does not move the rows under it.
fn setting_note(note: impl Component, lines: f32) -> impl Bundle {
    (
        note,
        small_text("", size::MENU_NOTE),
        Node {
            width: px(COLUMN),
            min_height: px(lines * 1.25 * size::MENU_NOTE),
            ..default()
        },
    )
}

/// What a match from the menu is: the rules (and what they change), its length, the
/// computer's level (and how it plays), the coach's hints.
fn spawn_match_settings(right: &mut ChildSpawnerCommands) {
    choice_button(right, Choice::Rules, (COLUMN, 36.0, 17.0), next_rules);
    right.spawn(setting_note(RulesNote, 3.0));
    choice_button(right, Choice::Length, SETTING, next_length);
    choice_button(right, Choice::Level, SETTING, next_level);
    right.spawn(setting_note(LevelNote, 2.0));
    choice_button(
        right,
        Choice::Hints,
        SETTING,
        |_: On<Activate>, mut s: SettingsChange| {
            s.players.hints = !s.players.hints;
            s.settings.hints = s.players.hints;
            s.store();
        },
    );
}

/// The volume: a step down, the volume (a click on it is a step up), a step up.
fn spawn_volume(right: &mut ChildSpawnerCommands) {
    right
        .spawn(Node {
            width: px(COLUMN),
            column_gap: px(8),
            ..default()
        })
        .with_children(|line| {
            let step = |by: i32| {
                move |_: On<Activate>, mut s: SettingsChange| {
                    s.settings.volume = volume_step(s.settings.volume, by);
                    s.store();
                }
            };
            button(
                line,
                60.0,
                SETTING.1,
                text("-", 20.0, palette::BUTTON_TEXT),
                step(-1),
            );
            choice_button(
                line,
                Choice::Volume,
                (COLUMN - 136.0, SETTING.1, SETTING.2),
                step(1),
            );
            button(
                line,
                60.0,
                SETTING.1,
                text("+", 20.0, palette::BUTTON_TEXT),
                step(1),
            );
        });
}

/// How the board is shown: fixed or turning; and tournament play (no guide, no hints).
fn spawn_board_settings(right: &mut ChildSpawnerCommands) {
    let toggle = |setting: fn(&mut Settings) -> &mut bool| {
        move |_: On<Activate>, mut s: SettingsChange| {
            let on = setting(&mut s.settings);
            *on = !*on;
            s.store();
        }
    };
    choice_button(
        right,
        Choice::Board,
        SETTING,
        toggle(|s| &mut s.fixed_board),
    );
    choice_button(right, Choice::Guide, SETTING, toggle(|s| &mut s.tournament));
}

/// The players: a row for each seat's name and who plays it; under them, what became of the
/// settings file.
fn spawn_players(right: &mut ChildSpawnerCommands) {
    // As wide as the column at most: a longer line wraps rather than widening the menu.
    right.spawn((
        small_text(
            &format!(
                "Players - click to rename ({} letters); East: doubles and three for points; West: doubles",
                carrom_match::Player::MAX_NAME
            ),
            size::MENU_NOTE,
        ),
        Node {
            max_width: px(COLUMN),
            ..default()
        },
    ));
    for row in 0..ROWS.len() {
        right
            .spawn(Node {
                width: px(COLUMN),
                column_gap: px(8),
                ..default()
            })
            .with_children(|line| spawn_player_row(line, row));
    }
    right.spawn((
        SettingsNote,
        text("", size::MENU_NOTE, palette::MENU_WARNING),
        Node {
            width: px(COLUMN),
            ..default()
        },
    ));
}

/// A player row: the name (click to type a new one) and who plays it.
fn spawn_player_row(line: &mut ChildSpawnerCommands, row: usize) {
    let name = choice_button(
        line,
        Choice::Name(row),
        (COLUMN - 130.0, 32.0, 15.0),
        move |_: On<Activate>, mut players: ResMut<MenuPlayers>| {
            // The name is selected: typing replaces it; Esc puts the old one back.
            let old = players.names[row].clone();
            players.editing = Some((row, old));
            players.selected = true;
        },
    );
    line.commands().entity(name).insert(NameButton);
    choice_button(
        line,
        Choice::Computer(row),
        (122.0, 32.0, 15.0),
        move |_: On<Activate>, mut players: ResMut<MenuPlayers>| {
            players.computer[row] = !players.computer[row];
        },
    );
}
