//! Starting a game from the menu: a match, practice or a demo with the menu's rules and
//! players, or Continue (the game left with Esc, or the autosave, resumed as `--load` resumes
//! a save); and the settings each button changes.

use super::MenuRules;
use super::players::MenuPlayers;
use crate::launch::{Launch, Start};
use crate::modes::{Begin, OnBoard};
use crate::settings::{
    Settings, SettingsFile, autosave_path_for, legacy_autosave_path, recent_autosaves,
};
use crate::sim::{Equipment, SimSpeed};
use crate::states::Screen;
use crate::theme::Activate;
use bevy::prelude::*;
use carrom_ai::Level;
use carrom_match::MatchLength;
use carrom_match::{Match, MatchSetup, ResumeError, SaveError, SaveFile};
use carrom_referee::{Seat, Seats};

/// Why a saved match cannot be gone on with from the menu (each names the file).
#[derive(Debug, thiserror::Error)]
pub enum NotResumed {
    #[error("no autosaved match")]
    NoAutosave,
    #[error(transparent)]
    Load(#[from] SaveError),
    /// The save does not replay to where it says it stands.
    #[error(transparent)]
    Resume(#[from] ResumeError),
}

/// The newest autosaved match, resumed as `--load` resumes a save ([`carrom_match::resume`]:
/// checked against its digests, games and score); an error names the file.
pub fn resume_autosave(spec: &carrom_physics::Spec) -> Result<Match, NotResumed> {
    let path = recent_autosaves(1).pop().ok_or(NotResumed::NoAutosave)?;
    resume_file(spec, &path)
}

/// The match saved at `path`, resumed ([`carrom_match::resume`]). The one autosave of earlier
/// versions becomes the match's own autosave.
pub fn resume_file(
    spec: &carrom_physics::Spec,
    path: &std::path::Path,
) -> Result<Match, NotResumed> {
    let save = SaveFile::load(path)?;
    let game = carrom_match::resume(spec, &save, &path.display().to_string(), |_| {})?.game;
    if legacy_autosave_path().as_deref() == Some(path)
        && let Some(own) = autosave_path_for(&game.setup)
    {
        if let Some(dir) = own.parent() {
            let _ = carrom_store::create_dir_all(dir);
        }
        let _ = carrom_store::rename(path, &own);
    }
    Ok(game)
}

/// Continue: back to the match a person left with Esc, or the newest autosaved match (a demo
/// left at the table is not a person's game: Continue passes it by).
pub(super) fn continue_match(
    _: On<Activate>,
    board: Res<OnBoard>,
    spec: Res<Equipment>,
    mut screen: ResMut<NextState<Screen>>,
    mut m: MenuStart,
) {
    if board.open && !board.people.is_empty() {
        screen.set(Screen::Game);
        return;
    }
    match resume_autosave(&spec.0) {
        Ok(game) => m.begin(Start::Resume(Box::new(game))),
        Err(e) => m.file.message = Some(format!("Continue: {e}")),
    }
}

pub(super) fn next_rules(_: On<Activate>, mut rules: ResMut<MenuRules>, mut s: SettingsChange) {
    rules.0 = rules.0.next();
    s.settings.rules = rules.0;
    s.store();
}

pub(super) fn next_length(_: On<Activate>, mut s: SettingsChange) {
    let i = MatchLength::ALL
        .iter()
        .position(|l| *l == s.settings.length)
        .unwrap_or(0);
    s.settings.length = MatchLength::ALL[(i + 1) % MatchLength::ALL.len()];
    s.store();
}

pub(super) fn next_level(_: On<Activate>, mut s: SettingsChange) {
    let next = (Level::ALL
        .iter()
        .position(|l| *l == s.players.level)
        .unwrap_or(0)
        + 1)
        % Level::ALL.len();
    s.players.level = Level::ALL[next];
    s.settings.level = s.players.level;
    s.store();
}

/// A setting changed in the menu, kept in the settings file.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct SettingsChange<'w> {
    pub(super) players: ResMut<'w, MenuPlayers>,
    pub(super) settings: ResMut<'w, Settings>,
    pub(crate) file: ResMut<'w, SettingsFile>,
}

impl SettingsChange<'_> {
    pub(super) fn store(&mut self) {
        self.file.store(&self.settings);
    }
}

/// What starting a game from the menu needs.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct MenuStart<'w, 's> {
    commands: Commands<'w, 's>,
    rules: Res<'w, MenuRules>,
    players: Res<'w, MenuPlayers>,
    settings: Res<'w, Settings>,
    pub(crate) file: ResMut<'w, SettingsFile>,
    speed: ResMut<'w, SimSpeed>,
}

impl MenuStart<'_, '_> {
    /// A match with the menu's rules and players: `force`, seats the computer plays anyway;
    /// `people`, every seat a person.
    fn setup(&self, seats: Seats, force: &[Seat], people: bool) -> MatchSetup {
        let name = self.rules.0.name();
        let mut rules = self.rules.0.rules();
        self.settings.length.apply(&mut rules);
        let seed = rand::random::<u64>() % 1_000_000;
        let mut setup = MatchSetup::new(seats, rules, name, seed);
        self.players.apply(&mut setup, force, people);
        setup
    }

    pub(super) fn match_of(&mut self, seats: Seats, force: &[Seat], people: bool) {
        let setup = self.setup(seats, force, people);
        self.begin(Start::Match(setup));
    }

    /// The point game (the `points` preset, whatever the menu's rules for two colours) for
    /// `seats`, each seat played as the players' rows say (a person, or the computer).
    pub(super) fn points_match_of(&mut self, seats: Seats) {
        let preset = carrom_referee::Preset::Points;
        let seed = rand::random::<u64>() % 1_000_000;
        let mut setup = MatchSetup::new(seats, preset.rules(), preset.name(), seed);
        self.players.apply(&mut setup, &[], false);
        self.begin(Start::Match(setup));
    }

    /// A demo: the ladder's top two levels, one a side, whatever the menu's level.
    pub(super) fn demo_of(&mut self, seats: Seats) {
        let mut setup = self.setup(seats, &Seat::ALL, false);
        carrom_ai::computer_setup(&mut setup, Level::DEMO);
        self.speed.factor = self.speed.factor.max(2.0);
        self.begin(Start::Demo(setup));
    }

    /// Starts `start` with the menu's settings.
    pub(crate) fn begin(&mut self, start: Start) {
        self.file.message = None;
        self.commands.trigger(Begin(Launch {
            start,
            fixed_board: self.settings.fixed_board,
            speed: self.speed.factor,
            save_path: None,
            hints: self.players.hints && !self.settings.tournament,
        }));
    }
}
