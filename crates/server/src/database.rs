//! Where the server's database is, as a user writes it after `--db`: a path (a SQLite file),
//! `sqlite:PATH` or `sqlite://PATH` (so `sqlite:///abs/path` too; SQLite's `?mode=...` and other
//! settings after it, as sqlx reads them), or `postgres://...` / `postgresql://...`. A SQLite
//! file is opened read-write and created when missing, its folder with it (unless its `mode`
//! says otherwise). Anything else is refused, saying what is taken.

use crate::error::StoreError;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A database the server can keep its players and matches in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file (an absolute path), and the settings given after its `?`, if any.
    Sqlite {
        path: PathBuf,
        settings: Option<String>,
    },
    /// A PostgreSQL server's address, as given.
    Postgres(String),
}

/// An address after `--db` that names no database the server can keep.
#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    #[error("cannot open the database {given}: {}", WHAT_IS_TAKEN)]
    Unknown { given: String },
    #[error("cannot open the database {given}: {why}")]
    Sqlite { given: String, why: String },
}

/// The forms `--db` takes, for every refusal and the help.
pub const WHAT_IS_TAKEN: &str = "a database is a file's path, sqlite:PATH, sqlite://PATH (a new \
     file is made), postgres://USER:PASSWORD@HOST/DB or postgresql://...";

impl FromStr for Database {
    type Err = AddressError;

    fn from_str(text: &str) -> Result<Database, AddressError> {
        let given = text.trim();
        let unknown = || AddressError::Unknown {
            given: crate::shown_url(given),
        };
        if given.starts_with("postgres://") || given.starts_with("postgresql://") {
            return Ok(Database::Postgres(given.to_string()));
        }
        if let Some(rest) = given.strip_prefix("sqlite:") {
            return sqlite_url(given, rest);
        }
        if given.is_empty() || given.contains("://") {
            return Err(unknown());
        }
        let path = absolute(Path::new(given)).map_err(|e| AddressError::Sqlite {
            given: given.to_string(),
            why: e.to_string(),
        })?;
        Ok(Database::Sqlite {
            path,
            settings: None,
        })
    }
}

/// `sqlite:REST` (REST `//PATH` or `PATH`, perhaps `?SETTINGS` after it): its path read as
/// sqlx reads it (`%` escapes decoded), its settings checked by sqlx.
fn sqlite_url(given: &str, rest: &str) -> Result<Database, AddressError> {
    let bad = |why: String| AddressError::Sqlite {
        given: given.to_string(),
        why,
    };
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let settings = rest.split_once('?').map(|(_, s)| s.to_string());
    let options =
        sqlx::sqlite::SqliteConnectOptions::from_str(given).map_err(|e| bad(e.to_string()))?;
    let file = options.get_filename();
    if file.as_os_str().is_empty() {
        return Err(bad("no file named".into()));
    }
    Ok(Database::Sqlite {
        path: absolute(file).map_err(|e| bad(e.to_string()))?,
        settings: settings.filter(|s| !s.is_empty()),
    })
}

/// `path` made absolute (from the current folder); what went wrong in words naming it.
fn absolute(path: &Path) -> Result<PathBuf, AbsoluteError> {
    std::path::absolute(path).map_err(|source| AbsoluteError {
        path: path.to_path_buf(),
        source,
    })
}

/// A path that could not be made absolute (no current folder).
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
struct AbsoluteError {
    path: PathBuf,
    source: std::io::Error,
}

impl Database {
    pub fn is_sqlite(&self) -> bool {
        matches!(self, Database::Sqlite { .. })
    }

    /// The address sqlx's `Any` driver opens: SQLite's path escaped as a URL's (`%`, `?`, `#`),
    /// read-write and created when missing unless its settings give a `mode`.
    pub fn url(&self) -> String {
        match self {
            Database::Postgres(url) => url.clone(),
            Database::Sqlite { path, settings } => {
                let path = path.to_string_lossy();
                let escaped = path
                    .replace('%', "%25")
                    .replace('?', "%3F")
                    .replace('#', "%23");
                let settings = match settings.as_deref() {
                    Some(s) if s.split('&').any(|kv| kv.starts_with("mode=")) => s.to_string(),
                    Some(s) => format!("{s}&mode=rwc"),
                    None => "mode=rwc".to_string(),
                };
                format!("sqlite://{escaped}?{settings}")
            }
        }
    }

    /// Makes a SQLite file's folder when it is missing (the file is made as it opens); names
    /// a folder where the file should be.
    pub fn prepare(&self, given: &str) -> Result<(), StoreError> {
        let Database::Sqlite { path, .. } = self else {
            return Ok(());
        };
        let open = |why: String| StoreError::Open {
            url: crate::shown_url(given),
            why,
        };
        if path.is_dir() {
            return Err(open(format!("{} is a folder, not a file", path.display())));
        }
        match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
                .map_err(|e| open(format!("cannot make the folder {}: {e}", dir.display()))),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sqlite(text: &str) -> (PathBuf, String) {
        let db: Database = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let Database::Sqlite { path, .. } = &db else {
            panic!("{text}: {db:?}");
        };
        (path.clone(), db.url())
    }

    #[test]
    fn a_plain_path_is_a_sqlite_file_created_when_missing() {
        let (path, url) = sqlite("/tmp/x/new.db");
        assert_eq!(path, Path::new("/tmp/x/new.db"));
        assert_eq!(url, "sqlite:///tmp/x/new.db?mode=rwc");
    }

    #[test]
    fn a_relative_path_is_taken_from_the_current_folder() {
        let (path, _) = sqlite("here/new.db");
        let here = std::env::current_dir().unwrap();
        assert_eq!(path, here.join("here/new.db"));
    }

    #[test]
    fn sqlite_colon_path_is_the_same_file() {
        let (path, url) = sqlite("sqlite:/tmp/x/new.db");
        assert_eq!(path, Path::new("/tmp/x/new.db"));
        assert_eq!(url, "sqlite:///tmp/x/new.db?mode=rwc");
        let (relative, _) = sqlite("sqlite:new.db");
        assert_eq!(relative, std::env::current_dir().unwrap().join("new.db"));
    }

    #[test]
    fn sqlite_slash_slash_path_is_the_same_file_and_keeps_its_settings() {
        let (path, url) = sqlite("sqlite:///tmp/x/new.db");
        assert_eq!(path, Path::new("/tmp/x/new.db"));
        assert_eq!(url, "sqlite:///tmp/x/new.db?mode=rwc");
        let (_, url) = sqlite("sqlite:///tmp/x/new.db?mode=rwc");
        assert_eq!(url, "sqlite:///tmp/x/new.db?mode=rwc");
        let (_, url) = sqlite("sqlite:///tmp/x/new.db?cache=shared");
        assert_eq!(url, "sqlite:///tmp/x/new.db?cache=shared&mode=rwc");
    }

    #[test]
    fn a_path_with_url_characters_is_escaped_for_sqlx() {
        let (path, url) = sqlite("/tmp/a%b?c#d.db");
        assert_eq!(path, Path::new("/tmp/a%b?c#d.db"));
        assert_eq!(url, "sqlite:///tmp/a%25b%3Fc%23d.db?mode=rwc");
        let back = sqlx::sqlite::SqliteConnectOptions::from_str(&url).unwrap();
        assert_eq!(back.get_filename(), path, "sqlx reads the same file");
    }

    #[test]
    fn postgres_addresses_are_kept_as_given() {
        for url in ["postgres://u:p@h/db", "postgresql://h/db"] {
            let db: Database = url.parse().unwrap();
            assert_eq!(db, Database::Postgres(url.into()));
            assert_eq!(db.url(), url);
        }
    }

    #[test]
    fn anything_else_is_refused_saying_what_is_taken() {
        for text in [
            "",
            "nonsense://x",
            "mysql://u:secret@h/db",
            "sqlite:",
            "sqlite://",
        ] {
            let e = text.parse::<Database>().unwrap_err().to_string();
            assert!(e.starts_with("cannot open the database"), "{text}: {e}");
            assert!(!e.contains("secret"), "the password is not shown: {e}");
        }
        let e = "nonsense://x".parse::<Database>().unwrap_err().to_string();
        assert!(
            e.contains("nonsense://x") && e.contains("sqlite://PATH"),
            "{e}"
        );
        let e = "sqlite:///tmp/x.db?mode=sideways"
            .parse::<Database>()
            .unwrap_err();
        assert!(e.to_string().contains("sideways"), "{e}");
    }
}
