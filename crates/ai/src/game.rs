//! The AI under the ICF Laws: simulated outcomes valued by the referee's verdict (each read by
//! the match layer's umpire and judged on a copy of the referee), and where a player puts a due.

use crate::geom::{due_spot_anywhere, due_spots, position_value};
use crate::search::Judge;
use carrom_match::stroke_report;
use carrom_physics::{Piece, Seat, ShotResult, Spec};
use carrom_referee::{PieceColour, PointGame, QueenRight, QueenState, Referee};

/// Values outcomes by judging them on a copy of the referee.
pub struct MatchJudge {
    pub referee: Referee,
    pub seat: Seat,
}

impl MatchJudge {
    fn my_colour(&self) -> PieceColour {
        self.referee.colour_of(self.seat)
    }
}

impl Judge for MatchJudge {
    fn target(&self, layout: &[Piece], i: usize) -> bool {
        let me = self.seat;
        if self.referee.rules().points.is_some() {
            // The point game: every man is anyone's, the Queen whenever she is on the board.
            return true;
        }
        match layout[i].kind {
            PieceColour::Queen => {
                matches!(
                    self.referee.queen_right(me),
                    QueenRight::Yes | QueenRight::WithOwnMen
                ) && !matches!(self.referee.queen(), QueenState::AwaitingCover { .. })
            }
            k => k == self.my_colour(),
        }
    }

    fn is_break(&self) -> bool {
        !self.referee.break_made()
    }

    fn value(&self, spec: &Spec, _before: &[Piece], result: &ShotResult) -> f32 {
        if let Some(pg) = self.referee.rules().points {
            return self.point_value(spec, result, pg);
        }
        let report = stroke_report(result);
        let mut r = self.referee;
        let me = self.seat;
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
                // Pocketed without the right: she comes back when the turn ends, as she
                // would have at once (traditional rules).
                QueenState::AwaitingReturn { .. } => 0.0,
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
            val += 0.3 + 0.6 * position_value(spec, &after, self.seat, &|k| k == c);
        } else if let Some(next) = v.next {
            let nc = r.colour_of(next);
            val -= 0.5 * position_value(spec, &after, next, &|k| k == nc);
        }
        val
    }
}

impl MatchJudge {
    /// An outcome in the point game: the points it wins (in units of the cheapest man, the
    /// Queen awaiting the cover at part of hers), the game won or lost, and what the board
    /// leaves: to the striker if he goes on, else to the next player.
    fn point_value(&self, spec: &Spec, result: &ShotResult, pg: PointGame) -> f32 {
        let report = stroke_report(result);
        let mut r = self.referee;
        let me = self.seat;
        let Ok(v) = r.judge(&report) else {
            return -100.0;
        };
        if let Some(won) = v.points_won {
            return if won.winner == me { 100.0 } else { -100.0 };
        }
        let unit = f32::from(pg.white.min(pg.black).max(1));
        let before = &self.referee;
        let gained = f32::from(r.points_of(me)) - f32::from(before.points_of(me));
        let mut val = gained / unit - 1.5 * f32::from(r.men_owed(me));
        if r.queen() == (QueenState::AwaitingCover { by: me }) {
            val += 0.4 * f32::from(pg.queen) / unit;
        }
        if !r.break_made() {
            val -= 0.5;
        }
        if v.board_ended() {
            return val;
        }
        let after = result.layout();
        let any_man = |k: PieceColour| k != PieceColour::Queen;
        if v.continues {
            val += 0.3 + 0.6 * position_value(spec, &after, me, &any_man);
        } else if let Some(next) = v.next {
            val -= 0.5 * position_value(spec, &after, next, &any_man);
        }
        val
    }
}

/// Where the player at `placer` puts a due of `colour` (Laws 84-86, 78): his own colour where
/// it is easiest for him to pocket; the opponent's colour where it is hardest for them. Always
/// inside the outer circle and off the centre circle (Law 89(b)): when no spot of the grid of
/// [`due_spots`] is free, the first free spot of a finer search ([`due_spot_anywhere`]).
pub fn choose_due_spot(
    spec: &Spec,
    layout: &[Piece],
    colour_of_due: PieceColour,
    placer: Seat,
    referee: &Referee,
) -> (f32, f32) {
    let spots = due_spots(spec, layout);
    let Some(&first) = spots.first() else {
        let p = due_spot_anywhere(spec, layout);
        return (p.x, p.y);
    };
    // The point game: the man placed is anyone's, and the placer strikes next.
    let mine = referee.rules().points.is_some() || referee.colour_of(placer) == colour_of_due;
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
    let own = |k: PieceColour| k == colour_of_due;
    let mut best = (first, f32::NEG_INFINITY);
    for q in spots {
        let mut l = layout.to_vec();
        l.push(Piece::new(colour_of_due, q));
        let e = position_value(spec, &l, owner_seat, &own);
        let score = if mine { e } else { -e };
        if score > best.1 {
            best = (q, score);
        }
    }
    (best.0.x, best.0.y)
}
