//! The window's pace: it draws continuously while anything moves or counts time, and otherwise
//! only when input comes (Bevy's reactive update mode), so a game waiting for a person uses
//! next to no CPU. What moves tells it so ([`StayAwake`]), each part of the game for its own:
//! the turn (the table loading, a stroke, a computer thinking), the match's flow (a computer's
//! turn, a result's grace), a demo or a replay playing, the board turning, a piece dropping
//! into a net, the banner's flash, the board's picture being painted, the question to leave,
//! and work off the frame thread (the coach, the preview, a training's reading of the
//! player's matches, the library's statistics, connecting across machines). Input and a
//! screen or a phase changing wake it by themselves. `carrom screenshot` keeps drawing
//! continuously (it counts frames).

use crate::states::{Phase, Screen};
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

/// With nothing moving and no input, the window still wakes this often (everything that
/// counts time keeps it drawing continuously while it does, so this is only a safety net).
pub const IDLE_WAKE: Duration = Duration::from_secs(5);

/// After the last thing that moved (or the last click or key), the window keeps drawing
/// continuously this long: what a click starts is drawn at once, and a turn's marks settle.
pub const AFTERGLOW: f32 = 0.75;

/// After the window opens or the screen changes, it draws continuously this long: what is
/// new on the screen (its fonts, its shaders) comes up without waiting for input.
const SETTLE: f32 = 3.0;

pub fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings::continuous())
        .add_message::<StayAwake>()
        .add_message::<Rest>()
        .init_resource::<Awake>()
        .add_systems(Last, pace);
}

/// Until when (seconds of real time since the start) the window draws continuously.
#[derive(Resource)]
pub struct Awake {
    pub until: f32,
    /// What keeps it drawing (logged at the debug level as it changes).
    why: Option<&'static str>,
}

impl Default for Awake {
    fn default() -> Self {
        Awake {
            until: SETTLE,
            why: None,
        }
    }
}

/// Something moves or counts time this frame, and why (logged at the debug level): the window
/// keeps drawing continuously (and a moment after). Each part of the game tells it while it
/// needs the frames ([`while_busy`] for a resource that knows).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StayAwake(pub &'static str);

/// Something waits off the frame and will wake the window when it is done (the browser's
/// worker): the window stops drawing at once (no afterglow; what merely animates, such as
/// the banner's flash, waits too) and draws again for input or the wake-up.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rest(pub &'static str);

/// A system that tells the window to stay awake while the resource `R` is `busy`.
pub fn while_busy<R: Resource>(
    busy: fn(&R) -> bool,
    why: &'static str,
) -> impl FnMut(Option<Res<R>>, MessageWriter<StayAwake>) + Send + Sync + 'static {
    move |r: Option<Res<R>>, mut awake: MessageWriter<StayAwake>| {
        if r.is_some_and(|r| busy(&r)) {
            awake.write(StayAwake(why));
        }
    }
}

/// [`while_busy`] for work done off the frame by [`crate::work`]: where that wakes the window
/// when done (the browser's worker), the window rests meanwhile instead.
pub fn while_working<R: Resource>(
    busy: fn(&R) -> bool,
    why: &'static str,
) -> impl FnMut(Option<Res<R>>, MessageWriter<StayAwake>, MessageWriter<Rest>) + Send + Sync + 'static
{
    move |r: Option<Res<R>>, mut awake: MessageWriter<StayAwake>, mut rest: MessageWriter<Rest>| {
        if r.is_some_and(|r| busy(&r)) {
            working(why, &mut awake, &mut rest);
        }
    }
}

/// Work off the frame by [`crate::work`] goes on: the window rests for it where that wakes the
/// window when done (the browser's worker), and stays awake otherwise.
pub fn working(
    why: &'static str,
    awake: &mut MessageWriter<StayAwake>,
    rest: &mut MessageWriter<Rest>,
) {
    if crate::work::WAKES_THE_WINDOW {
        rest.write(Rest(why));
    } else {
        awake.write(StayAwake(why));
    }
}

/// A system that tells the window to stay awake whenever it runs (its run conditions say when).
pub fn stay_awake(
    why: &'static str,
) -> impl FnMut(MessageWriter<StayAwake>) + Send + Sync + 'static {
    move |mut awake: MessageWriter<StayAwake>| {
        awake.write(StayAwake(why));
    }
}

/// What keeps the window awake by itself: input, and a screen or a turn's phase changing.
#[derive(bevy::ecs::system::SystemParam)]
struct Activity<'w> {
    screen: Res<'w, State<Screen>>,
    next_screen: Res<'w, NextState<Screen>>,
    phase: Option<Res<'w, State<Phase>>>,
    next_phase: Option<Res<'w, NextState<Phase>>>,
    keys: Option<Res<'w, ButtonInput<KeyCode>>>,
    mouse: Option<Res<'w, ButtonInput<MouseButton>>>,
    touches: Option<Res<'w, Touches>>,
}

impl Activity<'_> {
    /// A key, a button or a finger pressed, held or let go this frame.
    fn input(&self) -> bool {
        fn any<T: Clone + Eq + std::hash::Hash + Send + Sync + 'static>(
            b: &ButtonInput<T>,
        ) -> bool {
            b.get_pressed().next().is_some()
                || b.get_just_pressed().next().is_some()
                || b.get_just_released().next().is_some()
        }
        let touched = self.touches.as_deref().is_some_and(|t| {
            t.iter().next().is_some() || t.any_just_released() || t.any_just_canceled()
        });
        self.keys.as_deref().is_some_and(any) || self.mouse.as_deref().is_some_and(any) || touched
    }

    /// A screen or a turn's phase changed, or is about to.
    fn changing(&self) -> bool {
        let pending = self
            .next_phase
            .as_deref()
            .is_some_and(|n| !matches!(n, NextState::Unchanged));
        self.screen.is_changed()
            || !matches!(*self.next_screen, NextState::Unchanged)
            || self.phase.as_ref().is_some_and(|p| p.is_changed())
            || pending
    }
}

/// Draws continuously while anything moves (and a moment after), reactively otherwise.
fn pace(
    time: Res<Time<Real>>,
    activity: Activity,
    mut told: MessageReader<StayAwake>,
    mut rest: MessageReader<Rest>,
    mut awake: ResMut<Awake>,
    mut settings: ResMut<WinitSettings>,
) {
    let now = time.elapsed_secs();
    if activity.screen.is_changed() {
        awake.until = awake.until.max(now + SETTLE);
    }
    // Input first, then the states, then what the game's parts said (the first of them).
    // Resting for work off the page outweighs all but input: a frame drawn meanwhile (a
    // turn's opening flash, the afterglow of its phase changing) holds up the page that
    // work must answer to; what animates takes up again when the work wakes the window.
    let resting = rest.read().count() > 0;
    let mut why = if activity.input() {
        Some("a key, a button or a finger")
    } else if !resting && activity.changing() {
        Some("a screen or a phase changing")
    } else {
        None
    };
    for StayAwake(reason) in told.read() {
        if !resting {
            why = why.or(Some(*reason));
        }
    }
    if why.is_some() {
        awake.until = awake.until.max(now + AFTERGLOW);
    } else if resting {
        awake.until = now;
    }
    if why != awake.why {
        debug!("drawing continuously for: {}", why.unwrap_or("nothing"));
        awake.why = why;
    }
    let mode = if now < awake.until {
        UpdateMode::Continuous
    } else {
        // Woken by the window's events (the mouse, the keys, a resize), not by the raw
        // device's.
        UpdateMode::reactive_low_power(IDLE_WAKE)
    };
    if settings.focused_mode != mode || settings.unfocused_mode != mode {
        settings.focused_mode = mode;
        settings.unfocused_mode = mode;
    }
}
