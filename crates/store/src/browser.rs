//! The browser: the page's `localStorage`, an entry per path (`carrom:` and the path), and
//! when it was written beside it (`carrom-written:` and the path, in milliseconds since the
//! Unix epoch). An entry holds text: bytes that are not UTF-8 are refused.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use wasm_bindgen::JsCast;

const ENTRY: &str = "carrom:";
const WRITTEN: &str = "carrom-written:";

fn storage() -> io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| io::Error::new(io::ErrorKind::Unsupported, "the page has no storage"))
}

fn key(path: &Path) -> String {
    format!("{ENTRY}{}", path.display())
}

fn refused(e: wasm_bindgen::JsValue) -> io::Error {
    let said = e
        .as_string()
        .or_else(|| {
            e.dyn_into::<js_sys::Error>()
                .ok()
                .map(|e| e.message().into())
        })
        .unwrap_or_else(|| "the browser refused to keep it (storage full?)".into());
    io::Error::other(said)
}

fn not_found(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::NotFound,
        format!("nothing kept at {}", path.display()),
    )
}

pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let text =
        std::str::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let s = storage()?;
    s.set_item(&key(path), text).map_err(refused)?;
    let written = js_sys::Date::now().to_string();
    s.set_item(&format!("{WRITTEN}{}", path.display()), &written)
        .map_err(refused)
}

pub fn can_write(_path: &Path) -> io::Result<()> {
    storage().map(|_| ())
}

pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    let s = storage()?;
    match s.get_item(&key(path)).map_err(refused)? {
        Some(text) => Ok(text.into_bytes()),
        None => Err(not_found(path)),
    }
}

pub fn create_dir_all(_path: &Path) -> io::Result<()> {
    storage().map(|_| ())
}

pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    let text = read(from)?;
    write_atomically(to, &text)?;
    remove_file(from)
}

pub fn remove_file(path: &Path) -> io::Result<()> {
    if !exists(path) {
        return Err(not_found(path));
    }
    let s = storage()?;
    s.remove_item(&key(path)).map_err(refused)?;
    s.remove_item(&format!("{WRITTEN}{}", path.display()))
        .map_err(refused)
}

pub fn exists(path: &Path) -> bool {
    storage()
        .ok()
        .and_then(|s| s.get_item(&key(path)).ok().flatten())
        .is_some()
}

/// Every entry whose path is `dir/NAME`, NAME holding no further `/`.
pub fn files_in(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let s = storage()?;
    let prefix = format!(
        "{ENTRY}{}/",
        dir.display().to_string().trim_end_matches('/')
    );
    let mut files = Vec::new();
    for i in 0..s.length().map_err(refused)? {
        let Some(k) = s.key(i).map_err(refused)? else {
            continue;
        };
        if let Some(name) = k.strip_prefix(&prefix)
            && !name.is_empty()
            && !name.contains('/')
        {
            files.push(dir.join(name));
        }
    }
    if files.is_empty() {
        return Err(not_found(dir));
    }
    Ok(files)
}

pub fn entries_in(dir: &Path) -> io::Result<Vec<PathBuf>> {
    files_in(dir)
}

pub fn modified(path: &Path) -> io::Result<SystemTime> {
    let s = storage()?;
    let ms = s
        .get_item(&format!("{WRITTEN}{}", path.display()))
        .map_err(refused)?
        .and_then(|t| t.parse::<f64>().ok())
        .ok_or_else(|| not_found(path))?;
    Ok(UNIX_EPOCH + Duration::from_millis(ms as u64))
}

pub fn data_dir() -> Option<PathBuf> {
    Some(PathBuf::from("/carrom"))
}

pub fn config_dir() -> Option<PathBuf> {
    data_dir()
}

pub fn now() -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(js_sys::Date::now() as u64)
}
