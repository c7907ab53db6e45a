//! `carrom server-load --matches N`: N concurrent quick matches of headless computer clients
//! against one `carrom server` on the loopback interface (a process of its own, so its memory
//! and CPU are its own): actions a second (strokes, and the few placements of a piece due
//! back), the 50th and 99th percentile of an action's round trip (from the client's send to the
//! server's applied action coming back; the computer's thinking left out), the server's memory
//! per match (its peak resident memory over its idle one, per match) and its CPU, where the
//! server's time for an action goes (its wait for the match's task, the apply with the
//! stroke's physics, the database write: `GET /api/timings`), and the clients' own CPU (they
//! run in this process, on the same cores as the server). The clients act back to back, or at
//! a person's pace with `--pace SECS` before each action.

use crate::args::{count, named};
use carrom_ai::Level;
use carrom_match::MatchLength;
use carrom_online::{Event, Plan, Request};
use serde_json::json;
use std::collections::HashMap;
use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct LoadArgs {
    /// Concurrent matches, 1 to 1000.
    #[arg(long, default_value_t = 10, value_parser = count::<1, 1000>)]
    pub matches: u64,
    /// The computers' level.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Beginner)]
    pub level: Level,
    /// Each match's length.
    #[arg(long, value_parser = named::<MatchLength>(), default_value_t = MatchLength::Board)]
    pub length: MatchLength,
    /// Stop after this many seconds, 1 to 3600, whether or not the matches are over.
    #[arg(long, default_value_t = 300, value_parser = count::<1, 3600>)]
    pub within: u64,
    /// Seconds each client waits before each of its actions (a person's pace), 0 to 10; 0:
    /// back to back, as fast as the computers think.
    #[arg(long, default_value_t = 0.0, value_parser = pace)]
    pub pace: f64,
    /// The server's database (`postgres://...`, an empty one: the clients claim new names);
    /// SQLite in a temporary folder when not given.
    #[arg(long)]
    pub db: Option<String>,
    /// Print only the figures as JSON.
    #[arg(long)]
    pub json: bool,
}

/// A pace: seconds from 0 to 10.
fn pace(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.0..=10.0).contains(&s) => Ok(s),
        _ => Err("not a number of seconds from 0 to 10".into()),
    }
}

/// `GET path` on the server at `addr` (HOST:PORT): the JSON body, `null` when it cannot be had.
fn get_json(addr: &str, path: &str) -> serde_json::Value {
    use std::io::{Read, Write};
    let got = (|| {
        let mut s = std::net::TcpStream::connect(addr).ok()?;
        s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .ok()?;
        let mut text = String::new();
        s.read_to_string(&mut text).ok()?;
        let body = text.split_once("\r\n\r\n")?.1;
        let json = &body[body.find('{')?..=body.rfind('}')?];
        serde_json::from_str(json).ok()
    })();
    got.unwrap_or(serde_json::Value::Null)
}

/// The server's resident memory (kB) and CPU time (s) from /proc.
fn server_usage(pid: u32) -> Option<(u64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    Some((rss, ticks / hz))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Round trips (ms) and strokes applied, gathered from every client.
#[derive(Default)]
struct Tally {
    trips: Vec<f64>,
    applied: usize,
    finished: usize,
}

pub fn server_load(args: LoadArgs) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let db = (args.db.clone()).unwrap_or_else(|| carrom_server::sqlite_in(dir.path()));
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut server = Command::new(exe)
        .args(["server", "--listen", "127.0.0.1:0", "--db", &db])
        .args([
            "--max-per-address",
            "100000",
            "--new-names-per-hour",
            "100000",
        ])
        .args(["--computer-after", "3600"])
        .env("CARROM_CONFIG_DIR", dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let mut first = String::new();
    std::io::BufReader::new(server.stdout.take().ok_or("no output")?)
        .read_line(&mut first)
        .map_err(|e| e.to_string())?;
    let mut stderr = server.stderr.take().ok_or("no error output")?;
    if first.is_empty() {
        // The server stopped before it listened (a database it cannot open): its own words.
        let mut words = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut words);
        let _ = server.wait();
        let words = words.trim();
        let words = words.strip_prefix("error: ").unwrap_or(words);
        return Err(format!("the server did not start: {words}"));
    }
    // What the server logs is not read, but must not fill its pipe.
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    let addr = first
        .split_whitespace()
        .nth(2)
        .unwrap_or("")
        .replace("http://", "");
    let pid = server.id();
    let result = run_load(&args, &addr, pid);
    let _ = server.kill();
    let _ = server.wait();
    result
}

fn run_load(args: &LoadArgs, addr: &str, pid: u32) -> Result<(), String> {
    // The computers think on one thread (the clients' runtime keeps its threads for the
    // messages): a client's thinking must not take the cores the round trips are timed on.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(1)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let (rss0, cpu0) = server_usage(pid).unwrap_or_default();
    let (_, own0) = server_usage(std::process::id()).unwrap_or_default();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let peak = Arc::new(Mutex::new(rss0));
    let t0 = Instant::now();
    runtime.block_on(async {
        let mut clients = Vec::new();
        for i in 0..args.matches * 2 {
            let plan = Plan {
                server: addr.to_string(),
                name: format!("Load {i}"),
                token: None,
                request: Request::Quick {
                    length: Some(args.length),
                },
                computer: Some(args.level),
                retry: Duration::from_secs(10),
                pace: Duration::from_secs_f64(args.pace),
                ca: None,
            };
            let tally = tally.clone();
            clients.push(tokio::spawn(async move {
                let mut sent: HashMap<usize, Instant> = HashMap::new();
                let played = carrom_online::play(plan, |e| match e {
                    Event::Sent(i) => {
                        sent.insert(*i, Instant::now());
                    }
                    Event::Applied(i) => {
                        if let (Some(t), Ok(mut t2)) = (sent.remove(i), tally.lock()) {
                            t2.trips.push(t.elapsed().as_secs_f64() * 1000.0);
                            t2.applied += 1;
                        }
                    }
                    _ => {}
                })
                .await;
                if played.is_ok_and(|p| p.how.is_some())
                    && let Ok(mut t) = tally.lock()
                {
                    t.finished += 1;
                }
            }));
        }
        let sampler = {
            let peak = peak.clone();
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    if let (Some((rss, _)), Ok(mut p)) = (server_usage(pid), peak.lock()) {
                        *p = (*p).max(rss);
                    }
                }
            })
        };
        let all = futures_util::future::join_all(clients);
        let _ = tokio::time::timeout(Duration::from_secs(args.within), all).await;
        sampler.abort();
    });
    let secs = t0.elapsed().as_secs_f64();
    let (_, cpu1) = server_usage(pid).unwrap_or_default();
    let (_, own1) = server_usage(std::process::id()).unwrap_or_default();
    let t = tally.lock().map_err(|_| "the tally")?;
    let mut trips = t.trips.clone();
    trips.sort_by(f64::total_cmp);
    let peak = *peak.lock().map_err(|_| "the peak")?;
    let figures = json!({
        "matches": args.matches,
        "database": args.db.as_deref().map_or("sqlite", |d| d.split(':').next().unwrap_or("")),
        "pace_seconds": args.pace,
        "clients_finished": t.finished,
        "seconds": secs,
        "actions_per_second": t.applied as f64 / secs,
        "actions": t.applied,
        "round_trip_ms_p50": percentile(&trips, 0.5),
        "round_trip_ms_p99": percentile(&trips, 0.99),
        "server_rss_kb_start": rss0,
        "server_rss_kb_peak": peak,
        "server_kb_per_match": (peak.saturating_sub(rss0)) as f64 / args.matches as f64,
        "server_cpu_seconds": cpu1 - cpu0,
        "server_cpu_share_of_one_core": (cpu1 - cpu0) / secs,
        "server_time_per_action": get_json(addr, "/api/timings"),
        "clients_cpu_seconds": own1 - own0,
        "clients_cpu_share_of_one_core": (own1 - own0) / secs,
    });
    if args.json {
        println!("{figures}");
    } else {
        println!("{}", serde_json::to_string_pretty(&figures).expect("JSON"));
    }
    Ok(())
}
