//! The main menu. Left, what to play: Continue (the match left with Esc, or the autosave),
//! singles (two people, or against the computer), doubles, break practice, the computer demos,
//! how to play, quit. Right, the settings, kept between runs ([`crate::settings`]): the rules
//! (with what each set changes), the computer's level, the coach's hints, the volume, a fixed
//! or turning board, the aim guide in ICF matches, and the players' names (click one to type a
//! new name) and which seats the computer plays.

#[cfg(not(target_arch = "wasm32"))]
pub mod across;
pub mod labels;
#[cfg(not(target_arch = "wasm32"))]
pub mod lobby;
pub mod online;
mod phone_keyboard;
pub mod players;
mod settings_column;
pub mod start;
pub mod tournament;
mod typing;

use crate::launch::Start;
use crate::modes::OnBoard;
use crate::settings::Settings;
use crate::states::Screen;
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;
use carrom_referee::{Preset, Seat, Seats};
use labels::{Choice, ChoiceLabel};
use players::MenuPlayers;
use settings_column::spawn_settings;
use start::{MenuStart, continue_match};

/// The menu's page: the choices, or how to play over them.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Menu)]
pub enum MenuPage {
    #[default]
    Choices,
    HowToPlay,
    /// Saved matches to go on with and replays to watch ([`crate::screens::library`]).
    Library,
    /// Host a match across machines, or join one ([`across`]).
    AcrossMachines,
    /// Waiting for the players of a match across machines ([`lobby`]).
    Waiting,
    /// Play online on a carrom server ([`online`]).
    Online,
    /// A tournament: a new one's form, or the one in progress ([`tournament`]).
    Tournament,
}

/// The rule set picked in the menu.
#[derive(Resource, Default)]
pub(super) struct MenuRules(pub(super) Preset);

pub(super) fn plugin(app: &mut App) {
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins((across::plugin, lobby::plugin));
    app.add_plugins((online::plugin, tournament::plugin));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(phone_keyboard::plugin);
    app.init_resource::<MenuRules>()
        .add_sub_state::<MenuPage>()
        .add_systems(Startup, from_settings)
        .init_resource::<labels::NewestAutosave>()
        .add_systems(
            OnEnter(Screen::Menu),
            (spawn_menu, labels::read_newest_autosave),
        )
        .add_observer(players::end_typing)
        .add_systems(
            Update,
            // Esc is read before the typing, which it ends: it then leaves no page.
            (menu_keys, players::type_name, labels::labels)
                .chain()
                .run_if(in_state(Screen::Menu)),
        )
        .add_systems(
            Update,
            hide_choices_under_pages.run_if(in_state(Screen::Menu)),
        );
}

/// The menu starts from the saved settings.
fn from_settings(mut commands: Commands, settings: Res<Settings>, mut rules: ResMut<MenuRules>) {
    commands.insert_resource(MenuPlayers::from_settings(&settings));
    rules.0 = settings.rules;
}

/// A button of the menu for `choice`, `width` x `height` with its label in `font` pixels,
/// doing `action` when clicked.
fn choice_button<M>(
    parent: &mut ChildSpawnerCommands,
    choice: Choice,
    (width, height, font): (f32, f32, f32),
    action: impl bevy::ecs::observer::IntoEntityObserver<M>,
) -> Entity {
    let label = (ChoiceLabel(choice), text("", font, palette::BUTTON_TEXT));
    button(parent, width, height, label, action)
}

fn small_text(s: &str, font: f32) -> impl Bundle {
    text(s, font, palette::MENU_SMALL)
}

/// The left column: what to play.
fn spawn_play_choices(left: &mut ChildSpawnerCommands) {
    // Fifteen choices within the menu's height (`MENU_HEIGHT`) with the title above them.
    const LOOK: (f32, f32, f32) = (430.0, 34.0, 19.0);
    left.spawn(small_text("PLAY", size::MENU_HEADING));
    choice_button(left, Choice::Continue, LOOK, continue_match);
    choice_button(
        left,
        Choice::Singles,
        LOOK,
        |_: On<Activate>, mut m: MenuStart| m.match_of(Seats::Singles, &[], true),
    );
    choice_button(
        left,
        Choice::SinglesVsComputer,
        LOOK,
        |_: On<Activate>, mut m: MenuStart| m.match_of(Seats::Singles, &[Seat::North], false),
    );
    choice_button(
        left,
        Choice::Doubles,
        LOOK,
        |_: On<Activate>, mut m: MenuStart| m.match_of(Seats::Doubles, &[], false),
    );
    choice_button(
        left,
        Choice::ThreeForPoints,
        LOOK,
        |_: On<Activate>, mut m: MenuStart| m.points_match_of(Seats::Three),
    );
    spawn_practice_and_pages(left, LOOK);
}

/// The play column's choices after the matches: practice, training, the tournament, the demos,
/// playing on other machines, and the pages.
fn spawn_practice_and_pages(left: &mut ChildSpawnerCommands, look: (f32, f32, f32)) {
    choice_button(
        left,
        Choice::Practice,
        look,
        |_: On<Activate>, mut m: MenuStart| m.begin(Start::Practice),
    );
    choice_button(
        left,
        Choice::Training,
        look,
        |_: On<Activate>, mut m: MenuStart| m.begin(Start::Training),
    );
    choice_button(
        left,
        Choice::Tournament,
        look,
        |_: On<Activate>, mut page: ResMut<NextState<MenuPage>>| page.set(MenuPage::Tournament),
    );
    choice_button(
        left,
        Choice::Demo2,
        look,
        |_: On<Activate>, mut m: MenuStart| m.demo_of(Seats::Singles),
    );
    choice_button(
        left,
        Choice::Demo4,
        look,
        |_: On<Activate>, mut m: MenuStart| m.demo_of(Seats::Doubles),
    );
    play_online(left, look);
    across_machines(left, look);
    choice_button(
        left,
        Choice::HowToPlay,
        look,
        |_: On<Activate>, mut page: ResMut<NextState<MenuPage>>| page.set(MenuPage::HowToPlay),
    );
    choice_button(
        left,
        Choice::Library,
        look,
        |_: On<Activate>, mut page: ResMut<NextState<MenuPage>>| page.set(MenuPage::Library),
    );
    // A page is closed with its tab: no Quit in the browser.
    #[cfg(not(target_arch = "wasm32"))]
    choice_button(
        left,
        Choice::Quit,
        look,
        |_: On<Activate>, mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        },
    );
}

/// Play online: its page's button.
fn play_online(left: &mut ChildSpawnerCommands, look: (f32, f32, f32)) {
    choice_button(
        left,
        Choice::Online,
        look,
        |_: On<Activate>, mut page: ResMut<NextState<MenuPage>>| page.set(MenuPage::Online),
    );
}

/// Play across machines: its page's button on the desktop.
#[cfg(not(target_arch = "wasm32"))]
fn across_machines(left: &mut ChildSpawnerCommands, look: (f32, f32, f32)) {
    choice_button(
        left,
        Choice::AcrossMachines,
        look,
        |_: On<Activate>, mut page: ResMut<NextState<MenuPage>>| page.set(MenuPage::AcrossMachines),
    );
}

/// Play across machines is in the desktop game: the browser's menu says so where its button
/// would be.
#[cfg(target_arch = "wasm32")]
fn across_machines(left: &mut ChildSpawnerCommands, look: (f32, f32, f32)) {
    desktop_only(left, look, "Play across machines - in the desktop game");
}

/// Where a button of the desktop game's would be in the browser's menu: where it is.
#[cfg(target_arch = "wasm32")]
fn desktop_only(left: &mut ChildSpawnerCommands, (width, height, _): (f32, f32, f32), words: &str) {
    left.spawn((
        small_text(words, size::MENU_NOTE),
        Node {
            width: px(width),
            height: px(height),
            align_items: AlignItems::Center,
            ..default()
        },
    ));
}

/// The menu's own page (its choices and settings): hidden while a page is over it, so none of
/// its buttons is pressed, hovered or listed through the page.
#[derive(Component)]
struct MenuChoices;

fn hide_choices_under_pages(
    page: Res<State<MenuPage>>,
    mut menu: Query<&mut Visibility, With<MenuChoices>>,
) {
    let want = match page.get() {
        MenuPage::Choices => Visibility::Inherited,
        _ => Visibility::Hidden,
    };
    for mut shown in &mut menu {
        shown.set_if_neq(want);
    }
}

/// A column of the menu.
fn column() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        row_gap: px(5),
        ..default()
    }
}

fn spawn_menu(mut commands: Commands) {
    // The window scrolls the menu where it is taller than the window (a phone's screen); the
    // menu stands in the middle of a window that has room for it (its margins are auto).
    let menu = Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        row_gap: px(8),
        margin: UiRect::vertical(auto()),
        padding: UiRect::axes(px(8), px(12)),
        max_width: percent(100),
        ..default()
    };
    commands
        .spawn((
            DespawnOnExit(Screen::Menu),
            MenuChoices,
            crate::scroll::scrolling(Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                ..default()
            }),
            BackgroundColor(palette::MENU_BACKGROUND),
        ))
        .with_children(|root| {
            root.spawn(menu).with_children(spawn_choices_and_settings);
        });
}

/// The menu's title, and its columns: what to play and the settings.
fn spawn_choices_and_settings(root: &mut ChildSpawnerCommands) {
    root.spawn(text("CARROM", size::MENU_TITLE, palette::MENU_TITLE));
    root.spawn((
        small_text(
            "played by the Laws of the International Carrom Federation",
            size::MENU_SUBTITLE,
        ),
        Node {
            margin: UiRect::bottom(px(14)),
            ..default()
        },
    ));
    // Side by side; in a window too narrow for both (a phone held upright), one
    // above the other.
    root.spawn(Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        max_width: percent(100),
        justify_content: JustifyContent::Center,
        column_gap: px(36),
        row_gap: px(16),
        align_items: AlignItems::FlexStart,
        ..default()
    })
    .with_children(|cols| {
        cols.spawn(column()).with_children(spawn_play_choices);
        cols.spawn(column()).with_children(spawn_settings);
    });
}

/// A page over the menu, for as long as the menu is at `page`: the whole window, opaque (what is
/// on it is read without the menu showing through), its items in a column laid out by `node`
/// (its spacing and where the column starts), scrolled where it is taller than the window.
pub(crate) fn page_over_menu(page: MenuPage, node: Node) -> impl Bundle {
    layer_over_menu(page, node, 30)
}

/// A layer over the menu for as long as `state` holds, drawn at `z` (a page's views over the
/// page): the whole window, opaque, its items in a column laid out by `node`. It takes every
/// press on it: nothing under it is pressed through it.
pub(crate) fn layer_over_menu<S: States>(state: S, node: Node, z: i32) -> impl Bundle {
    (
        DespawnOnExit(state),
        bevy::ui::FocusPolicy::Block,
        // Taller than the window (a phone's screen), it scrolls.
        crate::scroll::scrolling(Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            ..node
        }),
        BackgroundColor(palette::PAGE.with_alpha(1.0)),
        GlobalZIndex(z),
    )
}

/// The width of a form's column and of its buttons (playing across machines, online).
const WIDE: f32 = 420.0;

/// A form's button showing what the text `item` marks says (the form fills it in), doing
/// `action` when clicked.
fn item_button<M>(
    parent: &mut ChildSpawnerCommands,
    item: impl Component,
    action: impl bevy::ecs::observer::IntoEntityObserver<M>,
) -> Entity {
    let label = (item, text("", 16.0, palette::BUTTON_TEXT));
    button(parent, WIDE, 34.0, label, action)
}

/// A page's button to `to`: back to a page of the menu ("Back (Esc)", "Cancel (Esc)"), or to
/// another view of the online page ("Leaderboard").
pub(crate) fn page_button<S: FreelyMutableState + Copy>(
    parent: &mut ChildSpawnerCommands,
    label: &str,
    to: S,
) {
    button(
        parent,
        200.0,
        34.0,
        text(label, 16.0, palette::BUTTON_TEXT),
        move |_: On<Activate>, mut next: ResMut<NextState<S>>| next.set(to),
    );
}

/// Esc: closes a page over the menu (the waiting room goes back to the page it came from);
/// otherwise goes back to the game left with Esc, if any. While a name or a field is typed, Esc
/// belongs to the typing.
fn menu_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    players: Res<MenuPlayers>,
    #[cfg(not(target_arch = "wasm32"))] across: Res<across::AcrossForm>,
    (online, tournament, board): (
        Res<online::OnlineForm>,
        Res<tournament::form::TournamentForm>,
        Res<OnBoard>,
    ),
    page: Res<State<MenuPage>>,
    mut next_page: ResMut<NextState<MenuPage>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let Some(keys) = keys else { return };
    let typing = players.editing.is_some() || online.typing() || tournament.typing();
    #[cfg(not(target_arch = "wasm32"))]
    let typing = typing || across.typing();
    if !keys.just_pressed(KeyCode::Escape) || typing {
        return;
    }
    match page.get() {
        MenuPage::Choices => {}
        MenuPage::Waiting => return next_page.set(MenuPage::AcrossMachines),
        _ => return next_page.set(MenuPage::Choices),
    }
    if board.open {
        screen.set(Screen::Game);
    }
}
