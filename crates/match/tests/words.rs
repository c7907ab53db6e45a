//! The sentences players read, on seeded matches: every ruling of every verdict as the game,
//! the headless demo and `carrom replay` print it (`Match::verdict_lines`), with players named
//! (and one named after his seat), in singles and doubles, under every preset. The expected
//! lines in `tests/data/words.txt` were recorded from the code that made the sentences before;
//! any change to a sentence shows here. `CARROM_BLESS=1` records them again.

use carrom_match::{Match, MatchSetup, Player};
use carrom_physics::Spec;
use carrom_referee::{PRESET_NAMES, PieceColour, Referee, Rules, Seat, Seats, StrokeReport};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const NAMES: [&str; 4] = ["Asha", "East", "Ravi", "Mei Ling"];

fn named(seats: Seats, preset: &str) -> MatchSetup {
    let mut setup = MatchSetup::new(seats, Rules::preset(preset).unwrap(), preset, 1);
    for (p, name) in
        setup
            .players
            .iter_mut()
            .zip(
                NAMES
                    .iter()
                    .step_by(if seats == Seats::Singles { 2 } else { 1 }),
            )
    {
        *p = Player {
            name: (*name).into(),
            computer: None,
        };
    }
    setup
}

/// A stroke the position allows, drawn from the seeded generator.
fn stroke(r: &Referee, rng: &mut ChaCha8Rng) -> StrokeReport {
    use PieceColour::{Queen, White};
    if r.break_made() && rng.random_bool(0.04) {
        return StrokeReport::pass();
    }
    let me = r.turn().unwrap();
    let my = r.colour_of(me);
    let their = my.other();
    let own = match rng.random_range(0..10) {
        0..=3 => 0,
        4..=6 => 1,
        7..=8 => rng.random_range(2..=4),
        _ => 9,
    }
    .min(r.on_board(my));
    let opp = match rng.random_range(0..10) {
        0..=6 => 0,
        7..=8 => 1,
        _ => 9,
    }
    .min(r.on_board(their));
    let mut pocketed = [vec![my; own as usize], vec![their; opp as usize]].concat();
    if r.on_board(Queen) == 1 && rng.random_bool(0.15) {
        pocketed.push(Queen);
    }
    let overboard = if rng.random_bool(0.05) && r.on_board(my) > own {
        vec![my]
    } else {
        vec![]
    };
    let _ = White;
    StrokeReport {
        pocketed,
        striker_pocketed: rng.random_bool(0.12),
        touched: rng.random_bool(0.9),
        improper: rng.random_bool(0.08),
        overboard,
        ..StrokeReport::default()
    }
}

fn sentences() -> String {
    let spec = Spec::default();
    let mut out = String::new();
    for preset in PRESET_NAMES {
        for seats in [Seats::Singles, Seats::Doubles] {
            let setup = named(seats, preset);
            let game = Match::new(&spec, setup.clone()).unwrap();
            let mut r = Referee::new(setup.rules, seats);
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            out.push_str(&format!("== {preset} {seats:?}\n"));
            let mut n = 0;
            while !r.is_over() && n < 3000 {
                let report = stroke(&r, &mut rng);
                let Ok(v) = r.judge(&report) else { continue };
                for line in game.verdict_lines(&v) {
                    out.push_str(&line);
                    out.push('\n');
                }
                n += 1;
            }
            let _ = Seat::South;
        }
    }
    out
}

#[test]
fn every_sentence_reads_as_it_did_on_seeded_matches() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/words.txt");
    let now = sentences();
    if std::env::var_os("CARROM_BLESS").is_some() {
        std::fs::write(&path, &now).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    for (i, (a, b)) in now.lines().zip(expected.lines()).enumerate() {
        assert_eq!(a, b, "{}: line {}", path.display(), i + 1);
    }
    assert_eq!(now.lines().count(), expected.lines().count());
}
