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

#[test]
fn traditional_queen_without_right_goes_back_but_the_turn_continues() {
    let mut r = with(Rules::traditional(), Seats::Singles);
    let v = pot(&mut r, &[Q, W, W]);
    assert_law(&v, "95(a)");
    assert!(v.continues);
    assert_eq!(r.queen(), QueenState::OnBoard);
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
