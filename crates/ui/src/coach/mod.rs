//! The coach on the board. `H` asks for the best shot for the player to strike (the hard
//! level's search at his seat and rules, off the frame: [`crate::work`]), which
//! is drawn on the board — the striker's place, its line to the target, the target and its
//! path to the pocket — with a line saying what it is and how often it goes in; `J` applies it
//! (the striker and aim go there; the player still strikes). In practice it is always there;
//! in a match only when the players turned hints on (`--hints`). In demos each computer's plan
//! is shown before it strikes, and `L` toggles the other shots it weighed. In break practice `M`
//! shows the break map of the rack on the board.

pub mod draw;

use crate::modes::OnBoard;
use crate::modes::table::Table;
use crate::modes::training::Training;
use crate::modes::turn::{Aim, Thinking, aim_shot};
use crate::pace;
use crate::sim::Equipment;
use crate::states::{Phase, Playing, Refereed, Screen, Watched};
use bevy::prelude::*;
use bevy::tasks::Task;
use bevy::tasks::futures::check_ready;
use carrom_ai::breaks::BreakMap;
use carrom_ai::coach::{Commentary, Goal, Hint, OwnShotJudged};
use carrom_physics::{Piece, Seat};
use carrom_referee::Referee;

/// Why the coach gives no hint (the words are the ones the coach's line shows).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NoHint {
    #[error("no hint: the match is over")]
    MatchOver,
    #[error("no hint: a computer is to strike")]
    ComputerToStrike,
    #[error("no hint while a piece is being placed")]
    PieceBeingPlaced,
    #[error(
        "hints are off in this match (the menu's Coach's hints in matches turns them on, as --hints does)"
    )]
    HintsOff,
    #[error("no hint: it is not this player's turn")]
    NotThisPlayersTurn,
    /// The position on the board is not one the referee can stand at (its words).
    #[error("no hint here: {0}")]
    NoPosition(carrom_referee::PositionError),
    #[error("no hint: no legal place for the striker (Law 142)")]
    NoLegalPlace,
}

/// The hint asked for, being computed, or shown; and the demo's commentary.
#[derive(Resource, Default)]
pub struct Coach {
    task: Option<Task<Option<Hint>>>,
    /// The hint on the board, for the player at this seat, at this many actions into the
    /// match (a hint is cleared as soon as anything moves).
    pub shown: Option<(Hint, Seat, usize)>,
    /// Why there is no hint (no legal place, hints off).
    pub note: Option<NoHint>,
    /// The demo computer's plan for the stroke it is about to play.
    pub plan: Option<Commentary>,
    /// Show the other shots the computer weighed.
    pub lines: bool,
    /// The position the hint was asked for (its pieces and the referee's state).
    asked: Option<(Vec<Piece>, Referee)>,
    /// After a stroke played with a hint on the board: the player's shot against the coach's.
    judging: Option<Task<OwnShotJudged>>,
    pub judged: Option<OwnShotJudged>,
    /// Break practice: the break map being computed, or shown (`M`).
    map_task: Option<Task<BreakMap>>,
    pub map: Option<BreakMap>,
}

impl Coach {
    pub fn thinking(&self) -> bool {
        self.task.is_some()
    }

    /// Something is being worked out off the frame thread (a hint, a judgement of the last
    /// stroke, the break map): the frames go on until it is ready.
    pub fn busy(&self) -> bool {
        self.task.is_some() || self.judging.is_some() || self.map_task.is_some()
    }

    /// Asks for the break map of the practice rack (at the benchmark's noise).
    pub fn ask_map(&mut self, spec: &carrom_physics::Spec) {
        self.map = None;
        self.map_task = Some(crate::work::break_map(spec));
    }
}

/// The coach's words on the screen (the page's live region reads them too).
#[derive(Component)]
pub struct CoachText;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Coach>()
        .add_systems(OnEnter(Screen::Game), draw::spawn_text)
        .add_systems(OnEnter(Phase::Moving), judge_the_stroke)
        .add_systems(OnExit(Screen::Game), clear)
        .add_systems(
            PostUpdate,
            pace::while_working(Coach::busy, "the coach").run_if(in_state(Screen::Game)),
        )
        // Another match at the table starts without the last one's hint or judgement.
        .add_observer(|_: On<crate::modes::table::PlayAgain>, coach: ResMut<Coach>| clear(coach))
        .add_systems(
            Update,
            (
                (
                    keys,
                    hint_at_the_table.run_if(in_state(Refereed)),
                    hint_in_practice.run_if(in_state(Playing::Practice)),
                    hint_in_training.run_if(in_state(Playing::Training)),
                    map_key.run_if(in_state(Playing::Practice)),
                ),
                collect,
                take_plan.run_if(in_state(Refereed)),
                forget_stale,
                draw::draw_hint,
                draw::draw_map.run_if(in_state(Playing::Practice)),
                draw::draw_review.run_if(in_state(Playing::Review)),
                draw::place_text,
                draw::update_text,
            )
                .chain()
                .run_if(in_state(Screen::Game)),
        );
}

/// May the player to act at the table ask for a hint now, and on what position? `watched`, in
/// a demo or a replay (nobody at the table plays).
fn at_the_table(table: &Table, watched: bool) -> Result<(Seat, Vec<Piece>, Referee), NoHint> {
    let seat = table.actor().ok_or(NoHint::MatchOver)?;
    if watched || table.actor_is_computer() {
        return Err(NoHint::ComputerToStrike);
    }
    if table.model.placer().is_some() {
        return Err(NoHint::PieceBeingPlaced);
    }
    if !table.hints {
        return Err(NoHint::HintsOff);
    }
    let referee = table.model.referee;
    if referee.turn() != Some(seat) {
        return Err(NoHint::NotThisPlayersTurn);
    }
    Ok((seat, table.model.layout.clone(), referee))
}

/// Practice's position as the referee sees it: the player plays white from South on whatever
/// is left (no opponent).
fn in_practice(board: &OnBoard) -> Result<(Seat, Vec<Piece>, Referee), NoHint> {
    let layout = board.pieces.clone();
    let referee = carrom_match::referee_for_south(&layout).map_err(NoHint::NoPosition)?;
    Ok((Seat::South, layout, referee))
}

/// Starts computing a hint on `position` (from [`at_the_table`] or [`in_practice`]), seeded
/// with `seed`.
fn ask(
    coach: &mut Coach,
    position: Result<(Seat, Vec<Piece>, Referee), NoHint>,
    spec: &carrom_physics::Spec,
    seed: u64,
) {
    ask_for(coach, position, spec, Goal::BestMove, seed);
}

/// [`ask`] for a `goal`: the best move, or a drill's task.
fn ask_for(
    coach: &mut Coach,
    position: Result<(Seat, Vec<Piece>, Referee), NoHint>,
    spec: &carrom_physics::Spec,
    goal: Goal,
    seed: u64,
) {
    coach.shown = None;
    coach.judged = None;
    coach.note = None;
    match position {
        Ok((seat, layout, referee)) => {
            coach.asked = Some((layout.clone(), referee));
            coach.task = Some(crate::work::hint(crate::work::AskCoach {
                spec: spec.clone(),
                layout,
                seat,
                referee,
                goal,
                seed,
            }));
        }
        Err(e) => coach.note = Some(e),
    }
}

/// Starts computing a hint for the player to strike at the table (`watched`: in a demo or a
/// replay).
pub fn ask_at_the_table(
    coach: &mut Coach,
    table: &Table,
    watched: bool,
    spec: &carrom_physics::Spec,
) {
    let seed = table.model.actions.len() as u64;
    ask(coach, at_the_table(table, watched), spec, seed);
}

/// H asked for a hint: a second H hides it.
fn wants_a_hint(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    coach: &mut Coach,
    phase: &State<Phase>,
) -> bool {
    if *phase.get() != Phase::Aim || !keys.is_some_and(|k| k.just_pressed(KeyCode::KeyH)) {
        return false;
    }
    if coach.shown.is_some() || coach.task.is_some() {
        coach.shown = None;
        coach.task = None;
        return false;
    }
    true
}

fn hint_at_the_table(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut coach: ResMut<Coach>,
    phase: Res<State<Phase>>,
    table: Res<Table>,
    watched: Option<Res<State<Watched>>>,
    spec: Res<Equipment>,
) {
    if wants_a_hint(keys, &mut coach, &phase) {
        ask_at_the_table(&mut coach, &table, watched.is_some(), &spec.0);
    }
}

fn hint_in_practice(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut coach: ResMut<Coach>,
    phase: Res<State<Phase>>,
    board: Res<OnBoard>,
    spec: Res<Equipment>,
) {
    if wants_a_hint(keys, &mut coach, &phase) {
        ask(&mut coach, in_practice(&board), &spec.0, 0);
    }
}

/// Training: the drill's position as its referee stands (South plays white, but at a
/// reviewed stroke's position).
fn in_training(training: &Training) -> (Seat, Vec<Piece>, Referee) {
    (
        training.drill.position.seat,
        training.layout.clone(),
        training.drill.referee(),
    )
}

/// Training: H asks the coach for the drill's shot (one that does the drill's task: its
/// target into its pocket); after three misses in a row it is shown by itself.
fn hint_in_training(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut coach: ResMut<Coach>,
    phase: Res<State<Phase>>,
    mut training: ResMut<Training>,
    spec: Res<Equipment>,
) {
    let asked = wants_a_hint(keys, &mut coach, &phase);
    let offered = *phase.get() == Phase::Aim
        && training.coach_offered()
        && coach.shown.is_none()
        && coach.task.is_none();
    if asked || offered {
        if offered {
            training.coach_shown();
        }
        let seed = training.positions();
        let goal = carrom_trainer::coach::goal(&training.drill);
        ask_for(&mut coach, Ok(in_training(&training)), &spec.0, goal, seed);
    }
}

/// M: the break map of practice's rack, shown or hidden.
fn map_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut coach: ResMut<Coach>,
    spec: Res<Equipment>,
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::KeyM)) {
        return;
    }
    if coach.map.is_some() || coach.map_task.is_some() {
        coach.map = None;
        coach.map_task = None;
    } else {
        coach.ask_map(&spec.0);
    }
}

/// L: the computer's other lines; J: the hint applied.
fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut coach: ResMut<Coach>,
    phase: Res<State<Phase>>,
    mut aim: ResMut<Aim>,
    spec: Res<Equipment>,
) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::KeyL) {
        coach.lines = !coach.lines;
    }
    if *phase.get() == Phase::Aim
        && keys.just_pressed(KeyCode::KeyJ)
        && let Some((h, _, _)) = &coach.shown
    {
        apply(&mut aim, h, &spec.0);
    }
}

/// Puts the striker and the aim where the hint says; the player still strikes.
pub fn apply(aim: &mut Aim, hint: &Hint, spec: &carrom_physics::Spec) {
    let shot = hint.best.shot;
    aim.position = shot.position;
    let v = shot.striker_velocity(spec);
    aim.dir = Vec2::new(v.x, v.y).normalize_or(Vec2::Y);
    aim.power = shot.power;
}

/// A person strikes with the coach's hint on the board: his shot and the coach's are measured
/// on the position he played from, in the background.
fn judge_the_stroke(
    mut coach: ResMut<Coach>,
    board: Res<OnBoard>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
) {
    coach.judged = None;
    coach.judging = None;
    let (Some((h, seat, at)), Some((layout, referee))) = (&coach.shown, &coach.asked) else {
        return;
    };
    if *at != board.turns || board.computer {
        return;
    }
    let question = crate::work::JudgeOwn {
        spec: spec.0.clone(),
        layout: layout.clone(),
        seat: *seat,
        referee: *referee,
        yours: aim_shot(&aim, *seat),
        measured: h.best.measured.clone(),
        coachs: h.best.clone(),
    };
    coach.judging = Some(crate::work::judge_own(question));
}

fn collect(mut coach: ResMut<Coach>, board: Res<OnBoard>) {
    if let Some(task) = coach.judging.as_mut()
        && let Some(judged) = check_ready(task)
    {
        coach.judged = Some(judged);
        coach.judging = None;
    }
    if let Some(task) = coach.map_task.as_mut()
        && let Some(map) = check_ready(task)
    {
        coach.map = Some(map);
        coach.map_task = None;
    }
    let Some(task) = coach.task.as_mut() else {
        return;
    };
    let Some(result) = check_ready(task) else {
        return;
    };
    coach.task = None;
    match result {
        Some(h) => {
            let seat = h.best.shot.seat;
            // In the log too, as the calls are (a player's script reads it).
            info!("Coach: {}", carrom_ai::coach::describe(&h.best, seat));
            coach.shown = Some((h, seat, board.turns));
        }
        None => coach.note = Some(NoHint::NoLegalPlace),
    }
}

/// The demo's computers announce each stroke (the commentary comes back with their decision).
fn take_plan(mut coach: ResMut<Coach>, mut table: ResMut<Table>) {
    // Only a demo's computers comment (the table is left unchanged otherwise).
    if table.computers.last_commentary.is_none() {
        return;
    }
    if let Some(plan) = table.computers.last_commentary.take() {
        coach.plan = Some(plan);
    }
}

/// A hint belongs to the position it was asked for; a computer's plan to its stroke (it goes
/// when the next decision is thought about, not shown beside the one thinking).
fn forget_stale(
    mut coach: ResMut<Coach>,
    board: Res<OnBoard>,
    phase: Res<State<Phase>>,
    thinking: Res<Thinking>,
) {
    if thinking.is_thinking() && coach.plan.is_some() {
        coach.plan = None;
    }
    let moved = *phase.get() == Phase::Moving;
    let actions = board.turns;
    if let Some((_, _, at)) = &coach.shown
        && (*at != actions || moved)
    {
        coach.shown = None;
    }
    if moved {
        coach.task = None;
        coach.note = None;
    }
}

fn clear(mut coach: ResMut<Coach>) {
    *coach = Coach::default();
}
