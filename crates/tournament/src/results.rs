//! A results document, as other tools and the checks write one: the rules, the groups, the
//! games with their boards (and an additional board on a game tied after six), the shootouts
//! played. Read into the groups' tables, or refused naming the game and the field.

use crate::game::{Board, Kind, Outcome, decide};
use crate::standings::{self, Decided, ShootoutPlayed, Table};
use crate::tournament::{ADVANCE, RULES};
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    rules: String,
    groups: Vec<DocGroup>,
    games: Vec<DocGame>,
    #[serde(default)]
    shootouts: Vec<DocShootout>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DocGroup {
    name: String,
    players: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DocGame {
    group: String,
    players: Vec<String>,
    boards: Vec<DocBoard>,
    #[serde(default)]
    additional: Option<DocBoard>,
    /// The player who lost the game by walkover (Law 143(i)); its `boards` are then none.
    #[serde(default)]
    walkover: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DocBoard {
    winner: String,
    points: i64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DocShootout {
    group: String,
    players: Vec<String>,
    winner: String,
}

/// The standings as `carrom tournament standings --json` prints them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standings {
    pub groups: Vec<Table>,
}

/// Why a results document is refused: `what` says where ("game 3 (Asha v Ravi)"), `field`
/// the field's path from the document's top.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.words())]
pub struct ResultsError {
    pub what: String,
    pub field: String,
    pub reason: String,
}

impl ResultsError {
    fn words(&self) -> String {
        match self.field.as_str() {
            "" | "." => format!("{}: {}", self.what, self.reason),
            field => format!("{}: field `{field}`: {}", self.what, self.reason),
        }
    }
}

/// The tables of a results document's groups (the caller names the document in its
/// messages).
pub fn standings(text: &str) -> Result<Standings, ResultsError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    let doc: Document = serde_path_to_error::deserialize(de).map_err(|e| ResultsError {
        what: "not a results document".to_string(),
        field: e.path().to_string(),
        reason: e.into_inner().to_string(),
    })?;
    if doc.rules != RULES {
        return Err(ResultsError {
            what: "the results".to_string(),
            field: "rules".into(),
            reason: format!(
                "the standings are the VKK header's (`{RULES}`), not `{}`",
                doc.rules
            ),
        });
    }
    let games = checked_games(&doc)?;
    let groups = doc
        .groups
        .iter()
        .map(|group| group_table(&doc, group, &games))
        .collect::<Result<_, _>>()?;
    Ok(Standings { groups })
}

/// A game of the document, checked: its players and its boards, its winner (`None` while it
/// goes on), and whether it was a walkover.
struct Checked {
    group: String,
    players: [String; 2],
    boards: Vec<Board>,
    winner: Option<String>,
    walkover: bool,
}

fn checked_games(doc: &Document) -> Result<Vec<Checked>, ResultsError> {
    let mut out: Vec<Checked> = Vec::new();
    for (i, g) in doc.games.iter().enumerate() {
        let what = format!("game {} ({})", i + 1, g.players.join(" v "));
        let refuse = |field: String, reason: String| ResultsError {
            what: what.clone(),
            field: format!("games[{i}].{field}"),
            reason,
        };
        let players = game_players(doc, g).map_err(|(f, r)| refuse(f, r))?;
        let repeat = out
            .iter()
            .position(|o| o.group == g.group && o.players.iter().all(|p| players.contains(p)));
        if let Some(earlier) = repeat {
            let reason = format!("they already met in game {}", earlier + 1);
            return Err(refuse("players".into(), reason));
        }
        let outcome = Outcome {
            boards: boards(&g.boards, "boards").map_err(|(f, r)| refuse(f, r))?,
            additional: match &g.additional {
                Some(b) => Some(
                    boards(std::slice::from_ref(b), "additional")
                        .map_err(|(f, r)| refuse(f, r))?
                        .remove(0),
                ),
                None => None,
            },
            additional_first: None,
            walkover: g.walkover.clone(),
        };
        let winner =
            decide(&players, &outcome, Kind::Game).map_err(|e| refuse(e.field, e.reason))?;
        out.push(Checked {
            group: g.group.clone(),
            players,
            boards: outcome.boards,
            winner,
            walkover: outcome.walkover.is_some(),
        });
    }
    Ok(out)
}

/// The game's two players, both in its group, or the field and why not.
fn game_players(doc: &Document, g: &DocGame) -> Result<[String; 2], (String, String)> {
    let Some(group) = doc.groups.iter().find(|x| x.name == g.group) else {
        return Err(("group".into(), format!("there is no group `{}`", g.group)));
    };
    let [a, b] = g.players.as_slice() else {
        let reason = format!("a game has two players, not {}", g.players.len());
        return Err(("players".into(), reason));
    };
    if a == b {
        return Err(("players".into(), format!("{a} cannot play himself")));
    }
    for (k, p) in [a, b].iter().enumerate() {
        if !group.players.contains(p) {
            let reason = format!("{p} is not in group {}", group.name);
            return Err((format!("players[{k}]"), reason));
        }
    }
    Ok([a.clone(), b.clone()])
}

/// Boards with their points checked: none negative. `name` is the field (`boards` lists
/// its boards by index, `additional` is one board).
fn boards(list: &[DocBoard], name: &str) -> Result<Vec<Board>, (String, String)> {
    list.iter()
        .enumerate()
        .map(|(j, b)| {
            let field = match name {
                "boards" => format!("boards[{j}].points"),
                _ => format!("{name}.points"),
            };
            let points = u32::try_from(b.points).map_err(|_| {
                (
                    field,
                    format!("{} points: a board's points are not negative", b.points),
                )
            })?;
            Ok(Board {
                winner: b.winner.clone(),
                points,
            })
        })
        .collect()
}

fn group_table(doc: &Document, group: &DocGroup, games: &[Checked]) -> Result<Table, ResultsError> {
    let decided: Vec<Decided> = games
        .iter()
        .filter(|g| g.group == group.name)
        .filter_map(|g| {
            Some(Decided {
                players: &g.players,
                boards: &g.boards,
                winner: g.winner.as_deref()?,
                walkover: g.walkover,
            })
        })
        .collect();
    let mut shootouts = Vec::new();
    let mut indices = Vec::new();
    for (i, s) in doc.shootouts.iter().enumerate() {
        let refuse = |field: &str, reason: String| ResultsError {
            what: format!("shootout {} ({})", i + 1, s.players.join(" v ")),
            field: format!("shootouts[{i}].{field}"),
            reason,
        };
        if !doc.groups.iter().any(|g| g.name == s.group) {
            return Err(refuse("group", format!("there is no group `{}`", s.group)));
        }
        if s.group != group.name {
            continue;
        }
        let [a, b] = s.players.as_slice() else {
            return Err(refuse("players", "a shootout has two players".into()));
        };
        if !s.players.contains(&s.winner) {
            return Err(refuse(
                "winner",
                format!("{} is not in the shootout", s.winner),
            ));
        }
        shootouts.push(ShootoutPlayed {
            players: [a.clone(), b.clone()],
            winner: s.winner.clone(),
        });
        indices.push(i);
    }
    standings::table(&group.name, &group.players, &decided, &shootouts, ADVANCE).map_err(|e| {
        let i = indices[e.index];
        ResultsError {
            what: format!(
                "shootout {} ({})",
                i + 1,
                doc.shootouts[i].players.join(" v ")
            ),
            field: format!("shootouts[{i}].players"),
            reason: e.reason,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document(walkover: &str) -> String {
        format!(
            r#"{{"rules": "vkk",
                "groups": [{{"name": "A", "players": ["Asha", "Ravi", "Meena"]}}],
                "games": [{{"group": "A", "players": ["Asha", "Ravi"], "boards": [],
                            "walkover": "{walkover}"}}]}}"#
        )
    }

    #[test]
    fn a_results_document_takes_a_walkover_as_a_game_won_25_to_0() {
        let s = standings(&document("Ravi")).unwrap();
        let rows: Vec<(&str, u32, i64)> = (s.groups[0].standings.iter())
            .map(|r| (r.name.as_str(), r.points, r.net))
            .collect();
        assert_eq!(rows, [("Asha", 2, 25), ("Meena", 0, 0), ("Ravi", 0, -25)]);
    }

    #[test]
    fn a_results_document_refuses_a_walkover_of_someone_not_in_the_game() {
        let e = standings(&document("Meena")).unwrap_err();
        assert_eq!(e.field, "games[0].walkover", "{e}");
    }
}
