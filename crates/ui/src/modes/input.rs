//! The mouse and the keys as the window reports them, in the order they came: each press,
//! move and release of the mouse with where the cursor was on the board ([`Pointer`]), and
//! each key tapped with whether Shift was down ([`KeyTaps`]), so a quick gesture within one
//! slow frame plays the same as over many quick ones.

use bevy::prelude::*;
use bevy::window::WindowEvent;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pointer>()
        .init_resource::<KeyTaps>()
        .init_resource::<TouchScreen>()
        // The window's events (the window plugin registers them; a headless app's tests write
        // them).
        .add_message::<WindowEvent>()
        .add_systems(PreUpdate, read_input.in_set(ReadInput))
        .add_systems(Startup, a_touch_screen_from_the_start)
        .add_systems(
            PostUpdate,
            words_for_touch.before(bevy::ui::UiSystems::Prepare),
        );
}

/// On a touch screen the words shown say "tap" where they said "click"
/// ([`crate::text::for_touch`]): every text once a finger first touches, then each text as it
/// is written.
fn words_for_touch(touch: Res<TouchScreen>, mut texts: Query<&mut Text>) {
    if !touch.0 {
        return;
    }
    let all = touch.is_changed();
    for mut text in &mut texts {
        if (all || text.is_changed())
            && let Some(tapped) = crate::text::for_touch(&text.0)
        {
            text.0 = tapped;
        }
    }
}

/// What the mouse (or the first finger on a touch screen) did: the left button pressed or
/// let go, a move, or the right button or a cancelled touch (which lets go of a pull without
/// striking).
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
    /// The finger that plays as the mouse on a touch screen.
    finger: Option<u64>,
    /// The press being followed began on a button (the button's, not the board's: its moves
    /// and its release are not the board's either).
    on_button: bool,
}

/// A page on a touch screen (the browser has touch events) is laid out for fingers from the
/// start, before the first touch: its buttons a finger's size, its words "tap".
fn a_touch_screen_from_the_start(mut touch: ResMut<TouchScreen>) {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window()
        && js_sys::Reflect::has(&window, &"ontouchstart".into()).unwrap_or(false)
    {
        touch.0 = true;
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = &mut touch;
}

/// A finger has touched the window (or the page is on a touch screen): the game's words say
/// "tap", and its buttons for the keys are a finger's size.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TouchScreen(pub bool);

/// The game's buttons as the pointer meets them: each one's box and whether it is shown.
pub type ButtonBoxes<'w, 's> = Query<
    'w,
    's,
    (
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static InheritedVisibility,
    ),
    With<Button>,
>;

/// Whether the window's point `at` (logical pixels, in a window of `scale` physical pixels to
/// one) is on a button shown.
fn on_a_button(buttons: &ButtonBoxes, at: Vec2, scale: f32) -> bool {
    let physical = at * scale;
    buttons
        .iter()
        .any(|(node, place, shown)| shown.get() && node.contains_point(*place, physical))
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
    /// The keys held down, each with how long it has been held (wall-clock time).
    pub held: Vec<HeldKey>,
    shift: [bool; 2],
}

impl KeyTaps {
    /// Shift is down now.
    pub fn shift(&self) -> bool {
        self.shift[0] || self.shift[1]
    }
}

/// A key held down: how long it had been held at the last frame and at this one. The time
/// between two frames counts for the keys that were down when the first of them ended (a key
/// let go counts until the frame that reads its release), so a hold's length does not depend
/// on the frame rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeldKey {
    pub key: KeyCode,
    pub before: f32,
    pub now: f32,
    /// Let go since the last frame: it counts this frame and goes at the next.
    pub released: bool,
}

impl HeldKey {
    /// The seconds of this frame during which the key has been held past `delay`: a hold's
    /// repeat, measured in wall-clock time, so a hold moves as far at any frame rate and a
    /// tap shorter than the delay adds nothing to its step.
    pub fn past(&self, delay: f32) -> f32 {
        (self.now - delay).max(0.0) - (self.before - delay).max(0.0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyTap {
    pub key: KeyCode,
    pub shift: bool,
}

impl KeyTaps {
    /// A key pressed (not the system's repeat) or let go.
    fn follow(&mut self, key: KeyCode, down: bool, repeat: bool) {
        match key {
            KeyCode::ShiftLeft => self.shift[0] = down,
            KeyCode::ShiftRight => self.shift[1] = down,
            _ if repeat => {}
            _ if down => {
                let shift = self.shift();
                self.taps.push(KeyTap { key, shift });
                self.held.retain(|h| h.key != key);
                self.held.push(HeldKey {
                    key,
                    before: 0.0,
                    now: 0.0,
                    released: false,
                });
            }
            _ => {
                for h in self.held.iter_mut().filter(|h| h.key == key) {
                    h.released = true;
                }
            }
        }
    }
}

impl Pointer {
    /// A finger (not the mouse) is down and followed.
    pub fn by_finger(&self) -> bool {
        self.finger.is_some()
    }

    /// A finger on a touch screen as the mouse's left button: the first finger down presses,
    /// moves and lets go (its cancel lets go without striking); other fingers are ignored.
    fn follow_finger(&mut self, t: &bevy::input::touch::TouchInput) -> Option<Touch> {
        use bevy::input::touch::TouchPhase;
        match (t.phase, self.finger) {
            (TouchPhase::Started, None) => self.finger = Some(t.id),
            (_, Some(id)) if id == t.id => {}
            _ => return None,
        }
        self.window_at = Some(t.position);
        Some(match t.phase {
            TouchPhase::Started => {
                self.pressed = true;
                Touch::Press
            }
            TouchPhase::Moved => Touch::Move,
            TouchPhase::Ended | TouchPhase::Canceled => {
                self.finger = None;
                self.pressed = false;
                if t.phase == TouchPhase::Ended {
                    Touch::Release
                } else {
                    Touch::Cancel
                }
            }
        })
    }
}

/// The read of the window's input events into [`Pointer`] and [`KeyTaps`].
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadInput;

/// Reads the mouse and the keys from the window's events in the order they came, each press,
/// move and release with the cursor's position at that moment.
/// A press on one of the game's buttons (the keys' bar, a card's) is the button's: it, its
/// moves and its release are left out.
#[allow(clippy::too_many_arguments)]
pub fn read_input(
    mut events: MessageReader<WindowEvent>,
    view: Option<Res<WindowToBoard>>,
    mut pointer: ResMut<Pointer>,
    mut keys: ResMut<KeyTaps>,
    real: Option<Res<Time<Real>>>,
    buttons: ButtonBoxes,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut touch_screen: ResMut<TouchScreen>,
) {
    let scale = window.single().map_or(1.0, Window::scale_factor);
    use bevy::input::ButtonState;
    pointer.events.clear();
    keys.taps.clear();
    let dt = real.map_or(0.0, |t| t.delta_secs());
    keys.held.retain(|h| !h.released);
    for h in &mut keys.held {
        h.before = h.now;
        h.now += dt;
    }
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
                keys.follow(k.key_code, k.state == ButtonState::Pressed, k.repeat);
                continue;
            }
            WindowEvent::KeyboardFocusLost(_) => {
                keys.shift = [false; 2];
                keys.held.clear();
                continue;
            }
            WindowEvent::TouchInput(t) => {
                if !touch_screen.0 {
                    touch_screen.0 = true;
                }
                match pointer.follow_finger(t) {
                    Some(touch) => touch,
                    None => continue,
                }
            }
            _ => continue,
        };
        if touch == Touch::Press {
            let at = pointer.window_at;
            pointer.on_button = at.is_some_and(|p| on_a_button(&buttons, p, scale));
        }
        if pointer.on_button {
            if matches!(touch, Touch::Release | Touch::Cancel) {
                pointer.on_button = false;
            }
            continue;
        }
        let at = on_board(pointer.window_at);
        pointer.events.push(PointerEvent { touch, at });
    }
    pointer.at = on_board(pointer.window_at);
}
