//! The page's address as the game's command line: `index.html?mode=practice&seed=7`,
//! `?mode=demo`, `?mode=match&computer=north&level=hard`. The parameters are `carrom play`'s
//! flags without their dashes, with the same values and the same words when one is wrong:
//! - `mode`: menu (the default), singles (or `match`), doubles, three (three players each
//!   for himself, the point game), practice, training, demo;
//! - `seed` (0 to 18446744073709551615), `level`, `length`, `rules` (a preset's name: by
//!   default the ICF Laws, for three the point game's `points`);
//! - `computer` (seats, comma-separated) and `names` (in seat order), in a match;
//! - `hints` and `fixed-board` (present, or `1`/`true`/`on`);
//! - `speed` (1 to 8: a demo or a replay played faster);
//! - `load` (a save kept by the page, resumed), `replay` (a save kept by the page, played
//!   back on the board) and `review` (a save kept by the page, reviewed by the coach).
//!
//! Pure: the web build reads the pairs off the page's address and starts [`Launch`]; the
//! desktop's tests check the words.

use crate::launch::{Launch, Start};
use crate::launch::{OpenedFrom, ReviewStart};
use carrom_ai::computers_match;
use carrom_match::{Level, MatchLength, MatchSetup, Named, Player, SaveFile};
use carrom_physics::{Seat, Spec};
use carrom_referee::{Preset, Seats};

/// A parameter of the page's address that cannot be: the parameter, its value and why. The
/// game starts the menu instead, and says this.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("The page's address: {param}={value}: {why}")]
pub struct AddressError {
    pub param: String,
    pub value: String,
    pub why: String,
}

const MODES: &str = "menu, singles (or match), doubles, three, practice, training or demo";
const SEED_RANGE: &str = "a whole number from 0 to 18446744073709551615";

/// The choices of an address, read and checked.
#[derive(Debug, Default)]
struct Choices {
    mode: Option<String>,
    seed: u64,
    level: Option<Level>,
    length: MatchLength,
    rules: Option<Preset>,
    computer: Vec<Seat>,
    names: Vec<String>,
    hints: bool,
    fixed_board: bool,
    speed: f32,
    load: Option<String>,
    replay: Option<String>,
    review: Option<String>,
}

fn refuse(param: &str, value: &str, why: impl Into<String>) -> AddressError {
    AddressError {
        param: param.into(),
        value: value.into(),
        why: why.into(),
    }
}

fn flag(param: &str, value: &str) -> Result<bool, AddressError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "on" | "yes" => Ok(true),
        "0" | "false" | "off" | "no" => Ok(false),
        _ => Err(refuse(param, value, "on or off (1 or 0)")),
    }
}

fn seat(value: &str) -> Option<Seat> {
    Seat::ALL
        .iter()
        .copied()
        .find(|s| s.name().eq_ignore_ascii_case(value.trim()))
}

/// Reads one parameter into `c`.
fn read(c: &mut Choices, param: &str, value: &str) -> Result<(), AddressError> {
    let named = |why: String| refuse(param, value, why);
    match param {
        "mode" => c.mode = Some(value.trim().to_ascii_lowercase()),
        "seed" => {
            c.seed = value
                .trim()
                .parse()
                .map_err(|_| refuse(param, value, format!("not {SEED_RANGE}")))?
        }
        "level" => c.level = Some(Level::parse_or_explain(value).map_err(named)?),
        "length" => c.length = MatchLength::parse_or_explain(value).map_err(named)?,
        "rules" => c.rules = Some(Preset::parse_or_explain(value).map_err(named)?),
        "computer" => {
            for s in value.split(',').filter(|s| !s.trim().is_empty()) {
                let seat = seat(s).ok_or_else(|| {
                    refuse(
                        param,
                        value,
                        format!("`{s}` is not a seat: south, east, north, west"),
                    )
                })?;
                c.computer.push(seat);
            }
        }
        "names" => {
            for n in value.split(',') {
                let n = Player::checked_name(n).map_err(|e| refuse(param, value, e.to_string()))?;
                c.names.push(n);
            }
        }
        "hints" => c.hints = flag(param, value)?,
        "fixed-board" => c.fixed_board = flag(param, value)?,
        "speed" => {
            c.speed = value
                .trim()
                .parse()
                .ok()
                .filter(|v| (1.0..=8.0).contains(v))
                .ok_or_else(|| refuse(param, value, "not a number from 1 to 8"))?
        }
        "load" => c.load = Some(value.into()),
        "replay" => c.replay = Some(value.into()),
        "review" => c.review = Some(value.into()),
        _ => {
            return Err(refuse(
                param,
                value,
                "not a choice of the page: mode, seed, level, length, rules, computer, names, \
                 hints, fixed-board, speed, load, replay or review",
            ));
        }
    }
    Ok(())
}

/// The seats of the address's mode, when it is a match's.
fn seats_of(mode: &str) -> Result<Option<Seats>, AddressError> {
    match mode {
        "singles" | "match" => Ok(Some(Seats::Singles)),
        "doubles" => Ok(Some(Seats::Doubles)),
        "three" => Ok(Some(Seats::Three)),
        "menu" | "practice" | "training" | "demo" => Ok(None),
        _ => Err(refuse("mode", mode, format!("not a mode: {MODES}"))),
    }
}

/// A match of `seats` as the address sets it: the computer's seats at its level, the names.
fn match_setup(c: &Choices, mode: &str, seats: Seats) -> Result<MatchSetup, AddressError> {
    if let Some(s) = c.computer.iter().find(|s| !seats.contains(**s)) {
        let why = format!("{} does not play in {mode} ({})", s.name(), seats.names());
        return Err(refuse("computer", s.name(), why));
    }
    if c.names.len() > seats.count() {
        let why = format!(
            "{} names for the {} seats of {mode}",
            c.names.len(),
            seats.count()
        );
        return Err(refuse("names", &c.names.join(","), why));
    }
    let preset = c.rules.unwrap_or(Preset::for_seats(seats));
    let mut rules = preset.rules();
    c.length.apply(&mut rules);
    let level = c.level.unwrap_or(Level::Medium);
    let setup = MatchSetup::new(seats, rules, preset.name(), c.seed).with_players(
        &c.computer,
        level,
        &c.names,
    );
    // Three only with the point game, doubles only without: the setup's own words.
    setup
        .validate()
        .map_err(|e| refuse("rules", preset.name(), e.to_string()))?;
    Ok(setup)
}

/// A save kept at `path` (the page's storage, or a file), for `param`.
fn saved(param: &str, path: &str) -> Result<SaveFile, AddressError> {
    SaveFile::load(std::path::Path::new(path)).map_err(|e| refuse(param, path, e.to_string()))
}

/// What the address's choices start.
fn start(spec: &Spec, c: &Choices) -> Result<Start, AddressError> {
    if let Some(path) = &c.replay {
        return Ok(Start::Replay(saved("replay", path)?));
    }
    if let Some(path) = &c.review {
        return Ok(Start::Review(Box::new(ReviewStart {
            save: saved("review", path)?,
            path: Some(path.into()),
            from: OpenedFrom::Library,
        })));
    }
    if let Some(path) = &c.load {
        let save = saved("load", path)?;
        let game = carrom_match::resume(spec, &save, path, |_| {})
            .map_err(|e| refuse("load", path, e.to_string()))?
            .game;
        return Ok(Start::Resume(Box::new(game)));
    }
    let mode = c.mode.as_deref().unwrap_or("menu");
    if let Some(seats) = seats_of(mode)? {
        return Ok(Start::Match(match_setup(c, mode, seats)?));
    }
    if let Some(s) = c.computer.first() {
        let why = format!(
            "seats are played by the computer in a match (singles, doubles or three), not in \
             {mode}"
        );
        return Err(refuse("computer", s.name(), why));
    }
    Ok(match mode {
        "practice" => Start::Practice,
        "training" => Start::Training,
        "demo" => {
            let levels = c.level.map_or(Level::DEMO, |l| [l, l]);
            let preset = c.rules.unwrap_or_default();
            let mut rules = preset.rules();
            c.length.apply(&mut rules);
            let seats = Seats::for_demo(&rules);
            Start::Demo(computers_match(seats, rules, preset.name(), levels, c.seed))
        }
        _ => Start::Menu,
    })
}

/// The game an address's parameters start (`pairs`: its decoded `name=value` pairs, in
/// order); the first parameter that cannot be is the error.
pub fn launch(spec: &Spec, pairs: &[(String, String)]) -> Result<Launch, AddressError> {
    let mut c = Choices {
        seed: 1,
        speed: 1.0,
        ..Choices::default()
    };
    for (param, value) in pairs {
        read(&mut c, param, value)?;
    }
    Ok(Launch {
        start: start(spec, &c)?,
        fixed_board: c.fixed_board,
        speed: c.speed,
        save_path: None,
        hints: c.hints,
    })
}

/// The `name=value` pairs of an address's query (`?mode=demo&seed=7`, the `?` optional),
/// decoded as a browser's form does (`+` a space, `%XX` a byte; bytes that are not UTF-8
/// become U+FFFD).
pub fn pairs(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (decode(k), decode(v)),
            None => (decode(p), String::new()),
        })
        .collect()
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(query: &str) -> Result<Launch, AddressError> {
        launch(&Spec::default(), &pairs(query))
    }

    #[test]
    fn an_address_is_decoded_as_a_browser_does() {
        let p = pairs("?names=Asha%20K,Ravi+S&hints&bad=%zz%4");
        assert_eq!(p[0], ("names".into(), "Asha K,Ravi S".into()));
        assert_eq!(p[1], ("hints".into(), String::new()));
        assert_eq!(p[2], ("bad".into(), "%zz%4".into()));
    }

    #[test]
    fn an_address_starts_practice_a_demo_or_a_match_against_the_computer() {
        assert!(matches!(
            at("mode=practice&seed=7").unwrap().start,
            Start::Practice
        ));
        assert!(matches!(at("").unwrap().start, Start::Menu));
        let Start::Demo(demo) = at("mode=demo").unwrap().start else {
            panic!("a demo");
        };
        assert!(demo.players.iter().all(|p| p.computer.is_some()));
        let l = at("mode=match&computer=north&level=hard&hints").unwrap();
        let Start::Match(setup) = l.start else {
            panic!("a match");
        };
        assert_eq!(setup.players[1].computer, Some(Level::Hard));
        assert!(setup.players[0].computer.is_none() && l.hints);
    }

    #[test]
    fn an_address_seats_three_players_for_points_and_a_demo_of_the_point_game_seats_three() {
        let Start::Match(setup) = at("mode=three&computer=east,north&level=easy")
            .unwrap()
            .start
        else {
            panic!("a match");
        };
        assert_eq!(setup.seats, Seats::Three);
        assert_eq!(setup.rules_name, "points");
        assert!(setup.players[0].computer.is_none());
        assert_eq!(setup.players[2].computer, Some(Level::Easy));
        let Start::Demo(demo) = at("mode=demo&rules=points").unwrap().start else {
            panic!("a demo");
        };
        assert_eq!(
            (demo.seats, demo.rules_name.as_str()),
            (Seats::Three, "points")
        );
        let e = at("mode=three&rules=icf").unwrap_err();
        assert_eq!((e.param.as_str(), e.value.as_str()), ("rules", "icf"));
        assert!(e.why.contains("only the point game"), "{e}");
        let e = at("mode=doubles&rules=points").unwrap_err();
        assert!(e.why.contains("not two pairs"), "{e}");
        assert_eq!(
            at("mode=three&computer=west").unwrap_err().param,
            "computer"
        );
    }

    #[test]
    fn a_malformed_parameter_is_named_with_what_it_takes() {
        let e = at("mode=chess").unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("The page's address: mode=chess: not a mode: {MODES}")
        );
        let e = at("mode=practice&seed=-3").unwrap_err();
        assert_eq!(e.param, "seed");
        assert!(e.why.contains("0 to 18446744073709551615"), "{e}");
        let e = at("mode=match&level=expert").unwrap_err();
        assert_eq!(e.why, Level::parse_or_explain("expert").unwrap_err());
        let e = at("mode=singles&computer=east").unwrap_err();
        assert_eq!(e.why, "east does not play in singles (south, north)");
        assert_eq!(
            at("mode=demo&computer=north").unwrap_err().param,
            "computer"
        );
        assert_eq!(at("colour=red").unwrap_err().param, "colour");
        assert_eq!(at("speed=9").unwrap_err().why, "not a number from 1 to 8");
        assert_eq!(
            at("load=/carrom/saves/none.json").unwrap_err().param,
            "load"
        );
        assert_eq!(
            at("review=/carrom/saves/none.json").unwrap_err().param,
            "review"
        );
    }

    #[test]
    fn an_address_opens_a_kept_saves_review() {
        let dir = std::env::temp_dir().join(format!("carrom-address-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let spec = Spec::default();
        let setup = carrom_ai::easy_singles(1);
        let game = carrom_match::Match::new(&spec, setup).unwrap();
        let file = dir.join("m.json");
        SaveFile::of(&game).write(&file).unwrap();
        let Start::Review(start) = at(&format!("review={}", file.display())).unwrap().start else {
            panic!("a review");
        };
        assert_eq!(start.path.as_deref(), Some(file.as_path()));
        assert_eq!(start.from, OpenedFrom::Library);
        std::fs::remove_dir_all(&dir).ok();
    }
}
