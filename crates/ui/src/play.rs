//! The turn flow: place and aim (people by mouse or keys, computers by the bot), the stroke runs
//! on the physics, the referee judges, returned pieces are placed, the next player's turn.

use crate::practice::practice_setup;
use crate::sim::{Equipment, LiveTable, LoadTable, SimSet, SimSpeed, StrokeEnded};
use crate::{Launch, Mode, Phase, Screen, Session, Start, in_mode};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_rapier2d::prelude::*;
use carrom_ai::Computers;
use carrom_match::{Action, SaveFile, StrokeOutcome, outcome_from_roster};
use carrom_physics::{Seat, SeatAxes, Shot};

/// Something the players are told as it happens: the umpire's call (each ruling with its
/// Law, or a practice break's result), or a note (a save written, a replay's end, an error).
#[derive(Message, Debug, Clone, PartialEq)]
pub enum Announcement {
    Call(Vec<String>),
    Note(String),
}

/// What the players were last told (the call box shows it): the last call and any note made
/// since.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct CallLog {
    pub call: Vec<String>,
    pub note: String,
}

fn record_announcements(mut told: MessageReader<Announcement>, mut log: ResMut<CallLog>) {
    for a in told.read() {
        match a {
            Announcement::Call(lines) => {
                log.call = lines.clone();
                log.note.clear();
            }
            Announcement::Note(note) => log.note = note.clone(),
        }
    }
}

/// The striker in hand: where it is on the base line, the aim, and the drag in progress.
#[derive(Resource, Debug, Clone)]
pub struct Aim {
    /// -1..1 along the base line (player's left = -1).
    pub position: f32,
    /// Direction in world space (unit).
    pub dir: Vec2,
    /// 0..1.
    pub power: f32,
    pub drag: Drag,
    /// Why the placement is illegal, if it is.
    pub illegal: Option<String>,
    /// A computer's planned action and the time left before it acts.
    pub planned: Option<Action>,
    pub wait: f32,
    /// Where a returned piece is being dragged.
    pub due_at: Vec2,
    pub due_illegal: Option<String>,
}

impl Default for Aim {
    fn default() -> Self {
        Aim {
            position: 0.0,
            dir: Vec2::Y,
            power: 0.0,
            drag: Drag::None,
            illegal: None,
            planned: None,
            wait: 0.0,
            due_at: Vec2::new(0.05, 0.0),
            due_illegal: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Drag {
    None,
    Place,
    Pull,
    Due,
}

/// The cursor on the board, in metres (set by the window's input system; tests set it).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Pointer {
    pub at: Option<Vec2>,
    pub pressed: bool,
    pub just_pressed: bool,
    pub just_released: bool,
    /// The right button was pressed: a pull is let go without striking.
    pub cancel: bool,
}

/// Seconds a computer shows its aim before it strikes.
#[derive(Resource, Clone, Copy)]
pub struct ComputerDelay(pub f32);

/// A computer player's decision in progress, computed off the frame thread so the window keeps
/// drawing while it searches. The task works on a copy of the table's computer players and
/// hands them back with the action, so the match still replays from its seed.
#[derive(Resource, Default)]
pub struct Thinking(Option<Task<(Option<Action>, Option<Computers>)>>);

impl Thinking {
    pub fn is_thinking(&self) -> bool {
        self.0.is_some()
    }

    /// The turn's decision is this task's answer.
    pub fn start(&mut self, task: Task<(Option<Action>, Option<Computers>)>) {
        self.0 = Some(task);
    }
}

/// The systems that set up a turn when it begins (the modes' plugins order theirs after).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TurnBegins;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Announcement>()
        .init_resource::<CallLog>()
        .init_resource::<Aim>()
        .init_resource::<Thinking>()
        .init_resource::<Pointer>()
        .init_resource::<ResultShown>()
        .add_systems(OnEnter(Phase::BoardOver), show_result)
        .add_systems(OnEnter(Phase::Over), show_result)
        .insert_resource(ComputerDelay(0.8))
        .add_systems(Startup, start_from_launch)
        .add_systems(OnEnter(Screen::Game), load_rest_table)
        .add_systems(OnEnter(Phase::Aim), begin_turn.in_set(TurnBegins))
        .add_systems(OnEnter(Phase::PlaceDue), begin_due)
        .add_systems(
            Update,
            (
                (
                    keys_aim,
                    pointer_aim,
                    collect_decision,
                    check_placement,
                    computer_turn,
                )
                    .chain()
                    .run_if(in_state(Phase::Aim)),
                (pointer_due, computer_due.run_if(not(in_mode(Mode::Replay))))
                    .chain()
                    .run_if(in_state(Phase::PlaceDue)),
                after_board_result.run_if(in_state(Phase::BoardOver)),
                game_keys,
            )
                .before(SimSet)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(PostUpdate, record_announcements)
        .add_systems(
            Update,
            (
                finish_stroke
                    .run_if(in_state(Phase::Moving).and_then(not(in_mode(Mode::Practice)))),
                wait_for_table.run_if(in_state(Phase::Idle)),
            )
                .after(SimSet)
                .run_if(in_state(Screen::Game)),
        );
}

/// Starts the session the command line asked for.
pub fn start_from_launch(
    mut commands: Commands,
    launch: Option<Res<Launch>>,
    spec: Res<Equipment>,
    mut screen: ResMut<NextState<Screen>>,
    mut told: MessageWriter<Announcement>,
    settings: Option<Res<crate::settings::Settings>>,
) {
    let Some(launch) = launch else { return };
    let spec = &spec.0;
    let mut call = Vec::new();
    let session = match &launch.start {
        Start::Menu => return,
        Start::Match(setup) => Session::new(Mode::Match, spec, setup.clone()),
        Start::Demo(setup) => Session::new(Mode::Demo, spec, setup.clone()),
        Start::Practice => Session::new(Mode::Practice, spec, practice_setup()),
        Start::Replay(file) => Session::new(Mode::Replay, spec, file.setup.clone()).map(|mut s| {
            s.replay_actions = file.actions.iter().copied().collect();
            call = vec![format!(
                "Replay: {} actions, {} rules, seed {}",
                file.actions.len(),
                file.setup.rules_name,
                file.setup.seed
            )];
            s
        }),
        Start::Resume(game) => Session::new(Mode::Match, spec, game.setup.clone()).map(|mut s| {
            s.model = (**game).clone();
            call = s.model.last_call();
            // Resumed just after a board ended: its result is shown again.
            let ended = s
                .model
                .last
                .as_ref()
                .is_some_and(|v| v.board_result.is_some() || v.board_cancelled);
            s.results_seen = s.model.stats.boards.len() - usize::from(ended);
            s
        }),
    };
    let mut session = match session {
        Ok(session) => session,
        Err(e) => {
            error!("cannot start: {e}");
            return;
        }
    };
    told.write(Announcement::Call(call));
    let settings = settings.map(|s| s.clone()).unwrap_or_default();
    session.fixed_board = launch.fixed_board || settings.fixed_board;
    session.hints = launch.hints;
    if session.mode == Mode::Match && session.model.setup.rules_name == "icf" {
        session.guides = settings.guide_in_icf_matches;
    }
    if let Some(p) = &launch.save_path {
        session.save_path = p.clone();
    } else if session.mode == Mode::Match {
        session.save_path = crate::settings::save_path_for(&session.model.setup);
    }
    if session.mode == Mode::Match {
        // A finished match keeps its replay next to the save.
        session.replay_path = Some(session.save_path.with_extension("replay.json"));
    }
    commands.insert_resource(session);
    screen.set(Screen::Game);
}

/// Loads the pieces at rest onto the rapier context and waits a frame for it.
pub fn load_rest_table(
    session: Option<Res<Session>>,
    mut load: MessageWriter<LoadTable>,
    mut phase: ResMut<NextState<Phase>>,
) {
    let Some(session) = session else { return };
    load.write(LoadTable {
        pieces: session.layout().to_vec(),
        shot: None,
    });
    phase.set(Phase::Idle);
}

/// After a load: on to the right phase.
fn wait_for_table(
    session: Option<Res<Session>>,
    live: Res<LiveTable>,
    mut phase: ResMut<NextState<Phase>>,
) {
    let Some(session) = session else { return };
    if live.roster.is_none() || live.running {
        return;
    }
    phase.set(next_phase(&session));
}

fn next_phase(session: &Session) -> Phase {
    if session.mode == Mode::Practice {
        return Phase::Aim;
    }
    if session.board_result().is_some() {
        Phase::BoardOver
    } else if !session.model.pending.is_empty() {
        Phase::PlaceDue
    } else if session.model.turn().is_none() {
        Phase::Over
    } else {
        Phase::Aim
    }
}

fn begin_turn(
    mut aim: ResMut<Aim>,
    mut session: Option<ResMut<Session>>,
    mut thinking: ResMut<Thinking>,
    spec: Res<Equipment>,
) {
    let Some(session) = session.as_deref_mut() else {
        return;
    };
    // A decision still running for an abandoned turn is cancelled (dropping a task cancels it).
    thinking.0 = None;
    let Some(seat) = session.actor() else { return };
    *aim = Aim::default();
    aim.dir = Vec2::new(seat.forward().x, seat.forward().y);
    if session.mode == Mode::Replay {
        // The replay plugin hands over the recorded stroke.
    } else if session.actor_is_computer() {
        let model = session.model.clone();
        let mut computers = session.computers.clone();
        thinking.start(AsyncComputeTaskPool::get().spawn(async move {
            let action = computers.act(&model);
            (action, Some(computers))
        }));
    } else {
        // Start at the first legal place from the middle.
        for k in 0..40 {
            let p = if k % 2 == 0 {
                k as f32 * 0.025
            } else {
                -(k as f32) * 0.025
            };
            let s = Shot {
                seat,
                position: p,
                angle_deg: 0.0,
                power: 0.5,
            };
            if s.validate(&spec.0, session.layout()).is_ok() {
                aim.position = p;
                break;
            }
        }
    }
}

/// The shot the aim describes.
pub fn aim_shot(aim: &Aim, seat: Seat) -> Shot {
    let angle = angle_for(seat, [aim.dir.x, aim.dir.y]);
    Shot {
        seat,
        position: aim.position.clamp(-1.0, 1.0),
        angle_deg: angle,
        power: aim.power.clamp(0.0, 1.0),
    }
}

/// The shot's angle (degrees, counter-clockwise from the seat's forward direction) for a
/// direction on the board.
pub fn angle_for(seat: Seat, dir: [f32; 2]) -> f32 {
    let f = seat.forward();
    let cross = f.x * dir[1] - f.y * dir[0];
    let dot = f.x * dir[0] + f.y * dir[1];
    cross.atan2(dot).to_degrees()
}

fn check_placement(mut aim: ResMut<Aim>, session: Option<Res<Session>>, spec: Res<Equipment>) {
    let Some(session) = session else { return };
    let Some(seat) = session.actor() else { return };
    let shot = aim_shot(&aim, seat);
    let r = spec.0.board.coin_radius();
    let illegal = spec
        .0
        .board
        .check_striker_placement(
            seat,
            shot.striker_at(&spec.0),
            session.layout().iter().map(|p| (p.pos(), r)),
        )
        .err()
        .map(|e| e.to_string());
    if aim.illegal != illegal {
        aim.illegal = illegal;
    }
}

fn keys_aim(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    time: Res<Time>,
    mut aim: ResMut<Aim>,
    session: Option<Res<Session>>,
    mut fire: FireParams,
) {
    let (Some(keys), Some(session)) = (keys, session) else {
        return;
    };
    if session.actor_is_computer() {
        return;
    }
    let dt = time.delta_secs();
    let fine = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let fast = if fine { 0.25 } else { 1.0 };
    // A tap moves a visible step (a held key then moves smoothly): 1 cm along the base line,
    // 1 degree of aim, 5% of power; a quarter of that with Shift.
    let step = |k: KeyCode| keys.just_pressed(k);
    let held = |k: KeyCode| keys.pressed(k) && !keys.just_pressed(k);
    let along = 0.02 * fast;
    if step(KeyCode::ArrowLeft) {
        aim.position = (aim.position - along).max(-1.0);
    }
    if step(KeyCode::ArrowRight) {
        aim.position = (aim.position + along).min(1.0);
    }
    if held(KeyCode::ArrowLeft) {
        aim.position = (aim.position - 0.5 * dt * fast).max(-1.0);
    }
    if held(KeyCode::ArrowRight) {
        aim.position = (aim.position + 0.5 * dt * fast).min(1.0);
    }
    let degree = 1f32.to_radians() * fast;
    if step(KeyCode::KeyA) {
        aim.dir = Vec2::from_angle(degree).rotate(aim.dir);
    }
    if step(KeyCode::KeyD) {
        aim.dir = Vec2::from_angle(-degree).rotate(aim.dir);
    }
    let turn = 60f32.to_radians() * dt * fast;
    if held(KeyCode::KeyA) {
        aim.dir = Vec2::from_angle(turn).rotate(aim.dir);
    }
    if held(KeyCode::KeyD) {
        aim.dir = Vec2::from_angle(-turn).rotate(aim.dir);
    }
    if step(KeyCode::KeyW) || step(KeyCode::ArrowUp) {
        aim.power = (aim.power + 0.05 * fast).min(1.0);
    }
    if step(KeyCode::KeyS) || step(KeyCode::ArrowDown) {
        aim.power = (aim.power - 0.05 * fast).max(0.0);
    }
    if held(KeyCode::KeyW) || held(KeyCode::ArrowUp) {
        aim.power = (aim.power + 0.6 * dt * fast).min(1.0);
    }
    if held(KeyCode::KeyS) || held(KeyCode::ArrowDown) {
        aim.power = (aim.power - 0.6 * dt * fast).max(0.0);
    }
    if keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter) {
        let seat = session.actor().unwrap_or(Seat::South);
        let shot = aim_shot(&aim, seat);
        if aim.illegal.is_none() && shot.power > 0.01 {
            fire.fire(&session, shot);
        }
    }
}

/// The pull (metres from the striker's centre) that gives full power.
pub const FULL_PULL: f32 = 0.17;

/// The power of a pull of `pull` metres from the striker's centre (radius `rs`): nothing while
/// the pointer is on the striker (letting go there cancels), full at [`FULL_PULL`], and a
/// curve between, so soft strokes have room: half the pull is under a third of the power.
pub fn power_of_pull(pull: f32, rs: f32) -> f32 {
    let x = ((pull - rs) / (FULL_PULL - rs)).clamp(0.0, 1.0);
    x.powf(1.7)
}

/// Mouse: drag the striker along the base line; pull back from it (slingshot) to aim, release
/// to strike.
fn pointer_aim(
    mut aim: ResMut<Aim>,
    pointer: Res<Pointer>,
    session: Option<Res<Session>>,
    spec: Res<Equipment>,
    mut fire: FireParams,
) {
    let Some(session) = session else { return };
    if session.actor_is_computer() {
        return;
    }
    let Some(seat) = session.actor() else { return };
    let spec_ = &spec.0;
    let striker = aim_shot(&aim, seat).striker_at(spec_);
    let striker = Vec2::new(striker.x, striker.y);
    if pointer.just_pressed
        && let Some(at) = pointer.at
    {
        aim.drag =
            if at.distance(striker) < spec_.board.striker_radius() * 1.3 && aim.illegal.is_none() {
                Drag::Pull
            } else {
                Drag::Place
            };
    }
    if let Some(at) = pointer.at {
        match aim.drag {
            Drag::Place => {
                let r = seat.right_hand();
                let along = at.dot(Vec2::new(r.x, r.y));
                aim.position = (along / (0.5 * spec_.board.base_line_length)).clamp(-1.0, 1.0);
            }
            Drag::Pull => {
                let pull = striker - at;
                let rs = spec_.board.striker_radius();
                if pull.length() > rs {
                    aim.dir = pull.normalize();
                }
                aim.power = power_of_pull(pull.length(), rs);
            }
            _ => {}
        }
    }
    if pointer.cancel && aim.drag == Drag::Pull {
        // A right-click lets go of the pull without striking.
        aim.drag = Drag::None;
        aim.power = 0.0;
    }
    if pointer.just_released {
        if aim.drag == Drag::Pull && aim.illegal.is_none() && aim.power > 0.01 {
            fire.fire(&session, aim_shot(&aim, seat));
        }
        aim.drag = Drag::None;
    }
}

/// What firing a stroke needs.
#[derive(bevy::ecs::system::SystemParam)]
pub struct FireParams<'w> {
    load: MessageWriter<'w, LoadTable>,
    pub phase: ResMut<'w, NextState<Phase>>,
    spec: Res<'w, Equipment>,
}

impl FireParams<'_> {
    /// Puts the session's pieces at rest on the table; the next turn begins once it is loaded.
    pub fn show_table(&mut self, session: &Session) {
        self.load.write(LoadTable {
            pieces: session.layout().to_vec(),
            shot: None,
        });
        self.phase.set(Phase::Idle);
    }

    /// Strikes, if the stroke is legal.
    pub fn fire(&mut self, session: &Session, shot: Shot) -> bool {
        let ok = match session.mode {
            Mode::Practice => shot.validate(&self.spec.0, session.layout()).is_ok(),
            _ => session.model.check_shot(&shot).is_ok(),
        };
        if ok {
            self.load.write(LoadTable {
                pieces: session.layout().to_vec(),
                shot: Some(shot),
            });
            self.phase.set(Phase::Moving);
        }
        ok
    }
}

/// Takes a computer's decision when it is ready and shows its aim until it strikes.
fn collect_decision(
    mut thinking: ResMut<Thinking>,
    mut aim: ResMut<Aim>,
    session: Option<ResMut<Session>>,
    delay: Res<ComputerDelay>,
    spec: Res<Equipment>,
) {
    let Some(task) = thinking.0.as_mut() else {
        return;
    };
    let Some((action, computers)) = check_ready(task) else {
        return;
    };
    thinking.0 = None;
    if let (Some(computers), Some(mut session)) = (computers, session) {
        session.computers = computers;
    }
    if let Some(Action::Stroke { shot }) = action {
        aim.position = shot.position;
        let v = shot.striker_velocity(&spec.0);
        aim.dir = Vec2::new(v.x, v.y).normalize_or(Vec2::Y);
        aim.power = shot.power;
    }
    aim.planned = action;
    aim.wait = delay.0;
}

fn computer_turn(
    time: Res<Time>,
    speed: Res<SimSpeed>,
    mut aim: ResMut<Aim>,
    session: Option<ResMut<Session>>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let Some(mut session) = session else { return };
    if !session.actor_is_computer() || speed.paused {
        return;
    }
    // The computer's aim stays on screen long enough to be seen even at 8x (the stroke itself
    // runs at the full speed factor).
    aim.wait -= time.delta_secs() * speed.factor.clamp(1.0, 2.0);
    if speed.steps_per_frame.is_some() {
        aim.wait = 0.0;
    }
    if aim.wait > 0.0 {
        return;
    }
    match aim.planned.take() {
        Some(Action::Stroke { shot }) => {
            fire.fire(&session, shot);
        }
        Some(Action::Pass) => {
            // No legal striker placement (Law 137): the turn is passed on the table as it is.
            match session.model.pass() {
                Ok(_) => told.write(Announcement::Call(session.model.last_call())),
                Err(e) => told.write(Announcement::Note(format!("referee: {e}"))),
            };
            fire.show_table(&session);
        }
        _ => {}
    }
}

/// A stroke that came to rest, read from the live board by the match layer's umpire.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EndedStroke<'w, 's> {
    ended: MessageReader<'w, 's, StrokeEnded>,
    live: Res<'w, LiveTable>,
    ctx: Query<'w, 's, &'static RapierRigidBodySet, With<DefaultRapierContext>>,
}

impl EndedStroke<'_, '_> {
    /// The stroke that came to rest since the last look, and what it did.
    pub fn take(&mut self) -> Option<(Shot, StrokeOutcome)> {
        let StrokeEnded { shot } = self.ended.read().last().copied()?;
        let roster = self.live.roster.as_ref()?;
        let bodies = self.ctx.single().ok()?;
        Some((
            shot,
            outcome_from_roster(roster, &bodies.bodies, &self.live.events),
        ))
    }
}

/// The stroke came to rest: the referee judges it, and what comes next is set up.
pub fn finish_stroke(
    mut stroke: EndedStroke,
    session: Option<ResMut<Session>>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
    settings_file: Option<Res<crate::settings::SettingsFile>>,
) {
    let Some((shot, outcome)) = stroke.take() else {
        return;
    };
    let Some(mut session) = session else { return };
    match session.model.apply_stroke(shot, outcome) {
        Ok(v) => {
            let lines = session.model.verdict_lines(&v);
            for l in &lines {
                info!("{l}");
            }
            told.write(Announcement::Call(session.model.last_call()));
            if v.match_result.is_some()
                && let Some(path) = session.replay_path.clone()
            {
                told.write(Announcement::Note(
                    match write_match(&session.model, &path) {
                        Ok(()) => format!("Replay written to {}", path.display()),
                        Err(e) => format!("Replay not written: {e}"),
                    },
                ));
            }
        }
        Err(e) => {
            told.write(Announcement::Note(format!("referee: {e}")));
        }
    }
    if let Some(e) = autosave(&session, settings_file.as_deref()) {
        told.write(Announcement::Note(e));
    }
    if session.board_result().is_some() {
        // The board's last position stays under its result; the next rack comes after.
        fire.phase.set(Phase::BoardOver);
    } else {
        fire.show_table(&session);
    }
}

/// The seed of the match after one seeded `seed` (another demo, a match played again).
pub fn next_seed(seed: u64) -> u64 {
    seed.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
}

/// Another match at the table: the same players and rules with the next seed (in a demo,
/// another demo). The board's view, hints and save paths stay as they were.
pub fn play_again(session: &mut Session, spec: &carrom_physics::Spec) -> Result<(), String> {
    let mut setup = session.model.setup.clone();
    setup.seed = next_seed(setup.seed);
    let mode = match session.mode {
        Mode::Replay => Mode::Demo,
        m => m,
    };
    let mut next = Session::new(mode, spec, setup)?;
    next.fixed_board = session.fixed_board;
    next.hints = session.hints;
    next.save_path = session.save_path.clone();
    next.replay_path = session.replay_path.clone();
    *session = next;
    Ok(())
}

/// Seconds a board's result stays up when nobody at the table is a person.
const RESULT_SECONDS: f32 = 4.0;

/// The time a board's result, or the match summary, has been shown.
#[derive(Resource, Default)]
pub struct ResultShown(pub f32);

/// Seconds of grace before a result takes a click or a key: the click or key meant for what
/// came before it (the last stroke, a due) does not also dismiss it.
pub const RESULT_GRACE: f32 = 0.3;

fn show_result(mut shown: ResMut<ResultShown>) {
    shown.0 = 0.0;
}

/// The players go on from a board's result (a click, Enter or Space; by themselves after a
/// few seconds when only computers play): the next board is racked.
fn after_board_result(
    time: Res<Time>,
    speed: Res<SimSpeed>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    pointer: Res<Pointer>,
    mut shown: ResMut<ResultShown>,
    session: Option<ResMut<Session>>,
    mut fire: FireParams,
) {
    let Some(mut session) = session else { return };
    if !speed.paused {
        shown.0 += time.delta_secs() * speed.factor.clamp(1.0, 2.0);
    }
    let asked = pointer.just_pressed
        || keys.is_some_and(|k| k.just_pressed(KeyCode::Enter) || k.just_pressed(KeyCode::Space));
    let timed_out =
        session.watched() && (shown.0 >= RESULT_SECONDS || speed.steps_per_frame.is_some());
    if (asked && shown.0 > RESULT_GRACE) || timed_out {
        session.results_seen = session.model.stats.boards.len();
        fire.show_table(&session);
    }
}

fn begin_due(mut aim: ResMut<Aim>, session: Option<Res<Session>>, delay: Res<ComputerDelay>) {
    let Some(session) = session else { return };
    let at = session.model.free_due_spot(0.0);
    aim.due_at = Vec2::new(at[0], at[1]);
    aim.drag = Drag::None;
    aim.wait = delay.0 * 0.5;
    aim.due_illegal = session
        .model
        .check_place(at[0], at[1])
        .err()
        .map(String::from);
}

/// Puts the next returned piece down at `at`, if the Laws allow it there.
pub fn place_due(session: &mut Session, at: Vec2, fire: &mut FireParams) -> Result<(), String> {
    session.model.place(at.x, at.y)?;
    fire.show_table(session);
    Ok(())
}

fn pointer_due(
    mut aim: ResMut<Aim>,
    pointer: Res<Pointer>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Option<ResMut<Session>>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let Some(mut session) = session else { return };
    if session.actor_is_computer() {
        return;
    }
    if pointer.just_pressed
        && let Some(at) = pointer.at
        && at.distance(aim.due_at) < 0.03
    {
        aim.drag = Drag::Due;
    }
    if aim.drag == Drag::Due
        && let Some(at) = pointer.at
    {
        aim.due_at = at;
    }
    aim.due_illegal = session
        .model
        .check_place(aim.due_at.x, aim.due_at.y)
        .err()
        .map(String::from);
    let confirm =
        keys.is_some_and(|k| k.just_pressed(KeyCode::Enter) || k.just_pressed(KeyCode::Space));
    if (pointer.just_released && aim.drag == Drag::Due) || confirm {
        aim.drag = Drag::None;
        if aim.due_illegal.is_none() {
            let at = aim.due_at;
            if let Err(e) = place_due(&mut session, at, &mut fire) {
                told.write(Announcement::Note(e));
            }
        }
    }
}

fn computer_due(
    time: Res<Time>,
    mut aim: ResMut<Aim>,
    session: Option<ResMut<Session>>,
    speed: Res<SimSpeed>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let Some(mut session) = session else { return };
    if !session.actor_is_computer() {
        return;
    }
    // The computer's aim stays on screen long enough to be seen even at 8x (the stroke itself
    // runs at the full speed factor).
    aim.wait -= time.delta_secs() * speed.factor.clamp(1.0, 2.0);
    if aim.wait > 0.0 && speed.steps_per_frame.is_none() {
        return;
    }
    let session = &mut *session;
    let action = session.computers.act(&session.model);
    if let Some(Action::Place { x, y }) = action
        && let Err(e) = place_due(session, Vec2::new(x, y), &mut fire)
    {
        told.write(Announcement::Note(e));
    }
}

/// Keys in any phase and mode: the board fixed or turning (F), back to the menu (Esc), and in a
/// match the save (F5). The modes' own keys are in their plugins. In a match being played,
/// Esc asks first (a second Esc leaves; the match is kept for the menu's Continue).
fn game_keys(
    time: Res<Time>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Option<ResMut<Session>>,
    mut screen: ResMut<NextState<Screen>>,
    mut told: MessageWriter<Announcement>,
    mut asked: Local<Option<f64>>,
) {
    let (Some(keys), Some(mut session)) = (keys, session) else {
        return;
    };
    if keys.just_pressed(KeyCode::KeyF) {
        session.fixed_board = !session.fixed_board;
    }
    if keys.just_pressed(KeyCode::Escape) {
        let now = time.elapsed_secs_f64();
        let playing = session.mode == Mode::Match && !session.model.is_over();
        if playing && !asked.is_some_and(|t| now - t < 4.0) {
            *asked = Some(now);
            told.write(Announcement::Note(
                "Press Esc again to leave for the menu: the match is kept (Continue).".into(),
            ));
            return;
        }
        *asked = None;
        // The turn's phase goes with the game screen; the session stays for Continue.
        screen.set(Screen::Menu);
        return;
    }
    if session.mode == Mode::Match && keys.just_pressed(KeyCode::F5) {
        let path = session.save_path.clone();
        told.write(Announcement::Note(
            match write_match(&session.model, &path) {
                Ok(()) => format!("Saved to {}", path.display()),
                Err(e) => format!("Save failed: {e}"),
            },
        ));
    }
}

/// After each stroke of a match in the window, the match is written to the autosave (the
/// menu's Continue); a finished match removes it. Nothing is written without a settings file
/// (tests, screenshots).
pub fn autosave(session: &Session, file: Option<&crate::settings::SettingsFile>) -> Option<String> {
    if session.mode != Mode::Match || file.is_none_or(|f| f.path.is_none()) {
        return None;
    }
    let path = crate::settings::autosave_path()?;
    if session.model.is_over() {
        let _ = std::fs::remove_file(&path);
        return None;
    }
    write_match(&session.model, &path)
        .err()
        .map(|e| format!("Autosave failed: {e}"))
}

/// Writes the match as a save at `path` (atomically, as every save), making its directory
/// first: the F5 save, the autosave and the finished match's replay.
fn write_match(model: &carrom_match::Match, path: &std::path::Path) -> Result<(), String> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        let _ = std::fs::create_dir_all(dir);
    }
    Ok(SaveFile::of(model).write(path)?)
}
