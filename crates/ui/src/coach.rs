//! The coach on the board. `H` asks for the best shot for the player to strike (the hard
//! level's search at his seat and rules, on the async pool so the window keeps drawing), which
//! is drawn on the board — the striker's place, its line to the target, the target and its
//! path to the pocket — with a line saying what it is and how often it goes in; `J` applies it
//! (the striker and aim go there; the player still strikes). In practice it is always there;
//! in a match only when the players turned hints on (`--hints`). In demos each computer's plan
//! is shown before it strikes, and `L` toggles the other shots it weighed. In break practice `M`
//! shows the break map of the rack on the board.

use crate::play::{Aim, aim_shot};
use crate::sim::Equipment;
use crate::{Mode, Phase, Screen, Session};
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use carrom_ai::Noise;
use carrom_ai::breaks::{BreakMap, break_map};
use carrom_ai::coach::{Commentary, Hint, OwnShotJudged, describe, hint, judge_own_shot};
use carrom_physics::{Piece, PieceColour, Seat, SeatAxes, opening_rack};
use carrom_referee::{Referee, Rules, Seats};

/// The hint asked for, being computed, or shown; and the demo's commentary.
#[derive(Resource, Default)]
pub struct Coach {
    task: Option<Task<Result<Hint, String>>>,
    /// The hint on the board, for the player at this seat, at this many actions into the
    /// match (a hint is cleared as soon as anything moves).
    pub shown: Option<(Hint, Seat, usize)>,
    /// Why there is no hint (no legal place, hints off).
    pub note: Option<String>,
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

    /// Asks for the break map of the practice rack (at the benchmark's noise).
    pub fn ask_map(&mut self, spec: &carrom_physics::Spec) {
        let spec = spec.clone();
        self.map = None;
        self.map_task = Some(
            AsyncComputeTaskPool::get()
                .spawn(async move { break_map(&spec, true, 1, Noise::BENCHMARK) }),
        );
    }
}

#[derive(Component)]
struct CoachText;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Coach>()
        .add_systems(OnEnter(Screen::Game), spawn_text)
        .add_systems(OnEnter(Phase::Moving), judge_the_stroke)
        .add_systems(OnExit(Screen::Game), clear)
        .add_systems(
            Update,
            (
                keys,
                collect,
                take_plan,
                forget_stale,
                draw_hint,
                draw_map,
                update_text,
            )
                .chain()
                .run_if(in_state(Screen::Game)),
        );
}

/// The referee's view of the position the player at `seat` faces. In practice (no opponent)
/// the player plays white from South on whatever is left.
fn position(session: &Session, seat: Seat) -> Result<(Vec<Piece>, Referee), String> {
    let layout = session.layout().to_vec();
    let referee = match session.mode {
        Mode::Practice => {
            let men = |c: PieceColour| layout.iter().filter(|p| p.kind == c).count() as u8;
            Referee::in_position(
                Rules::icf(),
                Seats::Singles,
                Seat::South,
                PieceColour::White,
                men(PieceColour::White),
                men(PieceColour::Black),
                false,
            )
            .map_err(|e| format!("no hint here: {e}"))?
        }
        _ => session.model.referee,
    };
    if referee.turn() != Some(seat) {
        return Err("no hint: it is not this player's turn".into());
    }
    Ok((layout, referee))
}

/// May the player at the table ask for a hint now?
fn hint_allowed(session: &Session) -> Result<Seat, String> {
    let seat = session.actor().ok_or("no hint: the match is over")?;
    if session.actor_is_computer() {
        return Err("no hint: a computer is to strike".into());
    }
    if session.model.placer().is_some() && session.mode != Mode::Practice {
        return Err("no hint while a piece is being placed".into());
    }
    if session.mode == Mode::Match && !session.hints {
        return Err("hints are off in this match (turn them on with --hints)".into());
    }
    Ok(seat)
}

/// Starts computing a hint for the player to strike.
pub fn ask(coach: &mut Coach, session: &Session, spec: &carrom_physics::Spec) {
    coach.shown = None;
    coach.judged = None;
    coach.note = None;
    let started = hint_allowed(session).and_then(|seat| {
        let (layout, referee) = position(session, seat)?;
        Ok((seat, layout, referee))
    });
    match started {
        Ok((seat, layout, referee)) => {
            coach.asked = Some((layout.clone(), referee));
            let spec = spec.clone();
            let seed = session.model.actions.len() as u64;
            coach.task = Some(AsyncComputeTaskPool::get().spawn(async move {
                hint(&spec, &layout, seat, &referee, seed)
                    .ok_or_else(|| "no hint: no legal place for the striker (Law 142)".to_string())
            }));
        }
        Err(e) => coach.note = Some(e),
    }
}

fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut coach: ResMut<Coach>,
    session: Option<Res<Session>>,
    phase: Option<Res<State<Phase>>>,
    mut aim: ResMut<Aim>,
    spec: Res<Equipment>,
) {
    let (Some(keys), Some(session)) = (keys, session) else {
        return;
    };
    if keys.just_pressed(KeyCode::KeyL) {
        coach.lines = !coach.lines;
    }
    if session.mode == Mode::Practice && keys.just_pressed(KeyCode::KeyM) {
        if coach.map.is_some() || coach.map_task.is_some() {
            coach.map = None;
            coach.map_task = None;
        } else {
            coach.ask_map(&spec.0);
        }
    }
    let aiming = phase.is_some_and(|p| *p.get() == Phase::Aim);
    if !aiming {
        return;
    }
    if keys.just_pressed(KeyCode::KeyH) {
        if coach.shown.is_some() || coach.task.is_some() {
            // A second H hides it.
            coach.shown = None;
            coach.task = None;
        } else {
            ask(&mut coach, &session, &spec.0);
        }
    }
    if keys.just_pressed(KeyCode::KeyJ)
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
    session: Option<Res<Session>>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
) {
    coach.judged = None;
    coach.judging = None;
    let Some(session) = session else { return };
    let (Some((h, seat, at)), Some((layout, referee))) = (&coach.shown, &coach.asked) else {
        return;
    };
    if *at != session.model.actions.len() || session.actor_is_computer() {
        return;
    }
    let yours = aim_shot(&aim, *seat);
    let (coachs, seat, layout, referee) = (h.best.shot, *seat, layout.clone(), *referee);
    let spec = spec.0.clone();
    let seed = session.model.actions.len() as u64;
    coach.judging = Some(AsyncComputeTaskPool::get().spawn(async move {
        judge_own_shot(&spec, &layout, seat, &referee, &yours, &coachs, seed)
    }));
}

fn collect(mut coach: ResMut<Coach>, session: Option<Res<Session>>) {
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
    let Some(session) = session else { return };
    match result {
        Ok(h) => {
            let seat = h.best.shot.seat;
            coach.shown = Some((h, seat, session.model.actions.len()));
        }
        Err(e) => coach.note = Some(e),
    }
}

/// The demo's computers announce each stroke (the commentary comes back with their decision).
fn take_plan(mut coach: ResMut<Coach>, session: Option<ResMut<Session>>) {
    let Some(mut session) = session else { return };
    if session.mode == Mode::Demo && !session.computers.commentary {
        session.computers.commentary = true;
    }
    if let Some(plan) = session.computers.last_commentary.take() {
        coach.plan = Some(plan);
    }
}

/// A hint belongs to the position it was asked for.
fn forget_stale(
    mut coach: ResMut<Coach>,
    session: Option<Res<Session>>,
    phase: Option<Res<State<Phase>>>,
) {
    let moved = phase.is_some_and(|p| *p.get() == Phase::Moving);
    let Some(session) = session else { return };
    let actions = session.model.actions.len();
    if let Some((_, _, at)) = &coach.shown
        && (*at != actions || moved)
    {
        coach.shown = None;
    }
    if moved {
        coach.task = None;
        coach.note = None;
        if session.mode != Mode::Demo {
            coach.plan = None;
        }
    }
}

/// The break map on the board: from each striker place along the base line, its best
/// direction, as long and as bright as the pieces it pockets; the best break in gold.
fn draw_map(
    mut gizmos: Gizmos,
    coach: Res<Coach>,
    spec: Res<Equipment>,
    session: Option<Res<Session>>,
) {
    let Some(map) = &coach.map else { return };
    let spec = &spec.0;
    let rack = opening_rack(&spec.board, map.seat);
    if !session.is_some_and(|s| s.mode == Mode::Practice && s.layout() == rack.as_slice()) {
        return;
    }
    let most = map.best.expected.max(0.1);
    let forward = Vec2::new(map.seat.forward().x, map.seat.forward().y);
    for (i, &position) in map.positions.iter().enumerate() {
        let Some((j, &e)) = map.expected[i]
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
        else {
            continue;
        };
        let s = spec.board.striker_spot(map.seat, position);
        let s = Vec2::new(s.x, s.y);
        let to_centre = (-s).normalize_or(forward);
        let dir = Rot2::degrees(map.offsets_deg[j]) * to_centre;
        let [r, g, b] = carrom_ai::breaks::colour(e / most);
        let c = Color::srgb_u8(r, g, b);
        gizmos.line_2d(s, s + dir * (0.03 + 0.12 * e / most), c);
        gizmos.circle_2d(Isometry2d::from_translation(s), 0.004, c);
    }
    let best = map.best;
    let s = spec.board.striker_spot(map.seat, best.position);
    let s = Vec2::new(s.x, s.y);
    let dir = Rot2::degrees(best.angle_deg) * forward;
    let gold = Color::srgb(1.0, 0.80, 0.15);
    gizmos.circle_2d(
        Isometry2d::from_translation(s),
        spec.board.striker_radius(),
        gold,
    );
    gizmos.line_2d(s, s + dir * 0.30, gold);
}

fn draw_hint(mut gizmos: Gizmos, coach: Res<Coach>, spec: Res<Equipment>) {
    let Some((h, seat, _)) = &coach.shown else {
        return;
    };
    let spec = &spec.0;
    let b = &spec.board;
    let gold = Color::srgba(1.0, 0.80, 0.15, 0.95);
    let soft = Color::srgba(1.0, 0.80, 0.15, 0.55);
    let shot = h.best.shot;
    let s = shot.striker_at(spec);
    let s = Vec2::new(s.x, s.y);
    gizmos.circle_2d(Isometry2d::from_translation(s), b.striker_radius(), gold);
    let v = shot.striker_velocity(spec);
    let dir = Vec2::new(v.x, v.y).normalize_or(Vec2::new(seat.forward().x, seat.forward().y));
    let pocket = h
        .best
        .pocket
        .and_then(|name| b.pockets().into_iter().find(|k| k.name == name))
        .map(|k| Vec2::new(k.x, k.y));
    match h.best.target {
        Some(t) => {
            let t = Vec2::new(t.x, t.y);
            // Where the striker meets the target: its centre one striker-and-coin radius
            // short of the target along the aim line.
            let reach = b.striker_radius() + b.coin_radius();
            let along = (t - s).dot(dir);
            let off = (t - s).perp_dot(dir).abs();
            let meet = if off < reach {
                s + dir * (along - (reach * reach - off * off).sqrt())
            } else {
                s + dir * along
            };
            gizmos.line_2d(s, meet, gold);
            gizmos.circle_2d(Isometry2d::from_translation(meet), b.striker_radius(), soft);
            gizmos.circle_2d(
                Isometry2d::from_translation(t),
                b.coin_radius() * 1.35,
                gold,
            );
            if let Some(k) = pocket {
                gizmos.line_2d(t, k, soft);
                gizmos.circle_2d(Isometry2d::from_translation(k), b.pocket_radius(), gold);
            }
        }
        None => {
            gizmos.line_2d(s, s + dir * 0.35, gold);
        }
    }
}

fn spawn_text(mut commands: Commands) {
    commands.spawn((
        CoachText,
        DespawnOnExit(Screen::Game),
        Text::new(""),
        Visibility::Hidden,
        TextFont {
            font_size: FontSize::Px(14.0),
            ..default()
        },
        crate::hud::BaseSize(14.0),
        TextColor(Color::srgb(1.0, 0.85, 0.35)),
        // Bottom left, in the left panel's column beside the board (its width follows the
        // layout), clear of the scoreboard above it.
        crate::layout::SidePanel,
        Node {
            position_type: PositionType::Absolute,
            bottom: px(crate::layout::GAP),
            left: px(crate::layout::GAP),
            width: px(280),
            padding: UiRect::all(px(8)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
    ));
}

fn update_text(
    coach: Res<Coach>,
    session: Option<Res<Session>>,
    mut text: Query<(&mut Text, &mut Visibility), With<CoachText>>,
) {
    let Ok((mut text, mut visible)) = text.single_mut() else {
        return;
    };
    let mut lines = Vec::new();
    if coach.thinking() {
        lines.push("Coach: thinking...".to_string());
    } else if let Some((h, seat, _)) = &coach.shown {
        lines.push(format!("Coach: {}", describe(&h.best, *seat)));
        for a in &h.alternatives {
            lines.push(format!("   or: {}", describe(a, *seat)));
        }
        lines.push("J: apply (then strike)   H: hide".into());
    } else if let Some(note) = &coach.note {
        lines.push(format!("Coach: {note}"));
    }
    if let Some(j) = &coach.judged {
        lines.push(j.line());
    }
    if coach.map_task.is_some() {
        lines.push("Break map: simulating 6000 breaks...".into());
    } else if let Some(map) = &coach.map {
        let b = map.best;
        let side = if b.offset_deg >= 0.0 { "left" } else { "right" };
        lines.push(format!(
            "Break map: best from {:+.2} of the base line, {:.0} degrees {side} of the centre: {:.1} \
             pieces expected (gold). Each line: a place's best direction, longer and brighter \
             for more pieces. M: hide",
            b.position,
            b.offset_deg.abs(),
            b.expected
        ));
    }
    if session.is_some_and(|s| s.mode == Mode::Demo)
        && let Some(plan) = &coach.plan
    {
        let name = plan.seat.title();
        let mut plan_lines = plan.lines().into_iter();
        if let Some(first) = plan_lines.next() {
            lines.push(format!("{name} {first}"));
        }
        if coach.lines {
            lines.extend(plan_lines.map(|l| format!("  {l}")));
        } else {
            lines.push("L: the other shots it weighed".into());
        }
    }
    let joined = lines.join("\n");
    let shown = if joined.is_empty() {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    visible.set_if_neq(shown);
    if text.0 != joined {
        text.0 = joined;
    }
}

fn clear(mut coach: ResMut<Coach>) {
    *coach = Coach::default();
}
