//! Saved matches and replays: a page over the menu ([`MenuPage::Library`]). Above, the matches
//! in progress, newest first (each match's autosave and the F5 saves), to go on with; below,
//! finished matches' replays and the saves, to watch on the board (P pauses, +/- the speed) or
//! to see their statistics, replayed off the frame thread, or to review with the coach
//! ([`crate::modes::review`]; Back there returns here). Closed by Back or Esc.

use super::menu::MenuPage;
use super::menu::start::MenuStart;
use crate::launch::Start;
use crate::modes::review::{OpenedFrom, ReturnToLibrary, ReviewStart};
use crate::pace;
use crate::settings::{newest_files, recent_autosaves, saves_dir};
use crate::sim::Equipment;
use crate::states::Screen;
use crate::theme::{Activate, button, palette, size, text};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};
use carrom_match::{Match, ReplayError, SaveError, SaveFile};
use std::path::{Path, PathBuf};

/// How many files each list shows.
const LISTED: usize = 8;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Statistics>()
        .add_systems(
            PostUpdate,
            pace::while_busy(Statistics::busy, "a replay working out statistics"),
        )
        .add_systems(OnEnter(MenuPage::Library), spawn_library)
        .add_systems(OnEnter(Screen::Menu), back_from_a_review)
        .add_systems(OnExit(MenuPage::Library), |mut s: ResMut<Statistics>| {
            *s = Statistics::default()
        })
        .add_systems(
            Update,
            (collect_statistics, show_statistics)
                .chain()
                .run_if(in_state(MenuPage::Library)),
        );
}

/// The statistics asked for: the file, the replay working on them, and what they say.
#[derive(Resource, Default)]
pub struct Statistics {
    file: Option<PathBuf>,
    task: Option<Task<Result<Vec<String>, NoStatistics>>>,
    lines: Vec<String>,
}

impl Statistics {
    /// A replay is working out statistics (the window keeps drawing).
    pub fn busy(&self) -> bool {
        self.task.is_some()
    }
}

/// The text where the statistics are shown.
#[derive(Component)]
struct StatisticsText;

/// A file's line in a list: its players, rules and strokes, and how long ago it was written:
/// "Asha v Computer (hard), ICF, 42 strokes, 5 min ago".
pub fn title_of_file(path: &Path) -> String {
    let ago = carrom_store::modified(path)
        .ok()
        .and_then(|t| carrom_store::now().duration_since(t).ok())
        .map(|d| ago(d.as_secs()))
        .unwrap_or_default();
    match SaveFile::load(path) {
        Ok(save) => {
            let setup = &save.setup;
            let sides = setup.title();
            let strokes = save.actions.len();
            format!(
                "{sides}, {}, {strokes} {}{}{ago}",
                crate::text::rules_title(&setup.rules_name),
                if strokes == 1 { "action" } else { "actions" },
                if save.finished { ", finished" } else { "" },
            )
        }
        Err(_) => format!(
            "{} (cannot be read){ago}",
            path.file_name().unwrap_or_default().to_string_lossy()
        ),
    }
}

/// How long ago, in a word or two: ", 5 min ago".
fn ago(secs: u64) -> String {
    match secs {
        0..60 => ", just now".into(),
        60..3600 => format!(", {} min ago", secs / 60),
        3600..86400 => format!(", {} h ago", secs / 3600),
        _ => format!(", {} days ago", secs / 86400),
    }
}

/// The saves and replays to watch: the saves folder's files, newest first.
fn finished_and_saved() -> Vec<PathBuf> {
    let dirs: Vec<PathBuf> = saves_dir().into_iter().collect();
    newest_files(&dirs, &[], LISTED)
}

/// Back from a review opened here, the menu opens on this page.
fn back_from_a_review(
    mut commands: Commands,
    back: Option<Res<ReturnToLibrary>>,
    mut page: ResMut<NextState<MenuPage>>,
) {
    if back.is_some() {
        commands.remove_resource::<ReturnToLibrary>();
        page.set(MenuPage::Library);
    }
}

fn spawn_library(mut commands: Commands) {
    let going_on = recent_autosaves(LISTED);
    let to_watch = finished_and_saved();
    commands
        .spawn(super::menu::page_over_menu(
            MenuPage::Library,
            Node {
                padding: UiRect::all(px(16)),
                row_gap: px(6),
                ..default()
            },
        ))
        .with_children(|page| {
            page.spawn(text(
                "SAVED MATCHES AND REPLAYS",
                size::MENU_HEADING,
                palette::PAGE_TEXT,
            ));
            // Above the lists: it stays where it is however long the statistics grow.
            super::menu::page_button(page, "Back (Esc)", MenuPage::Choices);
            // Side by side; on a narrow screen the statistics under the lists.
            page.spawn(Node {
                column_gap: px(20),
                row_gap: px(12),
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                max_width: percent(100),
                ..default()
            })
            .with_children(|cols| {
                cols.spawn(Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(9),
                    // With the statistics, 930 wide: the page fits a 1000-wide menu's scale.
                    width: px(600),
                    max_width: percent(100),
                    ..default()
                })
                .with_children(|list| {
                    file_section(
                        list,
                        "Go on with a match (each match keeps its own autosave)",
                        "No match in progress.",
                        &going_on,
                        true,
                    );
                    file_section(
                        list,
                        "Watch a replay or a save, see its statistics, or review it with the coach",
                        "No saves or replays yet: F5 saves a match, and a finished match leaves its replay.",
                        &to_watch,
                        false,
                    );
                });
                cols.spawn((
                    Node {
                        width: px(310),
                        max_width: percent(100),
                        padding: UiRect::all(px(8)),
                        ..default()
                    },
                    BackgroundColor(palette::PANEL),
                ))
                .with_children(|s| {
                    s.spawn((
                        StatisticsText,
                        text(
                            "Statistics: choose a file's Statistics.",
                            size::MENU_NOTE,
                            palette::PAGE_TEXT,
                        ),
                    ));
                });
            });
        });
}

/// A file's row: its title, and Continue (a match in progress) or Watch and Statistics.
/// A heading, then a row for each file (or a line saying there is none).
fn file_section(
    list: &mut ChildSpawnerCommands,
    heading: &str,
    none: &str,
    paths: &[std::path::PathBuf],
    going_on: bool,
) {
    list.spawn(text(heading, size::MENU_NOTE, palette::MENU_SMALL));
    if paths.is_empty() {
        list.spawn(text(none, size::MENU_NOTE, palette::PAGE_TEXT));
    }
    for path in paths {
        file_row(list, path, going_on);
    }
}

/// A file's button `label` that loads its save and begins what `start` makes of it (the save
/// and its path), or says why the save could not be loaded.
fn save_button(
    row: &mut ChildSpawnerCommands,
    label: &'static str,
    path: &Path,
    start: fn(SaveFile, &Path) -> Start,
) {
    let path = path.to_path_buf();
    button(
        row,
        80.0,
        30.0,
        text(label, 15.0, palette::BUTTON_TEXT),
        move |_: On<Activate>, mut m: MenuStart| match SaveFile::load(&path) {
            Ok(save) => m.begin(start(save, &path)),
            Err(e) => m.file.message = Some(format!("{label}: {e}")),
        },
    );
}

fn file_row(list: &mut ChildSpawnerCommands, path: &Path, going_on: bool) {
    let title = title_of_file(path);
    // On a narrow screen the title goes under the buttons.
    list.spawn(Node {
        column_gap: px(6),
        row_gap: px(4),
        flex_wrap: FlexWrap::Wrap,
        align_items: AlignItems::Center,
        // A title on two lines keeps clear of the rows above and below.
        min_height: px(36),
        ..default()
    })
    .with_children(|row| {
        if going_on {
            let open = path.to_path_buf();
            button(
                row,
                110.0,
                30.0,
                text("Continue", 15.0, palette::BUTTON_TEXT),
                move |_: On<Activate>, spec: Res<Equipment>, mut m: MenuStart| {
                    match crate::screens::menu::start::resume_file(&spec.0, &open) {
                        Ok(game) => m.begin(Start::Resume(Box::new(game))),
                        Err(e) => m.file.message = Some(format!("Continue: {e}")),
                    }
                },
            );
        } else {
            save_button(row, "Watch", path, |save, _| Start::Replay(save));
            let asked = path.to_path_buf();
            button(
                row,
                110.0,
                30.0,
                text("Statistics", 15.0, palette::BUTTON_TEXT),
                move |_: On<Activate>, spec: Res<Equipment>, mut stats: ResMut<Statistics>| {
                    let (spec, file) = (spec.0.clone(), asked.clone());
                    stats.file = Some(asked.clone());
                    stats.lines.clear();
                    stats.task = Some(
                        AsyncComputeTaskPool::get()
                            .spawn(async move { statistics_of(&spec, &file) }),
                    );
                },
            );
            save_button(row, "Review", path, |save, path| {
                Start::Review(Box::new(ReviewStart {
                    save,
                    path: Some(path.to_path_buf()),
                    from: OpenedFrom::Library,
                }))
            });
        }
        row.spawn((
            text(title, 15.0, palette::PAGE_TEXT),
            Node {
                width: px(if going_on { 480.0 } else { 310.0 }),
                max_width: percent(100),
                ..default()
            },
        ));
    });
}

/// Why a save has no statistics to show (the words shown in their place; each names the file).
#[derive(Debug, thiserror::Error)]
pub enum NoStatistics {
    #[error(transparent)]
    Load(#[from] SaveError),
    /// The save's match does not replay as recorded.
    #[error("{}: {source}", path.display())]
    Replay { path: PathBuf, source: ReplayError },
}

/// A save's statistics: its match replayed (checked as `carrom replay` checks it), a line per
/// player and per board.
pub fn statistics_of(
    spec: &carrom_physics::Spec,
    path: &Path,
) -> Result<Vec<String>, NoStatistics> {
    let save = SaveFile::load(path)?;
    let game = Match::replay(spec, &save, |_| {}).map_err(|source| NoStatistics::Replay {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(game.stats.lines())
}

fn collect_statistics(mut stats: ResMut<Statistics>) {
    let Some(task) = stats.task.as_mut() else {
        return;
    };
    if let Some(result) = block_on(future::poll_once(task)) {
        stats.task = None;
        stats.lines = match result {
            Ok(lines) => lines,
            Err(e) => vec![e.to_string()],
        };
    }
}

fn show_statistics(stats: Res<Statistics>, mut shown: Query<&mut Text, With<StatisticsText>>) {
    if !stats.is_changed() {
        return;
    }
    let name = stats
        .file
        .as_ref()
        .and_then(|f| f.file_name())
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let want = if stats.busy() {
        format!("Statistics of {name}: replaying the match...")
    } else if stats.file.is_some() {
        format!("Statistics of {name}\n\n{}", stats.lines.join("\n"))
    } else {
        "Statistics: choose a file's Statistics.".into()
    };
    for mut t in &mut shown {
        if t.0 != want {
            t.0 = want.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn how_long_ago_reads_in_a_word_or_two() {
        assert_eq!(ago(5), ", just now");
        assert_eq!(ago(300), ", 5 min ago");
        assert_eq!(ago(7300), ", 2 h ago");
        assert_eq!(ago(3 * 86400), ", 3 days ago");
    }
}
