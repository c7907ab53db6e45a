//! `carrom screenshot`: run the real game to a mode's first interesting frame, write a PNG,
//! report the frame rate, exit. Without a display, a private Xvfb is started for it.

use crate::coach::{Coach, NoHint};
use crate::hud::preview::Preview;
use crate::hud::progress::ProgressPage;
use crate::modes::calls::Announcement;
use crate::modes::review::Reviewing;
use crate::modes::table::Table;
use crate::modes::training::{Training, scene};
use crate::modes::turn::{Aim, aim_shot};
use crate::modes::{OnBoard, View};
use crate::screens::menu::MenuPage;
use crate::sim::Equipment;
use crate::states::{Phase, Playing, Screen, Watched};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use carrom_physics::SeatAxes;
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
    /// The menu's page to host or join a match across machines.
    Across,
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

/// What the driver looks at and sets up to reach a mode's frame.
#[derive(bevy::ecs::system::SystemParam)]
struct Scene<'w> {
    screen: Res<'w, State<Screen>>,
    phase: Option<Res<'w, State<Phase>>>,
    playing: Option<Res<'w, State<Playing>>>,
    watched: Option<Res<'w, State<Watched>>>,
    board: Res<'w, OnBoard>,
    view: ResMut<'w, View>,
    table: Option<Res<'w, Table>>,
    aim: ResMut<'w, Aim>,
    preview: Option<ResMut<'w, Preview>>,
    coach: ResMut<'w, Coach>,
    equipment: Res<'w, Equipment>,
    page: Option<Res<'w, State<MenuPage>>>,
    next_page: Option<ResMut<'w, NextState<MenuPage>>>,
    training: Option<ResMut<'w, Training>>,
    reviewing: Option<ResMut<'w, Reviewing>>,
    progress_page: ResMut<'w, ProgressPage>,
    told: MessageWriter<'w, Announcement>,
}

impl Scene<'_> {
    fn in_phase(&self, phase: Phase) -> bool {
        self.phase.as_deref().is_some_and(|p| *p.get() == phase)
    }

    /// A person is to strike.
    fn persons_turn(&self) -> bool {
        self.in_phase(Phase::Aim) && !self.board.computer
    }

    /// Whether the menu's `page` is open (opening it on the way).
    fn page_open(&mut self, page: MenuPage) -> bool {
        let open = self.page.as_deref().is_some_and(|p| *p.get() == page);
        if !open && let Some(next) = self.next_page.as_deref_mut() {
            next.set(page);
        }
        open
    }

    /// Whether the frame for `plan` is on the screen (setting it up on the way); an error when
    /// it cannot be reached.
    fn ready(&mut self, plan: &ScreenshotPlan, frames: u32) -> Result<bool, ScreenshotError> {
        Ok(match plan.mode {
            ShotMode::Menu => *self.screen.get() == Screen::Menu && frames >= 20,
            ShotMode::Training => self.training_aim() && frames >= 30,
            ShotMode::TrainingCoach => self.training_coach(frames),
            ShotMode::TrainingProgress => self.training_progress(frames),
            ShotMode::Library => self.page_open(MenuPage::Library) && frames >= 20,
            ShotMode::Across => self.page_open(MenuPage::AcrossMachines) && frames >= 20,
            ShotMode::Practice => self.practice() && frames >= 30,
            ShotMode::Hint => self.hint(frames)?,
            ShotMode::Stroke => self.stroke(frames) && frames >= 40,
            ShotMode::Result => self.in_phase(Phase::BoardOver) && frames >= 20,
            ShotMode::Summary => self.in_phase(Phase::Over) && frames >= 20,
            ShotMode::Review => self.review(false) && frames >= 20,
            ShotMode::ReviewStroke => self.review(true) && frames >= 20,
            ShotMode::Demo => {
                // With the computer's other lines shown.
                self.coach.lines = true;
                self.in_phase(Phase::Aim)
                    && self
                        .table
                        .as_ref()
                        .is_some_and(|t| t.model.referee.strokes() >= plan.strokes)
                    // The computer has decided and shows its aim (placed striker, direction).
                    && self.aim.planned.is_some()
                    && self.aim.wait < 0.5
            }
        })
    }

    /// A review done, at the first turning point (`worst`: at the first player's worst
    /// stroke), its position on the board.
    fn review(&mut self, worst: bool) -> bool {
        let Some(r) = self.reviewing.as_deref_mut() else {
            return false;
        };
        let Some(review) = &r.review else {
            return false;
        };
        let at = if worst {
            review.players.first().and_then(|p| p.worst.first())
        } else {
            review.turning_points.first()
        };
        let want = at.map_or(0, |i| i - 1);
        if r.chosen != want {
            r.choose(want);
            return false;
        }
        r.on_board()
    }

    /// Training, a person to strike.
    fn training_aim(&self) -> bool {
        let training = self
            .playing
            .as_deref()
            .is_some_and(|p| *p.get() == Playing::Training);
        training && self.persons_turn()
    }

    /// Training after three misses: the last verdict called, the coach's shot shown by
    /// itself, and the missed stroke set beside it.
    fn training_coach(&mut self, frames: u32) -> bool {
        let aiming = self.training_aim();
        let spec = &self.equipment.0;
        let Some(t) = self
            .training
            .as_deref_mut()
            .filter(|_| aiming && frames >= 20)
        else {
            return false;
        };
        if t.misses_in_row == 0 {
            self.told
                .write(Announcement::Call(scene::missed_three(t, spec)));
        }
        if self.coach.judged.is_none()
            && let Some((h, _, _)) = &self.coach.shown
        {
            self.coach.judged = Some(scene::judged_miss(t, spec, h));
            return false;
        }
        self.coach.judged.is_some() && frames >= 40
    }

    /// Training's progress page up, after twelve days at every drill.
    fn training_progress(&mut self, frames: u32) -> bool {
        let aiming = self.training_aim();
        let Some(t) = self
            .training
            .as_deref_mut()
            .filter(|_| aiming && frames >= 20)
        else {
            return false;
        };
        if !self.progress_page.is_open() {
            scene::twelve_days(t);
            self.progress_page.open();
            return false;
        }
        frames >= 40
    }

    /// Practice: a stroke being lined up, with the trajectory preview on.
    fn practice(&mut self) -> bool {
        let aiming = self.in_phase(Phase::Aim)
            && self
                .playing
                .as_deref()
                .is_some_and(|p| *p.get() == Playing::Practice);
        if aiming {
            self.aim.power = 0.75;
            self.aim.position = 0.35;
            self.aim.dir = Vec2::new(-0.25, 1.0).normalize();
            if let Some(p) = self.preview.as_mut() {
                p.on = true;
            }
        }
        aiming
    }

    /// A person's turn in a match with the coach's hint on the board.
    fn hint(&mut self, frames: u32) -> Result<bool, ScreenshotError> {
        let aiming = self.persons_turn();
        if aiming
            && frames >= 20
            && self.coach.shown.is_none()
            && !self.coach.thinking()
            && self.coach.note.is_none()
            && let Some(table) = self.table.as_deref()
        {
            let watched = self.watched.is_some();
            crate::coach::ask_at_the_table(&mut self.coach, table, watched, &self.equipment.0);
        }
        if let Some(note) = &self.coach.note {
            return Err(ScreenshotError::NoHint(note.clone()));
        }
        Ok(aiming && self.coach.shown.is_some() && frames >= 40)
    }

    /// A person pulling back towards the nearest piece ahead, with the guide on.
    fn stroke(&mut self, frames: u32) -> bool {
        let aiming = self.persons_turn();
        if aiming
            && frames >= 20
            && let Some(seat) = self.board.actor
        {
            self.view.guides = true;
            let at = aim_shot(&self.aim, seat).striker_at(&self.equipment.0);
            let at = Vec2::new(at.x, at.y);
            let f = seat.forward();
            let ahead = Vec2::new(f.x, f.y);
            if let Some(p) = self
                .board
                .pieces
                .iter()
                .map(|p| Vec2::new(p.x, p.y))
                .filter(|p| (*p - at).dot(ahead) > 0.05)
                .min_by(|a, b| a.distance(at).total_cmp(&b.distance(at)))
            {
                self.aim.dir = (p - at).normalize();
            }
            // Set as the keys set it (the mouse's pull would follow the cursor).
            self.aim.power = 0.63;
        }
        aiming
    }
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
