//! The desktop: files.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // As readable as a file made with `File::create` (the umask applies), not only by its
    // owner.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    // Dropped on an error before the rename: the temporary file is removed.
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

pub fn can_write(path: &Path) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    if path.is_dir() {
        return Err(io::Error::other("it is a folder"));
    }
    let mut probe = path.as_os_str().to_owned();
    probe.push(".probe");
    std::fs::File::create(&probe)?;
    std::fs::remove_file(&probe)
}

pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    std::fs::read(path)
}

pub fn create_dir_all(path: &Path) -> io::Result<()> {
    std::fs::create_dir_all(path)
}

pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    std::fs::rename(from, to)
}

pub fn remove_file(path: &Path) -> io::Result<()> {
    std::fs::remove_file(path)
}

pub fn exists(path: &Path) -> bool {
    path.exists()
}

pub fn files_in(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type().is_ok_and(|t| t.is_file()) {
            files.push(entry.path());
        }
    }
    Ok(files)
}

pub fn entries_in(dir: &Path) -> io::Result<Vec<PathBuf>> {
    std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect()
}

pub fn modified(path: &Path) -> io::Result<SystemTime> {
    std::fs::metadata(path)?.modified()
}

fn override_dir() -> Option<PathBuf> {
    std::env::var_os("CARROM_CONFIG_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

pub fn data_dir() -> Option<PathBuf> {
    override_dir().or_else(|| dirs::data_dir().map(|d| d.join("carrom")))
}

pub fn config_dir() -> Option<PathBuf> {
    override_dir().or_else(|| dirs::config_dir().map(|d| d.join("carrom")))
}

pub fn now() -> SystemTime {
    SystemTime::now()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_written_atomically_is_read_back_listed_renamed_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.json");
        crate::write_atomically(&path, b"{\"a\": 1}").unwrap();
        crate::write_atomically(&path, b"{\"a\": 2}").unwrap();
        assert_eq!(crate::read_to_string(&path).unwrap(), "{\"a\": 2}");
        assert_eq!(crate::files_in(dir.path()).unwrap(), vec![path.clone()]);
        assert!(crate::modified(&path).is_ok());
        let aside = dir.path().join("save.json.damaged");
        crate::rename(&path, &aside).unwrap();
        assert!(!crate::exists(&path) && crate::exists(&aside));
        crate::remove_file(&aside).unwrap();
        let missing = crate::read_to_string(&aside).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn a_write_into_a_missing_directory_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/dir/save.json");
        let e = crate::write_atomically(&path, b"x").unwrap_err();
        assert!(
            e.to_string().starts_with(&path.display().to_string()),
            "{e}"
        );
    }

    #[test]
    fn a_write_making_its_folder_keeps_the_file_where_no_folder_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("net/saves/match.json");
        crate::can_write(&path).unwrap();
        crate::write_making_folder(&path, b"x").unwrap();
        assert_eq!(crate::read_to_string(&path).unwrap(), "x");
        // Only the file: the probe of `can_write` is gone.
        assert_eq!(
            crate::files_in(&dir.path().join("net/saves")).unwrap(),
            vec![path]
        );
        let blocked = dir.path().join("file").join("save.json");
        crate::write_atomically(&dir.path().join("file"), b"x").unwrap();
        let e = crate::write_making_folder(&blocked, b"x").unwrap_err();
        assert_eq!(e.path, dir.path().join("file"), "the folder is named: {e}");
        assert!(
            crate::can_write(dir.path()).is_err(),
            "a folder is not a file to write"
        );
    }

    #[test]
    fn the_entries_of_a_folder_are_its_files_and_its_folders() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("Asha.json")).unwrap();
        crate::write_atomically(&dir.path().join("Ravi.json"), b"{}").unwrap();
        let mut entries = crate::entries_in(dir.path()).unwrap();
        entries.sort();
        assert_eq!(
            entries,
            vec![dir.path().join("Asha.json"), dir.path().join("Ravi.json")]
        );
        assert_eq!(
            crate::files_in(dir.path()).unwrap(),
            vec![dir.path().join("Ravi.json")]
        );
    }
}
