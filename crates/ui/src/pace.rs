//! The window's pace: it draws continuously while anything moves or counts time (a stroke, a
//! computer's turn, a demo or a replay, the board turning, a piece dropping into a net, the
//! banner's flash, a result's grace, the board's picture being painted, work off the frame
//! thread), and otherwise only when input
//! comes (Bevy's reactive update mode), so a game waiting for a person uses next to no CPU.
//! `carrom screenshot` keeps drawing continuously (it counts frames).

use crate::board::draw::{CameraAngle, Turned};
use crate::board::motion::{Dropping, StrikerReturn};
use crate::board::paint::BoardCanvas;
use crate::coach::Coach;
use crate::hud::BannerFlash;
use crate::hud::preview::Preview;
use crate::modes::OnBoard;
use crate::modes::flow::{RESULT_GRACE, ResultShown};
use crate::modes::practice::BreakPractice;
use crate::modes::turn::Thinking;
use crate::sim::LiveTable;
use crate::states::{Leave, Pause, Phase, Screen, Watched};
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

/// With nothing moving and no input, the window still wakes this often (everything that
/// counts time keeps it drawing continuously while it does, so this is only a safety net).
pub const IDLE_WAKE: Duration = Duration::from_secs(5);

/// After the last thing that moved (or the last click or key), the window keeps drawing
/// continuously this long: what a click starts is drawn at once, and a turn's marks settle.
const AFTERGLOW: f32 = 0.75;

/// After the window opens or the screen changes, it draws continuously this long: what is
/// new on the screen (its fonts, its shaders) comes up without waiting for input.
const SETTLE: f32 = 3.0;

pub fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings::continuous())
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

/// Everything that can be moving or counting time.
#[derive(bevy::ecs::system::SystemParam)]
struct Activity<'w, 's> {
    screen: Res<'w, State<Screen>>,
    next_screen: Res<'w, NextState<Screen>>,
    phase: Option<Res<'w, State<Phase>>>,
    next_phase: Option<Res<'w, NextState<Phase>>>,
    pause: Option<Res<'w, State<Pause>>>,
    leave: Option<Res<'w, State<Leave>>>,
    watched: Option<Res<'w, State<Watched>>>,
    board: Res<'w, OnBoard>,
    live: Res<'w, LiveTable>,
    thinking: Res<'w, Thinking>,
    coach: Option<Res<'w, Coach>>,
    preview: Option<Res<'w, Preview>>,
    shown: Option<Res<'w, ResultShown>>,
    practice: Option<Res<'w, BreakPractice>>,
    striker: Option<Res<'w, StrikerReturn>>,
    camera: Option<Res<'w, CameraAngle>>,
    banner: Option<Res<'w, BannerFlash>>,
    drops: Query<'w, 's, (), With<Dropping>>,
    canvas: Option<Res<'w, BoardCanvas>>,
    statistics: Option<Res<'w, crate::screens::library::Statistics>>,
    training: Option<Res<'w, crate::modes::training::Training>>,
    online: Option<Res<'w, crate::modes::online::Online>>,
    lobby: Option<Res<'w, crate::screens::menu::lobby::Lobby>>,
    aim: Option<Res<'w, crate::modes::turn::Aim>>,
    keys: Option<Res<'w, ButtonInput<KeyCode>>>,
    mouse: Option<Res<'w, ButtonInput<MouseButton>>>,
}

impl Activity<'_, '_> {
    /// Why the window must keep drawing this frame, if it must.
    fn awake(&self) -> Option<&'static str> {
        if self.input() {
            return Some("a key or a button");
        }
        if self.changing() {
            return Some("a screen or a phase changing");
        }
        if self.statistics.as_ref().is_some_and(|s| s.busy()) {
            return Some("a replay working out statistics");
        }
        if self.lobby.as_ref().is_some_and(|l| l.connecting()) {
            return Some("connecting to a match across machines");
        }
        self.moving()
    }

    /// A key or a button pressed, held or let go this frame.
    fn input(&self) -> bool {
        fn any<T: Clone + Eq + std::hash::Hash + Send + Sync + 'static>(
            b: &ButtonInput<T>,
        ) -> bool {
            b.get_pressed().next().is_some()
                || b.get_just_pressed().next().is_some()
                || b.get_just_released().next().is_some()
        }
        self.keys.as_deref().is_some_and(any) || self.mouse.as_deref().is_some_and(any)
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

    /// Across machines: another machine's player is to act and his action has not come (the
    /// window rests; the host's message wakes it). This machine's computer keeps it drawing.
    fn waiting_for_another_machine(&self) -> bool {
        self.online.as_ref().is_some_and(|o| {
            o.waiting_for_host(self.board.turns)
                && self.board.actor.is_none_or(|s| !o.here.contains(&s))
        }) && self.aim.as_ref().is_none_or(|a| a.planned.is_none())
    }

    /// What on the board moves or counts time, if anything does.
    fn moving(&self) -> Option<&'static str> {
        if *self.screen.get() != Screen::Game {
            return None;
        }
        let phase = self.phase.as_ref().map_or(Phase::Idle, |p| *p.get());
        let paused = self
            .pause
            .as_ref()
            .is_some_and(|p| *p.get() == Pause::Paused);
        let grace = self
            .shown
            .as_ref()
            .is_some_and(|s| s.0 < RESULT_GRACE + AFTERGLOW);
        let reasons = [
            (phase == Phase::Idle, "the table loading"),
            (phase == Phase::Moving || self.live.running, "a stroke"),
            (
                matches!(phase, Phase::Aim | Phase::PlaceDue)
                    && self.board.computer
                    && !self.waiting_for_another_machine(),
                "a computer's turn",
            ),
            (
                matches!(phase, Phase::BoardOver | Phase::Over) && grace,
                "a result's grace",
            ),
            (self.watched.is_some() && !paused, "a demo or a replay"),
            (self.thinking.is_thinking(), "a computer thinking"),
            (
                self.leave
                    .as_ref()
                    .is_some_and(|l| *l.get() == Leave::Asked),
                "the question to leave",
            ),
            (self.coach.as_ref().is_some_and(|c| c.busy()), "the coach"),
            (
                self.preview.as_ref().is_some_and(|p| p.busy()),
                "the preview",
            ),
            // The spread and the striker's return count down only while a turn waits.
            (
                phase == Phase::Aim
                    && self
                        .practice
                        .as_ref()
                        .is_some_and(|p| !p.fresh && p.spread > 0.0),
                "a break's spread",
            ),
            (
                phase == Phase::Aim && self.striker.as_ref().is_some_and(|s| s.returning()),
                "the striker coming back",
            ),
            (
                self.camera.as_ref().is_some_and(|c| c.1 == Turned::Turning),
                "the board turning",
            ),
            (
                self.banner.as_ref().is_some_and(|b| b.flashing()),
                "the banner's flash",
            ),
            (!self.drops.is_empty(), "a piece dropping"),
            (
                self.canvas.as_ref().is_some_and(|c| c.painting()),
                "the board being painted",
            ),
            (
                self.training.as_ref().is_some_and(|t| t.reading_matches()),
                "the player's matches being read",
            ),
        ];
        reasons.into_iter().find(|(on, _)| *on).map(|(_, why)| why)
    }
}

/// Draws continuously while anything moves (and a moment after), reactively otherwise.
fn pace(
    time: Res<Time<Real>>,
    activity: Activity,
    mut awake: ResMut<Awake>,
    mut settings: ResMut<WinitSettings>,
) {
    let now = time.elapsed_secs();
    if activity.screen.is_changed() {
        awake.until = awake.until.max(now + SETTLE);
    }
    let why = activity.awake();
    if why.is_some() {
        awake.until = awake.until.max(now + AFTERGLOW);
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
