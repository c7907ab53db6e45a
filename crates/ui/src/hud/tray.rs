//! The tray: beside the scoreboard, each side's pocketed pieces as discs of their colour (its
//! men out of play this board, and the Queen once that side has covered her), as a player
//! sees them gathered at his side of a real board. Shown in a refereed match, a demo and a
//! replay.

use crate::modes::table::Table;
use crate::states::{Refereed, Screen};
use crate::theme::{palette, size, text};
use bevy::prelude::*;
use carrom_referee::{PieceColour, QueenState, Side};

/// A side's row of pocketed pieces, and what it shows (men, the Queen).
#[derive(Component, Default)]
pub struct TrayRow {
    side: u8,
    shown: Option<(u8, bool, PieceColour)>,
}

/// The tray's box (hidden in practice).
#[derive(Component)]
pub struct Tray;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        fill_rows
            .run_if(in_state(Screen::Game))
            .run_if(in_state(Refereed)),
    )
    .add_systems(Update, show_tray.run_if(in_state(Screen::Game)));
}

/// The tray, under the scoreboard in the left column.
pub(super) fn spawn(left: &mut ChildSpawnerCommands) {
    left.spawn((
        Tray,
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(8)),
            row_gap: px(4),
            width: percent(100),
            display: Display::None,
            ..default()
        },
        BackgroundColor(palette::PANEL),
    ))
    .with_children(|t| {
        t.spawn(text("Pocketed", size::HUD_TEXT, palette::HUD_TEXT));
        for side in 0..2u8 {
            t.spawn((
                TrayRow { side, shown: None },
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    column_gap: px(3),
                    row_gap: px(3),
                    min_height: px(16),
                    ..default()
                },
            ));
        }
    });
}

fn show_tray(refereed: Option<Res<State<Refereed>>>, mut tray: Query<&mut Node, With<Tray>>) {
    let want = if refereed.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut tray {
        if node.display != want {
            node.display = want;
        }
    }
}

/// What a side's row shows: its colour, its men out of play this board, and whether it
/// covered the Queen.
pub fn pocketed_by_colour(table: &Table, side: Side) -> (u8, bool, PieceColour) {
    let r = &table.model.referee;
    let colour = r.colour_of_side(side);
    let men = r.men(colour);
    let queen = matches!(r.queen(), QueenState::Covered(c) if c == colour);
    (men.pocketed, queen, colour)
}

fn disc(colour: PieceColour) -> impl Bundle {
    let (body, rim) = match colour {
        PieceColour::White => (palette::WHITE_MAN, palette::WHITE_RING),
        PieceColour::Black => (palette::BLACK_MAN, palette::BLACK_RING),
        PieceColour::Queen => (palette::QUEEN, palette::QUEEN_RING),
    };
    (
        Node {
            width: px(16),
            height: px(16),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BackgroundColor(body),
        BorderColor::all(rim),
    )
}

fn fill_rows(mut commands: Commands, table: Res<Table>, mut rows: Query<(Entity, &mut TrayRow)>) {
    for (entity, mut row) in &mut rows {
        let side = if row.side == 0 { Side::Zero } else { Side::One };
        let want = pocketed_by_colour(&table, side);
        if row.shown == Some(want) {
            continue;
        }
        row.shown = Some(want);
        let (men, queen, colour) = want;
        commands
            .entity(entity)
            .despawn_related::<Children>()
            .with_children(|r| {
                r.spawn(text(
                    format!("{}:", capitalised(colour.name())),
                    size::HUD_TEXT,
                    palette::HUD_TEXT,
                ));
                if queen {
                    r.spawn(disc(PieceColour::Queen));
                }
                for _ in 0..men {
                    r.spawn(disc(colour));
                }
            });
    }
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_match::{MatchSetup, StrokeOutcome};
    use carrom_physics::{Shot, Spec};
    use carrom_referee::{Rules, Seats, StrokeReport};

    /// South breaks and pockets two white men and the Queen, then covers her with a third:
    /// his side's row holds three whites and the Queen; North's none.
    #[test]
    fn a_sides_row_holds_its_pocketed_men_and_the_queen_it_covered() {
        use PieceColour::{Queen as Q, White as W};
        let spec = Spec::default();
        let setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1);
        let mut table = Table::new(&spec, setup).unwrap();
        for pocketed in [&[W, W, Q][..], &[W][..]] {
            let game = &mut table.model;
            let seat = game.turn().unwrap();
            let mut layout = game.layout.clone();
            for c in pocketed {
                let i = layout.iter().position(|p| p.kind == *c).unwrap();
                layout.remove(i);
            }
            let shot = Shot {
                seat,
                position: 0.0,
                angle_deg: 0.0,
                power: 0.5,
            };
            let report = StrokeReport::pocketing(pocketed);
            game.apply_stroke(shot, StrokeOutcome { layout, report })
                .unwrap();
        }
        assert_eq!(pocketed_by_colour(&table, Side::Zero), (3, true, W));
        assert_eq!(
            pocketed_by_colour(&table, Side::One),
            (0, false, PieceColour::Black)
        );
    }
}
