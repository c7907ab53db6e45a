//! `carrom screenshot`: run the real game to a mode's first interesting frame, write a PNG,
//! report the frame rate, exit. Without a display, a private Xvfb is started for it. What
//! each mode's frame waits for is [`scene`].

mod scene;

use crate::coach::NoHint;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use scene::Scene;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

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
    /// The menu's page of saved matches and replays.
    Library,
    /// The menu's tournament page: the tournament kept in the data folder, or a new one's form.
    Tournament,
    /// The menu's page to host or join a match across machines.
    Across,
    /// How to play, over the menu.
    HowToPlay,
    /// Play online's first view (the server, the name, Quick match, a private room), no
    /// server asked yet.
    Online,
    /// Play online's page of one tournament: a VKK tournament of eight on a server, its group
    /// stage played, a semi-final won and the other being played (a made-up one: no server
    /// is asked).
    OnlineTournament,
    /// A drill of the trainer, ready to strike.
    Training,
    /// A drill after three misses: the coach's shot shown by itself, the last stroke beside it.
    TrainingCoach,
    /// Training's progress page, after twelve days at every drill.
    TrainingProgress,
    /// A match's review, every stroke judged: the chart, the labels, the accuracy, the first
    /// turning point on the board.
    Review,
    /// A match's review at the first player's worst stroke: the stroke played and the coach's
    /// best drawn on its position.
    ReviewStroke,
    /// Three players for points: a person's turn at South, the three players' points.
    Points,
    /// The point game's summary: three players' points.
    PointsSummary,
    /// A point board over with every man down, the game going on (total point carrom's
    /// first of three boards): its result card.
    PointsResult,
    /// The point game's review: every player's points charted after each stroke.
    PointsReview,
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

/// Why a screenshot was not taken (the words the command line prints).
#[derive(Debug, Clone, thiserror::Error)]
pub enum ScreenshotError {
    #[error("{}: cannot convert the frame: {why}", path.display())]
    Convert { path: PathBuf, why: String },
    #[error("{}: cannot encode the screenshot: {why}", path.display())]
    Encode { path: PathBuf, why: String },
    #[error("cannot write the screenshot: {0}")]
    Write(String),
    /// The frame captured has next to no colours: the window drew nothing.
    #[error("{}: the screenshot is blank ({colours} colours)", path.display())]
    Blank { path: PathBuf, colours: usize },
    #[error("screenshot: timed out after {timeout:?} without reaching the {mode:?} frame")]
    TimedOut { timeout: Duration, mode: ShotMode },
    /// The hint's screenshot, and the coach gave none.
    #[error("no hint: {0}")]
    NoHint(NoHint),
}

/// What happened, read back after the app exits.
#[derive(Clone, Default)]
pub struct Outcome(pub Arc<Mutex<Option<Result<String, ScreenshotError>>>>);

impl Outcome {
    pub fn take(&self) -> Result<(), ScreenshotError> {
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
    written: Arc<Mutex<Option<Result<usize, ScreenshotError>>>>,
}

/// Writes `image` as a PNG at `path` atomically ([`carrom_match::write_atomically`]). A crash
/// or a failed encode leaves the previous file as it was.
fn write_png_atomically(image: &Image, path: &Path) -> Result<(), ScreenshotError> {
    let rgb = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| ScreenshotError::Convert {
            path: path.to_path_buf(),
            why: e.to_string(),
        })?
        .to_rgb8();
    let mut png = std::io::Cursor::new(Vec::new());
    rgb.write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| ScreenshotError::Encode {
            path: path.to_path_buf(),
            why: e.to_string(),
        })?;
    carrom_match::write_atomically(path, png.get_ref())
        .map_err(|e| ScreenshotError::Write(e.to_string()))
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

/// The capture written: the outcome (the frame rate measured), or why it failed.
fn finish(
    progress: &Progress,
    plan: &ScreenshotPlan,
    at: Instant,
    frame: u32,
) -> Option<Result<String, ScreenshotError>> {
    let written = progress.written.lock().unwrap().clone()?;
    Some(match written {
        Err(e) => Err(e),
        Ok(colours) if colours < 8 => Err(ScreenshotError::Blank {
            path: plan.out.clone(),
            colours,
        }),
        Ok(colours) => {
            let fps = match progress.measure_from {
                Some((t0, f0)) if at > t0 => (frame - f0) as f64 / (at - t0).as_secs_f64(),
                _ => 0.0,
            };
            Ok(format!(
                "wrote {} ({:?}, {} colours, frame {}, {:.1} frames per second)",
                plan.out.display(),
                plan.mode,
                colours,
                frame,
                fps
            ))
        }
    })
}

fn drive(
    mut commands: Commands,
    plan: Res<ScreenshotPlan>,
    mut progress: ResMut<Progress>,
    mut scene: Scene,
    mut exit: MessageWriter<AppExit>,
) {
    progress.frames += 1;
    let now = Instant::now();
    if progress.frames == 10 {
        progress.measure_from = Some((now, progress.frames));
    }
    let outcome = progress.outcome.clone();
    let mut end = |result: Result<String, ScreenshotError>| {
        let ok = result.is_ok();
        *outcome.0.lock().unwrap() = Some(result);
        exit.write(if ok {
            AppExit::Success
        } else {
            AppExit::error()
        });
    };
    if now - progress.started > plan.timeout {
        end(Err(ScreenshotError::TimedOut {
            timeout: plan.timeout,
            mode: plan.mode,
        }));
        return;
    }
    if let Some((at, frame)) = progress.requested {
        if let Some(result) = finish(&progress, &plan, at, frame) {
            end(result);
        }
        return;
    }
    match scene.ready(&plan, progress.frames) {
        Err(e) => end(Err(e)),
        Ok(false) => {}
        Ok(true) => {
            let path = plan.out.clone();
            let written = progress.written.clone();
            commands.spawn(Screenshot::primary_window()).observe(
                move |cap: On<ScreenshotCaptured>| {
                    let colours = distinct_colours(&cap.image);
                    // A blank frame is not written over a good screenshot.
                    let result = if colours < 8 {
                        Ok(colours)
                    } else {
                        write_png_atomically(&cap.image, &path).map(|()| colours)
                    };
                    *written.lock().unwrap() = Some(result);
                },
            );
            progress.requested = Some((now, progress.frames));
        }
    }
}
