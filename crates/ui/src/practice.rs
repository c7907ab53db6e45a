//! Break practice: one player breaks from South into a full rack, again and again; each break's
//! result is recorded and announced, and R puts the rack back.

use crate::play::{Announcement, EndedStroke, FireParams};
use crate::sim::{Equipment, SimSet};
use crate::{BreakRecord, Mode, Phase, Screen, Session, in_mode};
use bevy::prelude::*;
use carrom_match::MatchSetup;
use carrom_physics::{Seat, opening_rack};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            record_break.run_if(in_state(Phase::Moving)),
            reset_rack.run_if(not(in_state(Phase::Moving))),
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
) {
    let Some((_, outcome)) = stroke.take() else {
        return;
    };
    let Some(mut session) = session else { return };
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
) {
    let (Some(keys), Some(mut session)) = (keys, session) else {
        return;
    };
    if keys.just_pressed(KeyCode::KeyR) {
        session.practice_layout = opening_rack(&spec.0.board, Seat::South);
        told.write(Announcement::Call(vec!["Rack reset.".into()]));
        fire.show_table(&session);
    }
}
