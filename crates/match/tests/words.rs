//! The sentences players read, on seeded matches: every ruling of every verdict as the game,
//! the headless demo and `carrom replay` print it (`Match::verdict_lines`), with players named
//! (and one named after his seat), in singles and doubles, under every preset. The expected
//! lines in `tests/data/words.txt` were recorded from the code that made the sentences before;
//! any change to a sentence shows here. `CARROM_BLESS=1` records them again.

use carrom_match::{Match, MatchSetup, Player};
use carrom_physics::Spec;
use carrom_referee::{
    PRESET_NAMES, PieceColour, QueenState, Referee, Rules, Seat, Seats, StrokeReport,
};
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
    let rules = r.rules();
    StrokeReport {
        pocketed,
        striker_pocketed: rng.random_bool(0.12),
        touched: rng.random_bool(0.9),
        improper: rng.random_bool(0.08),
        overboard,
        shot_clock_expired: rules.shot_clock_secs.is_some() && rng.random_bool(0.03),
        technical_foul: (rules.technical_fouls && rng.random_bool(0.03))
            .then(|| r.seats().seats()[rng.random_range(0..r.seats().count())]),
        ..StrokeReport::default()
    }
}

/// Every preset, and the ICF Laws with their other readings and optional features.
fn variants() -> Vec<(String, Rules)> {
    let mut out: Vec<(String, Rules)> = PRESET_NAMES
        .iter()
        .map(|p| (p.to_string(), Rules::preset(p).unwrap()))
        .collect();
    let mut r = Rules::icf();
    r.ending_gaps = carrom_referee::EndingGaps::NearestLaw;
    r.technical_fouls = true;
    r.shot_clock_secs = Some(15);
    r.improper_break = carrom_referee::ImproperBreak::Any;
    r.queen_striker_opponent_men = carrom_referee::TurnRuling::Lost;
    r.queen_striker_own_men_all_nine = carrom_referee::TurnRuling::Lost;
    r.passes_by = carrom_referee::PassesBy::Player;
    r.pass_before_break = true;
    r.opponent_piece = carrom_referee::OpponentPiece::EndsTurn;
    r.queen_without_right = carrom_referee::QueenWithoutRight::ReturnedTurnContinues;
    out.push(("icf, other readings".into(), r));
    let mut r = Rules::icf();
    r.boards_per_game = 2;
    r.game_points = 100;
    r.break_attempts_for = carrom_referee::BreakAttemptsFor::FirstTurn;
    r.break_miss_is_foul = true;
    out.push(("icf, two boards a game".into(), r));
    out
}

fn sentences() -> String {
    let spec = Spec::default();
    let mut out = String::new();
    for (preset, rules) in variants() {
        let seats_of: &[Seats] = if rules.points.is_some() {
            &[Seats::Singles, Seats::Three, Seats::Four]
        } else {
            &[Seats::Singles, Seats::Doubles]
        };
        for &seats in seats_of {
            let mut setup = named(seats, "icf");
            setup.rules = rules;
            setup.rules_name = preset.clone();
            let game = Match::new(&spec, setup.clone()).unwrap();
            let mut r = Referee::new(setup.rules, seats);
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            out.push_str(&format!("== {preset} {seats:?}\n"));
            let mut n = 0;
            while !r.is_over() && n < 5000 {
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

/// Positions that reach the rarer rulings: the gaps of the endings table (Laws 102-112, both
/// readings), covering with the striker (Law 101(a)), the Queen and the striker with an
/// opponent's man read by Law 74.
fn scripted() -> String {
    use PieceColour::{Black as B, Queen as Q, White as W};
    let spec = Spec::default();
    let setup = named(Seats::Singles, "icf");
    let game = Match::new(&spec, setup).unwrap();
    let nearest = Rules {
        ending_gaps: carrom_referee::EndingGaps::NearestLaw,
        ..Rules::icf()
    };
    let lost = Rules {
        queen_striker_opponent_men: carrom_referee::TurnRuling::Lost,
        ..Rules::icf()
    };
    let pot = |pieces: &[PieceColour]| StrokeReport::pocketing(pieces);
    let with_striker = |pieces: &[PieceColour]| StrokeReport::pocketing(pieces).with_striker();
    #[allow(clippy::type_complexity)]
    let cases: Vec<(Rules, Seat, PieceColour, u8, u8, bool, Vec<StrokeReport>)> = vec![
        (
            Rules::icf(),
            Seat::South,
            W,
            1,
            1,
            false,
            vec![with_striker(&[W, B])],
        ),
        (
            Rules::icf(),
            Seat::South,
            W,
            2,
            1,
            true,
            vec![with_striker(&[W, W, B])],
        ),
        (
            nearest,
            Seat::South,
            W,
            2,
            1,
            true,
            vec![pot(&[W]), pot(&[W, B])],
        ),
        (
            Rules::icf(),
            Seat::South,
            W,
            2,
            1,
            true,
            vec![pot(&[W]), pot(&[W, B])],
        ),
        (
            nearest,
            Seat::South,
            W,
            2,
            1,
            true,
            vec![pot(&[W]), with_striker(&[W, B])],
        ),
        (
            nearest,
            Seat::North,
            B,
            1,
            2,
            true,
            vec![pot(&[B]), StrokeReport::nothing(), pot(&[W, B])],
        ),
        (
            Rules::icf(),
            Seat::North,
            B,
            1,
            2,
            true,
            vec![pot(&[B]), StrokeReport::nothing(), pot(&[W, B])],
        ),
        (
            nearest,
            Seat::South,
            W,
            3,
            1,
            true,
            vec![pot(&[W]), pot(&[B])],
        ),
        (
            Rules::icf(),
            Seat::South,
            W,
            3,
            1,
            true,
            vec![pot(&[W]), pot(&[B])],
        ),
        (
            Rules::icf(),
            Seat::South,
            W,
            3,
            1,
            true,
            vec![with_striker(&[B])],
        ),
        (
            Rules::icf(),
            Seat::South,
            W,
            3,
            3,
            true,
            vec![with_striker(&[W])],
        ),
        (
            lost,
            Seat::South,
            W,
            8,
            5,
            false,
            vec![with_striker(&[Q, B])],
        ),
        (
            Rules::icf(),
            Seat::South,
            W,
            8,
            5,
            false,
            vec![with_striker(&[Q, B])],
        ),
    ];
    let mut out = String::from("== scripted\n");
    for (rules, seat, colour, white, black, awaiting, strokes) in cases {
        let queen = if awaiting {
            QueenState::AwaitingCover { by: seat }
        } else {
            QueenState::OnBoard
        };
        let mut r =
            Referee::in_position(rules, Seats::Singles, seat, colour, white, black, queen).unwrap();
        for report in strokes {
            let v = r.judge(&report).unwrap();
            for line in game.verdict_lines(&v) {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    out
}

#[test]
fn every_sentence_reads_as_it_did_on_seeded_matches() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/words.txt");
    let now = sentences() + &scripted();
    if std::env::var_os("CARROM_BLESS").is_some() {
        std::fs::write(&path, &now).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    for (i, (a, b)) in now.lines().zip(expected.lines()).enumerate() {
        assert_eq!(a, b, "{}: line {}", path.display(), i + 1);
    }
    assert_eq!(now.lines().count(), expected.lines().count());
}
