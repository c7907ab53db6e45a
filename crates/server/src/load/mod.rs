//! `carrom server-load`: N concurrent quick matches of headless computer clients against one
//! server on the loopback interface (a process of its own, so that its memory and CPU are its
//! own): actions a second (strokes, and the few placements of a piece due back), the 50th and
//! 99th percentile of an action's round trip (from the client's send to the server's applied
//! action coming back; the computer's thinking left out), the server's memory per match (its
//! peak resident memory over its idle one, per match) and its CPU, where the server's time for
//! an action goes (its wait for the match's task, the apply with the stroke's physics, the
//! database write: `GET /api/timings`), and the clients' own CPU (they run in this process, on
//! the same cores as the server). The clients act back to back, or at a person's pace.
//!
//! With a tournament beside them ([`swiss`]), the matches' clients play one quick match after
//! another until its last round ends, so that the server holds the matches and the
//! tournament's games at once from its first round to its last.

pub mod swiss;

pub use swiss::SwissLoad;

use carrom_match::{Level, MatchLength};
use carrom_online::{Event, Plan, Request};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a load test plays.
#[derive(Clone, Debug)]
pub struct LoadPlan {
    /// Concurrent matches (two clients each).
    pub matches: u64,
    /// The computers' level.
    pub level: Level,
    /// Each match's length.
    pub length: MatchLength,
    /// The test stops after this long, whether or not the matches are over.
    pub within: Duration,
    /// Seconds each client waits before each of its actions (0: back to back).
    pub pace: f64,
    /// The server's database as given (its kind is in the figures); SQLite when none.
    pub db: Option<String>,
    /// A Swiss of computers played beside the matches.
    pub swiss: Option<SwissLoad>,
}

/// Why a load test could not be run.
#[derive(Debug, thiserror::Error)]
pub enum LoadTestError {
    #[error("cannot start the server: {0}")]
    Spawn(std::io::Error),
    /// The server stopped before it listened (a database it cannot open): its own words.
    #[error("the server did not start: {0}")]
    DidNotStart(String),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A server process started for the test, killed when dropped.
struct ServerProcess {
    child: Child,
    /// Where it listens, `HOST:PORT`.
    addr: String,
}

impl ServerProcess {
    /// Starts `command` (a `carrom server` on a free loopback port): its first line names
    /// where it serves (`Serving on http://ADDR ...`).
    fn start(mut command: Command) -> Result<ServerProcess, LoadTestError> {
        let child = (command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn())
        .map_err(LoadTestError::Spawn)?;
        let mut server = ServerProcess {
            child,
            addr: String::new(),
        };
        let (Some(stdout), Some(mut stderr)) =
            (server.child.stdout.take(), server.child.stderr.take())
        else {
            return Err(LoadTestError::DidNotStart("no output".into()));
        };
        let mut first = String::new();
        std::io::BufReader::new(stdout).read_line(&mut first)?;
        if first.is_empty() {
            let mut words = String::new();
            let _ = stderr.read_to_string(&mut words);
            let _ = server.child.wait();
            let words = words.trim();
            let words = words.strip_prefix("error: ").unwrap_or(words);
            return Err(LoadTestError::DidNotStart(words.to_string()));
        }
        // What the server logs is not read, but must not fill its pipe.
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
        let addr = first.split_whitespace().nth(2).unwrap_or("");
        server.addr = addr.replace("http://", "");
        Ok(server)
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `plan` against the server `command` starts, and stops it: the figures.
pub fn run(command: Command, plan: &LoadPlan) -> Result<Value, LoadTestError> {
    let server = ServerProcess::start(command)?;
    measure(plan, &server.addr, server.child.id())
}

/// `GET path` on the server at `addr` (HOST:PORT): the JSON body, `null` when it cannot be had.
fn get_json(addr: &str, path: &str) -> Value {
    use std::io::Write;
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
    got.unwrap_or(Value::Null)
}

/// A process's resident memory (kB) and CPU time (s), from /proc.
fn usage(pid: u32) -> Option<(u64, f64)> {
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
    /// Matches played to their end (a tournament's: players who saw it end).
    finished: usize,
}

impl Tally {
    /// The round trips' 50th and 99th percentiles.
    fn percentiles(&self) -> (f64, f64) {
        let mut trips = self.trips.clone();
        trips.sort_by(f64::total_cmp);
        (percentile(&trips, 0.5), percentile(&trips, 0.99))
    }
}

/// A client's ear for its actions' round trips: from each one's send to its coming back
/// applied, tallied in `tally`.
fn tally_trips(tally: Arc<Mutex<Tally>>) -> impl FnMut(&Event) {
    let mut sent: HashMap<usize, Instant> = HashMap::new();
    move |e| match e {
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
    }
}

/// The clients' run against the server at `addr` (process `pid`): its figures.
fn measure(plan: &LoadPlan, addr: &str, pid: u32) -> Result<Value, LoadTestError> {
    // The computers think on one thread (the clients' runtime keeps its threads for the
    // messages): a client's thinking must not take the cores the round trips are timed on.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(1)
        .enable_all()
        .build()?;
    let (rss0, cpu0) = usage(pid).unwrap_or_default();
    let (_, own0) = usage(std::process::id()).unwrap_or_default();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let peak = Arc::new(Mutex::new(rss0));
    let t0 = Instant::now();
    let swiss = runtime.block_on(async {
        let mut clients: Vec<_> = (0..plan.matches * 2)
            .map(|i| tokio::spawn(client(plan, addr, i, tally.clone())))
            .collect();
        let sampler = tokio::spawn(sample_peak(pid, peak.clone()));
        // The matches' clients play to their ends, or beside the tournament to its end.
        let ended = tokio::time::timeout(plan.within, async {
            let pace = Duration::from_secs_f64(plan.pace);
            match plan.swiss {
                Some(s) => Some(swiss::play(s, addr, plan.level, pace).await),
                None => {
                    futures_util::future::join_all(clients.iter_mut()).await;
                    None
                }
            }
        })
        .await;
        sampler.abort();
        clients.iter().for_each(|c| c.abort());
        swiss_figures(plan, ended)
    });
    let secs = t0.elapsed().as_secs_f64();
    let (_, cpu1) = usage(pid).unwrap_or_default();
    let (_, own1) = usage(std::process::id()).unwrap_or_default();
    let t = tally.lock().unwrap_or_else(|e| e.into_inner());
    let (p50, p99) = t.percentiles();
    let peak = *peak.lock().unwrap_or_else(|e| e.into_inner());
    let mut figures = json!({
        "matches": plan.matches,
        "database": plan.db.as_deref().map_or("sqlite", |d| d.split(':').next().unwrap_or("")),
        "pace_seconds": plan.pace,
        "clients_finished": t.finished,
        "seconds": secs,
        "actions_per_second": t.applied as f64 / secs,
        "actions": t.applied,
        "round_trip_ms_p50": p50,
        "round_trip_ms_p99": p99,
        "server_rss_kb_start": rss0,
        "server_rss_kb_peak": peak,
        "server_kb_per_match": (peak.saturating_sub(rss0)) as f64 / plan.matches as f64,
        "server_cpu_seconds": cpu1 - cpu0,
        "server_cpu_share_of_one_core": (cpu1 - cpu0) / secs,
        "server_time_per_action": get_json(addr, "/api/timings"),
        "clients_cpu_seconds": own1 - own0,
        "clients_cpu_share_of_one_core": (own1 - own0) / secs,
    });
    if let Some(swiss) = swiss {
        figures["swiss"] = swiss;
    }
    Ok(figures)
}

/// The tournament's figures, when the plan has one: as it ended, or why it did not.
fn swiss_figures(
    plan: &LoadPlan,
    ended: Result<Option<Result<Value, carrom_online::ClientError>>, tokio::time::error::Elapsed>,
) -> Option<Value> {
    plan.swiss?;
    Some(match ended {
        Ok(Some(Ok(figures))) => figures,
        Ok(Some(Err(why))) => json!({ "error": why.to_string() }),
        Ok(None) | Err(_) => json!({
            "error": format!("not ended within {} s", plan.within.as_secs())
        }),
    })
}

/// Client `i`: a quick match played by its computer, each action's round trip tallied (beside
/// a tournament, one quick match after another under the name's token).
fn client(
    plan: &LoadPlan,
    addr: &str,
    i: u64,
    tally: Arc<Mutex<Tally>>,
) -> impl Future<Output = ()> + use<> {
    let again = plan.swiss.is_some();
    let mut plan = Plan {
        server: addr.to_string(),
        name: format!("Load {i}"),
        token: None,
        request: Request::Quick {
            length: Some(plan.length),
            mode: carrom_online::Mode::Singles,
        },
        computer: Some(plan.level),
        retry: Duration::from_secs(10),
        pace: Duration::from_secs_f64(plan.pace),
        ca: None,
    };
    async move {
        let mut trips = tally_trips(tally.clone());
        loop {
            let mut token = None;
            let played = carrom_online::play(plan.clone(), |e| {
                if let Event::Welcome(w) = e {
                    token = token.take().or(w.token.clone());
                }
                trips(e)
            })
            .await;
            let refused = played.is_err();
            if played.is_ok_and(|p| p.how.is_some())
                && let Ok(mut t) = tally.lock()
            {
                t.finished += 1;
            }
            plan.token = plan.token.take().or(token);
            if !again {
                return;
            }
            if refused {
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Keeps the server's peak resident memory, sampled every half second.
async fn sample_peak(pid: u32, peak: Arc<Mutex<u64>>) {
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        if let (Some((rss, _)), Ok(mut p)) = (usage(pid), peak.lock()) {
            *p = (*p).max(rss);
        }
    }
}
