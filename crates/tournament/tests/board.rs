//! A tournament's game played on the board (the game's window): set up as the tournament has
//! it, and taken into the tournament when it is over, as a save is; a game played on a
//! server, on the shot clock, taken with the server's match as its replay.

use carrom_physics::Spec;
use carrom_referee::Seat;
use carrom_tournament::play::{board_setup, play_match};
use carrom_tournament::record::{FromSaveError, record_online, record_played};
use carrom_tournament::{Entrant, Format, Settings, Tournament, parse_players};

fn tournament(players: &str) -> Tournament {
    Tournament::new(Settings {
        format: Format::RoundRobin,
        players: parse_players(players).unwrap(),
        groups: None,
        rounds: None,
        rules: "vkk".into(),
        third_place: false,
        seed: 11,
        seeding: Default::default(),
    })
    .unwrap()
}

#[test]
fn a_game_on_the_board_seats_its_people_and_computers_and_the_tosss_winner_breaks() {
    let t = tournament("Asha,Ravi,computer:easy");
    for game in &t.games {
        let setup = board_setup(&t, game).unwrap();
        let names: Vec<&str> = setup.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, [game.players[0].as_str(), game.players[1].as_str()]);
        for p in &setup.players {
            let entrant: &Entrant = t.entrant(&p.name).unwrap();
            assert_eq!(p.computer, entrant.computer, "{}", p.name);
        }
        let breaker = setup.breaker.unwrap_or(Seat::South);
        let first_at = if game.first == game.players[0] {
            Seat::South
        } else {
            Seat::North
        };
        assert_eq!(breaker, first_at, "game {}", game.number);
        assert_eq!(setup.rules_name, "vkk");
    }
}

#[test]
fn a_game_played_on_the_board_is_taken_into_the_tournament_with_its_boards_and_replay() {
    let spec = Spec::default();
    let mut t = tournament("computer:easy,computer:easy,computer:medium");
    let game = t.game(1).unwrap().clone();
    let played = play_match(&spec, board_setup(&t, &game).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let winner = record_played(&mut t, 1, &played, "the board", (dir.path(), "games")).unwrap();
    let kept = t.game(1).unwrap();
    assert_eq!(kept.winner.as_deref(), Some(winner.as_str()));
    assert_eq!(kept.replays, ["games/game-001.json"]);
    assert!(dir.path().join("game-001.json").exists());
    assert!(!kept.result.as_ref().unwrap().boards.is_empty());
    // The same match is no other game's: game 2 has other players, and game 1 is played.
    let other = record_played(&mut t, 2, &played, "the board", (dir.path(), "games"));
    assert!(
        matches!(other, Err(FromSaveError::Players { number: 2, .. })),
        "{other:?}"
    );
    let again = record_played(&mut t, 1, &played, "the board", (dir.path(), "games"));
    assert!(matches!(again, Err(FromSaveError::Record(_))), "{again:?}");
}

#[test]
fn a_match_not_over_is_not_taken() {
    let spec = Spec::default();
    let mut t = tournament("Asha,Ravi,Meena");
    let game = t.game(1).unwrap().clone();
    let setup = board_setup(&t, &game).unwrap();
    let fresh = carrom_match::Match::new(&spec, setup).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let taken = record_played(&mut t, 1, &fresh, "the board", (dir.path(), "games"));
    assert!(matches!(taken, Err(FromSaveError::NotOver(_))), "{taken:?}");
    assert_eq!(t.game(1).unwrap().winner, None);
}

#[test]
fn a_game_played_on_a_server_on_the_shot_clock_is_taken_with_the_servers_match_as_its_replay() {
    let spec = Spec::default();
    let mut t = tournament("computer:beginner,computer:beginner,computer:beginner");
    let game = t.game(1).unwrap().clone();
    let mut setup = board_setup(&t, &game).unwrap();
    setup.rules.shot_clock_secs = Some(15);
    let played = play_match(&spec, setup).unwrap();
    // The board plays without the clock: its match is compared with every rule.
    let dir = tempfile::tempdir().unwrap();
    let on_board = record_played(&mut t, 1, &played, "the board", (dir.path(), "games"));
    assert!(
        matches!(on_board, Err(FromSaveError::Rules { number: 1, .. })),
        "{on_board:?}"
    );
    // The same match under other rules is no game of the tournament's, online either.
    let mut other = played.clone();
    other.setup.rules.boards_per_game += 2;
    let taken = record_online(&mut t, 1, &other, "match 17".into());
    assert!(
        matches!(&taken, Err(FromSaveError::Rules { number: 1, save, .. }) if save == "match 17"),
        "{taken:?}"
    );
    assert_eq!(t.game(1).unwrap().winner, None);
    let winner = record_online(&mut t, 1, &played, "match 17".into()).unwrap();
    let kept = t.game(1).unwrap();
    assert_eq!(kept.winner.as_deref(), Some(winner.as_str()));
    assert_eq!(kept.replays, ["match 17"]);
    assert!(!kept.result.as_ref().unwrap().boards.is_empty());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no copy kept"
    );
}
