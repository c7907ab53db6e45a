//! Ratings: Glicko-2 (the skillratings crate), updated when a rated match ends; and the
//! computer's level nearest a rating, for a quick match that found no opponent.

use crate::store::PlayerRow;
use carrom_match::Level;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A new player's rating, deviation and volatility (Glicko-2's defaults).
pub(crate) fn start(name: &str) -> PlayerRow {
    let r = Glicko2Rating::new();
    PlayerRow {
        name: name.to_string(),
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: 0,
        wins: 0,
        token_hash: String::new(),
    }
}

fn glicko(p: &PlayerRow) -> Glicko2Rating {
    Glicko2Rating {
        rating: p.rating,
        deviation: p.deviation,
        volatility: p.volatility,
    }
}

/// Both players after a rated match between them: `a_won` (or `b`'s win when false); each has
/// one game more, the winner one win more.
pub(crate) fn after_match(a: &PlayerRow, b: &PlayerRow, a_won: bool) -> (PlayerRow, PlayerRow) {
    let outcome = if a_won { Outcomes::WIN } else { Outcomes::LOSS };
    let (ra, rb) = glicko2(&glicko(a), &glicko(b), &outcome, &Glicko2Config::new());
    let rated = |p: &PlayerRow, r: Glicko2Rating, won: bool| PlayerRow {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: p.games + 1,
        wins: p.wins + i64::from(won),
        ..p.clone()
    };
    (rated(a, ra, a_won), rated(b, rb, !a_won))
}

/// Each level's rating on the server's scale (data: where a person of that rating is an even
/// match for it, as first guessed from the ladder's order).
pub(crate) const LEVEL_RATINGS: [(Level, f64); 5] = [
    (Level::Beginner, 1100.0),
    (Level::Easy, 1300.0),
    (Level::Medium, 1500.0),
    (Level::Skilled, 1700.0),
    (Level::Hard, 1900.0),
];

/// The computer's level nearest `rating`.
pub(crate) fn level_near(rating: f64) -> Level {
    LEVEL_RATINGS
        .iter()
        .min_by(|a, b| (a.1 - rating).abs().total_cmp(&(b.1 - rating).abs()))
        .map(|(l, _)| *l)
        .unwrap_or(Level::Medium)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_what_the_loser_drops_and_both_count_the_game() {
        let (a, b) = after_match(&start("Asha"), &start("Ravi"), true);
        assert!(a.rating > 1500.0 && b.rating < 1500.0);
        assert!(a.deviation < 350.0);
        assert_eq!((a.games, a.wins, b.games, b.wins), (1, 1, 1, 0));
    }

    #[test]
    fn a_rating_finds_the_nearest_level() {
        assert_eq!(level_near(1500.0), Level::Medium);
        assert_eq!(level_near(0.0), Level::Beginner);
        assert_eq!(level_near(1820.0), Level::Hard);
    }
}
