//! A refereed match at the table (a match, a demo or a replay): the [`Table`] (the `Match`, the
//! computer players, where it is saved, the results seen), and another match at the same table.
//! Its turn flow is [`super::flow`].

use super::turn::{Announcement, FireParams};
use super::{OnBoard, replay::ReplayTape};
use crate::launch::{Launch, Start};
use crate::states::{Mode, Refereed};
use bevy::prelude::*;
use carrom_ai::Computers;
use carrom_match::{Match, MatchSetup};
use carrom_physics::{Seat, Spec};
use std::path::PathBuf;

/// The match at the table.
#[derive(Resource)]
pub struct Table {
    pub model: Match,
    /// The computer players at the table.
    pub computers: Computers,
    /// Nobody at the table plays (a demo, a replay): no person's input acts.
    pub spectated: bool,
    /// What is at the table, for the menu ("the demo", or the sides' names).
    pub title: String,
    pub save_path: PathBuf,
    /// Where the replay of a finished match goes.
    pub replay_path: Option<PathBuf>,
    /// The players turned the coach's hints on for this match.
    pub hints: bool,
    /// How many of the match's ended boards the players have seen the result of.
    pub results_seen: usize,
    /// A match across machines: the seats played at this machine (none for a spectator);
    /// every other seat's actions come from the host.
    pub here: Option<Vec<Seat>>,
}

impl Table {
    /// A table at the start of its match. An unplayable setup (a player missing) is an error
    /// naming the field.
    pub fn new(spec: &Spec, setup: MatchSetup, spectated: bool) -> Result<Table, String> {
        let computers = Computers::for_setup(&setup);
        let model = Match::new(spec, setup).map_err(|e| e.to_string())?;
        Ok(Table {
            title: format!(
                "{} v {}",
                model.side_name(carrom_referee::Side::Zero),
                model.side_name(carrom_referee::Side::One)
            ),
            model,
            computers,
            spectated,
            save_path: PathBuf::from("carrom-save.json"),
            replay_path: None,
            hints: false,
            results_seen: 0,
            here: None,
        })
    }

    /// The table a launch asks for (anything but practice): the mode it enters, the table, a
    /// replay's tape, and the first call to show.
    pub fn begin(
        launch: &Launch,
        spec: &Spec,
    ) -> Result<(Mode, Table, Option<ReplayTape>, Vec<String>), String> {
        let (mode, mut table, tape, call) = match &launch.start {
            Start::Match(setup) => (
                Mode::Match,
                Table::new(spec, setup.clone(), false)?,
                None,
                vec![],
            ),
            Start::Demo(setup) => {
                let mut table = Table::new(spec, setup.clone(), true)?;
                table.title = "the demo".into();
                (Mode::Demo, table, None, vec![])
            }
            Start::Replay(file) => {
                let mut table = Table::new(spec, file.setup.clone(), true)?;
                table.title = "the replay".into();
                let call = vec![format!(
                    "Replay: {} actions, {} rules, seed {}",
                    file.actions.len(),
                    file.setup.rules_name,
                    file.setup.seed
                )];
                let tape = ReplayTape(file.actions.iter().copied().collect());
                (Mode::Replay, table, Some(tape), call)
            }
            Start::Resume(game) => {
                let mut table = Table::new(spec, game.setup.clone(), false)?;
                // Resumed just after a board ended: its result is shown again.
                let resumed = carrom_match::Resumed::at((**game).clone());
                table.model = resumed.game;
                table.results_seen = resumed.results_seen;
                let call = table.model.last_call();
                (Mode::Match, table, None, call)
            }
            Start::Online(online) => {
                let guard = online.guest.lock().map_err(|_| "the network link broke")?;
                let guest = guard.as_ref().ok_or("not joined to a match")?;
                let game = guest
                    .game
                    .clone()
                    .ok_or("the host's match has not started")?;
                let mut table = Table::new(spec, game.setup.clone(), false)?;
                let resumed = carrom_match::Resumed::at(game);
                table.model = resumed.game;
                table.results_seen = resumed.results_seen;
                table.here = Some(guest.seats.clone());
                table.title = format!("{} (across machines)", table.title);
                let mut call = vec![match &online.hosting {
                    Some(host) => format!(
                        "Hosting: code {} at {}",
                        host.code,
                        host.addresses.first().map_or("", String::as_str)
                    ),
                    None => format!("Joined as {}", guest.joining.name),
                }];
                call.extend(table.model.last_call());
                (Mode::Online, table, None, call)
            }
            Start::Menu | Start::Practice | Start::Training => {
                return Err("not a match: nothing to put on the table".into());
            }
        };
        table.hints = launch.hints;
        if let Some(p) = &launch.save_path {
            table.save_path = p.clone();
        } else if mode == Mode::Match {
            table.save_path = crate::settings::save_path_for(&table.model.setup);
        }
        if mode == Mode::Match {
            // A finished match keeps its replay next to the save.
            table.replay_path = Some(table.save_path.with_extension("replay.json"));
        }
        Ok((mode, table, tape, call))
    }

    /// Whether the aim guide starts on in `mode`: not in an ICF match unless the settings say
    /// so (real play has none), everywhere else.
    /// The board that has just ended and whose result is still to be shown (none once the
    /// match is over: the summary takes its place).
    pub fn board_result(&self) -> Option<&carrom_match::BoardStats> {
        let boards = &self.model.stats.boards;
        if self.model.is_over() || boards.len() <= self.results_seen {
            None
        } else {
            boards.last()
        }
    }

    /// Whether nobody at the table is a person (a demo, a replay, or computers in every seat):
    /// results go by on their own.
    pub fn watched(&self) -> bool {
        if let Some(here) = &self.here {
            return here.is_empty();
        }
        self.spectated
            || self
                .model
                .referee
                .seats()
                .seats()
                .iter()
                .all(|s| self.model.is_computer(*s))
    }

    /// Who is to act now.
    pub fn actor(&self) -> Option<Seat> {
        self.model.placer().or(self.model.turn())
    }

    /// Whether no person at this machine acts now: a computer, a recording, or (across
    /// machines) a seat played elsewhere.
    pub fn actor_is_computer(&self) -> bool {
        if self.actor_is_elsewhere() {
            return true;
        }
        self.spectated || self.actor().is_some_and(|s| self.model.is_computer(s))
    }

    /// Across machines: the seat to act is played at another machine (or nobody is to act).
    /// A seat of this machine is played by its person, or by its computer when its player is
    /// one (`carrom join --computer`).
    pub fn actor_is_elsewhere(&self) -> bool {
        self.here
            .as_ref()
            .is_some_and(|here| self.actor().is_none_or(|s| !here.contains(&s)))
    }

    /// What the shared systems see of the match.
    pub fn on_board(&self) -> OnBoard {
        let actor = self.actor();
        OnBoard {
            pieces: self.model.layout.clone(),
            actor,
            computer: self.actor_is_computer(),
            name: actor.map_or(String::new(), |s| self.model.player(s).name.clone()),
            turns: self.model.actions.len(),
            due: self.model.pending.front().map(|r| r.piece),
            title: self.title.clone(),
            open: !self.model.is_over(),
            people: if let Some(here) = &self.here {
                here.clone()
            } else if self.spectated {
                Vec::new()
            } else {
                self.model
                    .referee
                    .seats()
                    .seats()
                    .iter()
                    .copied()
                    .filter(|s| !self.model.is_computer(*s))
                    .collect()
            },
        }
    }
}

/// Another match at the table (the summary's Play again, a demo's N).
#[derive(Event, Debug, Clone, Copy)]
pub struct PlayAgain;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(play_again_at_the_table.run_if(in_state(Refereed)))
        .add_systems(
            PreUpdate,
            show_the_table.run_if(resource_exists_and_changed::<Table>),
        );
}

/// The shared systems see the match as it now stands.
fn show_the_table(table: Res<Table>, mut board: ResMut<OnBoard>) {
    board.set_if_neq(table.on_board());
}

/// The seed of the match after one seeded `seed` (another demo, a match played again).
pub fn next_seed(seed: u64) -> u64 {
    seed.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
}

/// Another match at the table: the same players and rules with the next seed. The board's
/// view, hints and save paths stay as they were. (A replay goes on as a demo: see
/// [`super::replay`].)
pub fn play_again(table: &mut Table, spec: &Spec) -> Result<(), String> {
    let mut setup = table.model.setup.clone();
    setup.seed = next_seed(setup.seed);
    let mut next = Table::new(spec, setup, table.spectated)?;
    if table.spectated {
        next.title = table.title.clone();
    }
    next.hints = table.hints;
    next.save_path = table.save_path.clone();
    next.replay_path = table.replay_path.clone();
    *table = next;
    Ok(())
}

/// Another match at the table: the same players and rules, the next seed.
fn play_again_at_the_table(
    _: On<PlayAgain>,
    mut table: ResMut<Table>,
    spec: Res<crate::sim::Equipment>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    if table.here.is_some() {
        told.write(Announcement::Note(
            "A match across machines is played again by hosting another.".into(),
        ));
        return;
    }
    match play_again(&mut table, &spec.0) {
        Ok(()) => {
            told.write(Announcement::Call(Vec::new()));
            fire.show_table(&table.model.layout);
        }
        Err(e) => {
            told.write(Announcement::Note(e));
        }
    }
}
