//! Rule variants as data: presets and rules files.

mod common;
use common::*;

#[test]
fn presets_are_derived_from_their_texts() {
    assert_eq!(Rules::default(), Rules::icf());
    let icf = Rules::icf();
    assert_eq!(
        (icf.game_points, icf.boards_per_game, icf.games_to_win),
        (25, 8, 2)
    );
    assert_eq!(
        (
            icf.queen_points,
            icf.queen_points_below,
            icf.max_board_points
        ),
        (3, 22, 12)
    );
    let vkk = Rules::vkk();
    assert_eq!(
        (vkk.boards_per_game, vkk.game_points, vkk.games_to_win),
        (6, 25, 1)
    );
    let fof = Rules::fof2022();
    assert_eq!(
        (fof.game_points, fof.queen_points, fof.queen_points_below),
        (29, 5, 25)
    );
    assert_eq!(fof.opponent_piece, OpponentPiece::EndsTurn);
    let trad = Rules::traditional();
    assert_eq!(trad.turn_order, TurnOrder::Left);
    assert_eq!(trad.endings, Endings::Traditional);
    for name in PRESET_NAMES {
        assert!(Rules::preset(name).is_some(), "{name}");
        assert!(Rules::preset(name).unwrap().validate().is_ok());
    }
    assert!(Rules::preset("nope").is_none());
}

#[test]
fn fof2022_queen_is_worth_5_and_sinking_an_opponents_piece_ends_the_turn() {
    let mut r = with(Rules::fof2022(), Seats::Singles);
    let v = pot(&mut r, &[W, B]);
    assert!(!v.continues, "an opponent's piece ends the turn");
    nothing(&mut r);
    pot(&mut r, &[Q, W]);
    let v = pot(&mut r, &n(W, 7));
    assert_eq!(v.board_result.unwrap().points, 8 + 5);
}

#[test]
fn casual_last_piece_before_the_queen_costs_three_and_the_opponents_pieces() {
    let mut r = with(Rules::casual(), Seats::Singles);
    pot(&mut r, &n(B, 4)); // turn passes
    nothing(&mut r);
    let v = pot(&mut r, &n(W, 9));
    assert_law(&v, "107(a)");
    assert_eq!(
        v.board_result.unwrap(),
        BoardResult {
            winner: Side::One,
            points: 3 + 5
        }
    );
}

#[test]
fn traditional_fouls_cost_one_man_and_pocketed_men_stay_down() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    pot(&mut r, &[W, W]);
    let v = judge(&mut r, StrokeReport::pocketing(&[W]).with_striker());
    assert!(!v.continues);
    assert_eq!(r.on_board(W), 7, "three down, one penalty man back");
    nothing(&mut r); // North
    // Pocketing an opponent's man is a foul too: they stay down, one own man comes out.
    let v = pot(&mut r, &[B, B]);
    assert!(!v.continues);
    assert_eq!(r.on_board(B), 7);
    assert_eq!(r.pocketed(B), 2);
    assert_eq!(r.on_board(W), 7 + 1);
}

/// "Should a player pocket the Queen before being permitted to cover it, the turn continues but
/// the Queen is returned to the centre at the end of the turn." (This test used to check that
/// she was back on the board at once.)
#[test]
fn traditional_queen_without_right_goes_back_at_the_end_of_the_turn_which_continues() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    let v = pot(&mut r, &[Q, W, W]);
    assert_law(&v, "95(a)");
    assert!(v.continues);
    assert_eq!(
        r.queen(),
        QueenState::AwaitingReturn { by: Seat::South },
        "she stays in the pocket while the turn goes on"
    );
    assert!(v.returns.iter().all(|x| x.piece != Q));
    assert_eq!((r.on_board(Q), r.pocketed(Q)), (0, 1));
    // The turn ends: the umpire returns her to the centre.
    let v = nothing(&mut r);
    assert_eq!(v.next, Some(Seat::North));
    assert_law(&v, "93");
    assert_eq!(v.returns, vec![queen_to_centre()]);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(v.position.queen, QueenState::OnBoard);
}

/// The umpire's Queen, back in the centre circle.
fn queen_to_centre() -> Return {
    Return {
        piece: Q,
        placed_by: Placer::Umpire,
        spot: Spot::CentreCircle,
        law: Law("93"),
    }
}

/// The traditional rules with the other reading of `queen_returned`: the Queen pocketed without
/// the right goes back at once.
fn traditional_at_once() -> Rules {
    Rules {
        queen_returned: QueenReturned::AtOnce,
        ..Rules::traditional()
    }
}

/// "A player may only pocket and cover the Queen if that player has already pocketed at least
/// one piece of that player's colour." A man pocketed later in the turn gives him that right,
/// but not over the Queen already in the pocket: she was pocketed "before being permitted to
/// cover it", so she "is returned to the centre at the end of the turn", and he may pocket and
/// cover her in a later turn.
#[test]
fn traditional_a_man_pocketed_later_in_the_turn_does_not_cover_the_queen_waiting_in_the_pocket() {
    for seats in [Seats::Singles, Seats::Doubles] {
        let mut r = with(Rules::traditional(), seats);
        // The break pockets the Queen alone: no man of his pocketed yet.
        let v = pot(&mut r, &[Q]);
        assert_law(&v, "95(a)");
        assert!(v.continues, "{seats:?}");
        assert_eq!(r.queen(), QueenState::AwaitingReturn { by: Seat::South });
        assert_eq!(r.queen_right(Seat::South), QueenRight::NotOnBoard);
        // She is in the pocket: no stroke of this turn can pocket her again.
        let before = r;
        assert!(matches!(
            r.judge(&StrokeReport::pocketing(&[Q, W])),
            Err(JudgeError::QueenNotOnBoard { .. })
        ));
        assert_eq!(r, before);
        // His own men keep the turn and give him the right, but do not cover her.
        for _ in 0..2 {
            let v = pot(&mut r, &[W]);
            assert_law(&v, "48");
            assert!(v.continues);
            assert!(r.has_pocketed_a_man(Side::Zero));
            assert_eq!(
                r.queen(),
                QueenState::AwaitingReturn { by: Seat::South },
                "neither covered nor awaiting cover"
            );
        }
        // The turn ends: she is returned to the centre.
        let v = nothing(&mut r);
        assert_ne!(v.next, Some(Seat::South));
        assert_eq!(v.returns, vec![queen_to_centre()]);
        assert_eq!(r.queen(), QueenState::OnBoard);
        assert_eq!(r.on_board(W), 7);
        // His next turn: the right he gained lets him pocket and cover her.
        while r.turn() != Some(Seat::South) {
            nothing(&mut r);
        }
        assert_eq!(r.queen_right(Seat::South), QueenRight::Yes);
        let v = pot(&mut r, &[Q, W]);
        assert_law(&v, "97(a)");
        assert_eq!(r.queen(), QueenState::Covered(W));
    }
}

/// "When a player commits a foul, the turn comes to an end immediately": the Queen waiting in
/// the pocket is returned in the same verdict, the umpire's Queen before the penalty man.
/// A pass ends the turn too.
#[test]
fn traditional_a_foul_or_a_pass_ends_the_turn_and_returns_the_queen_waiting_in_the_pocket() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    pot(&mut r, &[Q, W]);
    let v = judge(&mut r, StrokeReport::pocketing(&[W]).with_striker());
    assert!(!v.continues);
    assert_law(&v, "72(a)");
    assert_law(&v, "93");
    assert_eq!(v.returns[0], queen_to_centre());
    assert_eq!(player_returns(&v, W), vec![Seat::North], "the penalty man");
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.on_board(W), 8);

    let mut r = with(Rules::traditional(), Seats::Singles);
    pot(&mut r, &[Q, W]);
    let v = r.pass().unwrap();
    assert_eq!(laws(&v), vec!["137", "93"]);
    assert_eq!(v.returns, vec![queen_to_centre()]);
    assert_eq!(v.next, Some(Seat::North));
    assert_eq!(r.queen(), QueenState::OnBoard);
}

/// "A player pockets the final piece before the Queen has been covered. In this case both the
/// pocketed piece and a penalty piece are returned to the centre." The Queen waiting in the
/// pocket is not covered, so clearing his colour is that foul; the foul ends the turn and she
/// comes back too.
#[test]
fn traditional_the_last_man_with_the_queen_waiting_in_the_pocket_is_the_last_man_foul() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    pot(&mut r, &[Q, W]);
    let v = pot(&mut r, &n(W, 7));
    assert!(v.continues);
    let v = pot(&mut r, &[W]);
    assert!(v.board_result.is_none());
    assert!(!v.continues);
    assert_eq!(v.returns[0], queen_to_centre());
    assert_eq!(r.on_board(W), 2, "the last man and a penalty man come back");
    assert_eq!(r.queen(), QueenState::OnBoard);
}

/// A penalty owed is the other way of having no right to her (Law 95(b) as the referee reads
/// the variant): she waits in the pocket until the end of the turn in the same way. The man he
/// pocketed with her pays the penalty, returned by the opponent at the end of the turn too
/// ("the piece is returned to the centre by the opponent at the end of the turn"). (This test
/// used to expect the man back in the verdict of the stroke that pocketed him.)
#[test]
fn traditional_queen_pocketed_while_a_penalty_is_owed_goes_back_at_the_end_of_the_turn() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    for _ in 0..3 {
        judge(&mut r, StrokeReport::miss());
    }
    assert_eq!(r.owed(W), 1, "failing to break is a foul");
    nothing(&mut r); // North breaks
    let v = pot(&mut r, &[Q, W]);
    assert_law(&v, "95(b)");
    assert!(v.continues);
    assert!(
        player_returns(&v, W).is_empty(),
        "the man pays the penalty at the end of the turn"
    );
    assert_eq!(r.queen(), QueenState::AwaitingReturn { by: Seat::South });
    let v = nothing(&mut r);
    let penalty_man = Return {
        piece: W,
        placed_by: Placer::Seat(Seat::North),
        spot: Spot::InsideOuterCircle,
        law: Law("78(a)"),
    };
    assert_eq!(v.returns, vec![queen_to_centre(), penalty_man]);
    assert_eq!(r.queen(), QueenState::OnBoard);
}

/// The two readings of `queen_returned` differ when the player, later in the same turn, has
/// gained the right and goes for the Queen: returned at once she is on the board for him; at
/// the end of the turn she is still in the pocket.
#[test]
fn traditional_queen_without_right_back_at_once_or_at_the_end_of_the_turn() {
    // `queen_returned = "at_once"`: back on the board, the turn continues, and the man he
    // pocketed with her gives him the right to her.
    let mut r = with(traditional_at_once(), Seats::Singles);
    let v = pot(&mut r, &[Q, W]);
    assert_law(&v, "95(a)");
    assert!(v.continues);
    assert_eq!(v.returns, vec![queen_to_centre()]);
    assert_eq!(r.queen(), QueenState::OnBoard);
    assert_eq!(r.queen_right(Seat::South), QueenRight::Yes);
    let v = pot(&mut r, &[Q]);
    assert_law(&v, "92");
    assert_eq!(r.queen(), QueenState::AwaitingCover { by: Seat::South });
    let v = pot(&mut r, &[W]);
    assert_law(&v, "96");
    assert_eq!(r.queen(), QueenState::Covered(W));

    // `queen_returned = "end_of_turn"` (the traditional preset): she is in the pocket until
    // the turn ends.
    let mut r = with(Rules::traditional(), Seats::Singles);
    let v = pot(&mut r, &[Q, W]);
    assert_law(&v, "95(a)");
    assert!(v.continues);
    assert!(v.returns.is_empty());
    assert_eq!(r.queen_right(Seat::South), QueenRight::NotOnBoard);
    assert!(r.judge(&StrokeReport::pocketing(&[Q])).is_err());
    let v = pot(&mut r, &[W]);
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::AwaitingReturn { by: Seat::South });
}

/// Under the ICF Laws the Queen pocketed without the right costs the turn (95(a), 95(b)), so
/// "at once" and "at the end of the turn" are the same moment: both readings give the same
/// verdicts.
#[test]
fn icf_queen_without_right_goes_back_with_the_lost_turn_in_both_readings() {
    let end_of_turn = Rules {
        queen_returned: QueenReturned::EndOfTurn,
        ..Rules::icf()
    };
    let mut a = with(Rules::icf(), Seats::Singles);
    let mut b = with(end_of_turn, Seats::Singles);
    let strokes = [
        StrokeReport::pocketing(&[Q]),          // South, 95(a)
        StrokeReport::nothing().with_striker(), // North: a due owed
        StrokeReport::nothing(),                // South
        StrokeReport::pocketing(&[Q, B]),       // North, 95(b)
    ];
    let expected = ["95(a)", "72(a)", "48", "95(b)"];
    for (report, law) in strokes.into_iter().zip(expected) {
        let va = judge(&mut a, report.clone());
        let vb = judge(&mut b, report);
        assert_law(&vb, law);
        assert_eq!(va, vb);
        assert_eq!(a.position(), b.position());
        assert_eq!(b.queen(), QueenState::OnBoard);
        assert!(!vb.continues);
    }
}

/// A board that ends during the turn ends the turn: with the ICF endings and a rules file that
/// lets the turn continue, the Queen waiting in the pocket is on the board in the final
/// position, and the ending is the one for the Queen left on the board (Law 107).
#[test]
fn a_board_ending_in_the_turn_finds_the_queen_waiting_in_the_pocket_back_on_the_board() {
    let rules = Rules {
        queen_without_right: QueenWithoutRight::ReturnedTurnContinues,
        queen_returned: QueenReturned::EndOfTurn,
        ..Rules::icf()
    };
    let mut r = with(rules, Seats::Singles);
    let v = pot(&mut r, &[Q]);
    assert_law(&v, "95(a)");
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::AwaitingReturn { by: Seat::South });
    let v = pot(&mut r, &n(W, 9));
    assert_law(&v, "107(a)");
    assert_eq!(v.board_result.unwrap().winner, Side::One);
    assert_eq!(v.position.queen, QueenState::OnBoard);
    assert!(v.returns.is_empty());
    assert_eq!(r.queen(), QueenState::OnBoard);
}

#[test]
fn queen_returned_is_at_once_except_in_the_traditional_preset_and_loads_from_rules_files() {
    for name in PRESET_NAMES {
        let expected = if name == "traditional" {
            QueenReturned::EndOfTurn
        } else {
            QueenReturned::AtOnce
        };
        assert_eq!(
            Rules::preset(name).unwrap().queen_returned,
            expected,
            "{name}"
        );
    }
    let r = Rules::from_toml_str(
        "queen_without_right = \"returned_turn_continues\"\nqueen_returned = \"end_of_turn\"\n",
        "q.toml",
    )
    .unwrap();
    assert_eq!(
        (r.queen_without_right, r.queen_returned),
        (
            QueenWithoutRight::ReturnedTurnContinues,
            QueenReturned::EndOfTurn
        )
    );
    assert_eq!(Rules::from_toml_str(&r.to_toml(), "x.toml").unwrap(), r);
    let r = Rules::from_ron_str("(\n  endings: traditional,\n)", "q.ron").unwrap();
    assert_eq!(
        r.queen_returned,
        QueenReturned::AtOnce,
        "missing: the default"
    );
    let r = Rules::from_ron_str("(\n  queen_returned: end_of_turn,\n)", "q.ron").unwrap();
    assert_eq!(r.queen_returned, QueenReturned::EndOfTurn);
    let err = Rules::from_toml_str("game_points = 29\nqueen_returned = \"later\"\n", "h.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 2") && err.contains("`queen_returned`"),
        "{err}"
    );
}

#[test]
fn traditional_last_man_before_the_queen_is_a_foul_not_a_lost_board() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    pot(&mut r, &n(W, 8));
    let v = pot(&mut r, &[W]);
    assert!(v.board_result.is_none());
    assert_eq!(r.on_board(W), 2, "the man and a penalty man come back");
    // Covering then clearing wins: men left + 5.
    nothing(&mut r); // North's turn ends; South to play
    pot(&mut r, &[Q, W]);
    let v = pot(&mut r, &[W]);
    assert_eq!(
        v.board_result.unwrap(),
        BoardResult {
            winner: Side::Zero,
            points: 9 + 5
        }
    );
}

#[test]
fn rules_load_from_toml_and_ron_with_icf_defaults_for_missing_fields() {
    let r = Rules::from_toml_str(
        "boards_per_game = 6\nturn_order = \"left\"\nshot_clock_secs = 15\n",
        "x.toml",
    )
    .unwrap();
    assert_eq!(r.boards_per_game, 6);
    assert_eq!(r.turn_order, TurnOrder::Left);
    assert_eq!(r.shot_clock_secs, Some(15));
    assert_eq!(r.game_points, 25);
    let r = Rules::from_ron_str(
        "(\n  game_points: 29,\n  queen_points: 5,\n  endings: traditional,\n)",
        "x.ron",
    )
    .unwrap();
    assert_eq!(
        (r.game_points, r.queen_points, r.endings),
        (29, 5, Endings::Traditional)
    );
    // Round trip of every preset through TOML.
    for name in PRESET_NAMES {
        let p = Rules::preset(name).unwrap();
        assert_eq!(
            Rules::from_toml_str(&p.to_toml(), name).unwrap(),
            p,
            "{name}"
        );
    }
}

#[test]
fn malformed_toml_rules_name_the_file_line_and_field() {
    let text = "game_points = 25\nboards_per_game = \"eight\"\n";
    let err = Rules::from_toml_str(text, "house.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("house.toml: line 2: field `boards_per_game`"),
        "{err}"
    );
    let err = Rules::from_toml_str("game_points = 25\n\nqueen_pionts = 3\n", "house.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 3") && err.contains("`queen_pionts`"),
        "{err}"
    );
    let err = Rules::from_toml_str("game_points = 25\nmax_board_points = 0\n", "h.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("h.toml: line 2: field `max_board_points`: must be at least 1"),
        "{err}"
    );
    let err = Rules::from_toml_str("turn_order = \"sideways\"\n", "h.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 1") && err.contains("`turn_order`"),
        "{err}"
    );
}

#[test]
fn malformed_ron_rules_name_the_file_line_and_field() {
    let err = Rules::from_ron_str("(\n  game_points: 25,\n  games_to_win: -1,\n)", "house.ron")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("house.ron: line 3: field `games_to_win`"),
        "{err}"
    );
    let err = Rules::from_ron_str("(\n  game_points: 25,\n  extra_boards: 1,\n)", "house.ron")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 3") && err.contains("`extra_boards`"),
        "{err}"
    );
    let err = Rules::from_ron_str("(\n  break_attempts: 0,\n)", "b.ron")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("b.ron: line 2: field `break_attempts`"),
        "{err}"
    );
}

#[test]
fn rules_files_are_read_by_extension_and_errors_name_the_path() {
    let dir = std::env::temp_dir().join(format!("carrom-referee-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let toml_path = dir.join("vkk.toml");
    std::fs::write(&toml_path, Rules::vkk().to_toml()).unwrap();
    assert_eq!(Rules::from_file(&toml_path).unwrap(), Rules::vkk());
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(\n  game_points: \"many\",\n)").unwrap();
    let err = Rules::from_file(&bad).unwrap_err().to_string();
    assert!(
        err.contains("bad.ron: line 2: field `game_points`"),
        "{err}"
    );
    let err = Rules::from_file(dir.join("missing.toml"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("missing.toml"), "{err}");
    let txt = dir.join("rules.txt");
    std::fs::write(&txt, "").unwrap();
    assert!(matches!(
        Rules::from_file(&txt),
        Err(RulesError::Format { .. })
    ));
    std::fs::remove_dir_all(&dir).ok();
}

/// The readings of the Laws that are options: each defaults to the ICF reading in every
/// preset, and a rules file may choose the other.
#[test]
fn the_readings_of_the_laws_default_to_the_icf_reading_and_load_from_rules_files() {
    for name in PRESET_NAMES {
        let p = Rules::preset(name).unwrap();
        assert_eq!(p.improper_break, ImproperBreak::Untouched, "{name}");
        assert_eq!(
            p.queen_striker_opponent_men,
            TurnRuling::Continues,
            "{name}"
        );
        assert_eq!(
            p.queen_striker_own_men_all_nine,
            TurnRuling::Continues,
            "{name}"
        );
        assert_eq!(p.ending_gaps, EndingGaps::Scoring, "{name}");
        assert_eq!(p.passes_by, PassesBy::Side, "{name}");
        assert!(!p.pass_before_break, "{name}");
    }
    let r = Rules::from_toml_str(
        "improper_break = \"any\"\nqueen_striker_opponent_men = \"lost\"\n\
         queen_striker_own_men_all_nine = \"lost\"\nending_gaps = \"nearest_law\"\n\
         passes_by = \"player\"\npass_before_break = true\nopponent_piece = \"ends_turn\"\n",
        "laws.toml",
    )
    .unwrap();
    assert_eq!(r.improper_break, ImproperBreak::Any);
    assert_eq!(r.queen_striker_opponent_men, TurnRuling::Lost);
    assert_eq!(r.queen_striker_own_men_all_nine, TurnRuling::Lost);
    assert_eq!(r.ending_gaps, EndingGaps::NearestLaw);
    assert_eq!(r.passes_by, PassesBy::Player);
    assert!(r.pass_before_break);
    assert_eq!(r.opponent_piece, OpponentPiece::EndsTurn);
    assert_eq!(Rules::from_toml_str(&r.to_toml(), "x.toml").unwrap(), r);
    let r = Rules::from_ron_str(
        "(\n  ending_gaps: nearest_law,\n  passes_by: player,\n)",
        "laws.ron",
    )
    .unwrap();
    assert_eq!(
        (r.ending_gaps, r.passes_by),
        (EndingGaps::NearestLaw, PassesBy::Player)
    );
    let err = Rules::from_toml_str("ending_gaps = \"closest\"\n", "h.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 1") && err.contains("`ending_gaps`"),
        "{err}"
    );
}

/// South (white) clears his colour after covering the Queen: the board's last stroke.
fn traditional_board_won_by_the_breaker(r: &mut Referee) -> Verdict {
    let me = r.turn().unwrap();
    assert_eq!(r.colour_of(me), W);
    pot(r, &[W]);
    pot(r, &[Q, W]);
    pot(r, &n(W, 7))
}

/// "Winners will not be decided on the basis of points, best of three matches will be
/// considered." Read as it stands: a board is won by pocketing all one's pieces, its points
/// (the opponent's pieces left, and the Queen) are its score, and the match is the best of
/// three boards. The other reading (`game_won_by = "points"`) plays Law 56's game on points.
#[test]
fn traditional_match_is_the_best_of_three_boards_each_won_by_clearing_both_readings() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    let v = traditional_board_won_by_the_breaker(&mut r);
    assert_eq!(
        v.board_result,
        Some(BoardResult {
            winner: Side::Zero,
            points: 9 + 5
        })
    );
    let g = v.game_result.expect("the board is the game");
    assert_eq!((g.winner, g.score), (Side::Zero, [14, 0]));
    assert!(v.match_result.is_none());
    assert_eq!(r.games(), [1, 0]);
    assert_eq!((r.game_number(), r.board_number()), (2, 1));
    // Game 2 is broken by North (Law 49(a)), who plays white; he wins it with 1 point: the
    // points do not decide.
    assert_eq!(r.turn(), Some(Seat::North));
    pot(&mut r, &[W]);
    pot(&mut r, &[Q, W]);
    pot(&mut r, &n(W, 6));
    nothing(&mut r); // North's turn ends; South (black) clears all but one
    pot(&mut r, &n(B, 8));
    nothing(&mut r);
    let v = pot(&mut r, &[W]); // North clears white: one black left
    assert_eq!(
        v.board_result.map(|b| (b.winner, b.points)),
        Some((Side::One, 1 + 5))
    );
    assert_eq!(r.games(), [1, 1]);
    assert!(v.match_result.is_none(), "one board each: a third decides");
    let v = traditional_board_won_by_the_breaker(&mut r);
    assert_eq!(
        v.match_result,
        Some(MatchResult {
            winner: Side::Zero,
            games: [2, 1]
        })
    );
    assert!(r.is_over());

    // Read on points (Law 56 at the ICF values): 14 points is not a game.
    let rules = Rules {
        game_won_by: GameWonBy::Points,
        ..Rules::traditional()
    };
    let mut r = with(rules, Seats::Singles);
    let v = traditional_board_won_by_the_breaker(&mut r);
    assert!(v.game_result.is_none());
    assert_eq!((r.game_number(), r.board_number()), (1, 2));
}

/// "If the winner has less than 24 points and the winner also covered the Queen, a bonus 5
/// points are scored." A board's points are at most the opponent's nine pieces less the one he
/// must keep, and before a deciding third board a side has won one board of at most 14: the
/// bonus is scored on every board of the best of three.
#[test]
fn traditional_queen_bonus_counts_on_every_board_of_the_match() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    traditional_board_won_by_the_breaker(&mut r);
    assert_eq!(r.score(), [0, 0], "each game starts at nothing");
    pot(&mut r, &n(W, 8)); // North, white: all but one, the Queen still on the board
    nothing(&mut r);
    pot(&mut r, &[B]); // South, black
    let v = pot(&mut r, &[Q, B]);
    assert!(v.continues);
    let v = pot(&mut r, &n(B, 7));
    assert_eq!(
        v.board_result.map(|b| (b.winner, b.points)),
        Some((Side::Zero, 1 + 5))
    );
}

/// "For the very first turn, the player is allowed three attempts to 'break'", and "the first
/// player to strike fails to break the counters in three attempts" is a foul. Read as it stands
/// (`break_attempts_for = "first_turn"`): only that turn has attempts; the opponent's stroke
/// that touches nothing simply ends his turn ("it doesn't matter if the striker hits no
/// pieces"), no foul. ICF reading (`"every_breaker"`, Law 45(b)): he has three attempts too,
/// and under the traditional foul each failure costs a penalty.
#[test]
fn traditional_three_attempts_to_break_in_the_very_first_turn_only_both_readings() {
    let miss = || StrokeReport {
        touched: false,
        ..StrokeReport::default()
    };
    let mut r = with(Rules::traditional(), Seats::Singles);
    for attempt in 1..=2 {
        let v = judge(&mut r, miss());
        assert_law(&v, "45(a)");
        assert!(v.continues, "attempt {attempt}");
    }
    let v = judge(&mut r, miss());
    assert_law(&v, "45(b)");
    assert!(v.foul, "failing the three attempts is a foul");
    assert_eq!(r.owed(W), 1, "no white pocketed: the penalty is owed");
    assert_eq!(v.next, Some(Seat::North));
    // North: one stroke; touching nothing ends his turn without a foul.
    let v = judge(&mut r, miss());
    assert_law(&v, "48");
    assert!(!v.foul && !v.continues);
    assert_eq!(r.owed(B), 0);
    assert_eq!(v.next, Some(Seat::South));
    assert!(!r.break_made());
    // South again: a stroke that touches a man breaks; he still plays white.
    let v = pot(&mut r, &[W]);
    assert_law(&v, "44");
    assert!(r.break_made());
    assert_eq!(r.colour_of(Seat::South), W);

    let rules = Rules {
        break_attempts_for: BreakAttemptsFor::EveryBreaker,
        ..Rules::traditional()
    };
    let mut r = with(rules, Seats::Singles);
    for _ in 0..3 {
        judge(&mut r, miss());
    }
    for attempt in 1..=2 {
        let v = judge(&mut r, miss());
        assert_law(&v, "45(a)");
        assert_eq!(v.next, Some(Seat::North), "attempt {attempt}");
    }
    let v = judge(&mut r, miss());
    assert_law(&v, "45(b)");
    assert_eq!(r.owed(B), 1, "North's failure is a foul too");
    assert_eq!(v.next, Some(Seat::South));
}

/// "If a penalty is owed, when a piece becomes available due to being pocketed, the piece is
/// returned to the centre by the opponent at the end of the turn. Should the opponent forget to
/// do this before the start of the next turn, any owed penalties are lost." The referee returns
/// the owed piece in the verdict that ends the turn in which it became available and names the
/// opponent to place it: it is never forgotten, so it is never lost. (This test used to expect
/// the piece back in the verdict of the stroke that made it available, in mid-turn.)
#[test]
fn traditional_an_owed_penalty_is_kept_across_turns_and_returned_by_the_opponent() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    pot(&mut r, &[B]); // the break pockets a black: a foul, one white owed
    assert_eq!(r.owed(W), 1);
    nothing(&mut r); // North
    nothing(&mut r); // South: still owed, not lost across turns
    assert_eq!(r.owed(W), 1);
    nothing(&mut r); // North
    let v = pot(&mut r, &[W, W]);
    assert!(v.continues);
    assert_eq!(r.owed(W), 1, "returned at the end of the turn");
    let v = nothing(&mut r);
    assert_eq!(r.owed(W), 0);
    assert_eq!(
        player_returns(&v, W),
        vec![Seat::North],
        "the opponent returns it"
    );
    assert_eq!(r.on_board(W), 8);
}

/// A field whose value is written as a table (a name is wanted) is named itself, not the key
/// inside the table, wherever the table is written.
#[test]
fn a_field_written_as_a_table_is_named_not_its_inner_key() {
    for (text, field, line) in [
        (
            "games_to_win = 1\n[game_won_by]\nboard = 1\n",
            "game_won_by",
            3,
        ),
        ("game_won_by = { board = 1 }\n", "game_won_by", 1),
        ("[game_won_by]\n", "game_won_by", 1),
        (
            "queen_points = 3\n\n[break_attempts_for]\nfirst_turn = \"x\"\nother = 2\n",
            "break_attempts_for",
            3,
        ),
        ("break_attempts_for = {}\n", "break_attempts_for", 1),
    ] {
        let err = Rules::from_toml_str(text, "house.toml")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(&format!("house.toml: line {line}: field `{field}`: ")),
            "{text:?}: {err}"
        );
    }
}
