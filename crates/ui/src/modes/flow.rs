//! A refereed match's turn flow: the computers decide and strike, the referee judges each
//! stroke that came to rest, and a board's result stays until the players go on.

use super::OnBoard;
use super::calls::Announcement;
use super::input::Pointer;
use super::table::Table;
use super::turn::{
    Aim, AimChecked, AimInput, ComputerDelay, EndedStroke, FireParams, Thinking, TurnBegins,
};
use crate::pace::{AFTERGLOW, StayAwake};
use crate::sim::{LiveTable, SimSet, SimSpeed};
use crate::states::{LiveMatch, PausableSystems, Phase, Refereed, Watched, someone_to_act};
use bevy::prelude::*;
use carrom_match::Action;

/// The referee has judged a stroke of the match (a match's saves follow it).
#[derive(Message, Debug, Clone, Copy)]
pub struct Judged {
    pub match_over: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ResultShown>()
        .add_message::<Judged>()
        .add_systems(OnEnter(Phase::BoardOver), show_result)
        .add_systems(OnEnter(Phase::Over), show_result)
        .add_systems(
            OnEnter(Phase::Aim),
            computers_think
                .after(TurnBegins)
                .run_if(in_state(LiveMatch)),
        )
        .add_systems(
            Update,
            (
                (
                    collect_decision.after(AimInput).before(AimChecked),
                    computer_turn.after(AimChecked).in_set(PausableSystems),
                )
                    .run_if(in_state(Phase::Aim)),
                (
                    count_result_time.in_set(PausableSystems),
                    after_board_result,
                )
                    .chain()
                    .run_if(in_state(Phase::BoardOver)),
            )
                .before(SimSet)
                .run_if(in_state(Refereed)),
        )
        .add_systems(
            Update,
            (
                finish_stroke.run_if(in_state(Phase::Moving)),
                wait_for_table.run_if(in_state(Phase::Idle)),
            )
                .after(SimSet)
                .run_if(in_state(Refereed)),
        )
        .add_systems(
            PostUpdate,
            (
                computer_awake.run_if(someone_to_act),
                result_awake.run_if(in_state(Phase::BoardOver).or_else(in_state(Phase::Over))),
            )
                .run_if(in_state(Refereed)),
        );
}

/// The window keeps drawing through a computer's turn at this machine (another machine's
/// turn: [`super::online`]).
fn computer_awake(
    board: Res<OnBoard>,
    table: Res<Table>,
    thinking: Res<Thinking>,
    mut awake: MessageWriter<StayAwake>,
) {
    // Thinking where it wakes the window when done, the window rests meanwhile.
    let resting = crate::work::WAKES_THE_WINDOW && thinking.is_thinking();
    if board.computer && !table.actor_is_elsewhere() && !resting {
        awake.write(StayAwake("a computer's turn"));
    }
}

/// The window keeps drawing through the first moments of a result.
fn result_awake(shown: Res<ResultShown>, mut awake: MessageWriter<StayAwake>) {
    if shown.0 < RESULT_GRACE + AFTERGLOW {
        awake.write(StayAwake("a result's grace"));
    }
}

/// After a load: on to the right phase.
fn wait_for_table(table: Res<Table>, live: Res<LiveTable>, mut phase: ResMut<NextState<Phase>>) {
    if live.roster.is_none() || live.running {
        return;
    }
    phase.set(if table.board_result().is_some() {
        Phase::BoardOver
    } else if !table.model.pending.is_empty() {
        Phase::PlaceDue
    } else if table.model.turn().is_none() {
        Phase::Over
    } else {
        Phase::Aim
    });
}

/// A computer to strike starts deciding, off the frame thread (across machines, only this
/// machine's: another machine's stroke comes from the host).
fn computers_think(
    table: Res<Table>,
    watched: Option<Res<State<Watched>>>,
    mut thinking: ResMut<Thinking>,
) {
    let computer = watched.is_some() || table.actor_is_computer();
    if !computer || table.actor_is_elsewhere() {
        return;
    }
    thinking.start(crate::work::decide(&table.model, &table.computers));
}

/// Takes a computer's decision when it is ready and shows its aim until it strikes.
fn collect_decision(
    mut thinking: ResMut<Thinking>,
    mut aim: ResMut<Aim>,
    mut table: ResMut<Table>,
    delay: Res<ComputerDelay>,
    spec: Res<crate::sim::Equipment>,
) {
    let Some((action, computers)) = thinking.take_ready() else {
        return;
    };
    if let Some(computers) = computers {
        table.computers = computers;
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

/// A computer (or a recording) strikes once its aim has been shown long enough.
#[allow(clippy::too_many_arguments)]
fn computer_turn(
    time: Res<Time>,
    speed: Res<SimSpeed>,
    watched: Option<Res<State<Watched>>>,
    mut aim: ResMut<Aim>,
    mut table: ResMut<Table>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let computer = watched.is_some() || table.actor_is_computer();
    if !computer {
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
        Some(Action::Stroke { shot }) if table.model.check_shot(&shot).is_ok() => {
            fire.fire(&table.model.layout, shot);
        }
        Some(action @ (Action::Pass | Action::TimeOut)) => {
            // No legal striker placement (Law 137), or a replay's time-out (Law 50): the turn
            // goes on from the table as it is.
            match table.model.apply(&action) {
                Ok(_) => told.write(Announcement::Call(table.model.last_call())),
                Err(e) => told.write(Announcement::Note(format!("referee: {e}"))),
            };
            fire.show_table(&table.model.layout);
        }
        _ => {}
    }
}

/// The stroke came to rest: the referee judges it, and what comes next is set up.
pub fn finish_stroke(
    mut stroke: EndedStroke,
    mut table: ResMut<Table>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
    mut judged: MessageWriter<Judged>,
) {
    let Some((shot, outcome)) = stroke.take() else {
        return;
    };
    match table.model.apply_stroke(shot, outcome) {
        Ok(v) => {
            for l in table.model.verdict_lines(&v) {
                info!("{l}");
            }
            told.write(Announcement::Call(table.model.last_call()));
            judged.write(Judged {
                match_over: v.match_result.is_some(),
            });
        }
        Err(e) => {
            told.write(Announcement::Note(format!("referee: {e}")));
            judged.write(Judged { match_over: false });
        }
    }
    if table.board_result().is_some() {
        // The board's last position stays under its result; the next rack comes after.
        fire.phase.set(Phase::BoardOver);
    } else {
        fire.show_table(&table.model.layout);
    }
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

/// A board's result counts the time it has been up (faster at a higher speed; the clock
/// stands while the game is paused).
fn count_result_time(time: Res<Time>, speed: Res<SimSpeed>, mut shown: ResMut<ResultShown>) {
    shown.0 += time.delta_secs() * speed.factor.clamp(1.0, 2.0);
}

/// The players go on from a board's result (a click, Enter or Space; by themselves after a
/// few seconds when only computers play): the next board is racked.
#[allow(clippy::too_many_arguments)]
fn after_board_result(
    speed: Res<SimSpeed>,
    watched: Option<Res<State<Watched>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    pointer: Res<Pointer>,
    shown: Res<ResultShown>,
    mut table: ResMut<Table>,
    mut fire: FireParams,
    buttons: Query<&Interaction, With<Button>>,
) {
    // A click on the card's button (Review) is the button's.
    let on_button = buttons.iter().any(|i| *i != Interaction::None);
    let asked = (pointer.clicked() && !on_button)
        || keys.is_some_and(|k| k.just_pressed(KeyCode::Enter) || k.just_pressed(KeyCode::Space));
    let nobody_plays = watched.is_some() || table.watched();
    let timed_out = nobody_plays && (shown.0 >= RESULT_SECONDS || speed.steps_per_frame.is_some());
    if (asked && shown.0 > RESULT_GRACE) || timed_out {
        table.results_seen = table.model.stats.boards.len();
        fire.show_table(&table.model.layout);
    }
}
