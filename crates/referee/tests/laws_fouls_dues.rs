//! Laws 62-66 (fouls, pieces off the board), 72-90 (dues and penalties, with Law 88's time to
//! place), 114, 116.

mod common;
use common::*;

#[test]
fn law_62_63a_a_technical_foul_before_the_first_stroke_costs_a_man_and_the_turn_continues() {
    let mut rules = Rules::icf();
    rules.technical_fouls = true;
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[B, B]); // South breaks, turn passes to North
    nothing(&mut r); // North; South to play
    pot(&mut r, &[W, W]); // South continues
    nothing(&mut r); // North to play
    // North commits a technical foul before his first stroke, then pockets a black.
    let v = judge(
        &mut r,
        StrokeReport {
            technical_foul: Some(Seat::North),
            ..StrokeReport::pocketing(&[B])
        },
    );
    assert_law(&v, "63(a)");
    assert!(v.continues, "his turn continues");
    // One black came back out (North had three blacks pocketed: 2 by South, 1 now).
    assert_eq!(r.on_board(B), 7);
    assert_eq!(player_returns(&v, B), vec![Seat::South]);
}

#[test]
fn law_63b_a_technical_foul_by_the_player_not_having_the_turn_is_penalised_the_same_way() {
    let mut rules = Rules::icf();
    rules.technical_fouls = true;
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[W, W]); // South, continuing
    let v = judge(
        &mut r,
        StrokeReport {
            technical_foul: Some(Seat::North),
            ..StrokeReport::pocketing(&[W])
        },
    );
    assert_law(&v, "63(b)");
    assert!(v.continues);
    assert_eq!(r.owed(B), 1, "North has no black pocketed yet: outstanding");
    assert_law(&v, "72(c)");
}

/// Law 63(a): the man is "brought out for placing" for the technical foul itself, before the
/// stroke is played. With a man of his in the pockets there is no due against him when he
/// strikes, so his right to the Queen (Laws 92, 95(b)) is untouched.
#[test]
fn law_63a_the_technical_foul_man_comes_out_at_once_and_leaves_no_due_against_the_queen() {
    let mut rules = Rules::icf();
    rules.technical_fouls = true;
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[B]); // South breaks, turn passes
    nothing(&mut r); // North
    pot(&mut r, &[W, W]); // South continues
    nothing(&mut r); // South, turn passes
    nothing(&mut r); // North
    assert_eq!(r.queen_right(Seat::South), QueenRight::Yes);
    let v = judge(
        &mut r,
        StrokeReport {
            technical_foul: Some(Seat::South),
            ..StrokeReport::pocketing(&[Q])
        },
    );
    assert_law(&v, "63(a)");
    assert_law(&v, "92");
    assert!(!v.applied("95(b)"), "{}", v.summary());
    assert!(
        v.continues,
        "his turn continues and he must cover the Queen"
    );
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
    assert_eq!(r.men(W).on_board, 8);
    assert_eq!(r.owed(W), 0);
    assert_eq!(player_returns(&v, W), vec![Seat::North]);
}

/// Law 63(a): the man brought out is back on the board for the stroke that follows, so that
/// stroke may pocket it too.
#[test]
fn law_63a_the_man_brought_out_for_a_technical_foul_is_on_the_board_for_that_stroke() {
    let mut rules = Rules::icf();
    rules.technical_fouls = true;
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[W]); // South breaks and continues
    pot(&mut r, &[Q]);
    pot(&mut r, &[W]); // the Queen is covered
    pot(&mut r, &n(W, 6));
    nothing(&mut r); // South, turn passes
    nothing(&mut r); // North
    assert_eq!(r.on_board(W), 1);
    // A technical foul brings an eighth white out; South then pockets both whites.
    let v = judge(
        &mut r,
        StrokeReport {
            technical_foul: Some(Seat::South),
            ..StrokeReport::pocketing(&[W, W])
        },
    );
    assert_law(&v, "63(a)");
    assert_law(&v, "52(a)");
    assert_eq!(
        v.board_result,
        Some(BoardResult {
            winner: Side::Zero,
            points: 12
        })
    );
}

#[test]
fn law_63_technical_fouls_are_rejected_unless_switched_on() {
    let mut r = singles();
    let err = r
        .judge(&StrokeReport {
            technical_foul: Some(Seat::South),
            ..StrokeReport::nothing()
        })
        .unwrap_err();
    assert!(err.to_string().contains("technical_fouls"), "{err}");
}

#[test]
fn law_64a_a_violation_after_the_first_stroke_of_the_turn_is_a_foul_turn_lost() {
    let mut rules = Rules::icf();
    rules.technical_fouls = true;
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[W, W]); // South continues; his next stroke is not his first
    let v = judge(
        &mut r,
        StrokeReport {
            technical_foul: Some(Seat::South),
            ..StrokeReport::nothing()
        },
    );
    assert_law(&v, "64(a)");
    assert!(!v.continues);
    assert_eq!(r.on_board(W), 8, "one penalty man out of the two pocketed");
}

#[test]
fn law_64a_an_improper_stroke_costs_one_man_and_the_turn() {
    let mut r = position(3, 0);
    let v = judge(&mut r, StrokeReport::nothing().improper());
    assert_law(&v, "64(a)");
    assert_eq!(v.next, Some(Seat::North));
    assert_eq!(r.on_board(W), 7);
    assert_eq!(player_returns(&v, W), vec![Seat::North]);
}

#[test]
fn law_64b_a_foul_while_pocketing_returns_the_pieces_with_one_more() {
    let mut r = position(3, 0);
    let v = judge(&mut r, StrokeReport::pocketing(&[Q, W]).improper());
    assert_law(&v, "64(b)");
    assert_eq!(
        r.on_board(W),
        6 + 1,
        "the white comes back out with a penalty man"
    );
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert!(!v.continues);
    assert_eq!(v.returns[0].piece, Q, "the umpire places the Queen first");
    assert_eq!(v.returns[0].placed_by, Placer::Umpire);
    assert_eq!(v.returns[0].spot, Spot::CentreCircle);
}

#[test]
fn law_65a_a_piece_that_jumps_off_goes_back_to_the_centre_circle_by_the_umpire() {
    let mut r = position(2, 0);
    let v = judge(&mut r, StrokeReport::pocketing(&[W]).with_overboard(&[B]));
    assert_law(&v, "65(a)");
    assert_eq!(r.on_board(B), 9, "the black is back on the board");
    let back: Vec<_> = v
        .returns
        .iter()
        .filter(|x| x.placed_by == Placer::Umpire)
        .collect();
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].piece, B);
    assert_eq!(back[0].spot, Spot::CentreCircle);
    assert!(v.continues, "no foul under the ICF Laws");
}

#[test]
fn law_65b_the_queen_is_placed_before_a_man_that_jumped_with_her() {
    let mut r = position(2, 0);
    let v = judge(&mut r, StrokeReport::nothing().with_overboard(&[B, Q]));
    assert_law(&v, "65(b)");
    let order: Vec<_> = v.returns.iter().map(|x| x.piece).collect();
    assert_eq!(order, vec![Q, B]);
    assert_eq!(r.queen(), QueenState::OnBoard);
}

#[test]
fn law_65c_the_strikers_colour_is_placed_first_when_white_and_black_jump() {
    let mut r = position(2, 1);
    nothing(&mut r); // North (black) to play
    let v = judge(&mut r, StrokeReport::nothing().with_overboard(&[W, B]));
    assert_law(&v, "65(c)");
    let order: Vec<_> = v.returns.iter().map(|x| x.piece).collect();
    assert_eq!(order, vec![B, W], "North made the stroke: black first");
}

#[test]
fn law_65d_more_than_two_men_jumping_are_placed_after_the_first_two() {
    let mut r = position(2, 0);
    let v = judge(&mut r, StrokeReport::nothing().with_overboard(&[B, W, B]));
    assert_law(&v, "65(d)");
    let order: Vec<_> = v.returns.iter().map(|x| x.piece).collect();
    assert_eq!(order, vec![W, B, B]);
    assert_eq!(r.on_board(B), 9);
    assert_eq!(r.on_board(W), 7);
}

#[test]
fn law_66a_a_piece_that_jumps_out_and_falls_back_is_also_placed_by_the_umpire() {
    // The game reports such a piece as overboard; it returns to the centre like Law 65.
    let mut r = position(2, 0);
    let v = judge(&mut r, StrokeReport::nothing().with_overboard(&[W]));
    assert_eq!(v.returns[0].placed_by, Placer::Umpire);
    assert_eq!(r.on_board(W), 7);
}

#[test]
fn law_65_traditional_rules_make_a_piece_off_the_board_a_foul() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    pot(&mut r, &[W, W]);
    let v = judge(&mut r, StrokeReport::pocketing(&[W]).with_overboard(&[B]));
    assert!(!v.continues);
    assert_eq!(
        r.on_board(W),
        6 + 1,
        "one penalty man; the pocketed white stays down"
    );
}

#[test]
fn law_72a_striker_pocketed_alone_is_one_due_and_turn_passes() {
    let mut r = position(2, 0);
    let v = judge(&mut r, StrokeReport::nothing().with_striker());
    assert_law(&v, "72(a)");
    assert_eq!(v.rulings[0].event, Event::StrikerAlone);
    assert!(!v.continues);
    assert_eq!(v.next, Some(Seat::North));
    assert_eq!(r.on_board(W), 8);
    assert_eq!(
        player_returns(&v, W),
        vec![Seat::North],
        "the opponent places it"
    );
}

#[test]
fn law_72b_striker_pocketed_alone_by_an_improper_stroke_is_due_and_foul_two_men() {
    let mut r = position(3, 0);
    let v = judge(&mut r, StrokeReport::nothing().with_striker().improper());
    assert_law(&v, "72(b)");
    assert_eq!(r.on_board(W), 6 + 2);
    assert!(!v.continues);
}

#[test]
fn law_72c_a_due_before_any_man_is_pocketed_stays_outstanding_until_available() {
    let mut r = singles();
    let v = judge(&mut r, StrokeReport::nothing().with_striker()); // break made, striker down
    assert_law(&v, "72(a)");
    assert_law(&v, "72(c)");
    assert_eq!(r.owed(W), 1);
    assert_eq!(r.on_board(W), 9);
    nothing(&mut r); // North
    // South pockets two: one is taken out at once for the outstanding due.
    let v = pot(&mut r, &[W, W]);
    assert_law(&v, "72(c)");
    assert_eq!(r.owed(W), 0);
    assert_eq!(r.on_board(W), 8);
    assert_eq!(r.pocketed(W), 1);
    assert!(v.continues);
    assert_eq!(player_returns(&v, W), vec![Seat::North]);
}

/// Whether the verdict says a due stays outstanding (Law 72(c)).
fn calls_outstanding(v: &Verdict) -> bool {
    v.rulings
        .iter()
        .any(|r| matches!(r.event, Event::DuesOutstanding { .. }))
}

/// Law 72(c): the umpire says a due is outstanding when it arises; the strokes after it, by
/// either player, do not say it again while it stays as it was (the scoreboard shows it).
#[test]
fn law_72c_an_outstanding_due_is_called_when_it_arises_not_at_every_later_stroke() {
    let mut r = singles();
    let v = judge(&mut r, StrokeReport::nothing().with_striker()); // break made, striker down
    assert!(
        calls_outstanding(&v),
        "called when it arises: {:?}",
        v.rulings
    );
    let v = nothing(&mut r); // North
    assert!(
        !calls_outstanding(&v),
        "not on North's stroke: {:?}",
        v.rulings
    );
    let v = nothing(&mut r); // South
    assert!(
        !calls_outstanding(&v),
        "not on South's next: {:?}",
        v.rulings
    );
    assert_eq!(r.owed(W), 1, "still owed");
    // A second due while the first is outstanding: said again, with the new count.
    nothing(&mut r); // North
    let v = judge(&mut r, StrokeReport::nothing().with_striker());
    assert!(
        v.rulings
            .iter()
            .any(|r| r.event == Event::DuesOutstanding { colour: W, owed: 2 }),
        "{:?}",
        v.rulings
    );
}

#[test]
fn law_73_striker_with_own_men_returns_them_with_a_due_and_the_turn_continues() {
    let mut r = position(3, 0);
    let v = judge(&mut r, StrokeReport::pocketing(&[W, W]).with_striker());
    assert_law(&v, "73");
    assert!(v.continues);
    assert_eq!(r.on_board(W), 6 + 1, "both whites back plus one due");
}

#[test]
fn law_74_striker_with_opponents_men_they_stay_down_one_due_turn_lost() {
    let mut r = position(3, 0);
    let v = judge(&mut r, StrokeReport::pocketing(&[B, B]).with_striker());
    assert_law(&v, "74");
    assert!(!v.continues);
    assert_eq!(r.on_board(B), 7);
    assert_eq!(r.on_board(W), 7);
}

#[test]
fn law_75_striker_with_own_and_opponents_men_own_come_out_with_a_due_turn_continues() {
    let mut r = position(3, 0);
    let v = judge(&mut r, StrokeReport::pocketing(&[W, B]).with_striker());
    assert_law(&v, "75");
    assert!(v.continues);
    assert_eq!(r.on_board(W), 6 + 1, "the white is back and one due is out");
    assert_eq!(r.on_board(B), 8);
}

/// Law 125(a) against Law 75. ICF reading: Law 75 keeps the turn when own men fall with the
/// opponent's (with the striker, and so without it, Law 48). `opponent_piece = "ends_turn"`
/// reads Law 125(a) literally: "When a player pockets the C/m of his opponent knowingly or
/// unknowingly, the Umpire shall stop the player from playing further."
#[test]
fn law_125a_read_literally_stops_the_player_even_when_own_men_fall_too() {
    let mut r = position(3, 0);
    let v = pot(&mut r, &[W, B]);
    assert!(v.continues);
    assert!(!v.applied("125(a)"));

    let mut rules = Rules::icf();
    rules.opponent_piece = OpponentPiece::EndsTurn;
    let mut r = with(rules, Seats::Singles);
    nothing(&mut r); // South breaks; North to play
    nothing(&mut r);
    pot(&mut r, &[W, W, W]);
    let v = judge(&mut r, StrokeReport::pocketing(&[W, B]).with_striker());
    assert_law(&v, "75");
    assert_law(&v, "125(a)");
    assert!(!v.continues);
    assert_eq!(r.on_board(W), 6 + 1, "the white is back and one due is out");
    assert_eq!(r.on_board(B), 8, "the black stays pocketed");
    nothing(&mut r); // North
    let v = pot(&mut r, &[W, B]);
    assert_law(&v, "125(a)");
    assert!(!v.continues);
}

#[test]
fn law_76_opponents_men_by_an_improper_stroke_stay_down_with_a_penalty_man() {
    let mut r = position(3, 0);
    let v = judge(&mut r, StrokeReport::pocketing(&[B]).improper());
    assert_law(&v, "76");
    assert_eq!(r.on_board(B), 8);
    assert_eq!(r.on_board(W), 7);
    assert!(!v.continues);
}

#[test]
fn law_77a_own_men_by_an_improper_stroke_come_out_with_a_penalty_man() {
    let mut r = position(3, 0);
    let v = judge(&mut r, StrokeReport::pocketing(&[W, W]).improper());
    assert_law(&v, "77(a)");
    assert_eq!(r.on_board(W), 6 + 1, "both whites back plus a penalty man");
    assert!(!v.continues);
}

#[test]
fn law_77b_own_men_with_the_striker_by_an_improper_stroke_come_out_with_due_and_penalty() {
    let mut r = position(4, 0);
    let v = judge(
        &mut r,
        StrokeReport::pocketing(&[W]).with_striker().improper(),
    );
    assert_law(&v, "77(b)");
    assert_eq!(r.on_board(W), 5 + 2, "the white back plus due and penalty");
}

#[test]
fn law_78a_dues_are_taken_out_after_the_stroke_even_during_the_same_turn() {
    let mut r = singles();
    judge(&mut r, StrokeReport::nothing().with_striker());
    nothing(&mut r);
    let v = pot(&mut r, &[W, W, W]);
    assert!(v.continues, "still South's turn");
    assert_eq!(v.returns.len(), 1);
    assert_eq!(r.on_board(W), 7);
}

#[test]
fn law_78bi_in_doubles_dues_are_placed_by_the_player_right_of_the_one_having_the_turn() {
    let mut r = doubles();
    pot(&mut r, &[W, W]); // South continues
    let v = judge(&mut r, StrokeReport::nothing().with_striker());
    assert_law(&v, "78(b)");
    assert_eq!(player_returns(&v, W), vec![Seat::East]);
    // East pockets a black with the striker: North, on East's right, places both.
    let v = judge(&mut r, StrokeReport::pocketing(&[B]).with_striker());
    assert_eq!(player_returns(&v, B), vec![Seat::North]);
    assert_eq!(
        r.owed(B),
        1,
        "the due itself waits for a black to be available"
    );
}

#[test]
fn law_78bii_in_doubles_a_player_who_makes_the_opponents_due_available_places_it_himself() {
    let mut r = doubles();
    nothing(&mut r); // South breaks; East to play
    judge(&mut r, StrokeReport::nothing().with_striker()); // East (black) owes a due
    assert_eq!(r.owed(B), 1);
    // North pockets a black (opponent's): East's due becomes available; North places it.
    let v = pot(&mut r, &[B]);
    assert_eq!(r.owed(B), 0);
    assert_eq!(player_returns(&v, B), vec![Seat::North]);
    assert_law(&v, "78(b)");
}

#[test]
fn law_83_dues_are_placed_as_they_become_available() {
    let mut r = singles();
    judge(&mut r, StrokeReport::nothing().with_striker().improper()); // 2 owed
    assert_eq!(r.owed(W), 2);
    nothing(&mut r);
    pot(&mut r, &[W]);
    assert_eq!(r.owed(W), 1, "one placed, one still outstanding");
    assert_eq!(r.on_board(W), 9);
}

#[test]
fn law_84_85_a_placed_man_must_lie_inside_the_outer_circle() {
    assert!(validate_placement(0.05, 0.0, &[]).is_ok());
    let err = validate_placement(0.08, 0.0, &[]).unwrap_err();
    assert!(matches!(err, PlacementError::OutsideOuterCircle { .. }));
    assert!(err.to_string().contains("outer circle"), "{err}");
    // Exactly touching the outer circle from inside is allowed.
    assert!(validate_placement(OUTER_CIRCLE_RADIUS - PIECE_RADIUS, 0.0, &[]).is_ok());
}

#[test]
fn law_86_a_placed_man_must_not_disturb_another_piece() {
    let err = validate_placement(0.05, 0.0, &[(0.05, 0.02)]).unwrap_err();
    assert!(matches!(err, PlacementError::OverlapsPiece { .. }));
    assert!(err.to_string().contains("overlap"), "{err}");
    assert!(validate_placement(0.05, 0.0, &[(0.05, 2.0 * PIECE_RADIUS)]).is_ok());
}

/// Board 1 of singles on the shot clock: South broke pocketing two blacks, North pocketed
/// nothing, South pocketed two whites and then the striker alone: a white due for North to
/// place (Laws 72(a), 78(b)(i)), and North's turn.
fn a_due_for_north_to_place() -> Referee {
    let mut rules = Rules::icf();
    rules.shot_clock_secs = Some(15);
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[B, B]);
    nothing(&mut r);
    pot(&mut r, &[W, W]);
    let v = judge(&mut r, StrokeReport::nothing().with_striker());
    assert_eq!(player_returns(&v, W), vec![Seat::North]);
    r
}

/// "The time limit for placing Due and/or penalty C/m shall be 15 seconds [...] If the placing
/// [...] is not completed within the stipulated period, [...] a foul declared against the
/// offender." The offender's penalty man comes out for the other to place (Law 78(b)(i)), and
/// the turn is where it was.
#[test]
fn law_88_a_due_not_placed_within_the_time_is_a_foul_against_the_placer() {
    let mut r = a_due_for_north_to_place();
    let v = r.placing_time_out(Seat::North).unwrap();
    assert_law(&v, "88(b)");
    assert_eq!(
        v.rulings[0].event,
        Event::PlacingTime {
            by: Seat::North,
            secs: 15,
            colour: B,
            owed: false
        }
    );
    assert!(v.foul);
    assert_eq!(v.penalties, 1);
    assert_eq!(
        r.on_board(B),
        8,
        "one of the two blacks in the pockets comes out"
    );
    assert_eq!(
        player_returns(&v, B),
        vec![Seat::South],
        "for South to place"
    );
    assert_eq!(v.next, Some(Seat::North), "the turn stays North's");
    assert_eq!(r.turn(), Some(Seat::North));
}

#[test]
fn law_88_with_no_man_of_his_in_the_pockets_the_placers_penalty_is_owed() {
    let mut rules = Rules::icf();
    rules.shot_clock_secs = Some(15);
    let mut r = with(rules, Seats::Singles);
    judge(&mut r, StrokeReport::nothing()); // South breaks; North to play
    let v = r.placing_time_out(Seat::South).unwrap();
    assert_law(&v, "88(b)");
    assert_eq!(r.owed(W), 1, "Law 72(c): owed until a white is pocketed");
    assert!(v.returns.is_empty());
    assert_eq!(v.next, Some(Seat::North));
}

#[test]
fn law_88_needs_the_shot_clock_and_a_seat_at_the_table() {
    let mut r = singles();
    assert_eq!(
        r.placing_time_out(Seat::South),
        Err(JudgeError::OptionOff {
            field: "placing_time_out",
            option: "shot_clock_secs"
        })
    );
    let mut r = a_due_for_north_to_place();
    let before = r;
    assert_eq!(
        r.placing_time_out(Seat::East),
        Err(JudgeError::SeatNotPlaying(Seat::East))
    );
    assert_eq!(r, before, "nothing changes on a refusal");
}

#[test]
fn law_89a_dues_of_the_two_sides_are_not_set_off_against_each_other() {
    let mut r = singles();
    judge(&mut r, StrokeReport::nothing().with_striker()); // South owes 1
    judge(&mut r, StrokeReport::nothing().with_striker()); // North owes 1
    assert_eq!(r.owed(W), 1);
    assert_eq!(r.owed(B), 1);
}

#[test]
fn law_89b_a_placed_man_must_not_cover_the_centre_circle() {
    let err = validate_placement(0.02, 0.0, &[]).unwrap_err();
    assert!(matches!(err, PlacementError::CoversCentreCircle { .. }));
    assert!(err.to_string().contains("centre circle"), "{err}");
    assert!(validate_placement(0.0, CENTRE_CIRCLE_RADIUS + PIECE_RADIUS, &[]).is_ok());
    assert!(validate_placement(f64::NAN, 0.0, &[]).is_err());
}

#[test]
fn law_114_using_a_due_man_for_a_queen_shot_is_a_foul() {
    let mut r = position(3, 0);
    let v = judge(
        &mut r,
        StrokeReport {
            due_used_for_queen: true,
            ..StrokeReport::pocketing(&[Q])
        },
    );
    assert_law(&v, "114");
    assert_law(&v, "64(b)");
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert!(!v.continues);
    assert_eq!(r.on_board(W), 7);
}

#[test]
fn law_116_the_striker_jumping_off_keeps_the_turn_if_own_men_went_down() {
    let mut r = position(2, 0);
    let v = judge(
        &mut r,
        StrokeReport {
            striker_overboard: true,
            ..StrokeReport::pocketing(&[W])
        },
    );
    assert_law(&v, "116");
    assert!(v.continues);
    assert_eq!(r.owed(W), 0, "no due for the striker leaving the board");
    let v = judge(
        &mut r,
        StrokeReport {
            striker_overboard: true,
            ..StrokeReport::nothing()
        },
    );
    assert!(!v.continues);
}

#[test]
fn reports_that_cannot_happen_are_rejected_without_changing_anything() {
    let mut r = position(8, 0);
    let before = r;
    assert!(matches!(
        r.judge(&StrokeReport::pocketing(&[W, W])),
        Err(JudgeError::TooMany {
            colour: W,
            reported: 2,
            available: 1
        })
    ));
    assert!(matches!(
        r.judge(&StrokeReport {
            touched: false,
            ..StrokeReport::pocketing(&[W])
        }),
        Err(JudgeError::UntouchedButMoved)
    ));
    assert!(matches!(
        r.judge(&StrokeReport {
            striker_overboard: true,
            ..StrokeReport::nothing().with_striker()
        }),
        Err(JudgeError::StrikerTwice)
    ));
    assert_eq!(r, before);
}

/// The scoreboard's foul and due counts come from the verdict: a stroke pocketing the striker
/// (Law 72(a)) or an improper stroke (Law 64(a)) is a foul costing one man, whether he has one
/// to give back or owes it (Law 72(c)); a proper stroke is no foul and costs nothing.
#[test]
fn laws_64_72_each_verdict_says_whether_the_striker_fouled_and_what_it_cost() {
    let mut r = position(2, 0);
    let proper = pot(&mut r, &[W]);
    assert!(!proper.foul);
    assert_eq!(proper.penalties, 0);

    let pocketed_striker = judge(&mut r, StrokeReport::nothing().with_striker());
    assert!(pocketed_striker.foul);
    assert_eq!(pocketed_striker.penalties, 1, "one due (Law 72(a))");

    // North, with nothing pocketed, plays an improper stroke: the penalty is owed.
    let improper = judge(&mut r, StrokeReport::nothing().improper());
    assert_law(&improper, "72(c)");
    assert!(improper.foul);
    assert_eq!(improper.penalties, 1, "owed counts as declared");

    // South pockets the striker with one of his men: the man comes out (Law 73) and one due
    // is declared; the men coming out are not penalties.
    let with_man = judge(&mut r, StrokeReport::pocketing(&[W]).with_striker());
    assert_law(&with_man, "73");
    assert!(with_man.foul);
    assert_eq!(with_man.penalties, 1);
}
