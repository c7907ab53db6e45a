//! Is there a display to open a window on? A display that is named but dead (`DISPLAY=:29`
//! with no X server) counts as none: the commands fall back as they do without one, instead
//! of the window system failing when the app starts.

use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::time::Duration;

/// Why there is no display to open a window on (words for a message). The names are the
/// environment's, abbreviated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoDisplay {
    #[error("DISPLAY and WAYLAND_DISPLAY are unset")]
    Unset,
    #[error("no Wayland compositor answers at WAYLAND_DISPLAY={wayland}")]
    NoCompositor { wayland: String },
    #[error("no X server answers at DISPLAY={x11}")]
    NoXServer { x11: String },
    #[error(
        "no Wayland compositor answers at WAYLAND_DISPLAY={wayland} and no X server answers at \
         DISPLAY={x11}"
    )]
    NeitherAnswers { wayland: String, x11: String },
}

/// `Ok` when a Wayland compositor or an X server answers at the display the environment
/// names; otherwise why there is none ("DISPLAY and WAYLAND_DISPLAY are unset", "no X server
/// answers at DISPLAY=:29"). The window system takes Wayland whenever `WAYLAND_DISPLAY` is
/// set, so a dead `WAYLAND_DISPLAY` beside a live X server is removed from this process's
/// environment, and the window opens on the X server. Call it before the app starts any
/// threads.
pub fn find() -> Result<(), NoDisplay> {
    let set = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let shown = |k: &str| carrom_match::quote::abbreviate(&std::env::var(k).unwrap_or_default());
    if set("WAYLAND_SOCKET").is_some() {
        // A compositor's socket handed down already connected: nothing to check.
        return Ok(());
    }
    let wayland = set("WAYLAND_DISPLAY");
    let x11 = set("DISPLAY");
    let mut dead_wayland = None;
    if let Some(name) = &wayland {
        if wayland_answers(std::path::Path::new(name)) {
            return Ok(());
        }
        dead_wayland = Some(shown("WAYLAND_DISPLAY"));
    }
    let mut dead_x11 = None;
    if let Some(name) = &x11 {
        if x_server_answers(&name.to_string_lossy()) {
            if wayland.is_some() {
                // SAFETY: called before the app starts any threads (see above).
                unsafe { std::env::remove_var("WAYLAND_DISPLAY") };
            }
            return Ok(());
        }
        dead_x11 = Some(shown("DISPLAY"));
    }
    Err(match (dead_wayland, dead_x11) {
        (None, None) => NoDisplay::Unset,
        (Some(wayland), None) => NoDisplay::NoCompositor { wayland },
        (None, Some(x11)) => NoDisplay::NoXServer { x11 },
        (Some(wayland), Some(x11)) => NoDisplay::NeitherAnswers { wayland, x11 },
    })
}

/// Whether a window can be opened (see [`find`]).
pub fn has_display() -> bool {
    find().is_ok()
}

/// A Wayland display is a socket: the name itself when it is a path, else under
/// `XDG_RUNTIME_DIR`.
fn wayland_answers(name: &std::path::Path) -> bool {
    let path = if name.is_absolute() {
        name.to_path_buf()
    } else {
        match std::env::var_os("XDG_RUNTIME_DIR").filter(|d| !d.is_empty()) {
            Some(dir) => PathBuf::from(dir).join(name),
            None => return false,
        }
    };
    UnixStream::connect(path).is_ok()
}

/// An X display is `[host]:number[.screen]`: with no host (or `unix`), the local socket
/// `/tmp/.X11-unix/X<number>` (or its abstract twin on Linux); with a host, TCP port
/// 6000 + number there.
fn x_server_answers(display: &str) -> bool {
    if display.starts_with('/') {
        // A socket path (as some systems name the display).
        return UnixStream::connect(display).is_ok();
    }
    let Some((host, rest)) = display.rsplit_once(':') else {
        return false;
    };
    let number = rest.split('.').next().unwrap_or("");
    let Ok(number) = number.parse::<u16>() else {
        return false;
    };
    if host.is_empty() || host == "unix" {
        let path = format!("/tmp/.X11-unix/X{number}");
        if UnixStream::connect(&path).is_ok() {
            return true;
        }
        #[cfg(target_os = "linux")]
        {
            use std::os::linux::net::SocketAddrExt;
            if let Ok(addr) = std::os::unix::net::SocketAddr::from_abstract_name(path.as_bytes())
                && UnixStream::connect_addr(&addr).is_ok()
            {
                return true;
            }
        }
        return false;
    }
    let Some(port) = number.checked_add(6000) else {
        return false;
    };
    use std::net::ToSocketAddrs;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let Ok(addrs) = (host, port).to_socket_addrs() else {
        return false;
    };
    addrs
        .into_iter()
        .any(|a| std::net::TcpStream::connect_timeout(&a, Duration::from_secs(2)).is_ok())
}

/// Why no private X server could be started ([`Xvfb::start`]).
#[derive(Debug, thiserror::Error)]
pub enum NoXvfb {
    #[error("cannot start Xvfb (install the `xvfb` package): {0}")]
    Spawn(std::io::Error),
    #[error("Xvfb did not start within 20 s")]
    TooSlow,
    /// Every display number tried was taken, or the server exited at once each time.
    #[error("no free X display number for Xvfb (or Xvfb fails to start)")]
    NoFreeNumber,
}

/// A private X server (Xvfb) for `carrom screenshot` where there is no display. Dropping it
/// stops the server cleanly (SIGTERM, then waits for it) and removes what it made, its lock
/// file and its socket, so that display numbers are not used up run after run.
pub struct Xvfb {
    child: std::process::Child,
    number: u32,
}

impl Xvfb {
    /// Starts Xvfb on the first free display number from 90 with a screen of at least `size`,
    /// waits until it accepts connections, and points this process at it (`DISPLAY`; Mesa's
    /// software Vulkan unless `WGPU_BACKEND` says otherwise). Call it before the app starts
    /// any threads.
    pub fn start(size: (u32, u32)) -> Result<Xvfb, NoXvfb> {
        use std::process::{Command, Stdio};
        let free = |n: &u32| {
            !std::path::Path::new(&format!("/tmp/.X{n}-lock")).exists()
                && !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        };
        let mut tried = 0;
        for number in (90..400).filter(free) {
            // `-displayfd 1`: the server writes its number to stdout once it is ready; it
            // exits at once when another server took the number first.
            let mut child = Command::new("Xvfb")
                .args([
                    &format!(":{number}"),
                    "-displayfd",
                    "1",
                    "-screen",
                    "0",
                    &format!("{}x{}x24", size.0.max(1280), size.1.max(960)),
                    "-nolisten",
                    "tcp",
                ])
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .map_err(NoXvfb::Spawn)?;
            let stdout = child.stdout.take();
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                use std::io::BufRead;
                let mut line = String::new();
                if let Some(out) = stdout {
                    let _ = std::io::BufReader::new(out).read_line(&mut line);
                }
                let _ = tx.send(line);
            });
            let xvfb = Xvfb { child, number };
            match rx.recv_timeout(Duration::from_secs(20)) {
                Ok(line) if line.trim() == number.to_string() => {
                    xvfb.point_here();
                    return Ok(xvfb);
                }
                Ok(_) => {
                    // It exited (the number was taken meanwhile): the next one.
                    drop(xvfb);
                    tried += 1;
                    if tried >= 5 {
                        break;
                    }
                }
                Err(_) => return Err(NoXvfb::TooSlow),
            }
        }
        Err(NoXvfb::NoFreeNumber)
    }

    /// The display's number (`:number`).
    pub fn number(&self) -> u32 {
        self.number
    }

    fn point_here(&self) {
        // SAFETY: called before the app starts any threads; nothing else reads the
        // environment concurrently.
        unsafe {
            std::env::set_var("DISPLAY", format!(":{}", self.number));
            std::env::remove_var("WAYLAND_DISPLAY");
            if std::env::var_os("WGPU_BACKEND").is_none_or(|v| v.is_empty()) {
                std::env::set_var("WGPU_BACKEND", "vulkan");
            }
        }
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let pid = self.child.id();
        if matches!(self.child.try_wait(), Ok(None)) {
            // SAFETY: `pid` is our own child, not yet waited for, so it is still ours.
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGTERM);
            }
            let t0 = std::time::Instant::now();
            while matches!(self.child.try_wait(), Ok(None)) {
                if t0.elapsed() > Duration::from_secs(5) {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    break;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        // A server that stopped cleanly removed these itself; one that did not leaves them.
        let lock = format!("/tmp/.X{}-lock", self.number);
        let ours = std::fs::read_to_string(&lock)
            .is_ok_and(|text| text.trim().parse::<u32>().ok() == Some(pid));
        if ours {
            let _ = std::fs::remove_file(&lock);
        }
        let socket = format!("/tmp/.X11-unix/X{}", self.number);
        if ours || (std::path::Path::new(&socket).exists() && UnixStream::connect(&socket).is_err())
        {
            let _ = std::fs::remove_file(&socket);
        }
    }
}

/// Where `XDG_RUNTIME_DIR` is unset or not a directory (an X session over ssh, a private
/// Xvfb), points it at a private directory of this user's (`carrom-runtime-<uid>` in the
/// temporary directory, mode 0700), so that the graphics libraries, which look for a Wayland
/// compositor there, find none quietly instead of printing "error: XDG_RUNTIME_DIR is
/// invalid or not set in the environment". Call it before the app starts any threads.
pub fn quiet_runtime_dir() {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    let valid = std::env::var_os("XDG_RUNTIME_DIR")
        .filter(|d| !d.is_empty())
        .is_some_and(|d| std::path::Path::new(&d).is_dir());
    if valid {
        return;
    }
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() };
    let dir = std::env::temp_dir().join(format!("carrom-runtime-{uid}"));
    let _ = std::fs::DirBuilder::new().mode(0o700).create(&dir);
    // Only a directory this user owns and no one else can enter.
    let private = std::fs::symlink_metadata(&dir)
        .is_ok_and(|m| m.is_dir() && m.uid() == uid && m.permissions().mode() & 0o077 == 0);
    if private {
        // SAFETY: called before the app starts any threads.
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
    }
}

#[cfg(test)]
mod tests {
    use super::{wayland_answers, x_server_answers};

    #[test]
    fn a_display_with_no_server_behind_it_does_not_answer() {
        // No X server listens on display 29311 (its socket would be /tmp/.X11-unix/X29311).
        assert!(!x_server_answers(":29311"));
        assert!(!x_server_answers("unix:29311.0"));
        assert!(!x_server_answers("not a display"));
        assert!(!x_server_answers(":"));
        assert!(!x_server_answers("/nonexistent/socket"));
    }

    #[test]
    fn a_wayland_display_with_no_compositor_behind_it_does_not_answer() {
        let nowhere = std::env::temp_dir().join("carrom-no-wayland-29319");
        assert!(!wayland_answers(&nowhere));
        // A socket that was made and is no longer listened on.
        let path = std::env::temp_dir().join(format!("carrom-wayland-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
        assert!(wayland_answers(&path));
        drop(listener);
        assert!(!wayland_answers(&path));
        std::fs::remove_file(&path).ok();
    }
}
