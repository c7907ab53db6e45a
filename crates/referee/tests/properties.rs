//! Property tests over random stroke sequences.

mod common;
use common::*;
use proptest::prelude::*;

/// An abstract stroke, turned into a report that is possible in the current position.
#[derive(Clone, Debug)]
struct Abstract {
    own: u8,
    opp: u8,
    queen: bool,
    striker: bool,
    improper: bool,
    touched: bool,
    overboard: u8,
    striker_overboard: bool,
    pass: bool,
    reverse: bool,
}

prop_compose! {
    fn abstract_stroke()(
        own in prop_oneof![4 => Just(0u8), 3 => Just(1u8), 2 => 2u8..=4, 1 => 5u8..=9],
        opp in prop_oneof![6 => Just(0u8), 2 => Just(1u8), 1 => 2u8..=9],
        queen in prop::bool::weighted(0.15),
        striker in prop::bool::weighted(0.12),
        improper in prop::bool::weighted(0.08),
        touched in prop::bool::weighted(0.85),
        overboard in prop_oneof![12 => Just(0u8), 1 => 1u8..=3],
        striker_overboard in prop::bool::weighted(0.04),
        pass in prop::bool::weighted(0.04),
        reverse in any::<bool>(),
    ) -> Abstract {
        Abstract { own, opp, queen, striker, improper, touched, overboard, striker_overboard, pass, reverse }
    }
}

fn realise(r: &Referee, a: &Abstract) -> StrokeReport {
    if a.pass && r.break_made() {
        return StrokeReport::pass();
    }
    let me = r.turn().expect("match not over");
    let my = r.colour_of(me);
    let their = my.other();
    if !a.touched {
        return StrokeReport {
            touched: false,
            striker_pocketed: a.striker,
            improper: a.improper,
            ..StrokeReport::default()
        };
    }
    let own = a.own.min(r.on_board(my));
    let opp = a.opp.min(r.on_board(their));
    let mut pocketed = [vec![my; own as usize], vec![their; opp as usize]].concat();
    if a.queen && r.on_board(Q) == 1 {
        pocketed.insert(pocketed.len() / 2, Q);
    }
    if a.reverse {
        pocketed.reverse();
    }
    // Overboard pieces come from what is left on the board.
    let mut overboard = vec![];
    let mut left_own = r.on_board(my) - own;
    let mut left_opp = r.on_board(their) - opp;
    for k in 0..a.overboard {
        if k % 2 == 0 && left_own > 0 {
            overboard.push(my);
            left_own -= 1;
        } else if left_opp > 0 {
            overboard.push(their);
            left_opp -= 1;
        }
    }
    StrokeReport {
        pocketed,
        striker_pocketed: a.striker,
        touched: true,
        improper: a.improper,
        overboard,
        striker_overboard: a.striker_overboard && !a.striker,
        ..StrokeReport::default()
    }
}

/// A clean stroke that moves the board towards its end: cover the Queen if possible, else
/// pocket every own man.
fn progress(r: &Referee) -> StrokeReport {
    let me = r.turn().expect("match not over");
    let own = r.colour_of(me);
    match r.queen_right(me) {
        QueenRight::Yes => StrokeReport::pocketing(&[Q, own]),
        QueenRight::WithOwnMen => StrokeReport::pocketing(&[Q, own, own]),
        _ => StrokeReport::pocketing(&vec![own; r.on_board(own) as usize]),
    }
}

fn check_invariants(r: &Referee, v: &Verdict) {
    let rules = *r.rules();
    for colour in [W, B] {
        let m = r.men(colour);
        assert_eq!(
            m.on_board + m.pocketed,
            9,
            "{colour}: every man on the board or pocketed"
        );
        // Under `dues_returned = "end_of_turn"` (traditional) an available man owed waits in
        // the pocket until the turn ends. (This used to hold after every stroke.)
        let turn_goes_on = rules.dues_returned == DuesReturned::EndOfTurn && v.continues;
        assert!(
            m.owed == 0 || m.pocketed == 0 || turn_goes_on,
            "{colour}: a due waits only while none is available, or until the turn ends"
        );
        let p = v.position.men(colour);
        assert_eq!(
            p.on_board + p.pocketed,
            9,
            "{colour} in the verdict position"
        );
    }
    assert_eq!(r.on_board(Q) + r.pocketed(Q), 1);
    if let Some(b) = v.board_result {
        assert!(
            b.points <= u16::from(rules.max_board_points),
            "board worth {}",
            b.points
        );
    } else if !v.board_cancelled {
        assert!(
            r.on_board(W) > 0 && r.on_board(B) > 0,
            "a colour cleared without ending the board: {}",
            v.summary()
        );
    }
    assert!(
        r.board_number() <= rules.boards_per_game + 1,
        "board {} in a game",
        r.board_number()
    );
    assert!(
        r.game_number() < 2 * rules.games_to_win,
        "game {}",
        r.game_number()
    );
    assert!(!v.rulings.is_empty(), "every stroke gets a ruling");
    let returned_by_players = v
        .returns
        .iter()
        .filter(|x| matches!(x.placed_by, Placer::Seat(_)))
        .count();
    assert!(returned_by_players <= 18);
    if let Some(next) = v.next {
        assert!(r.seats().contains(next));
    }
}

/// Plays `strokes` on a new referee until they run out or the match ends: each made a report by
/// `report` in the position it meets, judged (it must be accepted) and the invariants checked;
/// `then` sees the referee before the stroke, the report, the verdict and the referee after.
fn play<T>(
    rules: Rules,
    seats: Seats,
    strokes: &[T],
    report: impl Fn(&Referee, &T) -> StrokeReport,
    mut then: impl FnMut(&Referee, &StrokeReport, &Verdict, &Referee) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut r = Referee::new(rules, seats);
    for stroke in strokes {
        if r.is_over() {
            break;
        }
        let report = report(&r, stroke);
        let before = r;
        let v = r
            .judge(&report)
            .unwrap_or_else(|e| panic!("{report:?} rejected: {e}"));
        check_invariants(&r, &v);
        then(&before, &report, &v, &r)?;
    }
    Ok(())
}

/// `n` random cases a property, none of them kept for the next run.
fn cases(n: u32) -> ProptestConfig {
    ProptestConfig {
        cases: n,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn presets() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::icf()),
        Just(Rules::vkk()),
        Just(Rules::fof2022()),
        Just(Rules::casual()),
        Just(Rules::traditional()),
    ]
}

fn seats() -> impl Strategy<Value = Seats> {
    prop_oneof![Just(Seats::Singles), Just(Seats::Doubles)]
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn pieces_are_always_accounted_for_and_boards_never_exceed_the_maximum(
        rules in presets(),
        seats in seats(),
        strokes in prop::collection::vec(abstract_stroke(), 0..400),
    ) {
        play(rules, seats, &strokes, realise, |before, report, v, after| {
            // Judging is deterministic: a clone judges the same way.
            let mut copy = *before;
            prop_assert_eq!(&copy.judge(report).unwrap(), v);
            prop_assert_eq!(&copy, after);
            Ok(())
        })?;
    }

    #[test]
    fn every_match_ends_within_the_board_limits(
        rules in presets(),
        seats in seats(),
        strokes in prop::collection::vec(abstract_stroke(), 64),
    ) {
        let mut r = Referee::new(rules, seats);
        let mut boards_in_game = 0u32;
        let mut game = 1;
        let mut total = 0usize;
        while !r.is_over() {
            let a = &strokes[total % strokes.len()];
            // Vary the cycle so it cannot lock into a loop of passes.
            let mut a = a.clone();
            a.pass = a.pass && total.is_multiple_of(7);
            a.touched = a.touched || total.is_multiple_of(5);
            // Every fifth stroke makes progress, so that random cycles cannot stall forever.
            let report = if total % 5 == 4 { progress(&r) } else { realise(&r, &a) };
            let v = r.judge(&report).unwrap();
            check_invariants(&r, &v);
            if v.board_result.is_some() {
                boards_in_game += 1;
                prop_assert!(boards_in_game <= u32::from(rules.boards_per_game) + 1);
            }
            if r.game_number() != game {
                game = r.game_number();
                boards_in_game = 0;
            }
            total += 1;
            prop_assert!(total < 200_000, "the match did not end");
        }
        prop_assert!(r.match_winner().is_some());
        prop_assert!(r.judge(&StrokeReport::nothing()).is_err());
    }

    #[test]
    fn nothing_panics_on_arbitrary_reports(
        pocketed in prop::collection::vec(prop_oneof![Just(W), Just(B), Just(Q)], 0..25),
        overboard in prop::collection::vec(prop_oneof![Just(W), Just(B), Just(Q)], 0..4),
        flags in prop::collection::vec(any::<bool>(), 8),
        prefix in prop::collection::vec(abstract_stroke(), 0..40),
    ) {
        let mut rules = Rules::icf();
        rules.technical_fouls = flags[6];
        let mut r = Referee::new(rules, if flags[7] { Seats::Doubles } else { Seats::Singles });
        for a in &prefix {
            if r.is_over() { break; }
            let rep = realise(&r, a);
            r.judge(&rep).unwrap();
        }
        let report = StrokeReport {
            pocketed,
            overboard,
            striker_pocketed: flags[0],
            touched: flags[1],
            improper: flags[2],
            striker_overboard: flags[3],
            pass: flags[4],
            shot_clock_expired: flags[5],
            technical_foul: if flags[6] { Some(Seat::East) } else { None },
            due_used_for_queen: false,
        };
        let before = r;
        match r.judge(&report) {
            Ok(v) => check_invariants(&r, &v),
            Err(_) => prop_assert_eq!(r, before, "a rejected report changes nothing"),
        }
    }
}

/// Rules under which the Queen pocketed without the right waits in the pocket until the end of
/// the turn: the traditional preset, and the ICF and casual endings with that reading.
fn end_of_turn_rules() -> impl Strategy<Value = Rules> {
    let continuing = |base: Rules| Rules {
        queen_without_right: QueenWithoutRight::ReturnedTurnContinues,
        queen_returned: QueenReturned::EndOfTurn,
        ..base
    };
    prop_oneof![
        Just(Rules::traditional()),
        Just(continuing(Rules::icf())),
        Just(continuing(Rules::casual())),
    ]
}

proptest! {
    #![proptest_config(cases(256))]

    /// "The Queen is returned to the centre at the end of the turn": she waits in the pocket
    /// only while the player who pocketed her keeps the turn, and the verdict that ends his
    /// turn (a stroke, a pass, or the end of the board) returns her, the umpire's first piece.
    #[test]
    fn a_queen_waiting_in_the_pocket_is_back_when_the_turn_ends(
        rules in end_of_turn_rules(),
        seats in seats(),
        strokes in prop::collection::vec(abstract_stroke(), 0..400),
    ) {
        play(rules, seats, &strokes, realise, |before, _, v, r| {
            let waiting = matches!(before.queen(), QueenState::AwaitingReturn { .. });
            if let QueenState::AwaitingReturn { by } = r.queen() {
                prop_assert!(v.continues, "{}", v.summary());
                prop_assert_eq!(by, v.by);
                prop_assert_eq!(r.turn(), Some(by));
            }
            if waiting && !v.continues && v.board_result.is_none() && !v.board_cancelled {
                prop_assert_eq!(r.queen(), QueenState::OnBoard);
                let first = v.returns.first().copied();
                prop_assert_eq!(first.map(|x| (x.piece, x.placed_by)), Some((Q, Placer::Umpire)));
                prop_assert!(v.applied("93"), "{}", v.summary());
            }
            prop_assert!(v.position.queen == r.queen() || v.board_result.is_some() || v.board_cancelled);
            Ok(())
        })?;
    }
}

/// Small enough for the AI to copy per simulated outcome: 112 bytes with the point game's
/// ledger by seat (points, the men each player holds and owes).
#[test]
fn the_referee_is_small_and_copy() {
    fn is_copy<T: Copy>() {}
    is_copy::<Referee>();
    assert!(
        std::mem::size_of::<Referee>() <= 128,
        "{}",
        std::mem::size_of::<Referee>()
    );
}

/// Every preset with every documented reading (`Rules` option) chosen at random: the presets'
/// own values, and each option of *Readings of the Laws*, the traditional match's readings (and
/// its moment for owed penalties and its fouls in the attempts to break) and the optional
/// features (shot clock, technical fouls). The house rules' switches that make a
/// variant (`endings`, `foul_returns_pocketed` ...) stay as their preset has them.
fn every_preset_and_option() -> impl Strategy<Value = Rules> {
    use QueenReturned as When;
    use QueenWithoutRight as Without;
    (
        presets(),
        maybe(vec![ImproperBreak::Untouched, ImproperBreak::Any]),
        maybe(vec![TurnRuling::Continues, TurnRuling::Lost]),
        maybe(vec![TurnRuling::Continues, TurnRuling::Lost]),
        maybe(vec![
            OpponentPiece::Icf,
            OpponentPiece::EndsTurn,
            OpponentPiece::Foul,
        ]),
        maybe(vec![PassesBy::Side, PassesBy::Player]),
        prop::option::of(any::<bool>()),
        maybe(vec![EndingGaps::Scoring, EndingGaps::NearestLaw]),
        maybe(vec![
            (Without::ReturnedTurnLost, When::AtOnce),
            (Without::ReturnedTurnContinues, When::AtOnce),
            (Without::ReturnedTurnContinues, When::EndOfTurn),
        ]),
        any::<[bool; 7]>(),
    )
        .prop_map(
            |(mut r, brk, qso, qsa, opp, passes, before_break, gaps, queen, flags)| {
                let [technical, break_for, won_by, _, clock, dues, break_fouls] = flags;
                r.improper_break = brk.unwrap_or(r.improper_break);
                r.queen_striker_opponent_men = qso.unwrap_or(r.queen_striker_opponent_men);
                r.queen_striker_own_men_all_nine = qsa.unwrap_or(r.queen_striker_own_men_all_nine);
                r.opponent_piece = opp.unwrap_or(r.opponent_piece);
                r.passes_by = passes.unwrap_or(r.passes_by);
                r.pass_before_break = before_break.unwrap_or(r.pass_before_break);
                r.ending_gaps = gaps.unwrap_or(r.ending_gaps);
                if let Some((w, when)) = queen {
                    r.queen_without_right = w;
                    r.queen_returned = when;
                }
                if break_for {
                    r.break_attempts_for = match r.break_attempts_for {
                        BreakAttemptsFor::EveryBreaker => BreakAttemptsFor::FirstTurn,
                        BreakAttemptsFor::FirstTurn => BreakAttemptsFor::EveryBreaker,
                    };
                }
                if won_by {
                    r.game_won_by = match r.game_won_by {
                        GameWonBy::Points => GameWonBy::Board,
                        GameWonBy::Board => GameWonBy::Points,
                    };
                }
                if dues {
                    r.dues_returned = match r.dues_returned {
                        DuesReturned::AtOnce => DuesReturned::EndOfTurn,
                        DuesReturned::EndOfTurn => DuesReturned::AtOnce,
                    };
                }
                if break_fouls {
                    r.break_fouls_penalised = !r.break_fouls_penalised;
                }
                r.technical_fouls = technical;
                r.shot_clock_secs = clock.then_some(15);
                r
            },
        )
}

/// None (the preset's own value) or one of `options`, each as likely as None.
fn maybe<T: Clone + std::fmt::Debug + 'static>(
    options: Vec<T>,
) -> impl Strategy<Value = Option<T>> {
    let n = options.len() as f64;
    prop::option::weighted(n / (n + 1.0), prop::sample::select(options))
}

proptest! {
    #![proptest_config(cases(512))]

    /// Law 96 ("the Queen must be covered with the next stroke", of the same turn): whenever
    /// the turn passes to the other side, whatever stopped it (a stroke that keeps no turn, a
    /// foul, an opponent's man under Law 125(a) read literally, a pass, the shot clock, a
    /// technical foul), the Queen is on the board or covered, never awaiting cover.
    #[test]
    fn when_the_turn_passes_the_queen_is_on_the_board_or_covered(
        rules in every_preset_and_option(),
        seats in seats(),
        strokes in prop::collection::vec((abstract_stroke(), 0u8..8), 0..300),
    ) {
        // A stroke, and now and then the shot clock or a technical foul.
        let report = |r: &Referee, (a, extra): &(Abstract, u8)| {
            let mut report = realise(r, a);
            if !report.pass {
                report.shot_clock_expired = rules.shot_clock_secs.is_some() && *extra == 1;
                report.technical_foul = (rules.technical_fouls && *extra >= 6)
                    .then(|| if *extra == 6 { r.turn().unwrap() } else { r.seats().seats()[1] });
            }
            report
        };
        play(rules, seats, &strokes, report, |_, _, v, r| {
            let other_side = v.next.is_some_and(|next| r.side_of(next) != r.side_of(v.by));
            if other_side && v.board_result.is_none() && !v.board_cancelled {
                prop_assert!(
                    matches!(r.queen(), QueenState::OnBoard | QueenState::Covered(_)),
                    "the turn passed with the Queen {:?}: {}", r.queen(), v.summary()
                );
                prop_assert_eq!(v.position.queen, r.queen());
            }
            if matches!(r.queen(), QueenState::AwaitingCover { .. }) {
                prop_assert!(v.continues, "{}", v.summary());
            }
            Ok(())
        })?;
    }
}

/// The point game's presets and a reading from a file's values, at two, three and four seats.
fn point_games() -> impl Strategy<Value = (Rules, Seats)> {
    let total_point = Rules {
        boards_per_game: 3,
        game_points: 1000,
        points: Some(PointGame {
            white: 10,
            black: 5,
            queen: 50,
        }),
        ..Rules::points()
    };
    (
        prop_oneof![Just(Rules::points()), Just(total_point)],
        prop_oneof![Just(Seats::Singles), Just(Seats::Three), Just(Seats::Four)],
    )
}

/// The point game's ledger after every stroke: each colour's men on the board or held by one
/// player, and the board's points what those men and the covered Queen are worth.
fn check_points(r: &Referee, v: &Verdict) -> Result<(), TestCaseError> {
    let seats = r.seats().seats();
    for (i, colour) in [W, B].into_iter().enumerate() {
        let m = r.men(colour);
        prop_assert_eq!(m.on_board + m.pocketed, 9);
        let held: u8 = seats.iter().map(|&s| r.men_held(s)[i]).sum();
        prop_assert_eq!(held, m.pocketed, "{}: {}", colour, v.summary());
    }
    let won: u16 = seats.iter().map(|&s| r.board_points_of(s)).sum();
    prop_assert_eq!(won, r.held_worth(), "{}", v.summary());
    prop_assert_eq!(v.points, Some(r.points()));
    if let Some(next) = v.next {
        prop_assert!(r.seats().contains(next));
    }
    Ok(())
}

/// A stroke that clears a colour: towards the board's end.
fn clearing(r: &Referee) -> StrokeReport {
    let colour = if r.on_board(W) > 0 { W } else { B };
    StrokeReport::pocketing(&vec![colour; r.on_board(colour) as usize])
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn in_the_point_game_the_points_add_up_to_the_men_held_and_the_covered_queen(
        (rules, seats) in point_games(),
        strokes in prop::collection::vec(abstract_stroke(), 0..400),
    ) {
        let mut r = Referee::new(rules, seats);
        for a in &strokes {
            if r.is_over() {
                break;
            }
            let report = realise(&r, a);
            let before = r;
            let v = r.judge(&report).unwrap_or_else(|e| panic!("{report:?} rejected: {e}"));
            check_points(&r, &v)?;
            let mut copy = before;
            prop_assert_eq!(&copy.judge(&report).unwrap(), &v);
        }
    }

    #[test]
    fn every_point_game_ends_with_the_most_points_or_the_target(
        (rules, seats) in point_games(),
        strokes in prop::collection::vec(abstract_stroke(), 64),
    ) {
        let mut r = Referee::new(rules, seats);
        let mut total = 0usize;
        while !r.is_over() {
            let mut a = strokes[total % strokes.len()].clone();
            a.pass = a.pass && total.is_multiple_of(7);
            a.touched = a.touched || total.is_multiple_of(5);
            let report = if total % 5 == 4 { clearing(&r) } else { realise(&r, &a) };
            let v = r.judge(&report).unwrap();
            check_points(&r, &v)?;
            total += 1;
            prop_assert!(total < 200_000, "the game did not end");
        }
        let winner = r.point_winner().unwrap();
        let top = r.points_of(winner);
        for &s in r.seats().seats() {
            prop_assert!(s == winner || r.points_of(s) < top || top >= r.rules().game_points);
        }
        let over = matches!(r.judge(&StrokeReport::nothing()), Err(JudgeError::PointGameOver { .. }));
        prop_assert!(over, "a stroke after the end is refused");
    }
}
