//! How a match is set up: the seats, who sits in them, the rules and the seed.

use crate::error::{LoadRulesError, NameError, PlayersError, SetupError};
use carrom_referee::{Rules, Seat, Seats};
use carrom_terms::{Level, Named};
use serde::{Deserialize, Serialize};

/// Unicode's format characters (category Cf: zero-width spaces and joiners, the direction
/// marks, embeddings, overrides and isolates, the byte order mark, the tags), the variation
/// selectors and the fillers that show as nothing (the Hangul fillers, the braille blank):
/// what makes a name show as another's, or turns around the text it stands in.
const INVISIBLE: &[(u32, u32)] = &[
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
];

fn invisible(c: char) -> bool {
    let c = u32::from(c);
    INVISIBLE.iter().any(|&(a, b)| (a..=b).contains(&c))
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub name: String,
    /// A computer player of this level, or a person when `None`.
    pub computer: Option<Level>,
}

impl Player {
    /// The longest name a player may have, in characters (the menu, the command line, the
    /// network and the server all take this).
    pub const MAX_NAME: usize = 24;

    /// `text` as a player's name: trimmed, 1 to [`Player::MAX_NAME`] characters, none of them
    /// control characters, nor invisible or direction characters.
    pub fn checked_name(text: &str) -> Result<String, NameError> {
        let name = text.trim();
        let chars = name.chars().count();
        if chars == 0 || chars > Player::MAX_NAME {
            return Err(NameError::Length { chars });
        }
        if name.chars().any(char::is_control) {
            return Err(NameError::Control);
        }
        if let Some(c) = name.chars().find(|c| invisible(*c)) {
            return Err(NameError::Invisible { code: u32::from(c) });
        }
        Ok(name.to_string())
    }

    /// A person called `name`.
    pub fn person(name: &str) -> Player {
        Player {
            name: name.to_string(),
            computer: None,
        }
    }

    /// The computer player of `level` at `seat`, named after its seat: "North (computer)".
    /// Every layer names a computer player with this.
    pub fn computer(seat: Seat, level: Level) -> Player {
        Player {
            name: format!("{} (computer)", seat.title()),
            computer: Some(level),
        }
    }

    /// The name with a computer's level: "North (computer, hard)", "Asha (hard)" for a
    /// computer given a name of its own; a person's name as it is. A name that already says
    /// its level (saves of earlier versions named computers "North (hard)") is not repeated.
    pub fn name_with_level(&self) -> String {
        let Some(level) = self.computer else {
            return self.name.clone();
        };
        if self.name.contains(level.name()) {
            return self.name.clone();
        }
        match self.name.strip_suffix("(computer)") {
            Some(stem) => format!("{stem}(computer, {level})"),
            None => format!("{} ({level})", self.name),
        }
    }
}

/// Who plays one seat: a name, and the level of the computer that plays it (a person when
/// none).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatPlan {
    pub seat: Seat,
    pub name: String,
    #[serde(default)]
    pub computer: Option<Level>,
}

impl SeatPlan {
    pub fn new(seat: Seat, name: &str, computer: Option<Level>) -> SeatPlan {
        SeatPlan {
            seat,
            name: name.to_string(),
            computer,
        }
    }
}

/// How a match is set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSetup {
    pub seats: Seats,
    /// In the order of `seats.seats()`.
    pub players: Vec<Player>,
    pub rules: Rules,
    /// Name of the rules preset or file, for display.
    pub rules_name: String,
    /// Seeds the computer players' choices and their hands.
    pub seed: u64,
    /// Who breaks the first board, when not South (the toss, Law 39).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub breaker: Option<Seat>,
}

impl MatchSetup {
    /// People in every seat, named after their seats; South breaks.
    pub fn new(seats: Seats, rules: Rules, rules_name: &str, seed: u64) -> MatchSetup {
        let players = seats
            .seats()
            .iter()
            .map(|s| Player::person(s.title()))
            .collect();
        MatchSetup {
            seats,
            players,
            rules,
            rules_name: rules_name.into(),
            seed,
            breaker: None,
        }
    }

    /// The seats in `computers` played by the computer at `level`, and the players named in the
    /// order of play from `names` (a seat without a name keeps its own): a match as `carrom
    /// play` and the browser's address set it up.
    pub fn with_players(self, computers: &[Seat], level: Level, names: &[String]) -> Self {
        let plans: Vec<SeatPlan> = (self.seats.seats().iter().enumerate())
            .map(|(i, &seat)| {
                let player = match computers.contains(&seat) {
                    true => Player::computer(seat, level),
                    false => self.players[i].clone(),
                };
                let name = names.get(i).cloned().unwrap_or(player.name);
                SeatPlan::new(seat, &name, player.computer)
            })
            .collect();
        self.seated(&plans)
    }

    /// The players of the seats `plans` names, named and played as each plan says (every other
    /// seat's player as it was): how every match names its seats (`carrom play`, a host when
    /// its guests are in, the server, an online client's computers).
    pub fn seated(mut self, plans: &[SeatPlan]) -> Self {
        for plan in plans {
            if let Some(i) = self.index_of(plan.seat) {
                self.players[i] = Player {
                    name: plan.name.clone(),
                    computer: plan.computer,
                };
            }
        }
        self
    }

    /// Checks the players asked for a match of `seats` (called `mode` in the words) before
    /// [`MatchSetup::with_players`]: every computer's seat plays in it, and no more names than
    /// seats.
    pub fn check_players(
        seats: Seats,
        mode: &str,
        computers: &[Seat],
        names: usize,
    ) -> Result<(), PlayersError> {
        let mode = mode.to_string();
        if let Some(&seat) = computers.iter().find(|s| !seats.contains(**s)) {
            return Err(PlayersError::Computer { seat, seats, mode });
        }
        if names > seats.count() {
            let given = names;
            return Err(PlayersError::Names { given, seats, mode });
        }
        Ok(())
    }

    /// Checks that the setup can be played: rules that make sense, one player for every seat,
    /// a breaker who plays. The error names the field.
    pub fn validate(&self) -> Result<(), SetupError> {
        self.rules
            .validate()
            .map_err(|(field, why)| SetupError::Rules { field, why })?;
        if self.seats.each_for_himself() && self.rules.points.is_none() {
            return Err(SetupError::PointGameOnly {
                seats: self.seats,
                rules: self.rules_name.clone(),
            });
        }
        if self.seats == Seats::Doubles && self.rules.points.is_some() {
            return Err(SetupError::NoPartnersForPoints {
                rules: self.rules_name.clone(),
            });
        }
        if self.players.len() != self.seats.count() {
            return Err(SetupError::Players {
                given: self.players.len(),
                seats: self.seats,
            });
        }
        if let Some(seat) = self.breaker
            && !self.seats.contains(seat)
        {
            return Err(SetupError::Breaker {
                seat,
                seats: self.seats,
            });
        }
        Ok(())
    }

    /// The index of `seat` in [`MatchSetup::players`].
    pub fn index_of(&self, seat: Seat) -> Option<usize> {
        self.seats.seats().iter().position(|s| *s == seat)
    }

    /// Who sits in `seat`. A validated setup has a player for every seat of its game; for a
    /// seat that does not play this returns the first player.
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[self.index_of(seat).unwrap_or(0)]
    }

    /// The names of a side's players, joined by " & " (the scoreboard's and the calls' name for
    /// the side).
    /// Who plays whom: "Asha v Ravi", "Asha & Mina v Ravi & Jo", or each for himself in the
    /// point game "Asha v Mei Ling v Ravi".
    pub fn title(&self) -> String {
        if self.seats.each_for_himself() {
            let names: Vec<&str> = self
                .seats
                .seats()
                .iter()
                .map(|&s| self.player(s).name.as_str())
                .collect();
            return names.join(" v ");
        }
        format!(
            "{} v {}",
            self.side_names(carrom_referee::Side::Zero),
            self.side_names(carrom_referee::Side::One)
        )
    }

    pub fn side_names(&self, side: carrom_referee::Side) -> String {
        self.seats
            .seats()
            .iter()
            .filter(|s| self.seats.side_of(**s) == side)
            .map(|s| self.player(*s).name.clone())
            .collect::<Vec<_>>()
            .join(" & ")
    }
}

/// How long a match is: one board, one game, or the rule set's whole match (ICF: best of three
/// games). The length is written into the match's rules, so a save keeps it. Written by its
/// name: `board`, `game`, `full`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MatchLength {
    Board,
    Game,
    #[default]
    Full,
}

impl Named for MatchLength {
    const ALL: &'static [MatchLength] = &MatchLength::ALL;
    const WHAT: &'static str = "a match length";

    /// The name on the command line and in the settings: `board`, `game`, `full`.
    fn name(self) -> &'static str {
        match self {
            MatchLength::Board => "board",
            MatchLength::Game => "game",
            MatchLength::Full => "full",
        }
    }
}

carrom_terms::serde_by_name!(MatchLength);

impl MatchLength {
    pub const ALL: [MatchLength; 3] = [MatchLength::Board, MatchLength::Game, MatchLength::Full];

    /// The name on the command line and in the settings: `board`, `game`, `full`.
    pub fn name(self) -> &'static str {
        Named::name(self)
    }

    /// The length called `name` (ignoring case and surrounding spaces).
    pub fn parse(name: &str) -> Option<MatchLength> {
        <MatchLength as Named>::parse(name)
    }

    /// `rules` shortened to this length: one game is a match won by one game (Law 57); one
    /// board is also a game decided by its one board (Law 56(a): the leader after the boards
    /// of a game wins it).
    pub fn apply(self, rules: &mut Rules) {
        match self {
            MatchLength::Full => {}
            MatchLength::Game => rules.games_to_win = 1,
            MatchLength::Board => {
                rules.games_to_win = 1;
                rules.boards_per_game = 1;
            }
        }
    }

    /// What the length is under `rules`, in words: "one board", "one game", "best of 3
    /// games" (what a game is, the rule set says).
    pub fn describe(self, rules: &Rules) -> String {
        let mut shortened = *rules;
        self.apply(&mut shortened);
        match self {
            MatchLength::Board => "one board".into(),
            _ if shortened.games_to_win <= 1 => "one game".into(),
            _ => format!("best of {} games", 2 * shortened.games_to_win - 1),
        }
    }
}

/// The rules by preset name or file path.
pub fn load_rules(name: &str) -> Result<Rules, LoadRulesError> {
    if let Some(r) = Rules::preset(name) {
        return Ok(r);
    }
    let path = std::path::Path::new(name);
    if path.exists() {
        return Ok(Rules::from_file(path)?);
    }
    Err(LoadRulesError::Unknown { name: name.into() })
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn a_name_with_an_invisible_or_direction_character_is_refused_naming_it() {
        for (name, code) in [
            ("CheckA\u{200B}", 0x200B),
            ("\u{202E}Akcehc", 0x202E),
            ("Check\u{2066}A", 0x2066),
            ("\u{FEFF}CheckA", 0xFEFF),
            ("Check\u{E0041}A", 0xE0041),
        ] {
            let e = Player::checked_name(name).unwrap_err();
            assert_eq!(e, NameError::Invisible { code }, "{name:?}");
            assert!(e.to_string().contains(&format!("U+{code:04X}")), "{e}");
        }
        assert_eq!(Player::checked_name(" Asha Rāo ").unwrap(), "Asha Rāo");
        assert_eq!(Player::checked_name("Ｃｈｅｃｋ").unwrap(), "Ｃｈｅｃｋ");
    }
}
