//! `carrom screenshot`: run the real game to a mode's first interesting frame, write a PNG,
//! report the frame rate, exit. Without a display, a private Xvfb is started for it.

use crate::play::Aim;
use crate::{Mode, Phase, Screen, Session};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use carrom_physics::SeatAxes;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotMode {
    Menu,
    Practice,
    Demo,
    /// A person's turn in a match with the coach's hint on the board.
    Hint,
    /// A person pulling back the striker: the power meter and the aim guide.
    Stroke,
    /// A board's result.
    Result,
    /// The match summary.
    Summary,
}

/// What to capture and where.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotPlan {
    pub mode: ShotMode,
    /// The window's size in pixels.
    pub size: (u32, u32),
    pub out: PathBuf,
    /// Demo: strokes to play before the capture.
    pub strokes: u32,
    pub timeout: Duration,
}

/// What happened, read back after the app exits.
#[derive(Clone, Default)]
pub struct Outcome(pub Arc<Mutex<Option<Result<String, String>>>>);

impl Outcome {
    pub fn take(&self) -> Result<(), String> {
        match self.0.lock().ok().and_then(|mut g| g.take()) {
            Some(Ok(msg)) => {
                println!("{msg}");
                Ok(())
            }
            Some(Err(e)) => Err(e),
            None => Ok(()),
        }
    }
}

#[derive(Resource)]
struct Progress {
    started: Instant,
    frames: u32,
    measure_from: Option<(Instant, u32)>,
    requested: Option<(Instant, u32)>,
    outcome: Outcome,
    /// Set when the capture has been written: its colour count, or why it was not written.
    written: Arc<Mutex<Option<Result<usize, String>>>>,
}

/// Writes `image` as a PNG at `path` atomically ([`carrom_match::write_atomically`]). A crash
/// or a failed encode leaves the previous file as it was.
fn write_png_atomically(image: &Image, path: &Path) -> Result<(), String> {
    let rgb = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| format!("{}: cannot convert the frame: {e}", path.display()))?
        .to_rgb8();
    let mut png = std::io::Cursor::new(Vec::new());
    rgb.write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| format!("{}: cannot encode the screenshot: {e}", path.display()))?;
    carrom_match::write_atomically(path, png.get_ref())
        .map_err(|e| format!("cannot write the screenshot: {e}"))
}

/// How many different colours a sample of the image holds (a blank frame has one or two).
fn distinct_colours(image: &Image) -> usize {
    let Some(data) = image.data.as_ref() else {
        return 0;
    };
    let mut seen = std::collections::HashSet::new();
    for px in data.chunks_exact(4).step_by(37) {
        seen.insert([px[0] >> 3, px[1] >> 3, px[2] >> 3]);
    }
    seen.len()
}

pub(super) fn plugin(app: &mut App, plan: Option<ScreenshotPlan>) -> Outcome {
    let outcome = Outcome::default();
    if let Some(plan) = plan {
        if let Some(dir) = plan.out.parent()
            && !dir.as_os_str().is_empty()
        {
            let _ = std::fs::create_dir_all(dir);
        }
        app.insert_resource(plan).insert_resource(Progress {
            started: Instant::now(),
            frames: 0,
            measure_from: None,
            requested: None,
            outcome: outcome.clone(),
            written: Arc::default(),
        });
        app.add_systems(Last, drive);
    }
    outcome
}

#[allow(clippy::too_many_arguments)]
fn drive(
    mut commands: Commands,
    plan: Res<ScreenshotPlan>,
    mut progress: ResMut<Progress>,
    mut session: Option<ResMut<Session>>,
    phase: Option<Res<State<Phase>>>,
    screen: Res<State<Screen>>,
    mut aim: ResMut<Aim>,
    preview: Option<ResMut<crate::preview::Preview>>,
    mut coach: ResMut<crate::coach::Coach>,
    equipment: Res<crate::sim::Equipment>,
    mut exit: MessageWriter<AppExit>,
) {
    progress.frames += 1;
    let now = Instant::now();
    if progress.frames == 10 {
        progress.measure_from = Some((now, progress.frames));
    }
    if now - progress.started > plan.timeout {
        *progress.outcome.0.lock().unwrap() = Some(Err(format!(
            "screenshot: timed out after {:?} without reaching the {:?} frame",
            plan.timeout, plan.mode
        )));
        exit.write(AppExit::error());
        return;
    }
    if let Some((at, frame)) = progress.requested {
        let written = progress.written.lock().unwrap().clone();
        match written {
            Some(Err(e)) => {
                *progress.outcome.0.lock().unwrap() = Some(Err(e));
                exit.write(AppExit::error());
            }
            Some(Ok(colours)) if colours < 8 => {
                *progress.outcome.0.lock().unwrap() = Some(Err(format!(
                    "{}: the screenshot is blank ({colours} colours)",
                    plan.out.display()
                )));
                exit.write(AppExit::error());
            }
            Some(Ok(colours)) => {
                let fps = match progress.measure_from {
                    Some((t0, f0)) if at > t0 => (frame - f0) as f64 / (at - t0).as_secs_f64(),
                    _ => 0.0,
                };
                *progress.outcome.0.lock().unwrap() = Some(Ok(format!(
                    "wrote {} ({:?}, {} colours, frame {}, {:.1} frames per second)",
                    plan.out.display(),
                    plan.mode,
                    colours,
                    frame,
                    fps
                )));
                exit.write(AppExit::Success);
            }
            None => {}
        }
        return;
    }
    let ready = match plan.mode {
        ShotMode::Menu => *screen.get() == Screen::Menu && progress.frames >= 20,
        ShotMode::Practice => {
            let aiming = *screen.get() == Screen::Game
                && phase.as_deref().is_some_and(|p| *p.get() == Phase::Aim)
                && session.as_ref().is_some_and(|s| s.mode == Mode::Practice);
            if aiming {
                // Show a stroke being lined up.
                aim.power = 0.75;
                aim.position = 0.35;
                aim.dir = Vec2::new(-0.25, 1.0).normalize();
                // With the trajectory preview on.
                if let Some(mut p) = preview {
                    p.on = true;
                }
            }
            aiming && progress.frames >= 30
        }
        ShotMode::Hint => {
            let aiming = phase.as_deref().is_some_and(|p| *p.get() == Phase::Aim)
                && session.as_ref().is_some_and(|s| !s.actor_is_computer());
            if aiming
                && progress.frames >= 20
                && coach.shown.is_none()
                && !coach.thinking()
                && coach.note.is_none()
                && let Some(s) = session.as_deref()
            {
                let s: &Session = s;
                crate::coach::ask(&mut coach, s, &equipment.0);
            }
            if let Some(note) = &coach.note {
                *progress.outcome.0.lock().unwrap() = Some(Err(format!("no hint: {note}")));
                exit.write(AppExit::error());
                return;
            }
            aiming && coach.shown.is_some() && progress.frames >= 40
        }
        ShotMode::Stroke => {
            let aiming = phase.as_deref().is_some_and(|p| *p.get() == Phase::Aim)
                && session.as_ref().is_some_and(|s| !s.actor_is_computer());
            if aiming
                && progress.frames >= 20
                && let Some(s) = session.as_deref_mut()
                && let Some(seat) = s.actor()
            {
                // Pulling back towards the nearest piece ahead, with the guide on.
                s.guides = true;
                let at = crate::play::aim_shot(&aim, seat).striker_at(&equipment.0);
                let at = Vec2::new(at.x, at.y);
                let f = seat.forward();
                let ahead = Vec2::new(f.x, f.y);
                if let Some(p) = s
                    .layout()
                    .iter()
                    .map(|p| Vec2::new(p.x, p.y))
                    .filter(|p| (*p - at).dot(ahead) > 0.05)
                    .min_by(|a, b| a.distance(at).total_cmp(&b.distance(at)))
                {
                    aim.dir = (p - at).normalize();
                }
                // Set as the keys set it (the mouse's pull would follow the cursor).
                aim.power = 0.63;
            }
            aiming && progress.frames >= 40
        }
        ShotMode::Result => {
            phase
                .as_deref()
                .is_some_and(|p| *p.get() == Phase::BoardOver)
                && progress.frames >= 20
        }
        ShotMode::Summary => {
            phase.as_deref().is_some_and(|p| *p.get() == Phase::Over) && progress.frames >= 20
        }
        ShotMode::Demo => {
            // With the computer's other lines shown.
            coach.lines = true;
            phase.as_deref().is_some_and(|p| *p.get() == Phase::Aim)
                && session
                    .as_ref()
                    .is_some_and(|s| s.model.referee.strokes() >= plan.strokes)
                // The computer has decided and shows its aim (placed striker, direction).
                && aim.planned.is_some()
                && aim.wait < 0.5
        }
    };
    if ready {
        let path = plan.out.clone();
        let written = progress.written.clone();
        commands
            .spawn(Screenshot::primary_window())
            .observe(move |cap: On<ScreenshotCaptured>| {
                let colours = distinct_colours(&cap.image);
                // A blank frame is not written over a good screenshot.
                let result = if colours < 8 {
                    Ok(colours)
                } else {
                    write_png_atomically(&cap.image, &path).map(|()| colours)
                };
                *written.lock().unwrap() = Some(result);
            });
        progress.requested = Some((now, progress.frames));
    }
}
