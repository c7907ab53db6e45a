//! The AI under the ICF Laws: physics outcomes as referee stroke reports, outcomes valued by
//! the referee's verdict (judged on a copy of the referee), and the layout after a verdict.

use crate::geom::{due_spots, free_spot_near_centre, position_value};
use crate::search::Judge;
use carrom_physics::{BodyId, EventKind, Piece, PieceKind, Seat, ShotResult, Spec};
use carrom_referee::{
    PieceColour, Placer, QueenRight, QueenState, Referee, Spot, StrokeReport, Verdict,
};

/// The referee's seat for a physics seat (same names).
pub fn ref_seat(seat: Seat) -> carrom_referee::Seat {
    match seat {
        Seat::South => carrom_referee::Seat::South,
        Seat::East => carrom_referee::Seat::East,
        Seat::North => carrom_referee::Seat::North,
        Seat::West => carrom_referee::Seat::West,
    }
}

/// The physics seat for a referee seat.
pub fn phys_seat(seat: carrom_referee::Seat) -> Seat {
    match seat {
        carrom_referee::Seat::South => Seat::South,
        carrom_referee::Seat::East => Seat::East,
        carrom_referee::Seat::North => Seat::North,
        carrom_referee::Seat::West => Seat::West,
    }
}

pub fn colour(kind: PieceKind) -> PieceColour {
    match kind {
        PieceKind::White => PieceColour::White,
        PieceKind::Black => PieceColour::Black,
        PieceKind::Queen => PieceColour::Queen,
    }
}

pub fn kind(colour: PieceColour) -> PieceKind {
    match colour {
        PieceColour::White => PieceKind::White,
        PieceColour::Black => PieceKind::Black,
        PieceColour::Queen => PieceKind::Queen,
    }
}

/// What a simulated stroke did, as the referee reads it: pieces pocketed in order, the
/// striker pocketed or off the board, whether the striker touched a piece, pieces off the board.
/// A simulated stroke is always proper (`improper` false).
pub fn stroke_report(result: &ShotResult) -> StrokeReport {
    let mut report = StrokeReport::nothing();
    report.touched = false;
    for e in &result.events {
        match &e.kind {
            EventKind::Pocketed { kind, .. } => report.pocketed.push(colour(*kind)),
            EventKind::Contact { a, b, .. } => {
                if matches!(
                    (a, b),
                    (BodyId::Striker, BodyId::Piece(_)) | (BodyId::Piece(_), BodyId::Striker)
                ) {
                    report.touched = true;
                }
            }
            EventKind::Overboard {
                body: BodyId::Piece(i),
                ..
            } => {
                report.overboard.push(colour(result.pieces[*i].kind));
            }
            _ => {}
        }
    }
    if !report.pocketed.is_empty() || !report.overboard.is_empty() {
        // Only the striker moves at first: anything that moved was touched through it.
        report.touched = true;
    }
    report.striker_pocketed = result.striker.pocketed;
    report.striker_overboard = result.striker.overboard && !result.striker.pocketed;
    report
}

/// Values outcomes by judging them on a copy of the referee.
pub struct MatchJudge {
    pub referee: Referee,
    pub seat: Seat,
}

impl MatchJudge {
    fn my_colour(&self) -> PieceColour {
        self.referee.colour_of(ref_seat(self.seat))
    }
}

impl Judge for MatchJudge {
    fn target(&self, layout: &[Piece], i: usize) -> bool {
        let me = ref_seat(self.seat);
        match layout[i].kind {
            PieceKind::Queen => {
                matches!(
                    self.referee.queen_right(me),
                    QueenRight::Yes | QueenRight::WithOwnMen
                ) && !matches!(self.referee.queen(), QueenState::AwaitingCover { .. })
            }
            k => colour(k) == self.my_colour(),
        }
    }

    fn is_break(&self) -> bool {
        !self.referee.break_made()
    }

    fn value(&self, spec: &Spec, _before: &[Piece], result: &ShotResult) -> f32 {
        let report = stroke_report(result);
        let mut r = self.referee;
        let me = ref_seat(self.seat);
        let side = r.side_of(me);
        let c = self.my_colour();
        let o = c.other();
        let Ok(v) = r.judge(&report) else {
            return -100.0;
        };
        if let Some(b) = v.board_result {
            let pts = b.points as f32;
            return if b.winner == side {
                20.0 + pts
            } else {
                -20.0 - pts
            };
        }
        if v.board_cancelled {
            return -1.0;
        }
        let before = &self.referee;
        let net = |r: &Referee, col: PieceColour| r.pocketed(col) as f32 - r.owed(col) as f32;
        let mut val = (net(&r, c) - net(before, c)) - 0.7 * (net(&r, o) - net(before, o));
        let q0 = before.queen();
        let q1 = r.queen();
        if q1 != q0 {
            val += match q1 {
                QueenState::Covered(col) if col == c => 3.0,
                QueenState::Covered(_) => -2.5,
                QueenState::AwaitingCover { by } if by == me => 1.2,
                QueenState::AwaitingCover { .. } => -1.0,
                QueenState::OnBoard => {
                    if matches!(q0, QueenState::AwaitingCover { by } if by == me) {
                        -1.2
                    } else {
                        0.0
                    }
                }
            };
        }
        if !r.break_made() {
            // A break attempt that touched nothing.
            val -= 0.5;
        }
        if result.striker.pocketed {
            val -= 0.2;
        }
        let after = result.layout();
        if v.continues {
            val += 0.3 + 0.6 * position_value(spec, &after, self.seat, &|k| colour(k) == c);
        } else if let Some(next) = v.next {
            let nc = r.colour_of(next);
            val -= 0.5 * position_value(spec, &after, phys_seat(next), &|k| colour(k) == nc);
        }
        val
    }
}

/// The layout after a judged stroke: the pieces still on the board, then the pieces the umpire
/// puts back (in the centre, Laws 65, 93, 94), then the players' dues in the verdict's order,
/// each placed by `place_due(colour, placer, layout)` on the layout so far (the game's order).
/// If the board ended, the caller racks anew.
pub fn layout_after(
    spec: &Spec,
    result: &ShotResult,
    verdict: &Verdict,
    mut place_due: impl FnMut(PieceColour, carrom_referee::Seat, &[Piece]) -> (f32, f32),
) -> Vec<Piece> {
    let mut layout = result.layout();
    let by_player = |ret: &carrom_referee::Return| match (ret.placed_by, ret.spot) {
        (Placer::Seat(seat), Spot::InsideOuterCircle) => Some(seat),
        _ => None,
    };
    for ret in verdict.returns.iter().filter(|r| by_player(r).is_none()) {
        let at = free_spot_near_centre(spec, &layout);
        layout.push(Piece::new(kind(ret.piece), at));
    }
    for ret in &verdict.returns {
        if let Some(seat) = by_player(ret) {
            let (x, y) = place_due(ret.piece, seat, &layout);
            layout.push(Piece::new(kind(ret.piece), carrom_physics::Vec2::new(x, y)));
        }
    }
    layout
}

/// Where the player at `placer` puts a due of `colour` (Laws 84-86, 78): his own colour where
/// it is easiest for him to pocket; the opponent's colour where it is hardest for them.
pub fn choose_due_spot(
    spec: &Spec,
    layout: &[Piece],
    colour_of_due: PieceColour,
    placer: carrom_referee::Seat,
    referee: &Referee,
) -> (f32, f32) {
    let spots = due_spots(spec, layout);
    let Some(&first) = spots.first() else {
        let p = free_spot_near_centre(spec, layout);
        return (p.x, p.y);
    };
    let mine = referee.colour_of(placer) == colour_of_due;
    // The owner of the due is the side playing its colour; look from the seat of that side
    // that plays next (the placer in the own-colour case is the opponent, Law 78(b)(i)).
    let owner_seat = if mine {
        placer
    } else {
        referee
            .seats()
            .seats()
            .iter()
            .copied()
            .find(|s| referee.colour_of(*s) == colour_of_due)
            .unwrap_or(placer.opposite())
    };
    let own = |k: PieceKind| colour(k) == colour_of_due;
    let mut best = (first, f32::NEG_INFINITY);
    for q in spots {
        let mut l = layout.to_vec();
        l.push(Piece::new(kind(colour_of_due), q));
        let e = position_value(spec, &l, phys_seat(owner_seat), &own);
        let score = if mine { e } else { -e };
        if score > best.1 {
            best = (q, score);
        }
    }
    (best.0.x, best.0.y)
}
