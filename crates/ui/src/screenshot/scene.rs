//! The scene a screenshot waits for: what the driver looks at, and sets up on the way, to
//! reach each mode's frame (the coach's hint asked, a stroke lined up, a review's stroke
//! chosen, training's progress page opened).

use super::{ScreenshotError, ScreenshotPlan, ShotMode};
use crate::coach::Coach;
use crate::hud::preview::Preview;
use crate::hud::progress::ProgressPage;
use crate::modes::calls::Announcement;
use crate::modes::review::Reviewing;
use crate::modes::table::Table;
use crate::modes::training::{Training, scene};
use crate::modes::turn::{Aim, aim_shot};
use crate::modes::{OnBoard, View};
use crate::screens::menu::MenuPage;
use crate::screens::menu::online::{OnlineForm, OnlineSession, OnlineView};
use crate::sim::Equipment;
use crate::states::{Phase, Playing, Screen, Watched};
use bevy::prelude::*;
use carrom_physics::SeatAxes;

/// What the driver looks at and sets up to reach a mode's frame.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Scene<'w> {
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
    online: OnlinePage<'w>,
}

/// Play online's session, its view and its form, as the driver opens one.
type OnlinePage<'w> = (
    ResMut<'w, OnlineSession>,
    Option<Res<'w, State<OnlineView>>>,
    Option<ResMut<'w, NextState<OnlineView>>>,
    ResMut<'w, OnlineForm>,
);

/// The training, when a person is to strike in it (`aiming`) and 20 `frames` have gone.
fn training_aimed<'a>(
    training: &'a mut Option<ResMut<'_, Training>>,
    aiming: bool,
    frames: u32,
) -> Option<&'a mut Training> {
    training.as_deref_mut().filter(|_| aiming && frames >= 20)
}

impl Scene<'_> {
    fn in_phase(&self, phase: Phase) -> bool {
        self.phase.as_deref().is_some_and(|p| *p.get() == phase)
    }

    /// A person is to strike.
    fn persons_turn(&self) -> bool {
        self.in_phase(Phase::Aim) && !self.board.computer
    }

    /// Whether Play online shows the made-up tournament's page (opening it on the way).
    fn online_tournament(&mut self) -> bool {
        if !self.page_open(MenuPage::Online) {
            return false;
        }
        let (session, view, next, form) = &mut self.online;
        if session.tournament.is_none() {
            session.tournament = Some(crate::scenes::online_tournament());
            // Seen as one of its players, whose game is being played.
            form.name = "Ravi".into();
        }
        let shown = view
            .as_deref()
            .is_some_and(|v| *v.get() == OnlineView::Tournament);
        if !shown && let Some(next) = next.as_deref_mut() {
            next.set(OnlineView::Tournament);
        }
        shown
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
    pub(super) fn ready(
        &mut self,
        plan: &ScreenshotPlan,
        frames: u32,
    ) -> Result<bool, ScreenshotError> {
        Ok(match plan.mode {
            ShotMode::Menu => *self.screen.get() == Screen::Menu && frames >= 20,
            ShotMode::Training => self.training_aim() && frames >= 30,
            ShotMode::TrainingCoach => self.training_coach(frames),
            ShotMode::TrainingProgress => self.training_progress(frames),
            ShotMode::Library => self.page_open(MenuPage::Library) && frames >= 20,
            ShotMode::Tournament => self.page_open(MenuPage::Tournament) && frames >= 20,
            ShotMode::Across => self.page_open(MenuPage::AcrossMachines) && frames >= 20,
            ShotMode::HowToPlay => self.page_open(MenuPage::HowToPlay) && frames >= 20,
            ShotMode::Online => self.page_open(MenuPage::Online) && frames >= 20,
            ShotMode::OnlineTournament => self.online_tournament() && frames >= 30,
            ShotMode::Practice => self.practice() && frames >= 30,
            ShotMode::Hint => self.hint(frames)?,
            ShotMode::Stroke | ShotMode::Points => self.stroke(frames) && frames >= 40,
            ShotMode::Result | ShotMode::PointsResult => {
                self.in_phase(Phase::BoardOver) && frames >= 20
            }
            ShotMode::Summary | ShotMode::PointsSummary => {
                self.in_phase(Phase::Over) && frames >= 20
            }
            ShotMode::Review | ShotMode::PointsReview => self.review(false) && frames >= 20,
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
        let Some(t) = training_aimed(&mut self.training, aiming, frames) else {
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
        let Some(t) = training_aimed(&mut self.training, aiming, frames) else {
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
