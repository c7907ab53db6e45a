//! Training: drills by kind of shot ([`carrom_trainer`]). The player at South gets a drill's
//! position and its task ("Cut the white man at 1 o'clock into the north-east pocket"); each
//! stroke is scored (in; missed, by how much and which way; or a foul with its Law) and the
//! next attempt is set, a new position of the same kind at the level reached (two successes in
//! a row move up, two misses down). Keys 1-9 choose the drill, N skips to another position;
//! either says the new task in the call box. Progress is kept per player (the menu's South name) in the data directory, written after
//! every attempt; a damaged progress file is set aside and named in the call box.

pub mod scene;
mod setup;

use crate::modes::OnBoard;
use crate::modes::calls::Announcement;
use crate::modes::turn::{EndedStroke, FireParams, aim_once_loaded};
use crate::sim::{Equipment, SimSet};
use crate::states::{Phase, Playing, Screen};
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use carrom_physics::{Piece, Spec};
use carrom_trainer::weakest::Proposal;
use carrom_trainer::{Day, Drill, DrillKind, NoPosition, Progress, Trainer};

/// Training at the table: the player's progress, the drill being played and the pieces shown.
#[derive(Resource)]
pub struct Training {
    pub trainer: Trainer,
    /// Whether the progress is written (not in tests and screenshots).
    pub keep: bool,
    pub drill: Drill,
    /// Attempts played this session: the strokes that ended an attempt and were recorded in
    /// the progress (choosing a drill, or another position, is not one).
    pub attempts: u64,
    /// Positions set this session (each a new seed): every attempt, drill chosen and cover.
    positions: u64,
    seed: u64,
    /// The last stroke's verdict in words.
    pub last: Option<String>,
    pub layout: Vec<Piece>,
    /// Attempts missed in a row; at three the coach shows his shot by itself.
    pub misses_in_row: u32,
    /// The coach has shown his shot for this run of misses.
    coach_shown: bool,
    /// The drill the player's own matches call for (the kind he misses most), read from his
    /// saved matches off the frame thread: the task while it reads, then the proposal.
    proposal_task: Option<Task<Option<Proposal>>>,
    pub proposal: Option<Proposal>,
    /// A position of a match reviewed (Try it): struck again and again, each stroke scored
    /// and not counted in the progress, until another drill is chosen.
    pub tried: bool,
}

impl Training {
    /// Training for `name`: the progress from the data directory `dir` (none: nothing kept),
    /// and the first drill (the straight cut) at the level reached. The warning says what was
    /// wrong with a damaged progress file (set aside), or that the board leaves no room for a
    /// straight cut (the break is set instead).
    pub fn new(
        spec: &Spec,
        dir: Option<&std::path::Path>,
        name: &str,
        seed: u64,
    ) -> (Training, Option<String>) {
        let (trainer, mut warning, keep) = match dir.map(|d| Trainer::open(d, name)) {
            Some(Ok((trainer, warning))) => (trainer, warning, true),
            Some(Err(e)) => (in_memory(name), Some(e.to_string()), false),
            None => (in_memory(name), None, false),
        };
        let drill = trainer
            .start(spec, DrillKind::StraightCut, seed)
            .unwrap_or_else(|e| {
                let said = warning.take().map(|w| format!("{w}; ")).unwrap_or_default();
                warning = Some(format!("{said}{e}"));
                Drill::the_break(spec, trainer.level(DrillKind::Break), seed)
            });
        let layout = drill.position.pieces.clone();
        (
            Training {
                trainer,
                keep,
                drill,
                attempts: 0,
                positions: 0,
                seed,
                last: None,
                layout,
                misses_in_row: 0,
                coach_shown: false,
                proposal_task: dir.map(|d| {
                    let (spec, dir, name) = (spec.clone(), d.to_path_buf(), name.to_string());
                    AsyncComputeTaskPool::get().spawn(async move {
                        carrom_trainer::weakest::from_saves(&spec, &dir, &name)
                            .ok()
                            .and_then(|w| w.propose())
                    })
                }),
                proposal: None,
                tried: false,
            },
            warning,
        )
    }

    /// What the shared systems see: the player strikes from the drill's seat (South, but at
    /// a reviewed stroke's position, where the stroke was played from).
    pub fn on_board(&self) -> OnBoard {
        let seat = self.drill.position.seat;
        OnBoard {
            pieces: self.layout.clone(),
            actor: Some(seat),
            computer: false,
            name: self.trainer.progress.name.clone(),
            turns: self.positions as usize,
            due: None,
            title: "training".into(),
            open: true,
            people: vec![seat],
        }
    }

    /// Whether the player's matches are still being read for the drill they call for.
    pub fn reading_matches(&self) -> bool {
        self.proposal_task.is_some()
    }

    /// Whether the coach should show his shot by itself: three attempts missed in a row, and
    /// not shown yet for them.
    pub fn coach_offered(&self) -> bool {
        self.misses_in_row >= 3 && !self.coach_shown
    }

    /// The coach has shown his shot for this run of misses.
    pub fn coach_shown(&mut self) {
        self.coach_shown = true;
    }

    /// Positions set this session (the coach's seed: each position its own).
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// A reviewed stroke's position (Try it) to strike again and again.
    pub fn try_again_and_again(&mut self, drill: Drill) {
        self.positions += 1;
        self.layout = drill.position.pieces.clone();
        self.drill = drill;
        self.tried = true;
    }

    /// A stroke at a reviewed position scored (not counted in the progress) and the position
    /// set again: what the call box says.
    fn score_a_try(&mut self, spec: &Spec, shot: &carrom_physics::Shot) -> Vec<String> {
        let said = match carrom_trainer::score(spec, &self.drill, shot) {
            Ok(score) if score.scored.is_in() => {
                "In: a piece of yours went in and the turn goes on".to_string()
            }
            Ok(score) if matches!(score.scored, carrom_trainer::Scored::Foul { .. }) => score.words,
            Ok(_) => "Missed: no piece of yours went in to keep the turn".to_string(),
            Err(e) => format!("Not scored: {e}"),
        };
        self.attempts += 1;
        self.last = Some(said.clone());
        self.positions += 1;
        self.layout = self.drill.position.pieces.clone();
        vec![
            said,
            "Again: the same position (1-9: the drills)".to_string(),
        ]
    }

    /// A new position at `kind` at the level reached (another attempt, another drill chosen,
    /// or N); its task is what the call box says next ([`Training::task_call`]). A drill the
    /// board leaves no room for is not set: the drill played stays, its position set again.
    pub fn next_attempt(&mut self, spec: &Spec, kind: DrillKind) -> Result<(), NoPosition> {
        self.positions += 1;
        self.tried = false;
        let seed = self
            .seed
            .wrapping_add(self.positions.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let set = self.trainer.start(spec, kind, seed);
        if let Ok(drill) = &set {
            self.drill = drill.clone();
        }
        self.layout = self.drill.position.pieces.clone();
        set.map(|_| ())
    }

    /// The Queen's cover follows her into the pocket: the next stroke of the same attempt.
    fn cover(&mut self, cover: Drill) {
        self.positions += 1;
        self.layout = cover.position.pieces.clone();
        self.drill = cover;
    }

    /// The call that sets a drill's position: "Training: Cut the white man at 1 o'clock ...".
    pub fn task_call(&self) -> String {
        format!("Training: {}", self.drill.task)
    }
}

/// Progress that is not kept (no data directory).
fn in_memory(name: &str) -> Trainer {
    Trainer {
        progress: Progress::new(name),
        path: std::path::PathBuf::new(),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(setup::plugin)
        .add_systems(
            PreUpdate,
            show_the_training.run_if(resource_exists_and_changed::<Training>),
        )
        .add_systems(
            PostUpdate,
            crate::pace::while_busy(Training::reading_matches, "the player's matches being read")
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            Update,
            (
                score_the_stroke.run_if(in_state(Phase::Moving)),
                read_the_proposal,
                choose_drill.run_if(in_state(Phase::Aim)),
                aim_once_loaded.run_if(in_state(Phase::Idle)),
            )
                .after(SimSet)
                .run_if(in_state(Playing::Training)),
        );
}

fn show_the_training(training: Res<Training>, mut board: ResMut<OnBoard>) {
    board.set_if_neq(training.on_board());
}

/// The drill the player's matches call for, once they are read.
fn read_the_proposal(mut training: ResMut<Training>) {
    if let Some(task) = training.proposal_task.as_mut()
        && let Some(proposal) = check_ready(task)
    {
        training.proposal_task = None;
        training.proposal = proposal;
    }
}

/// The stroke came to rest: it is scored on the drill, the attempt recorded and kept, and the
/// next stroke set (the Queen's cover, or a new attempt).
fn score_the_stroke(
    mut stroke: EndedStroke,
    mut training: ResMut<Training>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
    spec: Res<Equipment>,
) {
    let Some((shot, _)) = stroke.take() else {
        return;
    };
    let t = &mut *training;
    if t.tried {
        let lines = t.score_a_try(&spec.0, &shot);
        for line in &lines {
            info!("Training: {line}");
        }
        told.write(Announcement::Call(lines));
        fire.show_table(&t.layout);
        return;
    }
    let drill = t.drill.clone();
    let mut lines = Vec::new();
    match t.trainer.play(&spec.0, &drill, &shot, &Day::today()) {
        Ok(score) => {
            lines.push(score.words.clone());
            t.last = Some(score.words.clone());
            if score.attempt_over() {
                t.attempts += 1;
                if score.scored.is_in() {
                    t.misses_in_row = 0;
                    t.coach_shown = false;
                } else {
                    t.misses_in_row += 1;
                    if t.misses_in_row < 3 {
                        lines.push("H: the coach's shot".into());
                    }
                }
            }
            match score.next {
                Some(cover) => {
                    lines.push(format!("Now: {}", cover.task));
                    t.cover(cover);
                }
                None => {
                    if t.keep
                        && let Err(e) = t.trainer.save()
                    {
                        lines.push(format!("Progress not kept: {e}"));
                    }
                    if let Err(e) = t.next_attempt(&spec.0, drill.kind) {
                        lines.push(e.to_string());
                    }
                    let level = t.trainer.level(drill.kind);
                    if level != drill.level {
                        lines.push(format!("{}: level {level}", drill.kind.key()));
                    }
                }
            }
        }
        Err(e) => {
            lines.push(format!("Not scored: {e}"));
            if let Err(e) = t.next_attempt(&spec.0, drill.kind) {
                lines.push(e.to_string());
            }
        }
    }
    for line in &lines {
        // For a player's script (and the log): what the stroke scored.
        info!("Training: {line}");
    }
    told.write(Announcement::Call(lines));
    fire.show_table(&t.layout);
}

/// 1-9: the drill of that kind; N: another position of this one. The call box says the new
/// task (the last stroke's verdict belongs to the last position); a drill the board leaves no
/// room for is said there instead, and the drill played stays.
fn choose_drill(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut training: ResMut<Training>,
    spec: Res<Equipment>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let Some(keys) = keys else { return };
    const DIGITS: [KeyCode; 9] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    let chosen = DIGITS
        .iter()
        .position(|k| keys.just_pressed(*k))
        .map(|i| DrillKind::ALL[i])
        .or_else(|| {
            keys.just_pressed(KeyCode::KeyN)
                .then_some(training.drill.kind)
        });
    if let Some(kind) = chosen {
        let said = match training.next_attempt(&spec.0, kind) {
            Ok(()) => training.task_call(),
            Err(e) => e.to_string(),
        };
        told.write(Announcement::Call(vec![said]));
        fire.show_table(&training.layout);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three attempts missed in a row: the coach shows his shot by itself, once for the run.
    #[test]
    fn after_three_misses_the_coach_shows_his_shot_once() {
        let spec = Spec::default();
        let (mut t, warning) = Training::new(&spec, None, "Asha", 1);
        assert!(warning.is_none() && !t.keep);
        for misses in 0..3 {
            assert!(!t.coach_offered(), "{misses} misses");
            t.misses_in_row += 1;
        }
        assert!(t.coach_offered());
        t.coach_shown();
        assert!(!t.coach_offered(), "shown once for the run");
    }

    /// Drill 5 on a board with every friction and restitution at 0 (its frame gives nothing
    /// back: no man comes off a cushion): choosing it says why it cannot be set, and the drill
    /// played stays, its position set again; never a panic.
    #[test]
    fn a_drill_the_board_leaves_no_room_for_is_said_and_the_drill_played_stays() {
        let spec = Spec::dead_board();
        let (mut t, warning) = Training::new(&spec, None, "Asha", 1);
        assert_eq!((t.drill.kind, warning), (DrillKind::StraightCut, None));
        let played = t.drill.clone();
        t.layout.clear();
        let e = t.next_attempt(&spec, DrillKind::OffACushion).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("A man off a cushion: no position at level 1 fits this board"),
            "{e}"
        );
        assert_eq!(t.drill, played);
        assert_eq!(t.layout, played.position.pieces);
    }

    /// Choosing another drill (or N) sets a new position and the task the call box says; it
    /// is not an attempt: only strokes are.
    #[test]
    fn choosing_a_drill_sets_its_task_and_is_no_attempt() {
        let spec = Spec::default();
        let (mut t, _) = Training::new(&spec, None, "Asha", 1);
        t.next_attempt(&spec, DrillKind::Cut30).unwrap();
        t.next_attempt(&spec, DrillKind::OffACushion).unwrap();
        assert_eq!((t.attempts, t.positions()), (0, 2));
        assert_eq!(t.drill.kind, DrillKind::OffACushion);
        assert_eq!(t.task_call(), format!("Training: {}", t.drill.task));
        assert!(t.task_call().contains("cushion"), "{}", t.task_call());
    }
}
