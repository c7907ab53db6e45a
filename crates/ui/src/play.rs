//! The turn flow: place and aim (people by mouse or keys, computers by the bot), the stroke runs
//! on the physics, the referee judges, returned pieces are placed, the next player's turn.

use crate::headless::{computer_action, verdict_lines};
use crate::model::{Action, MatchSetup, due_spot, outcome_from_roster};
use crate::save::SaveFile;
use crate::sim::{BoardSpec, LiveTable, LoadTable, SimSet, SimSpeed};
use crate::{BreakRecord, Kind, Launch, Phase, Screen, Session, Start};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_rapier2d::prelude::*;
use carrom_physics::{Fate, Seat, Shot, opening_rack};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

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
}

/// Seconds a computer shows its aim before it strikes.
#[derive(Resource, Clone, Copy)]
pub struct ComputerDelay(pub f32);

/// A computer player's decision in progress, computed off the frame thread so the window keeps
/// drawing while it searches. Seeded from the session's generator when it starts, so a match
/// still replays from its seed.
#[derive(Resource, Default)]
pub struct Thinking(Option<Task<Option<Action>>>);

impl Thinking {
    pub fn is_thinking(&self) -> bool {
        self.0.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Aim>()
        .init_resource::<Thinking>()
        .init_resource::<Pointer>()
        .insert_resource(ComputerDelay(0.8))
        .add_systems(Startup, start_from_launch)
        .add_systems(OnEnter(Screen::Game), load_rest_table)
        .add_systems(OnEnter(Phase::Aim), begin_turn)
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
                (pointer_due, computer_due)
                    .chain()
                    .run_if(in_state(Phase::PlaceDue)),
                game_keys,
            )
                .before(SimSet)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            Update,
            (
                finish_stroke.run_if(in_state(Phase::Moving)),
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
    spec: Res<BoardSpec>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let Some(launch) = launch else { return };
    let spec = &spec.0;
    let session = match &launch.start {
        Start::Menu => return,
        Start::Match(setup) => Session::new(Kind::Match, spec, setup.clone()),
        Start::Demo(setup) => Session::new(Kind::Demo, spec, setup.clone()),
        Start::Practice => Session::new(Kind::Practice, spec, practice_setup()),
        Start::Replay(file) => {
            let mut s = Session::new(Kind::Replay, spec, file.setup.clone());
            s.replay_actions = file.actions.iter().copied().collect();
            s.calls = vec![format!(
                "Replay: {} actions, {} rules, seed {}",
                file.actions.len(),
                file.setup.rules_name,
                file.setup.seed
            )];
            s
        }
        Start::Resume(file) => {
            let mut s = Session::new(Kind::Match, spec, file.setup.clone());
            match crate::headless::restore(spec, file, |_| {}) {
                Ok(model) => s.model = model,
                Err(e) => s.note = format!("could not resume: {e}"),
            }
            s.calls = s.model.last_call();
            s
        }
    };
    let mut session = session;
    session.fixed_board = launch.fixed_board;
    if let Some(p) = &launch.save_path {
        session.save_path = p.clone();
    }
    if session.kind == Kind::Match {
        // A finished match keeps its replay next to the save.
        session.replay_path = Some(session.save_path.with_extension("replay.json"));
    }
    commands.insert_resource(session);
    screen.set(Screen::Game);
}

pub fn practice_setup() -> MatchSetup {
    MatchSetup::new(
        carrom_referee::Seats::Singles,
        carrom_referee::Rules::icf(),
        "icf",
        1,
    )
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
    if session.kind == Kind::Practice {
        return Phase::Aim;
    }
    if !session.model.pending.is_empty() {
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
    spec: Res<BoardSpec>,
) {
    let Some(session) = session.as_deref_mut() else {
        return;
    };
    // A decision still running for an abandoned turn is cancelled (dropping a task cancels it).
    thinking.0 = None;
    let Some(seat) = session.actor() else { return };
    *aim = Aim::default();
    aim.dir = Vec2::new(seat.forward().x, seat.forward().y);
    if session.kind == Kind::Replay {
        // The recorded stroke, shown like a computer's decision.
        match session.replay_actions.pop_front() {
            Some(action @ Action::Stroke { .. }) => {
                thinking.0 = Some(AsyncComputeTaskPool::get().spawn(async move { Some(action) }));
            }
            Some(Action::Place { .. }) => {
                session.note =
                    "The replay does not fit the match (a placement where a stroke was recorded)."
                        .into();
                session.replay_actions.clear();
            }
            None => session.note = "End of the replay.".into(),
        }
    } else if session.actor_is_computer() {
        let model = session.model.clone();
        let seed: u64 = session.rng.random();
        thinking.0 =
            Some(AsyncComputeTaskPool::get().spawn(async move {
                computer_action(&model, &mut ChaCha8Rng::seed_from_u64(seed))
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
    let angle = crate::bot::angle_for(seat, [aim.dir.x, aim.dir.y]);
    Shot {
        seat,
        position: aim.position.clamp(-1.0, 1.0),
        angle_deg: angle,
        power: aim.power.clamp(0.0, 1.0),
    }
}

fn check_placement(mut aim: ResMut<Aim>, session: Option<Res<Session>>, spec: Res<BoardSpec>) {
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
    let fast = if keys.pressed(KeyCode::ShiftLeft) {
        0.25
    } else {
        1.0
    };
    if keys.pressed(KeyCode::ArrowLeft) {
        aim.position = (aim.position - 0.5 * dt * fast).max(-1.0);
    }
    if keys.pressed(KeyCode::ArrowRight) {
        aim.position = (aim.position + 0.5 * dt * fast).min(1.0);
    }
    let turn = 60f32.to_radians() * dt * fast;
    if keys.pressed(KeyCode::KeyA) {
        aim.dir = Vec2::from_angle(turn).rotate(aim.dir);
    }
    if keys.pressed(KeyCode::KeyD) {
        aim.dir = Vec2::from_angle(-turn).rotate(aim.dir);
    }
    if keys.pressed(KeyCode::KeyW) || keys.pressed(KeyCode::ArrowUp) {
        aim.power = (aim.power + 0.6 * dt * fast).min(1.0);
    }
    if keys.pressed(KeyCode::KeyS) || keys.pressed(KeyCode::ArrowDown) {
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

/// Mouse: drag the striker along the base line; pull back from it (slingshot) to aim, release
/// to strike.
fn pointer_aim(
    mut aim: ResMut<Aim>,
    pointer: Res<Pointer>,
    session: Option<Res<Session>>,
    spec: Res<BoardSpec>,
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
                let r = seat.right();
                let along = at.dot(Vec2::new(r.x, r.y));
                aim.position = (along / (0.5 * spec_.board.base_line_length)).clamp(-1.0, 1.0);
            }
            Drag::Pull => {
                let pull = striker - at;
                if pull.length() > 0.004 {
                    aim.dir = pull.normalize();
                }
                aim.power = ((pull.length() - 0.004) / 0.22).clamp(0.0, 1.0);
            }
            _ => {}
        }
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
    phase: ResMut<'w, NextState<Phase>>,
    spec: Res<'w, BoardSpec>,
}

impl FireParams<'_> {
    /// Strikes, if the stroke is legal.
    pub fn fire(&mut self, session: &Session, shot: Shot) -> bool {
        let ok = match session.kind {
            Kind::Practice => shot.validate(&self.spec.0, session.layout()).is_ok(),
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
    delay: Res<ComputerDelay>,
    spec: Res<BoardSpec>,
) {
    let Some(task) = thinking.0.as_mut() else {
        return;
    };
    let Some(action) = check_ready(task) else {
        return;
    };
    thinking.0 = None;
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
    session: Option<Res<Session>>,
    mut fire: FireParams,
) {
    let Some(session) = session else { return };
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
    if let Some(Action::Stroke { shot }) = aim.planned.take() {
        fire.fire(&session, shot);
    }
}

/// The stroke came to rest: read the physics, ask the referee, set up what comes next.
fn finish_stroke(
    mut live: ResMut<LiveTable>,
    ctx: Query<&RapierRigidBodySet, With<DefaultRapierContext>>,
    session: Option<ResMut<Session>>,
    mut phase: ResMut<NextState<Phase>>,
    mut load: MessageWriter<LoadTable>,
    spec: Res<BoardSpec>,
) {
    let Some(mut session) = session else { return };
    if !live.finished {
        return;
    }
    live.finished = false;
    let (Some(roster), Ok(bodies), Some(shot)) = (live.roster.as_ref(), ctx.single(), live.shot)
    else {
        return;
    };
    let outcome = outcome_from_roster(roster, &bodies.bodies, &live.events);
    match session.kind {
        Kind::Practice => {
            let ro = spec.0.board.outer_circle_radius();
            let outside = outcome
                .layout
                .iter()
                .filter(|p| p.pos().length() > ro)
                .count();
            let striker_lost = roster.striker.is_some_and(|m| m.fate != Fate::OnBoard);
            let pocketed = outcome.report.pocketed.len();
            session.breaks.push(BreakRecord {
                pocketed,
                outside_outer_circle: outside,
                striker_lost,
            });
            session.calls = vec![format!(
                "Break {}: {} pocketed, {} out of the outer circle{}",
                session.breaks.len(),
                pocketed,
                outside,
                if striker_lost { ", striker lost" } else { "" }
            )];
            session.practice_layout = outcome.layout;
        }
        _ => match session.model.apply_stroke(shot, outcome) {
            Ok(v) => {
                let lines = verdict_lines(&session.model, &v);
                for l in &lines {
                    info!("{l}");
                }
                session.calls = session.model.last_call();
                if v.match_result.is_some()
                    && let Some(path) = session.replay_path.clone()
                    && let Err(e) = SaveFile::of(&session.model).write(&path)
                {
                    session.note = e;
                }
            }
            Err(e) => session.note = format!("referee: {e}"),
        },
    }
    load.write(LoadTable {
        pieces: session.layout().to_vec(),
        shot: None,
    });
    phase.set(Phase::Idle);
}

fn begin_due(mut aim: ResMut<Aim>, session: Option<Res<Session>>, delay: Res<ComputerDelay>) {
    let Some(session) = session else { return };
    let at = due_spot(&session.model, 0.0);
    aim.due_at = Vec2::new(at[0], at[1]);
    aim.drag = Drag::None;
    aim.wait = delay.0 * 0.5;
    aim.due_illegal = session.model.check_place(at[0], at[1]).err();
}

fn place_due(
    session: &mut Session,
    at: Vec2,
    load: &mut MessageWriter<LoadTable>,
    phase: &mut NextState<Phase>,
) -> Result<(), String> {
    session.model.place(at.x, at.y)?;
    load.write(LoadTable {
        pieces: session.layout().to_vec(),
        shot: None,
    });
    phase.set(Phase::Idle);
    Ok(())
}

fn pointer_due(
    mut aim: ResMut<Aim>,
    pointer: Res<Pointer>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Option<ResMut<Session>>,
    mut load: MessageWriter<LoadTable>,
    mut phase: ResMut<NextState<Phase>>,
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
    aim.due_illegal = session.model.check_place(aim.due_at.x, aim.due_at.y).err();
    let confirm =
        keys.is_some_and(|k| k.just_pressed(KeyCode::Enter) || k.just_pressed(KeyCode::Space));
    if (pointer.just_released && aim.drag == Drag::Due) || confirm {
        aim.drag = Drag::None;
        if aim.due_illegal.is_none() {
            let at = aim.due_at;
            if let Err(e) = place_due(&mut session, at, &mut load, &mut phase) {
                session.note = e;
            }
        }
    }
}

fn computer_due(
    time: Res<Time>,
    mut aim: ResMut<Aim>,
    session: Option<ResMut<Session>>,
    speed: Res<SimSpeed>,
    mut load: MessageWriter<LoadTable>,
    mut phase: ResMut<NextState<Phase>>,
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
    let action = if session.kind == Kind::Replay {
        match session.replay_actions.pop_front() {
            Some(a @ Action::Place { .. }) => Some(a),
            _ => {
                session.note = "End of the replay.".into();
                session.replay_actions.clear();
                None
            }
        }
    } else {
        computer_action(&session.model, &mut session.rng)
    };
    if let Some(Action::Place { x, y }) = action
        && let Err(e) = place_due(session, Vec2::new(x, y), &mut load, &mut phase)
    {
        session.note = e;
    }
}

/// Watching computers (demo, replay): P pauses, + and - double and halve the speed (1x-8x).
fn speed_keys(keys: &ButtonInput<KeyCode>, speed: &mut SimSpeed) {
    if keys.just_pressed(KeyCode::KeyP) {
        speed.paused = !speed.paused;
    }
    if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
        speed.factor = (speed.factor * 2.0).min(8.0);
    }
    if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
        speed.factor = (speed.factor * 0.5).max(1.0);
    }
}

/// Keys in any phase: save (F5), practice reset (R), demo pause/speed/restart, board fixed (F).
#[allow(clippy::too_many_arguments)]
fn game_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Option<ResMut<Session>>,
    mut speed: ResMut<SimSpeed>,
    spec: Res<BoardSpec>,
    state: Res<State<Phase>>,
    mut load: MessageWriter<LoadTable>,
    mut phase: ResMut<NextState<Phase>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let (Some(keys), Some(mut session)) = (keys, session) else {
        return;
    };
    if keys.just_pressed(KeyCode::KeyF) {
        session.fixed_board = !session.fixed_board;
    }
    if keys.just_pressed(KeyCode::Escape) {
        screen.set(Screen::Menu);
        phase.set(Phase::Idle);
        return;
    }
    let moving = *state.get() == Phase::Moving;
    match session.kind {
        Kind::Practice => {
            if keys.just_pressed(KeyCode::KeyR) && !moving {
                session.practice_layout = opening_rack(&spec.0.board, Seat::South);
                session.calls = vec!["Rack reset.".into()];
                load.write(LoadTable {
                    pieces: session.practice_layout.clone(),
                    shot: None,
                });
                phase.set(Phase::Idle);
            }
        }
        Kind::Replay => speed_keys(&keys, &mut speed),
        Kind::Demo => {
            speed_keys(&keys, &mut speed);
            if keys.just_pressed(KeyCode::KeyN) && !moving {
                let mut setup = session.model.setup.clone();
                setup.seed = setup
                    .seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let fixed = session.fixed_board;
                *session = Session::new(Kind::Demo, &spec.0, setup);
                session.fixed_board = fixed;
                load.write(LoadTable {
                    pieces: session.layout().to_vec(),
                    shot: None,
                });
                phase.set(Phase::Idle);
            }
        }
        Kind::Match => {
            if keys.just_pressed(KeyCode::F5) {
                let path = session.save_path.clone();
                session.note = match SaveFile::of(&session.model).write(&path) {
                    Ok(()) => format!("Saved to {}", path.display()),
                    Err(e) => format!("Save failed: {e}"),
                };
            }
        }
    }
}
