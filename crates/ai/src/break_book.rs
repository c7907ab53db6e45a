//! The practised break: the opening stroke of a practice board is always played into the same
//! rack, so the hard player breaks with a shot found beforehand by a far larger search than a
//! decision can afford (thousands of simulations per shot instead of at most 19), the way a
//! player practises a break. The book is found by successive halving over a grid of striker
//! positions, directions and powers, every outcome valued by the practice judge
//! ([`crate::PracticeJudge`]: minus the strokes the board still needs), and re-measured with
//! fresh noise at the end (see `break_book` in `tests/measure.rs`).
//!
//! A book belongs to the equipment and noise it was found with: it carries a fingerprint of
//! the [`Spec`] ([`crate::lone_man::spec_key`]) and the noise, and is used only for those
//! ([`BreakBook::for_practice`]).

use crate::candidates::{Candidate, Kind};
use crate::geom::{angle_of, legal};
use crate::lone_man::{LoneManCosts, header_and_lines, spec_key};
use crate::practice::{PracticeJudge, PracticeState, pocket_order};
use crate::search::{Judge, Noise, mix};
use carrom_physics::shot::play;
use carrom_physics::{Piece, Seat, Shot, Spec, Table, Vec2, opening_rack};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::sync::OnceLock;

/// The book found for the ICF default spec with the benchmark's noise.
const ICF_BOOK: &str = include_str!("../data/break_book.txt");

/// A break and what it was measured to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookBreak {
    /// Striker position along South's base line (shot-position units).
    pub position: f32,
    /// Direction relative to forward (degrees), as in [`Shot`].
    pub angle_deg: f32,
    pub power: f32,
    /// Mean practice value of the outcomes (minus the strokes the board still needs).
    pub value: f32,
    /// Mean pieces pocketed.
    pub pieces: f32,
    /// How often the striker fell in.
    pub striker_pocketed: f32,
    /// Noisy strokes the means are over.
    pub samples: u32,
}

impl BookBreak {
    /// The break as a shot from `seat` (the rack is the same for every seat, turned with it).
    pub fn shot(&self, seat: Seat) -> Shot {
        Shot {
            seat,
            position: self.position,
            angle_deg: self.angle_deg,
            power: self.power,
        }
    }
}

/// The practised breaks for one spec and noise, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct BreakBook {
    /// [`spec_key`] of the spec the book was found for.
    pub spec_key: u64,
    /// The execution noise it was found with.
    pub noise: Noise,
    pub breaks: Vec<BookBreak>,
}

/// How much searching finding a book does: successive halving, `rounds[k] = (keep, samples)`
/// keeps the best `keep` candidates of the round before and plays each `samples` more times.
#[derive(Clone, Debug)]
pub struct BookSearch {
    /// Striker positions tried (those legal for the rack), shot-position units.
    pub positions: Vec<f32>,
    /// Directions tried, degrees off the line from the striker to the rack's centre.
    pub offsets_deg: Vec<f32>,
    pub powers: Vec<f32>,
    pub rounds: Vec<(usize, u32)>,
    /// How many of the last round's best the book keeps; they are re-measured with this many
    /// fresh noisy strokes each, so the book's figures carry no selection bias.
    pub keep: usize,
    pub remeasure: u32,
}

impl BookSearch {
    /// The search behind the shipped book: 81 positions × 41 directions (±20°, 1° apart) × 4
    /// powers (0.85 to 1); 6 samples each, then the best 300 × 48, 40 × 400, 8 × 2000; the best
    /// 4 re-measured over 4000 fresh strokes.
    pub fn full() -> BookSearch {
        BookSearch {
            positions: (0..=80).map(|i| -1.0 + i as f32 * 0.025).collect(),
            offsets_deg: (-20..=20).map(|d| d as f32).collect(),
            powers: vec![0.85, 0.9, 0.95, 1.0],
            rounds: vec![(usize::MAX, 6), (300, 48), (40, 400), (8, 2000)],
            keep: 4,
            remeasure: 4000,
        }
    }
}

/// Plays `shot` `n` times with `noise` into the judge's rack (on clones of `base`) and returns the sums of the value, the
/// pieces pocketed and the striker pocketed.
fn measure(
    spec: &Spec,
    base: &Table,
    judge: &PracticeJudge,
    shot: &Shot,
    noise: Noise,
    seed: u64,
    n: u32,
) -> (f64, f64, f64) {
    let rack = &judge.state.layout;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut value, mut pieces, mut striker) = (0.0, 0.0, 0.0);
    for _ in 0..n {
        let played = noise.apply(spec, rack, shot, &mut rng);
        let result = play(&mut base.clone(), &played);
        value += judge.value(spec, rack, &result) as f64;
        pieces += pocket_order(&result).len() as f64;
        striker += f64::from(u8::from(result.striker.pocketed));
    }
    (value, pieces, striker)
}

/// Finds the book for `spec` and `noise`: every candidate of `search` judged by the practice
/// judge on a fresh board (with the shipped lone-man table when it fits `spec`).
pub fn find(spec: &Spec, noise: Noise, search: &BookSearch, seed: u64) -> BreakBook {
    let seat = Seat::South;
    let state = PracticeState::new(spec);
    let judge = PracticeJudge {
        state: &state,
        lone: LoneManCosts::for_spec(spec),
    };
    let rack = &state.layout;
    let base = Table::new(spec, rack);
    let mut candidates: Vec<Shot> = Vec::new();
    for &position in &search.positions {
        if !legal(spec, seat, position, rack) {
            continue;
        }
        let towards = angle_of(seat, Vec2::ZERO - spec.board.striker_spot(seat, position));
        for &off in &search.offsets_deg {
            for &power in &search.powers {
                candidates.push(Shot {
                    seat,
                    position,
                    angle_deg: towards + off,
                    power,
                });
            }
        }
    }
    // (index into candidates, value sum, samples)
    let best_mean_first = |a: &(usize, f64, u32), b: &(usize, f64, u32)| {
        let (ma, mb) = (a.1 / a.2.max(1) as f64, b.1 / b.2.max(1) as f64);
        mb.total_cmp(&ma).then(a.0.cmp(&b.0))
    };
    let mut alive: Vec<(usize, f64, u32)> = (0..candidates.len()).map(|i| (i, 0.0, 0)).collect();
    for (round, &(keep, samples)) in search.rounds.iter().enumerate() {
        alive.sort_by(best_mean_first);
        alive.truncate(keep);
        alive.par_iter_mut().for_each(|(i, sum, n)| {
            let stream = mix(seed, ((round as u64) << 32) | *i as u64);
            let (v, _, _) = measure(spec, &base, &judge, &candidates[*i], noise, stream, samples);
            *sum += v;
            *n += samples;
        });
    }
    alive.sort_by(best_mean_first);
    alive.truncate(search.keep);
    let fresh = mix(seed, 0xF4E5_4000_0000);
    let mut breaks: Vec<BookBreak> = alive
        .par_iter()
        .map(|&(i, _, _)| {
            let shot = candidates[i];
            let n = search.remeasure.max(1);
            let (v, p, s) = measure(spec, &base, &judge, &shot, noise, mix(fresh, i as u64), n);
            BookBreak {
                position: shot.position,
                angle_deg: shot.angle_deg,
                power: shot.power,
                value: (v / n as f64) as f32,
                pieces: (p / n as f64) as f32,
                striker_pocketed: (s / n as f64) as f32,
                samples: n,
            }
        })
        .collect();
    breaks.sort_by(|a, b| b.value.total_cmp(&a.value));
    BreakBook {
        spec_key: spec_key(spec),
        noise,
        breaks,
    }
}

impl BreakBook {
    /// The text form: a header line `spec_key position_sigma angle_sigma_deg power_sigma`, then
    /// one line per break, best first: `position angle_deg power value pieces striker_pocketed
    /// samples`.
    pub fn to_text(&self) -> String {
        let n = self.noise;
        let mut out = format!(
            "{} {} {} {}\n",
            self.spec_key, n.position, n.angle_deg, n.power
        );
        for b in &self.breaks {
            out += &format!(
                "{} {} {} {:.4} {:.4} {:.4} {}\n",
                b.position, b.angle_deg, b.power, b.value, b.pieces, b.striker_pocketed, b.samples
            );
        }
        out
    }

    /// Reads [`BreakBook::to_text`]'s form; the error names the line and what is wrong.
    pub fn parse(text: &str) -> Result<BreakBook, String> {
        let (h, lines) = header_and_lines(text)?;
        let [key, position, angle, power] = h[..] else {
            return Err(
                "line 1: expected `spec_key position_sigma angle_sigma_deg power_sigma`".into(),
            );
        };
        let number = |line: usize, what: &str, t: &str| {
            t.parse::<f32>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("line {line}: {what} `{t}` is not a number"))
        };
        let spec_key = key
            .parse()
            .map_err(|_| format!("line 1: spec_key `{key}` is not a number"))?;
        let noise = Noise {
            position: number(1, "position_sigma", position)?,
            angle_deg: number(1, "angle_sigma_deg", angle)?,
            power: number(1, "power_sigma", power)?,
        };
        let mut breaks = Vec::new();
        for (line_no, line) in lines {
            let f: Vec<&str> = line.split_whitespace().collect();
            let [position, angle, power, value, pieces, striker, samples] = f[..] else {
                return Err(format!(
                    "line {line_no}: expected `position angle_deg power value pieces \
                     striker_pocketed samples`, found {} fields",
                    f.len()
                ));
            };
            let b = BookBreak {
                position: number(line_no, "position", position)?,
                angle_deg: number(line_no, "angle_deg", angle)?,
                power: number(line_no, "power", power)?,
                value: number(line_no, "value", value)?,
                pieces: number(line_no, "pieces", pieces)?,
                striker_pocketed: number(line_no, "striker_pocketed", striker)?,
                samples: samples
                    .parse()
                    .map_err(|_| format!("line {line_no}: samples `{samples}` is not a count"))?,
            };
            if !(-1.0..=1.0).contains(&b.position) || !(0.0..=1.0).contains(&b.power) {
                return Err(format!(
                    "line {line_no}: position must be within -1..1 and power within 0..1"
                ));
            }
            breaks.push(b);
        }
        if breaks.is_empty() {
            return Err("no breaks after the header".into());
        }
        Ok(BreakBook {
            spec_key,
            noise,
            breaks,
        })
    }

    /// The shipped book (found for the ICF default spec and the benchmark's noise), or why it
    /// cannot be read (a test keeps it readable).
    pub fn icf() -> Result<&'static BreakBook, &'static str> {
        static BOOK: OnceLock<Result<BreakBook, String>> = OnceLock::new();
        BOOK.get_or_init(|| {
            BreakBook::parse(ICF_BOOK).map_err(|e| format!("data/break_book.txt: {e}"))
        })
        .as_ref()
        .map_err(|e| e.as_str())
    }

    /// The shipped book's breaks as break candidates for `seat`, first in the shortlist (prior
    /// 2, above every generated break), when the book was found for `spec` and `layout` is the
    /// rack as it is set for `seat`'s break: in games they compete with the other breaks under
    /// the game's own judge (the book was found for practice, where every piece is the
    /// breaker's).
    pub fn candidates(spec: &Spec, layout: &[Piece], seat: Seat) -> Vec<Candidate> {
        let Some(book) = BreakBook::for_rack(spec, layout, seat) else {
            return Vec::new();
        };
        book.breaks
            .iter()
            .map(|b| Candidate {
                shot: b.shot(seat),
                prior: 2.0,
                kind: Kind::Break,
                target: None,
            })
            .collect()
    }

    /// The shipped book's best break, if the book can be read, was found for `spec` and
    /// `noise`, and `state` is a practice board's opening (nothing struck yet, the rack
    /// untouched).
    pub fn for_practice(spec: &Spec, noise: Noise, state: &PracticeState) -> Option<BookBreak> {
        if state.strikes != 0 {
            return None;
        }
        let book = BreakBook::for_rack(spec, &state.layout, Seat::South)?;
        (book.noise == noise).then(|| book.breaks[0])
    }

    /// The shipped book, if it can be read, was found for `spec`, and `layout` is the rack as
    /// it is set for `seat`'s break.
    fn for_rack(spec: &Spec, layout: &[Piece], seat: Seat) -> Option<&'static BreakBook> {
        let book = BreakBook::icf().ok()?;
        (book.spec_key == spec_key(spec) && layout == opening_rack(&spec.board, seat))
            .then_some(book)
    }
}
