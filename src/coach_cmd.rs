//! `carrom hint`: the coach's best shot for a position read from stdin (or a file).

use crate::input::read_request;
use carrom_ai::coach::{describe, hint};
use carrom_physics::Spec;
use carrom_trainer::hint::{HintRequest, hint_json};
use std::path::Path;

pub fn hint_cmd(spec: &Spec, file: Option<&Path>, json_only: bool) -> Result<(), String> {
    let input = read_request(file)?;
    let source = &input.source;
    let request: HintRequest = input.parse()?;
    let (pieces, referee) = (request.position(spec)).map_err(|e| format!("{source}: {e}"))?;
    let seat = request.seat;
    let Some(h) = hint(spec, &pieces, seat, &referee, request.seed) else {
        return Err(format!(
            "{source}: {} has no legal place for the striker on his base line (Law 142)",
            seat.name()
        ));
    };
    if !json_only {
        println!("{}", describe(&h.best, seat));
        for a in &h.alternatives {
            println!("  or: {}", describe(a, seat));
        }
    }
    println!("{}", hint_json(&h, seat));
    Ok(())
}
