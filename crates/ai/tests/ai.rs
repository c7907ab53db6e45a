//! Behaviour of the computer player. Budgets are tiny so that the debug build stays quick.

mod common;

use carrom_ai::clearing::{strokes_to_clear, strokes_to_clear_with};
use carrom_ai::player::plain_search;
#[cfg(feature = "research")]
use carrom_ai::research::lookahead::Lookahead;
use carrom_ai::{Budget, ClearingState, Level, Noise, Player};
use carrom_match::stroke_report;
use carrom_physics::shot::play;
use carrom_physics::soak::random_scatter;
use carrom_physics::{Piece, Seat, Shot, ShotResult, Spec, Table, Vec2};
use carrom_referee::{PieceColour, QueenState, Referee, Rules, Seats, StrokeReport};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn small_player(seed: u64) -> Player {
    let mut p = Player::new(Level::Medium, seed).with_plan_noise(Noise::NONE);
    // Six straight cuts from two striker places an aim, safe play, and a short second round.
    p.budget = Budget {
        refine: 2,
        refine_samples: 1,
        ..plain_search(6, 1, 2, false, true)
    };
    p
}

fn clearing_state(layout: Vec<Piece>) -> ClearingState {
    ClearingState {
        layout,
        queen_pending: false,
        queen_covered: false,
        men_pocketed: 5,
        owed: 0,
        strikes: 1,
    }
}

fn piece(kind: PieceColour, x: f32, y: f32) -> Piece {
    Piece::new(kind, Vec2::new(x, y))
}

fn run(spec: &Spec, layout: &[Piece], shot: &carrom_physics::Shot) -> ShotResult {
    shot.validate(spec, layout)
        .expect("the AI chose a legal shot");
    let mut t = Table::new(spec, layout);
    play(&mut t, shot)
}

/// The last piece of a clearing board sits in the jaws of the south-west pocket, behind
/// South's base line: the AI pockets it (a backward shot).
#[test]
fn pockets_a_piece_in_the_jaws() {
    let spec = Spec::default();
    let layout = vec![piece(PieceColour::White, -0.315, -0.315)];
    let state = clearing_state(layout.clone());
    let shot = small_player(3)
        .choose_clearing_shot(&spec, &state)
        .expect("a shot");
    let r = run(&spec, &layout, &shot);
    assert!(
        r.pieces[0].pocketed,
        "the piece in the jaws stays: {shot:?} {:?}",
        r.pieces
    );
}

/// A referee where South (white) pocketed a man and then the Queen: she awaits cover.
fn referee_awaiting_cover() -> Referee {
    let mut r = Referee::new(Rules::icf(), Seats::Singles);
    r.judge(&StrokeReport::pocketing(&[PieceColour::White]))
        .unwrap();
    r.judge(&StrokeReport::pocketing(&[PieceColour::Queen]))
        .unwrap();
    assert!(matches!(r.queen(), QueenState::AwaitingCover { .. }));
    r
}

#[test]
fn covers_the_queen() {
    let spec = Spec::default();
    let referee = referee_awaiting_cover();
    let layout = vec![
        piece(PieceColour::Black, 0.0, 0.05),
        piece(PieceColour::White, 0.315, -0.315),
        piece(PieceColour::Black, -0.1, 0.2),
        piece(PieceColour::White, 0.05, 0.25),
    ];
    let shot = small_player(5)
        .choose_shot(&spec, &layout, Seat::South, &referee)
        .expect("a shot");
    let r = run(&spec, &layout, &shot);
    let mut after = referee;
    after.judge(&stroke_report(&r)).unwrap();
    assert_eq!(
        after.queen(),
        QueenState::Covered(PieceColour::White),
        "{shot:?}"
    );
}

#[test]
fn does_not_pocket_the_opponents_last_man() {
    let spec = Spec::default();
    let mut referee = Referee::new(Rules::icf(), Seats::Singles);
    // South breaks with one white and eight black men: Black (North) has one man left.
    let mut down = vec![PieceColour::White];
    down.extend([PieceColour::Black; 8]);
    referee.judge(&StrokeReport::pocketing(&down)).unwrap();
    assert_eq!(referee.on_board(PieceColour::Black), 1);
    assert_eq!(referee.turn(), Some(carrom_referee::Seat::South));
    // The last black man sits right in front of the white one, on the way to the pocket.
    let layout = vec![
        piece(PieceColour::Black, -0.30, -0.30),
        piece(PieceColour::White, -0.25, -0.25),
        piece(PieceColour::White, 0.2, 0.1),
        piece(PieceColour::Queen, 0.0, 0.0),
    ];
    let mut player = small_player(9);
    player.budget.samples = 2;
    let shot = player
        .choose_shot(&spec, &layout, Seat::South, &referee)
        .expect("a shot");
    let r = run(&spec, &layout, &shot);
    assert!(
        !r.pieces[0].pocketed,
        "pocketed the opponent's last man with {shot:?}"
    );
}

/// Up to three strokes `p` chooses to clear `layout`, each played with the benchmark's noise
/// (its hands seeded from `seed`); `check` looks at the player and each shot it chose.
fn clearing_moves(
    spec: &Spec,
    layout: &[Piece],
    p: &mut Player,
    seed: u64,
    mut check: impl FnMut(&Player, Shot),
) -> Vec<Shot> {
    let mut state = clearing_state(layout.to_vec());
    let mut exec = ChaCha8Rng::seed_from_u64(seed);
    let mut shots = Vec::new();
    for _ in 0..3 {
        let Some(shot) = p.choose_clearing_shot(spec, &state) else {
            break;
        };
        check(p, shot);
        shots.push(shot);
        let played = Noise::BENCHMARK.apply(spec, &state.layout, &shot, &mut exec);
        let r = run(spec, &state.layout, &played);
        state.apply(spec, &r);
    }
    shots
}

#[test]
fn same_seed_same_moves() {
    let spec = Spec::default();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let layout = random_scatter(&mut rng, &spec, 9);
    let moves = |seed: u64| {
        let mut p = small_player(seed).with_plan_noise(Noise::BENCHMARK);
        clearing_moves(&spec, &layout, &mut p, seed, |_, _| {})
    };
    let a = moves(21);
    assert_eq!(a.len(), 3);
    assert_eq!(a, moves(21));
}

/// Two strokes ahead: the player values its finalists also by the next stroke their outcomes
/// leave. Its shot is one its search weighed, legal, put first in what it weighed, and the
/// same seed still gives the same moves.
#[cfg(feature = "research")]
#[test]
fn looking_two_strokes_ahead_plays_a_weighed_legal_shot_and_replays_exactly() {
    let spec = Spec::default();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let layout = random_scatter(&mut rng, &spec, 9);
    let moves = |seed: u64| {
        let mut p = small_player(seed).with_plan_noise(Noise::BENCHMARK);
        p.budget.samples = 2;
        p.budget.refine = 4;
        p.budget.refine_samples = 2;
        let inner = p.budget;
        p.lookahead = Some(Lookahead {
            finalists: 3,
            outcomes: 2,
            inner,
            inner_samples: 2,
            weight: 1.0,
            min_pieces: 6,
            distinct: false,
        });
        clearing_moves(&spec, &layout, &mut p, seed, |p, shot| {
            assert_eq!(p.weighed[0].candidate.shot, shot);
            assert_eq!(p.last.as_ref().map(|d| d.shot), Some(shot));
        })
    };
    let a = moves(23);
    assert_eq!(a.len(), 3);
    assert_eq!(a, moves(23));
}

#[test]
fn dues_are_placed_legally() {
    let spec = Spec::default();
    let referee = referee_awaiting_cover();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let layout = random_scatter(&mut rng, &spec, 12);
    let (x, y) =
        small_player(1).place_due(&spec, &layout, PieceColour::White, Seat::North, &referee);
    let others: Vec<(f64, f64)> = layout.iter().map(|p| (p.x as f64, p.y as f64)).collect();
    carrom_referee::validate_placement(x as f64, y as f64, &others).expect("a legal due spot");
}

/// `n` men on a ring of `radius` about the centre, evenly spaced from `first_deg`.
fn ring_of_men(n: usize, radius: f32, first_deg: f32) -> Vec<Piece> {
    (0..n)
        .map(|k| {
            let a = (first_deg + k as f32 * 360.0 / n as f32).to_radians();
            piece(PieceColour::Black, radius * a.cos(), radius * a.sin())
        })
        .collect()
}

/// Law 89(b): a due "shall not be placed covering the Centre Circle wholly or partially", and
/// Laws 84-85: it lies inside the Outer Circle. Seven men ring the centre 49 mm out, leaving room
/// for a man only in narrow gaps at the edge of the outer circle, between the spots the
/// computer weighs first; it finds such a gap, and does not fall back on the centre.
#[test]
fn law_89b_a_due_is_placed_off_the_centre_circle_even_when_the_room_is_in_narrow_gaps() {
    let spec = Spec::default();
    let layout = ring_of_men(7, 0.049, 6.0);
    assert!(
        carrom_ai::geom::due_spots(&spec, &layout).is_empty(),
        "the spots weighed first are all taken"
    );
    let referee = referee_awaiting_cover();
    for colour in [PieceColour::White, PieceColour::Black] {
        let (x, y) = small_player(1).place_due(&spec, &layout, colour, Seat::North, &referee);
        let others: Vec<(f64, f64)> = layout.iter().map(|p| (p.x as f64, p.y as f64)).collect();
        carrom_referee::validate_placement(x as f64, y as f64, &others)
            .expect("inside the outer circle, off the centre circle, on no other man");
    }
}

/// Law 89(b) when there is no room at all: nine men 50.5 mm out leave no place inside the outer
/// circle where a man lies on none of them. The due still goes inside the outer circle and off
/// the centre circle (Laws 84, 85, 89(b)); never on the centre.
#[test]
fn law_89b_a_due_never_covers_the_centre_circle_even_when_the_ring_is_full() {
    let spec = Spec::default();
    let layout = ring_of_men(9, 0.0505, 0.0);
    let referee = referee_awaiting_cover();
    let (x, y) =
        small_player(1).place_due(&spec, &layout, PieceColour::White, Seat::North, &referee);
    carrom_referee::validate_placement(x as f64, y as f64, &[])
        .expect("inside the outer circle and off the centre circle");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Whatever the position, the chosen striker placement is legal (Law 130).
    #[test]
    fn never_an_illegal_placement(seed in 0u64..10_000, n in 1usize..19, seat in 0usize..4) {
        let spec = Spec::default();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let layout = random_scatter(&mut rng, &spec, n);
        let seat = Seat::ALL[seat];
        let mut referee = Referee::new(Rules::icf(), Seats::Doubles);
        referee.judge(&StrokeReport::nothing()).unwrap();
        let mut p = small_player(seed);
        p.budget.candidates = 3;
        p.budget.refine = 0;
        let rs = seat;
        let referee = {
            // Advance the turn to `seat`.
            let mut r = referee;
            while r.turn() != Some(rs) {
                r.judge(&StrokeReport::nothing()).unwrap();
            }
            r
        };
        if let Some(shot) = p.choose_shot(&spec, &layout, seat, &referee) {
            prop_assert!(shot.validate(&spec, &layout).is_ok(), "{:?}", shot);
        }
    }
}

/// The clearing judge values a position by the strokes it still needs. By the geometric
/// estimate alone (boards without a lone-man table): a man in the jaws of a pocket costs about
/// one, a man a short cut from a pocket about two, a man at the centre or frozen on the far
/// cushion (no direct cut likely to go in) the most a man can cost.
#[test]
fn strokes_to_clear_grow_with_how_hard_the_men_lie() {
    let spec = Spec::default();
    let cost = |x: f32, y: f32| {
        strokes_to_clear_with(
            &spec,
            &clearing_state(vec![piece(PieceColour::White, x, y)]),
            None,
        )
    };
    let most = 1.0 / carrom_ai::geom::EASE_FLOOR;
    let jaws = cost(-0.315, -0.315);
    let short_cut = cost(-0.2, -0.2);
    assert!((1.0..1.3).contains(&jaws), "in the jaws: {jaws}");
    assert!(
        short_cut > jaws + 0.5 && short_cut < most - 1.0,
        "a short cut costs {short_cut}"
    );
    assert!(
        cost(0.25, 0.25) > short_cut,
        "the far pocket's side is dearer"
    );
    assert_eq!(cost(0.0, 0.0), most);
    assert_eq!(cost(0.0, 0.354), most);
    let clear = ClearingState {
        queen_covered: true,
        ..clearing_state(vec![])
    };
    assert_eq!(strokes_to_clear(&spec, &clear), 0.0);
    assert_eq!(strokes_to_clear_with(&spec, &clear, None), 0.0);
}

/// A Queen awaiting cover is cheap when a man lies ready to cover her and dear when none does:
/// a failed cover sends her back to the centre.
#[test]
fn a_queen_awaiting_cover_costs_more_without_an_easy_man() {
    let spec = Spec::default();
    let pending = |man: Piece| {
        let state = ClearingState {
            queen_pending: true,
            ..clearing_state(vec![man])
        };
        let not_pending = clearing_state(vec![man]);
        strokes_to_clear(&spec, &state) - strokes_to_clear(&spec, &not_pending)
    };
    let easy = pending(piece(PieceColour::White, -0.315, -0.315));
    let hard = pending(piece(PieceColour::Black, 0.0, 0.354));
    assert!(easy < 0.3, "an easy cover still costs {easy}");
    assert!(
        hard > easy + 0.5 && hard > 3.0 * easy,
        "a hard cover costs {hard}, an easy one {easy}"
    );
}

/// A man owed back (the striker went down with no man in the pockets) costs a man from the
/// centre.
#[test]
fn an_owed_man_costs_a_man_from_the_centre() {
    let spec = Spec::default();
    let man = vec![piece(PieceColour::White, -0.315, -0.315)];
    let owing = ClearingState {
        owed: 1,
        men_pocketed: 0,
        ..clearing_state(man.clone())
    };
    let at_centre = strokes_to_clear(
        &spec,
        &clearing_state(vec![piece(PieceColour::White, 0.0, 0.0)]),
    );
    let diff = strokes_to_clear(&spec, &owing) - strokes_to_clear(&spec, &clearing_state(man));
    assert!(
        (diff - at_centre).abs() < 1e-4,
        "owed {diff}, centre {at_centre}"
    );
}

/// The geometric estimate of a direct cut's chance (the candidates' prior and the clearing
/// judge's ease) agrees with the physics: 48 lone men at seeded random spots, the best direct
/// cut by estimate, 16 strokes each with the benchmark's noise.
#[test]
fn the_cut_estimate_is_calibrated_against_the_physics() {
    let spec = Spec::default();
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let (mut estimate, mut pocketed, mut strokes) = (0.0f64, 0u32, 0u32);
    for _ in 0..48 {
        if let Some((prior, hits)) = common::lone_man_cut(&spec, &mut rng, 16) {
            estimate += prior as f64 * 16.0;
            pocketed += hits;
            strokes += 16;
        }
    }
    let (estimate, actual) = (estimate / strokes as f64, pocketed as f64 / strokes as f64);
    assert!(
        strokes >= 16 * 40,
        "too few spots had a direct cut: {strokes}"
    );
    assert!(
        (estimate - actual).abs() < 0.1,
        "estimated {estimate:.3}, simulated {actual:.3}"
    );
}

/// A decision's work limit bounds its simulations, and what it gives up are the safety and
/// break-up shots with the lowest priors, not the cuts: limited to the work of its cuts alone,
/// a decision on a full board simulates just those and chooses as a budget without safety shots
/// does.
#[test]
fn the_work_limit_drops_safety_shots_not_cuts() {
    use carrom_ai::search::{WORK_PER_SIMULATION, search_weighed};
    let spec = Spec::default();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let layout = random_scatter(&mut rng, &spec, 16);
    let state = clearing_state(layout.clone());
    let judge = carrom_ai::ClearingJudge {
        state: &state,
        lone: carrom_ai::LoneManCosts::for_spec(&spec),
    };
    let decide = |budget: &Budget| {
        search_weighed(
            &spec,
            &layout,
            Seat::South,
            &judge,
            budget,
            Noise::BENCHMARK,
            9,
        )
        .unwrap()
        .0
    };
    let mut budget = small_player(0).budget;
    budget.safeties = 40;
    budget.max_safeties = 40;
    let free = decide(&budget);
    let cuts_only = decide(&Budget {
        safeties: 0,
        max_safeties: 0,
        ..budget
    });
    let cut_sims = budget.candidates * budget.samples as usize
        + budget.refine * budget.refine_samples as usize;
    let limited = decide(&Budget {
        max_work: cut_sims * (layout.len() + WORK_PER_SIMULATION),
        ..budget
    });
    assert_eq!(free.simulations as usize, cut_sims + 40, "{free:?}");
    assert_eq!(limited.simulations as usize, cut_sims, "{limited:?}");
    assert_eq!(limited.shot, cuts_only.shot);
}

/// A whole seeded game between two computer players goes through the match layer, the loop the
/// game runs: it ends, and the match finds no broken invariant after any stroke.
#[test]
fn a_seeded_game_is_played_to_its_end_through_the_match_layer() {
    let spec = Spec::default();
    let mut rules = Rules::icf();
    rules.games_to_win = 1;
    let play = || {
        let setup = carrom_ai::selfplay::game_setup(
            rules,
            Seats::Singles,
            [Level::Easy, Level::Easy],
            5,
            false,
        );
        carrom_ai::selfplay::play_game(&spec, setup)
    };
    let run = play();
    assert!(run.violations.is_empty(), "{:?}", run.violations);
    assert!(run.winner.is_some(), "the game ended");
    assert!(run.boards >= 1 && run.strokes > 0);
    let again = play();
    assert_eq!(
        (again.winner, again.strokes, again.boards, again.score),
        (run.winner, run.strokes, run.boards, run.score),
        "the same seed replays the same game"
    );
}
