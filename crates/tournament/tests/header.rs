//! The VKK header, sentence by sentence: each test is named for what it reads (the table in
//! `TOURNAMENT.md` names them).

mod common;

use carrom_tournament::standings::{Decided, ShootoutPlayed, Table, table, tallies};
use carrom_tournament::{
    Format, Kind, Outcome, RecordError, Stage, Tournament, decide, standings, words,
};
use common::{board, boards, names, play_all, settings};

fn pair(a: &str, b: &str) -> [String; 2] {
    [a.into(), b.into()]
}

/// A game `winner` won `25-loser_points`: the loser's board first, then the winner's 12 and 13.
fn won(winner: &str, loser: &str, loser_points: u32) -> ([String; 2], Outcome) {
    let o = Outcome {
        boards: boards(&[(loser, loser_points), (winner, 12), (winner, 13)]),
        ..Outcome::default()
    };
    (pair(winner, loser), o)
}

fn decided(games: &[([String; 2], Outcome)]) -> Vec<Decided<'_>> {
    games
        .iter()
        .map(|(p, o)| Decided {
            players: p,
            boards: &o.boards,
            winner: &p[0],
            walkover: false,
        })
        .collect()
}

fn group(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Each row of the table as its name, its rank and whether it advances.
fn places(tab: &Table) -> Vec<(&str, u32, bool)> {
    (tab.standings.iter())
        .map(|r| (r.name.as_str(), r.rank, r.advances))
        .collect()
}

/// A beats everyone 25-5; B beats C, C beats D, D beats B, each 25-10: B, C and D have 2
/// points, 1 win and -20 net points each.
fn three_tied_behind_a() -> Vec<([String; 2], Outcome)> {
    vec![
        won("A", "B", 5),
        won("A", "C", 5),
        won("A", "D", 5),
        won("B", "C", 10),
        won("C", "D", 10),
        won("D", "B", 10),
    ]
}

#[test]
fn win_2_points_loss_0_point() {
    let games = [won("Asha", "Ravi", 3)];
    let t = tallies(&group(&["Asha", "Ravi"]), &decided(&games));
    assert_eq!((t[0].points(), t[1].points()), (2, 0));
    assert_eq!((standings::WIN_POINTS, standings::LOSS_POINTS), (2, 0));
}

#[test]
fn there_will_be_a_toss_before_the_game_winner_will_get_to_take_the_strike_first() {
    let t = Tournament::new(settings(Format::Vkk, names(8))).unwrap();
    assert_eq!(t.games.len(), 12);
    assert!(t.games.iter().all(|g| g.players.contains(&g.first)));
    let firsts = t.games.iter().filter(|g| g.first == g.players[0]).count();
    assert!(
        0 < firsts && firsts < 12,
        "the toss goes both ways: {firsts}"
    );
    let again = Tournament::new(settings(Format::Vkk, names(8))).unwrap();
    assert_eq!(t, again, "the same seed makes the same tosses");
    let mut other = settings(Format::Vkk, names(8));
    other.seed = 8;
    let other = Tournament::new(other).unwrap();
    assert!(
        t.games
            .iter()
            .zip(&other.games)
            .any(|(a, b)| a.first != b.first)
    );
}

#[test]
fn players_has_to_play_six_boards_or_score_25_points_whichever_comes_first() {
    let p = pair("Asha", "Ravi");
    let early = Outcome {
        boards: boards(&[("Asha", 12), ("Ravi", 3), ("Asha", 13)]),
        ..Outcome::default()
    };
    assert_eq!(decide(&p, &early, Kind::Game), Ok(Some("Asha".into())));
    let six = Outcome {
        boards: boards(&[
            ("Asha", 3),
            ("Ravi", 4),
            ("Asha", 2),
            ("Ravi", 1),
            ("Ravi", 1),
            ("Ravi", 1),
        ]),
        ..Outcome::default()
    };
    assert_eq!(decide(&p, &six, Kind::Game), Ok(Some("Ravi".into())));
    let going_on = Outcome {
        boards: six.boards[..5].to_vec(),
        ..Outcome::default()
    };
    assert_eq!(decide(&p, &going_on, Kind::Game), Ok(None));
}

#[test]
fn a_game_tied_after_six_boards_is_decided_by_the_additional_board_whose_points_count_in_no_net_points()
 {
    let p = pair("Asha", "Ravi");
    let tied = boards(&[
        ("Asha", 4),
        ("Ravi", 5),
        ("Asha", 3),
        ("Ravi", 2),
        ("Asha", 2),
        ("Ravi", 2),
    ]);
    let without = Outcome {
        boards: tied.clone(),
        ..Outcome::default()
    };
    assert_eq!(
        decide(&p, &without, Kind::Game),
        Ok(None),
        "9-9: not decided yet"
    );
    let with = Outcome {
        boards: tied,
        additional: Some(board("Ravi", 11)),
        additional_first: Some("Ravi".into()),
        ..Outcome::default()
    };
    assert_eq!(decide(&p, &with, Kind::Game), Ok(Some("Ravi".into())));
    let games = [Decided {
        players: &p,
        boards: &with.boards,
        winner: "Ravi",
        walkover: false,
    }];
    let t = tallies(&p, &games);
    assert_eq!(
        (t[1].won, t[1].scored, t[1].conceded, t[1].net()),
        (1, 9, 9, 0)
    );
    assert_eq!(
        (t[0].won, t[0].scored, t[0].conceded, t[0].net()),
        (0, 9, 9, 0)
    );
}

#[test]
fn the_additional_board_is_played_with_its_own_toss() {
    let mut t = Tournament::new(settings(Format::Knockout, names(16))).unwrap();
    let tosses: Vec<String> = t.games.iter().map(|g| t.additional_toss(g)).collect();
    assert!(
        t.games
            .iter()
            .zip(&tosses)
            .all(|(g, f)| g.players.contains(f))
    );
    assert!(
        t.games.iter().zip(&tosses).any(|(g, f)| g.first != *f),
        "the additional board's toss is a toss of its own"
    );
    play_all(&mut t, 3);
}

#[test]
fn a_points_tie_goes_to_wins_then_to_net_points() {
    // Win 2, loss 0: points are twice the wins, so players tied on points are tied on wins
    // and the net points decide.
    let games = vec![won("B", "C", 10), won("C", "D", 3), won("D", "B", 12)];
    let players = group(&["B", "C", "D"]);
    let tab = table("A", &players, &decided(&games), &[], 2).unwrap();
    let order: Vec<&str> = tab.standings.iter().map(|r| r.name.as_str()).collect();
    // Nets: B +15 -13 = +2, C -15 +22 = +7, D -22 +13 = -9.
    assert_eq!(order, ["C", "B", "D"]);
    assert!(tab.standings.iter().all(|r| r.points == 2 && r.wins == 1));
    assert_eq!(
        tab.standings.iter().map(|r| r.net).collect::<Vec<_>>(),
        [7, 2, -9]
    );
    let ranks: Vec<u32> = tab.standings.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, [1, 2, 3]);
    assert!(tab.standings[0].advances && tab.standings[1].advances && !tab.standings[2].advances);
    assert_eq!(tab.shootout, None);
}

#[test]
fn two_players_tied_on_all_three_across_the_cut_owe_a_shootout_and_its_winner_advances() {
    let mut games = three_tied_behind_a();
    // D loses to A 25-0 instead of 25-5: -25, below B and C at -20.
    games[2] = won("A", "D", 0);
    let players = group(&["A", "B", "C", "D"]);
    let before = table("A", &players, &decided(&games), &[], 2).unwrap();
    assert_eq!(before.shootout, Some(group(&["B", "C"])));
    assert_eq!(
        places(&before),
        [
            ("A", 1, true),
            ("B", 2, false),
            ("C", 2, false),
            ("D", 4, false)
        ]
    );
    let shootout = ShootoutPlayed {
        players: pair("B", "C"),
        winner: "C".into(),
    };
    let after = table("A", &players, &decided(&games), &[shootout], 2).unwrap();
    assert_eq!(after.shootout, None);
    assert_eq!(
        places(&after),
        [
            ("A", 1, true),
            ("C", 2, true),
            ("B", 3, false),
            ("D", 4, false)
        ]
    );
}

/// Records `pair`'s game of the tournament as `winner` winning 25 against `loser_points`.
fn record(t: &mut Tournament, winner: &str, loser: &str, loser_points: u32) {
    let game = t
        .games
        .iter()
        .find(|g| {
            g.winner.is_none()
                && g.players.contains(&winner.into())
                && g.players.contains(&loser.into())
        })
        .unwrap_or_else(|| panic!("{winner} v {loser} is scheduled"));
    let (_, o) = won(winner, loser, loser_points);
    let n = game.number;
    t.record(n, o, Vec::new()).unwrap();
}

#[test]
fn the_tournament_schedules_the_shootout_and_its_winner_plays_the_knockout() {
    let players = carrom_tournament::parse_players("A,E,B,F,C,G,D,H").unwrap();
    let mut s = settings(Format::Vkk, players);
    s.groups = Some(2);
    let mut t = Tournament::new(s).unwrap();
    assert_eq!(t.groups[0].players, group(&["A", "B", "C", "D"]));
    for (w, l, p) in [
        ("A", "B", 5),
        ("A", "C", 5),
        ("A", "D", 0),
        ("B", "C", 10),
        ("C", "D", 10),
        ("D", "B", 10),
    ] {
        record(&mut t, w, l, p);
    }
    for (w, l, p) in [
        ("E", "F", 1),
        ("E", "G", 2),
        ("E", "H", 3),
        ("F", "G", 4),
        ("F", "H", 5),
        ("G", "H", 6),
    ] {
        record(&mut t, w, l, p);
    }
    let next: Vec<_> = t
        .next_games()
        .iter()
        .map(|n| t.game(*n).unwrap().clone())
        .collect();
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].stage, Stage::Shootout { group: "A".into() });
    assert_eq!(next[0].players, pair("B", "C"));
    let one_board = Outcome {
        boards: boards(&[("C", 7)]),
        ..Outcome::default()
    };
    let two = Outcome {
        boards: boards(&[("C", 7), ("B", 3)]),
        ..Outcome::default()
    };
    assert!(
        t.record(next[0].number, two, Vec::new()).is_err(),
        "a shootout is one board"
    );
    t.record(next[0].number, one_board, Vec::new()).unwrap();
    let semis: Vec<[String; 2]> = t
        .next_games()
        .iter()
        .map(|n| t.game(*n).unwrap().players.clone())
        .collect();
    assert_eq!(semis, [pair("A", "F"), pair("E", "C")], "A1 v B2, B1 v A2");
}

#[test]
fn top_two_players_from_each_group_will_advance_to_the_next_round() {
    let mut s = settings(Format::Vkk, names(12));
    s.groups = Some(3);
    s.third_place = true;
    let mut t = Tournament::new(s).unwrap();
    let games = play_all(&mut t, 11);
    let tables = t.group_tables().unwrap();
    let qualifiers: Vec<String> = tables
        .iter()
        .flat_map(|tab| {
            tab.standings
                .iter()
                .filter(|r| r.advances)
                .map(|r| r.name.clone())
        })
        .collect();
    assert_eq!(qualifiers.len(), 6);
    assert_eq!(
        t.bracket.iter().flatten().count(),
        6,
        "six into a bracket of eight: two byes"
    );
    let in_knockout: std::collections::BTreeSet<&String> = games
        .iter()
        .filter(|g| matches!(g.stage, Stage::Knockout { .. }))
        .flat_map(|g| g.players.iter())
        .collect();
    assert_eq!(in_knockout.len(), 6);
    assert!(qualifiers.iter().all(|q| in_knockout.contains(q)));
    assert!(games.iter().any(|g| g.stage == Stage::ThirdPlace));
    assert_eq!(t.champions().len(), 1);
}

#[test]
fn three_players_tied_for_one_place_play_one_board_shootouts_until_one_is_left() {
    let games = three_tied_behind_a();
    let players = group(&["A", "B", "C", "D"]);
    let tab = table("A", &players, &decided(&games), &[], 2).unwrap();
    assert_eq!(tab.shootout, Some(group(&["B", "C", "D"])));
    let first = standings::next_pair(&group(&["B", "C", "D"]), &[]);
    assert_eq!(first, pair("B", "C"));
    let s1 = ShootoutPlayed {
        players: first,
        winner: "C".into(),
    };
    let tab = table(
        "A",
        &players,
        &decided(&games),
        std::slice::from_ref(&s1),
        2,
    )
    .unwrap();
    assert_eq!(tab.shootout, Some(group(&["C", "D"])));
    let second = standings::next_pair(&group(&["C", "D"]), std::slice::from_ref(&s1));
    assert_eq!(
        second,
        pair("D", "C"),
        "the one who has not played a shootout first"
    );
    let s2 = ShootoutPlayed {
        players: second,
        winner: "D".into(),
    };
    let tab = table("A", &players, &decided(&games), &[s1, s2], 2).unwrap();
    assert_eq!(
        places(&tab),
        [
            ("A", 1, true),
            ("D", 2, true),
            ("C", 3, false),
            ("B", 3, false)
        ]
    );
}

#[test]
fn ties_that_decide_nothing_share_their_place() {
    let games = vec![won("A", "C", 10), won("B", "D", 10)];
    let players = group(&["A", "B", "C", "D"]);
    let tab = table("A", &players, &decided(&games), &[], 2).unwrap();
    assert_eq!(
        places(&tab),
        [
            ("A", 1, true),
            ("B", 1, true),
            ("C", 3, false),
            ("D", 3, false)
        ]
    );
    assert_eq!(tab.shootout, None);
}

#[test]
fn a_shootout_that_no_tie_owes_is_refused() {
    let games = vec![won("A", "C", 10), won("B", "D", 10)];
    let players = group(&["A", "B", "C", "D"]);
    let s = ShootoutPlayed {
        players: pair("C", "D"),
        winner: "C".into(),
    };
    let e = table("A", &players, &decided(&games), &[s], 2).unwrap_err();
    assert!(e.reason.contains("owe no shootout"), "{e}");
}

/// Each row of the table as its name, points, wins and net points.
fn scores(tab: &Table) -> Vec<(&str, u32, u32, i64)> {
    (tab.standings.iter())
        .map(|r| (r.name.as_str(), r.points, r.won, r.net))
        .collect()
}

#[test]
fn a_player_who_does_not_come_loses_by_walkover_and_concedes_the_games_25_points() {
    let mut t = Tournament::new(settings(Format::RoundRobin, names(3))).unwrap();
    let game = t.game(1).unwrap().clone();
    let [came, absent] = game.players.clone();
    assert_eq!(t.record_walkover(1, &absent), Ok(came.clone()));
    let kept = t.game(1).unwrap();
    assert_eq!(kept.winner.as_deref(), Some(came.as_str()));
    let result = kept.result.as_ref().unwrap();
    assert_eq!(result.walkover.as_deref(), Some(absent.as_str()));
    assert!(result.boards.is_empty());
    let tables = t.group_tables().unwrap();
    let rows = scores(&tables[0]);
    assert!(rows.contains(&(came.as_str(), 2, 1, 25)), "{rows:?}");
    assert!(rows.contains(&(absent.as_str(), 0, 0, -25)), "{rows:?}");
    assert_eq!(
        words::result_line(&t, kept),
        format!(
            "Game 1 (group A, round 1): {came} wins by walkover: {absent} did not come (Law 143(i))"
        )
    );
    // The file keeps the walkover, and reads it back as the same game.
    let text = serde_json::to_string(&t).unwrap();
    assert!(
        text.contains(&format!("\"walkover\":\"{absent}\"")),
        "{text}"
    );
    assert_eq!(Tournament::parse(&text, "t.json").unwrap(), t);
    assert_eq!(t.record_walkover(1, &came), Err(RecordError::Played(1)));
    // Someone not in game 2, in the tournament or not, is no walkover of it.
    let second = t.game(2).unwrap().players.clone();
    let outsider = (t.players.iter().map(|p| p.name.clone()))
        .find(|p| !second.contains(p))
        .unwrap();
    for stranger in [outsider.as_str(), "Sunil"] {
        let taken = t.record_walkover(2, stranger);
        assert!(
            matches!(&taken, Err(RecordError::Boards { number: 2, source }) if source.field == "walkover"),
            "{stranger}: {taken:?}"
        );
    }
    assert_eq!(t.game(2).unwrap().winner, None);
    assert_eq!(t.record_walkover(99, &came), Err(RecordError::NoGame(99)));
}

#[test]
fn a_walkover_with_boards_is_refused() {
    let mut t = Tournament::new(settings(Format::RoundRobin, names(3))).unwrap();
    let [came, absent] = t.game(1).unwrap().players.clone();
    let with_boards = Outcome {
        boards: boards(&[(&came, 12), (&came, 13)]),
        walkover: Some(absent.clone()),
        ..Outcome::default()
    };
    let with_additional = Outcome {
        additional: Some(board(&came, 3)),
        walkover: Some(absent.clone()),
        ..Outcome::default()
    };
    for o in [with_boards, with_additional] {
        let taken = t.record(1, o.clone(), Vec::new());
        assert!(
            matches!(&taken, Err(RecordError::Boards { number: 1, source }) if source.field == "walkover"),
            "{o:?}: {taken:?}"
        );
    }
    assert_eq!(t.game(1).unwrap().winner, None);
}
