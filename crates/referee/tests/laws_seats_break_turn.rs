//! Laws 27-28 (seats), 41-51 (set-up, break, turn), 56-57 (match structure), 137 (passes).

mod common;
use common::*;

#[test]
fn law_27_in_singles_the_players_sit_opposite_south_and_north() {
    let r = singles();
    assert_eq!(Seats::Singles.seats(), &[Seat::South, Seat::North]);
    assert_eq!(r.side_of(Seat::South), Side::Zero);
    assert_eq!(r.side_of(Seat::North), Side::One);
    assert_eq!(Seat::South.opposite(), Seat::North);
}

#[test]
fn law_28_in_doubles_partners_sit_opposite_on_all_four_sides() {
    let r = doubles();
    assert_eq!(r.side_of(Seat::South), r.side_of(Seat::North));
    assert_eq!(r.side_of(Seat::East), r.side_of(Seat::West));
    assert_ne!(r.side_of(Seat::South), r.side_of(Seat::East));
    assert_eq!(r.side_of(Seat::East), Side::One);
}

/// "There shall be a toss by the Umpire at the commencement of each match. [...] The either
/// player/pair, winning the toss, shall have the [...] option to strike first." The toss is
/// recorded before the first stroke and never after it; the winner's choice holds for the match
/// (the break then alternates, Law 49(a)).
#[test]
fn law_39a_the_winner_of_the_toss_may_choose_to_strike_first_at_the_start_of_the_match() {
    let mut r = singles();
    r.set_breaker(Seat::North).unwrap();
    assert_eq!(r.turn(), Some(Seat::North));
    assert_eq!(r.colour_of(Seat::North), W);
    // He may change his mind before the first stroke; the toss cannot be re-run after it.
    r.set_breaker(Seat::South).unwrap();
    r.set_breaker(Seat::North).unwrap();
    pot(&mut r, &n(W, 9)); // North clears, leaving the Queen (Law 107): board 2
    assert_eq!(r.board_number(), 2);
    assert_eq!(
        r.set_breaker(Seat::North),
        Err(JudgeError::CannotSetBreaker),
        "only at the commencement of the match (or before an extra board, Law 56(b))"
    );
    assert_eq!(
        r.breaker(),
        Seat::South,
        "the break alternates from the toss"
    );
}

/// "In doubles, the pair winning the toss shall have the option as above": any seat of the
/// pair may break, and only seats at the table.
#[test]
fn law_39b_in_doubles_the_pair_winning_the_toss_chooses_who_breaks() {
    let mut r = doubles();
    r.set_breaker(Seat::West).unwrap();
    assert_eq!(r.turn(), Some(Seat::West));
    assert_eq!(r.colour_of(Seat::East), W, "the breaker's pair plays white");
    assert_eq!(r.colour_of(Seat::South), B);
    let mut singles = singles();
    assert_eq!(
        singles.set_breaker(Seat::East),
        Err(JudgeError::SeatNotPlaying(Seat::East))
    );
}

#[test]
fn law_41_the_board_starts_with_nine_white_nine_black_and_the_queen_on_the_board() {
    let r = singles();
    assert_eq!(r.on_board(W), 9);
    assert_eq!(r.on_board(B), 9);
    assert_eq!(r.on_board(Q), 1);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert!(!r.break_made());
}

#[test]
fn law_42_the_player_who_chose_to_strike_first_breaks() {
    let mut r = singles();
    assert_eq!(r.turn(), Some(Seat::South));
    r.set_breaker(Seat::North).unwrap();
    assert_eq!(r.turn(), Some(Seat::North));
    assert_eq!(r.breaker(), Seat::North);
    // Once a stroke has been played the toss cannot be re-run.
    nothing(&mut r);
    assert_eq!(
        r.set_breaker(Seat::South),
        Err(JudgeError::CannotSetBreaker)
    );
}

#[test]
fn law_43_the_breaker_plays_white_and_the_opponent_black() {
    let mut r = singles();
    assert_eq!(r.colour_of(Seat::South), W);
    assert_eq!(r.colour_of(Seat::North), B);
    r.set_breaker(Seat::North).unwrap();
    assert_eq!(r.colour_of(Seat::North), W);
    assert_eq!(r.colour_of(Seat::South), B);
}

#[test]
fn law_44_the_break_is_made_when_the_striker_touches_any_piece() {
    let mut r = singles();
    let v = nothing(&mut r);
    assert_law(&v, "44");
    assert!(r.break_made());
    assert_eq!(v.next, Some(Seat::North));
}

#[test]
fn law_45a_a_break_that_touches_nothing_allows_two_more_attempts() {
    let mut r = singles();
    for attempt in 1..=2 {
        let v = judge(&mut r, StrokeReport::miss());
        assert_law(&v, "45(a)");
        assert!(v.continues, "attempt {attempt} keeps the turn");
        assert_eq!(v.next, Some(Seat::South));
        assert!(!r.break_made());
    }
    assert_eq!(r.break_attempts_left(), 1);
}

#[test]
fn law_45b_after_three_misses_the_opponent_plays_black_and_must_break() {
    let mut r = singles();
    for _ in 0..2 {
        judge(&mut r, StrokeReport::miss());
    }
    let v = judge(&mut r, StrokeReport::miss());
    assert_law(&v, "45(b)");
    assert_eq!(v.next, Some(Seat::North));
    assert_eq!(r.colour_of(Seat::North), B, "the opponent plays black");
    assert!(
        !r.break_made(),
        "the condition prevails till the break is effected"
    );
    assert_eq!(r.break_attempts_left(), 3);
    // North misses three times too: back to South.
    for _ in 0..3 {
        judge(&mut r, StrokeReport::miss());
    }
    assert_eq!(r.turn(), Some(Seat::South));
    // Nobody may pass before the break.
    assert_eq!(
        r.judge(&StrokeReport::pass()),
        Err(JudgeError::PassBeforeBreak)
    );
}

#[test]
fn law_45c_an_improper_break_or_striker_pocketed_without_a_touch_loses_the_turn_without_due() {
    let mut r = singles();
    let v = judge(&mut r, StrokeReport::miss().with_striker());
    assert_law(&v, "45(c)");
    assert_eq!(v.next, Some(Seat::North));
    assert_eq!(r.owed(W), 0, "no due at the break");
    let v = judge(&mut r, StrokeReport::miss().improper());
    assert_law(&v, "45(c)");
    assert_eq!(r.owed(B), 0);
    assert_eq!(v.next, Some(Seat::South));
}

/// Law 45(c), ICF reading: "without touching any of the c/m" qualifies both clauses. An
/// improper stroke that touches a man is the break (Law 44), judged like any improper stroke:
/// a foul with its penalty man (Law 64(a)), outstanding until a white is pocketed (72(c)).
#[test]
fn law_45c_an_improper_break_that_touches_a_man_is_a_made_break_with_its_penalty() {
    let mut r = singles();
    assert_eq!(r.rules().improper_break, ImproperBreak::Untouched);
    let v = judge(&mut r, StrokeReport::nothing().improper());
    assert_law(&v, "44");
    assert_law(&v, "64(a)");
    assert!(!v.applied("45(c)"));
    assert!(r.break_made());
    assert_eq!(r.owed(W), 1);
    assert_eq!(v.next, Some(Seat::North));
}

/// Law 45(c), the other reading (`improper_break = "any"`): "without touching" qualifies only
/// the striker, so any improper stroke in the attempt to break loses the turn with no due or
/// penalty. It touched a man, so the break is made (Law 44); the white it pocketed comes out
/// (Law 64(b)), the black stays pocketed (Law 76).
#[test]
fn law_45c_read_for_every_improper_break_costs_the_turn_without_due_or_penalty() {
    let mut rules = Rules::icf();
    rules.improper_break = ImproperBreak::Any;
    let mut r = with(rules, Seats::Singles);
    let v = judge(&mut r, StrokeReport::pocketing(&[W, B]).improper());
    assert_law(&v, "44");
    assert_law(&v, "45(c)");
    assert!(r.break_made());
    assert_eq!(v.next, Some(Seat::North));
    assert_eq!((r.on_board(W), r.owed(W)), (9, 0), "no penalty man");
    assert_eq!(r.on_board(B), 8);
    // The striker pocketed by the improper break: no due either.
    let mut r = with(rules, Seats::Singles);
    let v = judge(&mut r, StrokeReport::nothing().with_striker().improper());
    assert_law(&v, "45(c)");
    assert_eq!(r.owed(W), 0);
    // An attempt that touches nothing is ruled the same in both readings.
    let mut r = with(rules, Seats::Singles);
    let v = judge(&mut r, StrokeReport::miss().improper());
    assert_law(&v, "45(c)");
    assert!(!r.break_made());
    // After the break, an improper stroke is a foul as usual.
    let mut r = with(rules, Seats::Singles);
    nothing(&mut r);
    let v = judge(&mut r, StrokeReport::nothing().improper());
    assert_law(&v, "64(a)");
    assert_eq!(r.owed(B), 1);
}

#[test]
fn law_46_a_break_after_the_15_second_call_is_a_foul_when_the_clock_is_on() {
    let mut rules = Rules::icf();
    rules.shot_clock_secs = Some(15);
    let mut r = with(rules, Seats::Singles);
    let v = judge(
        &mut r,
        StrokeReport {
            shot_clock_expired: true,
            ..StrokeReport::miss()
        },
    );
    assert_law(&v, "50");
    assert_law(&v, "45(c)");
    assert_eq!(v.next, Some(Seat::North));
}

#[test]
fn law_47_a_break_before_play_is_called_is_an_improper_stroke_whose_pieces_come_out() {
    // The game reports the premature break as an improper stroke.
    let mut r = singles();
    let v = judge(&mut r, StrokeReport::pocketing(&[W, W, Q]).improper());
    assert_law(&v, "64(b)");
    assert_eq!(r.on_board(W), 9, "both whites come back out");
    assert_eq!(r.owed(W), 1, "the penalty man stays outstanding");
    assert_eq!(r.on_board(Q), 1);
    assert_eq!(v.next, Some(Seat::North));
}

#[test]
fn law_48_the_turn_continues_while_own_men_are_pocketed_properly() {
    let mut r = singles();
    let v = pot(&mut r, &[W]);
    assert!(v.continues);
    assert_law(&v, "48");
    let v = pot(&mut r, &[W, B]);
    assert!(v.continues, "own and opponent's man: still continues");
    let v = pot(&mut r, &[B]);
    assert!(!v.continues, "only the opponent's man: turn passes");
    assert_law(&v, "48");
    assert_eq!(r.on_board(B), 7, "the opponent's men stay pocketed");
    let v = nothing(&mut r);
    assert!(!v.continues);
}

#[test]
fn law_49ai_the_break_alternates_board_by_board_in_the_first_game() {
    let mut r = singles();
    assert_eq!(r.breaker(), Seat::South);
    pot(&mut r, &n(W, 9)); // South clears (leaving the Queen: Law 107) and board 1 ends
    assert_eq!(r.board_number(), 2);
    assert_eq!(r.breaker(), Seat::North);
    assert_eq!(r.colour_of(Seat::North), W);
    pot(&mut r, &n(W, 9));
    assert_eq!(r.breaker(), Seat::South);
}

#[test]
fn law_49aii_iii_game_two_is_broken_first_by_the_other_player_game_three_by_the_first() {
    let mut r = singles();
    // Game 1: South breaks boards 1, 3; North 2. Each breaker clears with the Queen on the
    // board... simpler: cover the Queen then clear, 9-12 points a board.
    let mut first_breakers = vec![r.breaker()];
    let mut game = 1;
    while !r.is_over() {
        // The breaker pockets a man, then Queen with a man (covered), then the rest: 12 points.
        pot(&mut r, &[W]);
        pot(&mut r, &[Q, W]);
        pot(&mut r, &n(W, 7));
        if r.game_number() != game {
            game = r.game_number();
            first_breakers.push(r.breaker());
        }
    }
    assert_eq!(first_breakers, vec![Seat::South, Seat::North, Seat::South]);
}

#[test]
fn law_49b_in_doubles_the_turn_passes_to_the_right_south_east_north_west() {
    let mut r = doubles();
    let mut order = vec![r.turn().unwrap()];
    for _ in 0..4 {
        let v = nothing(&mut r);
        order.push(v.next.unwrap());
    }
    assert_eq!(
        order,
        vec![
            Seat::South,
            Seat::East,
            Seat::North,
            Seat::West,
            Seat::South
        ]
    );
    // A player at South faces north: East is on his right hand.
    assert_eq!(Seat::South.right(), Seat::East);
    assert_eq!(Seat::East.right(), Seat::North);
}

#[test]
fn law_49b_traditional_rules_pass_the_turn_clockwise() {
    let mut r = with(Rules::traditional(), Seats::Doubles);
    let v = nothing(&mut r);
    assert_eq!(v.next, Some(Seat::West));
}

#[test]
fn law_50_taking_longer_than_the_shot_clock_is_a_foul_when_switched_on() {
    let mut r = position(2, 0);
    let late = StrokeReport {
        shot_clock_expired: true,
        ..StrokeReport::nothing()
    };
    assert!(matches!(
        r.judge(&late),
        Err(JudgeError::OptionOff {
            field: "shot_clock_expired",
            ..
        })
    ));
    let mut rules = Rules::icf();
    rules.shot_clock_secs = Some(15);
    let mut r = with(rules, Seats::Singles);
    pot(&mut r, &[W, W]);
    let v = judge(&mut r, late);
    assert_law(&v, "50");
    assert_eq!(v.next, Some(Seat::North));
    assert_eq!(r.on_board(W), 8, "one penalty man out");
}

#[test]
fn law_56a_a_game_is_won_by_the_first_to_25_points() {
    let mut r = singles();
    // Boards of 12: South 12, North 12, South 24, North 24, South 36 -> game.
    let mut results = vec![];
    while r.game_number() == 1 {
        pot(&mut r, &[W]);
        pot(&mut r, &[Q, W]);
        let v = pot(&mut r, &n(W, 7));
        results.push(v.board_result.unwrap().points);
        if let Some(g) = v.game_result {
            assert_law(&v, "56(a)");
            assert!(g.score[g.winner.index()] >= 25);
            assert_eq!(
                v.score, g.score,
                "score reports the finished game's final score"
            );
        }
    }
    assert_eq!(results.len(), 5);
    assert_eq!(r.score(), [0, 0], "the next game starts from nothing");
}

#[test]
fn law_56a_the_leader_after_eight_boards_wins_the_game() {
    let mut rules = Rules::icf();
    rules.game_points = 200; // only the board limit can end this game
    let mut r = with(rules, Seats::Singles);
    for board in 1..=8u8 {
        assert_eq!(r.board_number(), board);
        if r.breaker() == Seat::North {
            nothing(&mut r); // North breaks, pockets nothing; South plays black
        }
        let own = r.colour_of(Seat::South);
        pot(&mut r, &[own]);
        pot(&mut r, &[Q, own]);
        let v = pot(&mut r, &n(own, 7));
        assert_eq!(v.board_result.unwrap().winner, Side::Zero);
        if board == 8 {
            assert_law(&v, "56(a)");
            assert_eq!(v.game_result.unwrap().winner, Side::Zero);
        } else {
            assert!(v.game_result.is_none());
        }
    }
    assert_eq!(r.game_number(), 2);
}

#[test]
fn law_56b_a_tie_after_eight_boards_goes_to_an_extra_board_after_a_toss() {
    let mut r = singles();
    for _ in 1..=8 {
        pot(&mut r, &n(B, 8));
        nothing(&mut r);
        pot(&mut r, &[W]);
        pot(&mut r, &[Q, W]);
        pot(&mut r, &n(W, 7));
    }
    assert_eq!(r.score(), [16, 16]);
    assert!(r.is_extra_board());
    // The toss for the break (Law 56(b)): North wins it.
    r.set_breaker(Seat::North).unwrap();
    assert_eq!(r.colour_of(Seat::North), W);
    pot(&mut r, &n(B, 8)); // North pockets eight of South's blacks
    nothing(&mut r);
    pot(&mut r, &[W]);
    pot(&mut r, &[Q, W]);
    let v = pot(&mut r, &n(W, 7));
    assert_law(&v, "56(b)");
    let g = v.game_result.expect("the extra board decides the game");
    assert_eq!(g.winner, Side::One);
    assert_eq!(g.score, [16, 16 + 4]);
}

#[test]
fn law_57_a_match_is_the_best_of_three_games() {
    let mut r = singles();
    let mut game_winners = vec![];
    while !r.is_over() {
        // The breaker always wins 12: each player wins the games he breaks first.
        pot(&mut r, &[W]);
        pot(&mut r, &[Q, W]);
        let v = pot(&mut r, &n(W, 7));
        if let Some(g) = v.game_result {
            game_winners.push(g.winner);
        }
        if let Some(m) = v.match_result {
            assert_law(&v, "57");
            assert_eq!(m.games, [2, 1]);
            assert_eq!(v.next, None);
        }
    }
    assert_eq!(game_winners, vec![Side::Zero, Side::One, Side::Zero]);
    assert!(matches!(
        r.judge(&StrokeReport::nothing()),
        Err(JudgeError::MatchOver { winner: Side::Zero })
    ));
}

#[test]
fn law_57_vkk_decides_the_match_in_one_game_of_six_boards() {
    let mut r = with(Rules::vkk(), Seats::Singles);
    for board in 1..=6u8 {
        assert_eq!(r.board_number(), board);
        pot(&mut r, &n(B, 8));
        nothing(&mut r);
        pot(&mut r, &[W]);
        pot(&mut r, &[Q, W]);
        let v = pot(&mut r, &n(W, 7));
        if board == 6 {
            assert_law(&v, "56(b)");
        }
    }
    let v = pot(&mut r, &n(W, 9));
    assert!(v.match_result.is_some());
    assert!(r.is_over());
}

#[test]
fn law_137_three_passes_by_each_side_cancel_and_replay_the_board() {
    let mut r = position(3, 2);
    nothing(&mut r); // South; now North
    let score = r.score();
    for k in 1..=5 {
        let v = r.pass().unwrap();
        assert_law(&v, "137");
        assert!(!v.board_cancelled, "pass {k}");
    }
    let v = r.pass().unwrap();
    assert!(v.board_cancelled);
    assert_law(&v, "137");
    assert_eq!(r.on_board(W), 9);
    assert_eq!(r.on_board(B), 9);
    assert_eq!(r.board_number(), 1, "the same board is replayed");
    assert_eq!(r.breaker(), Seat::South);
    assert_eq!(r.turn(), Some(Seat::South));
    assert_eq!(r.score(), score);
    assert!(!r.break_made());
}

#[test]
fn law_137_a_stroke_between_passes_restarts_the_count() {
    let mut r = position(3, 2);
    for _ in 0..5 {
        r.pass().unwrap();
    }
    nothing(&mut r);
    assert_eq!(r.consecutive_passes(), 0);
    let v = r.pass().unwrap();
    assert!(!v.board_cancelled);
    assert!(matches!(
        r.judge(&StrokeReport {
            pass: true,
            pocketed: vec![W],
            ..StrokeReport::default()
        }),
        Err(JudgeError::PassWithStroke(_))
    ));
}

/// Law 137 in doubles, ICF reading: "3 times each" is each side, as the Laws call a pair "the
/// player" when they score it: six passes in a row cancel the board.
#[test]
fn law_137_in_doubles_three_passes_by_each_side_cancel_the_board() {
    let mut r = doubles();
    nothing(&mut r); // South breaks; East to play
    for k in 1..=5 {
        let v = r.pass().unwrap();
        assert!(!v.board_cancelled, "pass {k}");
    }
    let v = r.pass().unwrap();
    assert_eq!(
        v.by,
        Seat::North,
        "E, N, W, S, E, N: three passes by each side"
    );
    assert!(v.board_cancelled);
    assert_law(&v, "137");
}

/// Law 137 in doubles, the other reading (`passes_by = "player"`): three passes by each of the
/// four players, twelve in a row, cancel the board; in singles it is the same as by side.
#[test]
fn law_137_passes_by_each_player_need_twelve_in_doubles_and_six_in_singles() {
    let mut rules = Rules::icf();
    rules.passes_by = PassesBy::Player;
    let mut r = with(rules, Seats::Doubles);
    nothing(&mut r);
    for k in 1..=11 {
        let v = r.pass().unwrap();
        assert!(!v.board_cancelled, "pass {k}");
    }
    let v = r.pass().unwrap();
    assert!(v.board_cancelled);
    assert!(
        v.events().any(|e| *e
            == Event::PassesCancelBoard {
                by_every_player: true,
                each: 3
            }),
        "{}",
        v.summary()
    );

    let mut r = with(rules, Seats::Singles);
    nothing(&mut r);
    for _ in 1..=5 {
        assert!(!r.pass().unwrap().board_cancelled);
    }
    assert!(r.pass().unwrap().board_cancelled);
}

/// Law 137 and the break, the other reading (`pass_before_break = true`): a pass before the
/// break counts as a pass, and the right to break passes on with the colours unchanged, as
/// Law 45(b) does after three misses. (ICF reading: rejected, see Law 45(b).)
#[test]
fn law_137_a_pass_before_the_break_hands_the_break_on_when_allowed() {
    let mut rules = Rules::icf();
    rules.pass_before_break = true;
    let mut r = with(rules, Seats::Singles);
    judge(&mut r, StrokeReport::miss()); // one attempt used
    let v = r.pass().unwrap();
    assert_law(&v, "137");
    assert_eq!(v.next, Some(Seat::North));
    assert!(!r.break_made());
    assert_eq!(r.break_attempts_left(), 3);
    assert_eq!(r.colour_of(Seat::North), B, "North breaks with black");
    assert_eq!(r.consecutive_passes(), 1);
    // Six passes in a row before the break cancel the board too; it is replayed as it was.
    for _ in 0..5 {
        r.pass().unwrap();
    }
    assert_eq!(r.consecutive_passes(), 0);
    assert_eq!(r.turn(), Some(Seat::South));
    assert_eq!(r.breaker(), Seat::South);
    // A break attempt between passes restarts the count.
    r.pass().unwrap();
    let v = nothing(&mut r);
    assert_law(&v, "44");
    assert_eq!(r.consecutive_passes(), 0);
}
