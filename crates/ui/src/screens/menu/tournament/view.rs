//! The tournament's page: what it is and who is champion, the next games (Play on the board,
//! or Watch the computers' and Play them off the screen), the group tables (P, W, L, Pts, Net,
//! who advances, a shootout owed) or the Swiss's (with the Buchholz), the knockout drawn as a
//! bracket, and the games played, each with its replay.

use super::super::{MenuPage, small_text};
use super::TournamentHeld;
use super::games::{self, OffScreen};
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use carrom_tournament::game::board_points;
use carrom_tournament::run::has_person;
use carrom_tournament::{Format, Game, Place, Slot, Stage, Table, Tournament, words};

/// The widths of a table's columns: rank, player, P, W, L, Pts, Net, and a Swiss's Buchholz.
const COLUMNS: [f32; 8] = [30.0, 200.0, 34.0, 34.0, 34.0, 44.0, 50.0, 44.0];
/// A bracket's slot's width.
const SLOT: f32 = 230.0;
/// The width of the page's lines of words.
const LINES: f32 = 560.0;

/// The page of tournament `t`.
/// On a `compact` screen its games' lines are stacked (their words over their buttons).
pub(super) fn spawn_tournament(
    page: &mut ChildSpawnerCommands,
    t: &Tournament,
    off: &OffScreen,
    compact: bool,
) {
    page.spawn(text(heading(t), 20.0, palette::PAGE_TEXT));
    if let Some(line) = words::champion_line(t) {
        page.spawn(text(line, 30.0, palette::COACH_GOLD));
    }
    spawn_next(page, t, off, compact);
    spawn_standings(page, t);
    spawn_played(page, t, compact);
    spawn_page_buttons(page);
}

/// The knockout drawn as a bracket, above the tables it came from (it is what is being
/// played once drawn), then the group tables or the Swiss's (the online tournament's page
/// too).
pub(crate) fn spawn_standings(page: &mut ChildSpawnerCommands, t: &Tournament) {
    spawn_bracket(page, t);
    match t.kind {
        Format::Swiss => {
            let (table, buchholz) = t.swiss_table();
            spawn_table(page, &table, Some(&buchholz), t.is_over());
        }
        _ => match t.group_tables() {
            Ok(tables) => {
                for table in &tables {
                    spawn_table(page, table, None, t.group_played(&table.name));
                }
            }
            Err(e) => {
                page.spawn(text(e.to_string(), 15.0, palette::MENU_WARNING));
            }
        },
    }
}

/// "VKK tournament: 8 players in 2 groups, then a knockout"; "Swiss of 10 players, round 2 of 5".
pub fn heading(t: &Tournament) -> String {
    let n = t.players.len();
    match t.kind {
        Format::Vkk => format!(
            "VKK tournament: {n} players in {} {}, then a knockout",
            t.groups.len(),
            if t.groups.len() == 1 {
                "group"
            } else {
                "groups"
            }
        ),
        Format::RoundRobin => format!("Round robin of {n} players"),
        Format::Knockout => format!("Knockout of {n} players"),
        Format::Swiss => format!(
            "Swiss of {n} players, round {} of {}",
            t.swiss_round(),
            t.rounds
        ),
    }
}

/// The next games: each with Play (a person plays it on the board) or Watch (computers), and
/// one button that plays the computers' games off the screen.
fn spawn_next(page: &mut ChildSpawnerCommands, t: &Tournament, off: &OffScreen, compact: bool) {
    let next = t.next_games();
    if next.is_empty() {
        return;
    }
    page.spawn(small_text("NEXT", size::MENU_HEADING));
    for number in &next {
        let Some(game) = t.game(*number) else {
            continue;
        };
        line_with_button(page, next_words(t, game), compact, |row| {
            let person = has_person(t, game);
            let label = if person { "Play" } else { "Watch" };
            games::game_button(row, label, game.number, !person);
        });
    }
    let computers = next
        .iter()
        .filter_map(|n| t.game(*n))
        .any(|g| !has_person(t, g));
    match off.playing() {
        Some(n) => {
            page.spawn(text(
                format!("Playing game {n} between computers..."),
                16.0,
                palette::HUD_NOTE,
            ));
        }
        None if computers => {
            games::play_computers_button(page);
        }
        None => {}
    }
}

/// "Game 5, group A, round 2: Asha v Ravi; Asha won the toss and breaks".
pub fn next_words(t: &Tournament, game: &Game) -> String {
    format!(
        "Game {}, {}: {} v {}; {} won the toss and breaks",
        game.number,
        words::stage(t, &game.stage),
        game.players[0],
        game.players[1],
        game.first
    )
}

/// A row: a button (made by `add`) and the words beside it; on a `compact` screen the words
/// over the button, as wide as the screen lets them be.
///
/// The words are always a column's full width (Bevy measures words left to grow beside a
/// button, or given a width of their own beside it, at another width than it draws them, and
/// the rows overlap or gape): beside the button, the button is set in the row's margin.
fn line_with_button(
    page: &mut ChildSpawnerCommands,
    words: String,
    compact: bool,
    add: impl FnOnce(&mut ChildSpawnerCommands),
) {
    let node = if compact {
        // The button first, shown under the words. As wide as the page lets it be, up to the
        // lines' width (a percentage of a fixed width would measure the words at that width,
        // wider than they are shown).
        Node {
            flex_direction: FlexDirection::ColumnReverse,
            row_gap: px(4),
            align_items: AlignItems::FlexStart,
            width: percent(100),
            max_width: px(LINES),
            ..default()
        }
    } else {
        Node {
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            padding: UiRect::left(px(games::BUTTON + 8.0)),
            min_height: px(30),
            width: px(LINES),
            max_width: percent(100),
            ..default()
        }
    };
    page.spawn(node).with_children(|row| {
        if compact {
            add(row);
        } else {
            row.spawn(Node {
                position_type: PositionType::Absolute,
                left: px(0),
                top: px(0),
                bottom: px(0),
                align_items: AlignItems::Center,
                ..default()
            })
            .with_children(add);
        }
        row.spawn((
            text(words, 15.0, palette::PAGE_TEXT),
            Node {
                width: percent(100),
                ..default()
            },
        ));
    });
}

/// A group's table (or the Swiss's, with its Buchholz): a row a player in standing order,
/// who advances (a Swiss's first) in gold once the table is `last` (its games played), and
/// the shootout it owes.
fn spawn_table(
    page: &mut ChildSpawnerCommands,
    table: &Table,
    buchholz: Option<&[u32]>,
    last: bool,
) {
    let title = match table.name.as_str() {
        "Swiss" => "SWISS TABLE".to_string(),
        name => format!("GROUP {name}"),
    };
    page.spawn(small_text(&title, size::MENU_HEADING));
    let mut head = vec!["#", "Player", "P", "W", "L", "Pts", "Net"];
    if buchholz.is_some() {
        head.push("Bhz");
    }
    let head: Vec<String> = head.into_iter().map(String::from).collect();
    table_row(page, &head, palette::MENU_SMALL);
    for (i, r) in table.standings.iter().enumerate() {
        let mut cells = vec![
            r.rank.to_string(),
            r.name.clone(),
            r.played.to_string(),
            r.won.to_string(),
            (r.played - r.won).to_string(),
            r.points.to_string(),
            format!("{:+}", r.net),
        ];
        if let Some(b) = buchholz {
            cells.push(b[i].to_string());
        }
        let colour = if last && (r.advances || buchholz.is_some() && r.rank == 1) {
            palette::COACH_GOLD
        } else {
            palette::PAGE_TEXT
        };
        table_row(page, &cells, colour);
    }
    if let Some(owed) = &table.shootout {
        page.spawn(text(
            format!(
                "Tied on points, wins and net points across the cut: {} owe a one-board shootout",
                owed.join(", ")
            ),
            14.0,
            palette::HUD_NOTE,
        ));
    }
}

fn table_row(page: &mut ChildSpawnerCommands, cells: &[String], colour: Color) {
    page.spawn(Node::default()).with_children(|row| {
        for (cell, width) in cells.iter().zip(COLUMNS) {
            row.spawn(Node {
                width: px(width),
                ..default()
            })
            .with_children(|c| {
                c.spawn(text(cell.clone(), 15.0, colour));
            });
        }
    });
}

/// The knockout as a bracket: a column a round, each slot's two places (the one through in
/// gold, with the game's points), the slots of a round spread to meet the next's; the game
/// for third place under the final.
fn spawn_bracket(page: &mut ChildSpawnerCommands, t: &Tournament) {
    let rounds = t.bracket_rounds();
    if rounds.is_empty() {
        return;
    }
    page.spawn(small_text("KNOCKOUT", size::MENU_HEADING));
    // On a screen too narrow for every round side by side (a phone held upright), the later
    // rounds stand under the earlier.
    page.spawn(Node {
        column_gap: px(10),
        row_gap: px(12),
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        max_width: percent(100),
        ..default()
    })
    .with_children(|bracket| {
        for (r, round) in rounds.iter().enumerate() {
            bracket
                .spawn(Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    ..default()
                })
                .with_children(|column| {
                    let name = round_name(t, r, rounds.len());
                    column.spawn(text(name, 13.0, palette::MENU_SMALL));
                    column
                        .spawn(Node {
                            flex_direction: FlexDirection::Column,
                            justify_content: JustifyContent::SpaceAround,
                            flex_grow: 1.0,
                            row_gap: px(6),
                            ..default()
                        })
                        .with_children(|slots| {
                            for slot in round {
                                spawn_slot(slots, t, slot);
                            }
                            if r + 1 == rounds.len() {
                                spawn_third_place(slots, t);
                            }
                        });
                });
        }
    });
}

/// The game for third place, as a slot under the final.
fn spawn_third_place(slots: &mut ChildSpawnerCommands, t: &Tournament) {
    let third = t.games.iter().find(|g| g.stage == Stage::ThirdPlace);
    let Some(game) = third else { return };
    slots.spawn(text("Third place", 13.0, palette::MENU_SMALL));
    let slot = Slot {
        places: game.players.clone().map(Place::Player),
        game: Some(game.number),
        through: game.winner.clone().map_or(Place::Pending, Place::Player),
    };
    spawn_slot(slots, t, &slot);
}

/// "Final", "Semi-finals", "Quarter-finals", "Round of 16".
fn round_name(t: &Tournament, round: usize, rounds: usize) -> String {
    let stage = Stage::Knockout {
        round: round as u32 + 1,
        slot: 0,
    };
    match (rounds - round, words::stage(t, &stage)) {
        (1, _) => "Final".into(),
        (2, _) => "Semi-finals".into(),
        (3, _) => "Quarter-finals".into(),
        (_, name) => name.replacen('r', "R", 1),
    }
}

/// A slot of the bracket: its two places, each with its points in the game, and who went
/// through in gold.
fn spawn_slot(column: &mut ChildSpawnerCommands, t: &Tournament, slot: &Slot) {
    let game = slot.game.and_then(|n| t.game(n));
    let points = game
        .and_then(|g| Some((g, g.result.as_ref()?)))
        .map(|(g, o)| board_points(&g.players, &o.boards));
    column
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                width: px(SLOT),
                padding: UiRect::axes(px(6), px(3)),
                border: UiRect::left(px(2)),
                ..default()
            },
            BorderColor::all(palette::PANEL_EDGE),
            BackgroundColor(palette::PANEL),
        ))
        .with_children(|s| {
            for place in &slot.places {
                let (name, score) = match place {
                    Place::Player(p) => {
                        let at = game.and_then(|g| g.players.iter().position(|x| x == p));
                        let score = at.zip(points).map(|(i, pts)| pts[i].to_string());
                        (p.clone(), score.unwrap_or_default())
                    }
                    Place::Bye => ("bye".to_string(), String::new()),
                    Place::Pending => ("-".to_string(), String::new()),
                };
                let through = matches!(&slot.through, Place::Player(w) if *w == name);
                let colour = if through {
                    palette::COACH_GOLD
                } else {
                    palette::PAGE_TEXT
                };
                s.spawn(Node {
                    justify_content: JustifyContent::SpaceBetween,
                    column_gap: px(6),
                    ..default()
                })
                .with_children(|row| {
                    row.spawn(text(name, 14.0, colour));
                    row.spawn(text(score, 14.0, colour));
                });
            }
        });
}

/// The games played, the latest first, each with its replay to watch.
fn spawn_played(page: &mut ChildSpawnerCommands, t: &Tournament, compact: bool) {
    let played: Vec<&Game> = t
        .games
        .iter()
        .rev()
        .filter(|g| g.winner.is_some())
        .collect();
    if played.is_empty() {
        return;
    }
    page.spawn(small_text("PLAYED", size::MENU_HEADING));
    for game in played {
        let replay = game.replays.first().cloned();
        line_with_button(page, words::result_line(t, game), compact, |row| {
            if let Some(replay) = replay {
                games::replay_button(row, replay);
            }
        });
    }
}

/// A new tournament (this one stays kept), and back to the menu.
fn spawn_page_buttons(page: &mut ChildSpawnerCommands) {
    page.spawn(Node {
        column_gap: px(12),
        row_gap: px(8),
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        margin: UiRect::top(px(6)),
        ..default()
    })
    .with_children(|row| {
        button(
            row,
            200.0,
            34.0,
            text("New tournament", 16.0, palette::BUTTON_TEXT),
            |_: On<Activate>, mut held: ResMut<TournamentHeld>| {
                held.new_form = true;
                held.message = None;
            },
        );
        super::super::page_button(row, "Back (Esc)", MenuPage::Choices);
    });
}
