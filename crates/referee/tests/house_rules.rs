//! The house presets read as their own texts (`HOUSE_RULES.md`): where a house text names a
//! moment or a figure, its preset follows it. Each test is named for the sentence it checks.

mod common;
use common::*;

/// A stroke that touches no carrom man.
fn untouched() -> StrokeReport {
    StrokeReport::miss()
}

/// "When a player commits a foul, the turn comes to an end immediately and a
/// penalty is incurred." The Fouls section lists the striker pocketed, the striker leaving the
/// board and a stroke that contravenes the rules for striking with no exception for the first
/// turn's three attempts to break: each ends the turn there and costs a penalty, owed while
/// nothing is pocketed (Law 45(c)'s "no due or penalty" is the ICF's, not this text's).
#[test]
fn traditional_when_a_player_commits_a_foul_the_turn_comes_to_an_end_immediately_and_a_penalty_is_incurred_in_the_attempts_to_break_too()
 {
    let fouls = [
        untouched().with_striker(),
        StrokeReport {
            striker_overboard: true,
            ..untouched()
        },
        untouched().improper(),
    ];
    for foul in fouls {
        let mut r = with(Rules::traditional(), Seats::Singles);
        let v = judge(&mut r, foul.clone());
        assert!(v.foul, "{foul:?}: {}", v.summary());
        assert!(!v.continues, "{foul:?}: the turn ends at once");
        assert_eq!(v.next, Some(Seat::North));
        assert_eq!(v.penalties, 1, "{foul:?}: one foul, one penalty");
        assert_eq!(r.owed(W), 1, "{foul:?}: nothing pocketed, so it is owed");
        assert!(!r.break_made());
        assert_eq!(r.colour_of(Seat::South), W, "the first player keeps white");
    }

    // A foul on the second attempt ends the turn as well, after a clean miss.
    let mut r = with(Rules::traditional(), Seats::Singles);
    let v = judge(&mut r, untouched());
    assert_law(&v, "45(a)");
    assert!(v.continues);
    let v = judge(&mut r, untouched().with_striker());
    assert!(!v.continues);
    assert_eq!(r.owed(W), 1);

    // On the third attempt the foul is also the failure to break in three attempts: two
    // fouls, two penalties.
    let mut r = with(Rules::traditional(), Seats::Singles);
    judge(&mut r, untouched());
    judge(&mut r, untouched());
    let v = judge(&mut r, untouched().with_striker());
    assert_law(&v, "45(b)");
    assert_eq!(v.penalties, 2);
    assert_eq!(r.owed(W), 2);
    assert_eq!(v.next, Some(Seat::North));

    // The ICF Laws keep their exception (Law 45(c)): turn lost, no due or penalty.
    let mut r = with(Rules::icf(), Seats::Singles);
    let v = judge(&mut r, untouched().with_striker());
    assert_law(&v, "45(c)");
    assert!(!v.foul);
    assert_eq!(r.owed(W), 0);
}

/// "If a penalty is owed, when a piece becomes available due to being pocketed,
/// the piece is returned to the centre by the opponent at the end of the turn." The man stays in
/// the pocket while the player strikes on, and the verdict that ends the turn returns it, for the
/// opponent to place.
#[test]
fn traditional_if_a_penalty_is_owed_the_piece_is_returned_by_the_opponent_at_the_end_of_the_turn() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    for _ in 0..3 {
        judge(&mut r, StrokeReport::miss());
    }
    assert_eq!(r.owed(W), 1, "failing to break: a penalty owed");
    nothing(&mut r); // North breaks
    let v = pot(&mut r, &[W, W]);
    assert!(v.continues);
    assert!(
        player_returns(&v, W).is_empty(),
        "not in the middle of the turn: {:?}",
        v.returns
    );
    assert_eq!((r.on_board(W), r.owed(W)), (7, 1));
    let v = pot(&mut r, &[W]);
    assert!(v.continues);
    assert!(player_returns(&v, W).is_empty());
    assert_eq!(r.on_board(W), 6, "he plays on with his men in the pocket");
    // The turn ends: the opponent returns the piece.
    let v = nothing(&mut r);
    assert_eq!(v.next, Some(Seat::North));
    assert_eq!(player_returns(&v, W), vec![Seat::North]);
    assert_law(&v, "72(c)");
    assert_eq!((r.on_board(W), r.owed(W)), (7, 0));
    assert_eq!(v.position.men(W).on_board, 7);

    // A pass ends the turn too.
    let mut r = with(Rules::traditional(), Seats::Singles);
    for _ in 0..3 {
        judge(&mut r, StrokeReport::miss());
    }
    nothing(&mut r);
    pot(&mut r, &[W]);
    let v = r.pass().unwrap();
    assert_eq!(player_returns(&v, W), vec![Seat::North]);
    assert_eq!(r.owed(W), 0);

    // The ICF Laws take the due out as soon as it is available (Law 72(c)).
    let mut r = with(Rules::icf(), Seats::Singles);
    judge(&mut r, StrokeReport::nothing().with_striker());
    nothing(&mut r);
    let v = pot(&mut r, &[W, W]);
    assert!(v.continues);
    assert_eq!(player_returns(&v, W), vec![Seat::North]);
}

/// The owed piece waits for the end of the turn, but a board cannot go on with a colour
/// cleared: a player who pockets every man of his left on the board while his penalty waits in
/// the pocket has not pocketed his final piece (one comes back), so the piece comes back at once
/// and he strikes on.
#[test]
fn traditional_an_owed_penalty_comes_back_at_once_rather_than_leave_a_colour_cleared() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    for _ in 0..3 {
        judge(&mut r, StrokeReport::miss());
    }
    nothing(&mut r);
    let v = pot(&mut r, &n(W, 9));
    assert!(v.board_result.is_none());
    assert!(!v.foul, "not the final piece: one is owed back");
    assert!(v.continues);
    assert_eq!(player_returns(&v, W), vec![Seat::North]);
    assert_eq!((r.on_board(W), r.owed(W)), (1, 0));
}

/// Side Zero (South) at 28 points of a FOF 2022 game, in board 3, which South breaks with
/// white: two boards won by clearing after covering the Queen, 9 + 5 each.
fn fof2022_at_28() -> Referee {
    let mut r = with(Rules::fof2022(), Seats::Singles);
    pot(&mut r, &[W]);
    pot(&mut r, &[Q, W]);
    let v = pot(&mut r, &n(W, 7));
    assert_eq!(v.board_result.map(|b| b.points), Some(14));
    nothing(&mut r); // North breaks board 2 with white
    pot(&mut r, &[B]);
    pot(&mut r, &[Q, B]);
    pot(&mut r, &n(B, 7));
    assert_eq!(r.score(), [28, 0]);
    assert_eq!((r.board_number(), r.turn()), (3, Some(Seat::South)));
    r
}

/// "If you sink their last piece, you lose the board and three points", and
/// "opposition will be awarded three points extra other than points of C/m on board". Only the
/// Queen's points stop at 25 ("No more points are collected for the queen after your score
/// reaches 25"); these three points are not the Queen's (hers are five), so they count at any
/// score.
#[test]
fn fof2022_if_you_sink_their_last_piece_you_lose_the_board_and_three_points_at_any_score() {
    let mut r = fof2022_at_28();
    nothing(&mut r); // South breaks board 3
    pot(&mut r, &n(W, 8)); // North, black, sinks eight of South's whites: the turn ends
    nothing(&mut r);
    let v = pot(&mut r, &[W]);
    assert_law(&v, "106(a)");
    assert_eq!(
        v.board_result,
        Some(BoardResult {
            winner: Side::Zero,
            points: 9 + 3
        }),
        "North's nine men and three points, South having 28"
    );
}

/// "If you sink your last piece before the queen, you lose the board, three points
/// and one point for each of your opponent's pieces left", at any score.
#[test]
fn fof2022_if_you_sink_your_last_piece_before_the_queen_you_lose_three_points_and_one_for_each_of_the_opponents_pieces_at_any_score()
 {
    let mut r = fof2022_at_28();
    nothing(&mut r); // South breaks board 3
    let v = pot(&mut r, &n(B, 9)); // North clears black, the Queen on the board
    assert_law(&v, "107(a)");
    assert_eq!(
        v.board_result,
        Some(BoardResult {
            winner: Side::Zero,
            points: 3 + 9
        }),
        "three points and South's nine men, South having 28"
    );
}

/// "No more points are collected for the queen after your score reaches 25." The
/// Queen's five points stop; the men left still count.
#[test]
fn fof2022_no_more_points_are_collected_for_the_queen_after_your_score_reaches_25() {
    let mut r = fof2022_at_28();
    pot(&mut r, &[W]);
    pot(&mut r, &[Q, W]);
    let v = pot(&mut r, &n(W, 7));
    assert_law(&v, "54");
    assert_eq!(v.board_result.map(|b| b.points), Some(9));
}

/// "A player pockets an opponent's piece. If the Queen was also pocketed, it is returned to
/// the centre by the opponent together with the penalty piece. Any other pieces pocketed in the
/// same strike remain pocketed." The Queen goes back to the centre circle (placed by the game,
/// as the ICF umpire places her, Law 93), the opponent places the penalty man, and the own and
/// opponent's men pocketed with them stay down.
#[test]
fn traditional_if_the_queen_was_also_pocketed_it_is_returned_together_with_the_penalty_piece() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    pot(&mut r, &[W]); // the break pockets a white: the right to the Queen
    let v = pot(&mut r, &[B, Q, W]);
    assert!(v.foul && !v.continues, "{}", v.summary());
    assert_eq!(
        v.returns.first().map(|x| (x.piece, x.spot)),
        Some((Q, Spot::CentreCircle))
    );
    assert_eq!(
        player_returns(&v, W),
        vec![Seat::North],
        "the penalty piece"
    );
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(
        (r.on_board(W), r.on_board(B)),
        (8, 8),
        "the others stay down"
    );
}

/// "A player pockets the final opponent's piece. Regardless of whether the Queen has been
/// covered, the opponent's piece is returned to the centre in addition to the penalty piece."
/// A foul, not the end of the board. (How many penalty men: the preset counts the stroke as
/// two fouls, an opponent's piece and the final one, one penalty man each; see HOUSE_RULES.md.)
#[test]
fn traditional_pocketing_the_final_opponents_piece_returns_it_in_addition_to_the_penalty_piece() {
    for queen in [QueenState::OnBoard, QueenState::Covered(W)] {
        let mut r = Referee::in_position(
            Rules::traditional(),
            Seats::Singles,
            Seat::South,
            W,
            5,
            1,
            queen,
        )
        .unwrap();
        let v = pot(&mut r, &[B]);
        assert!(v.board_result.is_none(), "{queen:?}");
        assert!(v.foul && !v.continues);
        assert_eq!(
            r.on_board(B),
            1,
            "{queen:?}: the opponent's piece is returned"
        );
        assert!(v.penalties >= 1 && r.on_board(W) == 5 + v.penalties);
    }
}

/// "If the winner has 24 or more points, then no points are scored for covering the Queen."
/// In the preset's best of three boards no winner reaches 24 before a board is scored (a board
/// is worth at most 14, each game one board); read on points (`game_won_by = "points"`) the 24
/// applies as written.
#[test]
fn traditional_if_the_winner_has_24_or_more_points_no_points_are_scored_for_covering_the_queen() {
    let rules = Rules {
        game_won_by: GameWonBy::Points,
        game_points: 100,
        ..Rules::traditional()
    };
    let mut r = with(rules, Seats::Singles);
    // Board 1: South (white) clears after covering; board 2: North breaks with white and
    // South (black) clears after covering. 9 + 5 each.
    for (colour, breaker_misses) in [(W, false), (B, true)] {
        if breaker_misses {
            nothing(&mut r);
        }
        pot(&mut r, &[colour]);
        pot(&mut r, &[Q, colour]);
        let v = pot(&mut r, &n(colour, 7));
        assert_eq!(v.board_result.map(|b| b.points), Some(9 + 5));
    }
    assert_eq!(r.score(), [28, 0]);
    assert_eq!(r.turn(), Some(Seat::South));
    pot(&mut r, &[W]);
    pot(&mut r, &[Q, W]);
    let v = pot(&mut r, &n(W, 7));
    assert_eq!(v.board_result.map(|b| b.points), Some(9), "no bonus at 28");
}
