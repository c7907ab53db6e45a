//! A person's aim: the striker dragged along the base line and pulled back like a slingshot
//! (the mouse), or placed, turned and powered by keys; letting go, or Space, strikes.

use super::OnBoard;
use super::input::{KeyTaps, Pointer, PointerEvent, Touch};
use super::turn::{Aim, Drag, FireParams, aim_shot, placement_problem};
use crate::sim::Equipment;
use bevy::prelude::*;
use carrom_physics::{Seat, SeatAxes, Spec};

/// A tap of ← or → moves the striker this far along the base line (metres); a quarter of it
/// with Shift.
pub const TAP_ALONG: f32 = 0.01;
/// A tap of A or D turns the aim this much (degrees); a quarter of it with Shift.
pub const TAP_DEGREES: f32 = 1.0;
/// A tap of W or S (↑ or ↓) changes the power this much (0..1); a quarter of it with Shift.
pub const TAP_POWER: f32 = 0.05;

/// Keys: arrows place the striker, A/D aim, W/S set the power, Space or Enter strikes. Every
/// tap is a step, however quick the taps and however slow the frames ([`KeyTaps`]); a key
/// held down then moves smoothly.
pub(super) fn keys_aim(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    taps: Res<KeyTaps>,
    time: Res<Time>,
    mut aim: ResMut<Aim>,
    board: Res<OnBoard>,
    spec: Res<Equipment>,
    mut fire: FireParams,
) {
    if board.computer {
        return;
    }
    let half_line = 0.5 * spec.0.board.base_line_length;
    for tap in &taps.taps {
        let k = if tap.shift { 0.25 } else { 1.0 };
        let along = TAP_ALONG * k / half_line;
        let degree = (TAP_DEGREES * k).to_radians();
        match tap.key {
            KeyCode::ArrowLeft => aim.position = (aim.position - along).max(-1.0),
            KeyCode::ArrowRight => aim.position = (aim.position + along).min(1.0),
            KeyCode::KeyA => aim.dir = Vec2::from_angle(degree).rotate(aim.dir),
            KeyCode::KeyD => aim.dir = Vec2::from_angle(-degree).rotate(aim.dir),
            KeyCode::KeyW | KeyCode::ArrowUp => aim.power = (aim.power + TAP_POWER * k).min(1.0),
            KeyCode::KeyS | KeyCode::ArrowDown => aim.power = (aim.power - TAP_POWER * k).max(0.0),
            _ => {}
        }
    }
    let Some(keys) = keys else { return };
    let dt = time.delta_secs();
    let fine = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let fast = if fine { 0.25 } else { 1.0 };
    // Held past the frame it was pressed in: a smooth slide.
    let held = |k: KeyCode| keys.pressed(k) && !keys.just_pressed(k);
    if held(KeyCode::ArrowLeft) {
        aim.position = (aim.position - 0.5 * dt * fast).max(-1.0);
    }
    if held(KeyCode::ArrowRight) {
        aim.position = (aim.position + 0.5 * dt * fast).min(1.0);
    }
    let turn = 60f32.to_radians() * dt * fast;
    if held(KeyCode::KeyA) {
        aim.dir = Vec2::from_angle(turn).rotate(aim.dir);
    }
    if held(KeyCode::KeyD) {
        aim.dir = Vec2::from_angle(-turn).rotate(aim.dir);
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
        if placement_problem(&aim, &board, &spec.0).is_none() && shot.power > 0.01 {
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
/// to strike. The frame's presses, moves and releases are followed in the order they came,
/// each where it happened.
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
    for event in &pointer.events {
        if follow_pointer(&mut aim, event, &board, &spec.0)
            && fire.fire(&board.pieces, aim_shot(&aim, seat))
        {
            return;
        }
    }
}

/// One thing the mouse did, applied to the aim; whether it let go of a pull that strikes.
fn follow_pointer(aim: &mut Aim, event: &PointerEvent, board: &OnBoard, spec: &Spec) -> bool {
    let Some(seat) = board.actor else {
        return false;
    };
    let striker = aim_shot(aim, seat).striker_at(spec);
    let striker = Vec2::new(striker.x, striker.y);
    let rs = spec.board.striker_radius();
    match event.touch {
        Touch::Cancel => {
            // A right-click lets go of the pull without striking.
            if aim.drag == Drag::Pull {
                aim.drag = Drag::None;
                aim.power = 0.0;
            }
            return false;
        }
        Touch::Press => {
            if let Some(at) = event.at {
                let on_striker = at.distance(striker) < rs * 1.3;
                aim.drag = if on_striker && placement_problem(aim, board, spec).is_none() {
                    Drag::Pull
                } else {
                    Drag::Place
                };
            }
        }
        Touch::Move | Touch::Release => {}
    }
    if let Some(at) = event.at {
        match aim.drag {
            Drag::Place => {
                let r = seat.right_hand();
                let along = at.dot(Vec2::new(r.x, r.y));
                aim.position = (along / (0.5 * spec.board.base_line_length)).clamp(-1.0, 1.0);
            }
            Drag::Pull => {
                let pull = striker - at;
                if pull.length() > rs {
                    aim.dir = pull.normalize();
                }
                aim.power = power_of_pull(pull.length(), rs);
            }
            _ => {}
        }
    }
    if event.touch == Touch::Release {
        let strikes = aim.drag == Drag::Pull
            && aim.power > 0.01
            && placement_problem(aim, board, spec).is_none();
        aim.drag = Drag::None;
        return strikes;
    }
    false
}
