//! The Queen, Laws 92-101: the right to pocket her once an own man has been pocketed this
//! board and no due stands (Law 92), kept when the dues take every pocketed man back out
//! (Law 95(c)), her return to the centre circle by the umpire (Law 93), pocketed without the
//! right (Law 95), covered with the next stroke or put back (Law 96), covered at once with
//! own men or, with all nine on the board, with more than one (Law 97), and pocketed or being
//! covered together with the striker, by a proper stroke (Laws 98(a)-101(a)) or an improper
//! one (Laws 98(b)-101(b)). Under the traditional rules' `QueenReturned::EndOfTurn` the Queen
//! pocketed without the right stays in the pocket until the turn ends.

use super::{Outcome, Referee, Stroke, rule, umpire_return};
use crate::event::{Event, QueenBack};
use crate::report::PieceColour::Queen;
use crate::rules::{QueenReturned, QueenWithoutRight, TurnRuling};
use crate::seat::Seat;
use crate::verdict::{QueenState, Verdict};

/// Who may pocket the Queen now (Laws 92, 95, 97(b)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueenRight {
    /// She may be pocketed and must then be covered: an own man has been pocketed this board
    /// and no due stands (Law 92), even if the dues have since brought every pocketed man back
    /// out (Law 95(c)). With all nine on the board Laws 95(d) and 97(b) still apply.
    Yes,
    /// No own man has been pocketed this board: she counts only if own men go down in the same
    /// stroke (one: she must still be covered; two or more: covered), Law 97(b).
    WithOwnMen,
    /// No right: she would be taken out again and the turn lost (Law 95(a), 95(b)).
    No,
    /// She is not on the board.
    NotOnBoard,
}

impl Referee {
    /// May the player to move pocket the Queen now (Law 92)?
    pub fn queen_pocketable(&self) -> bool {
        self.queen_right(self.turn) == QueenRight::Yes
    }
    /// The right of `seat` to the Queen (Laws 92, 95, 97(b)).
    pub fn queen_right(&self, seat: Seat) -> QueenRight {
        if self.queen != QueenState::OnBoard {
            return QueenRight::NotOnBoard;
        }
        let m = self.men(self.colour_of(seat));
        if m.outstanding() > 0 {
            QueenRight::No
        } else if self.has_pocketed_a_man(self.side_of(seat)) {
            QueenRight::Yes
        } else if self.rules.all_nine_exception {
            QueenRight::WithOwnMen
        } else {
            QueenRight::No
        }
    }

    /// The end of `by`'s turn (a stroke or a pass after which another player strikes, the board
    /// going on). A Queen he pocketed without the right to her and left in the pocket
    /// (`QueenReturned::EndOfTurn`) is returned to the centre circle by the umpire, first of the
    /// umpire's pieces (Law 65(b)). A Queen still awaiting his cover was not covered: he has no
    /// "subsequent stroke" (Law 101(a)), so she is put back too (Law 96); this is how a turn
    /// stopped with her in the pocket (Law 125(a) read literally, an opponent's man pocketed
    /// with her) ends.
    pub(super) fn queen_back_at_end_of_turn(&mut self, by: Seat, v: &mut Verdict) {
        if self.queen == (QueenState::AwaitingReturn { by }) {
            self.queen = QueenState::OnBoard;
            v.returns.insert(0, umpire_return(Queen));
            rule(v, "93", Event::QueenReturnedAtEndOfTurn { by });
        } else if matches!(self.queen, QueenState::AwaitingCover { .. }) {
            self.queen = QueenState::OnBoard;
            v.returns.insert(0, umpire_return(Queen));
            rule(v, "96", Event::QueenNotCoveredTurnOver { by });
        }
    }

    /// A pass by the player who had to cover the Queen: she was not covered (Law 96).
    pub(super) fn queen_not_covered_on_pass(&mut self, by: Seat, v: &mut Verdict) {
        if self.queen == (QueenState::AwaitingCover { by }) {
            self.queen = QueenState::OnBoard;
            v.returns.push(umpire_return(Queen));
            rule(v, "96", Event::QueenNotCovered);
        }
    }

    /// A proper stroke, without the striker, that pocketed the Queen or was to cover her
    /// (Laws 92, 95(a)-(c), 96, 97). "When all nine C/m of the player are on the C/B" (Law
    /// 97(b)) is read as it stands, by the men on the board: it applies after the dues are
    /// recovered too (Law 95(c)).
    pub(super) fn pocketed_queen(&mut self, st: &Stroke, out: &mut Outcome, v: &mut Verdict) {
        let new_queen = if st.covering {
            covering_queen(st, out, v)
        } else if st.queen {
            self.queen_pocketed(st, out, v)
        } else {
            None
        };
        if let Some(nq) = new_queen {
            self.queen = nq;
        }
    }

    /// The Queen pocketed in this stroke (Laws 92, 95(a)-(c), 97): her state after it, `None`
    /// if she goes back on the board at once (`out.queen_back`).
    fn queen_pocketed(
        &self,
        st: &Stroke,
        out: &mut Outcome,
        v: &mut Verdict,
    ) -> Option<QueenState> {
        let rules = self.rules;
        let all_nine_with_men = rules.all_nine_exception && st.all_nine && st.own_n > 0;
        if st.mine.outstanding() > 0 {
            let (new_queen, back) = self.queen_without_right(st, out);
            rule(v, "95(b)", Event::QueenWithDueOutstanding { back });
            new_queen
        } else if st.right && !all_nine_with_men {
            out.continues = true;
            Some(queen_with_right(st, v))
        } else if rules.all_nine_exception && st.own_n >= 2 {
            out.continues = true;
            rule(v, "97(b)", Event::QueenWithMenAllNine);
            Some(QueenState::Covered(st.my))
        } else if rules.all_nine_exception && st.own_n == 1 {
            out.continues = true;
            rule(v, "97(b)", Event::QueenWithOneManAllNine);
            Some(QueenState::AwaitingCover { by: st.by })
        } else {
            let (new_queen, back) = self.queen_without_right(st, out);
            rule(v, "95(a)", Event::QueenBeforeOwnMan { back });
            new_queen
        }
    }

    /// The Queen pocketed without the right to her (Laws 95(a), 95(b)): she goes back, at once
    /// or when the turn ends (`queen_returned`), and the turn continues unless the rules take
    /// it (`queen_without_right`). Her state after the stroke (`None`: back at once) and how
    /// she goes back.
    fn queen_without_right(
        &self,
        st: &Stroke,
        out: &mut Outcome,
    ) -> (Option<QueenState>, QueenBack) {
        let rules = self.rules;
        let lose = rules.queen_without_right == QueenWithoutRight::ReturnedTurnLost;
        // The turn continues and she goes back when it ends (traditional rules).
        let later = !lose && rules.queen_returned == QueenReturned::EndOfTurn;
        out.continues = !lose;
        if lose {
            out.queen_back = true;
            (None, QueenBack::TurnLost)
        } else if later {
            (
                Some(QueenState::AwaitingReturn { by: st.by }),
                QueenBack::AtEndOfTurn,
            )
        } else {
            out.queen_back = true;
            (None, QueenBack::AtOnce)
        }
    }

    /// The striker pocketed by a proper stroke that pocketed the Queen or was to cover her
    /// (Laws 74, 95(b), 95(d), 98(a), 99(a), 100(a), 101(a)). The due and the own men taken
    /// out are already in `out`. Law 95(d) applies "when all his nine C/m are on the C/B", as
    /// it reads: after the dues are recovered too (Law 95(c)).
    pub(super) fn queen_with_striker(&self, st: &Stroke, out: &mut Outcome, v: &mut Verdict) {
        let own_n = st.own_n;
        if st.covering {
            if own_n > 0 {
                out.continues = true;
                rule(
                    v,
                    "101(a)",
                    Event::CoveringWithStriker {
                        colour: st.my,
                        men: own_n,
                        continues: st.goes_on(),
                    },
                );
            } else {
                out.queen_back = true;
                rule(v, "100(a)", Event::StrikerAloneWhileCovering);
            }
        } else {
            out.queen_back = true;
            if st.mine.outstanding() > 0 {
                rule(v, "95(b)", Event::QueenStrikerWithDue);
            } else if st.all_nine && own_n == 0 {
                rule(v, "95(d)", Event::QueenStrikerAllNine);
            } else if st.all_nine && self.rules.queen_striker_own_men_all_nine == TurnRuling::Lost {
                rule(
                    v,
                    "95(d)",
                    Event::QueenMenStrikerAllNine {
                        colour: st.my,
                        men: own_n,
                    },
                );
            } else if own_n > 0 {
                out.continues = true;
                rule(
                    v,
                    "98(a)",
                    Event::QueenMenStriker {
                        colour: st.my,
                        men: own_n,
                        continues: st.goes_on(),
                    },
                );
            } else if st.opp_n > 0 && self.rules.queen_striker_opponent_men == TurnRuling::Lost {
                rule(v, "99(a)", Event::QueenStriker { continues: false });
                rule(v, "74", Event::StrikerWithOpponentsMenBeforeQueen);
            } else {
                out.continues = true;
                rule(
                    v,
                    "99(a)",
                    Event::QueenStriker {
                        continues: st.goes_on(),
                    },
                );
            }
        }
    }
}

/// The stroke after the Queen was pocketed (Law 96): an own man covers her, otherwise she goes
/// back to the centre circle.
fn covering_queen(st: &Stroke, out: &mut Outcome, v: &mut Verdict) -> Option<QueenState> {
    if st.own_n > 0 {
        rule(v, "96", Event::QueenCovered { by: st.by });
        Some(QueenState::Covered(st.my))
    } else {
        out.queen_back = true;
        rule(v, "96", Event::QueenNotCovered);
        None
    }
}

/// The Queen pocketed by a player with the right to her, who keeps the turn: covered with own
/// men in the same stroke (Law 97(a)), or to be covered with the next (Laws 92, 95(c)).
fn queen_with_right(st: &Stroke, v: &mut Verdict) -> QueenState {
    let by = st.by;
    if st.own_n > 0 {
        rule(
            v,
            "97(a)",
            Event::QueenAndOwnMen {
                colour: st.my,
                men: st.own_n,
            },
        );
        QueenState::Covered(st.my)
    } else if st.all_nine {
        rule(
            v,
            "95(c)",
            Event::QueenAfterDuesRecovered {
                continues: st.goes_on(),
            },
        );
        QueenState::AwaitingCover { by }
    } else {
        rule(
            v,
            "92",
            Event::QueenPocketed {
                continues: st.goes_on(),
            },
        );
        QueenState::AwaitingCover { by }
    }
}

/// The Law for an improper stroke that pocketed the Queen or was to cover her (Laws 64(b),
/// 98(b)-101(b)): the Queen goes back; with the striker, a due and a penalty come out.
pub(super) fn improper_with_queen(s: bool, own_n: u8, covering: bool) -> &'static str {
    if s && covering && own_n > 0 {
        "101(b)"
    } else if s && covering {
        "100(b)"
    } else if s && own_n > 0 {
        "98(b)"
    } else if s {
        "99(b)"
    } else {
        "64(b)"
    }
}
