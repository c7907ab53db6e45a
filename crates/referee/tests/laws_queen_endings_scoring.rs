//! Laws 52-55 (scoring), 92-101 (the Queen), 102-112 (endings).

mod common;
use common::*;

fn improper(pieces: &[PieceColour]) -> StrokeReport {
    StrokeReport::pocketing(pieces).improper()
}

fn striker(pieces: &[PieceColour]) -> StrokeReport {
    StrokeReport::pocketing(pieces).with_striker()
}

/// The row of Laws 102-112 that the ending ruling follows for a gap in the table.
fn as_law(v: &Verdict) -> Option<&'static str> {
    v.events().find_map(|e| match e {
        Event::BoardEnded { as_law, .. } => *as_law,
        _ => None,
    })
}

fn result(v: &Verdict) -> (Side, u16) {
    let b = v.board_result.expect("the board should be over");
    (b.winner, b.points)
}

/// South to play, having pocketed `south_down` whites, and covering the Queen.
fn covering(south_down: usize, north_down: usize) -> Referee {
    let mut r = position(south_down, north_down);
    let v = pot(&mut r, &[Q]);
    assert_law(&v, "92");
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
    r
}

// ----- the Queen ---------------------------------------------------------------------------

#[test]
fn law_92_the_queen_may_be_pocketed_once_an_own_man_is_down_and_must_be_covered() {
    let r = position(0, 1);
    assert!(!r.queen_pocketable());
    assert_eq!(r.queen_right(Seat::South), QueenRight::WithOwnMen);
    let mut r = position(1, 0);
    assert!(r.queen_pocketable());
    let v = pot(&mut r, &[Q]);
    assert_law(&v, "92");
    assert!(v.continues);
    assert_eq!(r.queen_right(Seat::South), QueenRight::NotOnBoard);
    let v = pot(&mut r, &[W]);
    assert_law(&v, "96");
    assert_eq!(r.queen(), QueenState::Covered(W));
}

#[test]
fn law_93_94_the_umpire_returns_the_queen_to_the_centre_circle() {
    let mut r = position(0, 1);
    let v = pot(&mut r, &[Q]);
    let queen: Vec<_> = v.returns.iter().filter(|x| x.piece == Q).collect();
    assert_eq!(queen.len(), 1);
    assert_eq!(queen[0].placed_by, Placer::Umpire);
    assert_eq!(queen[0].spot, Spot::CentreCircle);
    assert_eq!(queen[0].law.as_str(), "93");
    assert_eq!(r.on_board(Q), 1);
}

#[test]
fn law_95a_the_queen_pocketed_before_any_own_man_comes_out_and_the_turn_is_lost() {
    let mut r = position(0, 1);
    let v = pot(&mut r, &[Q]);
    assert_law(&v, "95(a)");
    assert!(!v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
}

#[test]
fn law_95b_the_queen_pocketed_while_a_due_is_outstanding_comes_out_and_the_turn_is_lost() {
    let mut r = singles();
    judge(&mut r, StrokeReport::nothing().with_striker()); // South owes a due
    nothing(&mut r);
    assert_eq!(r.queen_right(Seat::South), QueenRight::No);
    let v = pot(&mut r, &[Q, W, W]);
    assert_law(&v, "95(b)");
    assert!(!v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.owed(W), 0, "the due is taken from the whites");
    assert_eq!(r.on_board(W), 8);
}

#[test]
fn law_95c_after_the_dues_are_recovered_with_all_nine_on_board_the_right_returns() {
    let mut r = singles();
    judge(&mut r, StrokeReport::nothing().with_striker()); // South owes a due
    nothing(&mut r);
    pot(&mut r, &[W]); // the due is recovered: all nine whites on the board again
    assert_eq!(r.on_board(W), 9);
    assert_eq!(r.queen_right(Seat::South), QueenRight::Yes);
    let v = pot(&mut r, &[Q, W, W]);
    assert_law(&v, "97(b)");
    assert_eq!(r.queen(), QueenState::Covered(W));
}

/// Singles, board 1: South breaks and pockets a white, then pockets the striker alone; the due
/// is that white (Law 72(a)), so all nine whites are on the board again. North plays nothing.
/// South to play, with the right of Law 95(c).
fn dues_recovered_all_nine_on_board() -> Referee {
    let mut r = singles();
    let v = pot(&mut r, &[W]);
    assert!(v.continues);
    let v = judge(&mut r, StrokeReport::nothing().with_striker());
    assert_law(&v, "72(a)");
    assert_eq!((r.on_board(W), r.pocketed(W), r.owed(W)), (9, 0, 0));
    nothing(&mut r);
    assert_eq!(r.turn(), Some(Seat::South));
    r
}

/// Law 95(c): "However, if after recovery of Due and/or penalty, all the nine C/m are on the
/// C/B, a player shall have the right to pocket the Queen and to cover it." The Queen pocketed
/// alone must be covered and the turn continues; 95(a) does not apply, as a man of his was
/// pocketed before.
#[test]
fn law_95c_after_his_pocketed_man_came_back_as_a_due_the_queen_alone_must_be_covered() {
    let mut r = dues_recovered_all_nine_on_board();
    assert!(r.has_pocketed_a_man(Side::Zero));
    assert_eq!(r.queen_right(Seat::South), QueenRight::Yes);
    assert!(r.queen_pocketable());
    let v = pot(&mut r, &[Q]);
    assert_law(&v, "95(c)");
    assert!(!v.applied("95(a)"), "{}", v.summary());
    assert!(v.continues, "the turn continues");
    assert!(v.returns.is_empty(), "she is not taken out");
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
    let v = pot(&mut r, &[W]);
    assert_law(&v, "96");
    assert_eq!(r.queen(), QueenState::Covered(W));
    assert!(v.continues);
}

/// Law 95(c) in doubles: the right is the side's. South pocketed a white and lost it as a due;
/// his partner North may pocket the Queen alone and must cover her.
#[test]
fn law_95c_in_doubles_the_partner_of_the_player_whose_man_was_recovered_has_the_right() {
    let mut r = doubles();
    pot(&mut r, &[W]); // South breaks, pockets a white, continues
    let v = judge(&mut r, StrokeReport::nothing().with_striker()); // the due is that white
    assert_eq!(player_returns(&v, W), vec![Seat::East]);
    assert_eq!(r.on_board(W), 9);
    nothing(&mut r); // East
    assert_eq!(r.turn(), Some(Seat::North));
    assert_eq!(r.queen_right(Seat::North), QueenRight::Yes);
    assert_eq!(r.queen_right(Seat::East), QueenRight::WithOwnMen);
    let v = pot(&mut r, &[Q]);
    assert_law(&v, "95(c)");
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::North });
    pot(&mut r, &[W]);
    assert_eq!(r.queen(), QueenState::Covered(W));
}

/// Law 95(a): "before any C/m of the player is pocketed" — the opponent, who has pocketed no
/// man of his, still loses the Queen and the turn in the same position.
#[test]
fn law_95a_the_opponent_who_has_pocketed_no_man_still_loses_the_queen_and_the_turn() {
    let mut r = dues_recovered_all_nine_on_board();
    nothing(&mut r); // South; North (black) to play, no black pocketed yet
    assert!(!r.has_pocketed_a_man(Side::One));
    let v = pot(&mut r, &[Q]);
    assert_law(&v, "95(a)");
    assert!(!v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
}

/// Law 95(a) is judged board by board: men pocketed on an earlier board give no right.
#[test]
fn law_95a_a_man_pocketed_on_an_earlier_board_gives_no_right_on_the_next() {
    let mut r = singles();
    pot(&mut r, &n(W, 9)); // South clears leaving the Queen: board 1 ends (107(a))
    assert_eq!(r.board_number(), 2);
    assert!(!r.has_pocketed_a_man(Side::Zero));
    nothing(&mut r); // North breaks; South (black) to play
    let v = pot(&mut r, &[Q]);
    assert_law(&v, "95(a)");
    assert!(!v.continues);
}

/// Law 95(d) applies as it reads, "when all his nine C/m are on the C/B": with the right of
/// 95(c), the Queen pocketed with the striker still goes back with a due and the turn is lost.
#[test]
fn law_95c_95d_the_queen_with_the_striker_after_the_dues_are_recovered_loses_the_turn() {
    let mut r = dues_recovered_all_nine_on_board();
    let v = judge(&mut r, striker(&[Q]));
    assert_law(&v, "95(d)");
    assert!(!v.applied("99(a)"), "{}", v.summary());
    assert!(!v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(
        r.owed(W),
        1,
        "the due is outstanding: no white in the pockets"
    );
    // With that due outstanding he has no right until it is recovered (Law 95(b)).
    nothing(&mut r);
    assert_eq!(r.queen_right(Seat::South), QueenRight::No);
    let v = pot(&mut r, &[Q, W]);
    assert_law(&v, "95(b)");
    assert!(!v.continues);
}

/// Law 95(d) in doubles, after the dues are recovered: the partner loses the turn too.
#[test]
fn law_95c_95d_in_doubles_the_partner_pocketing_the_queen_with_the_striker_loses_the_turn() {
    let mut r = doubles();
    pot(&mut r, &[W]);
    judge(&mut r, StrokeReport::nothing().with_striker());
    nothing(&mut r); // East
    let v = judge(&mut r, striker(&[Q]));
    assert_eq!(v.by, Seat::North);
    assert_law(&v, "95(d)");
    assert_eq!(v.next, Some(Seat::West));
    assert_eq!(r.owed(W), 1);
}

/// Law 97(b) applies as it reads, "in any subsequent stroke, when all nine C/m of the player
/// are on the C/B": with the right of 95(c), the Queen and one own man must still be covered.
#[test]
fn law_95c_97b_the_queen_and_one_man_after_the_dues_are_recovered_must_still_be_covered() {
    let mut r = dues_recovered_all_nine_on_board();
    let v = pot(&mut r, &[Q, W]);
    assert_law(&v, "97(b)");
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
}

/// Law 98(a) against Law 95(d): the Queen, an own man and the striker while all nine are on
/// the board. ICF reading: Law 98(a), the own man keeps the turn; `queen_striker_own_men_all_
/// nine = "lost"`: Law 95(d), the turn is lost.
#[test]
fn law_98a_95d_the_queen_an_own_man_and_the_striker_with_all_nine_on_board_both_readings() {
    let mut r = singles();
    let v = judge(&mut r, striker(&[Q, W]));
    assert_law(&v, "98(a)");
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!((r.on_board(W), r.owed(W)), (9, 1));

    let mut rules = Rules::icf();
    rules.queen_striker_own_men_all_nine = TurnRuling::Lost;
    let mut r = with(rules, Seats::Singles);
    let v = judge(&mut r, striker(&[Q, W]));
    assert_law(&v, "95(d)");
    assert!(!v.applied("98(a)"));
    assert!(!v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!((r.on_board(W), r.owed(W)), (9, 1));
    // The same after the dues are recovered (Law 95(c)).
    let mut r = dues_recovered_all_nine_on_board();
    let v = judge(&mut r, striker(&[Q, W]));
    assert_law(&v, "98(a)");
    assert!(v.continues);
    // Once a man of his is in the pockets, not all nine are on the board: Law 98(a).
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[W, W]);
    let v = judge(&mut r, striker(&[Q, W]));
    assert_law(&v, "98(a)");
    assert!(v.continues);
}

/// Law 99(a) against Law 74: the Queen, an opponent's man and the striker. ICF reading: Law
/// 99(a), the turn continues (as Law 75 keeps it when own men fall with the opponent's);
/// `queen_striker_opponent_men = "lost"`: Law 74, the turn is lost. Either way the opponent's
/// man stays pocketed, the Queen goes back and one due comes out.
#[test]
fn law_99a_74_the_queen_an_opponents_man_and_the_striker_both_readings() {
    let mut r = position(2, 0);
    let v = judge(&mut r, striker(&[Q, B]));
    assert_law(&v, "99(a)");
    assert!(!v.applied("74"));
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!((r.on_board(W), r.on_board(B)), (8, 8));

    let mut rules = Rules::icf();
    rules.queen_striker_opponent_men = TurnRuling::Lost;
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[B]); // South breaks, pockets a black; North to play
    nothing(&mut r);
    pot(&mut r, &[W, W]);
    let v = judge(&mut r, striker(&[Q, B]));
    assert_law(&v, "99(a)");
    assert_law(&v, "74");
    assert!(!v.continues);
    assert_eq!(v.next, Some(Seat::North));
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!((r.on_board(W), r.on_board(B)), (8, 7));
    // With an own man too, Law 98(a) (and 75) keep the turn in both readings.
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[W, W]);
    let v = judge(&mut r, striker(&[Q, W, B]));
    assert_law(&v, "98(a)");
    assert!(v.continues);
}

#[test]
fn law_95d_the_queen_with_the_striker_while_all_nine_are_on_board_is_returned_with_a_due() {
    let mut r = singles();
    let v = judge(&mut r, striker(&[Q]));
    assert_law(&v, "95(d)");
    assert!(!v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.owed(W), 1);
}

#[test]
fn law_96_a_queen_not_covered_by_the_next_stroke_goes_back() {
    let mut r = covering(2, 0);
    let v = nothing(&mut r);
    assert_law(&v, "96");
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert!(!v.continues);
    assert_eq!(v.returns[0].piece, Q);
    // Pocketing only the opponent's man does not cover her either.
    let mut r = covering(2, 0);
    let v = pot(&mut r, &[B]);
    assert_law(&v, "96");
    assert_eq!(r.queen(), QueenState::OnBoard);
}

#[test]
fn law_96_passing_instead_of_covering_returns_the_queen() {
    let mut r = covering(2, 0);
    let v = r.pass().unwrap();
    assert_law(&v, "96");
    assert_eq!(r.queen(), QueenState::OnBoard);
}

#[test]
fn law_97a_the_queen_and_an_own_man_in_one_stroke_is_covered_in_any_order() {
    for order in [[Q, W], [W, Q]] {
        let mut r = position(1, 0);
        let v = pot(&mut r, &order);
        assert_law(&v, "97(a)");
        assert_eq!(r.queen(), QueenState::Covered(W));
        assert!(v.continues);
    }
}

#[test]
fn law_97b_at_the_break_the_queen_with_one_man_must_still_be_covered() {
    let mut r = singles();
    let v = pot(&mut r, &[W, Q]);
    assert_law(&v, "97(b)");
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
    assert!(v.continues);
    let v = pot(&mut r, &[W]);
    assert_eq!(r.queen(), QueenState::Covered(W));
    assert!(v.continues);
}

#[test]
fn law_97b_at_the_break_the_queen_with_more_than_one_man_is_covered() {
    let mut r = singles();
    let v = pot(&mut r, &[Q, W, W]);
    assert_law(&v, "97(b)");
    assert_eq!(r.queen(), QueenState::Covered(W));
}

#[test]
fn law_98a_queen_own_man_and_striker_properly_all_come_out_with_a_due_turn_continues() {
    let mut r = position(2, 0);
    let v = judge(&mut r, striker(&[Q, W]));
    assert_law(&v, "98(a)");
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.on_board(W), 7 + 1);
}

#[test]
fn law_98b_the_same_by_an_improper_stroke_costs_due_and_penalty_and_the_turn() {
    let mut r = position(3, 0);
    let v = judge(&mut r, striker(&[Q, W]).improper());
    assert_law(&v, "98(b)");
    assert!(!v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.on_board(W), 6 + 2);
}

#[test]
fn law_99a_queen_and_striker_properly_the_queen_back_one_due_turn_continues() {
    let mut r = position(2, 0);
    let v = judge(&mut r, striker(&[Q]));
    assert_law(&v, "99(a)");
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.on_board(W), 8);
}

#[test]
fn law_99b_queen_and_striker_by_an_improper_stroke_two_men_and_turn_lost() {
    let mut r = position(2, 0);
    let v = judge(&mut r, striker(&[Q]).improper());
    assert_law(&v, "99(b)");
    assert!(!v.continues);
    assert_eq!(r.on_board(W), 9);
}

#[test]
fn law_100a_striker_alone_while_covering_the_queen_back_one_due_turn_lost() {
    let mut r = covering(2, 0);
    let v = judge(&mut r, striker(&[]));
    assert_law(&v, "100(a)");
    assert!(!v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.on_board(W), 8);
}

#[test]
fn law_100b_striker_alone_improperly_while_covering_the_queen_back_due_and_penalty() {
    let mut r = covering(2, 0);
    let v = judge(&mut r, striker(&[]).improper());
    assert_law(&v, "100(b)");
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.on_board(W), 9);
}

#[test]
fn law_101a_covering_with_own_man_and_striker_the_next_stroke_must_cover() {
    let mut r = covering(2, 0);
    let v = judge(&mut r, striker(&[W]));
    assert_law(&v, "101(a)");
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
    assert_eq!(r.on_board(W), 7 + 1);
    let v = pot(&mut r, &[W]);
    assert_eq!(r.queen(), QueenState::Covered(W));
    assert!(v.continues);
    // ... and if the next stroke pockets no own man, she goes back.
    let mut r = covering(2, 0);
    judge(&mut r, striker(&[W]));
    let v = nothing(&mut r);
    assert_law(&v, "96");
    assert_eq!(r.queen(), QueenState::OnBoard);
}

#[test]
fn law_101b_covering_with_own_man_and_striker_improperly_all_back_and_turn_lost() {
    let mut r = covering(3, 0);
    let v = judge(&mut r, striker(&[W]).improper());
    assert_law(&v, "101(b)");
    assert!(!v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.on_board(W), 6 + 2);
}

/// "If a C/m resting perilously at the mouth of the pocket and actually falls into the pocket
/// for any reason, it shall be considered to have been properly pocketed." The game reports a
/// man that drops from the pocket mouth as pocketed in the stroke during which it falls; the
/// referee counts it like any man pocketed in that stroke, own (the turn goes on) or the
/// opponent's (it stays down).
#[test]
fn law_71_a_man_that_falls_in_from_the_pocket_mouth_is_properly_pocketed() {
    let mut r = position(2, 0);
    let v = pot(&mut r, &[W]);
    assert_law(&v, "48");
    assert!(v.continues);
    assert_eq!((r.on_board(W), r.pocketed(W)), (6, 3));
    let v = pot(&mut r, &[B]);
    assert!(!v.continues);
    assert_eq!((r.on_board(B), r.pocketed(B)), (8, 1));
}

#[test]
fn law_113_a_queen_that_falls_in_later_counts_as_pocketed_in_that_stroke() {
    // The game reports a Queen that drops from the pocket mouth as pocketed in the stroke
    // during which she falls; the referee treats her like any pocketed Queen.
    let mut r = position(2, 0);
    let v = judge(&mut r, StrokeReport::pocketing(&[Q]));
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
    assert!(v.continues);
}

// ----- scoring -------------------------------------------------------------------------------

#[test]
fn law_52a_53a_the_first_to_pocket_all_his_men_wins_the_opponents_men_left() {
    let mut r = position(1, 4);
    pot(&mut r, &[Q, W]); // covered
    let v = pot(&mut r, &n(W, 7));
    assert_law(&v, "52(a)");
    assert_eq!(result(&v), (Side::Zero, 5 + 3));
    assert_eq!(v.score, [8, 0]);
    assert_eq!(v.position.white.on_board, 0);
    assert_eq!(v.next, Some(Seat::North), "North breaks the next board");
}

#[test]
fn law_52b_the_queen_is_worth_3_and_each_man_1() {
    let mut r = position(1, 0);
    pot(&mut r, &[Q, W]);
    let v = pot(&mut r, &n(W, 7));
    assert_eq!(result(&v), (Side::Zero, 9 + 3));
}

#[test]
fn law_53b_53c_the_queen_covered_by_the_loser_is_not_credited() {
    let mut r = singles();
    pot(&mut r, &n(B, 6)); // South breaks, pockets six blacks, turn passes
    let v = pot(&mut r, &[Q, B]); // North covers the Queen
    assert_eq!(r.queen(), QueenState::Covered(B));
    assert!(v.continues);
    nothing(&mut r); // North; South to play
    let v = pot(&mut r, &n(W, 9));
    assert_law(&v, "53(c)");
    assert_eq!(result(&v), (Side::Zero, 2));
}

/// Law 65 in the stroke that ends the board: a man of the opponent knocked off the board as
/// South pockets his last man is put back by the umpire; it is on the board for the points
/// (Law 53(c): the opponent's men left) and for the last position.
#[test]
fn law_65_a_man_off_the_board_in_the_ending_stroke_is_put_back_and_counted() {
    let mut r = singles();
    pot(&mut r, &n(B, 6)); // South breaks, pockets six blacks, turn passes
    pot(&mut r, &[Q, B]); // North covers the Queen
    nothing(&mut r); // North; South to play
    pot(&mut r, &n(W, 5)); // South: five whites; four left
    let mut report = StrokeReport::pocketing(&n(W, 4));
    report.overboard = vec![B];
    let v = judge(&mut r, report);
    assert_law(&v, "53(c)");
    assert_law(&v, "65(a)");
    assert_eq!(v.returns.len(), 1, "the umpire puts the black man back");
    assert_eq!(
        result(&v),
        (Side::Zero, 2),
        "both North men count, the one put back too"
    );
}

#[test]
fn law_54_at_22_points_covering_the_queen_adds_nothing() {
    let mut rules = Rules::icf();
    rules.game_points = 100;
    let mut r = with(rules, Seats::Singles);
    // Board 1: South 12. Board 2 (North breaks, misses): South 12 more = 24.
    pot(&mut r, &[W]);
    pot(&mut r, &[Q, W]);
    pot(&mut r, &n(W, 7));
    nothing(&mut r);
    pot(&mut r, &[B]);
    pot(&mut r, &[Q, B]);
    let v = pot(&mut r, &n(B, 7));
    assert_eq!(v.score, [21 + 3, 0]);
    // Board 3: South covers and clears again: 9 only.
    pot(&mut r, &[W]);
    pot(&mut r, &[Q, W]);
    let v = pot(&mut r, &n(W, 7));
    assert_law(&v, "54");
    assert_eq!(result(&v), (Side::Zero, 9));
}

#[test]
fn law_55_a_board_is_worth_at_most_12_points() {
    let mut r = position(0, 8);
    // South pockets North's last man with the striker by an improper stroke, the Queen on the
    // board: 9 men + 3 + 2 demanded = 14, capped at 12.
    let v = judge(&mut r, striker(&[B]).improper());
    assert_law(&v, "111(b)");
    assert_law(&v, "55");
    assert_eq!(result(&v), (Side::One, 12));
}

#[test]
fn law_55_dues_are_written_off_at_the_end_of_the_board() {
    let mut r = singles();
    judge(&mut r, StrokeReport::nothing().with_striker()); // South owes one
    assert_eq!(r.owed(W), 1);
    let v = pot(&mut r, &n(B, 9)); // North clears leaving the Queen: loses (107(a))
    assert_law(&v, "107(a)");
    assert_law(&v, "55");
    assert_eq!(v.position.white.owed, 0);
    assert_eq!(result(&v), (Side::Zero, 3));
    assert_eq!(r.owed(W), 0);
}

// ----- endings 102-112 ------------------------------------------------------------------------

#[test]
fn law_102a_last_own_and_last_opponent_man_while_covering_wins_by_3() {
    let mut r = covering(8, 8);
    let v = pot(&mut r, &[W, B]);
    assert_law(&v, "102(a)");
    assert_eq!(result(&v), (Side::Zero, 3));
}

#[test]
fn law_102b_the_same_by_an_improper_stroke_gives_the_opponent_3_and_1_demanded() {
    let mut r = covering(8, 8);
    let v = judge(&mut r, improper(&[W, B]));
    assert_law(&v, "102(b)");
    assert_eq!(result(&v), (Side::One, 4));
}

#[test]
fn law_103a_the_opponents_last_man_while_covering_loses_by_own_men_and_the_queen() {
    let mut r = covering(5, 8);
    let v = pot(&mut r, &[B]);
    assert_law(&v, "103(a)");
    assert_eq!(result(&v), (Side::One, 4 + 3));
}

#[test]
fn law_103b_the_same_by_an_improper_stroke_adds_a_demanded_point() {
    let mut r = covering(5, 8);
    let v = judge(&mut r, improper(&[B]));
    assert_law(&v, "103(b)");
    assert_eq!(result(&v), (Side::One, 4 + 3 + 1));
}

#[test]
fn law_104a_queen_last_own_and_last_opponent_man_properly_wins_by_3() {
    let mut r = position(8, 8);
    let v = pot(&mut r, &[Q, W, B]);
    assert_law(&v, "104(a)");
    assert_eq!(result(&v), (Side::Zero, 3));
    assert_eq!(v.position.queen, QueenState::Covered(W));
}

#[test]
fn law_104b_the_same_improperly_the_opponent_wins_by_3_and_1_demanded() {
    let mut r = position(8, 8);
    let v = judge(&mut r, improper(&[Q, W, B]));
    assert_law(&v, "104(b)");
    assert_eq!(result(&v), (Side::One, 4));
}

#[test]
fn law_105a_both_last_men_with_the_queen_on_the_board_gives_the_opponent_3() {
    let mut r = position(8, 8);
    let v = pot(&mut r, &[W, B]);
    assert_law(&v, "105(a)");
    assert_eq!(result(&v), (Side::One, 3));
}

#[test]
fn law_105b_the_same_improperly_gives_the_opponent_3_and_1_demanded() {
    let mut r = position(8, 8);
    let v = judge(&mut r, improper(&[W, B]));
    assert_law(&v, "105(b)");
    assert_eq!(result(&v), (Side::One, 4));
}

#[test]
fn law_106a_the_opponents_last_man_with_the_queen_on_board_loses_by_own_men_and_queen() {
    let mut r = position(5, 8);
    let v = pot(&mut r, &[B]);
    assert_law(&v, "106(a)");
    assert_eq!(result(&v), (Side::One, 4 + 3));
}

#[test]
fn law_106b_the_same_improperly_adds_a_demanded_point() {
    let mut r = position(5, 8);
    let v = judge(&mut r, improper(&[B]));
    assert_law(&v, "106(b)");
    assert_eq!(result(&v), (Side::One, 4 + 3 + 1));
}

#[test]
fn law_107a_last_own_man_leaving_the_queen_loses_by_3() {
    let mut r = position(8, 0);
    let v = pot(&mut r, &[W]);
    assert_law(&v, "107(a)");
    assert_eq!(result(&v), (Side::One, 3));
}

#[test]
fn law_107b_the_same_improperly_loses_by_3_and_1_demanded() {
    let mut r = position(8, 0);
    let v = judge(&mut r, improper(&[W]));
    assert_law(&v, "107(b)");
    assert_eq!(result(&v), (Side::One, 4));
}

#[test]
fn law_107_at_22_or_more_the_opponent_gets_only_1_point() {
    let mut rules = Rules::icf();
    rules.game_points = 100;
    let mut r = with(rules, Seats::Singles);
    // Two boards of 12 for North: South breaks and clears leaving the Queen? No: North wins
    // boards by covering and clearing.
    nothing(&mut r); // South breaks, North (black) to play
    pot(&mut r, &[B]);
    pot(&mut r, &[Q, B]);
    pot(&mut r, &n(B, 7)); // North 12
    pot(&mut r, &[W]); // board 2: North breaks with white
    pot(&mut r, &[Q, W]);
    pot(&mut r, &n(W, 7)); // North 24
    assert_eq!(r.score(), [0, 24]);
    // Board 3: South (white) clears leaving the Queen: North is at 22+, so 1 point.
    let v = pot(&mut r, &n(W, 9));
    assert_law(&v, "107(a)");
    assert_eq!(result(&v), (Side::One, 1));
}

#[test]
fn law_108a_last_own_man_with_the_striker_leaving_the_queen_loses_by_3_and_1_demanded() {
    let mut r = position(8, 0);
    let v = judge(&mut r, striker(&[W]));
    assert_law(&v, "108(a)");
    assert_eq!(result(&v), (Side::One, 4));
}

#[test]
fn law_108b_the_same_improperly_loses_by_3_and_2_demanded() {
    let mut r = position(8, 0);
    let v = judge(&mut r, striker(&[W]).improper());
    assert_law(&v, "108(b)");
    assert_eq!(result(&v), (Side::One, 5));
}

#[test]
fn law_109a_queen_both_last_men_and_the_striker_loses_by_3_and_1_demanded() {
    let mut r = position(8, 8);
    let v = judge(&mut r, striker(&[Q, W, B]));
    assert_law(&v, "109(a)");
    assert_eq!(result(&v), (Side::One, 4));
}

#[test]
fn law_109b_the_same_improperly_loses_by_3_and_2_demanded() {
    let mut r = position(8, 8);
    let v = judge(&mut r, striker(&[Q, W, B]).improper());
    assert_law(&v, "109(b)");
    assert_eq!(result(&v), (Side::One, 5));
}

/// South has covered the Queen; one white and one black left; South to play.
fn covered_by_south_last_men() -> Referee {
    let mut r = position(6, 8);
    pot(&mut r, &[Q, W]);
    pot(&mut r, &[W]);
    assert_eq!(r.on_board(W), 1);
    assert_eq!(r.on_board(B), 1);
    assert_eq!(r.queen(), QueenState::Covered(W));
    r
}

#[test]
fn law_110a_both_last_men_with_the_striker_having_covered_the_queen_loses_by_1_and_1() {
    let mut r = covered_by_south_last_men();
    let v = judge(&mut r, striker(&[W, B]));
    assert_law(&v, "110(a)");
    assert_eq!(result(&v), (Side::One, 2));
}

#[test]
fn law_110b_the_same_improperly_loses_by_1_and_2_demanded() {
    let mut r = covered_by_south_last_men();
    let v = judge(&mut r, striker(&[W, B]).improper());
    assert_law(&v, "110(b)");
    assert_eq!(result(&v), (Side::One, 3));
}

#[test]
fn law_111a_opponents_last_man_with_the_striker_leaving_the_queen_loses_by_men_queen_and_1() {
    let mut r = position(5, 8);
    let v = judge(&mut r, striker(&[B]));
    assert_law(&v, "111(a)");
    assert_eq!(result(&v), (Side::One, 4 + 3 + 1));
}

#[test]
fn law_111b_the_same_improperly_adds_2_demanded() {
    let mut r = position(5, 8);
    let v = judge(&mut r, striker(&[B]).improper());
    assert_law(&v, "111(b)");
    assert_eq!(result(&v), (Side::One, 4 + 3 + 2));
}

/// North has covered the Queen; one white and one black left; South to play.
fn covered_by_north_last_men() -> Referee {
    let mut r = singles();
    pot(&mut r, &n(B, 7)); // South breaks, pockets seven blacks; North to play
    pot(&mut r, &[Q, B]); // North covers
    nothing(&mut r); // South to play
    pot(&mut r, &n(W, 8));
    assert_eq!(r.queen(), QueenState::Covered(B));
    assert_eq!((r.on_board(W), r.on_board(B)), (1, 1));
    r
}

#[test]
fn law_112a_both_last_men_with_the_striker_after_the_opponent_covered_loses_by_3_and_1() {
    let mut r = covered_by_north_last_men();
    let v = judge(&mut r, striker(&[W, B]));
    assert_law(&v, "112(a)");
    assert_eq!(result(&v), (Side::One, 4));
}

#[test]
fn law_112b_the_same_improperly_loses_by_3_and_2_demanded() {
    let mut r = covered_by_north_last_men();
    let v = judge(&mut r, striker(&[W, B]).improper());
    assert_law(&v, "112(b)");
    assert_eq!(result(&v), (Side::One, 5));
}

#[test]
fn law_87b_additional_points_are_only_added_when_demanded() {
    let mut rules = Rules::icf();
    rules.demand_additional_points = false;
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &n(B, 8));
    nothing(&mut r);
    pot(&mut r, &n(W, 8));
    let v = judge(&mut r, striker(&[W]).improper());
    assert_law(&v, "108(b)");
    assert_eq!(result(&v), (Side::One, 3));
}

// ----- the gaps in the table of Laws 102-112 -------------------------------------------------

fn with_gaps(gaps: EndingGaps) -> Rules {
    let mut rules = Rules::icf();
    rules.ending_gaps = gaps;
    rules
}

/// South has covered the Queen; one white and one black left; South to play.
fn covered_by_south_last_men_under(rules: Rules) -> Referee {
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &n(B, 8)); // South breaks, pockets eight blacks; North to play
    nothing(&mut r);
    pot(&mut r, &[W]);
    pot(&mut r, &[Q, W]);
    pot(&mut r, &n(W, 6));
    assert_eq!(r.queen(), QueenState::Covered(W));
    assert_eq!((r.on_board(W), r.on_board(B)), (1, 1));
    r
}

/// North has covered the Queen; one white and one black left; South to play.
fn covered_by_north_last_men_under(rules: Rules) -> Referee {
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &n(B, 7));
    pot(&mut r, &[Q, B]);
    nothing(&mut r);
    pot(&mut r, &n(W, 8));
    assert_eq!(r.queen(), QueenState::Covered(B));
    assert_eq!((r.on_board(W), r.on_board(B)), (1, 1));
    r
}

/// Both last men by a proper stroke without the striker, the Queen covered by the opponent: no
/// row of Laws 102-112. ICF (`ending_gaps = "scoring"`): he has completed his men and wins
/// (Law 52(a)) by the opponent's men left, none, the Queen not credited to him (Law 53(c)).
/// `"nearest_law"`: as Law 112(a) without the striker's point, lost by 3.
#[test]
fn gap_both_last_men_properly_after_the_opponent_covered_the_queen_both_readings() {
    let mut r = covered_by_north_last_men_under(Rules::icf());
    let v = pot(&mut r, &[W, B]);
    assert_law(&v, "53(c)");
    assert_eq!(result(&v), (Side::Zero, 0));

    let mut r = covered_by_north_last_men_under(with_gaps(EndingGaps::NearestLaw));
    let v = pot(&mut r, &[W, B]);
    assert_law(&v, "112(a)");
    assert_eq!(as_law(&v), Some("112(a)"), "{}", v.summary());
    assert_eq!(result(&v), (Side::One, 3));
}

/// Both last men by a proper stroke without the striker, the Queen covered by himself: no row.
/// ICF: he wins (Law 52(a)) by the Queen. `"nearest_law"`: as Law 110(a) without the
/// striker's point, lost by 1.
#[test]
fn gap_both_last_men_properly_after_covering_the_queen_himself_both_readings() {
    let mut r = covered_by_south_last_men_under(Rules::icf());
    let v = pot(&mut r, &[W, B]);
    assert_law(&v, "52(a)");
    assert_eq!(result(&v), (Side::Zero, 3));

    let mut r = covered_by_south_last_men_under(with_gaps(EndingGaps::NearestLaw));
    let v = pot(&mut r, &[W, B]);
    assert_law(&v, "110(a)");
    assert_eq!(result(&v), (Side::One, 1));
}

/// The opponent's last man alone with the Queen already covered: no row. ICF: the opponent has
/// no man left and wins (Law 52(a)) by the striker's men left. `"nearest_law"`: as Law 106(a),
/// by the striker's men left and the points for the Queen.
#[test]
fn gap_the_opponents_last_man_after_the_queen_is_covered_both_readings() {
    let mut r = covered_by_south_last_men_under(Rules::icf());
    let v = pot(&mut r, &[B]);
    assert_law(&v, "52(a)");
    assert_eq!(result(&v), (Side::One, 1));

    let mut r = covered_by_south_last_men_under(with_gaps(EndingGaps::NearestLaw));
    let v = pot(&mut r, &[B]);
    assert_law(&v, "106(a)");
    assert_eq!(result(&v), (Side::One, 1 + 3));
}

/// Gaps with the striker or an improper stroke take the row for the same Queen situation,
/// adding or dropping its point for the striker, in both readings: both last men with the
/// striker and the Queen on the board are Law 105 with the striker's point (as Law 108); both
/// last men by an improper stroke after the opponent covered are Law 112(b) without it.
#[test]
fn gap_with_the_striker_or_an_improper_stroke_takes_the_nearest_row_in_both_readings() {
    for gaps in [EndingGaps::Scoring, EndingGaps::NearestLaw] {
        let mut r = with(with_gaps(gaps), Seats::Singles);
        pot(&mut r, &n(B, 8));
        nothing(&mut r);
        pot(&mut r, &n(W, 8));
        let v = judge(&mut r, striker(&[W, B]));
        assert_law(&v, "108(a)");
        assert_eq!(as_law(&v), Some("108"), "{}", v.summary());
        assert_eq!(result(&v), (Side::One, 3 + 1));

        let mut r = covered_by_north_last_men_under(with_gaps(gaps));
        let v = judge(&mut r, improper(&[W, B]));
        assert_law(&v, "112(b)");
        assert_eq!(result(&v), (Side::One, 3 + 1));
    }
}

// ----- a position set up for analysis -------------------------------------------------------

/// A singles position under the ICF Laws, `turn` to strike playing `colour`, with `men` white
/// and black men on the board.
fn in_singles(
    turn: Seat,
    colour: PieceColour,
    (white, black): (u8, u8),
    queen: QueenState,
) -> Result<Referee, PositionError> {
    Referee::in_position(
        Rules::icf(),
        Seats::Singles,
        turn,
        colour,
        white,
        black,
        queen,
    )
}

/// The Queen pocketed by South, awaiting his cover (Law 96).
const SOUTH_TO_COVER: QueenState = QueenState::AwaitingCover { by: Seat::South };

/// A position given by its pieces (the coach's hint) is the one play reaches: the same colours
/// (Law 43), men, right to the Queen (Law 92) and break made (Law 44); the same stroke then
/// gets the same rulings.
#[test]
fn a_position_set_up_by_its_pieces_is_judged_as_the_one_reached_by_play() {
    let played = position(2, 3);
    let set_up = in_singles(Seat::South, W, (7, 6), QueenState::OnBoard).unwrap();
    for r in [&played, &set_up] {
        assert_eq!(r.turn(), Some(Seat::South));
        assert_eq!(r.colour_of(Seat::South), W);
        assert_eq!((r.on_board(W), r.on_board(B)), (7, 6));
        assert_eq!((r.pocketed(W), r.pocketed(B)), (2, 3));
        assert_eq!(r.queen_right(Seat::South), QueenRight::Yes);
        assert!(r.break_made());
    }
    for stroke in [&[Q][..], &[W, B], &[B]] {
        let (mut a, mut b) = (played, set_up);
        let (va, vb) = (pot(&mut a, stroke), pot(&mut b, stroke));
        assert_eq!(va.rulings, vb.rulings, "{stroke:?}");
        assert_eq!(va.next, vb.next);
    }
}

/// Black to play means the other side broke (Law 43); a player who has pocketed none of his
/// men has no Queen to cover (Law 92); a colour with no men left is a board already over.
#[test]
fn a_position_names_what_cannot_be() {
    let r = in_singles(Seat::North, B, (9, 8), QueenState::OnBoard).unwrap();
    assert_eq!(r.colour_of(Seat::South), W);
    assert_eq!(r.queen_right(Seat::North), QueenRight::Yes);
    let e = in_singles(Seat::South, W, (9, 5), SOUTH_TO_COVER).unwrap_err();
    assert!(e.to_string().contains("Law 92"), "{e}");
    let e = in_singles(Seat::South, W, (0, 5), QueenState::OnBoard).unwrap_err();
    assert!(e.to_string().contains("over"), "{e}");
    let e = in_singles(Seat::East, W, (3, 5), QueenState::OnBoard).unwrap_err();
    assert!(e.to_string().contains("east"), "{e}");
}

/// Each way a position cannot be is told by the field that is wrong, in the words `carrom
/// hint` prints.
#[test]
fn a_position_that_cannot_be_names_the_field_that_is_wrong() {
    use QueenState::{AwaitingCover, AwaitingReturn, Covered, OnBoard};
    let cases = [
        (
            (Seat::East, W, (3, 5), OnBoard),
            "seat: east does not play in Singles",
        ),
        (
            (Seat::South, Q, (3, 5), OnBoard),
            "colour: a side plays white or black, not the Queen",
        ),
        (
            (Seat::South, W, (10, 5), OnBoard),
            "white: 10 men on the board, at most 9",
        ),
        (
            (Seat::South, W, (3, 0), OnBoard),
            "black: no black men on the board: the board is over",
        ),
        (
            (Seat::South, W, (3, 5), AwaitingCover { by: Seat::North }),
            "queen: awaiting the cover of north, but it is south's turn: she must be covered with \
             the next stroke of the turn that pocketed her (Law 96)",
        ),
        (
            (Seat::South, W, (9, 5), SOUTH_TO_COVER),
            "queen: south has no right to the Queen before pocketing one of his men (Law 92), so \
             she cannot be awaiting his cover",
        ),
        (
            (Seat::South, W, (3, 5), Covered(Q)),
            "queen: covered by white or black, not by the Queen",
        ),
        (
            (Seat::South, W, (3, 5), AwaitingReturn { by: Seat::South }),
            "queen: awaiting return only exists within the turn that pocketed her (traditional \
             rules); give `on_board`",
        ),
    ];
    for ((turn, colour, men, queen), words) in cases {
        let e = in_singles(turn, colour, men, queen).unwrap_err();
        assert_eq!(e.to_string(), words);
    }
}

/// The Queen awaiting the cover of the player to strike: his own man covers her (Law 96).
#[test]
fn a_position_with_the_queen_awaiting_cover_is_covered_by_an_own_man() {
    let mut r = in_singles(Seat::South, W, (6, 6), SOUTH_TO_COVER).unwrap();
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
    let v = pot(&mut r, &[W]);
    assert_law(&v, "96");
    assert_eq!(r.queen(), QueenState::Covered(W));
}

/// Law 96 with Law 125(a) read literally: "the Queen must be covered with the next stroke"
/// of the same turn (Law 101(a)'s "subsequent stroke"). When the turn is stopped with her in
/// the pocket, for an opponent's man pocketed with her, there is no next stroke: the umpire
/// puts her back in the centre circle in that verdict, and the opponent's men stay down.
fn stopping_rules() -> Vec<(&'static str, Rules)> {
    let mut literal = Rules::icf();
    literal.opponent_piece = OpponentPiece::EndsTurn;
    vec![
        ("125(a) literally", literal),
        ("casual", Rules::casual()),
        ("fof2022", Rules::fof2022()),
    ]
}

#[test]
fn law_96_125a_a_turn_stopped_with_the_queen_awaiting_cover_returns_her() {
    for (name, rules) in stopping_rules() {
        let mut r = with(rules, Seats::Singles);
        pot(&mut r, &[W]); // the break pockets a white: the turn continues
        let v = pot(&mut r, &[Q, B]);
        assert_law(&v, "92");
        assert_law(&v, "125(a)");
        assert_law(&v, "96");
        assert!(!v.continues, "{name}");
        assert_eq!(v.next, Some(Seat::North), "{name}");
        assert_eq!(r.queen(), QueenState::OnBoard, "{name}: {}", v.summary());
        assert_eq!(v.position.queen, QueenState::OnBoard, "{name}");
        assert_eq!(r.on_board(B), 8, "{name}: the black stays pocketed");
        assert_eq!(
            v.returns.first().map(|x| (x.piece, x.placed_by, x.spot)),
            Some((Q, Placer::Umpire, Spot::CentreCircle)),
            "{name}"
        );
        assert!(
            v.events()
                .any(|e| *e == Event::QueenPocketed { continues: false }),
            "{name}: the ruling on the Queen does not keep the turn: {}",
            v.summary()
        );
        // South's next man, a turn later, covers nothing.
        nothing(&mut r);
        let v = pot(&mut r, &[W]);
        assert!(!v.applied("96"), "{name}: {}", v.summary());
        assert_eq!(r.queen(), QueenState::OnBoard, "{name}");
    }
}

#[test]
fn law_96_97b_125a_the_break_with_the_queen_one_man_and_an_opponents_man_returns_her() {
    for (name, rules) in stopping_rules() {
        let mut r = with(rules, Seats::Singles);
        let v = pot(&mut r, &[Q, W, B]);
        assert_law(&v, "97(b)");
        assert_law(&v, "125(a)");
        assert_law(&v, "96");
        assert_eq!(r.queen(), QueenState::OnBoard, "{name}: {}", v.summary());
        assert_eq!(r.turn(), Some(Seat::North), "{name}");
    }
}

#[test]
fn law_101a_125a_covering_with_own_man_and_striker_stopped_by_an_opponents_man() {
    for (name, rules) in stopping_rules() {
        let mut r = with(rules, Seats::Singles);
        pot(&mut r, &[W, W]);
        pot(&mut r, &[Q]);
        assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
        let v = judge(&mut r, striker(&[W, B]));
        assert_law(&v, "101(a)");
        assert_law(&v, "125(a)");
        assert_law(&v, "96");
        assert_eq!(r.queen(), QueenState::OnBoard, "{name}: {}", v.summary());
        assert_eq!(r.turn(), Some(Seat::North), "{name}");
    }
}
