//! The online page's first view: the server and the name (each a field to type into), Quick
//! match, Join room (its code), Watch, the Leaderboard and My page on the left; a private room
//! on the right (singles or doubles, who plays each other seat, the computers' level). Under
//! them what the server says: what is waited for, the room's code in big letters, a refusal.

use super::super::typing::{field_words, start_typing};
use super::super::{WIDE, item_button};
use super::form::{FieldButton, OTHER_SEATS, next_level};
use super::session::OnlineSession;
use super::{OnlineField, OnlineForm, OnlineView, heading, message_line};
use crate::settings::{Settings, SettingsFile};
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_online::{Mode, Party, ToServer};

/// What a text of the view shows.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
enum Item {
    Field(OnlineField),
    /// Who is welcomed, with his rating.
    Who,
    Mode,
    /// Who plays one of the room's other seats ([`OTHER_SEATS`]).
    Seat(usize),
    Level,
    /// What is waited for.
    Status,
    /// The private room's code.
    Room,
}

/// A room seat's button: hidden when the seat is not in the room (East and West in singles).
#[derive(Component)]
struct SeatButton(usize);

/// The button that leaves the queue or the room: shown while a link is open.
#[derive(Component)]
struct CancelButton;

pub(super) fn plugin(app: &mut App) {
    super::view_systems(app, OnlineView::Home, spawn_view, show_items);
}

fn field_button(parent: &mut ChildSpawnerCommands, field: OnlineField) {
    let b = item_button(
        parent,
        Item::Field(field),
        move |_: On<Activate>, mut form: ResMut<OnlineForm>| start_typing(&mut *form, field),
    );
    parent.commands().entity(b).insert(FieldButton);
}

/// A button that asks the server for something as the form's name.
fn ask_button(
    parent: &mut ChildSpawnerCommands,
    label: &str,
    ask: impl Fn(&OnlineForm, &Settings) -> ToServer + Send + Sync + 'static,
    view: Option<OnlineView>,
) {
    button(
        parent,
        WIDE,
        38.0,
        text(label, 18.0, palette::BUTTON_TEXT),
        move |_: On<Activate>, mut a: Asking| {
            let message = ask(&a.form, &a.settings);
            if view.is_some() {
                // The view shows what the server answers, not what it answered before.
                a.session.leaderboard = None;
                a.session.player = None;
                a.session.live = None;
                a.session.tournaments = None;
            }
            if a.ask(message)
                && let Some(view) = view
            {
                a.view.set(view);
            }
        },
    );
}

/// What asking the server from the page needs.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Asking<'w> {
    pub form: Res<'w, OnlineForm>,
    pub settings: Res<'w, Settings>,
    file: Res<'w, SettingsFile>,
    pub session: ResMut<'w, OnlineSession>,
    pub view: ResMut<'w, NextState<OnlineView>>,
}

impl Asking<'_> {
    /// Sends `message` as the form's name to the form's server; whether it went (else the
    /// page says what to type).
    pub fn ask(&mut self, message: ToServer) -> bool {
        let whom = (self.form.checked_server()).and_then(|s| Ok((s, self.form.checked_name()?)));
        match whom {
            Ok((server, name)) => {
                let kept = self.file.path.is_some();
                self.session.ask(&server, &name, kept, message);
                true
            }
            Err(untyped) => {
                self.session.message = Some(untyped.to_string());
                false
            }
        }
    }
}

fn spawn_view(mut commands: Commands) {
    let column = || Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        row_gap: px(7),
        width: px(WIDE + 20.0),
        max_width: percent(100),
        ..default()
    };
    commands
        .spawn(super::view_over_menu(OnlineView::Home))
        .with_children(|page| {
            heading(
                page,
                "PLAY ONLINE",
                "Play anyone on a carrom server: every player connects out to it, nobody opens a port. Click a line to type into it; Enter keeps it.",
            );
            // Side by side; in a window too narrow for both (a phone held upright), one
            // above the other.
            page.spawn(Node {
                column_gap: px(40),
                row_gap: px(16),
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                max_width: percent(100),
                align_items: AlignItems::FlexStart,
                ..default()
            })
            .with_children(|cols| {
                cols.spawn(column()).with_children(spawn_play);
                cols.spawn(column()).with_children(spawn_room_form);
            });
            page.spawn(Node {
                column_gap: px(12),
                ..default()
            })
            .with_children(|line| {
                let cancel = button(
                    line,
                    200.0,
                    34.0,
                    text("Disconnect", 16.0, palette::BUTTON_TEXT),
                    |_: On<Activate>, mut session: ResMut<OnlineSession>| session.close(),
                );
                line.commands().entity(cancel).insert(CancelButton);
                super::super::page_button(line, "Back (Esc)", super::MenuPage::Choices);
            });
        });
}

/// The left column: who, and what to play.
fn spawn_play(col: &mut ChildSpawnerCommands) {
    field_button(col, OnlineField::Server);
    field_button(col, OnlineField::Name);
    col.spawn((Item::Who, text("", size::MENU_NOTE, palette::PAGE_TEXT)));
    ask_button(
        col,
        "Quick match",
        |_, settings| ToServer::Quick {
            length: Some(settings.length),
            mode: carrom_online::Mode::Singles,
        },
        None,
    );
    // Four players nearest in doubles rating, partners opposite (Laws 27-28), rated apart
    // from singles.
    ask_button(
        col,
        "Quick doubles",
        |_, settings| ToServer::Quick {
            length: Some(settings.length),
            mode: carrom_online::Mode::Doubles,
        },
        None,
    );
    spawn_with_codes(col);
    spawn_pages(col);
    spawn_name_codes(col);
}

/// What is played with a code: a party of two friends for quick doubles (one makes it and
/// gives its code, the other joins it with the code typed), and a private room joined.
fn spawn_with_codes(col: &mut ChildSpawnerCommands) {
    ask_button(
        col,
        "Quick doubles with a friend",
        |_, settings| ToServer::Partners {
            length: Some(settings.length),
            party: Party::New,
        },
        None,
    );
    field_button(col, OnlineField::Code);
    ask_button(
        col,
        "Join the room",
        |form, _| ToServer::Join {
            code: form.code.trim().to_uppercase(),
        },
        None,
    );
    ask_button(
        col,
        "Join my friend's doubles",
        |form, _| ToServer::Partners {
            length: None,
            party: Party::Join(form.code.trim().to_uppercase()),
        },
        None,
    );
}

/// The server's pages: its live matches, its leaderboards, its tournaments and one's own.
fn spawn_pages(col: &mut ChildSpawnerCommands) {
    ask_button(
        col,
        "Watch a live match",
        |_, _| ToServer::Live,
        Some(OnlineView::Watch),
    );
    ask_button(
        col,
        "Leaderboard",
        |_, _| ToServer::Leaderboard {
            mode: Mode::Singles,
        },
        Some(OnlineView::Leaderboard),
    );
    ask_button(
        col,
        "Tournaments",
        |_, _| ToServer::Tournaments,
        Some(OnlineView::Tournaments),
    );
    ask_button(
        col,
        "My page",
        |form, _| ToServer::Player {
            name: form.name.trim().to_string(),
        },
        Some(OnlineView::Player),
    );
}

/// The name's code: shown to take the name to another device, and typed from one.
fn spawn_name_codes(col: &mut ChildSpawnerCommands) {
    button(
        col,
        WIDE,
        34.0,
        text(
            "My name's code, for another device",
            16.0,
            palette::BUTTON_TEXT,
        ),
        |_: On<Activate>, form: Res<OnlineForm>, mut session: ResMut<OnlineSession>| {
            session.message = Some(match super::form::code_of_name(&form) {
                Ok(code) => {
                    show_code(&form.name, &code);
                    format!(
                        "The code of {}: {code} — type it as the Name code on the other device. It is the name's key: give it to nobody else.",
                        form.name.trim()
                    )
                }
                Err(words) => words,
            });
        },
    );
    field_button(col, OnlineField::NameCode);
}

/// In the browser, the code in the browser's box too, where it can be copied (the page's
/// words are drawn, not text to select); on the desktop, in the log as well.
fn show_code(name: &str, code: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let title = format!("The code of {}: copy it to the other device", name.trim());
        let _ = window.prompt_with_message_and_default(&title, code);
    }
    #[cfg(not(target_arch = "wasm32"))]
    info!("The code of {}: {code}", name.trim());
}

/// The right column: a private room to make.
fn spawn_room_form(col: &mut ChildSpawnerCommands) {
    col.spawn(text(
        "PRIVATE ROOM",
        size::MENU_HEADING,
        palette::MENU_SMALL,
    ));
    col.spawn((
        text(
            "You sit South. Click a seat to give it to the server's computer; the others wait for the friends you give the room's code.",
            size::MENU_NOTE,
            palette::PAGE_TEXT,
        ),
        Node {
            width: px(WIDE),
            ..default()
        },
    ));
    item_button(
        col,
        Item::Mode,
        |_: On<Activate>, mut form: ResMut<OnlineForm>| {
            form.doubles = !form.doubles;
        },
    );
    for k in 0..OTHER_SEATS.len() {
        let b = item_button(
            col,
            Item::Seat(k),
            move |_: On<Activate>, mut form: ResMut<OnlineForm>| {
                form.computers[k] = !form.computers[k];
            },
        );
        col.commands().entity(b).insert(SeatButton(k));
    }
    item_button(
        col,
        Item::Level,
        |_: On<Activate>, mut form: ResMut<OnlineForm>| {
            form.level = next_level(form.level);
        },
    );
    ask_button(
        col,
        "Make the room",
        |form, settings| ToServer::Create {
            mode: form.mode(),
            length: Some(settings.length),
            computers: form.computer_seats(),
            level: Some(form.level),
        },
        None,
    );
    spawn_waiting(col);
    message_line(col);
}

/// What is waited for, and the room's code in big letters.
fn spawn_waiting(col: &mut ChildSpawnerCommands) {
    col.spawn((
        Item::Status,
        text("", size::PAGE, palette::PAGE_TEXT),
        Node {
            margin: UiRect::top(px(8)),
            max_width: px(WIDE),
            ..default()
        },
    ));
    col.spawn((Item::Room, text("", 40.0, palette::MENU_TITLE)));
}

/// An item's words as the form and the session stand.
fn words(item: Item, form: &OnlineForm, session: &OnlineSession) -> String {
    match item {
        Item::Field(field) => field_words(
            form.editing.as_ref(),
            field,
            field.title(),
            form.text(field),
        ),
        Item::Who => match (&session.as_whom, session.rating) {
            (Some((server, name)), Some(r)) => format!("{name} at {server}: rated {r:.0}"),
            _ => String::new(),
        },
        Item::Mode if form.doubles => "Room: doubles (four players)".into(),
        Item::Mode => "Room: singles (two players)".into(),
        Item::Seat(k) => {
            let seat = OTHER_SEATS[k].title();
            if form.computers[k] {
                format!("{seat}: the server's computer")
            } else {
                format!("{seat}: a friend (a person)")
            }
        }
        Item::Level => format!("The computers' level: {}", form.level.name()),
        Item::Status => session.status.clone().unwrap_or_default(),
        Item::Room => match (&session.room, &session.party) {
            (Some(code), _) => format!("Room code: {code}"),
            (None, Some(code)) => format!("Party code: {code}"),
            (None, None) => String::new(),
        },
    }
}

fn show_items(
    form: Res<OnlineForm>,
    session: Res<OnlineSession>,
    mut items: Query<(&Item, &mut Text)>,
    mut seats: Query<(&SeatButton, &mut Node), Without<CancelButton>>,
    mut cancel: Query<&mut Node, With<CancelButton>>,
) {
    for (b, mut node) in &mut seats {
        let shown = b.0 < form.other_seats().len();
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    let display = if session.is_open() {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut cancel {
        if node.display != display {
            node.display = display;
        }
    }
    for (item, mut t) in &mut items {
        let want = words(*item, &form, &session);
        if t.0 != want {
            t.0 = want;
        }
    }
}
