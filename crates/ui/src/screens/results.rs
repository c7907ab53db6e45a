//! A board's result: after each board, a card with who won it, the points, the Queen, the Law
//! and the game's score, over the board until the players go on. (The match's end is the
//! [`super::summary`].)

use crate::modes::table::Table;
use crate::text::for_display;
use crate::theme::palette::{CARD, CARD_DIM as DIM, CARD_EDGE as EDGE, CARD_INK as INK, NOTICE};
use crate::theme::side_colour;
use crate::{Phase, Refereed};
use bevy::prelude::*;
use carrom_match::{BoardStats, Match};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Phase::BoardOver),
        spawn_result_card.run_if(in_state(Refereed)),
    );
}

/// Result text (as every text on the board, kept from breaking mid-word).
pub(super) fn text(s: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    crate::theme::text(for_display(&s.into()), size, color)
}

/// A box that centres its one child over the whole window.
pub(super) fn overlay(dim: f32) -> impl Bundle {
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

pub(super) fn card(gap: f32) -> impl Bundle {
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

fn spawn_result_card(mut commands: Commands, table: Res<Table>) {
    let s = &*table;
    let Some(b) = s.board_result().cloned() else {
        return;
    };
    let lines = result_lines(&s.model, &b, s.watched());
    info!("Board result: {}", lines[1..3].join("; "));
    let winner_colour = b.winner.map_or(INK, side_colour);
    commands
        .spawn((DespawnOnExit(Phase::BoardOver), overlay(0.25)))
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
