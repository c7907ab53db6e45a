//! The turn every mode shares: the striker placed along the base line and aimed (by mouse or
//! keys: [`super::aim`], read by [`super::input`]), a computer's decision computed off the
//! frame thread, the stroke fired onto the board and read back when it comes to rest. A
//! person's input acts only when a person is to act ([`OnBoard::computer`]); the modes decide
//! the rest, and what the players are told is [`super::calls`].

use super::{OnBoard, View};
use crate::pace::{Rest, StayAwake};
use crate::sim::{Equipment, LiveTable, LoadTable, SimSet, StrokeEnded};
use crate::states::{Phase, Screen};
use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};
use bevy_rapier2d::prelude::*;
use carrom_ai::Computers;
use carrom_match::{Action, StrokeOutcome, outcome_from_roster};
use carrom_physics::{Piece, Seat, SeatAxes, Shot};

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
    /// Where the pointer pressed on the striker, while the drag is [`Drag::Grab`].
    pub grabbed_at: Vec2,
    /// How far along the base line (metres) the pointer holds the striker off its centre
    /// while it slides it: 0 when a press off the striker brought it under the pointer.
    pub held_off: f32,
    /// Why the placement is illegal, if it is.
    pub illegal: Option<String>,
    /// A computer's planned action and the time left before it acts.
    pub planned: Option<Action>,
    pub wait: f32,
    /// Where a returned piece is being dragged.
    pub due_at: Vec2,
    pub due_illegal: Option<String>,
    /// A finger's pull held still, and steadied into fine aim ([`super::aim::Steady`]).
    pub steady: super::aim::Steady,
}

impl Default for Aim {
    fn default() -> Self {
        Aim {
            position: 0.0,
            dir: Vec2::Y,
            power: 0.0,
            drag: Drag::None,
            grabbed_at: Vec2::ZERO,
            held_off: 0.0,
            illegal: None,
            planned: None,
            wait: 0.0,
            due_at: Vec2::new(0.05, 0.0),
            due_illegal: None,
            steady: Default::default(),
        }
    }
}

/// What the pointer is doing with the piece in hand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Drag {
    None,
    /// Pressed on the striker, not yet moved far enough to say whether it slides or pulls.
    Grab,
    /// Sliding the striker along the base line.
    Place,
    /// Pulling back from the striker to aim and power a stroke.
    Pull,
    /// Placing a returned piece.
    Due,
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

    /// The decision, once it is ready.
    pub fn take_ready(&mut self) -> Option<(Option<Action>, Option<Computers>)> {
        let ready = check_ready(self.0.as_mut()?)?;
        self.0 = None;
        Some(ready)
    }
}

/// The systems that set up a turn when it begins (the modes' plugins order theirs after).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TurnBegins;

/// A person's aim from the keys and the pointer (a computer's decision is taken after it).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct AimInput;

/// The striker's placement checked (a computer strikes after it).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct AimChecked;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Aim>()
        .init_resource::<Thinking>()
        .insert_resource(ComputerDelay(0.8))
        .add_systems(OnEnter(Screen::Game), load_rest_table)
        .add_systems(OnEnter(Phase::Aim), begin_turn.in_set(TurnBegins))
        .add_systems(
            Update,
            (
                (super::aim::keys_aim, super::aim::pointer_aim)
                    .chain()
                    .in_set(AimInput),
                check_placement.in_set(AimChecked).after(AimInput),
            )
                .run_if(in_state(Phase::Aim))
                .before(SimSet),
        )
        .add_systems(Update, view_keys.run_if(in_state(Screen::Game)))
        .add_systems(PostUpdate, stay_awake.run_if(in_state(Screen::Game)));
}

/// The window keeps drawing while the table loads, a stroke runs or a computer thinks (or
/// rests while the computer thinks where that wakes it when done: [`crate::work`]).
fn stay_awake(
    phase: Option<Res<State<Phase>>>,
    live: Res<LiveTable>,
    thinking: Res<Thinking>,
    mut awake: MessageWriter<StayAwake>,
    mut rest: MessageWriter<Rest>,
) {
    let phase = phase.map_or(Phase::Idle, |p| *p.get());
    if phase == Phase::Idle {
        awake.write(StayAwake("the table loading"));
    }
    if phase == Phase::Moving || live.running {
        awake.write(StayAwake("a stroke"));
    }
    if thinking.is_thinking() {
        crate::pace::working("a computer thinking", &mut awake, &mut rest);
    }
}

/// Loads the pieces at rest onto the rapier context and waits a frame for it.
pub fn load_rest_table(
    board: Res<OnBoard>,
    mut load: MessageWriter<LoadTable>,
    mut phase: ResMut<NextState<Phase>>,
) {
    load.write(LoadTable {
        pieces: board.pieces.clone(),
        shot: None,
    });
    phase.set(Phase::Idle);
}

/// Whether the pieces last loaded are on the board, at rest.
pub fn table_loaded(live: &LiveTable) -> bool {
    live.roster.is_some() && !live.running
}

/// An unrefereed mode (practice, training): once the pieces loaded are at rest, the player
/// aims.
pub fn aim_once_loaded(live: Res<LiveTable>, mut phase: ResMut<NextState<Phase>>) {
    if table_loaded(&live) {
        phase.set(Phase::Aim);
    }
}

/// A turn begins: the aim faces the one to act; a person's striker starts at the first legal
/// place from the middle.
fn begin_turn(
    mut aim: ResMut<Aim>,
    board: Res<OnBoard>,
    mut thinking: ResMut<Thinking>,
    spec: Res<Equipment>,
) {
    // A decision still running for an abandoned turn is cancelled (dropping a task cancels it).
    thinking.0 = None;
    let Some(seat) = board.actor else { return };
    *aim = Aim::default();
    aim.dir = Vec2::new(seat.forward().x, seat.forward().y);
    if board.computer {
        return;
    }
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
        if s.validate(&spec.0, &board.pieces).is_ok() {
            aim.position = p;
            break;
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

fn check_placement(mut aim: ResMut<Aim>, board: Res<OnBoard>, spec: Res<Equipment>) {
    if board.actor.is_none() {
        return;
    }
    let illegal = placement_problem(&aim, &board, &spec.0);
    if aim.illegal != illegal {
        aim.illegal = illegal;
    }
}

/// Why the striker may not be where the aim puts it (Law 130), if it may not.
pub fn placement_problem(
    aim: &Aim,
    board: &OnBoard,
    spec: &carrom_physics::Spec,
) -> Option<String> {
    let seat = board.actor?;
    let shot = aim_shot(aim, seat);
    let r = spec.board.coin_radius();
    spec.board
        .check_striker_placement(
            seat,
            shot.striker_at(spec),
            board.pieces.iter().map(|p| (p.pos(), r)),
        )
        .err()
        .map(|e| carrom_match::words::striker_placement(&e, &board.pieces))
}

/// What firing a stroke needs.
#[derive(bevy::ecs::system::SystemParam)]
pub struct FireParams<'w> {
    load: MessageWriter<'w, LoadTable>,
    pub phase: ResMut<'w, NextState<Phase>>,
    spec: Res<'w, Equipment>,
}

impl FireParams<'_> {
    /// Puts these pieces at rest on the table; the next turn begins once it is loaded.
    pub fn show_table(&mut self, pieces: &[Piece]) {
        self.load.write(LoadTable {
            pieces: pieces.to_vec(),
            shot: None,
        });
        self.phase.set(Phase::Idle);
    }

    /// Strikes on these pieces, if the striker's place is legal.
    pub fn fire(&mut self, pieces: &[Piece], shot: Shot) -> bool {
        let ok = shot.validate(&self.spec.0, pieces).is_ok();
        if ok {
            self.load.write(LoadTable {
                pieces: pieces.to_vec(),
                shot: Some(shot),
            });
            self.phase.set(Phase::Moving);
        }
        ok
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

/// Keys in every mode: the board fixed or turning (F).
fn view_keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut view: ResMut<View>) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyF)) {
        view.fixed_board = !view.fixed_board;
    }
}
