//! A match's statistics, kept as it is played: for each player the strokes, the pieces
//! pocketed and the pot rate, fouls and dues, the Queen pocketed and covered, the breaks and
//! the pieces off them, the longest run; and each board's result, for the score by board.
//!
//! Built from the same verdicts and stroke reports the referee judged, so a replay gives the
//! same figures as the match did (`carrom replay FILE --stats --json`, the headless demo's
//! summary and the game's match summary all read [`MatchStats`]).

use carrom_referee::{PieceColour, QueenState, Referee, Seat, StrokeReport, Verdict};
use serde::Serialize;

/// One player's figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerStats {
    /// The player's seat (`south`, `north`, `east`, `west`).
    pub seat: String,
    pub name: String,
    /// 0 or 1: the side the player is on.
    pub side: u8,
    /// Strokes played (passes not counted).
    pub strokes: u32,
    /// Passes (Law 137).
    pub passes: u32,
    /// Men of the player's own colour and the Queen pocketed by strokes that were not fouls.
    pub pieces_pocketed: u32,
    /// The opponent's men pocketed (they stay down, Law 76: a gift).
    pub opponent_men_pocketed: u32,
    /// Strokes that pocketed at least one of the player's own men or the Queen without a foul.
    pub pocketing_strokes: u32,
    /// `pocketing_strokes / strokes` (0 with no strokes).
    pub pot_rate: f64,
    /// Foul strokes: improper strokes and strokes costing a due or penalty ([`Verdict::foul`]).
    pub fouls: u32,
    /// Due and penalty men declared against the player ([`Verdict::penalties`]).
    pub dues: u32,
    /// Strokes that pocketed the Queen (legally or not).
    pub queen_pocketed: u32,
    /// Times the player's stroke covered the Queen (Laws 96, 101).
    pub queen_covered: u32,
    /// Boards the player broke (the stroke that made the break, Law 44).
    pub breaks: u32,
    /// Pieces of either colour and the Queen pocketed by those breaks.
    pub pieces_off_breaks: u32,
    /// The most pieces (own men and the Queen) pocketed in one turn at the board.
    pub longest_run: u32,
    /// The point game: the player's points (in a game of two colours, absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u16>,
}

/// One board that ended: who won it, by how much, the Queen, and the game score after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardStats {
    pub game: u8,
    pub board: u8,
    /// The winning side (0 or 1), `None` for a cancelled board (Law 137) and in the point
    /// game.
    pub winner: Option<u8>,
    /// The winning side's players by name; in the point game the one player with the most
    /// points (empty for a cancelled board, or a tie at the top).
    pub winner_name: String,
    pub points: u16,
    /// Who the Queen went to: `covered_by_white`, `covered_by_black` or `on_board`.
    pub queen: String,
    /// The Law of the ruling that ended the board.
    pub law: String,
    /// The game's score by side after the board.
    pub score: [u16; 2],
    /// Strokes played in the board.
    pub strokes: u32,
    /// The side (0 or 1) that played white in the board.
    pub white_side: u8,
    /// The point game: every seat's points after the board (South, East, North, West), when
    /// every man went down (Law 56(a)); absent in a game of two colours and for a cancelled
    /// board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_by_seat: Option<[u16; 4]>,
}

impl BoardStats {
    /// A point board's one seat with the most points after it; `None` for a tie at the top, or
    /// a board of two colours.
    pub fn points_leader(&self) -> Option<Seat> {
        let points = self.points_by_seat?;
        let top = points.iter().copied().max()?;
        let mut leaders = Seat::ALL.into_iter().filter(|s| points[s.index()] == top);
        match (leaders.next(), leaders.next()) {
            (Some(seat), None) => Some(seat),
            _ => None,
        }
    }
}

/// The statistics of a match so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MatchStats {
    /// In the order of the setup's seats.
    pub players: Vec<PlayerStats>,
    /// Every board that ended, in order.
    pub boards: Vec<BoardStats>,
    /// Games won by side.
    pub games: [u8; 2],
    /// The side that won the match, when it is over.
    pub winner: Option<u8>,
    /// The winning side's players by name (empty while the match goes on); in the point game
    /// the winner's name.
    pub winner_name: String,
    /// The point game: the winner's seat (`south`), when it is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner_seat: Option<String>,
    /// The turn being played: its seat and the pieces pocketed in it so far.
    #[serde(skip)]
    run: Option<(Seat, u32)>,
    #[serde(skip)]
    board_strokes: u32,
    /// Each side's players by name, for the winners' names.
    #[serde(skip)]
    side_names: [String; 2],
}

impl PlayerStats {
    /// Counts a stroke of this player's that did `report` and was judged as `verdict` by a
    /// referee that stood at `before`. Returns the pieces it pocketed for the player (none
    /// after a foul).
    fn count_stroke(&mut self, before: &Referee, report: &StrokeReport, verdict: &Verdict) -> u32 {
        let colour = before.colour_of(verdict.by);
        // The point game: every man is the striker's to pocket.
        let anyones = before.rules().points.is_some();
        let mut pocketed_now = 0;
        self.strokes += 1;
        let own = report
            .pocketed
            .iter()
            .filter(|c| anyones || **c == colour || **c == PieceColour::Queen)
            .count() as u32;
        let theirs = report
            .pocketed
            .iter()
            .filter(|c| !anyones && **c == colour.other())
            .count() as u32;
        self.opponent_men_pocketed += theirs;
        if !verdict.foul {
            self.pieces_pocketed += own;
            pocketed_now = own;
            if own > 0 {
                self.pocketing_strokes += 1;
            }
        }
        if report.pocketed.contains(&PieceColour::Queen) {
            self.queen_pocketed += 1;
        }
        let covered = if anyones {
            verdict
                .events()
                .any(|e| matches!(e, carrom_referee::Event::QueenScored { .. }))
        } else {
            !matches!(before.queen(), QueenState::Covered(_))
                && matches!(verdict.position.queen, QueenState::Covered(c) if c == colour)
        };
        if covered {
            self.queen_covered += 1;
        }
        if !before.break_made() && report.touched {
            self.breaks += 1;
            self.pieces_off_breaks += report.pocketed.len() as u32;
        }
        if verdict.foul {
            self.fouls += 1;
        }
        self.dues += u32::from(verdict.penalties);
        self.pot_rate = f64::from(self.pocketing_strokes) / f64::from(self.strokes);
        pocketed_now
    }
}

impl MatchStats {
    /// Empty figures for these seats and players (seat, name, side), the sides named
    /// `side_names`.
    pub fn new(
        players: impl IntoIterator<Item = (Seat, String, u8)>,
        side_names: [String; 2],
    ) -> MatchStats {
        MatchStats {
            players: players
                .into_iter()
                .map(|(seat, name, side)| PlayerStats {
                    seat: seat.name().to_string(),
                    name,
                    side,
                    ..PlayerStats::default()
                })
                .collect(),
            side_names,
            ..MatchStats::default()
        }
    }

    fn player_name(&self, seat: Seat) -> String {
        let player = self.players.iter().find(|p| p.seat == seat.name());
        player.map_or_else(String::new, |p| p.name.clone())
    }

    fn player_mut(&mut self, seat: Seat) -> Option<&mut PlayerStats> {
        self.players.iter_mut().find(|p| p.seat == seat.name())
    }

    /// Counts a stroke (`report` is what it did; `None` for a pass) judged as `verdict` by a
    /// referee that stood at `before` when the stroke was played.
    pub fn record(&mut self, before: &Referee, report: Option<&StrokeReport>, verdict: &Verdict) {
        let by = verdict.by;
        let mut pocketed_now = 0;
        if let Some(p) = self.player_mut(by) {
            match report {
                None => p.passes += 1,
                Some(report) => pocketed_now = p.count_stroke(before, report, verdict),
            }
        }
        if report.is_some() {
            self.board_strokes += 1;
        }
        self.count_run(by, pocketed_now, verdict.continues);
        if verdict.board_ended() {
            self.end_board(before, verdict);
        }
        if let Some(g) = verdict.game_result {
            self.games[g.winner.index()] += 1;
        }
        if let Some(m) = verdict.match_result {
            self.games = m.games;
            self.winner = Some(m.winner.index() as u8);
            self.winner_name = self.side_names[m.winner.index()].clone();
        }
        self.record_points(verdict);
    }

    /// The point game: every player's points after the verdict, and its winner.
    fn record_points(&mut self, verdict: &Verdict) {
        let Some(points) = verdict.points else {
            return;
        };
        for (seat, p) in Seat::ALL.into_iter().zip(points) {
            if let Some(player) = self.player_mut(seat) {
                player.points = Some(p);
            }
        }
        if let Some(won) = verdict.points_won {
            let name = self.player_mut(won.winner).map(|p| p.name.clone());
            self.winner_name = name.unwrap_or_default();
            self.winner_seat = Some(won.winner.name().to_string());
        }
    }

    /// The run: pieces pocketed in this turn at the board, `pocketed_now` by this stroke of
    /// `by`'s; the turn goes on when the stroke `continues` it.
    fn count_run(&mut self, by: Seat, pocketed_now: u32, continues: bool) {
        let run = match self.run {
            Some((seat, n)) if seat == by => n + pocketed_now,
            _ => pocketed_now,
        };
        if let Some(p) = self.player_mut(by) {
            p.longest_run = p.longest_run.max(run);
        }
        self.run = continues.then_some((by, run));
    }

    /// The board ended (won or cancelled) with `verdict`: its figures are kept, and the next
    /// board starts with no strokes and no run.
    fn end_board(&mut self, before: &Referee, verdict: &Verdict) {
        let last_law = verdict
            .rulings
            .last()
            .map(|r| r.law.as_str().to_string())
            .unwrap_or_default();
        let white_side = before.colour_of_side(carrom_referee::Side::One) == PieceColour::White;
        let white_side = u8::from(white_side);
        let queen = match verdict.position.queen {
            QueenState::Covered(c) => format!("covered_by_{}", c.name()),
            _ => "on_board".to_string(),
        };
        let mut board = BoardStats {
            game: verdict.game,
            board: verdict.board,
            winner: None,
            winner_name: String::new(),
            points: 0,
            queen,
            law: last_law,
            score: verdict.score,
            strokes: self.board_strokes,
            white_side,
            points_by_seat: None,
        };
        if let Some(b) = verdict.board_result {
            board.winner = Some(b.winner.index() as u8);
            board.winner_name = self.side_names[b.winner.index()].clone();
            board.points = b.points;
        } else if let Some(points) = verdict.points.filter(|_| verdict.points_board_over) {
            board.points_by_seat = Some(points);
            if let Some(seat) = board.points_leader() {
                board.winner_name = self.player_name(seat);
            }
        }
        self.boards.push(board);
        self.board_strokes = 0;
        self.run = None;
    }

    /// The figures as lines of text, a player a line, then the boards.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for p in &self.players {
            out.push(format!(
                "{}: {} strokes, {} pocketed ({:.0}% of strokes pocketed), {} fouls, {} dues, Queen pocketed {} covered {}, {} breaks ({} pieces off them), longest run {}",
                with_seat(&p.name, &p.seat),
                p.strokes,
                p.pieces_pocketed,
                100.0 * p.pot_rate,
                p.fouls,
                p.dues,
                p.queen_pocketed,
                p.queen_covered,
                p.breaks,
                p.pieces_off_breaks,
                p.longest_run
            ));
            if let (Some(points), Some(line)) = (p.points, out.last_mut()) {
                line.push_str(&format!(", {points} points"));
            }
        }
        for b in &self.boards {
            out.push(crate::words::board_line(b));
        }
        out
    }
}

/// "Asha (South)"; a name that already says its seat ("South (computer)") as it is.
fn with_seat(name: &str, seat: &str) -> String {
    if name.to_lowercase().starts_with(seat) {
        name.to_string()
    } else {
        let mut title = seat.to_string();
        title[..1].make_ascii_uppercase();
        format!("{name} ({title})")
    }
}
