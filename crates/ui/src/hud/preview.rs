//! Break practice's trajectory preview (T toggles it): the stroke as aimed, simulated without
//! noise by the same physics the board runs, drawn as the paths the striker and the pieces it
//! moves would take, with where each comes to rest or which pocket takes it.

use crate::modes::OnBoard;
use crate::modes::turn::{Aim, aim_shot};
use crate::pace;
use crate::sim::{Equipment, SimSet};
use crate::states::{Phase, Playing, Screen};
use crate::theme::palette;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use carrom_physics::{BodyId, Clock, Fate, Piece, PieceColour, Shot, Table};

/// A stroke and the layout it is played on.
type Aimed = (Shot, Vec<Piece>);

/// The preview: on or off, and the paths of the last aim it simulated.
#[derive(Resource, Default)]
pub struct Preview {
    pub on: bool,
    /// The stroke and layout the paths belong to.
    for_shot: Option<Aimed>,
    pub paths: Vec<Path>,
    /// A simulation running off the frame thread, and what it is for.
    running: Option<(Aimed, Task<Vec<Path>>)>,
}

impl Preview {
    /// A simulation for the preview is running: the frames go on until it is ready.
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }
}

/// Where one body would go.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub body: BodyId,
    /// `None`: the striker.
    pub kind: Option<PieceColour>,
    pub points: Vec<Vec2>,
    pub pocketed: bool,
}

/// A point every this many metres of travel is enough for a smooth line.
const SPACING: f32 = 0.004;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Preview>()
        .add_systems(OnExit(Playing::Practice), clear)
        .add_systems(
            Update,
            (toggle, compute.run_if(in_state(Playing::Practice)), draw)
                .chain()
                .after(SimSet)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            PostUpdate,
            pace::while_busy(Preview::busy, "the preview").run_if(in_state(Screen::Game)),
        );
}

/// Paths belong to practice's board.
fn clear(mut preview: ResMut<Preview>) {
    preview.paths.clear();
    preview.for_shot = None;
    preview.running = None;
}

fn toggle(keys: Option<Res<ButtonInput<KeyCode>>>, mut preview: ResMut<Preview>) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyT)) {
        preview.on = !preview.on;
    }
}

/// The paths of `shot` played on `layout` (bodies that never move are left out).
pub fn trace(spec: &carrom_physics::Spec, layout: &[Piece], shot: &Shot) -> Vec<Path> {
    let mut table = Table::new(spec, layout);
    table.place_striker(shot.striker_at(spec), shot.striker_velocity(spec));
    let ids: Vec<(BodyId, Option<PieceColour>)> = std::iter::once((BodyId::Striker, None))
        .chain(
            layout
                .iter()
                .enumerate()
                .map(|(i, p)| (BodyId::Piece(i), Some(p.kind))),
        )
        .collect();
    let at = |table: &Table, id| {
        table
            .position(id)
            .map(|p| Vec2::new(p.x, p.y))
            .unwrap_or_default()
    };
    let mut paths: Vec<Path> = ids
        .iter()
        .map(|&(body, kind)| Path {
            body,
            kind,
            points: vec![at(&table, body)],
            pocketed: false,
        })
        .collect();
    let mut clock = Clock::default();
    let mut events = Vec::new();
    loop {
        let report = table.step(&mut clock, &mut events);
        let done = report.at_rest || clock.time >= spec.sim.max_time;
        for path in &mut paths {
            if path.pocketed {
                continue;
            }
            let p = at(&table, path.body);
            let last = *path.points.last().unwrap_or(&p);
            if done || p.distance(last) >= SPACING {
                path.points.push(p);
            }
            if let Some(Fate::Pocketed(_)) = table.fate(path.body) {
                path.pocketed = true;
            }
        }
        if done {
            break;
        }
    }
    paths.retain(|p| p.points.iter().any(|q| q.distance(p.points[0]) > 1e-4));
    paths
}

fn compute(
    board: Res<OnBoard>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
    mut preview: ResMut<Preview>,
) {
    let wanted =
        preview.on && *phase.get() == Phase::Aim && aim.illegal.is_none() && aim.power > 0.0;
    if !wanted {
        if !preview.paths.is_empty() || preview.for_shot.is_some() || preview.running.is_some() {
            preview.paths.clear();
            preview.for_shot = None;
            preview.running = None;
        }
        return;
    }
    // A finished simulation shows; the next one starts only when none is running, so the
    // paths follow a moving aim at the simulator's pace without blocking a frame.
    if let Some((key, task)) = preview.running.as_mut()
        && let Some(paths) = check_ready(task)
    {
        let key = key.clone();
        preview.paths = paths;
        preview.for_shot = Some(key);
        preview.running = None;
    }
    let Some(seat) = board.actor else { return };
    let key = (aim_shot(&aim, seat), board.pieces.clone());
    if preview.running.is_some() || preview.for_shot.as_ref() == Some(&key) {
        return;
    }
    let spec = spec.0.clone();
    let (shot, layout) = key.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move { trace(&spec, &layout, &shot) });
    preview.running = Some((key, task));
}

fn draw(mut gizmos: Gizmos, preview: Res<Preview>, spec: Res<Equipment>) {
    let r = spec.0.board.coin_radius();
    for path in &preview.paths {
        let color = match path.kind {
            None => palette::PATH_STRIKER,
            Some(PieceColour::White) => palette::PATH_WHITE,
            Some(PieceColour::Black) => palette::PATH_BLACK,
            Some(PieceColour::Queen) => palette::PATH_QUEEN,
        };
        gizmos.linestrip_2d(path.points.iter().copied(), color);
        let Some(&end) = path.points.last() else {
            continue;
        };
        if path.pocketed {
            // Into the pocket: a cross at the hole.
            let d = r * 0.8;
            gizmos.line_2d(end + Vec2::new(-d, -d), end + Vec2::new(d, d), color);
            gizmos.line_2d(end + Vec2::new(-d, d), end + Vec2::new(d, -d), color);
        } else {
            gizmos.circle_2d(Isometry2d::from_translation(end), r, color);
        }
    }
}
