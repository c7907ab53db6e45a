//! Shared helpers for the referee tests.
#![allow(dead_code, unused_imports)]

pub use carrom_referee::PieceColour::{Black as B, Queen as Q, White as W};
pub use carrom_referee::*;

pub fn singles() -> Referee {
    Referee::new(Rules::icf(), Seats::Singles)
}

pub fn doubles() -> Referee {
    Referee::new(Rules::icf(), Seats::Doubles)
}

pub fn with(rules: Rules, seats: Seats) -> Referee {
    Referee::new(rules, seats)
}

/// Judges a report that must be accepted.
pub fn judge(r: &mut Referee, report: StrokeReport) -> Verdict {
    match r.judge(&report) {
        Ok(v) => v,
        Err(e) => panic!("stroke {report:?} rejected: {e}"),
    }
}

/// A proper stroke pocketing these pieces.
pub fn pot(r: &mut Referee, pieces: &[PieceColour]) -> Verdict {
    judge(r, StrokeReport::pocketing(pieces))
}

/// A proper stroke that pockets nothing.
pub fn nothing(r: &mut Referee) -> Verdict {
    judge(r, StrokeReport::nothing())
}

pub fn n(colour: PieceColour, count: usize) -> Vec<PieceColour> {
    vec![colour; count]
}

pub fn cat(parts: &[&[PieceColour]]) -> Vec<PieceColour> {
    parts.concat()
}

/// The Laws a verdict applied, as strings.
pub fn laws(v: &Verdict) -> Vec<&'static str> {
    v.laws().iter().map(|l| l.as_str()).collect()
}

pub fn assert_law(v: &Verdict, law: &str) {
    assert!(
        v.applied(law),
        "expected Law {law} to be applied; got {:?}: {}",
        laws(v),
        v.summary()
    );
}

pub fn player_returns(v: &Verdict, colour: PieceColour) -> Vec<Seat> {
    v.returns
        .iter()
        .filter(|r| r.piece == colour)
        .filter_map(|r| match r.placed_by {
            Placer::Seat(s) => Some(s),
            Placer::Umpire => None,
        })
        .collect()
}

/// Board 1 of singles after the break: South (white) has pocketed `south_down` whites and North
/// (black) `north_down` blacks; it is South's turn. Uses only proper, ordinary strokes.
pub fn position(south_down: usize, north_down: usize) -> Referee {
    let mut r = singles();
    // South breaks, pockets a black (stays down), turn passes.
    if north_down > 0 {
        let v = pot(&mut r, &n(B, north_down));
        assert!(!v.continues);
    } else {
        let v = nothing(&mut r);
        assert!(!v.continues);
    }
    // North pockets nothing.
    nothing(&mut r);
    if south_down > 0 {
        let v = pot(&mut r, &n(W, south_down));
        assert!(v.continues);
    }
    assert_eq!(r.turn(), Some(Seat::South));
    assert_eq!(r.on_board(W), 9 - south_down as u8);
    assert_eq!(r.on_board(B), 9 - north_down as u8);
    r
}

/// Runs a scenario that must succeed.
pub fn scenario(json: &str) -> Vec<serde_json::Value> {
    run_scenario(json).unwrap_or_else(|e| panic!("scenario rejected: {e}"))
}
