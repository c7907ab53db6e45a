//! Where each screenshot starts (`carrom screenshot --mode`): the menu, practice, a demo of
//! computers, or a seeded match played by computers up to the moment to show.

use crate::launch::Start;
use crate::screenshot::ShotMode;
use carrom_ai::{Computers, computer_setup};
use carrom_match::{Actor, Level, Match, MatchError, MatchSetup, Named};
use carrom_physics::{Seat, Spec};
use carrom_referee::{Rules, Seats};

impl Named for ShotMode {
    const ALL: &'static [ShotMode] = &[
        ShotMode::Demo,
        ShotMode::Practice,
        ShotMode::Menu,
        ShotMode::Hint,
        ShotMode::Stroke,
        ShotMode::Result,
        ShotMode::Summary,
        ShotMode::Library,
        ShotMode::Tournament,
        ShotMode::Across,
        ShotMode::HowToPlay,
        ShotMode::Online,
        ShotMode::OnlineTournament,
        ShotMode::Training,
        ShotMode::TrainingCoach,
        ShotMode::TrainingProgress,
        ShotMode::Review,
        ShotMode::ReviewStroke,
        ShotMode::Points,
        ShotMode::PointsSummary,
        ShotMode::PointsResult,
        ShotMode::PointsReview,
    ];
    const WHAT: &'static str = "a screenshot's mode";

    /// The name `carrom screenshot --mode` takes.
    fn name(self) -> &'static str {
        match self {
            ShotMode::Demo => "demo",
            ShotMode::Practice => "practice",
            ShotMode::Menu => "menu",
            ShotMode::Hint => "hint",
            ShotMode::Stroke => "stroke",
            ShotMode::Result => "result",
            ShotMode::Summary => "summary",
            ShotMode::Library => "library",
            ShotMode::Tournament => "tournament",
            ShotMode::Across => "across",
            ShotMode::HowToPlay => "how-to-play",
            ShotMode::Online => "online",
            ShotMode::OnlineTournament => "online-tournament",
            ShotMode::Training => "training",
            ShotMode::TrainingCoach => "training-coach",
            ShotMode::TrainingProgress => "training-progress",
            ShotMode::Review => "review",
            ShotMode::ReviewStroke => "review-stroke",
            ShotMode::Points => "points",
            ShotMode::PointsSummary => "points-summary",
            ShotMode::PointsResult => "points-result",
            ShotMode::PointsReview => "points-review",
        }
    }
}

/// Why the match a screenshot shows cannot be played up to its moment (the words `carrom
/// screenshot` prints).
#[derive(Debug, thiserror::Error)]
pub enum NoScene {
    /// The seeded match does not start, or an action of its computers is refused.
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error("the match ended before the screenshot's position")]
    MatchEnded,
    #[error("the computers stopped before the screenshot's position")]
    ComputersStopped,
}

/// How the game starts for a screenshot of `mode`, and the speed of its simulation.
pub fn start_of(mode: ShotMode, spec: &Spec) -> Result<(Start, f32), NoScene> {
    let resume = |game: Match| Start::Resume(Box::new(game));
    Ok(match mode {
        ShotMode::Demo => {
            let mut setup = MatchSetup::new(Seats::Doubles, Rules::icf(), "icf", 7);
            computer_setup(&mut setup, [Level::Medium; 2]);
            (Start::Demo(setup), 8.0)
        }
        ShotMode::Practice => (Start::Practice, 1.0),
        ShotMode::Menu
        | ShotMode::Library
        | ShotMode::Tournament
        | ShotMode::Across
        | ShotMode::HowToPlay
        | ShotMode::Online
        | ShotMode::OnlineTournament => (Start::Menu, 1.0),
        ShotMode::Training | ShotMode::TrainingCoach | ShotMode::TrainingProgress => {
            (Start::Training, 1.0)
        }
        ShotMode::Hint => (resume(hint_position(spec)?), 1.0),
        ShotMode::Stroke => {
            let south_to_strike = |m: &Match| {
                m.referee.strokes() >= 6 && m.next_actor() == Some(Actor::Striker(Seat::South))
            };
            (resume(asha_and_ravi_until(spec, south_to_strike)?), 1.0)
        }
        ShotMode::Result => (resume(asha_and_ravi_until(spec, just_after_a_board)?), 1.0),
        ShotMode::Summary => (resume(asha_and_ravi_until(spec, Match::is_over)?), 1.0),
        ShotMode::Points => {
            let south_to_strike = |m: &Match| {
                m.referee.strokes() >= 8 && m.next_actor() == Some(Actor::Striker(Seat::South))
            };
            (
                resume(three_for_points_until(
                    spec,
                    (Rules::points(), "points"),
                    south_to_strike,
                )?),
                1.0,
            )
        }
        ShotMode::PointsSummary => {
            let game = three_for_points_until(spec, (Rules::points(), "points"), Match::is_over)?;
            (resume(game), 1.0)
        }
        ShotMode::PointsResult => {
            let board_over = |m: &Match| m.last.as_ref().is_some_and(|v| v.points_board_over);
            (
                resume(three_for_points_until(
                    spec,
                    (total_point(), "total-point"),
                    board_over,
                )?),
                1.0,
            )
        }
        ShotMode::Review | ShotMode::ReviewStroke | ShotMode::PointsReview => {
            let game = if mode == ShotMode::PointsReview {
                three_for_points_until(spec, (Rules::points(), "points"), |m| {
                    m.referee.strokes() >= 24
                })?
            } else {
                asha_and_ravi_until(spec, |m| m.referee.strokes() >= 24)?
            };
            let start = crate::modes::review::ReviewStart {
                save: carrom_match::SaveFile::of(&game),
                path: None,
                from: crate::modes::review::OpenedFrom::Library,
            };
            (Start::Review(Box::new(start)), 1.0)
        }
    })
}

/// A seeded singles match for a screenshot, South's and North's players named `names` (North
/// the computer), both seats played by `level` computers until `stop` says so after an action;
/// an error if the match ends first (unless `stop` accepts the end).
fn played_until(
    spec: &Spec,
    seed: u64,
    names: [&str; 2],
    level: Level,
    stop: impl Fn(&Match) -> bool,
) -> Result<Match, NoScene> {
    let mut setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", seed);
    setup.players[0].name = names[0].into();
    setup.players[1].name = names[1].into();
    setup.players[1].computer = Some(level);
    let mut both = setup.clone();
    both.players[0].computer = Some(level);
    let hands = Computers::for_setup(&both);
    play_on(Match::new(spec, setup)?, hands, stop)
}

/// Total point carrom, the rules file the manual shows: three boards, the most points win.
fn total_point() -> Rules {
    let text = include_str!("../../../assets/rules/total-point.toml");
    Rules::from_toml_str(text, "total-point.toml").expect("the shipped rules file reads")
}

/// Three for points (`rules`, a point game, and their name): Asha at South, Mei Ling (East)
/// and Ravi (North) the computers, all three played by easy computers (seed 5) until `stop`
/// says so.
fn three_for_points_until(
    spec: &Spec,
    (rules, name): (Rules, &str),
    stop: impl Fn(&Match) -> bool,
) -> Result<Match, NoScene> {
    let mut setup = MatchSetup::new(Seats::Three, rules, name, 5);
    for (player, name) in setup.players.iter_mut().zip(["Asha", "Mei Ling", "Ravi"]) {
        player.name = name.into();
        player.computer = Some(Level::Easy);
    }
    let hands = Computers::for_setup(&setup);
    setup.players[0].computer = None;
    play_on(Match::new(spec, setup)?, hands, stop)
}

/// Plays `model` on with `hands` until `stop` says so after an action; an error if the match
/// ends first (unless `stop` accepts the end).
fn play_on(
    mut model: Match,
    mut hands: Computers,
    stop: impl Fn(&Match) -> bool,
) -> Result<Match, NoScene> {
    while !stop(&model) {
        if model.is_over() {
            return Err(NoScene::MatchEnded);
        }
        let action = hands.act(&model).ok_or(NoScene::ComputersStopped)?;
        model.apply(&action)?;
    }
    Ok(model)
}

/// Asha (South) and Ravi (North, the computer), played by easy computers (seed 5).
fn asha_and_ravi_until(spec: &Spec, stop: impl Fn(&Match) -> bool) -> Result<Match, NoScene> {
    played_until(spec, 5, ["Asha", "Ravi"], Level::Easy, stop)
}

/// The hint's position: a person at South against a medium computer, seeded strokes played
/// until South is to strike in the middle of the board.
fn hint_position(spec: &Spec) -> Result<Match, NoScene> {
    played_until(
        spec,
        11,
        ["South", "North (computer)"],
        Level::Medium,
        |m| m.referee.strokes() >= 8 && m.next_actor() == Some(Actor::Striker(Seat::South)),
    )
}

/// A board has just ended (not the match).
fn just_after_a_board(m: &Match) -> bool {
    !m.is_over() && m.last.as_ref().is_some_and(|v| v.board_result.is_some())
}

/// A VKK tournament of eight on a server, as its page shows it: its two groups played (each
/// game won 25 to a few by the player listed first, the group's order rotating), the first
/// semi-final won and the second being played as match 16.
pub fn online_tournament() -> carrom_online::TournamentView {
    use carrom_tournament::{Board, Entrant, Format, Outcome, Seeding, Settings, Tournament};
    let names = [
        "Asha", "Ravi", "Meena", "Joseph", "Kavya", "Arjun", "Lata", "Vikram",
    ];
    let settings = Settings {
        format: Format::Vkk,
        players: names.iter().map(|n| Entrant::person(n)).collect(),
        groups: Some(2),
        rounds: None,
        rules: "vkk".into(),
        third_place: false,
        seed: 7,
        seeding: Seeding::Order,
    };
    let mut t = Tournament::new(settings).expect("eight players make two groups");
    let mut matches = std::collections::BTreeMap::new();
    let won = |w: &str, l: &str, by: u32| Outcome {
        boards: vec![
            Board {
                winner: w.into(),
                points: 13,
            },
            Board {
                winner: l.into(),
                points: by,
            },
            Board {
                winner: w.into(),
                points: 12,
            },
        ],
        ..Outcome::default()
    };
    let in_play = carrom_tournament::Stage::Knockout { round: 1, slot: 1 };
    // Every game played but the second semi-final, which is being played.
    while let Some(n) = (t.next_games().into_iter()).find(|n| !matches.contains_key(n)) {
        let g = t.game(n).cloned().expect("a next game");
        matches.insert(n, u64::from(n));
        if g.stage != in_play {
            let (w, l) = if n % 3 == 0 { (1, 0) } else { (0, 1) };
            let outcome = won(&g.players[w], &g.players[l], 1 + n % 5);
            t.record(n, outcome, vec![format!("match {n}")])
                .expect("a game won 25 points to fewer");
        }
    }
    let summary = carrom_online::TournamentSummary {
        id: 3,
        name: "Club night".into(),
        organizer: "Coordinator".into(),
        format: Format::Vkk,
        state: carrom_online::TournamentState::Live,
        rated: true,
        private: false,
        players: names.len(),
    };
    let entrants = names.iter().map(|n| n.to_string()).collect();
    carrom_online::TournamentView::new(summary, entrants, Some(&t), &matches, None)
}
