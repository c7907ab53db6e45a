//! Break practice: one player breaks from South into a full rack, again and again; each break's
//! result is recorded and announced, the spread stays on the board for a moment and the rack is
//! set again by itself (R sets it at once). Only a stroke into a full rack counts as a break.
//! Practice has no match: its data is the rack on the board and the breaks so far.

mod setup;

use crate::modes::OnBoard;
use crate::modes::calls::Announcement;
use crate::modes::turn::{EndedStroke, FireParams, aim_once_loaded};
use crate::sim::{Equipment, SimSet};
use crate::states::{Phase, Playing};
use bevy::prelude::*;
use carrom_physics::{Piece, Seat, Spec, opening_rack};

/// Seconds the spread of a break stays on the board before the rack is set again.
const SPREAD_SECONDS: f32 = 2.5;

/// One break in practice.
#[derive(Clone, Debug, PartialEq)]
pub struct BreakRecord {
    pub pocketed: usize,
    pub outside_outer_circle: usize,
    pub striker_lost: bool,
}

/// Break practice at the table: the pieces on the board, the breaks so far, and the rack:
/// `fresh` while nothing has been struck into it since it was set; `spread` counts down the
/// seconds before a broken rack is set again.
#[derive(Resource, Debug, Clone)]
pub struct BreakPractice {
    pub layout: Vec<Piece>,
    pub breaks: Vec<BreakRecord>,
    pub fresh: bool,
    pub spread: f32,
}

impl BreakPractice {
    pub fn new(spec: &Spec) -> BreakPractice {
        BreakPractice {
            layout: opening_rack(&spec.board, Seat::South),
            breaks: Vec::new(),
            fresh: true,
            spread: 0.0,
        }
    }

    /// What the shared systems see: the player breaks from South.
    pub fn on_board(&self) -> OnBoard {
        OnBoard {
            pieces: self.layout.clone(),
            actor: Some(Seat::South),
            computer: false,
            name: Seat::South.title().to_string(),
            turns: self.breaks.len(),
            due: None,
            title: "break practice".into(),
            open: true,
            people: vec![Seat::South],
        }
    }

    /// A full rack on the board, fresh for a break.
    fn set_rack(&mut self, spec: &Spec) {
        self.layout = opening_rack(&spec.board, Seat::South);
        self.fresh = true;
        self.spread = 0.0;
    }
}

pub(super) fn plugin(app: &mut App) {
    // Back from the menu, the rack on the board counts as fresh.
    app.add_plugins(setup::plugin)
        .add_systems(
            OnEnter(Playing::Practice),
            |mut practice: ResMut<BreakPractice>| {
                practice.fresh = true;
                practice.spread = 0.0;
            },
        )
        .add_systems(
            PreUpdate,
            show_the_practice.run_if(resource_exists_and_changed::<BreakPractice>),
        )
        .add_systems(
            PostUpdate,
            // The spread counts down only while a turn waits.
            crate::pace::while_busy(
                |p: &BreakPractice| !p.fresh && p.spread > 0.0,
                "a break's spread",
            )
            .run_if(in_state(Phase::Aim)),
        )
        .add_systems(
            Update,
            (
                record_break.run_if(in_state(Phase::Moving)),
                reset_rack.run_if(not(in_state(Phase::Moving))),
                rerack_after_a_break.run_if(in_state(Phase::Aim)),
                aim_once_loaded.run_if(in_state(Phase::Idle)),
            )
                .after(SimSet)
                .run_if(in_state(Playing::Practice)),
        );
}

/// The shared systems see the practice as it now stands.
fn show_the_practice(practice: Res<BreakPractice>, mut board: ResMut<OnBoard>) {
    board.set_if_neq(practice.on_board());
}

/// A break came to rest: what it pocketed, how many pieces left the outer circle, whether the
/// striker was lost.
fn record_break(
    mut stroke: EndedStroke,
    mut practice: ResMut<BreakPractice>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
    spec: Res<Equipment>,
) {
    let Some((_, outcome)) = stroke.take() else {
        return;
    };
    if !practice.fresh {
        // A stroke into a broken rack is not a break: not counted.
        told.write(Announcement::Call(vec![
            "Not counted: the rack was already broken. It is set again.".into(),
        ]));
        practice.set_rack(&spec.0);
        fire.show_table(&practice.layout);
        return;
    }
    practice.fresh = false;
    practice.spread = SPREAD_SECONDS;
    let ro = spec.0.board.outer_circle_radius();
    let outside = outcome
        .layout
        .iter()
        .filter(|p| p.pos().length() > ro)
        .count();
    let striker_lost = outcome.report.striker_pocketed || outcome.report.striker_overboard;
    let pocketed = outcome.report.pocketed.len();
    practice.breaks.push(BreakRecord {
        pocketed,
        outside_outer_circle: outside,
        striker_lost,
    });
    told.write(Announcement::Call(vec![format!(
        "Break {}: {} pocketed, {} out of the outer circle{}",
        practice.breaks.len(),
        pocketed,
        outside,
        if striker_lost { ", striker lost" } else { "" }
    )]));
    practice.layout = outcome.layout;
    fire.show_table(&practice.layout);
}

/// R: the rack is set again.
fn reset_rack(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut practice: ResMut<BreakPractice>,
    spec: Res<Equipment>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyR)) {
        told.write(Announcement::Call(vec!["Rack reset.".into()]));
        practice.set_rack(&spec.0);
        fire.show_table(&practice.layout);
    }
}

/// The spread of a break stays a moment, then the rack is set again for the next break.
fn rerack_after_a_break(
    time: Res<Time>,
    mut practice: ResMut<BreakPractice>,
    spec: Res<Equipment>,
    mut fire: FireParams,
) {
    if practice.fresh || practice.spread <= 0.0 {
        return;
    }
    practice.spread -= time.delta_secs();
    if practice.spread <= 0.0 {
        practice.set_rack(&spec.0);
        fire.show_table(&practice.layout);
    }
}
