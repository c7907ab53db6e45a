//! How strong a computer player is, as every layer names it: the match's setup, saves, the
//! network protocol, the settings, the menu and the command line. How each level plays is the
//! AI crate's (its ladder).

use crate::named::Named;

/// How strong a computer player is: a rung of the AI's ladder, weakest first. Written by its
/// name (`"medium"`); `fast`, an earlier quick bot, is read as `easy` so saves naming it still
/// load.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Beginner,
    Easy,
    Medium,
    Skilled,
    Hard,
}

impl Named for Level {
    const ALL: &'static [Level] = &Level::ALL;
    const WHAT: &'static str = "a level";
    const ALIASES: &'static [(&'static str, Level)] = &[("fast", Level::Easy)];

    fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Skilled => "skilled",
            Level::Hard => "hard",
        }
    }
}

crate::serde_by_name!(Level);

impl Level {
    /// Every level, weakest first (the ladder's order).
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Skilled,
        Level::Hard,
    ];

    /// The demo's two levels when none is chosen: the top two of the ladder, the stronger
    /// first.
    pub const DEMO: [Level; 2] = [Level::Hard, Level::Skilled];

    /// The demo's levels by side: `level` at every seat, else [`Level::DEMO`].
    pub fn demo_levels(level: Option<Level>) -> [Level; 2] {
        level.map_or(Level::DEMO, |l| [l, l])
    }

    /// The strongest level (the coach's search).
    pub const STRONGEST: Level = Level::Hard;

    /// The level's name (`"medium"`).
    pub fn name(self) -> &'static str {
        Named::name(self)
    }

    /// The level called `name` (or one of its older names), ignoring case and surrounding
    /// spaces.
    pub fn parse(name: &str) -> Option<Level> {
        <Level as Named>::parse(name)
    }

    /// The names of every level, weakest first, comma-separated (for messages).
    pub fn names() -> String {
        <Level as Named>::names()
    }
}

/// Why a list of levels is refused ([`Level::pair`], [`Level::ladder`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelsError {
    /// Not two levels.
    NotAPair,
    /// A name that is no level: the words of [`Named::parse_or_explain`].
    Unknown(String),
    /// A level named twice.
    Twice(Level),
    /// Fewer than two levels.
    TooFew,
}

impl std::fmt::Display for LevelsError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            LevelsError::NotAPair => {
                f.write_str("expected two levels, side 0's then side 1's, as `medium,easy`")
            }
            LevelsError::Unknown(words) => f.write_str(words),
            LevelsError::Twice(level) => write!(f, "`{}` is named twice", level.name()),
            LevelsError::TooFew => {
                f.write_str("a ladder needs at least two levels, comma-separated")
            }
        }
    }
}

impl std::error::Error for LevelsError {}

impl Level {
    /// Two levels, comma-separated, side 0's then side 1's (`medium,easy`).
    pub fn pair(text: &str) -> Result<[Level; 2], LevelsError> {
        let parts: Vec<&str> = text.split(',').collect();
        let [a, b] = parts.as_slice() else {
            return Err(LevelsError::NotAPair);
        };
        Ok([one_level(a)?, one_level(b)?])
    }

    /// Levels of a ladder, comma-separated (`beginner,easy,medium`): at least two, each once;
    /// weakest first whatever the order given.
    pub fn ladder(text: &str) -> Result<Vec<Level>, LevelsError> {
        let mut levels = Vec::new();
        for name in text.split(',') {
            let level = one_level(name)?;
            if levels.contains(&level) {
                return Err(LevelsError::Twice(level));
            }
            levels.push(level);
        }
        if levels.len() < 2 {
            return Err(LevelsError::TooFew);
        }
        levels.sort();
        Ok(levels)
    }
}

fn one_level(name: &str) -> Result<Level, LevelsError> {
    Level::parse_or_explain(name.trim()).map_err(LevelsError::Unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_written_by_its_name_and_read_back_with_its_older_names() {
        for level in Level::ALL {
            let json = serde_json::to_string(&level).unwrap();
            assert_eq!(json, format!("\"{}\"", level.name()));
            assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), level);
            assert_eq!(Level::parse(&level.name().to_uppercase()), Some(level));
        }
        assert_eq!(
            serde_json::from_str::<Level>("\"fast\"").unwrap(),
            Level::Easy
        );
        let e = serde_json::from_str::<Level>("\"expert\"")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("`expert` is not a level: beginner, easy, medium, skilled, hard"),
            "{e}"
        );
    }

    #[test]
    fn a_pair_and_a_ladder_of_levels_are_read_from_their_names() {
        assert_eq!(
            Level::pair("medium, easy"),
            Ok([Level::Medium, Level::Easy])
        );
        assert_eq!(Level::pair("medium"), Err(LevelsError::NotAPair));
        assert_eq!(
            Level::ladder("hard,beginner"),
            Ok(vec![Level::Beginner, Level::Hard])
        );
        assert_eq!(
            Level::ladder("easy,easy"),
            Err(LevelsError::Twice(Level::Easy))
        );
        assert_eq!(Level::ladder("easy"), Err(LevelsError::TooFew));
        let unknown = Level::ladder("easy,expert").unwrap_err().to_string();
        assert!(unknown.starts_with("`expert` is not a level"), "{unknown}");
    }
}
