//! The end of a board and its score, and of the game and the match, Laws 52-57 and 102-112:
//! the board won by pocketing all one's men first (Law 52) and scored by the opponent's men
//! left and the Queen (Laws 52(b), 53), the Queen's points only below 22 (Law 54), at most
//! 12 points a board with dues written off (Law 55), a game of 25 points or eight boards with
//! an extra board on a tie (Law 56), a match of the best of three games (Law 57), and the
//! boards lost or won by pocketing a last man: while covering the Queen (Laws 102-104), with
//! the Queen on the board (Laws 105-107) or with the striker too (Laws 108-112). Under the
//! traditional rules a board ends only when a colour is cleared after the Queen is covered.
//! The numbers are the ICF values; [`Rules`](crate::Rules) sets them.
//!
//! The gaps in the table (a last man pocketed in a situation no row names) are filled as
//! [`EndingGaps`] says, and the ruling names the row it follows ("as Law 108"): a gap with the
//! striker or an improper stroke takes the row for the same Queen situation, adding or
//! dropping that row's additional point for the striker; a proper stroke without the striker
//! after the Queen is covered, and the opponent's last man alone with the Queen covered, go to
//! the scoring Laws 52-53 (`Scoring`, ICF) or to the nearest row (`NearestLaw`).

use super::{Referee, Stroke, plural, rule};
use crate::rules::{EndingGaps, GameWonBy};
use crate::seat::{Seat, Side};
use crate::verdict::{BoardResult, GameResult, MatchResult, QueenState, Verdict};

use crate::report::PieceColour::{Black, White};

/// How the Queen stood for the ending Laws 102-112.
#[derive(Clone, Copy, PartialEq, Eq)]
enum QCtx {
    /// Pocketed in this stroke, or awaiting cover by the striker ("while covering").
    Covering,
    OnBoard,
    ByMe,
    ByThem,
}

/// A finished board: its winner, its points before the cap of Law 55, and the ruling.
struct Ending {
    winner: Side,
    points: u16,
    law: &'static str,
    text: String,
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
        let qctx = if covering || q {
            QCtx::Covering
        } else {
            match self.queen {
                QueenState::Covered(c) if c == my => QCtx::ByMe,
                QueenState::Covered(_) => QCtx::ByThem,
                _ => QCtx::OnBoard,
            }
        };
        let Some(end) = self.icf_ending(st, qctx) else {
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
    fn icf_ending(&self, st: &Stroke, qctx: QCtx) -> Option<Ending> {
        let Stroke {
            by,
            last_own: l_own,
            last_opp: l_opp,
            queen: queen_now,
            striker: s,
            improper: i,
            ..
        } = *st;
        let rules = self.rules;
        let scoring_gaps = rules.ending_gaps == EndingGaps::Scoring;
        let me = self.side_of(by);
        let them = me.other();
        let my = self.colour_of_side(me);
        let cm_me = u16::from(self.men(my).on_board);
        let cm_them = u16::from(self.men(my.other()).on_board);
        let below = |side: Side| self.score[side.index()] < rules.queen_points_below;
        let forfeit = |side: Side| {
            u16::from(if below(side) {
                rules.forfeit_points
            } else {
                rules.forfeit_points_at_limit
            })
        };
        let queen_bonus = |side: Side| {
            if below(side) {
                u16::from(rules.queen_points)
            } else {
                0
            }
        };
        let queen_forfeit = |side: Side| {
            if below(side) {
                u16::from(rules.forfeit_points)
            } else {
                0
            }
        };
        let extra = |proper: u16, improper: u16| {
            if rules.demand_additional_points {
                if i { improper } else { proper }
            } else {
                0
            }
        };
        let ab = |a: &'static str, b: &'static str| if i { b } else { a };
        let how = if i { "an improper" } else { "a proper" };
        let with_striker = if s { " together with the striker" } else { "" };
        let end = |winner: Side, points: u16, law: &'static str, what: String| Ending {
            winner,
            points,
            law,
            text: format!(
                "{what} Board to side {} ({}) by {}.",
                winner.index(),
                if winner == me {
                    by.title()
                } else {
                    "the opponent"
                },
                plural(points, "point", "points")
            ),
        };
        use QCtx::*;
        if l_own && l_opp {
            let what = format!(
                "{by} pocketed his last man and the opponent's last man by {how} stroke{with_striker}"
            );
            return Some(match (qctx, s) {
                (Covering, false) if !i => end(
                    me,
                    forfeit(me),
                    if queen_now { "104(a)" } else { "102(a)" },
                    format!("{what} while covering the Queen."),
                ),
                (Covering, false) => end(
                    them,
                    forfeit(them) + extra(0, 1),
                    if queen_now { "104(b)" } else { "102(b)" },
                    format!("{what} while covering the Queen."),
                ),
                // Law 109 names the Queen pocketed in the same stroke; covering her from the
                // stroke before is the nearest case.
                (Covering, true) => end(
                    them,
                    forfeit(them) + extra(1, 2),
                    ab("109(a)", "109(b)"),
                    if queen_now {
                        format!("{what} while covering the Queen.")
                    } else {
                        format!(
                            "{what} while covering the Queen (as Law {}).",
                            ab("109(a)", "109(b)")
                        )
                    },
                ),
                (OnBoard, false) => end(
                    them,
                    forfeit(them) + extra(0, 1),
                    ab("105(a)", "105(b)"),
                    format!("{what} with the Queen on the board."),
                ),
                // No row: Law 105 with the striker's additional point, which is Law 108.
                (OnBoard, true) => end(
                    them,
                    forfeit(them) + extra(1, 2),
                    ab("108(a)", "108(b)"),
                    format!("{what} with the Queen on the board (as Law 108)."),
                ),
                // No row: the scoring Laws (he has completed his men) or Law 110(a) without
                // the striker's point.
                (ByMe, false) if !i && scoring_gaps => end(
                    me,
                    queen_bonus(me),
                    "52(a)",
                    format!("{what}; he had covered the Queen."),
                ),
                (ByMe, _) => end(
                    them,
                    1 + extra(u16::from(s), 1 + u16::from(s)),
                    ab("110(a)", "110(b)"),
                    if s {
                        format!("{what}; he had covered the Queen.")
                    } else {
                        format!(
                            "{what}; he had covered the Queen (as Law {} without the striker's point).",
                            ab("110(a)", "110(b)")
                        )
                    },
                ),
                // No row: the scoring Laws (the loser's Queen is not credited) or Law 112(a)
                // without the striker's point.
                (ByThem, false) if !i && scoring_gaps => end(
                    me,
                    0,
                    "53(c)",
                    format!("{what}; the opponent had covered the Queen."),
                ),
                (ByThem, _) => end(
                    them,
                    forfeit(them) + extra(u16::from(s), 1 + u16::from(s)),
                    ab("112(a)", "112(b)"),
                    if s {
                        format!("{what}; the opponent had covered the Queen.")
                    } else {
                        format!(
                            "{what}; the opponent had covered the Queen (as Law {} without the striker's point).",
                            ab("112(a)", "112(b)")
                        )
                    },
                ),
            });
        }
        if l_own {
            let what = format!("{by} pocketed his last man by {how} stroke{with_striker}");
            let early = if rules.early_finish_counts_men {
                cm_them
            } else {
                0
            };
            return match (qctx, s, i) {
                (Covering, false, false) => Some(end(
                    me,
                    cm_them + queen_bonus(me),
                    "52(a)",
                    format!("Queen covered. {what}."),
                )),
                (OnBoard, false, _) => Some(end(
                    them,
                    forfeit(them) + extra(0, 1) + early,
                    ab("107(a)", "107(b)"),
                    format!("{what}, leaving the Queen on the board."),
                )),
                (OnBoard, true, _) => Some(end(
                    them,
                    forfeit(them) + extra(1, 2) + early,
                    ab("108(a)", "108(b)"),
                    format!("{what}, leaving the Queen on the board."),
                )),
                (ByMe, false, false) => Some(end(
                    me,
                    cm_them + queen_bonus(me),
                    "52(a)",
                    format!("{what}; he covered the Queen."),
                )),
                (ByThem, false, false) => Some(end(
                    me,
                    cm_them,
                    "53(c)",
                    format!("{what}; the Queen, covered by the loser, scores nothing."),
                )),
                _ => None,
            };
        }
        // The opponent's last man only.
        let what = format!("{by} pocketed the opponent's last man by {how} stroke{with_striker}");
        let ex = extra(u16::from(s), 1 + u16::from(s));
        let row = |proper: &'static str, improper: &'static str| match (s, i) {
            (false, false) => proper,
            (false, true) => improper,
            (true, false) => "111(a)",
            (true, true) => "111(b)",
        };
        Some(match qctx {
            Covering => {
                let law = row("103(a)", "103(b)");
                end(
                    them,
                    cm_me + queen_forfeit(them) + ex,
                    law,
                    if s {
                        // Law 111 names the Queen left on the board: with the striker she
                        // comes back out (Laws 99, 100), the nearest case.
                        format!("{what} while covering the Queen (as Law {law}).")
                    } else {
                        format!("{what} while covering the Queen.")
                    },
                )
            }
            OnBoard => end(
                them,
                cm_me + queen_forfeit(them) + ex,
                row("106(a)", "106(b)"),
                format!("{what} with the Queen on the board."),
            ),
            // No row for the Queen already covered: the scoring Laws (the opponent has no man
            // left, Law 52(a); the Queen only to the one who covered her, Law 53) with Law
            // 106/111's additional points, or Law 106/111 as it stands.
            ByMe if scoring_gaps => end(
                them,
                cm_me + ex,
                "52(a)",
                format!("{what}: all the opponent's men are pocketed."),
            ),
            ByThem if scoring_gaps => end(
                them,
                cm_me + queen_bonus(them) + ex,
                "52(a)",
                format!(
                    "{what}: all the opponent's men are pocketed and he had covered the Queen."
                ),
            ),
            ByMe | ByThem => end(
                them,
                cm_me + queen_forfeit(them) + ex,
                row("106(a)", "106(b)"),
                format!(
                    "{what}; the Queen had been covered (as Law {}).",
                    row("106(a)", "106(b)")
                ),
            ),
        })
    }

    /// Traditional rules: the board ends when a colour is cleared after the Queen is covered.
    pub(super) fn traditional_finish(&mut self, by: Seat, v: &mut Verdict) {
        let QueenState::Covered(coverer) = self.queen else {
            return;
        };
        for colour in [White, Black] {
            if self.men(colour).on_board == 0 {
                let Some(winner) = self.side_of_colour(colour) else {
                    continue;
                };
                let loser_colour = colour.other();
                let mut points = u16::from(self.men(loser_colour).on_board);
                if coverer == colour && self.score[winner.index()] < self.rules.queen_points_below {
                    points += u16::from(self.rules.queen_points);
                }
                let end = Ending {
                    winner,
                    points,
                    law: "52(a)",
                    text: format!(
                        "{} cleared the {} men after the Queen was covered: board to side {} by {}.",
                        by,
                        colour.name(),
                        winner.index(),
                        plural(points, "point", "points")
                    ),
                };
                self.end_board(end, v);
                return;
            }
        }
    }

    /// Scores a finished board and moves on (Laws 52-57).
    fn end_board(&mut self, end: Ending, v: &mut Verdict) {
        rule(v, end.law, end.text);
        // The end of the board ends the turn: a Queen waiting in the pocket for it is back on
        // the board in the final position (`QueenReturned::EndOfTurn`).
        if matches!(self.queen, QueenState::AwaitingReturn { .. }) {
            self.queen = QueenState::OnBoard;
        }
        let cap = u16::from(self.rules.max_board_points);
        let points = end.points.min(cap);
        if end.points > cap {
            rule(
                v,
                "55",
                format!(
                    "A board is worth at most {cap} points: {} counted as {cap}.",
                    end.points
                ),
            );
        }
        if self.white.owed > 0 || self.black.owed > 0 {
            self.white.owed = 0;
            self.black.owed = 0;
            rule(v, "55", "Outstanding dues and penalties are written off.");
        }
        v.returns.clear();
        v.position = self.position();
        let w = end.winner;
        if let QueenState::Covered(c) = self.queen
            && end.law == "52(a)"
            && self.side_of_colour(c) == Some(w)
            && self.score[w.index()] >= self.rules.queen_points_below
        {
            rule(
                v,
                "54",
                format!(
                    "Side {} already has {} points: covering the Queen adds nothing.",
                    w.index(),
                    self.score[w.index()]
                ),
            );
        }
        self.score[w.index()] += points;
        v.board_result = Some(BoardResult { winner: w, points });
        v.score = self.score;

        let extra_board = self.board > self.rules.boards_per_game;
        let last_board = self.board == self.rules.boards_per_game;
        let game_winner = if self.rules.game_won_by == GameWonBy::Board {
            Some((
                w,
                "56(a)",
                format!(
                    "Side {} wins the board and with it game {} (house rules: a game is one board, its points the board's score).",
                    w.index(),
                    self.game
                ),
            ))
        } else if self.score[w.index()] >= self.rules.game_points {
            Some((
                w,
                "56(a)",
                format!(
                    "Side {} reaches {} points and wins game {}.",
                    w.index(),
                    self.rules.game_points,
                    self.game
                ),
            ))
        } else if extra_board {
            Some((
                w,
                "56(b)",
                format!(
                    "Side {} wins the extra board and game {}.",
                    w.index(),
                    self.game
                ),
            ))
        } else if last_board && self.score[0] != self.score[1] {
            let leader = if self.score[0] > self.score[1] {
                Side::Zero
            } else {
                Side::One
            };
            Some((
                leader,
                "56(a)",
                format!(
                    "Side {} leads after board {} and wins game {}.",
                    leader.index(),
                    self.board,
                    self.game
                ),
            ))
        } else {
            None
        };

        match game_winner {
            Some((gw, law, text)) => {
                rule(v, law, text);
                v.game_result = Some(GameResult {
                    winner: gw,
                    score: self.score,
                });
                self.games[gw.index()] += 1;
                if self.games[gw.index()] >= self.rules.games_to_win {
                    self.winner = Some(gw);
                    v.match_result = Some(MatchResult {
                        winner: gw,
                        games: self.games,
                    });
                    rule(
                        v,
                        "57",
                        format!(
                            "Side {} wins the match, {} to {}.",
                            gw.index(),
                            plural(self.games[gw.index()], "game", "games"),
                            self.games[gw.other().index()]
                        ),
                    );
                } else {
                    self.game += 1;
                    self.board = 1;
                    self.score = [0, 0];
                    let first = self.first_breaker_of_game(self.game);
                    self.start_board(first);
                }
            }
            None => {
                if last_board {
                    rule(
                        v,
                        "56(b)",
                        format!(
                            "Scores level after board {}: an extra board decides the game (the break goes by toss).",
                            self.board
                        ),
                    );
                }
                self.board += 1;
                let first = self.first_breaker_of_game(self.game);
                let breaker =
                    self.seats
                        .advance(first, self.rules.turn_order, usize::from(self.board - 1));
                self.start_board(breaker);
            }
        }
    }
}
