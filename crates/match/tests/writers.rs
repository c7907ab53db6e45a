//! Saves are written atomically, also when two writers save one file at the same moment.

use carrom_match::write_atomically;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carrom-writers-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Two writers save one file over and over, each its own version (a megabyte of one letter),
/// while a reader reads it: every read is one writer's whole version, every write succeeds,
/// and nothing but the file is left in the directory.
#[test]
fn two_writers_at_once_leave_one_whole_version() {
    let dir = fresh_dir("two");
    let path = dir.join("save.json");
    let versions: [Vec<u8>; 2] = [vec![b'a'; 1 << 20], vec![b'b'; 1 << 20]];
    write_atomically(&path, &versions[0]).unwrap();
    let done = Arc::new(AtomicBool::new(false));
    let start = Arc::new(Barrier::new(3));
    let writers: Vec<_> = versions
        .iter()
        .cloned()
        .map(|bytes| {
            let (path, start) = (path.clone(), start.clone());
            std::thread::spawn(move || {
                start.wait();
                for _ in 0..60 {
                    write_atomically(&path, &bytes)?;
                }
                Ok::<(), carrom_match::WriteError>(())
            })
        })
        .collect();
    let reader = {
        let (path, done, start) = (path.clone(), done.clone(), start.clone());
        let versions = versions.clone();
        std::thread::spawn(move || {
            start.wait();
            let mut reads = 0;
            while !done.load(Ordering::Relaxed) {
                let bytes = std::fs::read(&path).expect("the file is always there");
                assert!(
                    versions.contains(&bytes),
                    "read {} bytes that are neither version whole",
                    bytes.len()
                );
                reads += 1;
            }
            reads
        })
    };
    for w in writers {
        w.join().unwrap().expect("every write succeeds");
    }
    done.store(true, Ordering::Relaxed);
    assert!(reader.join().unwrap() > 0);
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("save.json")]);
    std::fs::remove_dir_all(&dir).ok();
}

/// A write that cannot be made names the file and leaves the old version and no temporary file.
#[test]
fn a_failed_write_names_the_file_and_keeps_the_old_version() {
    let dir = fresh_dir("failed");
    let path = dir.join("settings.ron");
    write_atomically(&path, b"old").unwrap();
    let missing = dir.join("no such directory").join("settings.ron");
    let e = write_atomically(&missing, b"new").unwrap_err().to_string();
    assert!(e.contains("no such directory/settings.ron"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).ok();
}

/// The file is readable as one made with `File::create` is (the umask applies), not only by
/// its owner as a bare temporary file would be.
#[cfg(unix)]
#[test]
fn the_file_is_as_readable_as_a_created_one() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fresh_dir("mode");
    let made = dir.join("made");
    std::fs::File::create(&made).unwrap();
    let written = dir.join("written");
    write_atomically(&written, b"x").unwrap();
    let mode = |p: &PathBuf| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&written), mode(&made));
    std::fs::remove_dir_all(&dir).ok();
}
