//! The tournament's file: versioned, a damaged one refused naming the field, written
//! atomically (a reader sees the old file or the new one, never part of one).

mod common;

use carrom_tournament::{FileError, Format, Tournament};
use common::{names, play_all, settings};

fn made() -> Tournament {
    Tournament::new(settings(Format::Vkk, names(8))).unwrap()
}

#[test]
fn a_tournament_round_trips_through_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep/t.json");
    let mut t = made();
    play_all(&mut t, 5);
    t.save(&path).unwrap();
    assert_eq!(Tournament::load(&path).unwrap(), t);
}

#[test]
fn a_file_of_another_version_is_refused_by_name() {
    let text = serde_json::to_string(&made())
        .unwrap()
        .replace("\"version\":1", "\"version\":2");
    let e = Tournament::parse(&text, "t.json").unwrap_err();
    assert!(matches!(e, FileError::Version { .. }), "{e}");
    let e = e.to_string();
    assert!(e.contains("t.json: field `version`: version 2"), "{e}");
}

#[test]
fn a_damaged_file_is_refused_naming_the_field() {
    let good = serde_json::to_string(&made()).unwrap();
    let cases = [
        (
            good.replace("\"seed\":7", "\"seed\":\"seven\""),
            "field `seed`",
        ),
        (
            good.replacen("\"first\":\"P", "\"first\":\"Q", 1),
            "field `games[0].first`",
        ),
        (
            good.replacen("\"round\":1", "\"round\":-1", 1),
            "field `games[0].stage",
        ),
        (
            good.replace("\"kind\":\"vkk\"", "\"kind\":\"ladder\""),
            "field `kind`",
        ),
        (
            good.replacen("\"players\":[\"P1\"", "\"players\":[\"Nobody\"", 1),
            "field `groups[0].players`",
        ),
        (
            good.replace("\"format\":\"carrom-tournament\"", "\"format\":\"x\""),
            "not a tournament file",
        ),
        (good[..good.len() / 2].to_string(), "t.json: EOF"),
    ];
    for (text, words) in cases {
        let e = Tournament::parse(&text, "t.json").unwrap_err().to_string();
        assert!(e.contains(words), "{words}: {e}");
    }
}

#[test]
fn a_reader_during_the_saves_finds_the_old_file_or_the_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.json");
    let mut t = made();
    t.save(&path).unwrap();
    let mut versions = vec![t.clone()];
    let mut rng = rand::SeedableRng::seed_from_u64(1);
    for n in t.next_games() {
        let g = t.game(n).unwrap().clone();
        let o = common::random_outcome(&mut rng, &g.players, carrom_tournament::Kind::Game);
        t.record(n, o, Vec::new()).unwrap();
        versions.push(t.clone());
    }
    std::thread::scope(|s| {
        let writer = s.spawn(|| {
            for _ in 0..20 {
                versions.iter().for_each(|v| v.save(&path).unwrap());
            }
        });
        while !writer.is_finished() {
            let read = Tournament::load(&path).expect("always a whole file");
            assert!(versions.contains(&read));
        }
    });
}
