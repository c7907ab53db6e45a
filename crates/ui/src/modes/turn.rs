//! The turn every mode shares: the striker placed along the base line and aimed (by mouse or
//! keys), the stroke fired onto the board, and what the players are told. A person's input acts
//! only when a person is to act ([`OnBoard::computer`]); the modes decide the rest.

use super::{OnBoard, View};
use crate::sim::{Equipment, LiveTable, LoadTable, SimSet, StrokeEnded};
use crate::states::{Phase, Screen};
use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};
use bevy::window::WindowEvent;
use bevy_rapier2d::prelude::*;
use carrom_ai::Computers;
use carrom_match::{Action, StrokeOutcome, outcome_from_roster};
use carrom_physics::{Piece, Seat, SeatAxes, Shot};

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

/// What the mouse did: the left button pressed or let go, a move, or the right button (which
/// lets go of a pull without striking).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    Press,
    Move,
    Release,
    Cancel,
}

/// One thing the mouse did, with where the cursor was on the board (metres) when it did it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointerEvent {
    pub touch: Touch,
    pub at: Option<Vec2>,
}

/// The mouse on the board: what it did since the last frame, in the order it happened, each
/// with its own position (read from the window's events by [`read_input`], so a press, a pull
/// and a release within one slow frame play the same stroke as over many quick ones).
#[derive(Resource, Default, Debug, Clone)]
pub struct Pointer {
    /// Where the cursor is now, in metres on the board.
    pub at: Option<Vec2>,
    /// The left button is down.
    pub pressed: bool,
    pub events: Vec<PointerEvent>,
    /// The cursor's last position in the window (logical pixels).
    window_at: Option<Vec2>,
}

impl Pointer {
    /// The left button was pressed since the last frame.
    pub fn clicked(&self) -> bool {
        self.events.iter().any(|e| e.touch == Touch::Press)
    }
}

/// Where a point of the window (logical pixels) is on the board (metres): the camera's view,
/// taken each frame from the camera that drew it ([`crate::board::layout`]); tests set it.
/// The view is orthographic, so the map is affine.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct WindowToBoard {
    /// The board point at the window's top-left corner.
    pub origin: Vec2,
    /// The board's step for one pixel right and one pixel down.
    pub right: Vec2,
    pub down: Vec2,
}

impl WindowToBoard {
    pub fn board_at(&self, window: Vec2) -> Vec2 {
        self.origin + self.right * window.x + self.down * window.y
    }
}

/// The keys pressed since the last frame, in order, each with whether Shift was down when it
/// was pressed: every tap counts, however many come within a frame, and Shift counts for the
/// key it was held around even if both were let go before the frame.
#[derive(Resource, Default, Debug, Clone)]
pub struct KeyTaps {
    pub taps: Vec<KeyTap>,
    shift: [bool; 2],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyTap {
    pub key: KeyCode,
    pub shift: bool,
}

/// The read of the window's input events into [`Pointer`] and [`KeyTaps`].
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadInput;

/// Reads the mouse and the keys from the window's events in the order they came, each press,
/// move and release with the cursor's position at that moment.
pub fn read_input(
    mut events: MessageReader<WindowEvent>,
    view: Option<Res<WindowToBoard>>,
    mut pointer: ResMut<Pointer>,
    mut keys: ResMut<KeyTaps>,
) {
    use bevy::input::ButtonState;
    pointer.events.clear();
    keys.taps.clear();
    let on_board = |p: Option<Vec2>| p.zip(view.as_deref()).map(|(p, v)| v.board_at(p));
    for event in events.read() {
        let touch = match event {
            WindowEvent::CursorMoved(m) => {
                pointer.window_at = Some(m.position);
                Touch::Move
            }
            WindowEvent::CursorLeft(_) => {
                pointer.window_at = None;
                Touch::Move
            }
            WindowEvent::MouseButtonInput(b) => match (b.button, b.state) {
                (MouseButton::Left, ButtonState::Pressed) => {
                    pointer.pressed = true;
                    Touch::Press
                }
                (MouseButton::Left, ButtonState::Released) => {
                    pointer.pressed = false;
                    Touch::Release
                }
                (MouseButton::Right, ButtonState::Pressed) => Touch::Cancel,
                _ => continue,
            },
            WindowEvent::KeyboardInput(k) => {
                let down = k.state == ButtonState::Pressed;
                match k.key_code {
                    KeyCode::ShiftLeft => keys.shift[0] = down,
                    KeyCode::ShiftRight => keys.shift[1] = down,
                    key if down && !k.repeat => {
                        let shift = keys.shift[0] || keys.shift[1];
                        keys.taps.push(KeyTap { key, shift });
                    }
                    _ => {}
                }
                continue;
            }
            WindowEvent::KeyboardFocusLost(_) => {
                keys.shift = [false; 2];
                continue;
            }
            _ => continue,
        };
        let at = on_board(pointer.window_at);
        pointer.events.push(PointerEvent { touch, at });
    }
    pointer.at = on_board(pointer.window_at);
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
    app.add_message::<Announcement>()
        .init_resource::<CallLog>()
        .init_resource::<Aim>()
        .init_resource::<Thinking>()
        .init_resource::<Pointer>()
        .init_resource::<KeyTaps>()
        // The window's events (the window plugin registers them; a headless app's tests write
        // them).
        .add_message::<WindowEvent>()
        .add_systems(PreUpdate, read_input.in_set(ReadInput))
        .insert_resource(ComputerDelay(0.8))
        .add_systems(OnEnter(Screen::Game), load_rest_table)
        // A note is about the moment (the question to leave): it does not outlive the screen.
        .add_systems(OnExit(Screen::Game), |mut log: ResMut<CallLog>| {
            log.note.clear()
        })
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
        .add_systems(PostUpdate, record_announcements);
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
