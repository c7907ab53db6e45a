//! Break practice: one player breaks from South into a full rack, again and again; each break's
//! result is recorded and announced, the spread stays on the board for a moment and the rack is
//! set again by itself (R sets it at once). Only a stroke into a full rack counts as a break.

use crate::play::{Announcement, EndedStroke, FireParams};
use crate::sim::{Equipment, SimSet};
use crate::{BreakRecord, Mode, Phase, Screen, Session, in_mode};
use bevy::prelude::*;
use carrom_match::MatchSetup;
use carrom_physics::{Seat, opening_rack};

/// Seconds the spread of a break stays on the board before the rack is set again.
const SPREAD_SECONDS: f32 = 2.5;

/// The rack on the board: `fresh` while nothing has been struck into it since it was set;
/// `spread` counts down the seconds before a broken rack is set again.
#[derive(Resource)]
pub struct Rack {
    pub fresh: bool,
    pub spread: f32,
}

impl Default for Rack {
    fn default() -> Self {
        Rack {
            fresh: true,
            spread: 0.0,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Rack>()
        .add_systems(OnEnter(Screen::Game), |mut rack: ResMut<Rack>| {
            *rack = Rack::default()
        });
    app.add_systems(
        Update,
        (
            record_break.run_if(in_state(Phase::Moving)),
            reset_rack.run_if(not(in_state(Phase::Moving))),
            rerack_after_a_break.run_if(in_state(Phase::Aim)),
        )
            .after(SimSet)
            .run_if(in_state(Screen::Game).and_then(in_mode(Mode::Practice))),
    );
}

/// The setup behind a practice session (its match is never played: practice has no turns).
pub fn practice_setup() -> MatchSetup {
    MatchSetup::new(
        carrom_referee::Seats::Singles,
        carrom_referee::Rules::icf(),
        "icf",
        1,
    )
}

/// A break came to rest: what it pocketed, how many pieces left the outer circle, whether the
/// striker was lost.
fn record_break(
    mut stroke: EndedStroke,
    session: Option<ResMut<Session>>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
    spec: Res<Equipment>,
    mut rack: ResMut<Rack>,
) {
    let Some((_, outcome)) = stroke.take() else {
        return;
    };
    let Some(mut session) = session else { return };
    if !rack.fresh {
        // A stroke into a broken rack is not a break: not counted.
        told.write(Announcement::Call(vec![
            "Not counted: the rack was already broken. It is set again.".into(),
        ]));
        set_rack(&mut rack, &mut session, &spec, &mut fire);
        return;
    }
    rack.fresh = false;
    rack.spread = SPREAD_SECONDS;
    let ro = spec.0.board.outer_circle_radius();
    let outside = outcome
        .layout
        .iter()
        .filter(|p| p.pos().length() > ro)
        .count();
    let striker_lost = outcome.report.striker_pocketed || outcome.report.striker_overboard;
    let pocketed = outcome.report.pocketed.len();
    session.breaks.push(BreakRecord {
        pocketed,
        outside_outer_circle: outside,
        striker_lost,
    });
    told.write(Announcement::Call(vec![format!(
        "Break {}: {} pocketed, {} out of the outer circle{}",
        session.breaks.len(),
        pocketed,
        outside,
        if striker_lost { ", striker lost" } else { "" }
    )]));
    session.practice_layout = outcome.layout;
    fire.show_table(&session);
}

/// R: the rack is set again.
fn reset_rack(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Option<ResMut<Session>>,
    spec: Res<Equipment>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
    mut rack: ResMut<Rack>,
) {
    let (Some(keys), Some(mut session)) = (keys, session) else {
        return;
    };
    if keys.just_pressed(KeyCode::KeyR) {
        told.write(Announcement::Call(vec!["Rack reset.".into()]));
        set_rack(&mut rack, &mut session, &spec, &mut fire);
    }
}

/// A full rack on the board, fresh for a break.
fn set_rack(rack: &mut Rack, session: &mut Session, spec: &Equipment, fire: &mut FireParams) {
    *rack = Rack::default();
    session.practice_layout = opening_rack(&spec.0.board, Seat::South);
    fire.show_table(session);
}

/// The spread of a break stays a moment, then the rack is set again for the next break.
fn rerack_after_a_break(
    time: Res<Time>,
    mut rack: ResMut<Rack>,
    session: Option<ResMut<Session>>,
    spec: Res<Equipment>,
    mut fire: FireParams,
) {
    let Some(mut session) = session else { return };
    if rack.fresh || rack.spread <= 0.0 {
        return;
    }
    rack.spread -= time.delta_secs();
    if rack.spread <= 0.0 {
        set_rack(&mut rack, &mut session, &spec, &mut fire);
    }
}
