//! The match layer: strokes read as the referee reads them, the umpire's pieces, invariants
//! after every stroke, passes, saves and replays.

use carrom_match::umpire::report_of;
use carrom_match::{
    Action, Actor, Match, MatchError, MatchLength, MatchSetup, ReplayError, SaveFile, SetupError,
    stroke_report, umpire_spot,
};
use carrom_physics::{
    BodyId, Event, EventKind, Fate, Piece, PieceColour, Seat, Shot, Spec, Vec2, simulate,
};
use carrom_referee::{Rules, Seats};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn event(kind: EventKind) -> Event {
    Event { t: 0.1, kind }
}

fn singles() -> MatchSetup {
    MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1)
}

#[test]
fn a_piece_that_falls_was_touched_and_is_reported_in_order() {
    let events = [
        event(EventKind::Pocketed {
            piece: 3,
            kind: PieceColour::Black,
            pocket: 0,
        }),
        event(EventKind::Pocketed {
            piece: 1,
            kind: PieceColour::Queen,
            pocket: 2,
        }),
    ];
    let report = report_of(&events, |_| PieceColour::White, Fate::OnBoard);
    assert_eq!(report.pocketed, [PieceColour::Black, PieceColour::Queen]);
    assert!(
        report.touched,
        "a pocketed piece was touched through the striker"
    );
    assert!(!report.striker_pocketed && !report.striker_overboard);
    assert!(!report.improper);
}

#[test]
fn a_striker_that_touches_nothing_and_falls_is_reported_untouched() {
    let events = [event(EventKind::Cushion {
        body: BodyId::Striker,
        side: Seat::North,
        speed: 2.0,
    })];
    let report = report_of(&events, |_| PieceColour::White, Fate::Pocketed(1));
    assert!(!report.touched, "a cushion is not a piece (Law 44)");
    assert!(report.striker_pocketed);
    let report = report_of(&[], |_| PieceColour::White, Fate::Overboard);
    assert!(report.striker_overboard && !report.striker_pocketed);
}

#[test]
fn a_piece_off_the_board_is_named_by_its_colour() {
    let events = [
        event(EventKind::Contact {
            a: BodyId::Striker,
            b: BodyId::Piece(0),
            speed: 3.0,
        }),
        event(EventKind::Overboard {
            body: BodyId::Piece(2),
            speed: 5.0,
        }),
    ];
    let colours = [PieceColour::White, PieceColour::White, PieceColour::Black];
    let report = report_of(&events, |i| colours[i], Fate::OnBoard);
    assert_eq!(report.overboard, [PieceColour::Black]);
    assert!(report.touched);
}

#[test]
fn a_simulated_break_is_read_the_same_from_its_result() {
    let spec = Spec::default();
    let layout = carrom_physics::opening_rack(&spec.board, Seat::South);
    let shot = Shot {
        seat: Seat::South,
        position: 0.0,
        angle_deg: 0.0,
        power: 1.0,
    };
    let result = simulate(&spec, &layout, &shot).unwrap();
    let report = stroke_report(&result);
    assert!(
        report.touched,
        "a full-power break into the rack touches it"
    );
    let mut game = Match::new(&spec, singles()).unwrap();
    game.play_stroke(shot).unwrap();
    assert_eq!(game.referee.break_made(), report.touched);
    assert!(game.violations.is_empty(), "{:?}", game.violations);
}

#[test]
fn the_umpire_puts_a_piece_in_the_centre_or_the_nearest_free_spot() {
    let spec = Spec::default();
    assert_eq!(umpire_spot(&spec, &[]), Vec2::ZERO);
    let blocked = [Piece::new(PieceColour::Black, Vec2::ZERO)];
    let at = umpire_spot(&spec, &blocked);
    let d = spec.board.coin_diameter;
    assert!(at.length() >= d - 1e-6, "clear of the piece in the centre");
    assert!(
        at.length() < d + 0.003,
        "as near the centre as the 2 mm rings allow"
    );
}

#[test]
fn a_setup_without_a_player_for_every_seat_is_refused() {
    let spec = Spec::default();
    let mut setup = singles();
    setup.players.clear();
    let e = Match::new(&spec, setup.clone()).unwrap_err();
    assert_eq!(
        e,
        MatchError::Setup(SetupError::Players {
            given: 0,
            seats: Seats::Singles
        })
    );
    assert!(e.to_string().starts_with("players:"), "{e}");
    setup.players = MatchSetup::new(Seats::Doubles, Rules::icf(), "icf", 1).players;
    let e = Match::new(&spec, setup).unwrap_err();
    assert_eq!(
        e.to_string(),
        "players: 4 given, Singles needs 2 (one for each of south, north)"
    );
    let mut setup = singles();
    setup.breaker = Some(Seat::East);
    let e = Match::new(&spec, setup).unwrap_err();
    assert_eq!(
        e,
        MatchError::Setup(SetupError::Breaker {
            seat: Seat::East,
            seats: Seats::Singles
        })
    );
    assert!(e.to_string().starts_with("breaker:"), "{e}");
}

#[test]
fn a_save_with_no_players_is_a_clear_error() {
    let spec = Spec::default();
    let game = Match::new(&spec, singles()).unwrap();
    let mut json: serde_json::Value = serde_json::to_value(SaveFile::of(&game)).unwrap();
    json["setup"]["players"] = serde_json::json!([]);
    let e = SaveFile::parse(&json.to_string(), "empty.json")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("empty.json: damaged save: setup.players"),
        "{e}"
    );
}

#[test]
fn the_breaker_can_be_set_by_the_setup() {
    let spec = Spec::default();
    let mut setup = singles();
    setup.breaker = Some(Seat::North);
    let game = Match::new(&spec, setup).unwrap();
    assert_eq!(game.next_actor(), Some(Actor::Striker(Seat::North)));
    assert_eq!(
        game.layout,
        carrom_physics::opening_rack(&spec.board, Seat::North)
    );
}

#[test]
fn no_pass_before_the_break() {
    let spec = Spec::default();
    let mut game = Match::new(&spec, singles()).unwrap();
    assert!(
        matches!(game.pass(), Err(MatchError::Judge(_))),
        "Law 137 lets a player pass only after the break"
    );
    assert!(game.actions.is_empty(), "a refused pass is not recorded");
}

/// The next action of a player who strikes at random: anywhere legal on the base line, any
/// direction within 60 degrees of forward, any power; a returned piece goes to the first free
/// spot from a random angle.
fn random_action(game: &Match, rng: &mut ChaCha8Rng) -> Option<Action> {
    match game.next_actor()? {
        Actor::Placer { .. } => {
            let [x, y] = game.free_due_spot(rng.random_range(0.0..std::f32::consts::TAU));
            Some(Action::Place { x, y })
        }
        Actor::Striker(seat) => {
            for _ in 0..50 {
                let shot = Shot {
                    seat,
                    position: rng.random_range(-1.0..1.0),
                    angle_deg: rng.random_range(-60.0..60.0),
                    power: rng.random_range(0.2..1.0),
                };
                if game.check_shot(&shot).is_ok() {
                    return Some(Action::Stroke { shot });
                }
            }
            Some(Action::Pass)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Every stroke of a seeded match keeps all 19 pieces accounted for (on the board, waiting
    /// to be placed, or pocketed as the referee counts them), and the match replays from its
    /// save to the same state.
    #[test]
    fn all_nineteen_pieces_are_always_accounted_for(seed in any::<u64>(), doubles in any::<bool>()) {
        let spec = Spec::default();
        let seats = if doubles { Seats::Doubles } else { Seats::Singles };
        let mut game = Match::new(&spec, MatchSetup::new(seats, Rules::icf(), "icf", seed)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..16 {
            let Some(action) = random_action(&game, &mut rng) else { break };
            if game.apply(&action).is_err() {
                prop_assert_eq!(action, Action::Pass, "only a pass before the break is refused");
                break;
            }
            prop_assert!(game.violations.is_empty(), "{:?}", game.violations);
            let r = &game.referee;
            let men = |c: PieceColour| r.men(c).on_board + r.men(c).pocketed;
            prop_assert_eq!(men(PieceColour::White), 9);
            prop_assert_eq!(men(PieceColour::Black), 9);
            prop_assert!(game.layout.len() + game.pending.len() <= 19);
        }
        let file = SaveFile::of(&game);
        let again = Match::replay(&spec, &file, |_| {}).unwrap();
        prop_assert_eq!(again.referee, game.referee);
        prop_assert_eq!(again.layout, game.layout);
        prop_assert_eq!(again.actions, game.actions);
    }
}

#[test]
fn a_pass_is_saved_and_read_back() {
    let json = serde_json::to_string(&Action::Pass).unwrap();
    assert_eq!(json, r#"{"type":"pass"}"#);
    assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), Action::Pass);
}

/// Plays `strokes` seeded random actions on `spec`.
fn random_match(spec: &Spec, seed: u64, strokes: usize) -> Match {
    let mut game = Match::new(spec, singles()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..strokes {
        let Some(action) = random_action(&game, &mut rng) else {
            break;
        };
        if game.apply(&action).is_err() {
            break;
        }
    }
    game
}

/// A save is tied to the physics that played it: a version-3 save to the board without
/// rapier's warm start (the default), a version-2 save to the board with it. Each replays
/// through every recorded position; a version-2 save played as version 3 does not.
#[test]
fn a_save_replays_with_the_physics_of_its_version() {
    let spec = Spec::default();
    assert_eq!(spec.sim.warm_start, 0.0);
    let now = random_match(&spec, 3, 12);
    let file = SaveFile::of(&now);
    assert_eq!(file.version, carrom_match::VERSION);
    assert_eq!(
        Match::replay(&spec, &file, |_| {}).unwrap().digests,
        now.digests
    );

    let mut warm = spec.clone();
    warm.sim.warm_start = 1.0;
    let old = random_match(&warm, 3, 12);
    assert_ne!(
        old.digests, now.digests,
        "the warm start changes the strokes"
    );
    let mut file = SaveFile::of(&old);
    assert_eq!(
        file.version, 2,
        "a match on the old physics is saved as version 2"
    );
    let text = serde_json::to_string(&file).unwrap();
    let read = SaveFile::parse(&text, "old.json").unwrap();
    let replayed = Match::replay(&spec, &read, |_| {}).unwrap();
    assert_eq!(replayed.digests, old.digests);
    assert_eq!(
        replayed.spec.sim.warm_start, 1.0,
        "it goes on with its own physics"
    );

    file.version = carrom_match::VERSION;
    let e = Match::replay(&spec, &file, |_| {}).unwrap_err();
    assert!(matches!(e, ReplayError::Diverged { .. }), "{e:?}");
    assert!(
        e.to_string()
            .contains("does not reach the recorded position"),
        "{e}"
    );
}

/// Calls name the players at their seats, and results name the side by its players.
#[test]
fn calls_and_results_name_the_players() {
    use carrom_match::words::ruling;
    use carrom_referee::{Event, LastMen, Law, QueenAtEnd, Ruling, Side};
    let spec = Spec::default();
    let mut setup = singles();
    setup.players[0].name = "Asha".into();
    setup.players[1].name = "Ravi".into();
    let game = Match::new(&spec, setup).unwrap();
    let names = game.names();
    let call = |law: &'static str, event: Event| {
        ruling(
            &Ruling {
                law: Law(law),
                event,
            },
            &names,
        )
    };
    assert_eq!(
        call("48", Event::NothingPocketed { next: Seat::North }),
        "Nothing pocketed. Turn passes to Ravi (North). (Law 48)"
    );
    assert_eq!(
        call(
            "48",
            Event::OwnMenPocketed {
                by: Seat::South,
                colour: PieceColour::White,
                men: 1,
                continues: true
            }
        ),
        "Asha (South) pocketed 1 white man. The turn continues. (Law 48)"
    );
    assert_eq!(game.side_name(game.referee.side_of(Seat::North)), "Ravi");
    assert_eq!(game.seat_name(Seat::North), "Ravi (North)");
    assert_eq!(
        call(
            "53(c)",
            Event::BoardEnded {
                by: Seat::South,
                last: LastMen::Own,
                queen: QueenAtEnd::CoveredByOpponent,
                improper: false,
                striker: false,
                as_law: None,
                winner: Side::Zero,
                points: 5
            }
        ),
        "Asha (South) pocketed his last man by a proper stroke; the Queen, covered by the loser, scores nothing. Board to Asha by 5 points. (Law 53(c))"
    );
    assert_eq!(
        call(
            "57",
            Event::MatchWon {
                side: Side::One,
                games: [0, 2]
            }
        ),
        "Ravi wins the match, 2 games to 0. (Law 57)"
    );
}

/// Plays a stroke whose outcome is given: these pieces fall (taken from the layout), the striker
/// with them when `striker`.
fn scripted(game: &mut Match, pocketed: &[PieceColour], striker: bool) -> carrom_referee::Verdict {
    let seat = game.turn().unwrap();
    let mut layout = game.layout.clone();
    for c in pocketed {
        let i = layout.iter().position(|p| p.kind == *c).unwrap();
        layout.remove(i);
    }
    let mut report = carrom_referee::StrokeReport::pocketing(pocketed);
    report.striker_pocketed = striker;
    let shot = Shot {
        seat,
        position: 0.0,
        angle_deg: 0.0,
        power: 0.5,
    };
    game.apply_stroke(shot, carrom_match::StrokeOutcome { layout, report })
        .unwrap()
}

/// The statistics count what the referee ruled: South breaks with two whites and a black (a
/// break, three pieces off it, two of his own), pockets a white and the Queen, covers her,
/// then pockets the striker (a foul and a due); North's turn is one stroke that pockets
/// nothing.
#[test]
fn the_statistics_count_strokes_pieces_fouls_the_queen_breaks_and_runs() {
    use PieceColour::{Black as B, Queen as Q, White as W};
    let spec = Spec::default();
    let mut game = Match::new(&spec, singles()).unwrap();
    assert!(scripted(&mut game, &[W, W, B], false).continues);
    assert!(scripted(&mut game, &[W, Q], false).continues);
    let cover = scripted(&mut game, &[W], false);
    assert!(cover.continues);
    assert!(matches!(
        cover.position.queen,
        carrom_referee::QueenState::Covered(W)
    ));
    let foul = scripted(&mut game, &[], true);
    assert!(foul.foul && !foul.continues);
    scripted(&mut game, &[], false);
    assert!(game.violations.is_empty(), "{:?}", game.violations);

    let south = &game.stats.players[0];
    assert_eq!((south.seat.as_str(), south.side), ("south", 0));
    assert_eq!(south.strokes, 4);
    assert_eq!(south.pieces_pocketed, 5, "four whites and the Queen");
    assert_eq!(south.opponent_men_pocketed, 1);
    assert_eq!(south.pocketing_strokes, 3);
    assert!((south.pot_rate - 0.75).abs() < 1e-9);
    assert_eq!((south.fouls, south.dues), (1, 1));
    assert_eq!((south.queen_pocketed, south.queen_covered), (1, 1));
    assert_eq!((south.breaks, south.pieces_off_breaks), (1, 3));
    assert_eq!(south.longest_run, 5, "one visit: 2 + 2 + 1");

    let north = &game.stats.players[1];
    assert_eq!(
        (north.strokes, north.pieces_pocketed, north.breaks),
        (1, 0, 0)
    );
    assert_eq!(north.pot_rate, 0.0);
    assert!(game.stats.boards.is_empty(), "the board goes on");
}

/// A match of one board is over when its board is won (Law 56(a) with one board a game, Law
/// 57 with one game a match); a match of one game, or the whole match, goes on to the next
/// board. The length is in the rules, so a save keeps it.
#[test]
fn a_match_of_one_board_is_over_when_its_board_is_won() {
    use PieceColour::{Queen as Q, White as W};
    let spec = Spec::default();
    for (length, over) in [
        (MatchLength::Board, true),
        (MatchLength::Game, false),
        (MatchLength::Full, false),
    ] {
        let mut rules = Rules::icf();
        length.apply(&mut rules);
        let mut game = Match::new(&spec, MatchSetup::new(Seats::Singles, rules, "icf", 1)).unwrap();
        scripted(&mut game, &[W, Q], false);
        for _ in 0..8 {
            scripted(&mut game, &[W], false);
        }
        assert_eq!(
            game.stats.boards.len(),
            1,
            "{length:?}: South cleared the board"
        );
        assert_eq!(game.is_over(), over, "{length:?}");
        assert!(game.violations.is_empty(), "{:?}", game.violations);
        let saved = SaveFile::of(&game);
        assert_eq!(
            saved.setup.rules, rules,
            "{length:?}: the save keeps the length"
        );
    }
    assert_eq!(MatchLength::Full.describe(&Rules::icf()), "best of 3 games");
    assert_eq!(MatchLength::Game.describe(&Rules::icf()), "one game");
    assert_eq!(MatchLength::parse("board"), Some(MatchLength::Board));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Whatever is played, every stroke and pass is counted once, for the player who made it;
    /// no one pockets more strokes than he plays; each ended board is listed with its score;
    /// and a replay of the save gives the same figures.
    #[test]
    fn the_statistics_account_for_every_action_and_replay_the_same(seed in any::<u64>()) {
        let spec = Spec::default();
        let game = random_match(&spec, seed, 40);
        let strokes = game.actions.iter().filter(|a| matches!(a, Action::Stroke { .. })).count() as u32;
        let passes = game.actions.iter().filter(|a| matches!(a, Action::Pass)).count() as u32;
        let s = &game.stats;
        prop_assert_eq!(s.players.iter().map(|p| p.strokes).sum::<u32>(), strokes);
        prop_assert_eq!(s.players.iter().map(|p| p.passes).sum::<u32>(), passes);
        for p in &s.players {
            prop_assert!(p.pocketing_strokes <= p.strokes);
            prop_assert!(p.fouls <= p.strokes);
            prop_assert!(p.queen_covered <= 1 + p.queen_pocketed);
            prop_assert!((0.0..=1.0).contains(&p.pot_rate));
        }
        prop_assert_eq!(s.boards.len() as u32 + 1 - u32::from(game.is_over()), game.boards);
        let again = Match::replay(&spec, &SaveFile::of(&game), |_| {}).unwrap();
        prop_assert_eq!(&again.stats, &game.stats);
    }
}

/// Laws 84, 85, 89(b) on a board of other sizes (`--spec`): the referee places a man by the
/// circles and men of the board being played, as the umpire's spot and the computer's due
/// spots do, not by the ICF sizes.
#[test]
fn law_84_89b_placing_a_man_follows_the_board_of_the_spec() {
    let mut spec = Spec::default();
    spec.board.outer_circle_diameter = 0.24;
    spec.board.coin_diameter = 0.036;
    let g = carrom_match::umpire::geometry(&spec);
    assert_eq!(
        (
            g.outer_circle_radius,
            g.centre_circle_radius,
            g.piece_radius
        ),
        (
            f64::from(0.24f32 * 0.5),
            f64::from(0.0318f32 * 0.5),
            f64::from(0.036f32 * 0.5)
        )
    );
    let mut game = Match::new(&spec, singles()).unwrap();
    scripted(&mut game, &[PieceColour::White], false);
    scripted(&mut game, &[], true); // the striker alone: a due, placed by North
    assert_eq!(game.placer(), Some(Seat::North));
    game.layout.clear();
    // Inside this board's outer circle, outside the ICF one.
    assert!(game.check_place(0.09, 0.0).is_ok());
    assert!(carrom_referee::validate_placement(0.09, 0.0, &[]).is_err());
    // Clear of the ICF centre circle with ICF men, over it with these bigger men.
    let e = game.check_place(0.033, 0.0).unwrap_err().to_string();
    assert!(e.contains("centre circle") && e.contains("33.9 mm"), "{e}");
    assert!(carrom_referee::validate_placement(0.033, 0.0, &[]).is_ok());
    // The spot offered for a due is one the referee accepts on this board.
    let [x, y] = game.free_due_spot(1.0);
    assert!(
        g.validate_placement(f64::from(x), f64::from(y), &[])
            .is_ok()
    );
    assert!(game.place(x, y).is_ok());
}

/// A match set up with its computers and names: the seats named play the computer at the
/// level given, the names go to the seats in the order of play, and a seat without a name
/// keeps its own.
#[test]
fn a_match_set_up_with_computers_and_names_seats_them_in_the_order_of_play() {
    use carrom_match::{Level, MatchSetup};
    use carrom_referee::{Rules, Seat, Seats};
    let names = ["Asha".to_string()];
    let setup = MatchSetup::new(Seats::Doubles, Rules::default(), "ICF", 3).with_players(
        &[Seat::East, Seat::West],
        Level::Hard,
        &names,
    );
    let seats = Seats::Doubles.seats();
    let players: Vec<(Seat, &str, Option<Level>)> = (seats.iter().zip(&setup.players))
        .map(|(s, p)| (*s, p.name.as_str(), p.computer))
        .collect();
    assert_eq!(players[0], (Seat::South, "Asha", None));
    for (seat, name, computer) in &players[1..] {
        let computer_seat = matches!(seat, Seat::East | Seat::West);
        assert_eq!(computer.is_some(), computer_seat, "{seat:?}: {name}");
        assert_eq!(*computer, computer_seat.then_some(Level::Hard));
    }
    assert_eq!(players[2].1, "North");
    assert!(setup.validate().is_ok());
}
