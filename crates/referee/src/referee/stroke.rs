//! A stroke in play, Law 48: the stroke as the striker's side sees it ([`Stroke`]), its pieces
//! falling, a last man that may end the board (`endings`), the ruling on it as a foul
//! (`fouls`), a stroke pocketing the striker (`fouls`, `queen`) or a proper stroke (`turns`,
//! `queen`), and then the pieces put back: the umpire's first (Laws 65, 93), then those the
//! players take out (Laws 64(b), 73).

use super::{Referee, turns, umpire_return};
use crate::report::{PieceColour, StrokeReport};
use crate::rules::{Endings, ImproperBreak, OpponentPiece};
use crate::seat::Seat;
use crate::verdict::{Law, Men, Placer, QueenState, Return, Spot, Verdict};

use PieceColour::Queen;

/// A stroke in play as the striker's side sees it, with the position before its pieces fell.
#[derive(Clone, Copy)]
pub(super) struct Stroke {
    pub(super) by: Seat,
    /// The striker's colour and the opponent's.
    pub(super) my: PieceColour,
    pub(super) their: PieceColour,
    /// Own men and the opponent's men pocketed.
    pub(super) own_n: u8,
    pub(super) opp_n: u8,
    /// The Queen was pocketed.
    pub(super) queen: bool,
    /// The striker was pocketed.
    pub(super) striker: bool,
    /// An improper stroke (Law 64).
    pub(super) improper: bool,
    /// The striker's men before the stroke.
    pub(super) mine: Men,
    /// The striker is covering the Queen he pocketed with his previous stroke.
    pub(super) covering: bool,
    /// The striker had the right to the Queen before the stroke: his side has pocketed a man
    /// this board and no due stands against him (Laws 92, 95(a)-(c)).
    pub(super) right: bool,
    /// All nine of the striker's men were on the board before the stroke (Laws 95(c), 95(d),
    /// 97(b)).
    pub(super) all_nine: bool,
    /// An improper stroke in the attempt to break that costs no due or penalty (Law 45(c) under
    /// `ImproperBreak::Any`).
    pub(super) penalty_free: bool,
    /// The stroke pocketed the striker's last man / the opponent's last man, no dues owed.
    pub(super) last_own: bool,
    pub(super) last_opp: bool,
    /// A piece or the striker left the board.
    pub(super) overboard: bool,
    /// An opponent's man was pocketed and the rules stop the turn for it whatever else fell
    /// (Law 125(a) read literally, `OpponentPiece::EndsTurn`).
    pub(super) stopped: bool,
}

impl Stroke {
    /// Whether a ruling that keeps the turn does so: an opponent's man may stop it (Law 125(a)
    /// read literally), in a ruling of its own.
    pub(super) fn goes_on(&self) -> bool {
        !self.stopped
    }
}

/// What follows a stroke that does not end the board: the turn and the pieces taken out.
#[derive(Clone, Copy, Default)]
pub(super) struct Outcome {
    pub(super) continues: bool,
    /// Own / opponent's pocketed men a player takes out for placing.
    pub(super) own_back: u8,
    pub(super) opp_back: u8,
    /// The umpire puts the Queen back in the centre circle.
    pub(super) queen_back: bool,
    /// Dues and penalties declared against the striker.
    pub(super) penalties: u8,
}

impl Referee {
    /// Judges a stroke once the break is made (and the breaking stroke itself, `breaking`).
    pub(super) fn stroke(
        &mut self,
        r: &StrokeReport,
        improper: bool,
        breaking: bool,
        v: &mut Verdict,
    ) {
        let st = self.stroke_of(r, improper, breaking);
        self.pieces_fall(&st);
        if self.rules.endings == Endings::Icf
            && (st.last_own || st.last_opp)
            && self.last_man_ending(&st, v)
        {
            // A piece knocked off the board in the ending stroke is still the umpire's to put
            // back (Law 65): it counted as on the board for the points, and it is there for
            // the last position of the match.
            self.overboard_returns(r, st.my, v);
            return;
        }

        let fouls = self.fouls_in_stroke(&st);
        let foul = fouls.any();
        let out = if foul {
            self.foul_stroke(&st, &fouls, v)
        } else if st.striker {
            self.striker_pocketed(&st, v)
        } else {
            self.proper_stroke(&st, v)
        };

        if r.striker_overboard {
            turns::striker_off_board(out.continues, v);
        }
        self.put_back(r, &st, &out, foul, v);
        self.owe(st.my, out.penalties);

        if out.continues {
            self.keep_turn();
        } else {
            self.pass_turn();
        }
    }

    /// The stroke as the striker's side sees it, before its pieces fall.
    fn stroke_of(&self, r: &StrokeReport, improper: bool, breaking: bool) -> Stroke {
        let rules = self.rules;
        let by = self.turn;
        let me = self.side_of(by);
        let my = self.colour_of_side(me);
        let their = my.other();
        let own_n = r.pocketed_count(my) as u8;
        let opp_n = r.pocketed_count(their) as u8;
        let mine = self.men(my);
        let theirs = self.men(their);
        Stroke {
            by,
            my,
            their,
            own_n,
            opp_n,
            queen: r.pocketed_count(Queen) > 0,
            striker: r.striker_pocketed,
            improper,
            mine,
            covering: self.queen == (QueenState::AwaitingCover { by }),
            right: self.man_pocketed[me.index()] && mine.outstanding() == 0,
            all_nine: mine.pocketed == 0,
            penalty_free: breaking && improper && rules.improper_break == ImproperBreak::Any,
            last_own: own_n > 0 && own_n == mine.on_board && mine.owed == 0,
            last_opp: opp_n > 0 && opp_n == theirs.on_board && theirs.owed == 0,
            overboard: !r.overboard.is_empty() || r.striker_overboard,
            stopped: opp_n > 0 && rules.opponent_piece == OpponentPiece::EndsTurn,
        }
    }

    /// The men the stroke pocketed leave the board.
    fn pieces_fall(&mut self, st: &Stroke) {
        for (colour, n) in [(st.my, st.own_n), (st.their, st.opp_n)] {
            let m = self.men_mut(colour);
            m.on_board -= n;
            m.pocketed += n;
        }
    }

    /// The pieces that go back after a stroke that did not end the board: the umpire's first,
    /// the Queen, then the striker's colour, then the other (Law 65); then the men a player
    /// takes out for placing (Laws 64(b) after a foul, 73).
    fn put_back(
        &mut self,
        r: &StrokeReport,
        st: &Stroke,
        out: &Outcome,
        foul: bool,
        v: &mut Verdict,
    ) {
        if out.queen_back {
            self.queen = QueenState::OnBoard;
            v.returns.push(umpire_return(Queen));
        }
        self.overboard_returns(r, st.my, v);
        let placer_own = self.placer_for(st.my, st.by);
        let placer_opp = self.placer_for(st.their, st.by);
        for (colour, n, placer) in [
            (st.my, out.own_back, placer_own),
            (st.their, out.opp_back, placer_opp),
        ] {
            let m = self.men_mut(colour);
            m.pocketed -= n;
            m.on_board += n;
            for _ in 0..n {
                v.returns.push(Return {
                    piece: colour,
                    placed_by: Placer::Seat(placer),
                    spot: Spot::InsideOuterCircle,
                    law: Law(if foul { "64(b)" } else { "73" }),
                });
            }
        }
    }
}
