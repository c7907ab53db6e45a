//! Results on the board: after each board, a card with who won it, the points, the Queen, the
//! Law and the game's score; at the end of the match, the summary: the winner, each player's
//! statistics ([`carrom_match::MatchStats`]), the score by board as a small chart, and Play
//! again / Menu.

use crate::hud::for_display;
use crate::play::{FireParams, play_again};
use crate::sim::Equipment;
use crate::{Mode, Phase, Screen, Session};
use bevy::prelude::*;
use carrom_match::{BoardStats, Match};

/// The colour a side is shown in (its name, its bars in the chart).
pub fn side_colour(side: u8) -> Color {
    if side == 0 {
        Color::srgb(0.98, 0.74, 0.28)
    } else {
        Color::srgb(0.40, 0.78, 0.98)
    }
}

/// A notice on a result card: a change of colours.
const NOTICE: Color = Color::srgb(0.95, 0.45, 0.45);

const CARD: Color = Color::srgba(0.07, 0.05, 0.04, 0.94);
const EDGE: Color = Color::srgb(0.75, 0.55, 0.30);
const INK: Color = Color::srgb(0.95, 0.92, 0.85);
const DIM: Color = Color::srgb(0.72, 0.70, 0.66);

#[derive(Component)]
struct ResultCard;

#[derive(Component)]
struct Summary;

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum SummaryButton {
    PlayAgain,
    Menu,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::BoardOver), spawn_result_card)
        .add_systems(OnExit(Phase::BoardOver), despawn::<ResultCard>)
        .add_systems(OnEnter(Phase::Over), spawn_summary)
        .add_systems(OnExit(Phase::Over), despawn::<Summary>)
        .add_systems(
            OnExit(Screen::Game),
            (despawn::<ResultCard>, despawn::<Summary>),
        )
        .add_systems(
            Update,
            summary_buttons
                .run_if(in_state(Phase::Over))
                .before(crate::sim::SimSet),
        );
}

fn despawn<T: Component>(mut commands: Commands, q: Query<Entity, With<T>>) {
    for e in &q {
        commands.entity(e).despawn();
    }
}

fn text(s: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(for_display(&s.into())),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

/// A box that centres its one child over the whole window.
fn overlay(dim: f32) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, dim)),
        GlobalZIndex(20),
    )
}

fn card(gap: f32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(gap),
            padding: UiRect::axes(px(28), px(18)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(10)),
            max_width: percent(94),
            ..default()
        },
        BackgroundColor(CARD),
        BorderColor::all(EDGE),
    )
}

/// "Queen covered by white" for a board's `queen` field.
fn queen_words(queen: &str) -> String {
    match queen {
        "covered_by_white" => "the Queen covered by white".into(),
        "covered_by_black" => "the Queen covered by black".into(),
        _ => "the Queen not covered".into(),
    }
}

/// The lines of a board's result card: heading, winner, points and Law, the game's score, what
/// comes next.
pub fn result_lines(model: &Match, b: &BoardStats, watched: bool) -> Vec<String> {
    let names = [
        model.side_name(carrom_referee::Side::Zero),
        model.side_name(carrom_referee::Side::One),
    ];
    let r = &model.referee;
    let mut lines = vec![format!("Game {}, board {}", b.game, b.board)];
    match b.winner {
        Some(_) => {
            lines.push(format!("{} wins the board", b.winner_name));
            lines.push(format!(
                "+{} {}, {} (Law {})",
                b.points,
                if b.points == 1 { "point" } else { "points" },
                queen_words(&b.queen),
                b.law
            ));
        }
        None => {
            lines.push("Board cancelled".into());
            lines.push(format!("It is played again (Law {})", b.law));
        }
    }
    let game_over = r.game_number() != b.game;
    lines.push(format!(
        "{} {}: {} {} - {} {}",
        if game_over { "Game" } else { "Game score" },
        if game_over { "over" } else { "now" },
        names[0],
        b.score[0],
        b.score[1],
        names[1]
    ));
    let games = r.games();
    lines.push(format!(
        "Games: {} {} - {} {}",
        names[0], games[0], games[1], names[1]
    ));
    let breaker = r.breaker();
    lines.push(format!(
        "Next: game {}, board {}; {} breaks",
        r.game_number(),
        r.board_number(),
        model.seat_name(breaker)
    ));
    let white_now =
        r.colour_of_side(carrom_referee::Side::One) == carrom_referee::PieceColour::White;
    if u8::from(white_now) != b.white_side {
        let white = if white_now { &names[1] } else { &names[0] };
        let black = if white_now { &names[0] } else { &names[1] };
        lines.push(format!(
            "Colours change: {white} plays white, {black} black"
        ));
    }
    lines.push(if watched {
        "The next board starts in a moment.".into()
    } else {
        "Click, or press Enter, to rack the next board.".into()
    });
    lines
}

fn spawn_result_card(mut commands: Commands, session: Option<Res<Session>>) {
    let Some(s) = session else { return };
    let Some(b) = s.board_result().cloned() else {
        return;
    };
    let lines = result_lines(&s.model, &b, s.watched());
    info!("Board result: {}", lines[1..3].join("; "));
    let winner_colour = b.winner.map_or(INK, side_colour);
    commands
        .spawn((ResultCard, overlay(0.25)))
        .with_children(|o| {
            o.spawn(card(6.0)).with_children(|c| {
                for (i, line) in lines.iter().enumerate() {
                    let (size, colour) = match i {
                        0 => (18.0, DIM),
                        1 => (34.0, winner_colour),
                        2 => (20.0, INK),
                        _ if i + 1 == lines.len() => (15.0, DIM),
                        _ if line.starts_with("Colours change") => (19.0, NOTICE),
                        _ => (17.0, INK),
                    };
                    c.spawn(text(line.clone(), size, colour));
                }
            });
        });
}

/// The summary's table: a header and a row per player.
pub fn summary_rows(model: &Match) -> Vec<[String; 9]> {
    let mut rows = vec![[
        "Player".to_string(),
        "Strokes".into(),
        "Pocketed".into(),
        "Pot rate".into(),
        "Fouls".into(),
        "Dues".into(),
        "Queen in/covered".into(),
        "Breaks (pieces)".into(),
        "Best run".into(),
    ]];
    for p in &model.stats.players {
        rows.push([
            p.name.clone(),
            p.strokes.to_string(),
            p.pieces_pocketed.to_string(),
            format!("{:.0}%", 100.0 * p.pot_rate),
            p.fouls.to_string(),
            p.dues.to_string(),
            format!("{} / {}", p.queen_pocketed, p.queen_covered),
            format!("{} ({})", p.breaks, p.pieces_off_breaks),
            p.longest_run.to_string(),
        ]);
    }
    rows
}

const WIDTHS: [f32; 9] = [180.0, 70.0, 80.0, 75.0, 55.0, 55.0, 150.0, 140.0, 80.0];

fn spawn_summary(mut commands: Commands, session: Option<Res<Session>>) {
    let Some(s) = session else { return };
    if s.mode == Mode::Practice {
        return;
    }
    let model = &s.model;
    let stats = &model.stats;
    let winner = stats.winner.unwrap_or(0);
    let title = if stats.winner.is_some() {
        format!("{} wins the match", stats.winner_name)
    } else {
        "The match is over".into()
    };
    let strokes: u32 = stats.players.iter().map(|p| p.strokes).sum();
    let sub = format!(
        "Games {} - {}   {} rules   {} boards   {} strokes",
        stats.games[0],
        stats.games[1],
        crate::hud::rules_title(&model.setup.rules_name),
        stats.boards.len(),
        strokes
    );
    info!("Match summary: {title} ({sub})");
    let rows = summary_rows(model);
    let side_of_row: Vec<u8> = stats.players.iter().map(|p| p.side).collect();
    let max_points = stats
        .boards
        .iter()
        .map(|b| b.points)
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    let boards = stats.boards.clone();
    let names = [
        model.side_name(carrom_referee::Side::Zero),
        model.side_name(carrom_referee::Side::One),
    ];
    let again = if s.mode == Mode::Match {
        "Play again (Enter)"
    } else {
        "Another demo (Enter)"
    };
    commands.spawn((Summary, overlay(0.55))).with_children(|o| {
        o.spawn(card(10.0)).with_children(|c| {
            c.spawn(text("MATCH SUMMARY", 16.0, DIM));
            c.spawn(text(title, 38.0, side_colour(winner)));
            c.spawn(text(sub, 16.0, DIM));
            // The table.
            c.spawn(Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(3),
                margin: UiRect::top(px(6)),
                ..default()
            })
            .with_children(|t| {
                for (i, row) in rows.iter().enumerate() {
                    let colour = if i == 0 {
                        DIM
                    } else {
                        side_colour(side_of_row[i - 1])
                    };
                    t.spawn(Node {
                        flex_direction: FlexDirection::Row,
                        ..default()
                    })
                    .with_children(|r| {
                        for (k, cell) in row.iter().enumerate() {
                            r.spawn(Node {
                                width: px(WIDTHS[k]),
                                justify_content: if k == 0 {
                                    JustifyContent::FlexStart
                                } else {
                                    JustifyContent::Center
                                },
                                ..default()
                            })
                            .with_children(|cell_node| {
                                let c = if k == 0 { colour } else { INK };
                                cell_node.spawn(text(
                                    cell.clone(),
                                    if i == 0 { 13.0 } else { 17.0 },
                                    if i == 0 { DIM } else { c },
                                ));
                            });
                        }
                    });
                }
            });
            // The score by board.
            c.spawn(text("Points by board", 15.0, DIM));
            c.spawn(Node {
                flex_direction: FlexDirection::Row,
                align_items: AlignItems::FlexEnd,
                column_gap: px(3),
                height: px(96),
                ..default()
            })
            .with_children(|chart| {
                let mut game = 0;
                for b in &boards {
                    if b.game != game {
                        game = b.game;
                        chart
                            .spawn(Node {
                                height: percent(100),
                                margin: UiRect::horizontal(px(6)),
                                align_items: AlignItems::FlexEnd,
                                ..default()
                            })
                            .with_children(|g| {
                                g.spawn(text(format!("G{game}"), 13.0, DIM));
                            });
                    }
                    let h = 8.0 + 72.0 * b.points as f32 / max_points;
                    chart
                        .spawn(Node {
                            flex_direction: FlexDirection::Column,
                            align_items: AlignItems::Center,
                            justify_content: JustifyContent::FlexEnd,
                            height: percent(100),
                            width: px(20),
                            ..default()
                        })
                        .with_children(|col| {
                            col.spawn(text(
                                if b.winner.is_some() {
                                    b.points.to_string()
                                } else {
                                    "-".into()
                                },
                                11.0,
                                DIM,
                            ));
                            col.spawn((
                                Node {
                                    width: px(16),
                                    height: px(h),
                                    ..default()
                                },
                                BackgroundColor(b.winner.map_or(DIM, side_colour)),
                            ));
                        });
                }
            });
            // The legend.
            c.spawn(Node {
                flex_direction: FlexDirection::Row,
                column_gap: px(16),
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(|l| {
                for (side, name) in names.iter().enumerate() {
                    l.spawn((
                        Node {
                            width: px(12),
                            height: px(12),
                            ..default()
                        },
                        BackgroundColor(side_colour(side as u8)),
                    ));
                    l.spawn(text(name.clone(), 14.0, INK));
                }
            });
            // Play again / Menu.
            c.spawn(Node {
                flex_direction: FlexDirection::Row,
                column_gap: px(18),
                margin: UiRect::top(px(8)),
                ..default()
            })
            .with_children(|b| {
                for (button, label) in [
                    (SummaryButton::PlayAgain, again),
                    (SummaryButton::Menu, "Menu (Esc)"),
                ] {
                    b.spawn((button, crate::menu::button(230.0, 42.0)))
                        .with_children(|t| {
                            t.spawn(text(label, 18.0, INK));
                        });
                }
            });
        });
    });
}

/// Play again (the button or Enter): the same players and rules, the next seed. Menu (the
/// button; Esc is the game's own key for it).
#[allow(clippy::too_many_arguments)]
fn summary_buttons(
    mut q: Query<(&Interaction, &SummaryButton, &mut BackgroundColor), Changed<Interaction>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    time: Res<Time>,
    mut shown: ResMut<crate::play::ResultShown>,
    session: Option<ResMut<Session>>,
    spec: Res<Equipment>,
    mut screen: ResMut<NextState<Screen>>,
    mut fire: FireParams,
    mut told: MessageWriter<crate::play::Announcement>,
) {
    let Some(mut session) = session else { return };
    let mut chosen = None;
    for (interaction, button, mut bg) in &mut q {
        if let Some(face) = crate::menu::button_face(*interaction) {
            bg.0 = face;
        }
        if *interaction == Interaction::Pressed {
            chosen = Some(*button);
        }
    }
    shown.0 += time.delta_secs();
    // An Enter meant for the last moment of play does not start another match.
    if shown.0 > crate::play::RESULT_GRACE && keys.is_some_and(|k| k.just_pressed(KeyCode::Enter)) {
        chosen = Some(SummaryButton::PlayAgain);
    }
    match chosen {
        Some(SummaryButton::PlayAgain) => match play_again(&mut session, &spec.0) {
            Ok(()) => {
                told.write(crate::play::Announcement::Call(Vec::new()));
                fire.show_table(&session);
            }
            Err(e) => {
                told.write(crate::play::Announcement::Note(e));
            }
        },
        Some(SummaryButton::Menu) => screen.set(Screen::Menu),
        None => {}
    }
}
