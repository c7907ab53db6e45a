//! The main menu. Left, what to play: Continue (the match left with Esc, or the autosave),
//! singles (two people, or against the computer), doubles, break practice, the computer demos,
//! how to play, quit. Right, the settings, kept between runs ([`crate::settings`]): the rules
//! (with what each set changes), the computer's level, the coach's hints, the volume, a fixed
//! or turning board, the aim guide in ICF matches, and the players' names (click one to type a
//! new name) and which seats the computer plays.

use crate::practice::practice_setup;
use crate::settings::{NAME_MAX, Settings, SettingsFile, autosave_path};
use crate::sim::{Equipment, SimSpeed};
use crate::{Mode, Screen, Session};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use carrom_ai::Level;
use carrom_match::{Match, MatchSetup, Player, SaveFile};
use carrom_referee::{PRESET_NAMES, Rules, Seat, Seats};

#[derive(Component)]
struct MenuRoot;

#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
enum Choice {
    Continue,
    Singles,
    SinglesVsComputer,
    Doubles,
    Practice,
    Demo2,
    Demo4,
    HowToPlay,
    Quit,
    Rules,
    /// The computer players' level (easy, medium, hard).
    Level,
    /// The coach's hints in matches (always there in practice).
    Hints,
    Volume,
    Board,
    Guide,
    /// Type a new name for the player in this row.
    Name(usize),
    /// Human or computer in this row.
    Computer(usize),
}

/// A text that shows a choice's current label.
#[derive(Component)]
struct ChoiceLabel(Choice);

/// What the chosen rule set changes.
#[derive(Component)]
struct RulesNote;

/// The settings file's message, if reading or writing it failed.
#[derive(Component)]
struct SettingsNote;

/// The how-to-play page.
#[derive(Component)]
struct HowTo;

/// The menu's player rows, by seat (singles uses South and North).
const ROWS: [Seat; 4] = [Seat::South, Seat::North, Seat::East, Seat::West];

/// The players as set in the menu.
#[derive(Resource, Debug)]
pub struct MenuPlayers {
    pub names: [String; 4],
    pub computer: [bool; 4],
    /// The row whose name is being typed, and the name it had before.
    pub editing: Option<(usize, String)>,
    /// The level of the computer players (`carrom_ai`'s levels; easy is beatable by a beginner).
    pub level: Level,
    /// The players turned the coach's hints on for matches (off by default, as in real play).
    pub hints: bool,
}

impl MenuPlayers {
    pub fn from_settings(s: &Settings) -> MenuPlayers {
        MenuPlayers {
            names: s.names.clone(),
            computer: [false; 4],
            editing: None,
            level: carrom_ai::level_of(&s.level).unwrap_or(Level::Medium),
            hints: s.hints,
        }
    }

    fn row_of(seat: Seat) -> usize {
        ROWS.iter().position(|s| *s == seat).unwrap_or(0)
    }

    /// The setup's players from the rows: `force_computer`, rows the computer plays anyway;
    /// `people`, every seat a person (the hotseat game, whatever the rows say).
    fn apply(&self, setup: &mut MatchSetup, force_computer: &[Seat], people: bool) {
        for (i, seat) in setup.seats.seats().iter().enumerate() {
            let row = Self::row_of(*seat);
            let name = self.names[row].trim();
            let forced = force_computer.contains(seat) && !self.computer[row];
            let computer = !people && (self.computer[row] || forced);
            setup.players[i] = Player {
                name: if forced {
                    format!("Computer {}", i + 1)
                } else if name.is_empty() {
                    seat.title().to_string()
                } else {
                    name.to_string()
                },
                computer: computer.then(|| self.level.name().to_string()),
            };
        }
    }

    fn label(&self, row: usize) -> String {
        let doubles = if row >= 2 { " (doubles)" } else { "" };
        match &self.editing {
            Some((r, _)) if *r == row => {
                let full = if self.names[row].chars().count() >= NAME_MAX {
                    format!(" (at most {NAME_MAX})")
                } else {
                    String::new()
                };
                format!("{}{doubles}: {}_{full}", ROWS[row].title(), self.names[row])
            }
            _ => format!("{}{doubles}: {}", ROWS[row].title(), self.names[row]),
        }
    }
}

/// The rule set picked in the menu (an index into `PRESET_NAMES`).
#[derive(Resource, Default)]
struct MenuRules(usize);

/// What a rule set changes, in a line.
pub fn rules_note(name: &str) -> &'static str {
    match name {
        "icf" => {
            "ICF Laws: a game to 25 points or 8 boards, best of three games; the Queen is worth 3 below 22."
        }
        "vkk" => "VKK: the ICF Laws in one game of 6 boards or 25 points.",
        "fof2022" => {
            "FOF 2022: 29 points or 8 boards; the Queen is worth 5 below 25; pocketing an opponent's man ends the turn."
        }
        "casual" => {
            "Casual: one game to 25 or 8 boards; pocketing an opponent's man ends the turn; the aim guide shows the struck piece."
        }
        "traditional" => {
            "Traditional house rules: best of three boards, each won by clearing your pieces; clockwise turns, the Queen worth 5 below 24, every foul a penalty man, pieces off the board are fouls."
        }
        _ => "",
    }
}

const HOW_TO_PLAY: &str = "HOW TO PLAY

The stroke: drag the striker along your base line (it must touch both lines and not cover a red circle), then press on it and pull back, away from where you aim, like a slingshot. The meter shows the power; let go to strike. Back onto the striker, or right-click, cancels. Keys: arrows place, A/D aim, W/S power, Space strikes (a tap is a small step, Shift a finer one).

The game (ICF Laws): you play white or black; pocket all your men, and the Queen (red) with a cover: after pocketing her, pocket one of your men with the next stroke, or she goes back. Pocketing the striker is a foul: one of your pocketed men comes back (a due), placed by your opponent inside the outer circle. A pocketed opponent's man stays down. The board goes to the side that clears its men: 1 point for each opponent's man left, 3 for the Queen while under 22 points; 25 points or 8 boards make a game.

Keys in play: G aim guide, H coach's hint (when on), F fix or turn the board, F5 save, Esc menu (the match is kept: Continue).

Click or press Esc to close.";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuRules>()
        .add_systems(Startup, from_settings)
        .add_systems(OnEnter(Screen::Menu), spawn_menu)
        .add_systems(OnExit(Screen::Menu), despawn_menu)
        .add_systems(
            Update,
            (buttons, type_name, menu_keys, labels)
                .chain()
                .run_if(in_state(Screen::Menu)),
        );
}

/// The menu starts from the saved settings.
fn from_settings(mut commands: Commands, settings: Res<Settings>, mut rules: ResMut<MenuRules>) {
    commands.insert_resource(MenuPlayers::from_settings(&settings));
    rules.0 = PRESET_NAMES
        .iter()
        .position(|n| *n == settings.rules)
        .unwrap_or(0);
}

/// A choice's label as it stands.
fn label_of(
    choice: Choice,
    rules: &MenuRules,
    players: &MenuPlayers,
    settings: &Settings,
    can_continue: Option<&str>,
) -> String {
    let on_off = |b: bool| if b { "ON" } else { "OFF" };
    match choice {
        Choice::Continue => match can_continue {
            Some(what) => format!("Continue - {what}"),
            None => "Continue - nothing saved".into(),
        },
        Choice::Singles => "Singles - two players (hotseat)".into(),
        Choice::SinglesVsComputer => "Singles - play the computer".into(),
        Choice::Doubles => "Doubles - four players".into(),
        Choice::Practice => "Break practice".into(),
        Choice::Demo2 => "Computer demo - singles".into(),
        Choice::Demo4 => "Computer demo - doubles".into(),
        Choice::HowToPlay => "How to play".into(),
        Choice::Quit => "Quit".into(),
        Choice::Rules => format!(
            "Rules: {}",
            PRESET_NAMES[rules.0 % PRESET_NAMES.len()].to_uppercase()
        ),
        Choice::Level => format!("Computer: {}", players.level.name().to_uppercase()),
        Choice::Hints => format!("Coach's hints in matches: {}", on_off(players.hints)),
        Choice::Volume => format!("Volume: {:.0}%", 100.0 * settings.volume),
        Choice::Board => {
            if settings.fixed_board {
                "Board: fixed (South at the bottom)".into()
            } else {
                "Board: turns to the player to strike".into()
            }
        }
        Choice::Guide => format!(
            "Aim guide in ICF matches: {}",
            on_off(settings.guide_in_icf_matches)
        ),
        Choice::Name(row) => players.label(row),
        Choice::Computer(row) => if players.computer[row] {
            "Computer"
        } else {
            "Human"
        }
        .into(),
    }
}

/// What Continue would go back to: the match left with Esc, or the autosaved match.
fn continue_text(session: Option<&Session>) -> Option<String> {
    if let Some(s) = session
        && !s.model.is_over()
    {
        return Some(match s.mode {
            Mode::Practice => "break practice".into(),
            Mode::Demo => "the demo".into(),
            Mode::Replay => "the replay".into(),
            Mode::Match => format!(
                "{} v {}",
                s.model.side_name(carrom_referee::Side::Zero),
                s.model.side_name(carrom_referee::Side::One)
            ),
        });
    }
    autosave_path()
        .filter(|p| p.exists())
        .map(|_| "the autosaved match".into())
}

/// A button's face, and as the pointer is over it.
const BUTTON: Color = Color::srgb(0.36, 0.20, 0.08);
const BUTTON_HOVER: Color = Color::srgb(0.50, 0.30, 0.12);

/// A button of the game's screens (the menu, the match summary): a box of this size with a
/// rounded border.
pub(crate) fn button(width: f32, height: f32) -> impl Bundle {
    (
        Button,
        Node {
            width: px(width),
            height: px(height),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BorderColor::all(Color::srgb(0.75, 0.55, 0.30)),
        BackgroundColor(BUTTON),
    )
}

/// A button's face for the pointer's `interaction` with it (`None` while it is pressed: the
/// face stays as it was).
pub(crate) fn button_face(interaction: Interaction) -> Option<Color> {
    match interaction {
        Interaction::Hovered => Some(BUTTON_HOVER),
        Interaction::None => Some(BUTTON),
        Interaction::Pressed => None,
    }
}

fn spawn_choice(parent: &mut ChildSpawnerCommands, choice: Choice, look: impl Bundle, size: f32) {
    parent.spawn((choice, look)).with_children(|b| {
        b.spawn((
            ChoiceLabel(choice),
            Text::new(""),
            TextFont {
                font_size: FontSize::Px(size),
                ..default()
            },
            TextColor(Color::srgb(0.98, 0.94, 0.85)),
        ));
    });
}

fn small_text(text: &str, size: f32) -> impl Bundle {
    (
        Text::new(text),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(Color::srgb(0.85, 0.75, 0.55)),
    )
}

fn spawn_menu(mut commands: Commands) {
    let column = || Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        row_gap: px(9),
        ..default()
    };
    commands
        .spawn((
            MenuRoot,
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(8),
                ..default()
            },
            BackgroundColor(Color::srgb(0.16, 0.09, 0.04)),
        ))
        .with_children(|root| {
            root.spawn((
                Text::new("CARROM"),
                TextFont {
                    font_size: FontSize::Px(56.0),
                    ..default()
                },
                TextColor(Color::srgb(0.96, 0.86, 0.62)),
            ));
            root.spawn((
                small_text(
                    "played by the Laws of the International Carrom Federation",
                    17.0,
                ),
                Node {
                    margin: UiRect::bottom(px(14)),
                    ..default()
                },
            ));
            root.spawn(Node {
                flex_direction: FlexDirection::Row,
                column_gap: px(36),
                align_items: AlignItems::FlexStart,
                ..default()
            })
            .with_children(|cols| {
                cols.spawn(column()).with_children(|left| {
                    left.spawn(small_text("PLAY", 15.0));
                    for choice in [
                        Choice::Continue,
                        Choice::Singles,
                        Choice::SinglesVsComputer,
                        Choice::Doubles,
                        Choice::Practice,
                        Choice::Demo2,
                        Choice::Demo4,
                        Choice::HowToPlay,
                        Choice::Quit,
                    ] {
                        spawn_choice(left, choice, button(430.0, 40.0), 19.0);
                    }
                });
                cols.spawn(column()).with_children(|right| {
                    right.spawn(small_text("SETTINGS (kept between runs)", 15.0));
                    spawn_choice(right, Choice::Rules, button(500.0, 36.0), 17.0);
                    right.spawn((
                        RulesNote,
                        small_text("", 13.0),
                        Node {
                            width: px(500),
                            ..default()
                        },
                    ));
                    for choice in [
                        Choice::Level,
                        Choice::Hints,
                        Choice::Volume,
                        Choice::Board,
                        Choice::Guide,
                    ] {
                        spawn_choice(right, choice, button(500.0, 34.0), 16.0);
                    }
                    right.spawn(small_text(
                        "Players - click a name to type a new one; Enter when done",
                        13.0,
                    ));
                    for row in 0..ROWS.len() {
                        right
                            .spawn(Node {
                                width: px(500),
                                column_gap: px(8),
                                ..default()
                            })
                            .with_children(|line| {
                                spawn_choice(line, Choice::Name(row), button(370.0, 32.0), 15.0);
                                spawn_choice(
                                    line,
                                    Choice::Computer(row),
                                    button(122.0, 32.0),
                                    15.0,
                                );
                            });
                    }
                    right.spawn((
                        SettingsNote,
                        Text::new(""),
                        TextFont {
                            font_size: FontSize::Px(13.0),
                            ..default()
                        },
                        TextColor(Color::srgb(1.0, 0.55, 0.45)),
                        Node {
                            width: px(500),
                            ..default()
                        },
                    ));
                });
            });
            // How to play: over the menu until closed.
            root.spawn((
                HowTo,
                Button,
                Node {
                    position_type: PositionType::Absolute,
                    width: percent(100),
                    height: percent(100),
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    display: Display::None,
                    ..default()
                },
                BackgroundColor(Color::srgba(0.05, 0.03, 0.02, 0.96)),
                GlobalZIndex(30),
            ))
            .with_children(|h| {
                h.spawn((
                    Text::new(HOW_TO_PLAY),
                    TextFont {
                        font_size: FontSize::Px(17.0),
                        ..default()
                    },
                    TextColor(Color::srgb(0.96, 0.92, 0.82)),
                    Node {
                        max_width: px(880),
                        ..default()
                    },
                ));
            });
        });
}

/// Typing a new name into the row being edited: the name starts empty; Enter or Tab keeps it
/// (an empty name keeps the old one), Esc puts the old one back.
fn type_name(
    mut keys: MessageReader<KeyboardInput>,
    mut players: ResMut<MenuPlayers>,
    mut settings: ResMut<Settings>,
    mut file: ResMut<SettingsFile>,
) {
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        let Some((row, old)) = players.editing.clone() else {
            continue;
        };
        match &key.logical_key {
            Key::Enter | Key::Tab | Key::Escape => {
                if matches!(key.logical_key, Key::Escape) || players.names[row].trim().is_empty() {
                    players.names[row] = old;
                }
                players.editing = None;
                if settings.names != players.names {
                    settings.names = players.names.clone();
                    file.store(&settings);
                }
            }
            Key::Backspace => {
                players.names[row].pop();
            }
            Key::Character(c) => {
                let name = &mut players.names[row];
                for ch in c.chars().filter(|ch| !ch.is_control()) {
                    if name.chars().count() < NAME_MAX {
                        name.push(ch);
                    }
                }
            }
            Key::Space if players.names[row].chars().count() < NAME_MAX => {
                players.names[row].push(' ');
            }
            _ => {}
        }
    }
}

/// Esc: closes how-to-play; otherwise goes back to the game left with Esc, if any.
fn menu_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    players: Res<MenuPlayers>,
    session: Option<Res<Session>>,
    mut how: Query<&mut Node, With<HowTo>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let Some(keys) = keys else { return };
    if !keys.just_pressed(KeyCode::Escape) || players.editing.is_some() {
        return;
    }
    if let Ok(mut node) = how.single_mut()
        && node.display != Display::None
    {
        node.display = Display::None;
        return;
    }
    if session.is_some_and(|s| !s.model.is_over()) {
        screen.set(Screen::Game);
    }
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn labels(
    rules: Res<MenuRules>,
    players: Res<MenuPlayers>,
    settings: Res<Settings>,
    file: Res<SettingsFile>,
    session: Option<Res<Session>>,
    mut q: Query<(&ChoiceLabel, &mut Text), (Without<RulesNote>, Without<SettingsNote>)>,
    mut note: Query<&mut Text, (With<RulesNote>, Without<SettingsNote>)>,
    mut message: Query<&mut Text, (With<SettingsNote>, Without<RulesNote>)>,
) {
    let can = continue_text(session.as_deref());
    for (l, mut t) in &mut q {
        let want = label_of(l.0, &rules, &players, &settings, can.as_deref());
        if t.0 != want {
            t.0 = want;
        }
    }
    if let Ok(mut t) = note.single_mut() {
        let want = rules_note(PRESET_NAMES[rules.0 % PRESET_NAMES.len()]);
        if t.0 != want {
            t.0 = want.to_string();
        }
    }
    if let Ok(mut t) = message.single_mut() {
        let want = file.message.clone().unwrap_or_default();
        if t.0 != want {
            t.0 = want;
        }
    }
}

fn despawn_menu(mut commands: Commands, q: Query<Entity, With<MenuRoot>>) {
    for e in &q {
        commands.entity(e).despawn();
    }
}

/// The autosaved match, read and replayed; an error names the file.
fn load_autosave(spec: &carrom_physics::Spec) -> Result<Match, String> {
    let path = autosave_path().ok_or("no place for an autosave")?;
    let save = SaveFile::load(&path)?;
    Match::replay(&save.physics(spec), &save, |_| {})
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn buttons(
    mut commands: Commands,
    mut q: Query<(&Interaction, &Choice, &mut BackgroundColor), Changed<Interaction>>,
    mut how: Query<(&Interaction, &mut Node), (With<HowTo>, Without<Choice>)>,
    mut rules: ResMut<MenuRules>,
    mut players: ResMut<MenuPlayers>,
    mut settings: ResMut<Settings>,
    mut file: ResMut<SettingsFile>,
    old_session: Option<Res<Session>>,
    spec: Res<Equipment>,
    mut screen: ResMut<NextState<Screen>>,
    mut speed: ResMut<SimSpeed>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Ok((interaction, mut node)) = how.single_mut()
        && *interaction == Interaction::Pressed
        && node.display != Display::None
    {
        node.display = Display::None;
        return;
    }
    for (interaction, choice, mut bg) in &mut q {
        if let Some(face) = button_face(*interaction) {
            bg.0 = face;
        }
        if *interaction != Interaction::Pressed {
            continue;
        }
        if players.editing.is_some() && !matches!(choice, Choice::Name(_)) {
            // A click elsewhere ends the typing, keeping the name.
            if let Some((row, old)) = players.editing.take()
                && players.names[row].trim().is_empty()
            {
                players.names[row] = old;
            }
            settings.names = players.names.clone();
            file.store(&settings);
        }
        let name = PRESET_NAMES[rules.0 % PRESET_NAMES.len()];
        let r = Rules::preset(name).unwrap_or_else(Rules::icf);
        let seed = rand::random::<u64>() % 1_000_000;
        let setup = |seats: Seats, force: &[Seat], people: bool| {
            let mut s = MatchSetup::new(seats, r, name, seed);
            players.apply(&mut s, force, people);
            s
        };
        let all = Seat::ALL;
        let session = match choice {
            Choice::Continue => {
                if old_session.as_deref().is_some_and(|s| !s.model.is_over()) {
                    screen.set(Screen::Game);
                    continue;
                }
                match load_autosave(&spec.0) {
                    Ok(model) => {
                        Session::new(Mode::Match, &spec.0, model.setup.clone()).map(|mut s| {
                            s.model = model;
                            s
                        })
                    }
                    Err(e) => {
                        file.message = Some(format!("Continue: {e}"));
                        continue;
                    }
                }
            }
            Choice::Singles => Session::new(Mode::Match, &spec.0, setup(Seats::Singles, &[], true)),
            Choice::SinglesVsComputer => Session::new(
                Mode::Match,
                &spec.0,
                setup(Seats::Singles, &[Seat::North], false),
            ),
            Choice::Doubles => {
                Session::new(Mode::Match, &spec.0, setup(Seats::Doubles, &[], false))
            }
            Choice::Practice => Session::new(Mode::Practice, &spec.0, practice_setup()),
            Choice::Demo2 => Session::new(Mode::Demo, &spec.0, setup(Seats::Singles, &all, false)),
            Choice::Demo4 => Session::new(Mode::Demo, &spec.0, setup(Seats::Doubles, &all, false)),
            Choice::HowToPlay => {
                if let Ok((_, mut page)) = how.single_mut() {
                    page.display = Display::Flex;
                }
                continue;
            }
            Choice::Quit => {
                exit.write(AppExit::Success);
                continue;
            }
            Choice::Rules => {
                rules.0 = (rules.0 + 1) % PRESET_NAMES.len();
                settings.rules = PRESET_NAMES[rules.0].to_string();
                file.store(&settings);
                continue;
            }
            Choice::Level => {
                let next = (Level::ALL
                    .iter()
                    .position(|l| *l == players.level)
                    .unwrap_or(0)
                    + 1)
                    % Level::ALL.len();
                players.level = Level::ALL[next];
                settings.level = players.level.name().to_string();
                file.store(&settings);
                continue;
            }
            Choice::Hints => {
                players.hints = !players.hints;
                settings.hints = players.hints;
                file.store(&settings);
                continue;
            }
            Choice::Volume => {
                // 0, 20, ... 100%, then round again.
                let steps = (settings.volume * 5.0).round() as i32;
                settings.volume = ((steps + 1) % 6) as f32 / 5.0;
                file.store(&settings);
                continue;
            }
            Choice::Board => {
                settings.fixed_board = !settings.fixed_board;
                file.store(&settings);
                continue;
            }
            Choice::Guide => {
                settings.guide_in_icf_matches = !settings.guide_in_icf_matches;
                file.store(&settings);
                continue;
            }
            Choice::Name(row) => {
                // Typing starts a new name; Esc puts the old one back.
                let old = std::mem::take(&mut players.names[*row]);
                players.editing = Some((*row, old));
                continue;
            }
            Choice::Computer(row) => {
                players.computer[*row] = !players.computer[*row];
                continue;
            }
        };
        let mut session = match session {
            Ok(session) => session,
            Err(e) => {
                file.message = Some(format!("cannot start: {e}"));
                continue;
            }
        };
        session.hints = players.hints;
        session.fixed_board = settings.fixed_board;
        if session.mode == Mode::Match && session.model.setup.rules_name == "icf" {
            session.guides = settings.guide_in_icf_matches;
        }
        if session.mode == Mode::Match {
            session.save_path = crate::settings::save_path_for(&session.model.setup);
            session.replay_path = Some(session.save_path.with_extension("replay.json"));
        }
        if session.mode == Mode::Demo {
            speed.factor = speed.factor.max(2.0);
        }
        commands.insert_resource(session);
        screen.set(Screen::Game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_rows_name_the_seats_and_choose_the_computer_seats() {
        let mut rows = MenuPlayers::from_settings(&Settings::default());
        rows.names[0] = "Asha".into();
        rows.names[1] = "  ".into();
        rows.names[2] = "Ravi".into();
        rows.computer[3] = true;
        let mut singles = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1);
        rows.apply(&mut singles, &[Seat::North], false);
        assert_eq!(singles.player(carrom_physics::Seat::South).name, "Asha");
        // A seat the menu choice gives the computer is named for it.
        assert_eq!(
            singles.player(carrom_physics::Seat::North).name,
            "Computer 2"
        );
        let mut hotseat = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1);
        rows.apply(&mut hotseat, &[], false);
        // A blank name falls back to the seat's.
        assert_eq!(hotseat.player(carrom_physics::Seat::North).name, "North");
        assert!(
            singles
                .player(carrom_physics::Seat::North)
                .computer
                .is_some()
        );
        assert!(
            singles
                .player(carrom_physics::Seat::South)
                .computer
                .is_none()
        );
        // The computer plays at the level chosen in the menu.
        assert_eq!(
            singles
                .player(carrom_physics::Seat::North)
                .computer
                .as_deref(),
            Some("medium")
        );
        rows.level = Level::Easy;
        let mut doubles = MatchSetup::new(Seats::Doubles, Rules::icf(), "icf", 1);
        rows.apply(&mut doubles, &[], false);
        assert_eq!(
            doubles
                .player(carrom_physics::Seat::West)
                .computer
                .as_deref(),
            Some("easy")
        );
        assert_eq!(doubles.player(carrom_physics::Seat::East).name, "Ravi");
        // The hotseat game is people in every seat, whatever the rows say.
        let mut people = MatchSetup::new(Seats::Doubles, Rules::icf(), "icf", 1);
        rows.apply(&mut people, &[], true);
        assert!(people.players.iter().all(|p| p.computer.is_none()));
        assert!(
            doubles
                .player(carrom_physics::Seat::West)
                .computer
                .is_some()
        );
        assert!(
            doubles
                .player(carrom_physics::Seat::East)
                .computer
                .is_none()
        );
    }
}
