//! A refereed match at the table (a match, a demo or a replay): the [`Table`] (the `Match`, the
//! computer players, where it is saved, the results seen), and another match at the same table.
//! Its turn flow is [`super::flow`].

use super::calls::Announcement;
use super::review::Reviewing;
use super::turn::FireParams;
use super::{Entering, OnBoard};
use crate::launch::Launch;
use crate::states::{AtTable, Playing, Refereed, Watched};
use bevy::prelude::*;
use carrom_ai::Computers;
use carrom_match::{Match, MatchError, MatchSetup};
use carrom_physics::{Seat, Spec};
use std::path::PathBuf;

/// Why a match cannot be put on the table (its words are the ones the menu shows).
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// A setup the match refuses (a player missing, a breaker who does not play).
    #[error(transparent)]
    Match(#[from] MatchError),
}

/// The match at the table.
#[derive(Resource)]
pub struct Table {
    pub model: Match,
    /// The computer players at the table.
    pub computers: Computers,
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
    pub fn new(spec: &Spec, setup: MatchSetup) -> Result<Table, TableError> {
        let computers = Computers::for_setup(&setup);
        let model = Match::new(spec, setup)?;
        Ok(Table {
            title: model.setup.title(),
            model,
            computers,
            save_path: PathBuf::from("carrom-save.json"),
            replay_path: None,
            hints: false,
            results_seen: 0,
            here: None,
        })
    }

    /// A table at a match already under way (a save resumed, a match across machines joined):
    /// a match standing just after a board ended shows its result again.
    pub fn resumed(spec: &Spec, game: Match) -> Result<Table, TableError> {
        let mut table = Table::new(spec, game.setup.clone())?;
        let resumed = carrom_match::Resumed::at(game);
        table.model = resumed.game;
        table.results_seen = resumed.results_seen;
        Ok(table)
    }

    /// The table as the launch asks: the coach's hints, and where the match is saved when it
    /// says.
    pub fn launched(mut self, launch: &Launch) -> Table {
        self.hints = launch.hints;
        if let Some(p) = &launch.save_path {
            self.save_path = p.clone();
        }
        self
    }

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

    /// Whether no seat at the table is a person's (computers in every seat; across machines,
    /// no seat played here): results go by on their own, as in a demo or a replay (which are
    /// [`Watched`] whoever their players were).
    pub fn watched(&self) -> bool {
        if let Some(here) = &self.here {
            return here.is_empty();
        }
        self.model.person_seat().is_none()
    }

    /// Who is to act now.
    pub fn actor(&self) -> Option<Seat> {
        self.model.placer().or(self.model.turn())
    }

    /// Whether no person at this machine acts now by the seats: a computer, or (across
    /// machines) a seat played elsewhere. In a demo or a replay ([`Watched`]) no person acts
    /// whoever is to act.
    pub fn actor_is_computer(&self) -> bool {
        if self.actor_is_elsewhere() {
            return true;
        }
        self.actor().is_some_and(|s| self.model.is_computer(s))
    }

    /// Across machines: the seat to act is played at another machine (or nobody is to act).
    /// A seat of this machine is played by its person, or by its computer when its player is
    /// one (`carrom join --computer`).
    pub fn actor_is_elsewhere(&self) -> bool {
        self.here
            .as_ref()
            .is_some_and(|here| self.actor().is_none_or(|s| !here.contains(&s)))
    }

    /// What the shared systems see of the match; `watched`, in a demo or a replay (nobody at
    /// the table plays).
    pub fn on_board(&self, watched: bool) -> OnBoard {
        let actor = self.actor();
        OnBoard {
            pieces: self.model.layout.clone(),
            actor,
            computer: watched || self.actor_is_computer(),
            name: actor.map_or(String::new(), |s| self.model.player(s).name.clone()),
            turns: self.model.actions.len(),
            due: self.model.pending.front().map(|r| r.piece),
            title: self.title.clone(),
            open: !self.model.is_over(),
            people: if let Some(here) = &self.here {
                here.clone()
            } else if watched {
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

/// The launch's mode is entered with `table` at the table (a mode with a table sets it up,
/// then enters here): what the shared systems see of it, and the first call.
pub fn enter(entering: &mut Entering, launch: &Launch, table: Table, call: Vec<String>) {
    let watched = launch.start.mode().playing().is_some_and(Playing::watched);
    let on_board = table.on_board(watched);
    entering.commands.insert_resource(table);
    entering.enter(launch, on_board, call);
}

/// Another match at the table (the summary's Play again, a demo's N).
#[derive(Event, Debug, Clone, Copy)]
pub struct PlayAgain;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(
        // A replay is watched again from its own start (see [`super::replay`]).
        play_again_at_the_table.run_if(in_state(Refereed).and_then(not(in_state(Playing::Replay)))),
    )
    // The table goes when a mode without one is entered (another mode with a table sets
    // its own); a review opened from the table keeps it aside while it is up
    // ([`super::review`]).
    .add_systems(
        OnExit(AtTable),
        (|mut commands: Commands| commands.remove_resource::<Table>())
            .run_if(not(resource_exists::<Reviewing>)),
    )
    .add_systems(
        PreUpdate,
        show_the_table.run_if(resource_exists_and_changed::<Table>),
    );
}

/// The shared systems see the match as it now stands. A table set up as a game begins, with
/// the menu still up, is shown by the set-up ([`super::Begin`]): its mode's states are not
/// entered yet.
fn show_the_table(
    table: Res<Table>,
    playing: Option<Res<State<Playing>>>,
    watched: Option<Res<State<Watched>>>,
    mut board: ResMut<OnBoard>,
) {
    if playing.is_some() {
        board.set_if_neq(table.on_board(watched.is_some()));
    }
}

/// The seed of the match after one seeded `seed` (another demo, a match played again).
pub fn next_seed(seed: u64) -> u64 {
    seed.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
}

/// Another match at the table: the same players and rules with the next seed. The board's
/// view, hints and save paths stay as they were, and a demo's title (`watched`).
pub fn play_again(table: &mut Table, spec: &Spec, watched: bool) -> Result<(), TableError> {
    let mut setup = table.model.setup.clone();
    setup.seed = next_seed(setup.seed);
    begin_again(table, spec, setup, watched)
}

/// The table set for a match of `setup` from its start, keeping the board's hints and save
/// paths (and the title, with `keep_title`): another match, or a replay watched again.
pub fn begin_again(
    table: &mut Table,
    spec: &Spec,
    setup: MatchSetup,
    keep_title: bool,
) -> Result<(), TableError> {
    let mut next = Table::new(spec, setup)?;
    if keep_title {
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
    watched: Option<Res<State<Watched>>>,
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
    match play_again(&mut table, &spec.0, watched.is_some()) {
        Ok(()) => {
            told.write(Announcement::Call(Vec::new()));
            fire.show_table(&table.model.layout);
        }
        Err(e) => {
            told.write(Announcement::Note(e.to_string()));
        }
    }
}
