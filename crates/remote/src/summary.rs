//! A match's summary as every side prints it at the end (`--json`), so the referee's and each
//! follower's can be compared: the same actions, score and digests on every machine.

use crate::at_guest::hex;
use carrom_match::Match;
use serde_json::{Map, Value, json};

/// The match's actions, games, score, whether it is finished and the digest after every
/// action; each command adds who printed it.
pub fn summary(game: &Match) -> Map<String, Value> {
    let value = json!({
        "actions": game.actions.len(),
        "games": game.referee.games(),
        "score": game.referee.score(),
        "finished": game.is_over(),
        "digests": game.digests.iter().map(|d| hex(*d)).collect::<Vec<_>>(),
    });
    match value {
        Value::Object(map) => map,
        _ => unreachable!("a summary is an object"),
    }
}
