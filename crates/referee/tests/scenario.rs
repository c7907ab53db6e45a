//! The scenario runner contract (`carrom referee [FILE]`).

mod common;
use common::*;
use serde_json::json;

#[test]
fn a_scenario_prints_the_state_after_every_stroke() {
    let out = scenario(
        r#"{"rules": "icf", "seats": 2, "strokes": [
            {"pocketed": ["white", "queen"], "striker_pocketed": false, "touched": true,
             "improper": false, "overboard": [], "striker_overboard": false},
            {"striker_pocketed": true},
            {}
        ]}"#,
    );
    assert_eq!(out.len(), 3);
    assert_eq!(
        out[0],
        json!({"stroke": 1, "by": "south", "next": "south", "continues": true,
               "white": {"on_board": 8, "owed": 0}, "black": {"on_board": 9, "owed": 0},
               "queen": "awaiting_cover", "laws": ["44", "97(b)"], "board": 1, "game": 1,
               "score": [0, 0], "board_result": null, "game_result": null, "match_result": null})
    );
    // Striker alone while covering: Queen back, the white comes out as the due (100(a)).
    assert_eq!(out[1]["laws"], json!(["100(a)"]));
    assert_eq!(out[1]["queen"], "on_board");
    assert_eq!(out[1]["white"], json!({"on_board": 9, "owed": 0}));
    assert_eq!(out[1]["next"], "north");
    assert_eq!(out[2]["by"], "north");
    assert_eq!(out[2]["laws"], json!(["48"]));
}

#[test]
fn scenario_lines_keep_the_documented_key_order() {
    let lines = run_scenario_lines(r#"{"strokes": [{}]}"#).unwrap();
    let keys = [
        "\"stroke\"",
        "\"by\"",
        "\"next\"",
        "\"continues\"",
        "\"white\"",
        "\"black\"",
        "\"queen\"",
        "\"laws\"",
        "\"board\"",
        "\"game\"",
        "\"score\"",
        "\"board_result\"",
        "\"game_result\"",
        "\"match_result\"",
    ];
    let positions: Vec<usize> = keys.iter().map(|k| lines[0].find(k).unwrap()).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{}", lines[0]);
}

#[test]
fn doubles_scenario_sides_are_south_north_against_east_west() {
    let out = scenario(
        r#"{"seats": 4, "strokes": [{"pocketed": ["black"]}, {"pocketed": ["black", "black", "black", "black", "black", "black", "black", "black"]}]}"#,
    );
    assert_eq!(out[0]["next"], "east");
    // East clears his blacks leaving the Queen (107(a)): side 0 gets 3.
    assert_eq!(out[1]["by"], "east");
    assert_eq!(out[1]["board_result"], json!({"winner": 0, "points": 3}));
    assert_eq!(
        out[1]["next"], "east",
        "the break goes round to the right: East breaks board 2"
    );
}

#[test]
fn a_game_ending_stroke_reports_that_games_final_score() {
    let board = r#"{"pocketed": ["white"]}, {"pocketed": ["queen", "white"]},
        {"pocketed": ["white","white","white","white","white","white","white"]}"#;
    let strokes = [board; 5].join(",");
    let out = scenario(&format!(r#"{{"rules": "icf", "strokes": [{strokes}]}}"#));
    let last = out.last().unwrap();
    assert_eq!(last["game_result"], json!({"winner": 0, "score": [33, 24]}));
    assert_eq!(last["score"], json!([33, 24]));
    assert_eq!(last["game"], 1);
    assert_eq!(last["next"], "north", "North breaks game 2 (Law 49(a)(ii))");
}

#[test]
fn a_match_ending_stroke_reports_the_match_and_next_is_null() {
    let board = r#"{"pocketed": ["white"]}, {"pocketed": ["queen", "white"]},
        {"pocketed": ["white","white","white","white","white","white","white"]}"#;
    // vkk: one game; every breaker wins by 12 until someone reaches 25.
    let strokes = [board; 6].join(",");
    let err = run_scenario(&format!(r#"{{"rules": "vkk", "strokes": [{strokes}]}}"#)).unwrap_err();
    // The 16th stroke comes after the match is over.
    assert!(err.to_string().contains("strokes[15] (stroke 16)"), "{err}");
    assert!(err.to_string().contains("match is over"), "{err}");
    let strokes = [board; 5].join(",");
    let out = scenario(&format!(r#"{{"rules": "vkk", "strokes": [{strokes}]}}"#));
    let last = out.last().unwrap();
    assert_eq!(last["match_result"], json!({"winner": 0, "games": [1, 0]}));
    assert_eq!(last["next"], serde_json::Value::Null);
}

#[test]
fn a_point_game_scenario_seats_three_and_prints_every_players_points() {
    let out = scenario(
        r#"{"rules": "points", "seats": 3, "strokes": [
            {"pocketed": ["white"], "touched": true}, {}, {"pocketed": ["black"]}, {}]}"#,
    );
    assert_eq!(out[0]["points"], json!([2, 0, 0, 0]));
    assert_eq!(out[0]["next"], "south", "a man pocketed: he strikes again");
    assert_eq!(out[1]["next"], "east", "the turn passes to the right");
    assert_eq!(out[2]["by"], "east");
    assert_eq!(out[2]["points"], json!([2, 1, 0, 0]));
    assert_eq!(out[3]["next"], "north");
    assert!(out[3].get("points_winner").is_none());
    let two_colours = scenario(r#"{"strokes": [{}]}"#);
    assert!(
        two_colours[0].get("points").is_none(),
        "no points in a game of two colours"
    );
    let err = run_scenario(r#"{"rules": "icf", "seats": 3, "strokes": []}"#).unwrap_err();
    assert!(err.to_string().contains("only the point game"), "{err}");
}

#[test]
fn malformed_scenarios_get_errors_naming_the_field() {
    let cases = [
        (
            r#"{"strokes": [{"pocketed": ["red"]}]}"#,
            "strokes[0].pocketed",
        ),
        (r#"{"strokes": [{}, {"pocket": []}]}"#, "strokes[1].pocket"),
        (r#"{"seats": 3, "strokes": []}"#, "seats"),
        (r#"{"seats": 5, "strokes": []}"#, "seats"),
        (r#"{"strokes": [], "seats": 3}"#, "seats"),
        (r#"{"rules": "fifa", "strokes": []}"#, "fifa"),
        (
            r#"{"rules": {"boards_per_game": 0}, "strokes": []}"#,
            "boards_per_game",
        ),
        (r#"{"rules": {"bords": 6}, "strokes": []}"#, "rules.bords"),
        (r#"{"strokes": [], "players": 2}"#, "players"),
        (
            r#"{"strokes": [{"technical_foul": "northeast"}]}"#,
            "strokes[0].technical_foul",
        ),
        (
            r#"{"strokes": [{"improper": "yes"}]}"#,
            "strokes[0].improper",
        ),
        (r#"{"strokes": [{"pocketed": ["white"]}"#, "line 1"),
        (r#"{"seats": 2}"#, "strokes"),
    ];
    for (input, needle) in cases {
        let err = run_scenario(input).expect_err(input).to_string();
        assert!(
            err.contains(needle),
            "{input}: {err} should mention {needle}"
        );
        assert!(!err.contains('\n'), "one line: {err}");
    }
}

#[test]
fn impossible_strokes_in_a_scenario_name_the_stroke() {
    let err = run_scenario(r#"{"strokes": [{}, {"pocketed": ["queen", "queen"]}]}"#).unwrap_err();
    assert!(matches!(err, ScenarioError::Stroke { index: 1, .. }));
    assert!(err.to_string().contains("stroke 2"), "{err}");
    let err = run_scenario(r#"{"strokes": [{"shot_clock_expired": true}]}"#).unwrap_err();
    assert!(err.to_string().contains("shot_clock_secs"), "{err}");
}

#[test]
fn inline_rules_objects_are_accepted() {
    let out = scenario(
        r#"{"rules": {"shot_clock_secs": 15}, "strokes": [{"pocketed": ["white"]}, {"shot_clock_expired": true}]}"#,
    );
    assert_eq!(out[1]["laws"][0], "50");
    assert_eq!(out[1]["next"], "north");
}

/// `examples/law_95c.json`, the scenario the README shows: South pockets a white, loses it as
/// the due for pocketing the striker, and then pockets the Queen alone with all nine whites on
/// the board. By Law 95(c) she must be covered and his turn continues; he covers her.
#[test]
fn the_law_95c_example_scenario_keeps_the_right_after_the_due_is_recovered() {
    let input = include_str!("../examples/law_95c.json");
    let out = scenario(input);
    assert_eq!(out.len(), 5);
    assert_eq!(out[1]["laws"], json!(["72(a)"]));
    assert_eq!(out[1]["white"], json!({"on_board": 9, "owed": 0}));
    assert_eq!(out[3]["by"], "south");
    assert_eq!(out[3]["laws"], json!(["95(c)"]));
    assert_eq!(out[3]["queen"], "awaiting_cover");
    assert_eq!(out[3]["continues"], true);
    assert_eq!(out[3]["next"], "south");
    assert_eq!(out[4]["laws"], json!(["96"]));
    assert_eq!(out[4]["queen"], "covered_by_white");
    // The README shows this output line for line.
    let readme = include_str!("../README.md");
    for line in run_scenario_lines(input).unwrap() {
        assert!(readme.contains(&line), "README lacks {line}");
    }
}

/// `examples/traditional_queen.json`, the second scenario the README shows: under the
/// traditional rules South's break pockets the Queen and a white. He had no right to her, so
/// "the turn continues but the Queen is returned to the centre at the end of the turn": she
/// stays in the pocket while he pockets another white, and comes back when a stroke pockets
/// nothing. In his next turn he has the right, pockets her and covers her.
#[test]
fn the_traditional_queen_example_returns_her_at_the_end_of_the_turn() {
    let input = include_str!("../examples/traditional_queen.json");
    let out = scenario(input);
    assert_eq!(out.len(), 6);
    assert_eq!(out[0]["laws"], json!(["44", "95(a)"]));
    assert_eq!(out[0]["queen"], "awaiting_return");
    assert_eq!(out[0]["continues"], true);
    assert_eq!(out[1]["laws"], json!(["48"]));
    assert_eq!(out[1]["queen"], "awaiting_return");
    assert_eq!(out[2]["laws"], json!(["48", "93"]));
    assert_eq!(out[2]["queen"], "on_board");
    assert_eq!(out[2]["next"], "north");
    assert_eq!(out[4]["by"], "south");
    assert_eq!(out[4]["laws"], json!(["92"]));
    assert_eq!(out[4]["queen"], "awaiting_cover");
    assert_eq!(out[5]["laws"], json!(["96"]));
    assert_eq!(out[5]["queen"], "covered_by_white");
    // The README shows this output line for line.
    let readme = include_str!("../README.md");
    for line in run_scenario_lines(input).unwrap() {
        assert!(readme.contains(&line), "README lacks {line}");
    }
}

/// A long scenario is judged stroke by stroke as it is read: the lines come out as they are
/// made, the same as the whole run's, whichever order the scenario gives its keys in.
#[test]
fn a_scenario_streams_its_lines_in_any_key_order() {
    let strokes = r#"[{"touched": true}, {"pocketed": ["white"]}, {"striker_pocketed": true}, {}]"#;
    let ordered = format!(r#"{{"rules": "icf", "seats": 4, "strokes": {strokes}}}"#);
    let strokes_first = format!(r#"{{"strokes": {strokes}, "seats": 4, "rules": "icf"}}"#);
    let whole = carrom_referee::run_scenario_lines(&ordered).unwrap();
    assert_eq!(whole.len(), 4);
    for input in [&ordered, &strokes_first] {
        let mut streamed = Vec::new();
        let n = carrom_referee::run_scenario_streaming(input, |line| streamed.push(line)).unwrap();
        assert_eq!(n, 4);
        assert_eq!(streamed, whole, "{input}");
    }
}

/// The lines of the strokes judged before a refused or malformed one have been handed over; the
/// error names the stroke.
#[test]
fn a_streamed_scenario_stops_at_the_stroke_that_is_wrong() {
    let mut lines = Vec::new();
    let e = carrom_referee::run_scenario_streaming(
        r#"{"rules": "icf", "seats": 2, "strokes": [{"touched": true}, {"pocketed": ["purple"]}]}"#,
        |line| lines.push(line),
    )
    .unwrap_err();
    assert_eq!(lines.len(), 1);
    assert!(e.to_string().contains("strokes[1]"), "{e}");
}

/// The scenario of Law 125(a) read literally (and the casual rules): the Queen pocketed with
/// an opponent's man is put back when the turn is stopped (Law 96), not covered a turn later.
#[test]
fn a_stopped_turn_puts_the_queen_awaiting_cover_back() {
    for rules in [r#"{"opponent_piece": "ends_turn"}"#, r#""casual""#] {
        let out = scenario(&format!(
            r#"{{"rules": {rules}, "seats": 2,
                "strokes": [{{"pocketed": ["white"]}}, {{"pocketed": ["queen", "black"]}}]}}"#
        ));
        assert_eq!(out[1]["queen"], "on_board", "{rules}");
        assert_eq!(out[1]["black"]["on_board"], 8, "{rules}");
        assert_eq!(out[1]["next"], "north", "{rules}");
    }
}
