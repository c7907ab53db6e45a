//! Play across machines from the menu ([`MenuPage::AcrossMachines`]). Host a match: singles
//! or doubles, who plays each seat (a person here, a guest at another machine, or this
//! machine's computer), the port and the join code; the rules, the match's length, the
//! computers' level and the names are the menu's. Or join one: the host's address, its code and
//! a name, to play or to watch. Either goes to the waiting room ([`super::lobby`]).

mod form;

pub use form::{AcrossForm, Field, FormError, JOIN_AS};

use super::MenuPage;
use super::MenuRules;
use super::lobby;
use super::players::{MenuPlayers, ROWS};
use super::typing::{field_words, start_typing, stop_typing, type_into};
use super::{WIDE, item_button};
use crate::settings::Settings;
use crate::theme::{Activate, button, palette, size, text};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use carrom_net::Holder;
use form::keep_field;
use std::net::{Ipv4Addr, Ipv6Addr};

/// What a text of the page shows.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
enum Item {
    Mode,
    /// Every interface, or this machine only.
    Open,
    /// The seat of a menu row.
    Seat(usize),
    Field(Field),
    Watch,
    /// Who plays the seats joined: the person here or this machine's computer.
    PlayedBy,
    /// The menu's rules, length and level, which the hosted match takes.
    Terms,
    Message,
}

/// The button of a menu row's seat: hidden when the seat is not in the match (East and West
/// in singles).
#[derive(Component)]
struct SeatButton(usize);

/// A field's button (a click on it starts typing; a click elsewhere ends it).
#[derive(Component)]
struct FieldButton;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AcrossForm>()
        .add_systems(
            OnEnter(MenuPage::AcrossMachines),
            (name_from_menu, spawn_page),
        )
        .add_observer(end_typing)
        .add_systems(
            Update,
            (type_field.after(super::menu_keys), show_items)
                .chain()
                .run_if(in_state(MenuPage::AcrossMachines)),
        );
}

/// The name to join under starts as the menu's first player's.
fn name_from_menu(mut form: ResMut<AcrossForm>, players: Res<MenuPlayers>) {
    if form.name.trim().is_empty() {
        form.name = players.names[0].trim().to_string();
    }
}

fn spawn_page(mut commands: Commands) {
    let column = || Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        row_gap: px(8),
        width: px(440),
        max_width: percent(100),
        ..default()
    };
    commands
        .spawn(super::page_over_menu(
            MenuPage::AcrossMachines,
            Node {
                // From the top: choosing doubles adds seats below, and nothing above moves.
                justify_content: JustifyContent::FlexStart,
                padding: UiRect {
                    top: px(60),
                    left: px(8),
                    right: px(8),
                    bottom: px(16),
                },
                row_gap: px(10),
                ..default()
            },
        ))
        .with_children(|page| {
            page.spawn(text(
                "PLAY ACROSS MACHINES",
                size::MENU_HEADING + 4.0,
                palette::MENU_TITLE,
            ));
            page.spawn(text(
                "Every stroke is played on every board; the host's machine is the referee.",
                size::MENU_NOTE,
                palette::PAGE_TEXT,
            ));
            // Side by side; on a narrow screen one above the other.
            page.spawn(Node {
                column_gap: px(40),
                row_gap: px(16),
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                max_width: percent(100),
                align_items: AlignItems::FlexStart,
                margin: UiRect::vertical(px(10)),
                ..default()
            })
            .with_children(|cols| {
                cols.spawn(column()).with_children(spawn_host_form);
                cols.spawn(column()).with_children(spawn_join_form);
            });
            page.spawn((
                Item::Message,
                text("", size::MENU_NOTE + 1.0, palette::MENU_WARNING),
                Node {
                    max_width: px(900),
                    ..default()
                },
            ));
            super::page_button(page, "Back (Esc)", MenuPage::Choices);
        });
}

/// A field's button: a click starts typing into it, its old text selected.
fn field_button(parent: &mut ChildSpawnerCommands, field: Field) {
    let b = item_button(
        parent,
        Item::Field(field),
        move |_: On<Activate>, mut form: ResMut<AcrossForm>| start_typing(&mut *form, field),
    );
    parent.commands().entity(b).insert(FieldButton);
}

fn heading(parent: &mut ChildSpawnerCommands, words: &str, note: &str) {
    parent.spawn(text(words, size::MENU_HEADING, palette::MENU_SMALL));
    parent.spawn((
        text(note, size::MENU_NOTE, palette::PAGE_TEXT),
        Node {
            width: px(WIDE),
            max_width: percent(100),
            ..default()
        },
    ));
}

fn spawn_host_form(col: &mut ChildSpawnerCommands) {
    heading(
        col,
        "HOST A MATCH",
        "Give the players at other machines this machine's address and the join code. Click a seat to choose who plays it (with nobody here, this window watches).",
    );
    item_button(
        col,
        Item::Mode,
        |_: On<Activate>, mut form: ResMut<AcrossForm>| form.doubles = !form.doubles,
    );
    for row in 0..ROWS.len() {
        let b = item_button(
            col,
            Item::Seat(row),
            move |_: On<Activate>, mut form: ResMut<AcrossForm>| {
                form.holders[row] = match form.holders[row] {
                    Holder::Host => Holder::Guest,
                    Holder::Guest => Holder::Computer,
                    Holder::Computer => Holder::Host,
                };
            },
        );
        col.commands().entity(b).insert(SeatButton(row));
    }
    field_button(col, Field::Port);
    field_button(col, Field::Code);
    item_button(
        col,
        Item::Open,
        |_: On<Activate>, mut form: ResMut<AcrossForm>| {
            form.bind = if form.bind.is_loopback() {
                Ipv6Addr::UNSPECIFIED.into()
            } else {
                Ipv4Addr::LOCALHOST.into()
            };
        },
    );
    col.spawn((
        Item::Terms,
        text("", size::MENU_NOTE, palette::PAGE_TEXT),
        Node {
            width: px(WIDE),
            ..default()
        },
    ));
    button(
        col,
        WIDE,
        40.0,
        text("Host the match", 19.0, palette::BUTTON_TEXT),
        lobby::host_from_form,
    );
}

fn spawn_join_form(col: &mut ChildSpawnerCommands) {
    heading(
        col,
        "JOIN A MATCH",
        "Type the address and the join code the host gives you. Click a line to type into it; Enter keeps it.",
    );
    field_button(col, Field::Address);
    field_button(col, Field::JoinCode);
    field_button(col, Field::Name);
    item_button(
        col,
        Item::Watch,
        |_: On<Activate>, mut form: ResMut<AcrossForm>| {
            form.join_as = (form.join_as + 1) % JOIN_AS.len()
        },
    );
    item_button(
        col,
        Item::PlayedBy,
        |_: On<Activate>, mut form: ResMut<AcrossForm>| form.by_computer = !form.by_computer,
    );
    button(
        col,
        WIDE,
        40.0,
        text("Join the match", 19.0, palette::BUTTON_TEXT),
        lobby::join_from_form,
    );
}

/// An item's words as the form, the menu and the settings stand.
fn words(
    item: Item,
    form: &AcrossForm,
    players: &MenuPlayers,
    rules: &MenuRules,
    settings: &Settings,
) -> String {
    match item {
        Item::Mode => format!(
            "Match: {}",
            if form.doubles {
                "doubles (four players)"
            } else {
                "singles (two players)"
            }
        ),
        Item::Seat(row) => {
            let seat = ROWS[row];
            let name = players.names[row].trim();
            match form.holders[row] {
                Holder::Host => format!("{}: {name}, here", seat.title()),
                Holder::Guest => format!("{}: a guest at another machine", seat.title()),
                Holder::Computer => format!(
                    "{}: the computer ({}) here",
                    seat.title(),
                    players.level.name()
                ),
            }
        }
        Item::Field(field) => field_words(
            form.editing.as_ref(),
            field,
            field.title(),
            form.text(field),
        ),
        Item::Open if form.bind.is_loopback() => "Open to: this machine only".into(),
        Item::Open => "Open to: other machines too".into(),
        Item::Watch => format!("Join to {}", JOIN_AS[form.join_as % JOIN_AS.len()].0),
        Item::PlayedBy if form.by_computer => {
            format!("Played by: the computer ({}) here", players.level.name())
        }
        Item::PlayedBy => "Played by: you, here".into(),
        Item::Terms => {
            format!(
                "Rules {}, {}; the names and the computer's level are the menu's.",
                rules.0.name().to_uppercase(),
                settings.length.describe(&rules.0.rules())
            )
        }
        Item::Message => form.message.clone().unwrap_or_default(),
    }
}

fn show_items(
    form: Res<AcrossForm>,
    players: Res<MenuPlayers>,
    rules: Res<MenuRules>,
    settings: Res<Settings>,
    mut items: Query<(&Item, &mut Text)>,
    mut seats: Query<(&SeatButton, &mut Node)>,
) {
    for (b, mut node) in &mut seats {
        let display = if form.seats().seats().contains(&ROWS[b.0]) {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    for (item, mut t) in &mut items {
        let want = words(*item, &form, &players, &rules, &settings);
        if t.0 != want {
            t.0 = want;
        }
    }
}

/// Typing into the field being edited ([`super::typing`]); an empty port or name keeps the
/// old one, and a code is read in capitals.
fn type_field(mut keys: MessageReader<KeyboardInput>, mut form: ResMut<AcrossForm>) {
    for key in keys.read() {
        if key.state == ButtonState::Pressed
            && let Some(ended) = type_into(&mut *form, &key.logical_key)
        {
            keep_field(&mut form, ended);
        }
    }
}

/// A click on anything but a field ends the typing, keeping what was typed.
fn end_typing(
    click: On<Activate>,
    fields: Query<(), With<FieldButton>>,
    form: Option<ResMut<AcrossForm>>,
) {
    let Some(mut form) = form else { return };
    if fields.contains(click.0) {
        return;
    }
    if let Some(ended) = stop_typing(&mut *form) {
        keep_field(&mut form, ended);
    }
}
