//! The point game (`Rules::points`): every player for himself, any man pocketed by anyone for
//! the points of its colour. The casual text's rules read for it: the turn goes on while a
//! stroke pockets (Law 48); the Queen counts once covered, by a man of any colour on the same or
//! the next stroke, else she comes back (Laws 96, 97(a)); the striker pocketed costs one of the
//! fouler's men back on the board and his turn, unless men fell with it, which come back with
//! it while he strikes again (Laws 72(a), 73; one owed, and paid from the next man he pockets,
//! if he holds none: Law 72(c)); an improper stroke or the clock run out is a foul with the
//! turn lost (Laws 50, 64). The game is won by the first to `game_points`, or by the most
//! points once the last board's men are all down, a tie at the top playing another board
//! (Law 56).

use super::{Referee, rule, umpire_return};
use crate::event::Event;
use crate::report::{PieceColour, StrokeReport};
use crate::rules::PointGame;
use crate::seat::Seat;
use crate::verdict::{Law, Placer, PointsWon, QueenState, Return, Spot, Verdict};

use PieceColour::{Black, Queen, White};

/// A point game's stroke, as it is judged.
struct PointStroke {
    by: Seat,
    white: u8,
    black: u8,
    queen: bool,
    /// The striker pocketed, an improper stroke or the clock run out (Laws 50, 64, 72).
    foul: bool,
    /// The foul pocketed the striker with no other fault: the men that fell with it keep the
    /// turn (Law 73).
    striker_only: bool,
}

impl PointStroke {
    fn men(&self) -> u8 {
        self.white + self.black
    }
}

impl Referee {
    /// Points by seat (South, East, North, West) in this game; all zero outside the point game.
    pub fn points(&self) -> [u16; 4] {
        self.points
    }
    /// A seat's points in this game.
    pub fn points_of(&self, seat: Seat) -> u16 {
        self.points[seat.index()]
    }
    /// A seat's points from this board (its points less those it had when the board began).
    pub fn board_points_of(&self, seat: Seat) -> u16 {
        let i = seat.index();
        self.points[i].saturating_sub(self.board_start_points[i])
    }
    /// The men a seat has pocketed and keeps this board, white and black (the point game).
    pub fn men_held(&self, seat: Seat) -> [u8; 2] {
        self.held[seat.index()]
    }
    /// Penalty men a seat owes for want of a man to give back (the point game, Law 72(c)).
    pub fn men_owed(&self, seat: Seat) -> u8 {
        self.owed_by[seat.index()]
    }
    /// What the men the players hold this board and the covered Queen are worth: the board's
    /// points, if the points were kept as the men fell (the point game; 0 outside it).
    pub fn held_worth(&self) -> u16 {
        let Some(pg) = self.rules.points else {
            return 0;
        };
        let men: u16 = self.held.iter().map(|&[w, b]| pg.men(w, b)).sum();
        let queen = match self.queen {
            QueenState::Covered(_) => pg.queen,
            _ => 0,
        };
        men + queen
    }
    /// The point game's winner, once it is over.
    pub fn point_winner(&self) -> Option<Seat> {
        self.point_winner
    }

    /// Judges a point game's stroke (the report already checked). Returns the verdict.
    pub(super) fn judge_points(&mut self, r: &StrokeReport, pg: PointGame) -> Verdict {
        let by = self.turn;
        let mut v = self.blank_verdict();
        self.strokes += 1;
        self.board_strokes = self.board_strokes.saturating_add(1);
        if r.pass {
            self.pass_points(&mut v);
        } else if !self.break_made && !r.touched {
            self.missed_break_points(r, &mut v);
        } else {
            if !self.break_made {
                self.break_made = true;
                rule(&mut v, "44", Event::BreakMade);
            }
            self.passes = 0;
            self.point_stroke(r, pg, &mut v);
        }
        let over = self.point_winner.is_some();
        v.continues = !over && self.turn == by && v.rulings.iter().all(|x| !ends_board(x.event));
        v.next = self.turn();
        v.position = self.position();
        v.points = Some(self.points);
        v
    }

    /// A stroke once the break is made (or the stroke that makes it).
    fn point_stroke(&mut self, r: &StrokeReport, pg: PointGame, v: &mut Verdict) {
        let st = self.point_stroke_of(r);
        self.men_fall(White, st.white);
        self.men_fall(Black, st.black);
        self.overboard_returns(r, White, v);
        if r.striker_overboard {
            super::turns::striker_off_board(!st.foul && (st.men() > 0 || st.queen), v);
        }
        if r.shot_clock_expired
            && let Some(secs) = self.rules.shot_clock_secs
        {
            rule(v, "50", Event::ShotClock { by: st.by, secs });
        }
        let continues = if st.foul {
            self.point_foul(&st, pg, v)
        } else {
            self.proper_point_stroke(&st, pg, v)
        };
        if self.points_end(st.by, v) {
            return;
        }
        if continues {
            self.keep_turn();
        } else {
            self.pass_turn();
        }
    }

    fn point_stroke_of(&self, r: &StrokeReport) -> PointStroke {
        let foul = r.striker_pocketed || r.improper || r.shot_clock_expired || r.due_used_for_queen;
        PointStroke {
            by: self.turn,
            white: r.pocketed_count(White) as u8,
            black: r.pocketed_count(Black) as u8,
            queen: r.pocketed_count(Queen) > 0,
            foul,
            striker_only: foul && !r.improper && !r.shot_clock_expired && !r.due_used_for_queen,
        }
    }

    /// A proper stroke: what fell pays the striker's debts first, then scores for him; the
    /// Queen is covered or comes back. Whether his turn goes on.
    fn proper_point_stroke(&mut self, st: &PointStroke, pg: PointGame, v: &mut Verdict) -> bool {
        let (mut white, mut black) = (st.white, st.black);
        self.pay_debts(st.by, &mut white, &mut black, v);
        let i = st.by.index();
        self.held[i][0] += white;
        self.held[i][1] += black;
        let points = pg.men(white, black);
        self.points[i] += points;
        let continues = st.men() > 0 || st.queen;
        if white + black > 0 {
            let total = self.points[i];
            let event = Event::MenScored {
                by: st.by,
                white,
                black,
                points,
                total,
            };
            rule(v, "48", event);
        }
        let queen_goes_on = self.point_queen(st, pg, v);
        if !continues {
            let next = self.next_seat(st.by);
            rule(v, "48", Event::NothingPocketed { next });
        }
        continues && queen_goes_on
    }

    /// The Queen in a proper stroke: pocketed with a man, covered at once (Law 97(a)); alone,
    /// awaiting the cover of the next stroke (Law 96), which covers her with any man or sends
    /// her back. Whether the turn may go on.
    fn point_queen(&mut self, st: &PointStroke, pg: PointGame, v: &mut Verdict) -> bool {
        let covering = self.queen == (QueenState::AwaitingCover { by: st.by });
        if !covering && !st.queen {
            return true;
        }
        if st.men() > 0 {
            let colour = if st.white > 0 { White } else { Black };
            self.queen = QueenState::Covered(colour);
            let i = st.by.index();
            self.points[i] += pg.queen;
            let (points, total) = (pg.queen, self.points[i]);
            let law = if covering { "96" } else { "97(a)" };
            rule(
                v,
                law,
                Event::QueenScored {
                    by: st.by,
                    points,
                    total,
                },
            );
            true
        } else if covering {
            self.queen = QueenState::OnBoard;
            v.returns.push(umpire_return(Queen));
            rule(v, "96", Event::QueenNotCovered);
            false
        } else {
            self.queen = QueenState::AwaitingCover { by: st.by };
            rule(v, "96", Event::QueenPocketed { continues: true });
            true
        }
    }

    /// Men pocketed by a player who owes a penalty man come out for it first (Law 72(c)).
    fn pay_debts(&mut self, by: Seat, white: &mut u8, black: &mut u8, v: &mut Verdict) {
        let i = by.index();
        let placer = self.next_seat(by);
        while self.owed_by[i] > 0 && *white + *black > 0 {
            let colour = if *black > 0 { Black } else { White };
            match colour {
                Black => *black -= 1,
                _ => *white -= 1,
            }
            self.owed_by[i] -= 1;
            self.men_back(colour, 1);
            v.returns.push(placed(colour, placer, "72(c)"));
            let event = Event::DuesAvailable {
                placer,
                dues: 1,
                colour,
                men: 1,
            };
            rule(v, "72(c)", event);
        }
    }

    /// A foul: the men and the Queen it pocketed come back, and a man of the fouler's with its
    /// points (the one worth least), or one owed. Whether his turn goes on (Law 73: the
    /// striker pocketed with men).
    fn point_foul(&mut self, st: &PointStroke, pg: PointGame, v: &mut Verdict) -> bool {
        let placer = self.next_seat(st.by);
        let awaiting = self.queen == (QueenState::AwaitingCover { by: st.by });
        if st.queen || awaiting {
            self.queen = QueenState::OnBoard;
            v.returns.push(umpire_return(Queen));
            if awaiting {
                rule(v, "96", Event::QueenNotCovered);
            }
        }
        for (colour, n) in [(White, st.white), (Black, st.black)] {
            self.men_back(colour, n);
            for _ in 0..n {
                v.returns.push(placed(colour, placer, "64(b)"));
            }
        }
        let continues = st.striker_only && st.men() > 0;
        let penalty = self.penalty_man(st.by, pg, placer, v);
        let i = st.by.index();
        let event = Event::PointFoul {
            by: st.by,
            striker: st.striker_only,
            men_back: st.men(),
            queen_back: st.queen,
            penalty,
            points_lost: penalty.map_or(0, |c| pg.value(c)),
            total: self.points[i],
            continues,
        };
        let law = if !st.striker_only {
            "64(b)"
        } else if continues {
            "73"
        } else {
            "72(a)"
        };
        rule(v, law, event);
        v.foul = true;
        v.penalties = 1;
        continues
    }

    /// The fouler's penalty man: the one worth least of those he holds back on the board, with
    /// its points; `None` when he holds none and owes one.
    fn penalty_man(
        &mut self,
        by: Seat,
        pg: PointGame,
        placer: Seat,
        v: &mut Verdict,
    ) -> Option<PieceColour> {
        let i = by.index();
        let [white, black] = self.held[i];
        let cheaper_black = pg.black <= pg.white;
        let colour = match (white > 0, black > 0) {
            (_, true) if cheaper_black || white == 0 => Black,
            (true, _) => White,
            _ => {
                self.owed_by[i] = self.owed_by[i].saturating_add(1);
                return None;
            }
        };
        self.held[i][usize::from(colour == Black)] -= 1;
        self.points[i] = self.points[i].saturating_sub(pg.value(colour));
        self.men_back(colour, 1);
        v.returns.push(placed(colour, placer, "72(a)"));
        Some(colour)
    }

    /// Men of `colour` pocketed: off the board, into the pockets.
    fn men_fall(&mut self, colour: PieceColour, n: u8) {
        let m = self.men_mut(colour);
        m.on_board -= n;
        m.pocketed += n;
    }

    /// Men of `colour` taken out of the pockets to be placed on the board.
    fn men_back(&mut self, colour: PieceColour, n: u8) {
        let m = self.men_mut(colour);
        m.pocketed -= n;
        m.on_board += n;
    }

    /// A missed attempt to break (Law 45): the breaker tries again, or after the attempts the
    /// next player breaks. The striker pocketed or an improper stroke touching nothing loses
    /// the turn with no penalty (Law 45(c)).
    fn missed_break_points(&mut self, r: &StrokeReport, v: &mut Verdict) {
        let by = self.turn;
        self.break_misses += 1;
        let attempts = self.rules.break_attempts;
        if r.striker_pocketed || r.improper || r.shot_clock_expired {
            self.break_misses = 0;
            rule(v, "45(c)", Event::ImproperBreakNoPenalty { by });
            self.pass_turn();
        } else if self.break_misses >= attempts {
            self.break_misses = 0;
            let next = self.next_seat(by);
            rule(v, "45(b)", Event::PointBreakPasses { attempts, next });
            self.pass_turn();
        } else {
            let attempt = self.break_misses;
            rule(
                v,
                "45(a)",
                Event::BreakMissed {
                    by,
                    attempt,
                    attempts,
                },
            );
            self.keep_turn();
        }
    }

    /// A pass (Law 137): the Queen awaiting its cover comes back; passes by every player in a
    /// row cancel the board.
    fn pass_points(&mut self, v: &mut Verdict) {
        let by = self.turn;
        if self.queen == (QueenState::AwaitingCover { by }) {
            self.queen = QueenState::OnBoard;
            v.returns.push(umpire_return(Queen));
            rule(v, "96", Event::QueenNotCovered);
        }
        self.passes = self.passes.saturating_add(1);
        let each = self.rules.passes_to_cancel;
        let limit = (self.seats.count() as u8).saturating_mul(each);
        if self.passes >= limit {
            let by_every_player = true;
            rule(
                v,
                "137",
                Event::PassesCancelBoard {
                    by_every_player,
                    each,
                },
            );
            v.board_cancelled = true;
            v.returns.clear();
            self.points = self.board_start_points;
            self.start_board(self.breaker);
        } else {
            let cancel_at = limit;
            let in_a_row = self.passes;
            rule(
                v,
                "137",
                Event::Pass {
                    by,
                    in_a_row,
                    cancel_at,
                },
            );
            self.pass_turn();
        }
    }

    /// After a stroke: the game won by a player reaching the target, or the board over with
    /// every man down (Law 56). Whether the board ended.
    fn points_end(&mut self, by: Seat, v: &mut Verdict) -> bool {
        let target = self.rules.game_points;
        if self.points_of(by) >= target {
            let points = self.points_of(by);
            rule(v, "56(a)", Event::PointsTarget { by, points, target });
            self.points_game_won(by, v);
            return true;
        }
        let men_left = self.white.on_board + self.black.on_board;
        if men_left > 0 {
            return false;
        }
        rule(v, "56(a)", Event::PointsBoardOver { board: self.board });
        v.points_board_over = true;
        match self.points_leader() {
            Some(leader) if self.board >= self.rules.boards_per_game => {
                let (points, board) = (self.points_of(leader), self.board);
                rule(
                    v,
                    "56(a)",
                    Event::PointsMost {
                        by: leader,
                        points,
                        board,
                    },
                );
                self.points_game_won(leader, v);
            }
            _ => self.next_point_board(v),
        }
        true
    }

    /// The one seat with the most points; `None` when two or more share the top.
    fn points_leader(&self) -> Option<Seat> {
        let seats = self.seats.seats();
        let top = seats.iter().map(|&s| self.points_of(s)).max()?;
        let mut leaders = seats.iter().filter(|&&s| self.points_of(s) == top);
        let first = *leaders.next()?;
        leaders.next().is_none().then_some(first)
    }

    fn points_game_won(&mut self, winner: Seat, v: &mut Verdict) {
        self.point_winner = Some(winner);
        self.owed_by = [0; 4];
        v.returns.clear();
        v.points_won = Some(PointsWon {
            winner,
            points: self.points,
        });
    }

    /// The next board, its break passing to the next player (Law 49(a)); after the last
    /// board, an extra board for a tie at the top (Law 56(b)).
    fn next_point_board(&mut self, v: &mut Verdict) {
        if self.board >= self.rules.boards_per_game {
            rule(v, "56(b)", Event::ExtraBoard { board: self.board });
        }
        self.board += 1;
        v.returns.clear();
        let next = self.next_seat(self.breaker);
        self.start_board(next);
    }
}

/// A man a player puts back inside the outer circle (Laws 72, 78).
fn placed(piece: PieceColour, placer: Seat, law: &'static str) -> Return {
    Return {
        piece,
        placed_by: Placer::Seat(placer),
        spot: Spot::InsideOuterCircle,
        law: Law(law),
    }
}

/// The rulings after which the board on the table is no longer the one struck on.
fn ends_board(e: Event) -> bool {
    matches!(
        e,
        Event::PointsBoardOver { .. } | Event::PassesCancelBoard { .. }
    )
}
