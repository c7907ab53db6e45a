//! A tournament's players: people by name, and computers of a [`Level`], as the command line's
//! `--players "Asha,Ravi,computer:hard"` lists them.

use carrom_terms::{Level, Named};
use serde::{Deserialize, Serialize};

/// The longest name a player may have, in characters (the match's `Player::MAX_NAME`).
pub const MAX_NAME: usize = 24;

/// One player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    /// The name the standings, the games and the replays use; unique in the tournament.
    pub name: String,
    /// A computer player of this level, or a person when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Level>,
    /// The rating a knockout seeded by rating reads (`Asha@1620`); none when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
}

/// Why a list of players is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayersError {
    #[error("player {index}: an empty name")]
    Empty { index: usize },
    #[error("player {index}: `{name}` has {chars} characters; a name has at most {MAX_NAME}")]
    TooLong {
        index: usize,
        name: String,
        chars: usize,
    },
    #[error("player {index}: a name has no control characters")]
    Control { index: usize },
    #[error("player {index}: {words}")]
    Level { index: usize, words: String },
    #[error("player {index}: `{text}` is not a rating (a whole number, as `Asha@1620`)")]
    Rating { index: usize, text: String },
    #[error("`{name}` is named twice")]
    Twice { name: String },
}

impl Entrant {
    /// A person called `name`.
    pub fn person(name: &str) -> Entrant {
        Entrant {
            name: name.to_string(),
            computer: None,
            rating: None,
        }
    }

    /// Whether a computer plays for this player.
    pub fn is_computer(&self) -> bool {
        self.computer.is_some()
    }
}

/// The players of `text`, comma-separated: a person's name, or `computer:LEVEL` (named
/// "Computer N (LEVEL)", N counting the computers from 1); either may end in `@RATING`. Names
/// are trimmed, 1 to [`MAX_NAME`] characters, without control characters, each once (case
/// ignored).
pub fn parse_players(text: &str) -> Result<Vec<Entrant>, PlayersError> {
    let mut out: Vec<Entrant> = Vec::new();
    let mut computers = 0;
    for (i, part) in text.split(',').enumerate() {
        let index = i + 1;
        let (who, rating) = split_rating(part.trim(), index)?;
        let entrant = match who.strip_prefix("computer:") {
            Some(level) => {
                let level = Level::parse_or_explain(level.trim())
                    .map_err(|words| PlayersError::Level { index, words })?;
                computers += 1;
                Entrant {
                    name: format!("Computer {computers} ({})", level.name()),
                    computer: Some(level),
                    rating,
                }
            }
            None => Entrant {
                rating,
                ..Entrant::person(&checked_name(who, index)?)
            },
        };
        let lower = entrant.name.to_lowercase();
        if out.iter().any(|e| e.name.to_lowercase() == lower) {
            return Err(PlayersError::Twice { name: entrant.name });
        }
        out.push(entrant);
    }
    Ok(out)
}

fn split_rating(part: &str, index: usize) -> Result<(&str, Option<u32>), PlayersError> {
    match part.rsplit_once('@') {
        None => Ok((part, None)),
        Some((who, rating)) => match rating.trim().parse() {
            Ok(r) => Ok((who.trim(), Some(r))),
            Err(_) => Err(PlayersError::Rating {
                index,
                text: rating.to_string(),
            }),
        },
    }
}

/// `name` as a player's name, or why not.
pub fn checked_name(name: &str, index: usize) -> Result<String, PlayersError> {
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 {
        return Err(PlayersError::Empty { index });
    }
    if chars > MAX_NAME {
        return Err(PlayersError::TooLong {
            index,
            name: name.chars().take(MAX_NAME).collect::<String>() + "...",
            chars,
        });
    }
    if name.chars().any(char::is_control) {
        return Err(PlayersError::Control { index });
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_and_computers_are_read_with_their_levels_and_ratings() {
        let players = parse_players("Asha, Ravi@1620,computer:hard,computer:easy@1300").unwrap();
        let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            ["Asha", "Ravi", "Computer 1 (hard)", "Computer 2 (easy)"]
        );
        assert_eq!(players[1].rating, Some(1620));
        assert_eq!(players[2].computer, Some(Level::Hard));
        assert_eq!(players[3].rating, Some(1300));
    }

    #[test]
    fn bad_players_are_refused_naming_the_player() {
        let cases = [
            ("Asha,,Ravi", "player 2: an empty name"),
            ("Asha,asha", "`asha` is named twice"),
            ("Asha,computer:expert", "player 2: `expert` is not a level"),
            ("Asha@high", "player 1: `high` is not a rating"),
        ];
        for (text, words) in cases {
            let e = parse_players(text).unwrap_err().to_string();
            assert!(e.contains(words), "{text}: {e}");
        }
    }
}
