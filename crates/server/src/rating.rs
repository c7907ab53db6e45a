//! Ratings: Glicko-2 (the skillratings crate), updated when a rated match ends; and the
//! computer's level nearest a rating, for a quick match that found no opponent.

use crate::store::{DoublesRow, PlayerRow};
use carrom_match::Level;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_two_teams};
use std::time::Duration;

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
        rated_at: None,
        doubles: None,
    }
}

/// A player's doubles rating as Weng-Lin has it (a new one when he has none).
pub(crate) fn doubles_of(p: &PlayerRow) -> WengLinRating {
    p.doubles
        .as_ref()
        .map_or_else(WengLinRating::new, |d| WengLinRating {
            rating: d.rating,
            uncertainty: d.uncertainty,
        })
}

/// The four players of a rated doubles match after it: the two teams (partners together),
/// `first_won` (or the second team's win when false), rated by Weng-Lin for two teams (the
/// skillratings crate); each has one doubles game more, the winners one doubles win more.
/// Their singles ratings are not touched.
pub(crate) fn after_doubles(
    (first, second): ([&PlayerRow; 2], [&PlayerRow; 2]),
    first_won: bool,
) -> Vec<PlayerRow> {
    let outcome = if first_won {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let team = |t: [&PlayerRow; 2]| t.map(doubles_of);
    let (one, two) =
        weng_lin_two_teams(&team(first), &team(second), &outcome, &WengLinConfig::new());
    let rated = |p: &PlayerRow, r: &WengLinRating, won: bool| {
        let (games, wins) = p.doubles.as_ref().map_or((0, 0), |d| (d.games, d.wins));
        PlayerRow {
            doubles: Some(DoublesRow {
                rating: r.rating,
                uncertainty: r.uncertainty,
                games: games + 1,
                wins: wins + i64::from(won),
            }),
            ..p.clone()
        }
    };
    let firsts = first.iter().zip(&one).map(|(p, r)| rated(p, r, first_won));
    let seconds = second
        .iter()
        .zip(&two)
        .map(|(p, r)| rated(p, r, !first_won));
    firsts.chain(seconds).collect()
}

/// `p`'s rating at `now` (seconds since 1970): his deviation grown by one of Glicko-2's
/// rating periods for each `period` gone by since his rating last changed (to Glicko-2's
/// starting deviation at most), as a player away for long is less certainly what he was.
fn at(p: &PlayerRow, now: i64, period: Duration) -> Glicko2Rating {
    let mut r = glicko(p);
    let Some(since) = p.rated_at else {
        return r;
    };
    let periods = (now - since).max(0) as u64 / period.as_secs().max(1);
    let most = Glicko2Rating::new().deviation;
    for _ in 0..periods {
        if r.deviation >= most {
            break;
        }
        r = decay_deviation(&r);
    }
    r.deviation = r.deviation.min(most.max(p.deviation));
    r
}

fn glicko(p: &PlayerRow) -> Glicko2Rating {
    Glicko2Rating {
        rating: p.rating,
        deviation: p.deviation,
        volatility: p.volatility,
    }
}

/// Both players after a rated match between them ended at `now` (seconds since 1970):
/// `a_won` (or `b`'s win when false); each first aged by the rating periods since his last
/// match ([`at`]), then has one game more, the winner one win more.
pub(crate) fn after_match(
    (a, b): (&PlayerRow, &PlayerRow),
    a_won: bool,
    now: i64,
    period: Duration,
) -> (PlayerRow, PlayerRow) {
    let outcome = if a_won { Outcomes::WIN } else { Outcomes::LOSS };
    let (ga, gb) = (at(a, now, period), at(b, now, period));
    let (ra, rb) = glicko2(&ga, &gb, &outcome, &Glicko2Config::new());
    let rated = |p: &PlayerRow, r: Glicko2Rating, won: bool| PlayerRow {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: p.games + 1,
        wins: p.wins + i64::from(won),
        rated_at: Some(now),
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
        let (a, b) = after_match((&start("Asha"), &start("Ravi")), true, 0, WEEK);
        assert!(a.rating > 1500.0 && b.rating < 1500.0);
        assert!(a.deviation < 350.0);
        assert_eq!((a.games, a.wins, b.games, b.wins), (1, 1, 1, 0));
        assert_eq!(a.rated_at, Some(0));
    }

    const WEEK: Duration = Duration::from_secs(7 * 86400);

    #[test]
    fn a_players_deviation_grows_with_the_rating_periods_he_was_away() {
        let (mut asha, _) = after_match((&start("Asha"), &start("Ravi")), true, 0, WEEK);
        for _ in 0..20 {
            asha = after_match((&asha, &start("Ravi")), true, 0, WEEK).0;
        }
        let settled = asha.deviation;
        let week = WEEK.as_secs() as i64;
        let after = |weeks: i64| at(&asha, weeks * week, WEEK).deviation;
        assert_eq!(after(0), settled, "no period gone by: no change");
        assert!(after(1) > settled, "one week away: less certain");
        assert!(after(10) > after(1));
        assert!(after(100_000) <= 350.0, "never past a new player's");
        assert_eq!(at(&start("Bea"), 52 * week, WEEK).deviation, 350.0);
    }

    #[test]
    fn a_doubles_match_rates_both_teams_by_weng_lin_and_leaves_the_singles_ratings() {
        let [a, b, c, d] = ["Asha", "Ravi", "Meena", "Joseph"].map(start);
        let after = after_doubles(([&a, &b], [&c, &d]), true);
        let (one, _) = weng_lin_two_teams(
            &[WengLinRating::new(), WengLinRating::new()],
            &[WengLinRating::new(), WengLinRating::new()],
            &Outcomes::WIN,
            &WengLinConfig::new(),
        );
        let asha = after[0].doubles.clone().unwrap();
        assert_eq!((asha.rating, asha.games, asha.wins), (one[0].rating, 1, 1));
        let meena = after[2].doubles.clone().unwrap();
        assert!(meena.rating < 25.0 && meena.wins == 0);
        assert!(after.iter().all(|p| p.rating == 1500.0 && p.games == 0));
    }

    #[test]
    fn a_rating_finds_the_nearest_level() {
        assert_eq!(level_near(1500.0), Level::Medium);
        assert_eq!(level_near(0.0), Level::Beginner);
        assert_eq!(level_near(1820.0), Level::Hard);
    }
}
