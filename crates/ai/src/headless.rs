//! Computers playing a match to its end with every ruling said as it is made: the headless
//! demo (`carrom demo --headless`, `carrom play` where there is no display) and a saved match
//! resumed without a window. The lines are handed to the caller (the command line prints
//! them), one at a time as the match goes.

use crate::computers::{Computers, PlayedOut};
use crate::selfplay::STROKE_CAP;
use carrom_match::{Match, MatchError, MatchSetup};
use carrom_physics::{Seat, Spec};
use web_time::Instant;

/// Why a match played headless did not end well.
#[derive(Debug, thiserror::Error)]
pub enum HeadlessError {
    /// The match's setup could not be played.
    #[error(transparent)]
    Setup(MatchError),
    /// The match did not end within the cap on strokes.
    #[error("the match did not end within {0} strokes")]
    Capped(u32),
    /// A person is to act at this seat.
    #[error("no computer plays {0}")]
    NoComputer(Seat),
    /// The match refused a computer's action.
    #[error(transparent)]
    Refused(MatchError),
    /// The match broke its invariants this many times (each said as it was found).
    #[error("{0} invariant violations")]
    Violations(usize),
}

/// Computers play `game` on to its end (at most [`STROKE_CAP`] strokes), `say` given every
/// line as it is made: each stroke announced first (the computer's intent, its chance, the
/// other shots it weighed), then the referee's rulings; at the end the statistics and every
/// invariant violated.
pub fn play_aloud(
    game: &mut Match,
    mut computers: Computers,
    mut say: impl FnMut(&str),
) -> Result<(), HeadlessError> {
    computers.commentary = true;
    let end = computers.play_out(game, STROKE_CAP, |game, played| {
        if let Some(c) = played.commentary {
            let who = game.seat_name(c.seat);
            for line in c.lines() {
                say(&format!("  {who} {line}"));
            }
        }
        if let Some(v) = played.verdict {
            game.verdict_lines(v).iter().for_each(|line| say(line));
        }
    });
    game.statistics_lines().iter().for_each(|line| say(line));
    for v in &game.violations {
        say(&format!("INVARIANT VIOLATED {v}"));
    }
    match end {
        PlayedOut::Over => {}
        PlayedOut::Capped(cap) => return Err(HeadlessError::Capped(cap)),
        PlayedOut::NoComputer(seat) => return Err(HeadlessError::NoComputer(seat)),
        PlayedOut::Refused(_, e) => return Err(HeadlessError::Refused(e)),
    }
    match game.violations.len() {
        0 => Ok(()),
        n => Err(HeadlessError::Violations(n)),
    }
}

/// The headless demo: the computers of `setup` play its match to the end, `say` given a
/// heading, every ruling ([`play_aloud`]) and how the match ended (with the time it took).
/// The finished match, to be kept as a replay.
pub fn demo(
    spec: &Spec,
    setup: MatchSetup,
    mut say: impl FnMut(&str),
) -> Result<Match, HeadlessError> {
    let t0 = Instant::now();
    say(&format!(
        "Headless demo: {} computer players, {} rules, seed {}",
        setup.players.len(),
        setup.rules_name,
        setup.seed
    ));
    let computers = Computers::for_setup(&setup);
    let mut game = Match::new(spec, setup).map_err(HeadlessError::Setup)?;
    let played = play_aloud(&mut game, computers, &mut say);
    if game.referee.rules().points.is_some() {
        say(&point_game_end(&game, t0.elapsed().as_secs_f64()));
        return played.map(|()| game);
    }
    let winner = game.referee.match_winner();
    say(&format!(
        "Match over after {} actions in {:.1} s: games {:?}, winner {}",
        game.actions.len(),
        t0.elapsed().as_secs_f64(),
        game.referee.games(),
        winner.map_or("none".into(), |s| format!(
            "{} (side {})",
            game.side_name(s),
            s.index()
        ))
    ));
    played.map(|()| game)
}

/// How a point game ended: every player's points and the winner.
fn point_game_end(game: &Match, secs: f64) -> String {
    let r = &game.referee;
    let points = r
        .seats()
        .seats()
        .iter()
        .map(|&s| format!("{} {}", game.seat_name(s), r.points_of(s)))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "Game over after {} actions in {secs:.1} s: points {points}; winner {}",
        game.actions.len(),
        r.point_winner()
            .map_or("none".into(), |s| game.seat_name(s))
    )
}
