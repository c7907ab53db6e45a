//! `carrom review` and `carrom winprob` from the command line: the review's JSON has exactly
//! the contract's fields, its best at the break is `carrom hint`'s, a review is kept beside
//! its save and used again, a damaged or tampered file is refused with the reason, and the
//! model is fitted and checked.

mod common;

use carrom_match::SaveFile;
use common::{fed, no_display, played};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Output;

/// `carrom` with no display, fed `stdin`.
fn carrom(args: &[&str], stdin: &str) -> Output {
    fed(&mut no_display(args), stdin)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A one-game singles match between easy computers, `actions` actions in, saved in a folder
/// of its own.
fn saved(name: &str, actions: usize) -> PathBuf {
    let game = played(actions, false);
    let d = std::env::temp_dir().join(format!("carrom-review-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let path = d.join("match.json");
    SaveFile::of(&game).write(&path).unwrap();
    path
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

#[test]
fn review_json_has_exactly_the_contracts_fields_and_is_kept_for_next_time() {
    let path = saved("json", 3);
    let file = path.to_str().unwrap();
    let out = carrom(&["review", file, "--json"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let strokes = v["strokes"].as_array().unwrap();
    assert!(!strokes.is_empty());
    let mut fields = vec![
        "index",
        "seat",
        "player",
        "played_chance",
        "best_chance",
        "loss",
        "label",
        "best_shot",
        "win_chance_after",
    ];
    fields.sort_unstable();
    for s in strokes {
        assert_eq!(keys(s), fields);
        for k in ["played_chance", "best_chance", "loss"] {
            let c = s[k].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&c), "{k} {c}");
        }
        let labels = ["best", "good", "inaccuracy", "mistake", "blunder", "forced"];
        assert!(labels.contains(&s["label"].as_str().unwrap()));
        let board = s["win_chance_after"]["board"].as_array().unwrap();
        assert!(
            board
                .iter()
                .all(|c| (0.0..=1.0).contains(&c.as_f64().unwrap()))
        );
    }
    for p in v["players"].as_array().unwrap() {
        assert_eq!(keys(p), ["accuracy", "name", "worst"]);
    }
    // Opened again: the review kept beside the save, the same figures.
    assert!(PathBuf::from(format!("{file}.review")).exists());
    let again = carrom(&["review", file, "--json"], "");
    assert_eq!(stdout(&again), stdout(&out));
    let text = carrom(&["review", file], "");
    assert!(
        stdout(&text).contains("the review kept in"),
        "{}",
        stdout(&text)
    );
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn the_reviews_best_at_the_break_is_carrom_hints() {
    let path = saved("hint", 1);
    let file = path.to_str().unwrap();
    let out = carrom(&["review", file, "--json"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let first = &v["strokes"][0];
    let seat = first["seat"].as_str().unwrap();
    let hint = carrom(&["hint", "--json"], &format!(r#"{{"seat": "{seat}"}}"#));
    assert!(hint.status.success(), "{}", stderr(&hint));
    let h: Value = serde_json::from_str(&stdout(&hint)).unwrap();
    assert_eq!(first["best_shot"], h["shot"]);
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn a_tampered_or_damaged_file_is_refused_with_the_reason() {
    let path = saved("tampered", 3);
    let file = path.to_str().unwrap();
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let power = v["actions"][0]["shot"]["power"].as_f64().unwrap();
    v["actions"][0]["shot"]["power"] = Value::from(power * 0.9);
    std::fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
    let out = carrom(&["review", file, "--json"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("actions[0]") && err.contains("recorded position"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    std::fs::write(&path, "{ not a save").unwrap();
    let out = carrom(&["review", file], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(file), "{}", stderr(&out));
    let out = carrom(&["review", file, "--player", "Nobody"], "");
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn winprob_fits_a_model_and_checks_it_on_other_games() {
    let d = std::env::temp_dir().join(format!("carrom-winprob-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let model = d.join("winprob.json");
    let m = model.to_str().unwrap();
    let out = carrom(&["winprob", "--fit", "--games", "1", "--out", m], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&model).unwrap()).unwrap();
    assert_eq!(
        written["command"],
        "carrom winprob --fit --games 1 --seed 4801"
    );
    let out = carrom(&["winprob", "--check", "--games", "1", "--model", m], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Brier score") && text.contains("share won"),
        "{text}"
    );
    let same = carrom(&["winprob", "--check", "--seed", "4801", "--model", m], "");
    assert_eq!(same.status.code(), Some(2));
    std::fs::remove_dir_all(&d).ok();
}
