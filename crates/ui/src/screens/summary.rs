//! The match summary: the winner, each player's statistics ([`carrom_match::MatchStats`]),
//! the score by board as a small chart, and Play again / Review / Menu.

use super::results::{card, card_systems, overlay, text};
use crate::modes::flow::{RESULT_GRACE, ResultShown};
use crate::modes::table::{PlayAgain, Table};
use crate::screens::menu::tournament::games::{FromTournament, back_to_tournament};
use crate::states::{Phase, Playing, Screen, Watched};
use crate::theme::palette::{CARD_DIM as DIM, CARD_INK as INK};
use crate::theme::{Activate, seat_colour, side_colour};
use bevy::prelude::*;
use carrom_match::{BoardStats, Match};

/// The summary's Play again button (Enter presses it too).
#[derive(Component)]
struct PlayAgainButton;

pub(super) fn plugin(app: &mut App) {
    let enter_plays_again = enter_plays_again.run_if(in_state(Phase::Over));
    card_systems(app, Phase::Over, spawn_summary, enter_plays_again);
}

/// The summary's table: a header and a row per player; in the point game his points second.
pub fn summary_rows(model: &Match) -> Vec<Vec<String>> {
    let mut rows = vec![vec![
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
        rows.push(vec![
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
    if is_point_game(model) {
        rows[0].insert(1, "Points".into());
        for (row, p) in rows[1..].iter_mut().zip(&model.stats.players) {
            row.insert(1, p.points.unwrap_or(0).to_string());
        }
    }
    rows
}

/// The table's columns' widths (the point game's Points second).
fn widths(model: &Match) -> Vec<f32> {
    let mut w = vec![180.0, 70.0, 80.0, 75.0, 55.0, 55.0, 150.0, 140.0, 80.0];
    if is_point_game(model) {
        w.insert(1, 70.0);
    }
    w
}

fn is_point_game(model: &Match) -> bool {
    model.referee.rules().points.is_some()
}

/// A player's colour in the summary: his side's, or in the point game his seat's.
fn player_colour(model: &Match, p: &carrom_match::PlayerStats) -> Color {
    match carrom_referee::Seat::parse(&p.seat) {
        Some(seat) => crate::theme::player_colour(&model.setup, seat),
        None => side_colour(p.side),
    }
}

/// Every player's colour, in the order of the statistics' players.
fn player_colours(model: &Match) -> Vec<Color> {
    let players = model.stats.players.iter();
    players.map(|p| player_colour(model, p)).collect()
}

/// Under the title: the games (or in the point game every player's points), the rules, the
/// boards and the strokes.
fn summary_line(model: &Match) -> String {
    let stats = &model.stats;
    let strokes: u32 = stats.players.iter().map(|p| p.strokes).sum();
    let standing = if is_point_game(model) {
        let points: Vec<String> = stats
            .players
            .iter()
            .map(|p| format!("{} {}", p.name, p.points.unwrap_or(0)))
            .collect();
        format!("Points: {}", points.join(" - "))
    } else {
        format!("Games {} - {}", stats.games[0], stats.games[1])
    };
    let boards = if is_point_game(model) {
        model.referee.board_number().into()
    } else {
        stats.boards.len()
    };
    let count = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    format!(
        "{standing}   {} rules   {}   {}",
        crate::text::rules_title(&model.setup.rules_name),
        count(boards, "board"),
        count(strokes as usize, "stroke"),
    )
}

/// The game's window.
type TheWindow<'w, 's> = Query<'w, 's, &'static Window, With<bevy::window::PrimaryWindow>>;

/// How many of the interface's units wide the summary has (the window's width at its scale),
/// when there is a window.
fn units_across(window: &TheWindow, scale: Option<&UiScale>) -> Option<f32> {
    let scale = scale.map_or(1.0, |s| s.0.max(0.1));
    window.single().ok().map(|w| w.width() / scale)
}

/// A summary narrower than its table's row (a phone held upright): the table turned, a row
/// per figure and a column per player.
const NARROW: f32 = 900.0;

fn spawn_summary(
    mut commands: Commands,
    table: Res<Table>,
    watched: Option<Res<State<Watched>>>,
    playing: Option<Res<State<Playing>>>,
    tournament: Option<Res<FromTournament>>,
    (window, scale): (TheWindow, Option<Res<UiScale>>),
) {
    let across = units_across(&window, scale.as_deref()).unwrap_or(f32::INFINITY);
    let model = &table.model;
    let stats = &model.stats;
    let winner = match model.referee.point_winner() {
        Some(seat) => seat_colour(seat),
        None => side_colour(stats.winner.unwrap_or(0)),
    };
    let title = carrom_match::words::match_over(stats);
    let sub = summary_line(model);
    info!("Match summary: {title} ({sub})");
    let again = match playing.map(|p| *p.get()) {
        Some(Playing::Replay) => "Watch again (Enter)",
        _ if watched.is_some() => "Another demo (Enter)",
        _ => "Play again (Enter)",
    };
    commands
        .spawn((DespawnOnExit(Phase::Over), overlay(0.55)))
        .with_children(|o| {
            o.spawn(card(10.0)).with_children(|c| {
                c.spawn(text("MATCH SUMMARY", 16.0, DIM));
                c.spawn(text(title, 38.0, winner));
                c.spawn(text(sub, 16.0, DIM));
                if across < NARROW {
                    spawn_turned_table(c, model);
                } else {
                    spawn_table(c, model);
                }
                if is_point_game(model) {
                    spawn_points_chart(c, model);
                } else {
                    spawn_chart(c, &stats.boards, across);
                    spawn_legend(c, model);
                }
                let back = tournament.is_some_and(|t| t.0 == model.setup.seed);
                spawn_buttons(c, again, super::results::reviewable(&table), back);
            });
        });
}

/// The players' statistics, a row each in his side's colour.
fn spawn_table(c: &mut ChildSpawnerCommands, model: &Match) {
    let rows = summary_rows(model);
    let widths = widths(model);
    let colour_of_row = player_colours(model);
    // The table.
    c.spawn(Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(3),
        margin: UiRect::top(px(6)),
        ..default()
    })
    .with_children(|t| {
        for (i, row) in rows.iter().enumerate() {
            let colour = if i == 0 { DIM } else { colour_of_row[i - 1] };
            t.spawn(Node {
                flex_direction: FlexDirection::Row,
                ..default()
            })
            .with_children(|r| {
                for (k, cell) in row.iter().enumerate() {
                    r.spawn(Node {
                        width: px(widths[k]),
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
}

/// The players' statistics turned for a narrow window: a row per figure, a column per player
/// in his side's colour.
fn spawn_turned_table(c: &mut ChildSpawnerCommands, model: &Match) {
    let rows = summary_rows(model);
    let colours = player_colours(model);
    let column = (300.0 / colours.len().max(1) as f32).min(110.0);
    c.spawn(Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(2),
        margin: UiRect::top(px(6)),
        max_width: percent(100),
        ..default()
    })
    .with_children(|t| {
        for k in 0..rows[0].len() {
            t.spawn(Node::default()).with_children(|r| {
                let label = if k == 0 { "" } else { rows[0][k].as_str() };
                r.spawn(Node {
                    width: px(130),
                    ..default()
                })
                .with_children(|cell| {
                    cell.spawn(text(label, 13.0, DIM));
                });
                for (p, row) in rows[1..].iter().enumerate() {
                    let colour = if k == 0 { colours[p] } else { INK };
                    r.spawn(Node {
                        width: px(column),
                        justify_content: JustifyContent::Center,
                        ..default()
                    })
                    .with_children(|cell| {
                        cell.spawn(text(row[k].clone(), 16.0, colour));
                    });
                }
            });
        }
    });
}

/// The width of a board's bar in a chart of `boards` bars and `games` games' marks,
/// `across` units of the window wide: as drawn where there is room, narrower where not.
fn bar_width(boards: usize, games: usize, across: f32) -> f32 {
    let room = across - 120.0 - 30.0 * games as f32;
    (room / boards.max(1) as f32 - 3.0).clamp(5.0, 20.0)
}

/// A chart's column `width` wide: its bar and words stacked from the chart's foot.
fn bar_column(width: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        justify_content: JustifyContent::FlexEnd,
        height: percent(100),
        width: px(width),
        ..default()
    }
}

/// The points of each board, a bar in the winner's colour, the games marked; the bars
/// narrower in a window `across` units wide that has no room for them as drawn.
fn spawn_chart(c: &mut ChildSpawnerCommands, boards: &[BoardStats], across: f32) {
    let games = boards.last().map_or(0, |b| b.game as usize);
    let width = bar_width(boards.len(), games, across);
    let max_points = boards.iter().map(|b| b.points).max().unwrap_or(1).max(1) as f32;
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
        for b in boards {
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
            chart.spawn(bar_column(width)).with_children(|col| {
                col.spawn(text(
                    if b.winner.is_some() {
                        b.points.to_string()
                    } else {
                        "-".into()
                    },
                    11.0_f32.min(width),
                    DIM,
                ));
                col.spawn((
                    Node {
                        width: px(width * 0.8),
                        height: px(h),
                        ..default()
                    },
                    BackgroundColor(b.winner.map_or(DIM, side_colour)),
                ));
            });
        }
    });
}

/// The point game's points, a column for each player in his colour, his name under it.
fn spawn_points_chart(c: &mut ChildSpawnerCommands, model: &Match) {
    let players = &model.stats.players;
    let most = players
        .iter()
        .map(|p| p.points.unwrap_or(0))
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    c.spawn(text("Points", 15.0, DIM));
    c.spawn(Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::FlexEnd,
        column_gap: px(18),
        height: px(120),
        ..default()
    })
    .with_children(|chart| {
        for p in players {
            let points = p.points.unwrap_or(0);
            chart.spawn(bar_column(90.0)).with_children(|col| {
                col.spawn(text(points.to_string(), 14.0, INK));
                col.spawn((
                    Node {
                        width: px(46),
                        height: px(4.0 + 76.0 * f32::from(points) / most),
                        ..default()
                    },
                    BackgroundColor(player_colour(model, p)),
                ));
                col.spawn(text(p.name.clone(), 13.0, DIM));
            });
        }
    });
}

/// Which colour is which side.
fn spawn_legend(c: &mut ChildSpawnerCommands, model: &Match) {
    let names = [
        model.side_name(carrom_referee::Side::Zero),
        model.side_name(carrom_referee::Side::One),
    ];
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
}

/// Play again (or another demo; in a tournament's game, back to the tournament), Review (R)
/// and Menu.
fn spawn_buttons(c: &mut ChildSpawnerCommands, again: &str, reviewable: bool, tournament: bool) {
    c.spawn(Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        column_gap: px(18),
        row_gap: px(8),
        margin: UiRect::top(px(8)),
        max_width: percent(100),
        ..default()
    })
    .with_children(|b| {
        let button = if tournament {
            back_to_tournament(b, (230.0, 42.0, INK))
        } else {
            crate::theme::button(
                b,
                230.0,
                42.0,
                text(again, 18.0, INK),
                |_: On<Activate>, mut commands: Commands| commands.trigger(PlayAgain),
            )
        };
        b.commands().entity(button).insert(PlayAgainButton);
        if reviewable {
            crate::theme::button(
                b,
                170.0,
                42.0,
                text("Review (R)", 18.0, INK),
                |_: On<Activate>,
                 mut commands: Commands,
                 table: Res<Table>,
                 launch: Option<Res<crate::launch::Launch>>| {
                    super::results::open_review(&mut commands, &table, launch.as_deref())
                },
            );
        }
        crate::theme::button(
            b,
            230.0,
            42.0,
            text("Menu (Esc)", 18.0, INK),
            |_: On<Activate>, mut screen: ResMut<NextState<Screen>>| screen.set(Screen::Menu),
        );
    });
}

/// Enter presses Play again (Esc is the game's own key for the menu), once the summary has
/// been up a moment: an Enter meant for the last moment of play does not start another match.
fn enter_plays_again(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    time: Res<Time>,
    mut shown: ResMut<ResultShown>,
    again: Query<Entity, With<PlayAgainButton>>,
) {
    shown.0 += time.delta_secs();
    if shown.0 > RESULT_GRACE
        && keys.is_some_and(|k| k.just_pressed(KeyCode::Enter))
        && let Ok(button) = again.single()
    {
        commands.trigger(Activate(button));
    }
}
