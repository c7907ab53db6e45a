//! The seats, labelled on the frame: each player's name along his side of the board, facing
//! him (as a name card on a real board), the player to strike in his side's colour and larger.
//! In doubles, where the board turns a quarter at each turn, it says at a glance who sits where.

use super::draw::FRAME;
use crate::modes::table::Table;
use crate::sim::Equipment;
use crate::states::{Phase, Refereed, Screen};
use crate::theme::palette;
use bevy::prelude::*;
use carrom_physics::{Seat, SeatAxes};

/// A seat's label on the frame.
#[derive(Component)]
struct SeatLabel(Seat);

/// World units per font pixel: the labels are drawn at about a millimetre a pixel.
const SCALE: f32 = 0.001;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), spawn_labels)
        .add_systems(
            Update,
            update_labels
                .after(crate::sim::SimSet)
                .run_if(in_state(Refereed)),
        );
}

fn spawn_labels(mut commands: Commands) {
    for seat in Seat::ALL {
        commands.spawn((
            SeatLabel(seat),
            DespawnOnExit(Screen::Game),
            Text2d::new(""),
            TextFont {
                font_size: FontSize::Px(crate::theme::size::SEAT_TITLE),
                ..default()
            },
            TextColor(palette::SEAT_TITLE),
            Transform::from_scale(Vec3::splat(SCALE)),
            Visibility::Hidden,
        ));
    }
}

fn update_labels(
    table: Res<Table>,
    phase: Res<State<Phase>>,
    spec: Res<Equipment>,
    mut q: Query<(
        &SeatLabel,
        &mut Text2d,
        &mut Transform,
        &mut Visibility,
        &mut TextColor,
    )>,
) {
    let s = &*table;
    let playing = s.model.referee.seats().seats();
    let to_act = if matches!(phase.get(), Phase::Over | Phase::BoardOver) {
        None
    } else {
        s.actor()
    };
    let half = spec.0.board.half();
    for (label, mut text, mut tf, mut vis, mut colour) in &mut q {
        let seat = label.0;
        let shown = playing.contains(&seat);
        let want_vis = if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *vis != want_vis {
            *vis = want_vis;
        }
        if !shown {
            continue;
        }
        let name = s.model.player(seat).name.clone();
        let want = if name.starts_with(seat.title()) {
            name
        } else {
            format!("{name} ({})", seat.title())
        };
        let want = crate::text::for_display(&want);
        if text.0 != want {
            text.0 = want;
        }
        // On the frame behind the seat's base line, facing the seat.
        let f = seat.forward();
        let at = -Vec2::new(f.x, f.y) * (half + 0.5 * FRAME);
        let active = to_act == Some(seat);
        let scale = SCALE * if active { 1.2 } else { 1.0 };
        tf.translation = Vec3::new(at.x, at.y, 0.5);
        tf.rotation = Quat::from_rotation_z((-f.x).atan2(f.y));
        tf.scale = Vec3::splat(scale);
        let side = s.model.referee.side_of(seat).index() as u8;
        let c = if active {
            crate::theme::side_colour(side)
        } else {
            palette::SEAT_MARK
        };
        if colour.0 != c {
            colour.0 = c;
        }
    }
}
