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
}
