//! The main menu: singles, doubles, break practice, computer demo; the rule variant; quit.

use crate::model::{MatchSetup, Player};
use crate::play::practice_setup;
use crate::sim::{BoardSpec, SimSpeed};
use crate::{Kind, Screen, Session};
use bevy::prelude::*;
use carrom_referee::{PRESET_NAMES, Rules, Seats};

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
    Quit,
}

#[derive(Component)]
struct RulesLabel;

/// The rule variant picked in the menu.
#[derive(Resource, Default)]
struct MenuRules(usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuRules>()
        .add_systems(OnEnter(Screen::Menu), spawn_menu)
        .add_systems(OnExit(Screen::Menu), despawn_menu)
        .add_systems(Update, buttons.run_if(in_state(Screen::Menu)));
}

fn spawn_menu(mut commands: Commands, rules: Res<MenuRules>) {
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
        (Choice::Quit, "Quit".to_string()),
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
                let mut b = root.spawn((
                    Button,
                    choice,
                    Node {
                        width: px(460),
                        height: px(48),
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        border: UiRect::all(px(2)),
                        border_radius: BorderRadius::all(px(8)),
                        ..default()
                    },
                    BorderColor::all(Color::srgb(0.75, 0.55, 0.30)),
                    BackgroundColor(Color::srgb(0.36, 0.20, 0.08)),
                ));
                b.with_children(|b| {
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
                });
            }
        });
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
    mut rules: ResMut<MenuRules>,
    spec: Res<BoardSpec>,
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
                let setup = |seats: Seats, computers: &[usize]| {
                    let mut s = MatchSetup::new(seats, r, name, seed);
                    for (i, p) in s.players.iter_mut().enumerate() {
                        if computers.contains(&i) {
                            *p = Player {
                                name: format!("Computer {}", i + 1),
                                computer: Some("fast".into()),
                            };
                        } else {
                            p.name = format!("Player {}", i + 1);
                        }
                    }
                    s
                };
                let session = match choice {
                    Choice::Singles => {
                        Session::new(Kind::Match, &spec.0, setup(Seats::Singles, &[]))
                    }
                    Choice::SinglesVsComputer => {
                        Session::new(Kind::Match, &spec.0, setup(Seats::Singles, &[1]))
                    }
                    Choice::Doubles => {
                        Session::new(Kind::Match, &spec.0, setup(Seats::Doubles, &[]))
                    }
                    Choice::Practice => Session::new(Kind::Practice, &spec.0, practice_setup()),
                    Choice::Demo2 => {
                        Session::new(Kind::Demo, &spec.0, setup(Seats::Singles, &[0, 1]))
                    }
                    Choice::Demo4 => {
                        Session::new(Kind::Demo, &spec.0, setup(Seats::Doubles, &[0, 1, 2, 3]))
                    }
                    Choice::Rules => {
                        rules.0 = (rules.0 + 1) % PRESET_NAMES.len();
                        if let Ok(mut t) = label.single_mut() {
                            t.0 = format!("Rules: {}", PRESET_NAMES[rules.0].to_uppercase());
                        }
                        continue;
                    }
                    Choice::Quit => {
                        exit.write(AppExit::Success);
                        continue;
                    }
                };
                if session.kind == Kind::Demo {
                    speed.factor = speed.factor.max(2.0);
                }
                commands.insert_resource(session);
                screen.set(Screen::Game);
            }
        }
    }
}
