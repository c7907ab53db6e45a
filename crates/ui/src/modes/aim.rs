//! A person's aim: the striker slid along the base line and pulled back like a slingshot (the
//! mouse or a finger), or placed, turned and powered by keys; letting go, or Space, strikes.

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

/// A key held this long (seconds) goes on moving, like a keyboard's repeat.
pub const HOLD_DELAY: f32 = 0.35;
/// A held ← or → slides the striker this fast (metres a second); a quarter of it with Shift.
pub const HOLD_ALONG: f32 = 0.10;
/// A held A or D turns the aim this fast (degrees a second); a quarter of it with Shift.
pub const HOLD_DEGREES: f32 = 45.0;
/// A held W or S (↑ or ↓) changes the power this fast (a second); a quarter of it with Shift.
pub const HOLD_POWER: f32 = 0.5;

/// Keys: arrows place the striker, A/D aim, W/S set the power, Space or Enter strikes. Every
/// tap is one step, however quick the taps and however slow the frames ([`KeyTaps`]); a key
/// held past [`HOLD_DELAY`] then moves at a rate in wall-clock time, so the same keys give the
/// same aim at any frame rate.
pub(super) fn keys_aim(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    taps: Res<KeyTaps>,
    mut aim: ResMut<Aim>,
    board: Res<OnBoard>,
    spec: Res<Equipment>,
    mut fire: FireParams,
) {
    if board.computer {
        return;
    }
    let half_line = 0.5 * spec.0.board.base_line_length;
    let mut strike = false;
    for tap in &taps.taps {
        let k = if tap.shift { 0.25 } else { 1.0 };
        let steps = Steps {
            along: TAP_ALONG * k / half_line,
            degrees: TAP_DEGREES * k,
            power: TAP_POWER * k,
        };
        steps.apply(&mut aim, tap.key, 1.0);
        strike |= matches!(tap.key, KeyCode::Space | KeyCode::Enter);
    }
    let k = if taps.shift() { 0.25 } else { 1.0 };
    let rates = Steps {
        along: HOLD_ALONG * k / half_line,
        degrees: HOLD_DEGREES * k,
        power: HOLD_POWER * k,
    };
    for held in &taps.held {
        rates.apply(&mut aim, held.key, held.past(HOLD_DELAY));
    }
    // Space or Enter as the window's events said, or as the keys' state says (the same press
    // strikes once).
    strike |= keys.is_some_and(|k| k.any_just_pressed([KeyCode::Space, KeyCode::Enter]));
    if strike {
        let seat = board.actor.unwrap_or(Seat::South);
        let shot = aim_shot(&aim, seat);
        if placement_problem(&aim, &board, &spec.0).is_none() && shot.power > 0.01 {
            fire.fire(&board.pieces, shot);
        }
    }
}

/// How far one unit of a key moves the aim: along the base line (-1..1 of its half), turned
/// (degrees) and the power (0..1).
struct Steps {
    along: f32,
    degrees: f32,
    power: f32,
}

impl Steps {
    /// `key` applied `times` (a tap once; a hold for the seconds it was held past the delay).
    fn apply(&self, aim: &mut Aim, key: KeyCode, times: f32) {
        if times <= 0.0 {
            return;
        }
        let turn = (self.degrees * times).to_radians();
        match key {
            KeyCode::ArrowLeft => aim.position = (aim.position - self.along * times).max(-1.0),
            KeyCode::ArrowRight => aim.position = (aim.position + self.along * times).min(1.0),
            KeyCode::KeyA => aim.dir = Vec2::from_angle(turn).rotate(aim.dir),
            KeyCode::KeyD => aim.dir = Vec2::from_angle(-turn).rotate(aim.dir),
            KeyCode::KeyW | KeyCode::ArrowUp => {
                aim.power = (aim.power + self.power * times).min(1.0)
            }
            KeyCode::KeyS | KeyCode::ArrowDown => {
                aim.power = (aim.power - self.power * times).max(0.0)
            }
            _ => {}
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

/// A finger that pulls and is then held this still (in striker radii of the board)...
pub const STILL_WITHIN: f32 = 0.4;
/// ... for this long (seconds) steadies the pull into fine aim.
pub const HOLD_STILL: f32 = 0.4;
/// In fine aim the pull's end moves this fraction of the finger's move: a finger lands a thin
/// cut (a degree is about 3 mm of the finger at full pull) and a soft touch of power.
pub const FINE_RATE: f32 = 0.25;

/// Fine aim by touch: a finger can hardly move a millimetre at a time, so a pull held still
/// for [`HOLD_STILL`] is steadied: from there on the finger's moves move the pull's end (the
/// aim and the power) [`FINE_RATE`] as far, until it lets go. The mouse pulls as it is.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Steady {
    /// Where the finger came to rest on the board, and when (seconds of real time).
    still_at: Vec2,
    since: f32,
    /// Fine aim: where the finger was when it steadied, and the pull's end then.
    pub fine: Option<(Vec2, Vec2)>,
}

impl Steady {
    /// Following from a press at `at`, at `now`.
    fn pressed(at: Vec2, now: f32) -> Steady {
        Steady {
            still_at: at,
            since: now,
            fine: None,
        }
    }

    /// Where the pull ends with the finger (or the mouse) at `pointer`.
    pub fn pull_end(&self, pointer: Vec2) -> Vec2 {
        match self.fine {
            Some((from, end)) => end + (pointer - from) * FINE_RATE,
            None => pointer,
        }
    }

    /// The pointer moved to `at`: a move out of where it rested starts its rest again.
    fn moved(&mut self, at: Vec2, now: f32, rs: f32) {
        if self.fine.is_none() && at.distance(self.still_at) > STILL_WITHIN * rs {
            *self = Steady::pressed(at, now);
        }
    }

    /// A finger pulling at `at` that has rested long enough steadies here.
    fn settle(&mut self, at: Vec2, now: f32, rs: f32) {
        self.moved(at, now, rs);
        if self.fine.is_none() && now - self.since >= HOLD_STILL {
            self.fine = Some((at, at));
        }
    }
}

/// Mouse or finger: press on the striker and slide it along the base line to place it, or pull
/// back from it (away from the board, like a slingshot) to aim, and let go to strike; a press
/// off the striker brings it under the pointer along the base line. The frame's presses,
/// moves and releases are followed in the order they came, each where it happened. A finger's
/// pull held still steadies into fine aim ([`Steady`]).
pub(super) fn pointer_aim(
    mut aim: ResMut<Aim>,
    pointer: Res<Pointer>,
    board: Res<OnBoard>,
    spec: Res<Equipment>,
    real: Option<Res<Time<Real>>>,
    mut fire: FireParams,
) {
    if board.computer {
        return;
    }
    let Some(seat) = board.actor else { return };
    let now = real.map_or(0.0, |t| t.elapsed_secs());
    for event in &pointer.events {
        if follow_pointer(&mut aim, event, &board, &spec.0, now)
            && fire.fire(&board.pieces, aim_shot(&aim, seat))
        {
            return;
        }
    }
    if aim.drag == Drag::Pull
        && pointer.by_finger()
        && let Some(at) = pointer.at
    {
        let rs = spec.0.board.striker_radius();
        aim.steady.settle(at, now, rs);
    }
}

/// How far (in striker radii) the pointer moves from where it pressed on the striker before
/// the gesture counts as a slide or a pull.
pub const GRAB_SLACK: f32 = 0.5;
/// A gesture from the striker within this angle (degrees) of the base line slides the
/// striker; one further from the line (back, away from the board, or forward for a thumb
/// shot) pulls.
pub const SLIDE_WITHIN_DEGREES: f32 = 30.0;

/// What a move from the press point `d` (metres on the board) says the player is doing with
/// the striker he pressed on: sliding it (within [`SLIDE_WITHIN_DEGREES`] of the base line),
/// pulling from it, or not yet either (within [`GRAB_SLACK`]).
pub fn gesture_from_striker(d: Vec2, seat: Seat, rs: f32) -> Drag {
    if d.length() < GRAB_SLACK * rs {
        return Drag::Grab;
    }
    let (r, f) = (seat.right_hand(), seat.forward());
    let side = d.dot(Vec2::new(r.x, r.y)).abs();
    let across = d.dot(Vec2::new(f.x, f.y)).abs();
    if across > side * SLIDE_WITHIN_DEGREES.to_radians().tan() {
        Drag::Pull
    } else {
        Drag::Place
    }
}

/// One thing the pointer did, applied to the aim; whether it let go of a pull that strikes.
fn follow_pointer(
    aim: &mut Aim,
    event: &PointerEvent,
    board: &OnBoard,
    spec: &Spec,
    now: f32,
) -> bool {
    let Some(seat) = board.actor else {
        return false;
    };
    let striker = aim_shot(aim, seat).striker_at(spec);
    let striker = Vec2::new(striker.x, striker.y);
    let rs = spec.board.striker_radius();
    let r = seat.right_hand();
    let along = |at: Vec2| at.dot(Vec2::new(r.x, r.y));
    match (event.touch, event.at) {
        (Touch::Cancel, _) => {
            // A right-click (or a cancelled touch) lets go of the pull without striking.
            if aim.drag == Drag::Pull {
                aim.power = 0.0;
            }
            aim.drag = Drag::None;
            return false;
        }
        (Touch::Press, Some(at)) if at.distance(striker) < rs * 1.3 => {
            aim.steady = Steady::pressed(at, now);
            aim.drag = Drag::Grab;
            aim.grabbed_at = at;
            aim.held_off = along(at) - along(striker);
        }
        (Touch::Press, Some(_)) => {
            aim.drag = Drag::Place;
            aim.held_off = 0.0;
        }
        _ => {}
    }
    if let (Drag::Grab, Some(at)) = (aim.drag, event.at) {
        aim.drag = match gesture_from_striker(at - aim.grabbed_at, seat, rs) {
            Drag::Pull if placement_problem(aim, board, spec).is_some() => Drag::Place,
            gesture => gesture,
        };
    }
    if let Some(at) = event.at {
        aim.steady.moved(at, now, rs);
        let end = aim.steady.pull_end(at);
        follow_drag(aim, end, striker, along(at), spec);
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

/// The striker slid to follow the pointer (`along` the base line, metres), or the pull's
/// direction and power from where the pull ends (`end`: where the pointer is, or the fine
/// aim's point).
fn follow_drag(aim: &mut Aim, end: Vec2, striker: Vec2, along: f32, spec: &Spec) {
    match aim.drag {
        Drag::Place => {
            let half = 0.5 * spec.board.base_line_length;
            aim.position = ((along - aim.held_off) / half).clamp(-1.0, 1.0);
        }
        Drag::Pull => {
            let rs = spec.board.striker_radius();
            let pull = striker - end;
            if pull.length() > rs {
                aim.dir = pull.normalize();
            }
            aim.power = power_of_pull(pull.length(), rs);
        }
        _ => {}
    }
}
