//! The match as data: the referee, the pieces at rest, the pieces waiting to be put back, every
//! action so far, and the invariants checked after every stroke.

use crate::error::{MatchError, ReplayError};
use crate::save::SaveFile;
use crate::setup::MatchSetup;
use crate::stats::MatchStats;
use crate::umpire::{StrokeOutcome, outcome_of, umpire_spot};
use crate::words::{self, Names};
use carrom_physics::shot::play;
use carrom_physics::{Piece, Shot, Spec, Table, opening_rack};
use carrom_referee::{
    GameWonBy, MEN_PER_COLOUR, PieceColour, Placer, QueenState, Referee, Return, Seat, Side, Spot,
    StrokeReport, Verdict,
};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// One thing a player did: a stroke, a pass (Law 137), or putting a returned piece down; or
/// the time he had for it ran out ([`Match::time_out`], under a shot clock).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    Stroke {
        shot: Shot,
    },
    Pass,
    Place {
        x: f32,
        y: f32,
    },
    /// The player due to act let the shot clock run out (Laws 46, 50, 88): applied by whoever
    /// keeps the time (the host), recorded like any action.
    TimeOut,
}

/// Who must act next, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The player at this seat strikes (or passes).
    Striker(Seat),
    /// The player at this seat puts a returned piece of this colour inside the outer circle
    /// (Laws 84-86).
    Placer { seat: Seat, piece: PieceColour },
}

impl Actor {
    pub fn seat(self) -> Seat {
        match self {
            Actor::Striker(seat) | Actor::Placer { seat, .. } => seat,
        }
    }
}

/// A line of the match log: who acted, and the call in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub by: Seat,
    pub text: String,
}

/// A match being played: referee, pieces and what is pending. The game, the headless demo,
/// self-play, saves and replays all drive a match through this type.
#[derive(Clone, Debug)]
pub struct Match {
    pub spec: Spec,
    pub setup: MatchSetup,
    pub referee: Referee,
    /// Pieces at rest.
    pub layout: Vec<Piece>,
    /// Returned pieces a player still has to place, in order.
    pub pending: VecDeque<Return>,
    /// Every action so far (the replay).
    pub actions: Vec<Action>,
    /// The last verdict.
    pub last: Option<Verdict>,
    /// Boards racked so far, counting the first.
    pub boards: u32,
    /// Invariants that failed, each with the action after which it was found.
    pub violations: Vec<String>,
    /// The digest of the position after each action ([`Match::digest`]), recorded in saves so
    /// that a replay checks every stroke, not only the final score.
    pub digests: Vec<u64>,
    /// Each player's figures and each board's result so far.
    pub stats: MatchStats,
    /// How long the last stroke simulated here ([`Match::play_stroke`]) took to come to rest,
    /// in seconds: the time a board shown in real time spends on it (0 before the first, and
    /// for a stroke whose physics came from elsewhere).
    pub stroke_time: f32,
    /// Board and game of the rack on the table (to notice a new board).
    rack_of: (u8, u8),
}

impl Match {
    /// A match at its first board, racked for the breaker. The setup is validated first.
    pub fn new(spec: &Spec, setup: MatchSetup) -> Result<Match, MatchError> {
        setup.validate()?;
        let mut referee = Referee::new(setup.rules, setup.seats);
        if let Some(breaker) = setup.breaker {
            referee.set_breaker(breaker).map_err(MatchError::Breaker)?;
        }
        let stats = MatchStats::new(
            setup.seats.seats().iter().map(|&seat| {
                (
                    seat,
                    setup.player(seat).name.clone(),
                    referee.side_of(seat).index() as u8,
                )
            }),
            [Side::Zero, Side::One].map(|side| setup.side_names(side)),
        );
        Ok(Match {
            stats,
            spec: spec.clone(),
            layout: opening_rack(&spec.board, referee.breaker()),
            rack_of: (referee.game_number(), referee.board_number()),
            setup,
            referee,
            pending: VecDeque::new(),
            actions: Vec::new(),
            last: None,
            boards: 1,
            violations: Vec::new(),
            digests: Vec::new(),
            stroke_time: 0.0,
        })
    }

    pub fn is_over(&self) -> bool {
        self.referee.is_over()
    }

    /// Whose turn it is (None when the match is over).
    pub fn turn(&self) -> Option<Seat> {
        if self.referee.is_over() {
            None
        } else {
            self.referee.turn()
        }
    }

    /// The seat that must place the next pending piece.
    pub fn placer(&self) -> Option<Seat> {
        self.pending.front().map(|r| match r.placed_by {
            Placer::Seat(s) => s,
            Placer::Umpire => self.turn().unwrap_or(Seat::South),
        })
    }

    /// Who acts next: a returned piece is placed before the next stroke.
    pub fn next_actor(&self) -> Option<Actor> {
        if let (Some(seat), Some(r)) = (self.placer(), self.pending.front()) {
            return Some(Actor::Placer {
                seat,
                piece: r.piece,
            });
        }
        self.turn().map(Actor::Striker)
    }

    /// Who sits in `seat`.
    pub fn player(&self, seat: Seat) -> &crate::Player {
        self.setup.player(seat)
    }

    pub fn is_computer(&self, seat: Seat) -> bool {
        self.player(seat).computer.is_some()
    }

    /// The first seat (in the order of play) a person plays; `None` when the computers play
    /// every seat.
    pub fn person_seat(&self) -> Option<Seat> {
        let seats = self.referee.seats();
        seats
            .seats()
            .iter()
            .copied()
            .find(|s| !self.is_computer(*s))
    }

    /// Validates a stroke against the current position.
    pub fn check_shot(&self, shot: &Shot) -> Result<(), MatchError> {
        if self.turn() != Some(shot.seat) {
            return Err(MatchError::NotYourTurn(shot.seat));
        }
        if !self.pending.is_empty() {
            return Err(MatchError::PlaceFirst);
        }
        Ok(shot.validate(&self.spec, &self.layout)?)
    }

    /// Plays a stroke on the physics crate's own table (the reference the game matches bit for
    /// bit) and judges it.
    pub fn play_stroke(&mut self, shot: Shot) -> Result<Verdict, MatchError> {
        self.strike(shot).map(|(_, verdict)| verdict)
    }

    /// [`Match::play_stroke`], with what the stroke did (a referee at a distance sends it).
    pub fn strike(&mut self, shot: Shot) -> Result<(StrokeOutcome, Verdict), MatchError> {
        self.check_shot(&shot)?;
        let mut table = Table::new(&self.spec, &self.layout);
        let result = play(&mut table, &shot);
        let outcome = outcome_of(&result);
        let verdict = self.apply_stroke(shot, outcome.clone())?;
        self.stroke_time = result.time;
        Ok((outcome, verdict))
    }

    /// Judges a stroke whose physics is known (the game's live board); records it; puts the
    /// umpire's pieces back; racks the next board when this one ended.
    pub fn apply_stroke(
        &mut self,
        shot: Shot,
        outcome: StrokeOutcome,
    ) -> Result<Verdict, MatchError> {
        let before = self.referee;
        let verdict = self.referee.judge(&outcome.report)?;
        self.stats.record(&before, Some(&outcome.report), &verdict);
        self.actions.push(Action::Stroke { shot });
        self.stroke_time = 0.0;
        self.layout = outcome.layout;
        self.after_verdict(&verdict);
        Ok(verdict)
    }

    /// The player whose turn it is passes (Law 137; before the break the referee refuses).
    pub fn pass(&mut self) -> Result<Verdict, MatchError> {
        if !self.pending.is_empty() {
            return Err(MatchError::PlaceFirst);
        }
        let before = self.referee;
        let verdict = self.referee.pass()?;
        self.stats.record(&before, None, &verdict);
        self.actions.push(Action::Pass);
        self.after_verdict(&verdict);
        Ok(verdict)
    }

    fn after_verdict(&mut self, verdict: &Verdict) {
        self.pending.extend(verdict.returns.iter().copied());
        self.place_umpire_pieces();
        if verdict.board_ended() || self.new_board() {
            self.pending.clear();
            self.rerack();
        }
        self.last = Some(verdict.clone());
        self.digests.push(self.digest());
        let n = self.actions.len();
        for v in self.invariant_violations() {
            self.violations.push(format!("after action {n}: {v}"));
        }
    }

    fn new_board(&self) -> bool {
        (self.referee.game_number(), self.referee.board_number()) != self.rack_of
    }

    fn rerack(&mut self) {
        if !self.referee.is_over() {
            self.layout = opening_rack(&self.spec.board, self.referee.breaker());
            self.boards += 1;
        }
        self.rack_of = (self.referee.game_number(), self.referee.board_number());
    }

    /// The umpire's pieces (and anything returned to the centre circle) go in at once, in the
    /// verdict's order; the players' dues wait for them to place.
    fn place_umpire_pieces(&mut self) {
        let mut rest = VecDeque::new();
        while let Some(r) = self.pending.pop_front() {
            if r.placed_by == Placer::Umpire || r.spot == Spot::CentreCircle {
                let at = umpire_spot(&self.spec, &self.layout);
                self.layout.push(Piece::new(r.piece, at));
            } else {
                rest.push_back(r);
            }
        }
        self.pending = rest;
    }

    /// Checks a player's placement of the next pending piece (Laws 84-86, 89(b)).
    pub fn check_place(&self, x: f32, y: f32) -> Result<(), MatchError> {
        if self.pending.is_empty() {
            return Err(MatchError::NothingToPlace);
        }
        if !(x.is_finite() && y.is_finite()) {
            return Err(MatchError::NotAPoint { x, y });
        }
        let others: Vec<(f64, f64)> = self
            .layout
            .iter()
            .map(|p| (p.x as f64, p.y as f64))
            .collect();
        crate::umpire::geometry(&self.spec).validate_placement(x as f64, y as f64, &others)?;
        Ok(())
    }

    /// Places the next pending piece.
    pub fn place(&mut self, x: f32, y: f32) -> Result<(), MatchError> {
        self.check_place(x, y)?;
        let Some(r) = self.pending.pop_front() else {
            return Err(MatchError::NothingToPlace);
        };
        self.layout.push(Piece {
            kind: r.piece,
            x,
            y,
        });
        self.actions.push(Action::Place { x, y });
        self.digests.push(self.digest());
        Ok(())
    }

    /// Applies an action, playing a stroke on the physics crate's own table. Returns the
    /// verdict of a stroke or a pass.
    pub fn apply(&mut self, action: &Action) -> Result<Option<Verdict>, MatchError> {
        match action {
            Action::Stroke { shot } => self.play_stroke(*shot).map(Some),
            Action::Pass => self.pass().map(Some),
            Action::Place { x, y } => self.place(*x, *y).map(|_| None),
            Action::TimeOut => self.time_out().map(Some),
        }
    }

    /// The time of the player due to act ran out (the rules' `shot_clock_secs`; refused when
    /// they have none). A striker's: his stroke is not made and is ruled a foul (Law 50; at
    /// the break an improper attempt, Laws 45(c), 46), the turn going on as the referee says.
    /// A placer's: the umpire puts the piece down at a free legal spot and a foul is declared
    /// against the placer (Law 88(b)); the pieces he placed before stay where they are.
    pub fn time_out(&mut self) -> Result<Verdict, MatchError> {
        match self.next_actor() {
            Some(Actor::Placer { seat, .. }) => self.placing_time_out(seat),
            _ => self.stroke_time_out(),
        }
    }

    /// The striker's time ran out: a stroke that touched nothing, over the clock.
    fn stroke_time_out(&mut self) -> Result<Verdict, MatchError> {
        let report = StrokeReport {
            touched: false,
            shot_clock_expired: true,
            ..StrokeReport::default()
        };
        let before = self.referee;
        let verdict = self.referee.judge(&report)?;
        self.stats.record(&before, Some(&report), &verdict);
        self.actions.push(Action::TimeOut);
        self.after_verdict(&verdict);
        Ok(verdict)
    }

    /// `seat` did not place the next pending piece in time (Law 88).
    fn placing_time_out(&mut self, seat: Seat) -> Result<Verdict, MatchError> {
        let [x, y] = self.free_due_spot(0.0);
        let verdict = self.referee.placing_time_out(seat)?;
        if let Some(r) = self.pending.pop_front() {
            self.layout.push(Piece {
                kind: r.piece,
                x,
                y,
            });
        }
        self.actions.push(Action::TimeOut);
        self.after_verdict(&verdict);
        Ok(verdict)
    }

    /// A fingerprint of the position: every piece's colour and exact place (the bits of its
    /// coordinates), the pieces waiting to be placed, and the game, board, games, score, turn
    /// and Queen as the referee has them. Two matches that
    /// played the same strokes on the same physics have the same digest after each of them; a
    /// stroke changed by the least amount does not (FNV-1a, 64 bits).
    pub fn digest(&self) -> u64 {
        let mut h = carrom_terms::Fnv1a::new();
        let mut eat = |bytes: &[u8]| h.eat(bytes);
        for p in &self.layout {
            eat(p.kind.name().as_bytes());
            eat(&p.x.to_bits().to_le_bytes());
            eat(&p.y.to_bits().to_le_bytes());
        }
        for r in &self.pending {
            eat(r.piece.name().as_bytes());
        }
        let r = &self.referee;
        let [s0, s1] = r.score();
        eat(&[r.game_number(), r.board_number()]);
        eat(&r.games());
        eat(&s0.to_le_bytes());
        eat(&s1.to_le_bytes());
        eat(r.turn().map_or("over", |s| s.name()).as_bytes());
        eat(format!("{:?}", r.queen()).as_bytes());
        if r.rules().points.is_some() {
            for p in r.points() {
                eat(&p.to_le_bytes());
            }
        }
        h.finish()
    }

    /// A free legal spot for a returned piece inside the outer circle, searched from the
    /// centre outwards starting at angle `preference` (the start of a person's drag, and the
    /// fallback for a computer whose own choice is not legal).
    pub fn free_due_spot(&self, preference: f32) -> [f32; 2] {
        let b = &self.spec.board;
        let r_min = b.centre_circle_radius() + b.coin_radius() + 0.0005;
        let r_max = b.outer_circle_radius() - b.coin_radius() - 0.0005;
        for ring in 0..20 {
            let r = r_min + (r_max - r_min) * ring as f32 / 19.0;
            for k in 0..36 {
                let a = preference + k as f32 / 36.0 * std::f32::consts::TAU;
                let (x, y) = (r * a.cos(), r * a.sin());
                if self.check_place(x, y).is_ok() {
                    return [x, y];
                }
            }
        }
        [0.0, r_max]
    }

    /// The referee's promises checked against the pieces: at most 19 on the board, each
    /// colour's men on the board (with those waiting to be placed) as the referee counts them
    /// and nine in all, the Queen on the board exactly when the referee says so, scores within
    /// the game's bounds.
    pub fn invariant_violations(&self) -> Vec<String> {
        let mut bad = Vec::new();
        let r = &self.referee;
        if self.layout.len() + self.pending.len() > 19 {
            bad.push(format!(
                "{} pieces on the board or waiting (at most 19)",
                self.layout.len() + self.pending.len()
            ));
        }
        let count = |colour: PieceColour| {
            (self.layout.iter().filter(|p| p.kind == colour).count()
                + self.pending.iter().filter(|p| p.piece == colour).count()) as u8
        };
        for colour in [PieceColour::White, PieceColour::Black] {
            let physical = count(colour);
            let m = r.men(colour);
            if physical != m.on_board {
                bad.push(format!(
                    "{colour}: {physical} on the board, the referee says {}",
                    m.on_board
                ));
            }
            if m.on_board + m.pocketed != MEN_PER_COLOUR {
                bad.push(format!(
                    "{colour}: {} on the board + {} pocketed is not 9",
                    m.on_board, m.pocketed
                ));
            }
        }
        let queen_on = count(PieceColour::Queen) > 0;
        if queen_on != (r.queen() == QueenState::OnBoard) {
            bad.push(format!(
                "Queen on the board: {queen_on}, the referee: {:?}",
                r.queen()
            ));
        }
        if r.rules().points.is_some() {
            bad.extend(self.point_violations());
            return bad;
        }
        // A side below the game's points can win at most one more board's worth (Law 55).
        let limit = r.rules().game_points + r.rules().max_board_points as u16;
        for (side, points) in r.score().iter().enumerate() {
            if *points >= limit {
                bad.push(format!(
                    "side {side} has {points} points (the game is to {}, a board worth at most {})",
                    r.rules().game_points,
                    r.rules().max_board_points
                ));
            }
        }
        bad
    }

    /// The point game's promises: every man in the pockets held by one player, and the
    /// board's points those men's and the covered Queen's.
    fn point_violations(&self) -> Vec<String> {
        let r = &self.referee;
        let mut bad = Vec::new();
        let seats = r.seats().seats();
        for (i, colour) in [PieceColour::White, PieceColour::Black]
            .into_iter()
            .enumerate()
        {
            let held: u8 = seats.iter().map(|&s| r.men_held(s)[i]).sum();
            if held != r.pocketed(colour) {
                bad.push(format!(
                    "{colour}: {} pocketed, the players hold {held}",
                    r.pocketed(colour)
                ));
            }
        }
        let won: u16 = seats.iter().map(|&s| r.board_points_of(s)).sum();
        if won != r.held_worth() {
            bad.push(format!(
                "the board's points are {won}, its men held and the Queen are worth {}",
                r.held_worth()
            ));
        }
        bad
    }

    /// The scoreboard in short lines that fit a side panel: the game, the board, each side's
    /// players, points and games, the colour it plays and its men left, and the Queen.
    pub fn scoreboard(&self) -> Vec<String> {
        let r = &self.referee;
        if r.rules().points.is_some() {
            return self.point_scoreboard();
        }
        let mut lines = vec![
            format!(
                "Game {} of {}",
                r.game_number(),
                2 * r.rules().games_to_win - 1
            ),
            format!(
                "Board {} of {}{}",
                r.board_number(),
                // Traditional rules: a game is one board.
                if r.rules().game_won_by == GameWonBy::Board {
                    1
                } else {
                    r.rules().boards_per_game
                },
                if r.is_extra_board() { " (extra)" } else { "" }
            ),
        ];
        let score = r.score();
        let games = r.games();
        for side in [Side::Zero, Side::One] {
            let colour = r.colour_of_side(side);
            let men = r.men(colour);
            lines.push(String::new());
            lines.push(self.side_with_levels(side));
            lines.push(format!(
                "  {} pts, {} {} won",
                score[side.index()],
                games[side.index()],
                if games[side.index()] == 1 {
                    "game"
                } else {
                    "games"
                }
            ));
            lines.push(format!(
                "  plays {}: {} left{}",
                colour.name(),
                men.on_board,
                if men.owed > 0 {
                    format!(
                        ", owes {} {}",
                        men.owed,
                        if men.owed == 1 { "due" } else { "dues" }
                    )
                } else {
                    String::new()
                }
            ));
        }
        lines.push(String::new());
        lines.push(match r.queen() {
            QueenState::OnBoard => "Queen: on the board".to_string(),
            QueenState::AwaitingCover { by } => {
                format!("Queen: {} must cover", self.seat_name(by))
            }
            QueenState::AwaitingReturn { .. } => "Queen: back at the turn's end".to_string(),
            QueenState::Covered(c) => format!("Queen: covered ({})", c.name()),
        });
        lines
    }

    /// The point game's scoreboard: the board, each player's points and the men he holds, the
    /// men left and the Queen.
    fn point_scoreboard(&self) -> Vec<String> {
        let r = &self.referee;
        let mut lines = vec![format!(
            "Board {} of {}{}  (first to {} points)",
            r.board_number(),
            r.rules().boards_per_game,
            if r.is_extra_board() { " (extra)" } else { "" },
            r.rules().game_points
        )];
        for &seat in r.seats().seats() {
            let [w, b] = r.men_held(seat);
            lines.push(String::new());
            lines.push(self.setup.player(seat).name_with_level());
            let owes = match r.men_owed(seat) {
                0 => String::new(),
                n => format!(", owes {n}"),
            };
            lines.push(format!(
                "  {} pts: {w} white, {b} black{owes}",
                r.points_of(seat)
            ));
        }
        lines.push(String::new());
        lines.push(format!(
            "Left: {} white, {} black",
            r.on_board(PieceColour::White),
            r.on_board(PieceColour::Black)
        ));
        lines.push(match r.queen() {
            QueenState::AwaitingCover { by } => {
                format!("Queen: {} must cover", self.seat_name(by))
            }
            QueenState::Covered(_) => "Queen: covered".to_string(),
            _ => "Queen: on the board".to_string(),
        });
        lines
    }

    /// The last verdict in words, each ruling with its Law.
    pub fn last_call(&self) -> Vec<String> {
        self.last
            .as_ref()
            .map(|v| {
                let names = self.names();
                v.rulings.iter().map(|r| words::ruling(r, &names)).collect()
            })
            .unwrap_or_default()
    }

    /// The players of a side by name: "Asha", or "Asha & Ravi" in doubles.
    pub fn side_name(&self, side: carrom_referee::Side) -> String {
        self.setup.side_names(side)
    }

    /// A side's players with each computer's level: "Asha & North (computer, hard)" (see
    /// [`crate::Player::name_with_level`]).
    pub fn side_with_levels(&self, side: carrom_referee::Side) -> String {
        let setup = &self.setup;
        setup
            .seats
            .seats()
            .iter()
            .filter(|s| setup.seats.side_of(**s) == side)
            .map(|s| setup.player(*s).name_with_level())
            .collect::<Vec<_>>()
            .join(" & ")
    }

    /// The players' names for the sentences (`crate::words`).
    pub fn names(&self) -> Names {
        Names::of(&self.setup)
    }

    /// A seat by its player's name, "Ravi (North)", or the seat alone when the player is named
    /// after it.
    pub fn seat_name(&self, seat: Seat) -> String {
        self.names().seat(seat)
    }

    /// A verdict as log lines, the sides named by their players ([`words::verdict`]).
    pub fn verdict_lines(&self, v: &Verdict) -> Vec<String> {
        words::verdict(v, &self.names())
    }

    /// The match's statistics as log lines: a heading, then a line per player and a line per
    /// board, indented.
    pub fn statistics_lines(&self) -> Vec<String> {
        let lines = self.stats.lines().into_iter().map(|l| format!("  {l}"));
        std::iter::once("Statistics:".to_string())
            .chain(lines)
            .collect()
    }

    /// How a replay of `save` ended, once it is checked: "Replay ends as recorded: games
    /// [1, 0], score [0, 0] (match finished); every action reached its recorded position".
    pub fn replay_end_line(&self, save: &SaveFile) -> String {
        let (games, score) = (self.referee.games(), self.referee.score());
        let r = &self.referee;
        let standing = if r.rules().points.is_some() {
            let points: Vec<String> = r
                .seats()
                .seats()
                .iter()
                .map(|&s| format!("{} {}", s.title(), r.points_of(s)))
                .collect();
            format!("points {}", points.join(", "))
        } else {
            format!("games {games:?}, score {score:?}")
        };
        let finished = if save.finished {
            " (match finished)"
        } else {
            " (match in progress)"
        };
        let digests = if save.digests.is_empty() {
            ""
        } else {
            "; every action reached its recorded position"
        };
        format!("Replay ends as recorded: {standing}{finished}{digests}")
    }

    /// Rebuilds a match from a save or replay by playing its actions again, with the physics the
    /// save was played with ([`SaveFile::physics`]); `print` gets each verdict's lines. An action
    /// that does not replay is an error naming it.
    pub fn replay(
        spec: &Spec,
        file: &SaveFile,
        mut print: impl FnMut(&str),
    ) -> Result<Match, ReplayError> {
        let mut game =
            Match::new(&file.physics(spec), file.setup.clone()).map_err(ReplayError::Setup)?;
        for (i, action) in file.actions.iter().enumerate() {
            match game.apply(action) {
                Ok(Some(v)) => {
                    for line in game.verdict_lines(&v) {
                        print(&line);
                    }
                }
                Ok(None) => {}
                Err(source) => return Err(ReplayError::Action { index: i, source }),
            }
            if let Some(recorded) = file.digests.get(i)
                && *recorded != format!("{:016x}", game.digests[i])
            {
                return Err(ReplayError::Diverged {
                    index: i,
                    digest: game.digests[i],
                    recorded: recorded.clone(),
                });
            }
        }
        if !file.digests.is_empty() && file.digests.len() != file.actions.len() {
            return Err(ReplayError::DigestCount {
                digests: file.digests.len(),
                actions: file.actions.len(),
            });
        }
        if file.finished != game.is_over() {
            return Err(ReplayError::Finished {
                recorded: file.finished,
                ends: game.is_over(),
            });
        }
        Ok(game)
    }
}
