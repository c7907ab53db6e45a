//! Single-player clearing, the computer's benchmark (`carrom practice`; not the game's break
//! practice): one player owns all 19 pieces and strikes from South until the board is clear.
//!
//! Rules of the benchmark:
//! - every stroke counts (there is no turn to lose);
//! - the Queen must be covered: she counts only when a carrom man goes down after her in the
//!   same stroke or in the next stroke; otherwise she goes back to the centre;
//! - a pocketed striker returns one pocketed carrom man to the centre area (owed until one is
//!   pocketed, like a due);
//! - pieces that leave the board go back to the centre area;
//! - if the Queen is on the board (or waiting for cover) and no carrom man is left to cover her,
//!   one pocketed man comes back to the centre area so the board can still be cleared;
//! - the board is clear when no piece is left and the Queen is covered; the count stops at 500.

use crate::break_book::{BookBreak, BreakBook};
use crate::geom;
use crate::lone_man::LoneManCosts;
use crate::noise::Noise;
use crate::search::Judge;
use carrom_match::{stroke_report, umpire_spot};
use carrom_physics::{Piece, PieceColour, Seat, ShotResult, Spec, opening_rack};

/// The state of a clearing board.
#[derive(Clone, Debug, PartialEq)]
pub struct ClearingState {
    pub layout: Vec<Piece>,
    /// The Queen was pocketed and awaits cover by the next stroke.
    pub queen_pending: bool,
    /// The Queen is pocketed and covered.
    pub queen_covered: bool,
    /// Carrom men in the pockets.
    pub men_pocketed: u32,
    /// Men owed back (striker pocketed with none in the pockets).
    pub owed: u32,
    pub strikes: u32,
}

impl ClearingState {
    pub fn new(spec: &Spec) -> ClearingState {
        ClearingState {
            layout: opening_rack(&spec.board, Seat::South),
            queen_pending: false,
            queen_covered: false,
            men_pocketed: 0,
            owed: 0,
            strikes: 0,
        }
    }

    /// The shipped break book's best break, if the book can be read, was found for `spec` and
    /// `noise`, and this board is at its opening (nothing struck yet, the rack untouched).
    pub fn book_break(&self, spec: &Spec, noise: Noise) -> Option<BookBreak> {
        if self.strikes != 0 {
            return None;
        }
        let book = BreakBook::for_rack(spec, &self.layout, Seat::South)?;
        (book.noise == noise).then(|| book.breaks[0])
    }

    pub fn is_clear(&self) -> bool {
        self.layout.is_empty() && !self.queen_pending
    }

    fn put_back(&mut self, spec: &Spec, kind: PieceColour) {
        let at = umpire_spot(spec, &self.layout);
        self.layout.push(Piece::new(kind, at));
    }

    /// Applies a simulated stroke (played on `self.layout`), read by the match layer's umpire.
    pub fn apply(&mut self, spec: &Spec, result: &ShotResult) {
        self.strikes += 1;
        let report = stroke_report(result);
        let order = report.pocketed;
        let men_down = order.iter().filter(|k| **k != PieceColour::Queen).count() as u32;
        let queen_at = order.iter().position(|k| *k == PieceColour::Queen);
        let mut layout = result.layout();
        let overboard = report.overboard;
        std::mem::swap(&mut self.layout, &mut layout);
        self.men_pocketed += men_down;
        let mut queen_back = false;
        if self.queen_pending {
            self.queen_pending = false;
            if men_down > 0 {
                self.queen_covered = true;
            } else {
                queen_back = true;
            }
        }
        if let Some(q) = queen_at {
            if order[q + 1..].iter().any(|k| *k != PieceColour::Queen) {
                self.queen_covered = true;
            } else {
                self.queen_pending = true;
            }
        }
        for kind in overboard {
            self.put_back(spec, kind);
        }
        if queen_back {
            self.put_back(spec, PieceColour::Queen);
        }
        if report.striker_pocketed {
            self.owed += 1;
        }
        while self.owed > 0 && self.men_pocketed > 0 {
            self.owed -= 1;
            self.men_pocketed -= 1;
            self.put_back(spec, PieceColour::White);
        }
        let men_on = self
            .layout
            .iter()
            .filter(|p| p.kind != PieceColour::Queen)
            .count();
        let queen_open =
            self.queen_pending || self.layout.iter().any(|p| p.kind == PieceColour::Queen);
        if queen_open && men_on == 0 && self.men_pocketed > 0 {
            if self.queen_pending {
                self.queen_pending = false;
                self.put_back(spec, PieceColour::Queen);
            }
            self.men_pocketed -= 1;
            self.put_back(spec, PieceColour::White);
        }
    }
}

/// Kinds pocketed by a stroke, in the order they fell (as the umpire reports them).
pub fn pocket_order(result: &ShotResult) -> Vec<PieceColour> {
    stroke_report(result).pocketed
}

/// Values outcomes by the clearing rules.
pub struct ClearingJudge<'a> {
    pub state: &'a ClearingState,
    /// What a lone man costs, by where it lies (see [`strokes_to_clear_with`]); `None`: the
    /// geometric estimate alone.
    pub lone: Option<&'a LoneManCosts>,
}

/// Strokes the clearing value adds for every piece an outcome leaves on the board (and every
/// man owed, and the Queen once for every time she is expected to come back) while
/// [`PREMIUM_FROM`] or more pieces are on it before the stroke.
///
/// The lone-man costs price each piece by its spot, as if it stood alone; with many pieces on
/// the board their spots change at every stroke, and the count of what is left matters more.
/// A least-squares fit of the strokes a board still took on 2191 positions of the hard player
/// (`CARROM_DIAG_DUMP` of `clearing_stroke_diagnostic`) gave about 0.4 strokes per unit of the
/// lone-man costs plus 0.5-0.8 per piece, i.e. about 1.5-2 per piece in the value's units.
/// Measured on the 96-board diagnostic (hard, with `2400 / pieces` safety shots): no premium
/// 22.82 strikes, 1 22.15, 1.5 22.01, 2.5 22.10, 2.5 from six pieces 21.85; with the kept
/// `2000 / pieces`, 21.41.
pub const PIECE_PREMIUM: f32 = 2.5;

/// See [`PIECE_PREMIUM`]: with fewer pieces the lone-man table (exact for one piece) values
/// the board alone.
pub const PREMIUM_FROM: usize = 6;

impl Judge for ClearingJudge<'_> {
    fn target(&self, layout: &[Piece], i: usize) -> bool {
        if layout[i].kind == PieceColour::Queen {
            // Only worth taking while a man is left to cover her.
            layout
                .iter()
                .filter(|p| p.kind != PieceColour::Queen)
                .count()
                >= 1
        } else {
            true
        }
    }

    fn is_break(&self) -> bool {
        self.state.strikes == 0
    }

    /// Minus the strokes still expected after this outcome (see [`strokes_to_clear`]), plus
    /// the [`PIECE_PREMIUM`] for what is left while [`PREMIUM_FROM`] or more pieces were on
    /// the board: a pocketed piece saves what it would have cost, a piece left nearer a pocket
    /// saves part.
    fn value(&self, spec: &Spec, _before: &[Piece], result: &ShotResult) -> f32 {
        let mut next = self.state.clone();
        next.apply(spec, result);
        let premium = if self.state.layout.len() >= PREMIUM_FROM {
            PIECE_PREMIUM
        } else {
            0.0
        };
        -board_cost(spec, &next, self.lone, premium)
    }
}

/// What [`ClearingJudge`] on `state` would value an outcome that leaves the board as it is:
/// minus its cost, with the piece premium when `state` has [`PREMIUM_FROM`] pieces or more.
pub fn outcome_value(spec: &Spec, state: &ClearingState, lone: Option<&LoneManCosts>) -> f32 {
    let premium = if state.layout.len() >= PREMIUM_FROM {
        PIECE_PREMIUM
    } else {
        0.0
    };
    -board_cost(spec, state, lone, premium)
}

/// A clearing board's expected remaining strokes, with the shipped lone-man table when it was
/// computed for `spec` (see [`strokes_to_clear_with`]).
pub fn strokes_to_clear(spec: &Spec, state: &ClearingState) -> f32 {
    strokes_to_clear_with(spec, state, LoneManCosts::for_spec(spec))
}

/// A clearing board's expected remaining strokes. Each piece costs what a lone man at its spot
/// costs (`lone`, or without a table `1 / ease`, the chance of its best direct cut under 2° of
/// aim noise, floored), plus what the other pieces add by blocking its direct cuts (the
/// difference in `1 / ease` with and without them); the Queen, on the board or awaiting cover,
/// also costs the covers expected to fail ([`queen_cover_cost`]); a man owed back costs a man
/// from the centre.
pub fn strokes_to_clear_with(
    spec: &Spec,
    state: &ClearingState,
    lone: Option<&LoneManCosts>,
) -> f32 {
    board_cost(spec, state, lone, 0.0)
}

/// [`strokes_to_clear_with`] plus `premium` for every piece on the board, every man owed and
/// every time the Queen is expected to come back (see [`PIECE_PREMIUM`]).
fn board_cost(
    spec: &Spec,
    state: &ClearingState,
    lone: Option<&LoneManCosts>,
    premium: f32,
) -> f32 {
    if state.is_clear() {
        return 0.0;
    }
    let layout = &state.layout;
    // Each piece's cost.
    let per_piece: Vec<f32> = match lone {
        None => geom::eases(spec, layout, Seat::South)
            .into_iter()
            .map(geom::stroke_cost)
            .collect(),
        Some(table) => piece_costs(spec, layout, table)
            .into_iter()
            .map(|(at, blocking)| at + blocking)
            .collect(),
    };
    let mut cost: f32 = per_piece.iter().sum();
    cost += premium * (layout.len() + state.owed as usize) as f32;
    if state.queen_pending || layout.iter().any(|p| p.kind == PieceColour::Queen) {
        // A man costing `cost` strokes goes down in one stroke of `cost` (at most every
        // stroke); a cover needs any man to go down (none on the board: the empty product,
        // cover 0).
        let cover = 1.0
            - layout
                .iter()
                .zip(&per_piece)
                .filter(|(p, _)| p.kind != PieceColour::Queen)
                .map(|(_, c)| 1.0 - 1.0 / c.max(1.0))
                .product::<f32>();
        cost += queen_cover_cost(cover, centre_cost(spec, lone) + premium);
    }
    if state.owed > 0 {
        cost += state.owed as f32 * centre_cost(spec, lone);
    }
    cost
}

/// What the Queen costs besides her spot, on the board or awaiting cover: she counts only when
/// a man follows her, and each time the cover fails (one minus `cover`, the chance that some
/// man goes down in the stroke after hers) she goes back to the centre (`back`, a piece from
/// the centre) to be pocketed again: `(1 - cover) / cover` failures are expected before a cover
/// holds. Awaiting cover she costs the same: if it fails she is back on the board, as dear.
///
/// Without it the clearing value priced the Queen as a man at her spot, and she was left to
/// the end, when one man is left to cover her: on 192 boards of the hard player
/// (`CARROM_DIAG_DUMP` of `clearing_stroke_diagnostic`) a board with the Queen and one man
/// still took 7.07 strokes, one with two men 3.46, although the value said about 4 for both;
/// the Queen cost 2.2-3.5 strokes more than a man with 2-4 pieces on the board and about 1
/// with 8-10. With this cost those boards took 21.12 strikes instead of 21.87 and the Queen
/// went back to the centre 23 times instead of 48 (368 boards: 21.31 against 21.75).
fn queen_cover_cost(cover: f32, back: f32) -> f32 {
    if cover <= 0.0 {
        // No man on the board: one comes back from the pockets when she is taken.
        back
    } else {
        (1.0 - cover) / cover * back
    }
}

/// Each piece's cost by the lone-man table: what a lone man at its spot costs, and what the
/// other pieces add by blocking its direct cuts (`1 / ease` with them minus `1 / ease` without
/// them, never below 0).
pub fn piece_costs(spec: &Spec, layout: &[Piece], table: &LoneManCosts) -> Vec<(f32, f32)> {
    let positions = geom::ease_positions(spec, layout, Seat::South);
    layout
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (e, alone) = geom::piece_eases(spec, layout, i, Seat::South, &positions);
            let blocking = (geom::stroke_cost(e) - geom::stroke_cost(alone)).max(0.0);
            (table.cost(p.pos()), blocking)
        })
        .collect()
}

/// Strokes a man alone at the centre costs (only needed for a Queen awaiting cover or a man
/// owed, so not computed for every outcome).
fn centre_cost(spec: &Spec, lone: Option<&LoneManCosts>) -> f32 {
    match lone {
        Some(table) => table.cost(carrom_physics::Vec2::ZERO),
        None => {
            let at_centre = [Piece::new(PieceColour::White, carrom_physics::Vec2::ZERO)];
            geom::stroke_cost(geom::eases(spec, &at_centre, Seat::South)[0])
        }
    }
}
