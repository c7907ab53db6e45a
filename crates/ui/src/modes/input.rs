//! The mouse and the keys as the window reports them, in the order they came: each press,
//! move and release of the mouse with where the cursor was on the board ([`Pointer`]), and
//! each key tapped with whether Shift was down ([`KeyTaps`]), so a quick gesture within one
//! slow frame plays the same as over many quick ones.

use bevy::prelude::*;
use bevy::window::WindowEvent;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pointer>()
        .init_resource::<KeyTaps>()
        // The window's events (the window plugin registers them; a headless app's tests write
        // them).
        .add_message::<WindowEvent>()
        .add_systems(PreUpdate, read_input.in_set(ReadInput));
}

/// What the mouse did: the left button pressed or let go, a move, or the right button (which
/// lets go of a pull without striking).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    Press,
    Move,
    Release,
    Cancel,
}

/// One thing the mouse did, with where the cursor was on the board (metres) when it did it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointerEvent {
    pub touch: Touch,
    pub at: Option<Vec2>,
}

/// The mouse on the board: what it did since the last frame, in the order it happened, each
/// with its own position (read from the window's events by [`read_input`], so a press, a pull
/// and a release within one slow frame play the same stroke as over many quick ones).
#[derive(Resource, Default, Debug, Clone)]
pub struct Pointer {
    /// Where the cursor is now, in metres on the board.
    pub at: Option<Vec2>,
    /// The left button is down.
    pub pressed: bool,
    pub events: Vec<PointerEvent>,
    /// The cursor's last position in the window (logical pixels).
    window_at: Option<Vec2>,
}

impl Pointer {
    /// The left button was pressed since the last frame.
    pub fn clicked(&self) -> bool {
        self.events.iter().any(|e| e.touch == Touch::Press)
    }
}

/// Where a point of the window (logical pixels) is on the board (metres): the camera's view,
/// taken each frame from the camera that drew it ([`crate::board::layout`]); tests set it.
/// The view is orthographic, so the map is affine.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct WindowToBoard {
    /// The board point at the window's top-left corner.
    pub origin: Vec2,
    /// The board's step for one pixel right and one pixel down.
    pub right: Vec2,
    pub down: Vec2,
}

impl WindowToBoard {
    pub fn board_at(&self, window: Vec2) -> Vec2 {
        self.origin + self.right * window.x + self.down * window.y
    }
}

/// The keys pressed since the last frame, in order, each with whether Shift was down when it
/// was pressed: every tap counts, however many come within a frame, and Shift counts for the
/// key it was held around even if both were let go before the frame.
#[derive(Resource, Default, Debug, Clone)]
pub struct KeyTaps {
    pub taps: Vec<KeyTap>,
    shift: [bool; 2],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyTap {
    pub key: KeyCode,
    pub shift: bool,
}

/// The read of the window's input events into [`Pointer`] and [`KeyTaps`].
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadInput;

/// Reads the mouse and the keys from the window's events in the order they came, each press,
/// move and release with the cursor's position at that moment.
pub fn read_input(
    mut events: MessageReader<WindowEvent>,
    view: Option<Res<WindowToBoard>>,
    mut pointer: ResMut<Pointer>,
    mut keys: ResMut<KeyTaps>,
) {
    use bevy::input::ButtonState;
    pointer.events.clear();
    keys.taps.clear();
    let on_board = |p: Option<Vec2>| p.zip(view.as_deref()).map(|(p, v)| v.board_at(p));
    for event in events.read() {
        let touch = match event {
            WindowEvent::CursorMoved(m) => {
                pointer.window_at = Some(m.position);
                Touch::Move
            }
            WindowEvent::CursorLeft(_) => {
                pointer.window_at = None;
                Touch::Move
            }
            WindowEvent::MouseButtonInput(b) => match (b.button, b.state) {
                (MouseButton::Left, ButtonState::Pressed) => {
                    pointer.pressed = true;
                    Touch::Press
                }
                (MouseButton::Left, ButtonState::Released) => {
                    pointer.pressed = false;
                    Touch::Release
                }
                (MouseButton::Right, ButtonState::Pressed) => Touch::Cancel,
                _ => continue,
            },
            WindowEvent::KeyboardInput(k) => {
                let down = k.state == ButtonState::Pressed;
                match k.key_code {
                    KeyCode::ShiftLeft => keys.shift[0] = down,
                    KeyCode::ShiftRight => keys.shift[1] = down,
                    key if down && !k.repeat => {
                        let shift = keys.shift[0] || keys.shift[1];
                        keys.taps.push(KeyTap { key, shift });
                    }
                    _ => {}
                }
                continue;
            }
            WindowEvent::KeyboardFocusLost(_) => {
                keys.shift = [false; 2];
                continue;
            }
            _ => continue,
        };
        let at = on_board(pointer.window_at);
        pointer.events.push(PointerEvent { touch, at });
    }
    pointer.at = on_board(pointer.window_at);
}
