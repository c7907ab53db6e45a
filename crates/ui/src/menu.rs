//! The main menu: singles, doubles, break practice, computer demo; the rule variant; the
//! players' names (click a name and type) and which seats the computer plays; quit.

use crate::practice::practice_setup;
use crate::sim::{Equipment, SimSpeed};
use crate::{Mode, Screen, Session};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use carrom_ai::Level;
use carrom_match::{MatchSetup, Player};
use carrom_referee::{PRESET_NAMES, Rules, Seat, Seats};

/// The menu's label for the computer players' level.
fn level_text(level: Level) -> String {
    format!("Computer: {}", level.name().to_uppercase())
}

#[derive(Component)]
struct MenuRoot;

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Singles,
    SinglesVsComputer,
    Doubles,
    Practice,
    Demo2,
    Demo4,
    Rules,
    /// The computer players' level (easy, medium, hard).
    Level,
    /// The coach's hints in matches (always there in practice).
    Hints,
    /// Edit the name of the player in this row.
    Name(usize),
    /// Human or computer in this row.
    Computer(usize),
    Quit,
}

#[derive(Component)]
struct RulesLabel;

#[derive(Component)]
struct LevelLabel;

#[derive(Component)]
struct HintsLabel;

/// The menu's label for the coach's hints in matches.
fn hints_text(on: bool) -> String {
    format!(
        "Coach's hints in matches: {} (H in play)",
        if on { "ON" } else { "OFF" }
    )
}

#[derive(Component)]
struct NameLabel(usize);

#[derive(Component)]
struct ComputerLabel(usize);

/// The menu's player rows, by seat (singles uses South and North).
const ROWS: [Seat; 4] = [Seat::South, Seat::North, Seat::East, Seat::West];

/// Longest name the menu takes.
const NAME_MAX: usize = 18;

/// The players as set in the menu.
#[derive(Resource, Debug)]
pub struct MenuPlayers {
    pub names: [String; 4],
    pub computer: [bool; 4],
    /// The row whose name is being typed.
    pub editing: Option<usize>,
    /// The level of the computer players (`carrom_ai`'s levels; easy is beatable by a beginner).
    pub level: Level,
    /// The players turned the coach's hints on for matches (off by default, as in real play).
    pub hints: bool,
}

impl Default for MenuPlayers {
    fn default() -> Self {
        MenuPlayers {
            names: ["Player 1", "Player 2", "Player 3", "Player 4"].map(String::from),
            computer: [false; 4],
            editing: None,
            level: Level::Medium,
            hints: false,
        }
    }
}

impl MenuPlayers {
    fn row_of(seat: Seat) -> usize {
        ROWS.iter().position(|s| *s == seat).unwrap_or(0)
    }

    /// The setup's players from the rows (`force_computer`: rows the computer plays anyway).
    fn apply(&self, setup: &mut MatchSetup, force_computer: &[Seat]) {
        for (i, seat) in setup.seats.seats().iter().enumerate() {
            let row = Self::row_of(*seat);
            let name = self.names[row].trim();
            let forced = force_computer.contains(seat) && !self.computer[row];
            let computer = self.computer[row] || forced;
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
        let cursor = if self.editing == Some(row) { "_" } else { "" };
        let doubles = if row >= 2 { " (doubles)" } else { "" };
        format!(
            "{}{doubles}: {}{cursor}",
            ROWS[row].title(),
            self.names[row]
        )
    }
}

/// The rule variant picked in the menu.
#[derive(Resource, Default)]
struct MenuRules(usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuRules>()
        .init_resource::<MenuPlayers>()
        .add_systems(OnEnter(Screen::Menu), spawn_menu)
        .add_systems(OnExit(Screen::Menu), despawn_menu)
        .add_systems(
            Update,
            (buttons, type_name, player_labels)
                .chain()
                .run_if(in_state(Screen::Menu)),
        );
}

fn spawn_menu(mut commands: Commands, rules: Res<MenuRules>, players: Res<MenuPlayers>) {
    let entries = [
        (
            Choice::Singles,
            "Singles - two players (hotseat)".to_string(),
        ),
        (
            Choice::SinglesVsComputer,
            "Singles - play the computer".to_string(),
        ),
        (
            Choice::Doubles,
            "Doubles - four players, partners opposite".to_string(),
        ),
        (Choice::Practice, "Break practice".to_string()),
        (Choice::Demo2, "Computer demo - singles".to_string()),
        (Choice::Demo4, "Computer demo - doubles".to_string()),
        (
            Choice::Rules,
            format!(
                "Rules: {}",
                PRESET_NAMES[rules.0 % PRESET_NAMES.len()].to_uppercase()
            ),
        ),
        (Choice::Level, level_text(players.level)),
        (Choice::Hints, hints_text(players.hints)),
    ];
    commands
        .spawn((
            MenuRoot,
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(12),
                ..default()
            },
            BackgroundColor(Color::srgb(0.16, 0.09, 0.04)),
        ))
        .with_children(|root| {
            root.spawn((
                Text::new("CARROM"),
                TextFont {
                    font_size: FontSize::Px(64.0),
                    ..default()
                },
                TextColor(Color::srgb(0.96, 0.86, 0.62)),
            ));
            root.spawn((
                Text::new("played by the Laws of the International Carrom Federation"),
                TextFont {
                    font_size: FontSize::Px(18.0),
                    ..default()
                },
                TextColor(Color::srgb(0.85, 0.75, 0.55)),
                Node {
                    margin: UiRect::bottom(px(24)),
                    ..default()
                },
            ));
            for (choice, label) in entries {
                spawn_button(root, choice, label);
            }
            root.spawn((
                Text::new("Players - click a name to type it; Enter when done"),
                TextFont {
                    font_size: FontSize::Px(15.0),
                    ..default()
                },
                TextColor(Color::srgb(0.85, 0.75, 0.55)),
                Node {
                    margin: UiRect::top(px(10)),
                    ..default()
                },
            ));
            for row in 0..ROWS.len() {
                root.spawn(Node {
                    width: px(560),
                    column_gap: px(10),
                    ..default()
                })
                .with_children(|line| {
                    let small = |width: f32| Node {
                        width: px(width),
                        height: px(34),
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        border: UiRect::all(px(1)),
                        border_radius: BorderRadius::all(px(6)),
                        ..default()
                    };
                    for (choice, width, text) in [
                        (Choice::Name(row), 400.0, players.label(row)),
                        (
                            Choice::Computer(row),
                            150.0,
                            computer_text(players.computer[row]).to_string(),
                        ),
                    ] {
                        line.spawn((
                            Button,
                            choice,
                            small(width),
                            BorderColor::all(Color::srgb(0.75, 0.55, 0.30)),
                            BackgroundColor(Color::srgb(0.36, 0.20, 0.08)),
                        ))
                        .with_children(|b| {
                            let mut t = b.spawn((
                                Text::new(text),
                                TextFont {
                                    font_size: FontSize::Px(16.0),
                                    ..default()
                                },
                                TextColor(Color::srgb(0.98, 0.94, 0.85)),
                            ));
                            match choice {
                                Choice::Name(r) => {
                                    t.insert(NameLabel(r));
                                }
                                Choice::Computer(r) => {
                                    t.insert(ComputerLabel(r));
                                }
                                _ => {}
                            }
                        });
                    }
                });
            }
            spawn_button(root, Choice::Quit, "Quit".to_string());
        });
}

fn spawn_button(root: &mut ChildSpawnerCommands, choice: Choice, label: String) {
    root.spawn((
        Button,
        choice,
        Node {
            width: px(560),
            height: px(42),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BorderColor::all(Color::srgb(0.75, 0.55, 0.30)),
        BackgroundColor(Color::srgb(0.36, 0.20, 0.08)),
    ))
    .with_children(|b| {
        let mut t = b.spawn((
            Text::new(label),
            TextFont {
                font_size: FontSize::Px(20.0),
                ..default()
            },
            TextColor(Color::srgb(0.98, 0.94, 0.85)),
        ));
        if choice == Choice::Rules {
            t.insert(RulesLabel);
        }
        if choice == Choice::Level {
            t.insert(LevelLabel);
        }
        if choice == Choice::Hints {
            t.insert(HintsLabel);
        }
    });
}

fn computer_text(computer: bool) -> &'static str {
    if computer { "Computer" } else { "Human" }
}

/// Typing into the name being edited.
fn type_name(mut keys: MessageReader<KeyboardInput>, mut players: ResMut<MenuPlayers>) {
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        let Some(row) = players.editing else { continue };
        match &key.logical_key {
            Key::Enter | Key::Escape | Key::Tab => players.editing = None,
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

fn player_labels(
    players: Res<MenuPlayers>,
    mut names: Query<(&NameLabel, &mut Text), Without<ComputerLabel>>,
    mut kinds: Query<(&ComputerLabel, &mut Text), Without<NameLabel>>,
) {
    if !players.is_changed() {
        return;
    }
    for (l, mut t) in &mut names {
        let want = players.label(l.0);
        if t.0 != want {
            t.0 = want;
        }
    }
    for (l, mut t) in &mut kinds {
        let want = computer_text(players.computer[l.0]);
        if t.0 != want {
            t.0 = want.to_string();
        }
    }
}

fn despawn_menu(mut commands: Commands, q: Query<Entity, With<MenuRoot>>) {
    for e in &q {
        commands.entity(e).despawn();
    }
}

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn buttons(
    mut commands: Commands,
    mut q: Query<(&Interaction, &Choice, &mut BackgroundColor), Changed<Interaction>>,
    mut label: Query<&mut Text, With<RulesLabel>>,
    mut level_label: Query<&mut Text, (With<LevelLabel>, Without<RulesLabel>)>,
    mut hints_label: Query<&mut Text, (With<HintsLabel>, Without<LevelLabel>, Without<RulesLabel>)>,
    mut rules: ResMut<MenuRules>,
    mut players: ResMut<MenuPlayers>,
    spec: Res<Equipment>,
    mut screen: ResMut<NextState<Screen>>,
    mut speed: ResMut<SimSpeed>,
    mut exit: MessageWriter<AppExit>,
) {
    for (interaction, choice, mut bg) in &mut q {
        match interaction {
            Interaction::Hovered => bg.0 = Color::srgb(0.50, 0.30, 0.12),
            Interaction::None => bg.0 = Color::srgb(0.36, 0.20, 0.08),
            Interaction::Pressed => {
                let name = PRESET_NAMES[rules.0 % PRESET_NAMES.len()];
                let r = Rules::preset(name).unwrap_or_else(Rules::icf);
                let seed = rand::random::<u64>() % 1_000_000;
                // The rows' names and computer seats; the demos are all computers.
                let setup = |seats: Seats, force: &[Seat]| {
                    let mut s = MatchSetup::new(seats, r, name, seed);
                    players.apply(&mut s, force);
                    s
                };
                let all = Seat::ALL;
                let session = match choice {
                    Choice::Singles => {
                        Session::new(Mode::Match, &spec.0, setup(Seats::Singles, &[]))
                    }
                    Choice::SinglesVsComputer => {
                        Session::new(Mode::Match, &spec.0, setup(Seats::Singles, &[Seat::North]))
                    }
                    Choice::Doubles => {
                        Session::new(Mode::Match, &spec.0, setup(Seats::Doubles, &[]))
                    }
                    Choice::Practice => Session::new(Mode::Practice, &spec.0, practice_setup()),
                    Choice::Demo2 => Session::new(Mode::Demo, &spec.0, setup(Seats::Singles, &all)),
                    Choice::Demo4 => Session::new(Mode::Demo, &spec.0, setup(Seats::Doubles, &all)),
                    Choice::Rules => {
                        rules.0 = (rules.0 + 1) % PRESET_NAMES.len();
                        if let Ok(mut t) = label.single_mut() {
                            t.0 = format!("Rules: {}", PRESET_NAMES[rules.0].to_uppercase());
                        }
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
                        if let Ok(mut t) = level_label.single_mut() {
                            t.0 = level_text(players.level);
                        }
                        continue;
                    }
                    Choice::Hints => {
                        players.hints = !players.hints;
                        if let Ok(mut t) = hints_label.single_mut() {
                            t.0 = hints_text(players.hints);
                        }
                        continue;
                    }
                    Choice::Name(row) => {
                        players.editing = Some(*row);
                        continue;
                    }
                    Choice::Computer(row) => {
                        players.computer[*row] = !players.computer[*row];
                        continue;
                    }
                    Choice::Quit => {
                        exit.write(AppExit::Success);
                        continue;
                    }
                };
                let mut session = match session {
                    Ok(session) => session,
                    Err(e) => {
                        error!("cannot start: {e}");
                        continue;
                    }
                };
                session.hints = players.hints;
                if session.mode == Mode::Demo {
                    speed.factor = speed.factor.max(2.0);
                }
                players.editing = None;
                commands.insert_resource(session);
                screen.set(Screen::Game);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_rows_name_the_seats_and_choose_the_computer_seats() {
        let mut rows = MenuPlayers::default();
        rows.names[0] = "Asha".into();
        rows.names[1] = "  ".into();
        rows.names[2] = "Ravi".into();
        rows.computer[3] = true;
        let mut singles = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1);
        rows.apply(&mut singles, &[Seat::North]);
        assert_eq!(singles.player(carrom_physics::Seat::South).name, "Asha");
        // A seat the menu choice gives the computer is named for it.
        assert_eq!(
            singles.player(carrom_physics::Seat::North).name,
            "Computer 2"
        );
        let mut hotseat = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1);
        rows.apply(&mut hotseat, &[]);
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
        rows.apply(&mut doubles, &[]);
        assert_eq!(
            doubles
                .player(carrom_physics::Seat::West)
                .computer
                .as_deref(),
            Some("easy")
        );
        assert_eq!(doubles.player(carrom_physics::Seat::East).name, "Ravi");
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
