//! A match's saves: F5 writes it where the players asked; after each stroke it is written to its
//! own autosave (the menu's Continue lists them), which a finished match removes; a finished
//! match leaves its replay next to the save. A demo writes none.

use crate::modes::calls::Announcement;
use crate::modes::flow::{Judged, finish_stroke};
use crate::modes::table::Table;
use crate::settings::SettingsFile;
use crate::states::Playing;
use bevy::prelude::*;
use carrom_match::{Match, SaveError, SaveFile};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (after_judging.after(finish_stroke), save_key).run_if(in_state(Playing::Match)),
    );
}

/// After a stroke is judged: the autosave, and a finished match's replay.
fn after_judging(
    mut judged: MessageReader<Judged>,
    table: Res<Table>,
    file: Option<Res<SettingsFile>>,
    mut told: MessageWriter<Announcement>,
) {
    for j in judged.read() {
        if j.match_over
            && let Some(path) = &table.replay_path
        {
            told.write(Announcement::Note(match write_match(&table.model, path) {
                Ok(()) => format!("Replay written to {}", path.display()),
                Err(e) => format!("Replay not written: {e}"),
            }));
        }
        if let Some(e) = autosave(&table.model, file.as_deref()) {
            told.write(Announcement::Note(e));
        }
    }
}

/// F5: the match is saved.
fn save_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    table: Res<Table>,
    mut told: MessageWriter<Announcement>,
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::F5)) {
        return;
    }
    let path = &table.save_path;
    told.write(Announcement::Note(match write_match(&table.model, path) {
        // The file's name, then its folder: a long path wraps between the two, not mid-word.
        Ok(()) => match (path.file_name(), path.parent()) {
            (Some(name), Some(dir)) if !dir.as_os_str().is_empty() => format!(
                "Saved as {} in the folder {}",
                name.to_string_lossy(),
                crate::text::home_as_tilde(dir)
            ),
            _ => format!("Saved as {}", path.display()),
        },
        Err(e) => format!("Save failed: {e}"),
    }));
}

/// After each stroke of a match in the window, the match is written to the autosave (the
/// menu's Continue); a finished match removes it. Nothing is written without a settings file
/// (tests, screenshots).
pub fn autosave(model: &Match, file: Option<&SettingsFile>) -> Option<String> {
    if file.is_none_or(|f| f.path.is_none()) {
        return None;
    }
    let path = crate::settings::autosave_path_for(&model.setup)?;
    if model.is_over() {
        let _ = carrom_store::remove_file(&path);
        return None;
    }
    write_match(model, &path)
        .err()
        .map(|e| format!("Autosave failed: {e}"))
}

/// Writes the match as a save at `path` (atomically, as every save), making its directory
/// first: the F5 save, the autosave and the finished match's replay.
fn write_match(model: &Match, path: &std::path::Path) -> Result<(), SaveError> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        let _ = carrom_store::create_dir_all(dir);
    }
    SaveFile::of(model).write(path)
}
