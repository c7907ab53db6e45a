//! The striker's two gestures (a slide along the base line and a pull back from the striker)
//! by mouse and by finger, and keys that give the same aim at any frame rate.

use super::*;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::time::TimeUpdateStrategy;
use carrom_ui::modes::aim::{FINE_RATE, HOLD_DELAY, HOLD_POWER, HOLD_STILL};
use std::time::Duration;

/// A finger on the touch screen at `window`.
fn finger(app: &mut App, phase: TouchPhase, window: Vec2) {
    app.world_mut()
        .write_message(WindowEvent::TouchInput(TouchInput {
            phase,
            position: window,
            window: Entity::PLACEHOLDER,
            force: None,
            id: 7,
        }));
}

/// A person's turn in a singles match with the window over the board, and where the striker
/// in hand is.
fn at_the_board() -> (App, Vec2) {
    let mut app = start_match(human_singles());
    app.insert_resource(window_over_the_board());
    app.update();
    let striker = striker_in_hand(&app);
    (app, striker)
}

/// How a person moves the pointer: press at `from`, move in `steps` small moves to `to`, a
/// frame for each, then let go; by mouse or by finger.
fn gesture(app: &mut App, by_touch: bool, from: Vec2, to: Vec2, steps: usize) {
    let point = |k: usize| in_window(from + (to - from) * k as f32 / steps as f32);
    if by_touch {
        finger(app, TouchPhase::Started, point(0));
    } else {
        cursor_to(app, point(0));
        left_button(app, ButtonState::Pressed);
    }
    app.update();
    for k in 1..=steps {
        if by_touch {
            finger(app, TouchPhase::Moved, point(k));
        } else {
            cursor_to(app, point(k));
        }
        app.update();
    }
    if by_touch {
        finger(app, TouchPhase::Ended, point(steps));
    } else {
        left_button(app, ButtonState::Released);
    }
    app.update();
    app.update();
}

/// Pressing on the striker and sliding it sideways along the base line moves it there and
/// does not strike, by mouse and by finger; the striker keeps where it was held.
#[test]
fn pressing_on_the_striker_and_sliding_it_places_it_without_striking() {
    for by_touch in [false, true] {
        let spec = Spec::default();
        let (mut app, striker) = at_the_board();
        // Held a little off its centre, slid 7 cm to the left with a slight wobble.
        let held = striker + Vec2::new(0.008, 0.004);
        gesture(&mut app, by_touch, held, held + Vec2::new(-0.07, -0.01), 10);
        assert_eq!(phase(&app), Phase::Aim, "no stroke (touch: {by_touch})");
        assert_eq!(app.world().resource::<Table>().model.actions.len(), 0);
        let aim = app.world().resource::<Aim>();
        let expected = (striker.x - 0.07) / (0.5 * spec.board.base_line_length);
        assert!(
            (aim.position - expected).abs() < 1e-3,
            "touch {by_touch}: {} vs {expected}",
            aim.position
        );
        assert_eq!(aim.power, 0.0, "no power from a slide");
    }
}

/// Pressing on the striker and pulling back, away from the board, aims and strikes on
/// release, by mouse and by finger.
#[test]
fn pressing_on_the_striker_and_pulling_back_strikes_on_release() {
    for by_touch in [false, true] {
        let (mut app, striker) = at_the_board();
        gesture(
            &mut app,
            by_touch,
            striker,
            striker + Vec2::new(-0.04, -0.11),
            8,
        );
        assert_eq!(
            phase(&app),
            Phase::Moving,
            "the pull strikes (touch: {by_touch})"
        );
        let table = app.world().resource::<Table>();
        let Some(Action::Stroke { shot }) = table.model.actions.first() else {
            panic!("a stroke: {:?}", table.model.actions);
        };
        assert!(
            shot.angle_deg < -10.0,
            "aimed to the right: {}",
            shot.angle_deg
        );
        assert!(shot.power > 0.3, "a real stroke: {}", shot.power);
    }
}

/// A slide that ends back where it started, or a press and release on the striker, never
/// strikes; a cancelled touch lets go of a pull without striking.
#[test]
fn a_press_on_the_striker_that_neither_slides_nor_pulls_far_does_not_strike() {
    let (mut app, striker) = at_the_board();
    gesture(
        &mut app,
        false,
        striker,
        striker + Vec2::new(0.002, -0.003),
        3,
    );
    assert_eq!(phase(&app), Phase::Aim);
    finger(&mut app, TouchPhase::Started, in_window(striker));
    app.update();
    finger(
        &mut app,
        TouchPhase::Moved,
        in_window(striker + Vec2::new(0.0, -0.12)),
    );
    app.update();
    assert!(app.world().resource::<Aim>().power > 0.3, "pulled");
    finger(
        &mut app,
        TouchPhase::Canceled,
        in_window(striker + Vec2::new(0.0, -0.12)),
    );
    app.update();
    app.update();
    assert_eq!(phase(&app), Phase::Aim, "a cancelled touch does not strike");
    assert_eq!(app.world().resource::<Table>().model.actions.len(), 0);
}

/// A pull 10 cm back, held for `hold` seconds (20 ms frames), then moved 4 cm to the side by
/// finger or by mouse: the aim's angle from straight (degrees), whether it steadied, and the
/// stroke's angle once let go.
fn pull_hold_and_turn(by_touch: bool, hold: f32) -> (f32, bool, f32) {
    let (mut app, striker) = at_the_board();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )));
    let pulled = striker + Vec2::new(0.0, -0.10);
    let press = |app: &mut App, phase, at: Vec2| {
        if by_touch {
            finger(app, phase, in_window(at));
        } else {
            cursor_to(app, in_window(at));
            if phase == TouchPhase::Started {
                left_button(app, ButtonState::Pressed);
            } else if phase == TouchPhase::Ended {
                left_button(app, ButtonState::Released);
            }
        }
        app.update();
    };
    press(&mut app, TouchPhase::Started, striker);
    for k in 1..=5 {
        press(
            &mut app,
            TouchPhase::Moved,
            striker + (pulled - striker) * k as f32 / 5.0,
        );
    }
    for _ in 0..(hold / 0.02).round() as usize {
        app.update();
    }
    for k in 1..=8 {
        press(
            &mut app,
            TouchPhase::Moved,
            pulled + Vec2::new(0.005 * k as f32, 0.0),
        );
    }
    let aim = app.world().resource::<Aim>();
    let angle = aim.dir.x.atan2(aim.dir.y).to_degrees().abs();
    let steadied = aim.steady.fine.is_some();
    press(&mut app, TouchPhase::Ended, pulled + Vec2::new(0.04, 0.0));
    app.update();
    let table = app.world().resource::<Table>();
    let Some(Action::Stroke { shot }) = table.model.actions.first() else {
        panic!("a stroke: {:?}", table.model.actions);
    };
    (angle, steadied, shot.angle_deg)
}

/// A finger that pulls and is held still a moment steadies into fine aim: moved 4 cm to the
/// side after it, it turns the aim a quarter as far as the same move without the pause, and
/// strikes where it aims; a mouse, held as long, pulls as it is.
#[test]
fn a_finger_held_still_while_pulling_turns_the_aim_a_quarter_as_far() {
    let full = 0.04f32.atan2(0.10).to_degrees();
    let fine = (FINE_RATE * 0.04f32).atan2(0.10).to_degrees();
    let (quick, steadied, _) = pull_hold_and_turn(true, 0.0);
    assert!(!steadied, "a finger that never rests does not steady");
    assert!((quick - full).abs() < 0.5, "unsteadied: {quick} vs {full}");
    let (held, steadied, struck) = pull_hold_and_turn(true, HOLD_STILL + 0.1);
    assert!(steadied, "a finger held still steadies");
    assert!((held - fine).abs() < 0.5, "steadied: {held} vs {fine}");
    assert!(
        (struck.abs() - held).abs() < 0.5,
        "the stroke goes where it aimed: {struck} vs {held}"
    );
    let (mouse, steadied, _) = pull_hold_and_turn(false, HOLD_STILL + 0.1);
    assert!(!steadied, "the mouse does not steady");
    assert!((mouse - full).abs() < 0.5, "the mouse: {mouse} vs {full}");
}

/// The aim after `keys` at a frame time of `frame`: each entry a key and how many frames it
/// is held before it is let go (0: pressed and let go within one frame).
fn aim_after_keys(frame: Duration, keys: &[(KeyCode, u32)]) -> (f32, f32) {
    let mut app = start_match(human_singles());
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    app.update();
    for &(key, frames) in keys {
        key_event(&mut app, key, ButtonState::Pressed);
        for _ in 0..frames {
            app.update();
        }
        key_event(&mut app, key, ButtonState::Released);
        app.update();
    }
    let aim = app.world().resource::<Aim>();
    (aim.position, aim.power)
}

/// A tap is exactly one step whether the frames take 10 ms or 200 ms, and whether the tap
/// falls within one frame or across two; a key held for a second moves as far at either
/// frame rate: the first step, then the hold's rate after its delay, in wall-clock time.
#[test]
fn taps_and_holds_give_the_same_aim_at_10_ms_and_at_200_ms_a_frame() {
    use KeyCode::{ArrowRight, KeyS, KeyW};
    let quick = Duration::from_millis(10);
    let slow = Duration::from_millis(200);
    // Three taps of →, two of W and one of S: within a frame and across one frame's end.
    let taps = [
        (ArrowRight, 0),
        (ArrowRight, 1),
        (ArrowRight, 0),
        (KeyW, 1),
        (KeyW, 0),
        (KeyS, 1),
    ];
    let (fast_taps, slow_taps) = (aim_after_keys(quick, &taps), aim_after_keys(slow, &taps));
    assert_eq!(fast_taps, slow_taps, "taps at 10 ms and 200 ms a frame");
    let spec = Spec::default();
    let half = 0.5 * spec.board.base_line_length;
    assert!(
        (fast_taps.0 - 0.03 / half).abs() < 1e-5,
        "3 cm: {}",
        fast_taps.0 * half
    );
    assert!(
        (fast_taps.1 - 0.05).abs() < 1e-5,
        "+5% +5% -5%: {}",
        fast_taps.1
    );
    // W held for one second.
    let (_, fast_hold) = aim_after_keys(quick, &[(KeyW, 100)]);
    let (_, slow_hold) = aim_after_keys(slow, &[(KeyW, 5)]);
    let expected = 0.05 + HOLD_POWER * (1.0 - HOLD_DELAY);
    assert!(
        (fast_hold - expected).abs() < 1e-3,
        "{fast_hold} vs {expected}"
    );
    assert!(
        (slow_hold - expected).abs() < 1e-3,
        "{slow_hold} vs {expected}"
    );
}
