//! The point game: the casual text's "three players against each other for points", each for
//! himself, any man anyone's for the points of its colour (`Rules::points`, preset `points`).

mod common;
use common::*;

fn three() -> Referee {
    with(Rules::points(), Seats::Three)
}

/// South breaks and pockets nothing: East to strike.
fn broken(r: &mut Referee) {
    nothing(r);
}

#[test]
fn three_players_sit_south_east_and_north_and_the_turn_passes_round_the_three_sides() {
    let mut r = three();
    assert_eq!(r.seats().seats(), &[Seat::South, Seat::East, Seat::North]);
    assert_eq!(r.turn(), Some(Seat::South));
    assert_eq!(nothing(&mut r).next, Some(Seat::East));
    assert_eq!(nothing(&mut r).next, Some(Seat::North));
    assert_eq!(
        nothing(&mut r).next,
        Some(Seat::South),
        "West's empty chair is passed over"
    );
}

#[test]
fn the_turn_passes_to_the_left_round_three_when_the_rules_pass_it_left() {
    let rules = Rules {
        turn_order: TurnOrder::Left,
        ..Rules::points()
    };
    let mut r = with(rules, Seats::Three);
    assert_eq!(nothing(&mut r).next, Some(Seat::North));
    assert_eq!(nothing(&mut r).next, Some(Seat::East));
    assert_eq!(nothing(&mut r).next, Some(Seat::South));
}

#[test]
fn four_may_play_each_for_himself_the_turn_passing_round_the_four_sides() {
    let mut r = with(Rules::points(), Seats::Four);
    broken(&mut r);
    assert_eq!(r.turn(), Some(Seat::East));
    pot(&mut r, &[W]);
    assert_eq!(r.points_of(Seat::East), 2);
    assert_eq!(
        r.points_of(Seat::South),
        0,
        "no partner shares East's points"
    );
    assert_eq!(nothing(&mut r).next, Some(Seat::North));
    assert_eq!(nothing(&mut r).next, Some(Seat::West));
    assert_eq!(nothing(&mut r).next, Some(Seat::South));
}

#[test]
fn each_player_pockets_any_man_for_its_points_and_strikes_again() {
    let mut r = three();
    let v = pot(&mut r, &[W, B]);
    assert!(
        v.continues,
        "a man pocketed keeps the turn, whatever its colour"
    );
    assert_law(&v, "48");
    assert_eq!(r.points_of(Seat::South), 2 + 1);
    nothing(&mut r);
    let v = pot(&mut r, &[B, B]);
    assert_eq!(v.by, Seat::East);
    assert!(v.continues);
    assert_eq!(r.points(), [3, 2, 0, 0]);
    assert_eq!(v.points, Some([3, 2, 0, 0]));
    assert_eq!(r.men_held(Seat::East), [0, 2]);
}

#[test]
fn the_queen_is_covered_by_a_man_of_any_colour_on_the_same_stroke() {
    let mut r = three();
    let v = pot(&mut r, &[Q, B]);
    assert_law(&v, "97(a)");
    assert_eq!(r.queen(), QueenState::Covered(B));
    assert_eq!(r.points_of(Seat::South), 5 + 1);
}

#[test]
fn the_queen_is_covered_by_the_next_stroke_or_she_comes_back() {
    let mut r = three();
    let v = pot(&mut r, &[Q]);
    assert!(v.continues, "he strikes again to cover her");
    assert_eq!(r.points_of(Seat::South), 0, "she counts only once covered");
    let v = pot(&mut r, &[W]);
    assert_law(&v, "96");
    assert_eq!(r.points_of(Seat::South), 5 + 2);

    let mut r = three();
    pot(&mut r, &[Q]);
    let v = nothing(&mut r);
    assert_law(&v, "96");
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(v.returns[0].piece, Q);
    assert_eq!(v.next, Some(Seat::East));
    assert_eq!(r.points_of(Seat::South), 0);
}

#[test]
fn a_pocketed_striker_costs_the_fouler_a_man_back_and_his_turn() {
    let mut r = three();
    pot(&mut r, &[W, B]);
    let v = judge(&mut r, StrokeReport::nothing().with_striker());
    assert_law(&v, "72(a)");
    assert!(v.foul && !v.continues);
    assert_eq!(v.next, Some(Seat::East));
    assert_eq!(
        r.points_of(Seat::South),
        2,
        "the man worth least comes back, with its point"
    );
    assert_eq!(r.men_held(Seat::South), [1, 0]);
    assert_eq!(r.on_board(B), 9);
    assert_eq!(player_returns(&v, B), vec![Seat::East]);
}

#[test]
fn the_striker_pocketed_with_men_brings_them_up_with_a_penalty_and_he_strikes_again() {
    let mut r = three();
    pot(&mut r, &[W]);
    let v = judge(&mut r, StrokeReport::pocketing(&[B]).with_striker());
    assert_law(&v, "73");
    assert!(v.continues, "two come up and you shoot again");
    assert_eq!(r.points_of(Seat::South), 0);
    assert_eq!((r.on_board(W), r.on_board(B)), (9, 9));
    assert_eq!(v.returns.len(), 2);
}

#[test]
fn a_fouler_holding_no_man_owes_one_and_pays_it_with_the_next_man_he_pockets() {
    let mut r = three();
    broken(&mut r);
    let v = judge(&mut r, StrokeReport::nothing().with_striker());
    assert_eq!(r.men_owed(Seat::East), 1);
    assert!(v.returns.is_empty());
    nothing(&mut r);
    nothing(&mut r);
    let v = pot(&mut r, &[W, B]);
    assert_law(&v, "72(c)");
    assert_eq!(r.men_owed(Seat::East), 0);
    assert_eq!(
        r.points_of(Seat::East),
        2,
        "the black paid the debt, the white scored"
    );
    assert_eq!(r.on_board(B), 9);
}

#[test]
fn the_queen_pocketed_in_a_foul_comes_back_and_counts_for_nobody() {
    let mut r = three();
    let v = judge(&mut r, StrokeReport::pocketing(&[Q, W]).with_striker());
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert!(v.returns.iter().any(|x| x.piece == Q));
    assert_eq!(r.points(), [0; 4]);
}

#[test]
fn the_first_to_seventeen_points_wins_the_game() {
    let mut r = three();
    pot(&mut r, &n(W, 8));
    assert!(!r.is_over());
    let v = pot(&mut r, &[B]);
    assert_law(&v, "56(a)");
    assert_eq!(r.point_winner(), Some(Seat::South));
    assert_eq!(v.points_won.map(|w| w.winner), Some(Seat::South));
    assert_eq!(r.turn(), None);
    assert!(matches!(
        r.judge(&StrokeReport::nothing()),
        Err(JudgeError::PointGameOver { .. })
    ));
}

#[test]
fn when_every_man_is_down_the_most_points_win() {
    let mut r = three();
    pot(&mut r, &n(W, 7)); // South 14
    nothing(&mut r);
    pot(&mut r, &[W, W]); // East 4
    let v = pot(&mut r, &n(B, 9)); // East 13: every man is down, the Queen still on the board
    assert!(v.points_board_over, "the board is over");
    assert_eq!(v.points_won.map(|w| w.winner), Some(Seat::South));
    assert_eq!(r.point_winner(), Some(Seat::South));
    assert_eq!(r.points(), [14, 13, 0, 0]);
}

#[test]
fn a_tie_at_the_top_when_every_man_is_down_plays_another_board_the_points_carried() {
    let rules = Rules {
        points: Some(PointGame {
            white: 1,
            black: 1,
            queen: 5,
        }),
        ..Rules::points()
    };
    let mut r = with(rules, Seats::Three);
    pot(&mut r, &n(W, 9));
    nothing(&mut r);
    let v = pot(&mut r, &n(B, 9));
    assert_law(&v, "56(b)");
    assert!(
        v.points_board_over && v.points_won.is_none(),
        "the board over, not the game"
    );
    assert!(!v.continues);
    assert_eq!(r.board_number(), 2);
    assert_eq!(r.points(), [9, 9, 0, 0]);
    assert_eq!(
        r.turn(),
        Some(Seat::East),
        "the break passes to the next player"
    );
    assert_eq!((r.on_board(W), r.on_board(B)), (9, 9));
}

#[test]
fn three_missed_attempts_pass_the_break_to_the_next_player() {
    let mut r = three();
    judge(&mut r, StrokeReport::miss());
    judge(&mut r, StrokeReport::miss());
    let v = judge(&mut r, StrokeReport::miss());
    assert_law(&v, "45(b)");
    assert_eq!(v.next, Some(Seat::East));
    assert_eq!(r.points(), [0; 4]);
}

#[test]
fn passes_by_every_player_in_a_row_cancel_the_board_and_its_points() {
    let mut r = three();
    pot(&mut r, &[W]);
    for _ in 0..8 {
        r.pass().unwrap();
    }
    let v = r.pass().unwrap();
    assert_law(&v, "137");
    assert!(v.board_cancelled);
    assert_eq!(r.points(), [0; 4]);
    assert_eq!(r.on_board(W), 9);
}

#[test]
fn the_points_preset_is_point_carrom_for_three() {
    let p = Rules::points();
    assert_eq!(Rules::preset("points"), Some(p));
    let values = p.points.unwrap();
    assert_eq!((values.white, values.black, values.queen), (2, 1, 5));
    assert_eq!(
        (p.game_points, p.boards_per_game, p.games_to_win),
        (17, 1, 1)
    );
    assert!(p.validate().is_ok());
    assert!(Rules::icf().points.is_none());
}

#[test]
fn a_rules_file_reads_another_point_game() {
    let text = "games_to_win = 1\nboards_per_game = 3\ngame_points = 1000\n\
                [points]\nwhite = 10\nblack = 5\nqueen = 50\n";
    let rules = Rules::from_toml_str(text, "total-point.toml").unwrap();
    assert_eq!(
        rules.points,
        Some(PointGame {
            white: 10,
            black: 5,
            queen: 50
        })
    );
    let bad = "games_to_win = 1\n[points]\nwhite = 0\n";
    let err = Rules::from_toml_str(bad, "bad.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("points"), "{err}");
}

#[test]
fn the_total_point_rules_file_the_manual_shows_reads_as_its_values() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/rules/total-point.toml"
    );
    let rules = Rules::from_file(file).unwrap();
    let values = rules.points.unwrap();
    assert_eq!((values.white, values.black, values.queen), (10, 5, 50));
    assert_eq!((rules.boards_per_game, rules.games_to_win), (3, 1));
}
