//! The game renders: `carrom screenshot` starts its own Xvfb when there is no display (or a
//! dead one), runs the real game to its first interesting frame and writes a PNG that is not
//! blank (the command itself refuses a frame with fewer than 8 colours); then it stops the
//! Xvfb cleanly, leaving no lock file or socket, and where there is no audio device it says so
//! once and nothing else about sound.

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
        // A display named but dead is no display.
        .env("DISPLAY", ":29315")
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
    // The private Xvfb is gone, and so are its lock file and socket.
    let number: u32 = stdout
        .split_once("private Xvfb at :")
        .and_then(|(_, rest)| rest.split('.').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no private Xvfb named in {stdout}"));
    for left in [
        format!("/tmp/.X{number}-lock"),
        format!("/tmp/.X11-unix/X{number}"),
    ] {
        assert!(!std::path::Path::new(&left).exists(), "{left} left behind");
    }
    // Sound: one line where there is no audio device, and none of the sound libraries' errors.
    for alarming in ["ALSA", "XDG_RUNTIME_DIR", "audio"] {
        assert!(!stderr.contains(alarming), "{alarming} in {stderr}");
    }
    let no_audio = !std::path::Path::new("/dev/snd").exists()
        && std::env::var_os("XDG_RUNTIME_DIR").is_none()
        && std::env::var_os("PULSE_SERVER").is_none();
    if no_audio {
        assert_eq!(
            stdout.matches("No audio device: sound is off.").count(),
            1,
            "{stdout}"
        );
    }
    let bytes = std::fs::read(&out).expect("the PNG was written");
    assert_eq!(&bytes[1..4], b"PNG");
    assert!(
        bytes.len() > 20_000,
        "suspiciously small PNG: {} bytes",
        bytes.len()
    );
    std::fs::remove_dir_all(&dir).ok();
}
