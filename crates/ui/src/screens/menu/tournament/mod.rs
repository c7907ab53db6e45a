//! A tournament at the game: a page over the menu ([`MenuPage::Tournament`]). With none in
//! progress, the form of a new one ([`form`]); with one, its tables, its bracket and its
//! Swiss's table ([`view`]), the next games to play on the board, the computers' games to
//! play off the screen or to watch, and every game's replay ([`games`]). Each tournament is
//! one file in the data folder's `tournaments` (in the browser, the page's storage), saved
//! after every game, its replays beside it; the newest is the one in progress.

pub mod form;
pub mod games;
pub mod view;

use super::MenuPage;
use crate::settings::newest_files;
use crate::theme::palette;
use bevy::prelude::*;
use carrom_tournament::Tournament;
use std::path::{Path, PathBuf};

/// The tournament in progress: where tournaments are kept, the one held and its file, and
/// what the page says (a result, why something could not be done).
#[derive(Resource, Debug)]
pub struct TournamentHeld {
    /// Where tournaments are kept (none: nowhere to keep one).
    pub dir: Option<PathBuf>,
    pub path: Option<PathBuf>,
    pub tournament: Option<Tournament>,
    pub message: Option<String>,
    /// The form of a new tournament is up (over the one held, which stays kept).
    pub new_form: bool,
}

impl Default for TournamentHeld {
    fn default() -> Self {
        TournamentHeld::kept_in(crate::settings::data_dir().map(|d| d.join("tournaments")))
    }
}

impl TournamentHeld {
    /// The tournaments kept in `dir`: the newest is held.
    pub fn kept_in(dir: Option<PathBuf>) -> TournamentHeld {
        let mut held = TournamentHeld {
            dir,
            path: None,
            tournament: None,
            message: None,
            new_form: false,
        };
        held.reload();
        held
    }

    /// The newest tournament kept is held again, as its file has it; one that cannot be read
    /// is said, naming the file and the field.
    pub fn reload(&mut self) {
        let Some(dir) = self.dir.clone() else {
            return;
        };
        let Some(path) = newest_files(&[dir], &[], 1).pop() else {
            (self.path, self.tournament) = (None, None);
            return;
        };
        match Tournament::load(&path) {
            Ok(t) => (self.path, self.tournament) = (Some(path), Some(t)),
            Err(e) => {
                self.message = Some(format!("The tournament kept could not be read: {e}"));
                (self.path, self.tournament) = (None, None);
            }
        }
    }

    /// The tournament held, saved to its file (after every game).
    pub fn save(&mut self) {
        let (Some(t), Some(path)) = (&self.tournament, &self.path) else {
            return;
        };
        if let Err(e) = t.save(path) {
            self.message = Some(format!("The tournament was not saved: {e}"));
        }
    }

    /// The folder of the held tournament's replays, and its name as the file writes it.
    pub fn replays(&self) -> Option<(PathBuf, String)> {
        Some(carrom_tournament::replay_place(self.path.as_ref()?))
    }

    /// A replay the file names (a path from the file's folder).
    pub fn replay_path(&self, replay: &str) -> Option<PathBuf> {
        let dir = self.path.as_ref()?.parent().unwrap_or(Path::new(""));
        Some(dir.join(replay))
    }
}

/// The page's body, built again whenever what it shows changes.
#[derive(Component)]
struct PageBody;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TournamentHeld>()
        .add_plugins((form::plugin, games::plugin))
        .add_systems(OnEnter(MenuPage::Tournament), (reload, spawn_page).chain())
        .add_systems(
            Update,
            show_page
                .after(form::type_players)
                .run_if(in_state(MenuPage::Tournament)),
        );
}

fn reload(mut held: ResMut<TournamentHeld>) {
    if held.tournament.is_none() {
        held.reload();
    }
    held.new_form = held.tournament.is_none();
}

/// The page: its body scrolls when it is taller than the window.
fn spawn_page(mut commands: Commands) {
    let node = Node {
        padding: UiRect::axes(px(12), px(14)),
        ..default()
    };
    commands
        .spawn(super::page_over_menu(MenuPage::Tournament, node))
        .with_children(|page| {
            page.spawn((
                PageBody,
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(8),
                    max_width: percent(100),
                    // Its full height in the page that scrolls it.
                    flex_shrink: 0.0,
                    ..default()
                },
            ));
        });
}

/// The body again when the tournament, the form or the computers' games change.
fn show_page(
    mut commands: Commands,
    body: Query<Entity, With<PageBody>>,
    held: Res<TournamentHeld>,
    form: Res<form::TournamentForm>,
    off: Res<games::OffScreen>,
    compact: Option<Res<crate::board::layout::Compact>>,
    mut drawn: Local<Option<Entity>>,
) {
    let Ok(body) = body.single() else {
        return;
    };
    let compact_changed = compact.as_ref().is_some_and(|c| c.is_changed());
    let compact = compact.is_some_and(|c| c.0);
    let changed = held.is_changed() || form.is_changed() || off.is_changed() || compact_changed;
    if *drawn == Some(body) && !changed {
        return;
    }
    *drawn = Some(body);
    commands.entity(body).despawn_children();
    commands.entity(body).with_children(|page| {
        page.spawn(super::small_text(
            "TOURNAMENT",
            crate::theme::size::MENU_HEADING,
        ));
        if let Some(message) = &held.message {
            page.spawn((
                crate::theme::text(message.clone(), 15.0, palette::HUD_NOTE),
                Node {
                    max_width: px(560),
                    ..default()
                },
            ));
        }
        match (&held.tournament, held.new_form) {
            (Some(t), false) => view::spawn_tournament(page, t, &off, compact),
            _ => form::spawn_form(page, &form, held.tournament.is_some()),
        }
    });
}
