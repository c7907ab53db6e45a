//! The boards lost or won by pocketing a last man, Laws 102-112 (and 52-53 where they apply):
//! while covering the Queen (Laws 102-104), with the Queen on the board (Laws 105-107) or with
//! the striker too (Laws 108-112), under the ICF endings. The numbers are the ICF values;
//! [`Rules`](crate::Rules) sets them.
//!
//! The gaps in the table (a last man pocketed in a situation no row names) are filled as
//! [`EndingGaps`] says, and the ruling names the row it follows ("as Law 108"): a gap with the
//! striker or an improper stroke takes the row for the same Queen situation, adding or
//! dropping that row's additional point for the striker; a proper stroke without the striker
//! after the Queen is covered, and the opponent's last man alone with the Queen covered, go to
//! the scoring Laws 52-53 (`Scoring`, ICF) or to the nearest row (`NearestLaw`).

use super::endings::Ending;
use super::{Referee, Stroke};
use crate::event::{Event, LastMen, QueenAtEnd};
use crate::rules::{EndingGaps, Rules};
use crate::seat::{Seat, Side};
use crate::verdict::{QueenState, Verdict};

/// A stroke that pocketed a last man, as the table of Laws 102-112 reads it: who struck, whose
/// last men fell, how the Queen stood, and whether the stroke was improper or pocketed the
/// striker.
#[derive(Clone, Copy)]
struct LastManStroke {
    by: Seat,
    striker_side: Side,
    last: LastMen,
    queen: QueenAtEnd,
    /// The Queen fell in this very stroke (not only awaiting cover from the one before).
    queen_now: bool,
    striker: bool,
    improper: bool,
}

impl LastManStroke {
    /// The opponent of the striker's side.
    fn opponent(&self) -> Side {
        self.striker_side.other()
    }

    /// The row of a Law with a proper (a) and an improper (b) clause.
    fn row(&self, proper: &'static str, improper: &'static str) -> &'static str {
        if self.improper { improper } else { proper }
    }

    /// The ending: `winner` by `points` under `law`, naming the row a gap follows (`as_law`).
    fn ending(
        &self,
        winner: Side,
        points: u16,
        law: &'static str,
        as_law: Option<&'static str>,
    ) -> Ending {
        Ending {
            winner,
            points,
            law,
            event: Event::BoardEnded {
                by: self.by,
                last: self.last,
                queen: self.queen,
                improper: self.improper,
                striker: self.striker,
                as_law,
                winner,
                points,
            },
        }
    }
}

/// The points of Laws 52-55 and 102-112 for one stroke: the Queen and the "3 points" count
/// only below the limit (Law 54), and the additional points "if demanded" (Law 87(b)).
struct Points {
    rules: Rules,
    score: [u16; 2],
    improper: bool,
}

impl Points {
    fn below(&self, side: Side) -> bool {
        self.score[side.index()] < self.rules.queen_points_below
    }
    /// The special endings' points count in full: below the limit, or at any score when the
    /// rules do not limit them (`forfeit_points_limited`, FOF 2022).
    fn forfeit_in_full(&self, side: Side) -> bool {
        !self.rules.forfeit_points_limited || self.below(side)
    }
    /// "Shall win/lose by 3 points; if the score is 22 or more, by 1 point."
    fn forfeit(&self, side: Side) -> u16 {
        u16::from(if self.forfeit_in_full(side) {
            self.rules.forfeit_points
        } else {
            self.rules.forfeit_points_at_limit
        })
    }
    /// The Queen's value to the winner of the board (Laws 52(b)(i), 54).
    fn queen(&self, side: Side) -> u16 {
        if self.below(side) {
            u16::from(self.rules.queen_points)
        } else {
            0
        }
    }
    /// "The points for the Queen" in a lost board: none from 22 on (Laws 103, 106, 111). Under
    /// FOF 2022 they are its "three points extra", which count at any score.
    fn queen_forfeit(&self, side: Side) -> u16 {
        if self.forfeit_in_full(side) {
            u16::from(self.rules.forfeit_points)
        } else {
            0
        }
    }
    /// The additional points if demanded: `proper` for a proper stroke, `improper` otherwise.
    fn extra(&self, proper: u16, improper: u16) -> u16 {
        if !self.rules.demand_additional_points {
            0
        } else if self.improper {
            improper
        } else {
            proper
        }
    }
}

impl Referee {
    /// A stroke in play that pocketed a last man, under the ICF endings: ends the board if
    /// Laws 102-112 or 52-53 say so, the Queen counting as covered only if she was properly
    /// covered in the stroke. Returns whether the board ended.
    pub(super) fn last_man_ending(&mut self, st: &Stroke, v: &mut Verdict) -> bool {
        let rules = self.rules;
        let (my, own_n, q, s, i, covering, right) = (
            st.my,
            st.own_n,
            st.queen,
            st.striker,
            st.improper,
            st.covering,
            st.right,
        );
        let queen = if covering || q {
            QueenAtEnd::Covering
        } else {
            match self.queen {
                QueenState::Covered(c) if c == my => QueenAtEnd::CoveredByStriker,
                QueenState::Covered(_) => QueenAtEnd::CoveredByOpponent,
                _ => QueenAtEnd::OnBoard,
            }
        };
        let Some(end) = self.icf_ending(st, queen) else {
            return false;
        };
        if q || covering {
            let valid = own_n > 0
                && !i
                && !s
                && (covering || right || (rules.all_nine_exception && own_n >= 2));
            self.queen = if valid {
                QueenState::Covered(my)
            } else {
                QueenState::OnBoard
            };
        }
        self.end_board(end, v);
        true
    }

    /// Laws 102-112 and 52-53 for strokes that pocket a last man.
    fn icf_ending(&self, st: &Stroke, queen: QueenAtEnd) -> Option<Ending> {
        let last = match (st.last_own, st.last_opp) {
            (true, true) => LastMen::Both,
            (true, false) => LastMen::Own,
            _ => LastMen::Opponents,
        };
        let k = LastManStroke {
            by: st.by,
            striker_side: self.side_of(st.by),
            last,
            queen,
            queen_now: st.queen,
            striker: st.striker,
            improper: st.improper,
        };
        let points = Points {
            rules: self.rules,
            score: self.score,
            improper: st.improper,
        };
        match last {
            LastMen::Both => Some(self.both_last_men(&k, &points)),
            LastMen::Own => self.own_last_man(&k, &points),
            LastMen::Opponents => Some(self.opponents_last_man(&k, &points)),
        }
    }

    /// His last man and the opponent's in one stroke (Laws 102, 104, 105, 109, 110, 112; the
    /// gaps as [`EndingGaps`] says).
    fn both_last_men(&self, k: &LastManStroke, p: &Points) -> Ending {
        let (me, them) = (k.striker_side, k.opponent());
        let scoring_gaps = self.rules.ending_gaps == EndingGaps::Scoring;
        let striker_point = u16::from(k.striker);
        match (k.queen, k.striker) {
            (QueenAtEnd::Covering, false) if !k.improper => k.ending(
                me,
                p.forfeit(me),
                if k.queen_now { "104(a)" } else { "102(a)" },
                None,
            ),
            (QueenAtEnd::Covering, false) => k.ending(
                them,
                p.forfeit(them) + p.extra(0, 1),
                if k.queen_now { "104(b)" } else { "102(b)" },
                None,
            ),
            // Law 109 names the Queen pocketed in the same stroke; covering her from the
            // stroke before is the nearest case.
            (QueenAtEnd::Covering, true) => {
                let law = k.row("109(a)", "109(b)");
                let as_law = (!k.queen_now).then_some(law);
                k.ending(them, p.forfeit(them) + p.extra(1, 2), law, as_law)
            }
            (QueenAtEnd::OnBoard, false) => k.ending(
                them,
                p.forfeit(them) + p.extra(0, 1),
                k.row("105(a)", "105(b)"),
                None,
            ),
            // No row: Law 105 with the striker's additional point, which is Law 108.
            (QueenAtEnd::OnBoard, true) => k.ending(
                them,
                p.forfeit(them) + p.extra(1, 2),
                k.row("108(a)", "108(b)"),
                Some("108"),
            ),
            // No row: the scoring Laws (he has completed his men) or Law 110(a) without the
            // striker's point.
            (QueenAtEnd::CoveredByStriker, false) if !k.improper && scoring_gaps => {
                k.ending(me, p.queen(me), "52(a)", None)
            }
            (QueenAtEnd::CoveredByStriker, _) => {
                let law = k.row("110(a)", "110(b)");
                let points = 1 + p.extra(striker_point, 1 + striker_point);
                k.ending(them, points, law, (!k.striker).then_some(law))
            }
            // No row: the scoring Laws (the loser's Queen is not credited) or Law 112(a)
            // without the striker's point.
            (QueenAtEnd::CoveredByOpponent, false) if !k.improper && scoring_gaps => {
                k.ending(me, 0, "53(c)", None)
            }
            (QueenAtEnd::CoveredByOpponent, _) => {
                let law = k.row("112(a)", "112(b)");
                let points = p.forfeit(them) + p.extra(striker_point, 1 + striker_point);
                k.ending(them, points, law, (!k.striker).then_some(law))
            }
        }
    }

    /// His own last man only (Laws 52, 53, 107, 108); `None` when the stroke is no ending (the
    /// man comes back out: Laws 73, 77, 101).
    fn own_last_man(&self, k: &LastManStroke, p: &Points) -> Option<Ending> {
        let (me, them) = (k.striker_side, k.opponent());
        let early = if self.rules.early_finish_counts_men {
            u16::from(self.men(self.colour_of_side(me).other()).on_board)
        } else {
            0
        };
        let their_men = u16::from(self.men(self.colour_of_side(them)).on_board);
        Some(match (k.queen, k.striker, k.improper) {
            (QueenAtEnd::Covering, false, false) => {
                k.ending(me, their_men + p.queen(me), "52(a)", None)
            }
            (QueenAtEnd::OnBoard, false, _) => k.ending(
                them,
                p.forfeit(them) + p.extra(0, 1) + early,
                k.row("107(a)", "107(b)"),
                None,
            ),
            (QueenAtEnd::OnBoard, true, _) => k.ending(
                them,
                p.forfeit(them) + p.extra(1, 2) + early,
                k.row("108(a)", "108(b)"),
                None,
            ),
            (QueenAtEnd::CoveredByStriker, false, false) => {
                k.ending(me, their_men + p.queen(me), "52(a)", None)
            }
            (QueenAtEnd::CoveredByOpponent, false, false) => k.ending(me, their_men, "53(c)", None),
            _ => return None,
        })
    }

    /// The opponent's last man only (Laws 103, 106, 111; after the Queen is covered, the gap
    /// as [`EndingGaps`] says).
    fn opponents_last_man(&self, k: &LastManStroke, p: &Points) -> Ending {
        let them = k.opponent();
        let my_men = u16::from(self.men(self.colour_of_side(k.striker_side)).on_board);
        let scoring_gaps = self.rules.ending_gaps == EndingGaps::Scoring;
        let extra = p.extra(u16::from(k.striker), 1 + u16::from(k.striker));
        let row = |proper: &'static str, improper: &'static str| match (k.striker, k.improper) {
            (false, false) => proper,
            (false, true) => improper,
            (true, false) => "111(a)",
            (true, true) => "111(b)",
        };
        match k.queen {
            // Law 111 names the Queen left on the board: with the striker she comes back out
            // (Laws 99, 100), the nearest case.
            QueenAtEnd::Covering => {
                let law = row("103(a)", "103(b)");
                let points = my_men + p.queen_forfeit(them) + extra;
                k.ending(them, points, law, k.striker.then_some(law))
            }
            QueenAtEnd::OnBoard => k.ending(
                them,
                my_men + p.queen_forfeit(them) + extra,
                row("106(a)", "106(b)"),
                None,
            ),
            // No row for the Queen already covered: the scoring Laws (the opponent has no man
            // left, Law 52(a); the Queen only to the one who covered her, Law 53) with Law
            // 106/111's additional points, or Law 106/111 as it stands.
            QueenAtEnd::CoveredByStriker if scoring_gaps => {
                k.ending(them, my_men + extra, "52(a)", None)
            }
            QueenAtEnd::CoveredByOpponent if scoring_gaps => {
                k.ending(them, my_men + p.queen(them) + extra, "52(a)", None)
            }
            QueenAtEnd::CoveredByStriker | QueenAtEnd::CoveredByOpponent => {
                let law = row("106(a)", "106(b)");
                let points = my_men + p.queen_forfeit(them) + extra;
                k.ending(them, points, law, Some(law))
            }
        }
    }
}
