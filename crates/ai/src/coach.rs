//! The coach: the best shot for the player to strike, what kind of shot it is, and how likely
//! it is to work — found by the hard level's search at the player's own seat and rules, then
//! measured by playing it many times with the benchmark's noise and judging each stroke by the
//! referee (so "goes in" means pocketed legally, as the Laws count it).

use crate::Rung;
use crate::candidates::{Candidate, GenLimits, ShotKind, generate};
use crate::game::MatchJudge;
use crate::noise::{Noise, mix};
use crate::search::{Judge, Weighed, search_among, search_weighed};
use carrom_match::Level;
use carrom_match::stroke_report;
use carrom_physics::shot::play;
use carrom_physics::{Piece, PieceColour, Seat, Shot, ShotResult, Spec, Table};
use carrom_referee::{QueenState, Referee};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use web_time::Instant;

/// Noisy strokes behind the chance of the shot the coach recommends.
pub const CHANCE_SAMPLES: u32 = 1000;
/// Noisy strokes behind the chance of a recommended break (a break moves all 19 pieces and
/// costs several mid-game strokes).
pub const BREAK_SAMPLES: u32 = 300;
/// Noisy strokes each shown shot is measured on before they are ranked (the alternatives'
/// chances are over these).
pub const RANK_SAMPLES: u32 = 200;
/// How many of the other shots the search weighed are shown.
pub const ALTERNATIVES: usize = 3;

/// A pocket's name, one of the board's four (a name, not a borrow: read back by
/// `pocket_named`, whatever the text it came from).
pub type PocketName = &'static str;

/// One shot the coach describes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Advice {
    /// The shot as intended (the striker's place, direction and power).
    pub shot: Shot,
    pub kind: ShotKind,
    /// The piece aimed at, where the shot aims at one.
    pub target: Option<Piece>,
    /// The target is the player's to pocket (his colour, or the Queen he has the right to).
    #[serde(skip)]
    pub own_target: bool,
    /// The pocket the target went into most often (`south_west`, ...), when it went in.
    #[serde(deserialize_with = "pocket_named")]
    pub pocket: Option<PocketName>,
    /// The fraction of noisy strokes that pocket the target legally: it is down and the turn
    /// goes on (or the stroke wins the board). For a shot at no piece (a break), a safety shot,
    /// or a shot at a piece not his to pocket (a break-up shot at an opponent's man), the
    /// fraction after which the turn goes on ([`Advice::chance_is_the_targets`]).
    pub chance: f32,
    /// The mean of the player's own pieces gained per stroke (his men pocketed, less any sent
    /// back as dues or penalties, and the Queen when she goes down for him), over the samples.
    pub expected_pieces: f32,
    /// The noisy strokes the chance and the expected pieces were measured on.
    pub samples: u32,
    /// The mean value of the measured strokes, as the search values outcomes (pieces gained
    /// and the position left, in its own units).
    pub value: f32,
    /// The very strokes `chance` was counted on, to set another shot beside it
    /// ([`judge_own_shot`]).
    #[serde(skip)]
    pub measured: Measured,
}

/// A pocket read back by its name (one of the board's four; any other name is none).
fn pocket_named<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<&'static str>, D::Error> {
    let name: Option<String> = Deserialize::deserialize(d)?;
    Ok(name.and_then(|n| {
        carrom_physics::Spec::default()
            .board
            .pockets()
            .into_iter()
            .map(|p| p.name)
            .find(|p| *p == n)
    }))
}

/// What a stroke is counted for when a shot's chance is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Counted {
    /// The turn going on (or the board won): a safety, a break, a shot at a piece not his.
    #[default]
    Turn,
    /// This piece (an index into the layout) down legally, the turn going on.
    Target(usize),
    /// A drill's task: this piece into this pocket (an index into the board's pockets)
    /// legally, the turn going on.
    Into { piece: usize, pocket: usize },
    /// A break drill's task: at least this many pieces down without a foul (of his own, the
    /// turn going on, when `own`).
    Pieces { own: bool, at_least: u8 },
}

/// How a shot's chance was measured: what each stroke was counted for, the noise of the hand,
/// and the streams of noisy strokes (each a seed and its length; stroke `i` of a stream is
/// drawn from `mix(seed ^ STREAM, i)`). Another shot played on the same streams meets the same
/// hands: the same shot counts the same.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct Measured {
    pub counted: Counted,
    pub noise: Option<Noise>,
    pub streams: Vec<(u64, u32)>,
}

/// Mixed into a stream's seed before each stroke's noise is drawn from it.
const STREAM: u64 = 0xC0AC_4000;

/// What the coach looks for.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Goal {
    /// The best move at the table, as the hard level's search weighs a match.
    BestMove,
    /// A drill's task: `piece` (an index into the layout) into `pocket` (an index into the
    /// board's pockets) legally, the turn going on (the Queen covered when she awaits it).
    /// Only shots at that piece are weighed, `known` (a stroke known to make it) among them.
    Pocket {
        piece: usize,
        pocket: usize,
        known: Option<Candidate>,
    },
    /// A break drill's task ([`Counted::Pieces`]): the breaks weighed for it.
    Pieces { own: bool, at_least: u8 },
}

impl Advice {
    /// `chance` counts the target going down (else the turn going on).
    pub fn chance_is_the_targets(&self) -> bool {
        self.own_target && self.kind != ShotKind::Safety
    }
}

/// The coach's answer for one position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    pub best: Advice,
    /// The next best shots the search weighed, best first.
    pub alternatives: Vec<Advice>,
    /// Wall-clock milliseconds to search and measure.
    pub decision_ms: f64,
}

/// The search's best, then the best of each other kind of shot at each other target, up to
/// [`ALTERNATIVES`] of them.
fn one_of_each(weighed: &[Weighed]) -> Vec<&Weighed> {
    let mut seen = Vec::new();
    weighed
        .iter()
        .filter(|w| {
            let key = (w.candidate.kind, w.candidate.target);
            let new = !seen.contains(&key);
            seen.push(key);
            new
        })
        .take(1 + ALTERNATIVES)
        .collect()
}

/// The best shot for `seat` (whose turn it must be) on `layout` under `referee`'s state, with
/// its chance, and the best of up to [`ALTERNATIVES`] other kinds of shot or other targets. `None` when no legal striker placement
/// exists. The same arguments give the same hint (apart from `decision_ms`).
pub fn hint(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    referee: &Referee,
    seed: u64,
) -> Option<Hint> {
    hint_for(spec, layout, seat, referee, Goal::BestMove, seed)
}

/// [`hint`] for a `goal`: the match's best move, or a drill's task (then every shot shown
/// aims at the drill's piece and its chance is that piece going into the drill's pocket, or
/// for the break its pieces going down; the shots that do the task as they are shown come
/// first; the other shots shown are those that made it at least once). `None` when no legal
/// striker placement exists, or no shot at the drill's piece.
pub fn hint_for(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    referee: &Referee,
    goal: Goal,
    seed: u64,
) -> Option<Hint> {
    let start = Instant::now();
    let game = MatchJudge {
        referee: *referee,
        seat,
    };
    let noise = Level::STRONGEST.execution_noise();
    let weighed = weigh(spec, layout, seat, referee, goal, noise, seed)?;
    let base = Table::new(spec, layout);
    let clean = |shot: &Shot, counted| {
        let result = play(&mut base.clone(), shot);
        counts(&game, counted, &result).is_some()
    };
    let mut shown = shown_for(&goal, &weighed);
    if let Goal::Pieces { own, at_least } = goal {
        // Every break is of one kind at no target: the best few that do the task as they
        // are shown first.
        let counted = Counted::Pieces { own, at_least };
        let (mut done, rest): (Vec<&Weighed>, Vec<&Weighed>) = weighed
            .iter()
            .partition(|w| clean(&w.candidate.shot, counted));
        done.extend(rest);
        shown = done.into_iter().take(1 + ALTERNATIVES).collect();
    }
    let measure = |w: &Weighed, seed: u64, n: u32| {
        let counted = counted_for(&goal, &game, layout, &w.candidate);
        Tally::measure(spec, layout, &base, &game, counted, w, noise, seed, n)
    };
    // Each is measured on the same number of fresh strokes and they are ranked by what those
    // strokes are worth, so the shot recommended is not the one the search's few samples
    // happened to flatter. A drill's shots that do its task as they are shown (no hand's
    // noise) come first: the player takes the coach's shot with J as it is.
    let mut tallies: Vec<(&Weighed, Tally, bool)> = shown
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let t = measure(w, mix(seed, i as u64), RANK_SAMPLES);
            let done = goal != Goal::BestMove && clean(&w.candidate.shot, t.measured.counted);
            (*w, t, done)
        })
        .collect();
    tallies.sort_by(|a, b| (b.2.cmp(&a.2)).then(b.1.mean_value().total_cmp(&a.1.mean_value())));
    let mut tallies = tallies.into_iter().map(|(w, t, _)| (w, t));
    let (best_w, mut best) = tallies.next()?;
    let samples = if referee.break_made() {
        CHANCE_SAMPLES
    } else {
        BREAK_SAMPLES
    };
    best.add(measure(
        best_w,
        mix(seed, 0xBE57),
        samples.saturating_sub(RANK_SAMPLES),
    ));
    let drill = goal != Goal::BestMove;
    Some(Hint {
        best: best.advice(spec, layout, best_w),
        alternatives: tallies
            .filter(|(_, t)| !drill || t.made() > 0)
            .map(|(w, t)| t.advice(spec, layout, w))
            .collect(),
        decision_ms: start.elapsed().as_secs_f64() * 1000.0,
    })
}

/// The shots the coach's search weighed for `goal` at the strongest level's budget, best
/// first: any shot for the match's best move, the shots at the drill's piece for its pocket,
/// the breaks for its pieces. `None` when there is nothing to weigh.
fn weigh(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    referee: &Referee,
    goal: Goal,
    noise: Noise,
    seed: u64,
) -> Option<Vec<Weighed>> {
    let budget = Level::STRONGEST.budget();
    let game = || MatchJudge {
        referee: *referee,
        seat,
    };
    let task = |counted| TaskJudge {
        game: game(),
        counted,
    };
    let weighed = match goal {
        Goal::BestMove => {
            let judge = game();
            search_weighed(spec, layout, seat, &judge, &budget, noise, seed)?.1
        }
        Goal::Pocket {
            piece,
            pocket,
            known,
        } => {
            let all = shots_at(spec, layout, seat, piece, known, budget.limits);
            let judge = task(Counted::Into { piece, pocket });
            search_among(spec, layout, &judge, &budget, noise, seed, all)?.1
        }
        Goal::Pieces { own, at_least } => {
            let judge = task(Counted::Pieces { own, at_least });
            search_weighed(spec, layout, seat, &judge, &budget, noise, seed)?.1
        }
    };
    Some(weighed)
}

/// The shots the coach measures and shows: the best the search weighed of each kind and
/// target; for a drill, its own stroke (`known`) always among them. (The break's, all of one
/// kind, are chosen in [`hint_for`].)
fn shown_for<'a>(goal: &Goal, weighed: &'a [Weighed]) -> Vec<&'a Weighed> {
    let mut shown = one_of_each(weighed);
    let Goal::Pocket { known: Some(k), .. } = goal else {
        return shown;
    };
    if let Some(own) = weighed.iter().find(|w| w.candidate.shot == k.shot)
        && !shown.iter().any(|w| w.candidate.shot == k.shot)
    {
        shown.truncate(ALTERNATIVES);
        shown.push(own);
    }
    shown
}

/// What a stroke of `c` is counted for under `goal`: a drill's task; in a match, its target
/// down when that is the player's to pocket and the shot is played for it (a safety shot is
/// not), else the turn going on.
fn counted_for(goal: &Goal, game: &MatchJudge, layout: &[Piece], c: &Candidate) -> Counted {
    match *goal {
        Goal::Pocket { piece, pocket, .. } => Counted::Into { piece, pocket },
        Goal::Pieces { own, at_least } => Counted::Pieces { own, at_least },
        Goal::BestMove => match c.target.filter(|&t| game.target(layout, t)) {
            Some(t) if c.kind != ShotKind::Safety => Counted::Target(t),
            _ => Counted::Turn,
        },
    }
}

/// The shots at `piece` a drill's coach weighs: the cuts, banks and combinations that send it
/// to a pocket (no safety shots, no shot at another piece), `known` first.
fn shots_at(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    piece: usize,
    known: Option<Candidate>,
    limits: GenLimits,
) -> Vec<Candidate> {
    let limits = GenLimits {
        plays_safe: false,
        ..limits
    };
    let found = generate(spec, layout, seat, &|i| i == piece, false, limits);
    let known = known.map(|k| Candidate {
        // First in the shortlist, as the break book's breaks are.
        prior: 2.0,
        target: Some(piece),
        ..k
    });
    known
        .into_iter()
        .chain(
            found
                .into_iter()
                .filter(|c| c.kind != ShotKind::Safety && c.target == Some(piece)),
        )
        .collect()
}

/// A drill's judge: a stroke is worth 1 when it does the drill's task (`counted`: the piece
/// into the pocket legally, the Queen covered when she awaits it; or the break's pieces
/// down), else nothing.
struct TaskJudge {
    game: MatchJudge,
    counted: Counted,
}

impl Judge for TaskJudge {
    fn target(&self, _layout: &[Piece], i: usize) -> bool {
        matches!(self.counted, Counted::Into { piece, .. } if piece == i)
    }

    fn is_break(&self) -> bool {
        self.game.is_break()
    }

    fn value(&self, _spec: &Spec, _before: &[Piece], result: &ShotResult) -> f32 {
        f32::from(u8::from(counts(&self.game, self.counted, result).is_some()))
    }
}

/// What noisy strokes of one shot did, as the coach counts them.
#[derive(Clone, Debug, Default)]
struct Tally {
    /// Strokes that did what they are counted for, by pocket.
    pockets: [u32; 4],
    /// Own pieces gained, summed.
    pieces: i32,
    /// The judge's values, summed.
    value: f64,
    strokes: u32,
    own_target: bool,
    /// How the strokes were counted, and on which.
    measured: Measured,
}

impl Tally {
    /// Plays `w`'s shot `n` times with `noise` (the stream seeded by `seed`), each stroke
    /// counted for `counted`.
    #[allow(clippy::too_many_arguments)]
    fn measure(
        spec: &Spec,
        layout: &[Piece],
        base: &Table,
        game: &MatchJudge,
        counted: Counted,
        w: &Weighed,
        noise: Noise,
        seed: u64,
        n: u32,
    ) -> Tally {
        let c = w.candidate;
        // A safety or break-up shot may aim at an opponent's man: its chance is the turn's.
        let own_target = match counted {
            Counted::Into { .. } => true,
            _ => c.target.is_some_and(|t| game.target(layout, t)),
        };
        let strokes: Vec<Stroke> = (0..n)
            .into_par_iter()
            .map(|i| {
                let mut rng = ChaCha8Rng::seed_from_u64(mix(seed ^ STREAM, i as u64));
                let shot = noise.apply(spec, layout, &c.shot, &mut rng);
                judge_stroke(spec, layout, base, game, counted, &shot)
            })
            .collect();
        let mut t = Tally {
            own_target,
            strokes: n,
            measured: Measured {
                counted,
                noise: Some(noise),
                streams: vec![(seed, n)],
            },
            ..Tally::default()
        };
        for s in &strokes {
            if let Some(k) = s.potted {
                t.pockets[k.min(3)] += 1;
            }
            t.pieces += s.pieces;
            t.value += s.value as f64;
        }
        t
    }

    fn add(&mut self, more: Tally) {
        for (a, b) in self.pockets.iter_mut().zip(more.pockets) {
            *a += b;
        }
        self.pieces += more.pieces;
        self.value += more.value;
        self.strokes += more.strokes;
        self.measured.streams.extend(more.measured.streams);
    }

    /// The strokes that did what they were counted for.
    fn made(&self) -> u32 {
        self.pockets.iter().sum()
    }

    fn mean_value(&self) -> f64 {
        self.value / self.strokes.max(1) as f64
    }

    fn advice(&self, spec: &Spec, layout: &[Piece], w: &Weighed) -> Advice {
        let c = w.candidate;
        let n = self.strokes.max(1) as f32;
        let potted = self.made();
        let pocket = match self.measured.counted {
            // A drill's pocket, whether or not it went in.
            Counted::Into { pocket, .. } => Some(spec.board.pockets()[pocket].name),
            _ => (potted > 0).then(|| {
                let k = (0..4)
                    .max_by_key(|&k| (self.pockets[k], std::cmp::Reverse(k)))
                    .unwrap_or(0);
                spec.board.pockets()[k].name
            }),
        };
        Advice {
            shot: c.shot,
            kind: c.kind,
            target: c.target.map(|t| layout[t]),
            own_target: self.own_target,
            pocket,
            chance: potted as f32 / n,
            expected_pieces: self.pieces as f32 / n,
            samples: self.strokes,
            value: self.mean_value() as f32,
            measured: self.measured.clone(),
        }
    }
}

/// What one stroke of a shot did, as the coach counts it.
#[derive(Clone, Copy, Debug, Default)]
struct Stroke {
    /// The stroke did what it is counted for, with this pocket.
    potted: Option<usize>,
    /// Own pieces gained.
    pieces: i32,
    /// The judge's value of the outcome.
    value: f32,
}

/// Plays `shot` on a copy of `base` and judges it on a copy of the judge's referee.
fn judge_stroke(
    spec: &Spec,
    layout: &[Piece],
    base: &Table,
    judge: &MatchJudge,
    counted: Counted,
    shot: &Shot,
) -> Stroke {
    let (seat, referee) = (judge.seat, &judge.referee);
    let mut table = base.clone();
    let result = play(&mut table, shot);
    let mut r = *referee;
    let Ok(v) = r.judge(&stroke_report(&result)) else {
        return Stroke::default();
    };
    let value = judge.value(spec, layout, &result);
    let colour = referee.colour_of(seat);
    let before = referee.position();
    let after = v.position;
    let net =
        |p: &carrom_referee::Position| p.men(colour).pocketed as i32 - p.men(colour).owed as i32;
    let queen_for_me = before.queen == QueenState::OnBoard
        && (after.queen == QueenState::AwaitingCover { by: seat }
            || after.queen == QueenState::Covered(colour));
    let pieces = net(&after) - net(&before) + queen_for_me as i32;
    Stroke {
        potted: counted_in(judge, counted, &result, &v),
        pieces,
        value,
    }
}

/// Whether `result` did what it is `counted` for, and the pocket it did it with.
fn counts(judge: &MatchJudge, counted: Counted, result: &ShotResult) -> Option<usize> {
    let mut r = judge.referee;
    let v = r.judge(&stroke_report(result)).ok()?;
    counted_in(judge, counted, result, &v)
}

/// [`counts`], the referee's verdict `v` on the stroke given.
fn counted_in(
    judge: &MatchJudge,
    counted: Counted,
    result: &ShotResult,
    v: &carrom_referee::Verdict,
) -> Option<usize> {
    let (seat, referee) = (judge.seat, &judge.referee);
    let won = v
        .board_result
        .is_some_and(|b| b.winner == referee.side_of(seat));
    let goes_on = v.continues || won;
    let colour = referee.colour_of(seat);
    match counted {
        Counted::Target(t) => {
            let p = &result.pieces[t];
            (p.pocketed && goes_on).then_some(p.pocket.unwrap_or(0))
        }
        Counted::Into { piece, pocket } => {
            let p = &result.pieces[piece];
            let covered = referee.queen() != QueenState::AwaitingCover { by: seat }
                || matches!(v.position.queen, QueenState::Covered(_));
            (p.pocketed && p.pocket == Some(pocket) && goes_on && !v.foul && covered)
                .then_some(pocket)
        }
        Counted::Pieces { own, at_least } => {
            let mut down = result.pieces.iter().filter(|p| {
                p.pocketed && (!own || p.kind == colour || p.kind == PieceColour::Queen)
            });
            let first = down.next()?;
            (1 + down.count() >= at_least as usize && !v.foul && (goes_on || !own))
                .then_some(first.pocket.unwrap_or(0))
        }
        // The first pocket anything of his went into.
        Counted::Turn => goes_on.then(|| {
            result
                .pieces
                .iter()
                .find(|p| p.pocketed && (p.kind == colour || p.kind == PieceColour::Queen))
                .and_then(|p| p.pocket)
                .unwrap_or(0)
        }),
    }
}

/// "white man", "black man", "Queen".
pub fn piece_name(kind: PieceColour) -> &'static str {
    match kind {
        PieceColour::White => "white man",
        PieceColour::Black => "black man",
        PieceColour::Queen => "Queen",
    }
}

/// Where a point lies as the player at `seat` sees the board: a clock position around the
/// centre (12 o'clock straight ahead of him).
pub fn clock_position(seat: Seat, x: f32, y: f32) -> u32 {
    use carrom_physics::SeatAxes;
    let f = seat.forward();
    let r = seat.right_hand();
    let (ahead, right) = (x * f.x + y * f.y, x * r.x + y * r.y);
    let hours = right.atan2(ahead).to_degrees().rem_euclid(360.0) / 30.0;
    match hours.round() as u32 % 12 {
        0 => 12,
        h => h,
    }
}

/// The pocket's name as a player says it: "north-east".
pub fn pocket_name(pocket: &str) -> String {
    pocket.replace('_', "-")
}

/// "the white man at 2 o'clock" (empty for no piece).
fn piece_words(target: Option<Piece>, seat: Seat) -> String {
    target
        .map(|p| {
            format!(
                "the {} at {} o'clock",
                piece_name(p.kind),
                clock_position(seat, p.x, p.y)
            )
        })
        .unwrap_or_default()
}

/// What a shot is, without how likely: "Cut the white man at 2 o'clock into the north-east
/// pocket", "Break", "Break up the black man at 7 o'clock".
pub fn shot_words(
    kind: ShotKind,
    target: Option<Piece>,
    own_target: bool,
    pocket: Option<&str>,
    seat: Seat,
) -> String {
    let target = piece_words(target, seat);
    let into = pocket
        .map(|k| format!(" into the {} pocket", pocket_name(k)))
        .unwrap_or_default();
    match kind {
        ShotKind::Direct => format!("Cut {target}{into}"),
        ShotKind::PieceBank => format!("Cut {target} off a cushion{into}"),
        ShotKind::StrikerBank => format!("Off a cushion onto {target}{into}"),
        ShotKind::Combination => format!("Combination through {target}{into}"),
        ShotKind::Break => "Break".to_string(),
        ShotKind::Safety if target.is_empty() => "Safety shot".to_string(),
        ShotKind::Safety if own_target => format!("Soft shot at {target}"),
        ShotKind::Safety => format!("Break up {target}"),
    }
}

/// A chance as the coach says it, in whole percent (the hint and the judged line round it
/// alike: 0.565 is 57%).
pub fn percent(chance: f32) -> f32 {
    (chance * 100.0).round()
}

/// One line a player reads: "Cut the white man at 2 o'clock into the north-east pocket: goes in
/// 64% of the time".
pub fn describe(advice: &Advice, seat: Seat) -> String {
    let what = shot_words(
        advice.kind,
        advice.target,
        advice.own_target,
        advice.pocket,
        seat,
    );
    let pct = percent(advice.chance);
    if let Counted::Pieces { own, at_least } = advice.measured.counted {
        return format!(
            "{what}: {:.1} pieces expected, {} {pct}% of the time",
            advice.expected_pieces.max(0.0),
            pieces_words(own, at_least)
        );
    }
    match advice.kind {
        ShotKind::Break => format!(
            "{what}: {:.1} pieces expected, strikes again {pct}% of the time",
            advice.expected_pieces.max(0.0)
        ),
        ShotKind::Safety => format!("{what}: strikes again {pct}% of the time"),
        _ => format!("{what}: goes in {pct}% of the time"),
    }
}

/// The kind of shot as a player names it, for the JSON contract's `kind`: `straight_cut`,
/// `cut_off_a_cushion`, `combination`, `break`, `safety`.
pub fn kind_name(kind: ShotKind) -> &'static str {
    match kind {
        ShotKind::Direct => "straight_cut",
        ShotKind::PieceBank | ShotKind::StrikerBank => "cut_off_a_cushion",
        ShotKind::Combination => "combination",
        ShotKind::Break => "break",
        ShotKind::Safety => "safety",
    }
}

/// Noisy strokes behind the chance a computer's stroke is announced with.
pub const COMMENTARY_SAMPLES: u32 = 100;

/// A computer's stroke announced before it is played: what it intends and how likely it is,
/// and the other shots it weighed with the search's values (like a chess engine's lines).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Commentary {
    pub seat: Seat,
    pub intent: Advice,
    /// The search's mean value of the intended shot and the simulated strokes behind it.
    pub value: (f32, u32),
    /// The best of the other kinds of shot and targets the search weighed: what each is, its
    /// mean value, and the strokes behind that (a shot the search did not refine has fewer).
    pub weighed: Vec<(String, f32, u32)>,
}

impl Commentary {
    /// "plans: Cut the white man ...: goes in 64% of the time (+1.20 over 20)", then one line per
    /// other shot weighed; the brackets hold the search's mean value and its simulated strokes.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "plans: {} ({:+.2} over {})",
            describe(&self.intent, self.seat),
            self.value.0,
            self.value.1
        )];
        for (what, value, samples) in &self.weighed {
            out.push(format!("  weighed: {what} ({value:+.2} over {samples})"));
        }
        out
    }
}

/// The commentary on the decision whose shots the search weighed (`weighed`, best first, as
/// [`search_weighed`] gives them): the first measured over [`COMMENTARY_SAMPLES`] strokes.
pub fn commentary(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    referee: &Referee,
    weighed: &[Weighed],
    noise: Noise,
    seed: u64,
) -> Option<Commentary> {
    let best = weighed.first()?;
    let base = Table::new(spec, layout);
    let judge = MatchJudge {
        referee: *referee,
        seat,
    };
    let counted = counted_for(&Goal::BestMove, &judge, layout, &best.candidate);
    let intent = Tally::measure(
        spec,
        layout,
        &base,
        &judge,
        counted,
        best,
        noise,
        seed,
        COMMENTARY_SAMPLES,
    )
    .advice(spec, layout, best);
    let value = (best.value, best.samples);
    let words = |w: &Weighed| {
        let c = w.candidate;
        let own = c.target.is_some_and(|t| judge.target(layout, t));
        shot_words(c.kind, c.target.map(|t| layout[t]), own, None, seat)
    };
    // Shots that read the same (another pocket, another placement) are said once.
    let mut seen = vec![words(best)];
    let weighed = weighed
        .iter()
        .filter_map(|w| {
            let what = words(w);
            (!seen.contains(&what)).then(|| {
                seen.push(what.clone());
                (what, w.value, w.samples)
            })
        })
        .take(ALTERNATIVES)
        .collect();
    Some(Commentary {
        seat,
        intent,
        value,
        weighed,
    })
}

/// A person's stroke set beside the coach's: how often each does what the coach's figure
/// counts (his target down legally, a drill's task, or the turn going on), on the very noisy
/// strokes the coach's figure was measured on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OwnShotJudged {
    pub yours: f32,
    /// The coach's figure, as the hint gave it.
    pub coachs: f32,
    /// The strokes each was measured on.
    pub samples: u32,
    /// What was counted, as the player reads it: "strikes again", "the white man at 2
    /// o'clock goes in".
    pub what: String,
}

impl OwnShotJudged {
    /// "Your shot: strikes again 18% of the time; the coach's: 64% (the same 1000 strokes)".
    pub fn line(&self) -> String {
        format!(
            "Your shot: {} {}% of the time; the coach's: {}% (the same {} strokes)",
            self.what,
            percent(self.yours),
            percent(self.coachs),
            self.samples
        )
    }
}

/// Whether `a` is `b` as the board's controls reproduce it (the coach's shot taken with J
/// comes back through the aim's direction and power, a hair's breadth from the figures).
fn same_shot(a: &Shot, b: &Shot) -> bool {
    a.seat == b.seat
        && (a.position - b.position).abs() < 1e-4
        && (a.angle_deg - b.angle_deg).abs() < 1e-3
        && (a.power - b.power).abs() < 1e-4
}

/// Measures the shot a person played (`yours`) against the coach's `advice` on the position
/// it was given for: his shot is played on the same noisy strokes the advice's chance was
/// measured on (the same hands, the same number) and counted for the same thing; the coach's
/// figure is the advice's own. The coach's shot played by the person scores exactly the
/// coach's figure.
pub fn judge_own_shot(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    referee: &Referee,
    yours: &Shot,
    advice: &Advice,
) -> OwnShotJudged {
    let m = &advice.measured;
    let samples: u32 = m.streams.iter().map(|s| s.1).sum();
    let what = counted_words(m.counted, layout, seat, &spec.board);
    let coachs = advice.chance;
    if same_shot(yours, &advice.shot) {
        return OwnShotJudged {
            yours: coachs,
            coachs,
            samples,
            what,
        };
    }
    OwnShotJudged {
        yours: chance_on(spec, layout, seat, referee, yours, m),
        coachs,
        samples,
        what,
    }
}

/// How often `shot` does what `m` counts, played on `m`'s noisy strokes: a hint's own shot
/// on its advice's strokes gives the advice's chance, exactly.
pub fn chance_on(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    referee: &Referee,
    shot: &Shot,
    m: &Measured,
) -> f32 {
    measure_on(spec, layout, seat, referee, shot, m).chance
}

/// What a shot did on a set of noisy strokes ([`measure_on`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OnStrokes {
    /// The fraction of the strokes that did what was counted.
    pub chance: f32,
    /// The mean of the player's own pieces gained per stroke (as [`Advice::expected_pieces`]).
    pub expected_pieces: f32,
    pub samples: u32,
}

/// [`chance_on`], with the pieces the strokes gained.
pub fn measure_on(
    spec: &Spec,
    layout: &[Piece],
    seat: Seat,
    referee: &Referee,
    shot: &Shot,
    m: &Measured,
) -> OnStrokes {
    let base = Table::new(spec, layout);
    let judge = MatchJudge {
        referee: *referee,
        seat,
    };
    let noise = m.noise.unwrap_or(Level::STRONGEST.execution_noise());
    let (made, pieces, samples) =
        m.streams
            .iter()
            .fold((0, 0, 0), |(made, pieces, samples), &(seed, n)| {
                let (here, gained): (u32, i32) = (0..n)
                    .into_par_iter()
                    .map(|i| {
                        let mut rng = ChaCha8Rng::seed_from_u64(mix(seed ^ STREAM, i as u64));
                        let s = noise.apply(spec, layout, shot, &mut rng);
                        let stroke = judge_stroke(spec, layout, &base, &judge, m.counted, &s);
                        (u32::from(stroke.potted.is_some()), stroke.pieces)
                    })
                    .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
                (made + here, pieces + gained, samples + n)
            });
    let n = samples.max(1) as f32;
    OnStrokes {
        chance: made as f32 / n,
        expected_pieces: pieces as f32 / n,
        samples,
    }
}

/// What a figure counts, as the player reads it.
fn counted_words(
    counted: Counted,
    layout: &[Piece],
    seat: Seat,
    board: &carrom_physics::BoardSpec,
) -> String {
    match counted {
        Counted::Turn => "strikes again".into(),
        Counted::Target(t) => format!("{} goes in", piece_words(Some(layout[t]), seat)),
        Counted::Pieces { own, at_least } => pieces_words(own, at_least),
        Counted::Into { piece, pocket } => format!(
            "{} goes into the {} pocket",
            piece_words(Some(layout[piece]), seat),
            pocket_name(board.pockets()[pocket].name)
        ),
    }
}

/// A break drill's count as the player reads it: "pockets a piece", "pockets 2 of your
/// pieces".
fn pieces_words(own: bool, at_least: u8) -> String {
    match (own, at_least) {
        (false, n) if n <= 1 => "pockets a piece".into(),
        (false, n) => format!("pockets {n} pieces"),
        (true, n) if n <= 1 => "pockets a piece of yours".into(),
        (true, n) => format!("pockets {n} of your pieces"),
    }
}
