//! Where the game keeps its files: saves, the autosave, replays, settings and the trainer's
//! progress. On the desktop they are files (written atomically); in the browser they are
//! entries of the page's `localStorage`, one per path, so the crates above read and write
//! the same paths on both and a reload of the page loses nothing.
//!
//! The functions mirror the few of `std::fs` the game uses, with `std::io::Error`s (a missing
//! entry is `NotFound`), so callers tell a missing file from a damaged one the same way.

#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(not(target_arch = "wasm32"))]
mod files;

#[cfg(target_arch = "wasm32")]
use browser as kept;
#[cfg(not(target_arch = "wasm32"))]
use files as kept;

use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// A file that could not be written ([`write_atomically`]): the file, and why.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct WriteError {
    pub path: PathBuf,
    pub source: io::Error,
}

/// Writes `bytes` to `path` atomically: a crash mid-write leaves the previous version whole,
/// and two writers at the same moment each leave their own whole version. On the desktop: a
/// temporary file of its own in the same directory (`.<name>.<random>.tmp`), synced, then
/// renamed over `path`; in the browser one `localStorage` entry is replaced whole. The error
/// names the file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    kept::write_atomically(path, bytes).map_err(|source| WriteError {
        path: path.to_path_buf(),
        source,
    })
}

/// [`write_atomically`], first making the file's folder (and its parents) when it is not
/// there: a save, a replay or a player's progress kept where nothing was kept before. A folder
/// that cannot be made is the error's path.
pub fn write_making_folder(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        create_dir_all(dir).map_err(|source| WriteError {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    write_atomically(path, bytes)
}

/// Whether a file can be written at `path`, its folder made if need be (a probe file beside
/// it, made and removed; nothing to probe in the browser): asked before a long piece of work
/// whose end is written there, so a bad path costs nothing.
pub fn can_write(path: &Path) -> io::Result<()> {
    kept::can_write(path)
}

/// The text kept at `path` (`NotFound` when there is none; `InvalidData` when it is not UTF-8).
pub fn read_to_string(path: &Path) -> io::Result<String> {
    kept::read(path).and_then(|bytes| {
        String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
    })
}

/// The bytes kept at `path`.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    kept::read(path)
}

/// Makes the directory `path` and its parents (nothing to make in the browser: its entries'
/// directories are their paths' prefixes).
pub fn create_dir_all(path: &Path) -> io::Result<()> {
    kept::create_dir_all(path)
}

/// Renames `from` to `to` (replacing `to`).
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    kept::rename(from, to)
}

/// Removes the file at `path`.
pub fn remove_file(path: &Path) -> io::Result<()> {
    kept::remove_file(path)
}

/// Whether something is kept at `path`.
pub fn exists(path: &Path) -> bool {
    kept::exists(path)
}

/// The files directly in the directory `dir` (not those of its subdirectories), in no
/// particular order; `NotFound` when the directory does not exist.
pub fn files_in(dir: &Path) -> io::Result<Vec<PathBuf>> {
    kept::files_in(dir)
}

/// Everything directly in the directory `dir`, files and folders (in the browser, its files:
/// it keeps no folders), in no particular order; `NotFound` when the directory does not exist.
/// For a reader that names a folder where a file should be instead of passing over it.
pub fn entries_in(dir: &Path) -> io::Result<Vec<PathBuf>> {
    kept::entries_in(dir)
}

/// When the file at `path` was last written.
pub fn modified(path: &Path) -> io::Result<SystemTime> {
    kept::modified(path)
}

/// The game's data directory (saves, replays, the trainer's progress): `$CARROM_CONFIG_DIR`
/// when set, else the platform's data directory's `carrom` (`~/.local/share/carrom` on
/// Linux); in the browser, `/carrom`, a prefix of the page's storage.
pub fn data_dir() -> Option<PathBuf> {
    kept::data_dir()
}

/// Where the settings file lives: `$CARROM_CONFIG_DIR` when set, else the platform's config
/// directory's `carrom`; in the browser, `/carrom` as [`data_dir`].
pub fn config_dir() -> Option<PathBuf> {
    kept::config_dir()
}

/// The time now (the browser's clock on the web, where `SystemTime::now` is not available).
pub fn now() -> SystemTime {
    kept::now()
}

/// Seconds since the Unix epoch, now.
pub fn unix_seconds() -> u64 {
    now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
