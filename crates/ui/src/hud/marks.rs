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
        (ghosts, aim_gizmos, due_marks, log_striker)
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
            && let Some(finger) = pointer.at
        {
            let p = aim.steady.pull_end(finger);
            if aim.steady.fine.is_some() {
                // Fine aim: a ring where the finger steadied (the band ends short of it).
                gizmos.circle_2d(
                    Isometry2d::from_translation(finger),
                    rs * 1.6,
                    palette::PULL_RING,
                );
            }
            // The band stretches no further than full power's pull.
            let full = crate::modes::aim::FULL_PULL;
            let end = if p.distance(at) > full {
                at + (p - at).normalize() * full
            } else {
                p
            };
            // Nor out over the frame and the seat's name on it.
            let end = clip_to_surface(at, end, 0.5 * spec.0.board.playing_surface);
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

/// The segment from `from` (on the playing surface, of half-width `half`) towards `to`, cut
/// where it leaves the surface.
pub fn clip_to_surface(from: Vec2, to: Vec2, half: f32) -> Vec2 {
    let d = to - from;
    let mut t: f32 = 1.0;
    for (p, v) in [(from.x, d.x), (from.y, d.y)] {
        if p + v > half {
            t = t.min((half - p) / v);
        } else if p + v < -half {
            t = t.min((-half - p) / v);
        }
    }
    from + d * t.max(0.0)
}

/// The piece to be placed (a due or a penalty): a ring around it, green where it may go and
/// red where not, and the outer circle it must go inside (Law 89), so the one placing it sees
/// which piece is his to drag and where it may go.
fn due_marks(mut gizmos: Gizmos, phase: Res<State<Phase>>, aim: Res<Aim>, spec: Res<Equipment>) {
    if *phase.get() != Phase::PlaceDue {
        return;
    }
    let b = &spec.0.board;
    let color = if aim.due_illegal.is_none() {
        palette::DUE_LEGAL
    } else {
        palette::DUE_ILLEGAL
    };
    let ring = Isometry2d::from_translation(aim.due_at);
    gizmos.circle_2d(ring, b.coin_radius() * 1.4, color);
    gizmos.circle_2d(ring, b.coin_radius() * 1.55, color);
    gizmos.circle_2d(
        Isometry2d::IDENTITY,
        0.5 * b.outer_circle_diameter,
        palette::DUE_AREA,
    );
}

/// Logs, once a person's turn has settled on the screen and again each time the striker is
/// slid to another place, where the striker is in the window (`striker at window (x, y)`): a
/// player's script (`scripts/playthrough.sh`) slides and aims from it.
fn log_striker(
    board: Res<OnBoard>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
    cam: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut last: Local<(usize, Option<Vec2>, Option<Vec2>)>,
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
        *last = (turn, None, None);
    }
    // Logged once it settles, and again each time it settles somewhere else (slid).
    let steady = last.1.is_some_and(|q| q.distance(p) < 0.5);
    if steady && last.2.is_none_or(|q| q.distance(p) >= 1.0) {
        info!(
            "{} to strike: striker at window ({:.0}, {:.0})",
            board.name, p.x, p.y
        );
        last.2 = Some(p);
    }
    last.1 = Some(p);
}

#[cfg(test)]
mod tests {
    use super::clip_to_surface;
    use bevy::prelude::Vec2;

    #[test]
    fn the_pull_band_stops_at_the_edge_of_the_playing_surface() {
        let from = Vec2::new(0.1, -0.26);
        let inside = Vec2::new(0.05, -0.3);
        assert_eq!(clip_to_surface(from, inside, 0.37), inside);
        let cut = clip_to_surface(from, Vec2::new(0.0, -0.43), 0.37);
        assert!((cut.y + 0.37).abs() < 1e-6, "{cut}");
        assert!(
            (cut.x - (0.1 - 0.1 * 0.11 / 0.17)).abs() < 1e-6,
            "along the band: {cut}"
        );
    }
}
