//! The end of a board and its score, and of the game and the match, Laws 52-57: the board won
//! by pocketing all one's men first (Law 52) and scored by the opponent's men left and the
//! Queen (Laws 52(b), 53), the Queen's points only below 22 (Law 54), at most 12 points a board
//! with dues written off (Law 55), a game of 25 points or eight boards with an extra board on a
//! tie (Law 56), a match of the best of three games (Law 57). The boards lost or won by
//! pocketing a last man (Laws 102-112) are `last_man`'s. Under the traditional rules a board
//! ends only when a colour is cleared after the Queen is covered. The numbers are the ICF
//! values; [`Rules`](crate::Rules) sets them.

use super::{Referee, rule};
use crate::event::Event;
use crate::rules::GameWonBy;
use crate::seat::{Seat, Side};
use crate::verdict::{BoardResult, GameResult, MatchResult, QueenState, Verdict};

use crate::report::PieceColour::{Black, White};

/// A finished board: its winner, its points before the cap of Law 55, and the ruling.
pub(super) struct Ending {
    pub(super) winner: Side,
    pub(super) points: u16,
    pub(super) law: &'static str,
    pub(super) event: Event,
}

impl Referee {
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
                    event: Event::ColourCleared {
                        by,
                        colour,
                        winner,
                        points,
                    },
                };
                self.end_board(end, v);
                return;
            }
        }
    }

    /// Scores a finished board and moves on (Laws 52-57).
    pub(super) fn end_board(&mut self, end: Ending, v: &mut Verdict) {
        rule(v, end.law, end.event);
        // The end of the board ends the turn: a Queen waiting in the pocket for it is back on
        // the board in the final position (`QueenReturned::EndOfTurn`).
        if matches!(self.queen, QueenState::AwaitingReturn { .. }) {
            self.queen = QueenState::OnBoard;
        }
        let points = self.score_board(&end, v);
        let w = end.winner;
        v.board_result = Some(BoardResult { winner: w, points });
        v.score = self.score;
        match self.game_winner(w) {
            Some((winner, law, event)) => {
                rule(v, law, event);
                v.game_result = Some(GameResult {
                    winner,
                    score: self.score,
                });
                self.end_game(winner, v);
            }
            None => self.next_board(v),
        }
    }

    /// The board's points to its winner: at most `max_board_points`, dues written off (Law
    /// 55), the Queen adding nothing from 22 points on (Law 54). Returns the points counted.
    fn score_board(&mut self, end: &Ending, v: &mut Verdict) -> u16 {
        let cap = u16::from(self.rules.max_board_points);
        let points = end.points.min(cap);
        if end.points > cap {
            rule(
                v,
                "55",
                Event::BoardCapped {
                    points: end.points,
                    cap: self.rules.max_board_points,
                },
            );
        }
        if self.white.owed > 0 || self.black.owed > 0 {
            self.white.owed = 0;
            self.black.owed = 0;
            rule(v, "55", Event::DuesWrittenOff);
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
                Event::QueenAddsNothing {
                    side: w,
                    score: self.score[w.index()],
                },
            );
        }
        self.score[w.index()] += points;
        points
    }

    /// Who wins the game now that `board_winner` has won this board, if anyone (Law 56; the
    /// traditional rules' game of one board).
    fn game_winner(&self, board_winner: Side) -> Option<(Side, &'static str, Event)> {
        let (w, game) = (board_winner, self.game);
        let extra_board = self.board > self.rules.boards_per_game;
        let last_board = self.board == self.rules.boards_per_game;
        if self.rules.game_won_by == GameWonBy::Board {
            Some((w, "56(a)", Event::GameByBoard { side: w, game }))
        } else if self.score[w.index()] >= self.rules.game_points {
            let points = self.rules.game_points;
            Some((
                w,
                "56(a)",
                Event::GameOnPoints {
                    side: w,
                    points,
                    game,
                },
            ))
        } else if extra_board {
            Some((w, "56(b)", Event::GameByExtraBoard { side: w, game }))
        } else if last_board && self.score[0] != self.score[1] {
            let leader = if self.score[0] > self.score[1] {
                Side::Zero
            } else {
                Side::One
            };
            let board = self.board;
            Some((
                leader,
                "56(a)",
                Event::GameOnBoards {
                    side: leader,
                    board,
                    game,
                },
            ))
        } else {
            None
        }
    }

    /// A game won: the match too once a side has `games_to_win` games (Law 57), else the next
    /// game's first board.
    fn end_game(&mut self, winner: Side, v: &mut Verdict) {
        self.games[winner.index()] += 1;
        if self.games[winner.index()] >= self.rules.games_to_win {
            self.winner = Some(winner);
            v.match_result = Some(MatchResult {
                winner,
                games: self.games,
            });
            let games = self.games;
            rule(
                v,
                "57",
                Event::MatchWon {
                    side: winner,
                    games,
                },
            );
        } else {
            self.game += 1;
            self.board = 1;
            self.score = [0, 0];
            let first = self.first_breaker_of_game(self.game);
            self.start_board(first);
        }
    }

    /// The game goes on: the next board, an extra board after a tie on the last (Law 56(b)),
    /// the break alternating (Law 49(a)).
    fn next_board(&mut self, v: &mut Verdict) {
        if self.board == self.rules.boards_per_game {
            rule(v, "56(b)", Event::ExtraBoard { board: self.board });
        }
        self.board += 1;
        let first = self.first_breaker_of_game(self.game);
        let breaker = self
            .seats
            .advance(first, self.rules.turn_order, usize::from(self.board - 1));
        self.start_board(breaker);
    }
}
