//! `carrom hint`: the coach's best shot for a position read from stdin (or a file).

use crate::input::read_request;
use carrom_ai::coach::{Advice, describe, hint, kind_name};
use carrom_physics::{Piece, PieceColour, Seat, Spec, opening_rack};
use carrom_referee::{Referee, Seats};
use carrom_trainer::{Position, QueenAt};
use serde::Deserialize;
use serde_json::{Value, json};
use std::path::Path;

/// `{"rules": "icf", "seat": "south", "pieces": [{"kind","x","y"}], "queen": "on_board" |
/// "awaiting_cover" | "covered_by_white" | "covered_by_black", "colour": "white" | "black"}`; `seats` (2 or 4) and `seed` are optional.
/// Without `pieces`, the opening rack (a break).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    #[serde(default = "icf")]
    rules: String,
    seat: Seat,
    #[serde(default)]
    pieces: Option<Vec<Piece>>,
    #[serde(default)]
    queen: QueenAt,
    #[serde(default = "white")]
    colour: PieceColour,
    #[serde(default)]
    seats: Option<u32>,
    #[serde(default)]
    seed: u64,
}

fn icf() -> String {
    "icf".into()
}

fn white() -> PieceColour {
    PieceColour::White
}

/// The pieces and the referee's state a request describes.
fn position(spec: &Spec, request: &HintRequest) -> Result<(Vec<Piece>, Referee), String> {
    let seats = match request.seats {
        Some(n) => Seats::from_count(n)
            .ok_or_else(|| format!("seats: {n} players: expected 2 (singles) or 4 (doubles)"))?,
        None => Seats::of_seat(request.seat),
    };
    let position = Position {
        rules: request.rules.clone(),
        seat: request.seat,
        colour: request.colour,
        queen: request.queen,
        pieces: (request.pieces.clone()).unwrap_or_else(|| opening_rack(&spec.board, request.seat)),
    };
    let referee = position
        .checked_referee(spec, seats)
        .map_err(|e| e.to_string())?;
    Ok((position.pieces, referee))
}

fn advice_json(a: &Advice, seat: Seat) -> Value {
    json!({
        "shot": a.shot,
        "kind": kind_name(a.kind),
        "target": a.target,
        "pocket": a.pocket,
        "chance": a.chance,
        "expected_pieces": a.expected_pieces,
        "samples": a.samples,
        "description": describe(a, seat),
    })
}

pub fn hint_cmd(spec: &Spec, file: Option<&Path>, json_only: bool) -> Result<(), String> {
    let input = read_request(file)?;
    let source = &input.source;
    let request: HintRequest = input.parse()?;
    let (pieces, referee) = position(spec, &request).map_err(|e| format!("{source}: {e}"))?;
    let seat = request.seat;
    let Some(h) = hint(spec, &pieces, seat, &referee, request.seed) else {
        return Err(format!(
            "{source}: {} has no legal place for the striker on his base line (Law 142)",
            seat.name()
        ));
    };
    let mut out = advice_json(&h.best, seat);
    out["alternatives"] = h
        .alternatives
        .iter()
        .map(|a| advice_json(a, seat))
        .collect();
    out["decision_ms"] = json!((h.decision_ms * 10.0).round() / 10.0);
    if !json_only {
        println!("{}", describe(&h.best, seat));
        for a in &h.alternatives {
            println!("  or: {}", describe(a, seat));
        }
    }
    println!(
        "{}",
        serde_json::to_string(&out).map_err(|e| e.to_string())?
    );
    Ok(())
}
