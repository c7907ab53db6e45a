//! The game renders: `carrom screenshot` starts its own Xvfb when there is no display, runs the
//! real game to its first interesting frame and writes a PNG that is not blank (the command
//! itself refuses a frame with fewer than 8 colours).

#![cfg(feature = "game")]

use std::process::Command;

#[test]
fn screenshot_is_produced_and_not_blank() {
    let dir = std::env::temp_dir().join(format!("carrom-shot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("practice.png");
    let run = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args([
            "screenshot",
            "--mode",
            "practice",
            "--timeout",
            "240",
            "--out",
        ])
        .arg(&out)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs carrom");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "carrom screenshot failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("colours"), "{stdout}");
    let bytes = std::fs::read(&out).expect("the PNG was written");
    assert_eq!(&bytes[1..4], b"PNG");
    assert!(
        bytes.len() > 20_000,
        "suspiciously small PNG: {} bytes",
        bytes.len()
    );
    std::fs::remove_dir_all(&dir).ok();
}
