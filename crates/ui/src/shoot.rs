//! `carrom screenshot`: run the real game to a mode's first interesting frame, write a PNG,
//! report the frame rate, exit. Without a display, a private Xvfb is started for it.

use crate::play::Aim;
use crate::{Kind, Phase, Screen, Session};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;
use std::process::{Child, Command};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotMode {
    Menu,
    Practice,
    Demo,
}

/// What to capture and where.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotPlan {
    pub mode: ShotMode,
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
    colours: Arc<Mutex<Option<usize>>>,
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
        let _ = std::fs::remove_file(&plan.out);
        app.insert_resource(plan).insert_resource(Progress {
            started: Instant::now(),
            frames: 0,
            measure_from: None,
            requested: None,
            outcome: outcome.clone(),
            colours: Arc::default(),
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
    session: Option<Res<Session>>,
    phase: Res<State<Phase>>,
    screen: Res<State<Screen>>,
    mut aim: ResMut<Aim>,
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
        let done = std::fs::metadata(&plan.out)
            .map(|m| m.len() > 0)
            .unwrap_or(false);
        let colours = *progress.colours.lock().unwrap();
        if done
            && progress.frames > frame + 2
            && let Some(colours) = colours
        {
            if colours < 8 {
                *progress.outcome.0.lock().unwrap() = Some(Err(format!(
                    "{}: the screenshot is blank ({colours} colours)",
                    plan.out.display()
                )));
                exit.write(AppExit::error());
                return;
            }
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
        return;
    }
    let ready = match plan.mode {
        ShotMode::Menu => *screen.get() == Screen::Menu && progress.frames >= 20,
        ShotMode::Practice => {
            let aiming = *screen.get() == Screen::Game
                && *phase.get() == Phase::Aim
                && session.as_ref().is_some_and(|s| s.kind == Kind::Practice);
            if aiming {
                // Show a stroke being lined up.
                aim.power = 0.75;
                aim.position = 0.35;
                aim.dir = Vec2::new(-0.25, 1.0).normalize();
            }
            aiming && progress.frames >= 30
        }
        ShotMode::Demo => {
            *phase.get() == Phase::Aim
                && session
                    .as_ref()
                    .is_some_and(|s| s.model.referee.strokes() >= plan.strokes)
                && aim.wait < 0.4
        }
    };
    if ready {
        let mut saver = save_to_disk(plan.out.clone());
        let colours = progress.colours.clone();
        commands
            .spawn(Screenshot::primary_window())
            .observe(move |cap: On<ScreenshotCaptured>| {
                *colours.lock().unwrap() = Some(distinct_colours(&cap.image));
                saver(cap);
            });
        progress.requested = Some((now, progress.frames));
    }
}

/// A display for the window: the current one, or a private Xvfb started now (returned, to be
/// stopped with [`stop_display`]). Prefers Mesa's software Vulkan under Xvfb.
pub fn ensure_display() -> Result<Option<Child>, String> {
    let has = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
    if has("DISPLAY") || has("WAYLAND_DISPLAY") {
        return Ok(None);
    }
    let n = (90..400)
        .find(|n| {
            !std::path::Path::new(&format!("/tmp/.X{n}-lock")).exists()
                && !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        })
        .ok_or("no free X display number for Xvfb")?;
    let child = Command::new("Xvfb")
        .args([
            &format!(":{n}"),
            "-screen",
            "0",
            "1280x960x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start Xvfb (install the `xvfb` package): {e}"))?;
    let socket = format!("/tmp/.X11-unix/X{n}");
    let t0 = Instant::now();
    while !std::path::Path::new(&socket).exists() {
        if t0.elapsed() > Duration::from_secs(10) {
            let mut child = child;
            let _ = child.kill();
            return Err("Xvfb did not start within 10 s".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // SAFETY: called before the app starts any threads; nothing else reads the environment
    // concurrently.
    unsafe {
        std::env::set_var("DISPLAY", format!(":{n}"));
        if !has("WGPU_BACKEND") {
            std::env::set_var("WGPU_BACKEND", "vulkan");
        }
    }
    Ok(Some(child))
}

pub fn stop_display(child: Option<Child>) {
    if let Some(mut c) = child {
        let _ = c.kill();
        let _ = c.wait();
    }
}

/// Is there a display to open a window on?
pub fn has_display() -> bool {
    let has = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
    has("DISPLAY") || has("WAYLAND_DISPLAY")
}
