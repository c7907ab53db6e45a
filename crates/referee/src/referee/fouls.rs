//! Fouls, penalties and dues, Laws 50, 62-65, 72-78, 83 and 114: technical fouls before a
//! stroke or by a player not having the turn (Law 63) and fouls during a turn (Law 64), a
//! stroke over the shot clock (Law 50) or made with a due man against the Queen (Law 114);
//! pieces leaving the board (Law 65); the striker pocketed by a proper stroke (Laws 72(a),
//! 73-75) and pieces pocketed by an improper one (Laws 72(b), 76-77); dues outstanding until a
//! man is available (Laws 72(c), 83) and who places them (Law 78). The house rules' fouls
//! (the opponent's man, the striker, a piece off the board, the last man) are ruled here too.

use super::queen::improper_with_queen;
use super::{MEN_PER_COLOUR, Outcome, Referee, Stroke, rule, umpire_return};
use crate::event::{Event, HouseFoul};
use crate::report::{PieceColour, StrokeReport};
use crate::rules::{DuesReturned, Endings, OpponentPiece};
use crate::seat::{Seat, Seats};
use crate::verdict::{Law, Placer, QueenState, Return, Spot, Verdict};

use PieceColour::{Black, Queen, White};

/// When owed men are taken out of the pockets (Law 72(c); `Rules::dues_returned`).
#[derive(Clone, Copy)]
enum DuesTakenOut {
    /// In the verdict of the stroke that makes them available.
    NowAvailable,
    /// In the verdict that ends the turn (traditional).
    AtEndOfTurn,
}

/// The fouls a stroke in play commits (Law 64 and the house rules).
pub(super) struct Fouls {
    /// An improper stroke (Law 64(a)).
    improper: bool,
    /// House rules: the striker pocketed is a plain foul.
    striker_foul: bool,
    /// Traditional rules: an opponent's man pocketed.
    opponent_man: bool,
    /// Traditional rules: a piece or the striker left the board.
    overboard: bool,
    /// Traditional rules: the striker's last man before the Queen is covered.
    last_own: bool,
    /// Traditional rules: the opponent's last man.
    last_opp: bool,
}

impl Fouls {
    pub(super) fn any(&self) -> bool {
        self.improper
            || self.striker_foul
            || self.opponent_man
            || self.overboard
            || self.last_opp
            || self.last_own
    }
}

impl Referee {
    /// Declares dues/penalties. Nobody can owe more men than he has (nine).
    pub(super) fn owe(&mut self, colour: PieceColour, n: u8) {
        let m = self.men_mut(colour);
        m.owed = m.owed.saturating_add(n).min(MEN_PER_COLOUR);
        let i = super::colour_index(colour);
        self.declared[i] = self.declared[i].saturating_add(n);
    }

    /// Who places a due/penalty man of `colour` that becomes available after `striker`'s
    /// stroke: the striker's own colour — the player to his right (Law 78(b)(i); the opponent
    /// in singles); the opponent's colour — the striker himself (Law 78(b)(ii)).
    pub(super) fn placer_for(&self, colour: PieceColour, striker: Seat) -> Seat {
        if Some(self.side_of(striker)) == self.side_of_colour(colour) {
            self.next_seat(striker)
        } else {
            striker
        }
    }

    /// The colour of the man a technical foul (Law 63) brings out before the stroke, if one of
    /// that colour is in the pockets. `None` for a foul by the striker during his turn (64(a)),
    /// or when the man has to be owed (72(c)).
    pub(super) fn technical_foul_man(&self, r: &StrokeReport) -> Option<PieceColour> {
        let offender = r.technical_foul?;
        if offender == self.turn && self.turn_strokes > 0 {
            return None;
        }
        let colour = self.colour_of(offender);
        (self.men(colour).pocketed > 0).then_some(colour)
    }

    /// The fouls reported around the stroke of `by`: a technical foul (Law 63; by the striker
    /// during his turn, Law 64(a)), the shot clock (Law 50) and a due man used for the Queen
    /// (Law 114). Returns whether the stroke counts as improper, and the man a technical foul
    /// brought out of the pockets.
    pub(super) fn fouls_around_stroke(
        &mut self,
        r: &StrokeReport,
        by: Seat,
        v: &mut Verdict,
    ) -> (bool, Option<Return>) {
        let mut improper = r.improper;
        let mut technical_return = None;
        if let Some(offender) = r.technical_foul {
            let colour = self.colour_of(offender);
            if offender == by && self.turn_strokes > 0 {
                improper = true;
                rule(v, "64(a)", Event::TechnicalFoulInTurn { offender });
            } else {
                let before_first_stroke = offender == by;
                let law = if before_first_stroke {
                    "63(a)"
                } else {
                    "63(b)"
                };
                // The man is brought out for the technical foul itself, before the stroke:
                // if one is in the pockets it is back on the board for the stroke and no due
                // stands against him (Laws 63(a), 95(b)); otherwise it stays owed (72(c)).
                if self.technical_foul_man(r) == Some(colour) {
                    let m = self.men_mut(colour);
                    m.pocketed -= 1;
                    m.on_board += 1;
                    technical_return = Some(Return {
                        piece: colour,
                        placed_by: Placer::Seat(self.placer_for(colour, by)),
                        spot: Spot::InsideOuterCircle,
                        law: Law(law),
                    });
                } else {
                    self.owe(colour, 1);
                }
                rule(
                    v,
                    law,
                    Event::TechnicalFoul {
                        offender,
                        before_first_stroke,
                        colour,
                    },
                );
            }
        }
        if r.shot_clock_expired {
            improper = true;
            let secs = self.rules.shot_clock_secs.unwrap_or(15);
            rule(v, "50", Event::ShotClock { by, secs });
        }
        if r.due_used_for_queen {
            improper = true;
            rule(v, "114", Event::DueUsedForQueen);
        }
        (improper, technical_return)
    }

    /// The fouls of a stroke in play whose pieces have fallen.
    pub(super) fn fouls_in_stroke(&self, st: &Stroke) -> Fouls {
        let rules = self.rules;
        let trad = rules.endings == Endings::Traditional;
        let opponent_man = st.opp_n > 0 && rules.opponent_piece == OpponentPiece::Foul;
        let overboard = st.overboard && rules.overboard_is_foul;
        let striker_foul = st.striker && !rules.striker_with_own_continues;
        let last_opp = trad && st.last_opp;
        let base_foul = st.improper || striker_foul || opponent_man || overboard || last_opp;
        let covered_after = matches!(self.queen, QueenState::Covered(_))
            || (!base_foul && st.own_n > 0 && (st.covering || (st.queen && st.right)));
        let last_own = trad && st.last_own && !covered_after;
        Fouls {
            improper: st.improper,
            striker_foul,
            opponent_man,
            overboard,
            last_own,
            last_opp,
        }
    }

    /// A foul stroke (Law 64(b)): one penalty man for each foul, pocketed own men come back
    /// out, the Queen goes back and the turn passes.
    pub(super) fn foul_stroke(&mut self, st: &Stroke, f: &Fouls, v: &mut Verdict) -> Outcome {
        let rules = self.rules;
        let (own_n, opp_n, q, s, i, covering) = (
            st.own_n,
            st.opp_n,
            st.queen,
            st.striker,
            st.improper,
            st.covering,
        );
        let mut out = Outcome {
            continues: false,
            penalties: u8::from(i)
                + u8::from(s)
                + u8::from(f.opponent_man)
                + u8::from(f.overboard)
                + u8::from(f.last_own || f.last_opp),
            ..Outcome::default()
        };
        if rules.foul_returns_pocketed || f.last_own {
            out.own_back = own_n;
        }
        if f.last_opp {
            out.opp_back = opp_n;
        }
        out.queen_back = q || covering;
        if st.penalty_free {
            out.penalties = 0;
            rule(v, "45(c)", Event::ImproperBreakNoPenalty { by: st.by });
        } else if i {
            rule_foul(v, s, own_n, opp_n, q, covering);
        } else {
            let foul = if f.last_opp {
                HouseFoul::OpponentsLastMan
            } else if f.last_own {
                HouseFoul::OwnLastManBeforeQueen
            } else if f.opponent_man {
                HouseFoul::OpponentsMan
            } else if f.striker_foul {
                HouseFoul::Striker
            } else {
                HouseFoul::OffTheBoard
            };
            let law = if f.last_opp || f.last_own || f.opponent_man {
                "64(b)"
            } else if f.striker_foul {
                "72(a)"
            } else {
                "65(a)"
            };
            rule(
                v,
                law,
                Event::HouseFoul {
                    foul,
                    penalties: out.penalties,
                },
            );
        }
        out
    }

    /// The striker pocketed by a proper stroke (Laws 72(a), 73-75): one due; own men pocketed
    /// come back out and keep the turn. With the Queen: Laws 95, 98-101.
    pub(super) fn striker_pocketed(&mut self, st: &Stroke, v: &mut Verdict) -> Outcome {
        let (own_n, opp_n) = (st.own_n, st.opp_n);
        let mut out = Outcome {
            continues: false,
            own_back: own_n,
            penalties: 1,
            ..Outcome::default()
        };
        if st.covering || st.queen {
            self.queen_with_striker(st, &mut out, v);
        } else if own_n > 0 {
            out.continues = true;
            if opp_n > 0 {
                rule(
                    v,
                    "75",
                    Event::StrikerWithBothMen {
                        colour: st.my,
                        men: own_n,
                        opponents_colour: st.their,
                        opponents_men: opp_n,
                        continues: st.goes_on(),
                    },
                );
            } else {
                rule(
                    v,
                    "73",
                    Event::StrikerWithOwnMen {
                        colour: st.my,
                        men: own_n,
                    },
                );
            }
        } else if opp_n > 0 {
            rule(v, "74", Event::StrikerWithOpponentsMen);
        } else {
            rule(v, "72(a)", Event::StrikerAlone);
        }
        self.opponent_man_ends_turn(st, &mut out, v);
        out
    }

    /// Takes out dues/penalties that are available, reports the rest as outstanding (Laws 72(c),
    /// 78, 83). Under `dues_returned = "end_of_turn"` (traditional) an owed man that is in the
    /// pocket waits there while the striker keeps his turn, unless his colour would be cleared.
    pub(super) fn settle(&mut self, striker: Seat, owed_before: [u8; 2], v: &mut Verdict) {
        let turn_over = self.turn != striker;
        for (i, colour) in [White, Black].into_iter().enumerate() {
            let m = self.men(colour);
            let waiting = m.owed.min(m.pocketed);
            let at_end_of_turn = self.rules.dues_returned == DuesReturned::EndOfTurn;
            if waiting > 0 && at_end_of_turn && !turn_over && m.on_board > 0 {
                rule(
                    v,
                    "72(c)",
                    Event::DuesWaitForEndOfTurn {
                        colour,
                        men: waiting,
                    },
                );
            } else if waiting > 0 {
                let recovered = waiting.min(owed_before[i]);
                let when = if at_end_of_turn && turn_over {
                    DuesTakenOut::AtEndOfTurn
                } else {
                    DuesTakenOut::NowAvailable
                };
                self.take_out_dues(colour, waiting, recovered, when, striker, v);
            }
            // Said when it arises or changes, not again at every later stroke (the
            // scoreboard shows what a side owes).
            let outstanding = self.men(colour).outstanding();
            if outstanding > 0 && self.men(colour).owed != owed_before[i] {
                rule(
                    v,
                    "72(c)",
                    Event::DuesOutstanding {
                        colour,
                        owed: outstanding,
                    },
                );
            }
        }
    }

    /// Takes `k` owed men of `colour` out of the pockets for placing, `recovered` of them owed
    /// before this stroke (Laws 72(c), 78).
    fn take_out_dues(
        &mut self,
        colour: PieceColour,
        k: u8,
        recovered: u8,
        when: DuesTakenOut,
        striker: Seat,
        v: &mut Verdict,
    ) {
        let doubles = self.seats == Seats::Doubles;
        let placer = self.placer_for(colour, striker);
        let m = self.men_mut(colour);
        m.owed -= k;
        m.pocketed -= k;
        m.on_board += k;
        let law = if doubles { "78(b)" } else { "78(a)" };
        for _ in 0..k {
            v.returns.push(Return {
                piece: colour,
                placed_by: Placer::Seat(placer),
                spot: Spot::InsideOuterCircle,
                law: Law(law),
            });
        }
        if recovered > 0 {
            let event = match when {
                DuesTakenOut::NowAvailable => Event::DuesAvailable {
                    placer,
                    dues: recovered,
                    colour,
                    men: k,
                },
                DuesTakenOut::AtEndOfTurn => Event::DuesReturnedAtEndOfTurn {
                    by: striker,
                    placer,
                    colour,
                    men: k,
                },
            };
            rule(v, "72(c)", event);
        }
        if doubles {
            rule(
                v,
                "78(b)",
                Event::DuesPlacedBy {
                    placer,
                    colour,
                    striker_himself: placer == striker,
                },
            );
        }
    }

    /// Pieces that left the board go back to the centre circle, placed by the umpire (Law 65).
    pub(super) fn overboard_returns(
        &self,
        r: &StrokeReport,
        striker_colour: PieceColour,
        v: &mut Verdict,
    ) {
        if r.overboard.is_empty() {
            return;
        }
        let queen = r.overboard_count(Queen);
        let own = r.overboard_count(striker_colour);
        let other = r.overboard_count(striker_colour.other());
        for _ in 0..queen {
            v.returns.push(umpire_return(Queen));
        }
        for _ in 0..own {
            v.returns.push(umpire_return(striker_colour));
        }
        for _ in 0..other {
            v.returns.push(umpire_return(striker_colour.other()));
        }
        let men = own + other;
        let law = if men > 2 {
            "65(d)"
        } else if queen > 0 && men > 0 {
            "65(b)"
        } else if own > 0 && other > 0 {
            "65(c)"
        } else {
            "65(a)"
        };
        let count = |n: usize| u8::try_from(n).unwrap_or(u8::MAX);
        rule(
            v,
            law,
            Event::PiecesOffBoard {
                queen: count(queen),
                own: count(own),
                other: count(other),
            },
        );
    }
}

/// An improper stroke (Law 64): the ruling for what it pocketed (Laws 64, 72(b), 76, 77; with
/// the Queen, Laws 98(b)-101(b)).
fn rule_foul(v: &mut Verdict, s: bool, own_n: u8, opp_n: u8, queen: bool, covering: bool) {
    let law = if queen || covering {
        improper_with_queen(s, own_n, covering)
    } else if s && own_n > 0 {
        "77(b)"
    } else if s {
        "72(b)"
    } else if own_n > 0 {
        "77(a)"
    } else if opp_n > 0 {
        "76"
    } else {
        "64(a)"
    };
    rule(
        v,
        law,
        Event::ImproperStroke {
            striker: s,
            own_men: own_n,
            opponents_men: opp_n,
            queen,
            covering,
        },
    );
}
