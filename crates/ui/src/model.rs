//! The match as data, without Bevy: the pieces at rest, the referee, the players, what each
//! stroke did and the pieces to put back. The game, the headless demo, saves and replays all
//! drive a match through this one type, so they agree by construction.

use carrom_physics::{
    BodyId, Event, EventKind, Fate, Piece, PieceKind, Roster, Shot, Spec, opening_rack,
};
use carrom_referee::{
    PieceColour, Placer, Referee, Return, Rules, Seat as RSeat, Seats, Spot, StrokeReport, Verdict,
};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

pub use carrom_physics::Seat;

/// The physics crate's seat as the referee's.
pub fn to_rseat(seat: Seat) -> RSeat {
    match seat {
        Seat::South => RSeat::South,
        Seat::East => RSeat::East,
        Seat::North => RSeat::North,
        Seat::West => RSeat::West,
    }
}

/// The referee's seat as the physics crate's.
pub fn to_pseat(seat: RSeat) -> Seat {
    match seat {
        RSeat::South => Seat::South,
        RSeat::East => Seat::East,
        RSeat::North => Seat::North,
        RSeat::West => Seat::West,
    }
}

pub fn colour_of(kind: PieceKind) -> PieceColour {
    match kind {
        PieceKind::White => PieceColour::White,
        PieceKind::Black => PieceColour::Black,
        PieceKind::Queen => PieceColour::Queen,
    }
}

pub fn kind_of(colour: PieceColour) -> PieceKind {
    match colour {
        PieceColour::White => PieceKind::White,
        PieceColour::Black => PieceKind::Black,
        PieceColour::Queen => PieceKind::Queen,
    }
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub name: String,
    /// A computer player of this level (`easy`, `medium`, `hard`), or a person when `None`.
    pub computer: Option<String>,
}

/// How a match is set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSetup {
    pub seats: Seats,
    /// In the order of `seats.seats()`.
    pub players: Vec<Player>,
    pub rules: Rules,
    /// Name of the rules preset or file, for display.
    pub rules_name: String,
    /// Seeds the computer players' choices.
    pub seed: u64,
}

impl MatchSetup {
    pub fn new(seats: Seats, rules: Rules, rules_name: &str, seed: u64) -> MatchSetup {
        let players = seats
            .seats()
            .iter()
            .map(|s| Player {
                name: s.title().to_string(),
                computer: None,
            })
            .collect();
        MatchSetup {
            seats,
            players,
            rules,
            rules_name: rules_name.into(),
            seed,
        }
    }

    pub fn player(&self, seat: Seat) -> &Player {
        let i = self
            .seats
            .seats()
            .iter()
            .position(|s| *s == to_rseat(seat))
            .unwrap_or(0);
        &self.players[i.min(self.players.len() - 1)]
    }
}

/// One thing a player did: a stroke, or putting a returned piece down.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    Stroke { shot: Shot },
    Place { x: f32, y: f32 },
}

/// What a stroke did, read from the physics.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StrokeOutcome {
    /// The pieces at rest on the board afterwards (pocketed and jumped pieces removed).
    pub layout: Vec<Piece>,
    pub report: StrokeReport,
}

/// Reads the referee's report from the physics of a finished stroke.
pub fn outcome_of(
    kinds: &[PieceKind],
    fates: &[Fate],
    positions: &[[f32; 2]],
    striker: Fate,
    events: &[Event],
) -> StrokeOutcome {
    let mut report = StrokeReport::nothing();
    report.touched = events.iter().any(|e| {
        matches!(
            e.kind,
            EventKind::Contact {
                a: BodyId::Striker,
                ..
            } | EventKind::Contact {
                b: BodyId::Striker,
                ..
            }
        )
    });
    for e in events {
        match e.kind {
            EventKind::Pocketed { kind, .. } => report.pocketed.push(colour_of(kind)),
            EventKind::Overboard {
                body: BodyId::Piece(i),
                ..
            } => report.overboard.push(colour_of(kinds[i])),
            _ => {}
        }
    }
    report.striker_pocketed = matches!(striker, Fate::Pocketed(_));
    report.striker_overboard = striker == Fate::Overboard;
    if !report.touched && (!report.pocketed.is_empty() || !report.overboard.is_empty()) {
        // A piece moved without a recorded striker contact (a lasting touch): it was touched.
        report.touched = true;
    }
    let layout = kinds
        .iter()
        .zip(fates)
        .zip(positions)
        .filter(|((_, f), _)| **f == Fate::OnBoard)
        .map(|((k, _), p)| Piece {
            kind: *k,
            x: p[0],
            y: p[1],
        })
        .collect();
    StrokeOutcome { layout, report }
}

/// Reads the outcome from a roster and its rapier bodies.
pub fn outcome_from_roster(
    roster: &Roster,
    bodies: &carrom_physics::rapier2d::prelude::RigidBodySet,
    events: &[Event],
) -> StrokeOutcome {
    let fates: Vec<Fate> = roster.pieces.iter().map(|m| m.fate).collect();
    let positions: Vec<[f32; 2]> = roster
        .pieces
        .iter()
        .map(|m| {
            let p = bodies[m.body].translation();
            [p.x, p.y]
        })
        .collect();
    let striker = roster.striker.map(|m| m.fate).unwrap_or(Fate::OnBoard);
    outcome_of(&roster.kinds, &fates, &positions, striker, events)
}

/// A line of the match log.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub by: Seat,
    pub text: String,
}

/// The match: referee, pieces and what is pending.
#[derive(Clone, Debug)]
pub struct MatchModel {
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
    /// Board and game of the rack on the table (to notice a new board).
    pub rack_of: (u8, u8),
}

impl MatchModel {
    pub fn new(spec: &Spec, setup: MatchSetup) -> MatchModel {
        let referee = Referee::new(setup.rules, setup.seats);
        let breaker = to_pseat(referee.breaker());
        MatchModel {
            spec: spec.clone(),
            layout: opening_rack(&spec.board, breaker),
            rack_of: (referee.game_number(), referee.board_number()),
            setup,
            referee,
            pending: VecDeque::new(),
            actions: Vec::new(),
            last: None,
        }
    }

    /// Whose turn it is (None when the match is over).
    pub fn turn(&self) -> Option<Seat> {
        if self.referee.is_over() {
            None
        } else {
            self.referee.turn().map(to_pseat)
        }
    }

    /// The seat that must place the next pending piece.
    pub fn placer(&self) -> Option<Seat> {
        self.pending.front().map(|r| match r.placed_by {
            Placer::Seat(s) => to_pseat(s),
            Placer::Umpire => self.turn().unwrap_or(Seat::South),
        })
    }

    pub fn is_computer(&self, seat: Seat) -> bool {
        self.setup.player(seat).computer.is_some()
    }

    /// Validates a stroke against the current position.
    pub fn check_shot(&self, shot: &Shot) -> Result<(), String> {
        if self.turn() != Some(shot.seat) {
            return Err(format!("it is not {}'s turn", shot.seat.name()));
        }
        if !self.pending.is_empty() {
            return Err("a returned piece must be placed first".into());
        }
        shot.validate(&self.spec, &self.layout)
            .map_err(|e| e.to_string())
    }

    /// Judges a stroke once its physics is known; records it; puts the umpire's pieces back.
    pub fn apply_stroke(&mut self, shot: Shot, outcome: StrokeOutcome) -> Result<Verdict, String> {
        let verdict = self
            .referee
            .judge(&outcome.report)
            .map_err(|e| e.to_string())?;
        self.actions.push(Action::Stroke { shot });
        self.layout = outcome.layout;
        for r in &verdict.returns {
            self.pending.push_back(*r);
        }
        self.place_umpire_pieces();
        if verdict.board_result.is_some() || verdict.board_cancelled || self.new_board() {
            self.pending.clear();
            self.rerack();
        }
        self.last = Some(verdict.clone());
        Ok(verdict)
    }

    fn new_board(&self) -> bool {
        (self.referee.game_number(), self.referee.board_number()) != self.rack_of
    }

    fn rerack(&mut self) {
        if !self.referee.is_over() {
            self.layout = opening_rack(&self.spec.board, to_pseat(self.referee.breaker()));
        }
        self.rack_of = (self.referee.game_number(), self.referee.board_number());
    }

    /// The umpire's pieces (and any centre-circle spots) go in at once.
    fn place_umpire_pieces(&mut self) {
        let mut rest = VecDeque::new();
        while let Some(r) = self.pending.pop_front() {
            if r.placed_by == Placer::Umpire || r.spot == Spot::CentreCircle {
                let at = centre_spot(&self.spec, &self.layout);
                self.layout.push(Piece {
                    kind: kind_of(r.piece),
                    x: at[0],
                    y: at[1],
                });
            } else {
                rest.push_back(r);
            }
        }
        self.pending = rest;
    }

    /// Checks a player's placement of the next pending piece (Laws 84-86, 89(b)).
    pub fn check_place(&self, x: f32, y: f32) -> Result<(), String> {
        if self.pending.is_empty() {
            return Err("no piece is waiting to be placed".into());
        }
        let others: Vec<(f64, f64)> = self
            .layout
            .iter()
            .map(|p| (p.x as f64, p.y as f64))
            .collect();
        self.referee
            .validate_placement(x as f64, y as f64, &others)
            .map_err(|e| e.to_string())
    }

    /// Places the next pending piece.
    pub fn place(&mut self, x: f32, y: f32) -> Result<(), String> {
        self.check_place(x, y)?;
        let r = self.pending.pop_front().expect("checked");
        self.layout.push(Piece {
            kind: kind_of(r.piece),
            x,
            y,
        });
        self.actions.push(Action::Place { x, y });
        Ok(())
    }

    /// One line for the scoreboard.
    pub fn scoreboard(&self) -> Vec<String> {
        let r = &self.referee;
        let score = r.score();
        let games = r.games();
        let side_names = |side: usize| -> String {
            self.setup
                .seats
                .seats()
                .iter()
                .filter(|s| self.setup.seats.side_of(**s).index() == side)
                .map(|s| self.setup.player(to_pseat(*s)).name.clone())
                .collect::<Vec<_>>()
                .join(" & ")
        };
        let mut lines = vec![format!(
            "Game {} of {}   Board {} of {}{}",
            r.game_number(),
            2 * r.rules().games_to_win - 1,
            r.board_number(),
            r.rules().boards_per_game,
            if r.is_extra_board() { " (extra)" } else { "" }
        )];
        for side in 0..2 {
            let colour = r.colour_of_side(carrom_referee::Side::from_index(side).unwrap());
            let men = r.men(colour);
            lines.push(format!(
                "{}  {} pts  games {}  [{}] on board {}{}",
                side_names(side),
                score[side],
                games[side],
                colour.name(),
                men.on_board,
                if men.owed > 0 {
                    format!(", owes {}", men.owed)
                } else {
                    String::new()
                }
            ));
        }
        let white_side = r
            .side_of_colour(PieceColour::White)
            .map(|s| side_names(s.index()));
        lines.push(format!(
            "White: {}   Queen: {}",
            white_side.unwrap_or_default(),
            match r.queen() {
                carrom_referee::QueenState::OnBoard => "on the board".to_string(),
                carrom_referee::QueenState::AwaitingCover { by } => {
                    format!("pocketed, {} must cover", by.title())
                }
                carrom_referee::QueenState::Covered(c) => format!("covered by {}", c.name()),
            }
        ));
        lines
    }

    /// The last verdict in words, each ruling with its Law.
    pub fn last_call(&self) -> Vec<String> {
        self.last
            .as_ref()
            .map(|v| v.rulings.iter().map(|r| r.to_string()).collect())
            .unwrap_or_default()
    }
}

/// Where the umpire puts a piece: the centre, or the nearest free spot to it.
pub fn centre_spot(spec: &Spec, layout: &[Piece]) -> [f32; 2] {
    let d = spec.board.coin_diameter;
    let free = |x: f32, y: f32| layout.iter().all(|p| (p.x - x).hypot(p.y - y) >= d - 1e-6);
    if free(0.0, 0.0) {
        return [0.0, 0.0];
    }
    for ring in 1..200 {
        let r = ring as f32 * 0.002;
        let n = (ring * 8).max(8);
        for k in 0..n {
            let a = k as f32 / n as f32 * std::f32::consts::TAU;
            let (x, y) = (r * a.cos(), r * a.sin());
            if free(x, y) {
                return [x, y];
            }
        }
    }
    [0.0, 0.0]
}

/// A free legal spot for a due inside the outer circle, found by search (for computer players
/// and as the start of a person's drag).
pub fn due_spot(model: &MatchModel, preference: f32) -> [f32; 2] {
    // Closest to the centre a piece can be without covering the centre circle.
    let b = &model.spec.board;
    let r_min = b.centre_circle_radius() + b.coin_radius() + 0.0005;
    let r_max = b.outer_circle_radius() - b.coin_radius() - 0.0005;
    for ring in 0..20 {
        let r = r_min + (r_max - r_min) * ring as f32 / 19.0;
        for k in 0..36 {
            let a = preference + k as f32 / 36.0 * std::f32::consts::TAU;
            let (x, y) = (r * a.cos(), r * a.sin());
            if model.check_place(x, y).is_ok() {
                return [x, y];
            }
        }
    }
    [0.0, r_max]
}

/// The rules by preset name or file path.
pub fn load_rules(name: &str) -> Result<Rules, String> {
    if let Some(r) = Rules::preset(name) {
        return Ok(r);
    }
    let path = std::path::Path::new(name);
    if path.exists() {
        return Rules::from_file(path).map_err(|e| e.to_string());
    }
    Err(format!(
        "unknown rules `{name}`: use one of {} or a .toml/.ron rules file",
        carrom_referee::PRESET_NAMES.join(", ")
    ))
}
