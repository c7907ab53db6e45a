//! A person's aim: the striker dragged along the base line and pulled back like a slingshot
//! (the mouse), or placed, turned and powered by keys; letting go, or Space, strikes.

use super::OnBoard;
use super::turn::{Aim, Drag, FireParams, Pointer, aim_shot};
use crate::sim::Equipment;
use bevy::prelude::*;
use carrom_physics::{Seat, SeatAxes};

/// Keys: arrows place the striker, A/D aim, W/S set the power, Space or Enter strikes.
pub(super) fn keys_aim(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    time: Res<Time>,
    mut aim: ResMut<Aim>,
    board: Res<OnBoard>,
    mut fire: FireParams,
) {
    let Some(keys) = keys else { return };
    if board.computer {
        return;
    }
    let dt = time.delta_secs();
    let fine = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let fast = if fine { 0.25 } else { 1.0 };
    // A tap moves a visible step (a held key then moves smoothly): 1 cm along the base line,
    // 1 degree of aim, 5% of power; a quarter of that with Shift.
    let step = |k: KeyCode| keys.just_pressed(k);
    let held = |k: KeyCode| keys.pressed(k) && !keys.just_pressed(k);
    let along = 0.02 * fast;
    if step(KeyCode::ArrowLeft) {
        aim.position = (aim.position - along).max(-1.0);
    }
    if step(KeyCode::ArrowRight) {
        aim.position = (aim.position + along).min(1.0);
    }
    if held(KeyCode::ArrowLeft) {
        aim.position = (aim.position - 0.5 * dt * fast).max(-1.0);
    }
    if held(KeyCode::ArrowRight) {
        aim.position = (aim.position + 0.5 * dt * fast).min(1.0);
    }
    let degree = 1f32.to_radians() * fast;
    if step(KeyCode::KeyA) {
        aim.dir = Vec2::from_angle(degree).rotate(aim.dir);
    }
    if step(KeyCode::KeyD) {
        aim.dir = Vec2::from_angle(-degree).rotate(aim.dir);
    }
    let turn = 60f32.to_radians() * dt * fast;
    if held(KeyCode::KeyA) {
        aim.dir = Vec2::from_angle(turn).rotate(aim.dir);
    }
    if held(KeyCode::KeyD) {
        aim.dir = Vec2::from_angle(-turn).rotate(aim.dir);
    }
    if step(KeyCode::KeyW) || step(KeyCode::ArrowUp) {
        aim.power = (aim.power + 0.05 * fast).min(1.0);
    }
    if step(KeyCode::KeyS) || step(KeyCode::ArrowDown) {
        aim.power = (aim.power - 0.05 * fast).max(0.0);
    }
    if held(KeyCode::KeyW) || held(KeyCode::ArrowUp) {
        aim.power = (aim.power + 0.6 * dt * fast).min(1.0);
    }
    if held(KeyCode::KeyS) || held(KeyCode::ArrowDown) {
        aim.power = (aim.power - 0.6 * dt * fast).max(0.0);
    }
    if keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter) {
        let seat = board.actor.unwrap_or(Seat::South);
        let shot = aim_shot(&aim, seat);
        if aim.illegal.is_none() && shot.power > 0.01 {
            fire.fire(&board.pieces, shot);
        }
    }
}

/// The pull (metres from the striker's centre) that gives full power.
pub const FULL_PULL: f32 = 0.17;

/// The power of a pull of `pull` metres from the striker's centre (radius `rs`): nothing while
/// the pointer is on the striker (letting go there cancels), full at [`FULL_PULL`], and a
/// curve between, so soft strokes have room: half the pull is under a third of the power.
pub fn power_of_pull(pull: f32, rs: f32) -> f32 {
    let x = ((pull - rs) / (FULL_PULL - rs)).clamp(0.0, 1.0);
    x.powf(1.7)
}

/// Mouse: drag the striker along the base line; pull back from it (slingshot) to aim, release
/// to strike.
pub(super) fn pointer_aim(
    mut aim: ResMut<Aim>,
    pointer: Res<Pointer>,
    board: Res<OnBoard>,
    spec: Res<Equipment>,
    mut fire: FireParams,
) {
    if board.computer {
        return;
    }
    let Some(seat) = board.actor else { return };
    let spec_ = &spec.0;
    let striker = aim_shot(&aim, seat).striker_at(spec_);
    let striker = Vec2::new(striker.x, striker.y);
    if pointer.just_pressed
        && let Some(at) = pointer.at
    {
        aim.drag =
            if at.distance(striker) < spec_.board.striker_radius() * 1.3 && aim.illegal.is_none() {
                Drag::Pull
            } else {
                Drag::Place
            };
    }
    if let Some(at) = pointer.at {
        match aim.drag {
            Drag::Place => {
                let r = seat.right_hand();
                let along = at.dot(Vec2::new(r.x, r.y));
                aim.position = (along / (0.5 * spec_.board.base_line_length)).clamp(-1.0, 1.0);
            }
            Drag::Pull => {
                let pull = striker - at;
                let rs = spec_.board.striker_radius();
                if pull.length() > rs {
                    aim.dir = pull.normalize();
                }
                aim.power = power_of_pull(pull.length(), rs);
            }
            _ => {}
        }
    }
    if pointer.cancel && aim.drag == Drag::Pull {
        // A right-click lets go of the pull without striking.
        aim.drag = Drag::None;
        aim.power = 0.0;
    }
    if pointer.just_released {
        if aim.drag == Drag::Pull && aim.illegal.is_none() && aim.power > 0.01 {
            fire.fire(&board.pieces, aim_shot(&aim, seat));
        }
        aim.drag = Drag::None;
    }
}
