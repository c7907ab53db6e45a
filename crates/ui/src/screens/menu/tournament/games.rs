//! A tournament's games: one with a person is played on the board as the tournament sets it up
//! (its players, the toss's winner breaking, the VKK game), and taken into the tournament when
//! it is over (the summary's Tournament button goes back to the page); a game of computers is
//! watched on the board the same way, or played off the screen, one after another, while the
//! page shows each result. Every game's replay is watched from the page.

use super::TournamentHeld;
use crate::launch::Start;
use crate::modes::table::Table;
use crate::pace;
use crate::screens::menu::MenuPage;
use crate::screens::menu::start::{MenuStart, resume_file};
use crate::sim::Equipment;
use crate::states::{LiveMatch, Phase, Screen};
use crate::theme::{Activate, button, palette, text};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};
use carrom_match::{MatchSetup, SaveFile};
use carrom_tournament::play::{board_setup, play_game};
use carrom_tournament::record::record_played;
use carrom_tournament::run::{Played, has_person};
use carrom_tournament::{Tournament, words};

/// The width of a game's button (Play, Watch).
pub(super) const BUTTON: f32 = 96.0;

/// The computers' games being played off the screen: the one under way (the next follows it
/// until no computers' game is next).
#[derive(Resource, Default)]
pub struct OffScreen {
    task: Option<(u32, Task<Result<Played, String>>)>,
}

impl OffScreen {
    /// The game being played off the screen.
    pub fn playing(&self) -> Option<u32> {
        self.task.as_ref().map(|(n, _)| *n)
    }

    fn busy(&self) -> bool {
        self.task.is_some()
    }
}

/// The match at the table is game of the tournament's (its seed, as the page's Play set it):
/// its summary goes back to the tournament.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FromTournament(pub u64);

/// The menu opens on the tournament's page when it comes up.
#[derive(Resource)]
struct OpenTournament;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OffScreen>()
        .add_systems(
            PostUpdate,
            pace::while_busy(OffScreen::busy, "computers playing a tournament's game"),
        )
        .add_systems(Update, collect_game)
        .add_systems(
            OnEnter(Phase::Over),
            take_the_result.run_if(in_state(LiveMatch)),
        )
        .add_systems(OnEnter(Screen::Menu), open_the_page);
}

/// The next game of `t` whose match is `setup` (none: the match is no game the tournament
/// still has to play).
pub fn game_of(t: &Tournament, setup: &MatchSetup) -> Option<u32> {
    t.next_games().into_iter().find(|n| {
        t.game(*n)
            .and_then(|g| board_setup(t, g).ok())
            .is_some_and(|wanted| wanted == *setup)
    })
}

/// Play (a person's game: on the board, or its autosave gone on with) or Watch (the
/// computers' game on the board).
pub(super) fn game_button(row: &mut ChildSpawnerCommands, label: &str, number: u32, watch: bool) {
    button(
        row,
        BUTTON,
        30.0,
        text(label, 15.0, palette::BUTTON_TEXT),
        move |_: On<Activate>,
              mut held: ResMut<TournamentHeld>,
              spec: Res<Equipment>,
              mut commands: Commands,
              mut m: MenuStart| {
            let Some(t) = &held.tournament else { return };
            let Some(game) = t.game(number) else { return };
            let setup = match board_setup(t, game) {
                Ok(setup) => setup,
                Err(e) => return held.message = Some(format!("Game {number}: {e}")),
            };
            commands.insert_resource(FromTournament(setup.seed));
            let start = match crate::settings::autosave_path_for(&setup) {
                _ if watch => Start::Demo(setup),
                Some(kept) if carrom_store::exists(&kept) => match resume_file(&spec.0, &kept) {
                    Ok(game) => Start::Resume(Box::new(game)),
                    Err(_) => Start::Match(setup),
                },
                _ => Start::Match(setup),
            };
            m.begin(start);
        },
    );
}

/// Plays the computers' next games off the screen, one after another.
pub(super) fn play_computers_button(page: &mut ChildSpawnerCommands) {
    button(
        page,
        340.0,
        34.0,
        text("Play the computers' games", 16.0, palette::BUTTON_TEXT),
        |_: On<Activate>,
         mut off: ResMut<OffScreen>,
         held: Res<TournamentHeld>,
         spec: Res<Equipment>| {
            start_next(&mut off, &held, &spec);
        },
    );
}

/// The next computers' game of the held tournament set going off the screen, if any.
fn start_next(off: &mut OffScreen, held: &TournamentHeld, spec: &Equipment) {
    let (Some(t), Some((folder, folder_name))) = (&held.tournament, held.replays()) else {
        return;
    };
    let mut next = t.next_games().into_iter().filter_map(|n| t.game(n));
    let Some(game) = next.find(|g| !has_person(t, g)).cloned() else {
        return;
    };
    let (t, spec, number) = (t.clone(), spec.0.clone(), game.number);
    let task = AsyncComputeTaskPool::get().spawn(async move {
        play_game(&spec, &t, &game, &folder, &folder_name).map_err(|e| e.to_string())
    });
    off.task = Some((number, task));
}

/// A computers' game played off the screen is taken into the tournament and saved, its result
/// said; the next follows.
fn collect_game(
    mut off: ResMut<OffScreen>,
    mut held: ResMut<TournamentHeld>,
    spec: Res<Equipment>,
) {
    // Looked at without marking it changed: the page is built again only when a game ends.
    let Some((number, task)) = off.bypass_change_detection().task.as_mut() else {
        return;
    };
    let Some(result) = block_on(future::poll_once(task)) else {
        return;
    };
    let number = *number;
    off.task = None;
    let Some(t) = held.tournament.as_mut() else {
        return;
    };
    let taken = result.and_then(|p| {
        t.record(number, p.outcome, p.replays)
            .map_err(|e| e.to_string())
    });
    match taken {
        Ok(_) => {
            let line = t.game(number).map(|g| words::result_line(t, g));
            held.message = line;
            held.save();
            start_next(&mut off, &held, &spec);
        }
        Err(e) => {
            held.message = Some(format!("Game {number}: {e}"));
        }
    }
}

/// The match at the table is over: if it is a game the tournament still has to play, it is
/// taken in (its boards, its replay kept with the tournament's) and the tournament saved.
fn take_the_result(table: Option<Res<Table>>, mut held: ResMut<TournamentHeld>) {
    let Some(table) = table else { return };
    let folder = held.replays();
    let (Some(t), Some((folder, name))) = (held.tournament.as_mut(), folder) else {
        return;
    };
    let Some(number) = game_of(t, &table.model.setup) else {
        return;
    };
    let said = match record_played(t, number, &table.model, &table.title, (&folder, &name)) {
        Ok(_) => t
            .game(number)
            .map_or_else(String::new, |g| words::result_line(t, g)),
        Err(e) => format!("Game {number} was not taken into the tournament: {e}"),
    };
    held.message = Some(said);
    held.save();
}

/// The summary's button back to the tournament (in place of Play again: Enter presses it).
pub fn back_to_tournament(parent: &mut ChildSpawnerCommands, look: (f32, f32, Color)) -> Entity {
    let (width, height, ink) = look;
    button(
        parent,
        width,
        height,
        text("Tournament (Enter)", 18.0, ink),
        |_: On<Activate>, mut commands: Commands, mut screen: ResMut<NextState<Screen>>| {
            commands.insert_resource(OpenTournament);
            screen.set(Screen::Menu);
        },
    )
}

fn open_the_page(
    mut commands: Commands,
    open: Option<Res<OpenTournament>>,
    mut page: ResMut<NextState<MenuPage>>,
) {
    if open.is_some() {
        commands.remove_resource::<OpenTournament>();
        page.set(MenuPage::Tournament);
    }
}

/// A played game's replay, watched on the board.
pub(super) fn replay_button(row: &mut ChildSpawnerCommands, replay: String) {
    button(
        row,
        BUTTON,
        30.0,
        text("Replay", 15.0, palette::BUTTON_TEXT),
        move |_: On<Activate>, mut held: ResMut<TournamentHeld>, mut m: MenuStart| {
            let Some(path) = held.replay_path(&replay) else {
                return;
            };
            match SaveFile::load(&path) {
                Ok(save) => m.begin(Start::Replay(save)),
                Err(e) => held.message = Some(format!("The replay: {e}")),
            }
        },
    );
}
