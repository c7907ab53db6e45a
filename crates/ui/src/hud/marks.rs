//! The marks of the turn on the board: the striker in hand (red where it may not go), the
//! piece being placed, the aim's arrow and the slingshot's band; and, for a player's script,
//! where the striker is in the window.

use super::{DueGhost, StrikerGhost};
use crate::board::draw::{MainCamera, PieceArt, PieceLook, show_look};
use crate::board::piece_art::Look;
use crate::modes::OnBoard;
use crate::modes::input::Pointer;
use crate::modes::turn::{Aim, Drag, Thinking, aim_shot};
use crate::sim::Equipment;
use crate::states::{Phase, Screen};
use crate::theme::palette;
use bevy::prelude::*;
use carrom_physics::PieceColour;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (ghosts, aim_gizmos, log_striker)
            .after(crate::sim::SimSet)
            .run_if(in_state(Screen::Game)),
    );
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn ghosts(
    board: Res<OnBoard>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    thinking: Res<Thinking>,
    spec: Res<Equipment>,
    look: Option<Res<PieceLook>>,
    mut striker: Query<
        (&mut Transform, &mut Visibility, &mut PieceArt, &mut Sprite),
        (With<StrikerGhost>, Without<DueGhost>),
    >,
    mut due: Query<
        (&mut Transform, &mut Visibility, &mut PieceArt, &mut Sprite),
        (With<DueGhost>, Without<StrikerGhost>),
    >,
    back: Option<Res<crate::board::motion::StrikerReturn>>,
) {
    let Some(look) = look else { return };
    let seat = board.actor;
    if let Ok((mut tf, mut vis, mut art, mut sprite)) = striker.single_mut() {
        // A computer still deciding has not placed its striker yet.
        let show = *phase.get() == Phase::Aim && seat.is_some() && !thinking.is_thinking();
        *vis = if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if let (true, Some(seat)) = (show, seat) {
            let at = aim_shot(&aim, seat).striker_at(&spec.0);
            let at = back.map_or(Vec2::new(at.x, at.y), |b| b.at(Vec2::new(at.x, at.y)));
            tf.translation = Vec3::new(at.x, at.y, 1.5);
            let want = if aim.illegal.is_some() {
                Look::Misplaced { striker: true }
            } else {
                Look::Striker
            };
            show_look(&look, &mut art, &mut sprite, want);
        }
    }
    if let Ok((mut tf, mut vis, mut art, mut sprite)) = due.single_mut() {
        let show = *phase.get() == Phase::PlaceDue;
        *vis = if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if show {
            tf.translation = Vec3::new(aim.due_at.x, aim.due_at.y, 1.5);
            let kind = board.due;
            let want = match (aim.due_illegal.is_some(), kind) {
                (true, _) => Look::Misplaced { striker: false },
                (_, Some(colour)) => Look::Man(colour),
                _ => Look::Man(PieceColour::White),
            };
            show_look(&look, &mut art, &mut sprite, want);
        }
    }
}

fn aim_gizmos(
    mut gizmos: Gizmos,
    board: Res<OnBoard>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
    pointer: Res<Pointer>,
    thinking: Res<Thinking>,
) {
    if *phase.get() != Phase::Aim || thinking.is_thinking() {
        return;
    }
    let Some(seat) = board.actor else { return };
    let shot = aim_shot(&aim, seat);
    let at = shot.striker_at(&spec.0);
    let at = Vec2::new(at.x, at.y);
    let rs = spec.0.board.striker_radius();
    let ok = aim.illegal.is_none();
    // The legal band: the base line in green or red under the striker.
    if aim.power > 0.0 || aim.drag == Drag::Pull {
        // Short enough to stay on the board at full power (the meter says how much).
        let len = 0.04 + 0.14 * aim.power;
        let color = if ok {
            palette::AIM_LEGAL
        } else {
            palette::AIM_ILLEGAL
        };
        gizmos.arrow_2d(at + aim.dir * rs, at + aim.dir * (rs + len), color);
        // The pull-back band of the slingshot.
        if aim.drag == Drag::Pull
            && let Some(p) = pointer.at
        {
            // The band stretches no further than full power's pull.
            let full = crate::modes::aim::FULL_PULL;
            let end = if p.distance(at) > full {
                at + (p - at).normalize() * full
            } else {
                p
            };
            gizmos.line_2d(at, end, palette::PULL);
            if p.distance(at) < rs {
                // On the striker: letting go here strikes nothing.
                gizmos.circle_2d(
                    Isometry2d::from_translation(at),
                    rs * 0.6,
                    palette::PULL_RING,
                );
            }
        } else {
            gizmos.line_2d(
                at - aim.dir * rs,
                at - aim.dir * (rs + 0.22 * aim.power),
                palette::PULL_SOFT,
            );
        }
    }
    gizmos.circle_2d(
        Isometry2d::from_translation(at),
        rs * 1.15,
        if ok {
            palette::DUE_LEGAL
        } else {
            palette::DUE_ILLEGAL
        },
    );
}

/// Logs, once a person's turn has settled on the screen, where the striker is in the window
/// (`striker at window (x, y)`): a player's script (`scripts/playthrough.sh`) aims from it.
fn log_striker(
    board: Res<OnBoard>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
    cam: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut last: Local<(usize, Option<Vec2>, bool)>,
) {
    if *phase.get() != Phase::Aim || board.computer || aim.drag != Drag::None {
        return;
    }
    let Some(seat) = board.actor else { return };
    let Ok((camera, gt)) = cam.single() else {
        return;
    };
    let at = aim_shot(&aim, seat).striker_at(&spec.0);
    let Ok(p) = camera.world_to_viewport(gt, Vec3::new(at.x, at.y, 0.0)) else {
        return;
    };
    let turn = board.turns;
    if last.0 != turn {
        *last = (turn, None, false);
    }
    let steady = last.1.is_some_and(|q| q.distance(p) < 0.5);
    if steady && !last.2 {
        info!(
            "{} to strike: striker at window ({:.0}, {:.0})",
            board.name, p.x, p.y
        );
        last.2 = true;
    }
    last.1 = Some(p);
}
