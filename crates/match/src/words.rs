//! Every sentence players read about the referee's rulings and their results, made in one place
//! from the rulings' data ([`Event`]), the verdicts and the match's statistics, and the players'
//! names: the game's calls and result cards, the headless demo's and `carrom replay`'s lines,
//! the statistics' board lines and the summary's title. A translation changes this module and
//! nothing else.

use crate::game::Match;
use crate::setup::MatchSetup;
use crate::stats::{BoardStats, MatchStats};
use carrom_referee::{
    Event, HouseFoul, LastMen, PieceColour, QueenAtEnd, QueenBack, Ruling, Seat, Seats, Side,
    Verdict,
};

/// The players' names by seat, for the sentences.
#[derive(Clone, Debug)]
pub struct Names {
    seats: Seats,
    players: Vec<(Seat, String)>,
}

impl Names {
    pub fn of(setup: &MatchSetup) -> Names {
        Names {
            seats: setup.seats,
            players: setup
                .seats
                .seats()
                .iter()
                .map(|s| (*s, setup.player(*s).name.clone()))
                .collect(),
        }
    }

    fn name(&self, seat: Seat) -> &str {
        self.as_given(seat).trim()
    }

    /// The name as the player gave it.
    fn as_given(&self, seat: Seat) -> &str {
        self.players
            .iter()
            .find(|(s, _)| *s == seat)
            .map_or("", |(_, n)| n.as_str())
    }

    /// A player by name with his seat, "Ravi (North)"; the seat alone when he is unnamed or
    /// named after it.
    pub fn seat(&self, seat: Seat) -> String {
        let title = seat.title();
        let name = self.name(seat);
        if name.is_empty() || name.starts_with(title) {
            title.to_string()
        } else {
            format!("{name} ({title})")
        }
    }

    /// A side by its players' names, "Asha" or "Asha & Ravi".
    pub fn side(&self, side: Side) -> String {
        self.players
            .iter()
            .filter(|(s, _)| self.seats.side_of(*s) == side)
            .map(|(_, n)| n.as_str())
            .collect::<Vec<_>>()
            .join(" & ")
    }

    /// "Side 1", or the side's names.
    fn side_title(&self, side: Side, capital: bool) -> String {
        let names = self.side(side);
        if !names.trim().is_empty() {
            names
        } else if capital {
            format!("Side {}", side.index())
        } else {
            format!("side {}", side.index())
        }
    }
}

/// Why the striker may not be played from where it stands, in words: a piece it would disturb
/// is named by its colour ("the striker would disturb a black man (Law 134)"); the base line's
/// Laws are the physics crate's own words.
pub fn striker_placement(
    error: &carrom_physics::PlacementError,
    pieces: &[carrom_physics::Piece],
) -> String {
    use carrom_physics::{PieceColour, PlacementError};
    match error {
        PlacementError::OverlapsPiece(i) => {
            let piece = match pieces.get(*i).map(|p| p.kind) {
                Some(PieceColour::Queen) => "the Queen",
                Some(PieceColour::White) => "a white man",
                Some(PieceColour::Black) => "a black man",
                None => "a piece",
            };
            format!("the striker would disturb {piece}: pieces move only by a stroke (Law 134)")
        }
        other => other.to_string(),
    }
}

/// Whether a subject takes the plural verb: "You" and a side of two ("Asha & Ravi").
fn plural(subject: &str) -> bool {
    subject.trim().eq_ignore_ascii_case("you") || subject.contains(" & ")
}

/// `subject` with the verb agreeing: "Asha wins", "You win", "Asha & Ravi win".
fn agree(subject: &str, singular: &str, plural_form: &str) -> String {
    if plural(subject) {
        format!("{subject} {plural_form}")
    } else {
        format!("{subject} {singular}")
    }
}

/// A verdict as log lines (the game's log, the headless demo, `carrom replay`): each ruling with
/// who made the stroke, then any board, game or match result, the sides named by their players.
pub fn verdict(v: &Verdict, names: &Names) -> Vec<String> {
    let name = names.as_given(v.by);
    let mut out = Vec::new();
    for r in &v.rulings {
        out.push(format!(
            "G{} B{} {:>5} ({}): {}",
            v.game,
            v.board,
            v.by.title(),
            name,
            ruling(r, names)
        ));
    }
    if let Some(b) = v.board_result {
        out.push(format!(
            "  board to {} (side {}) for {} points; score {:?}",
            names.side(b.winner),
            b.winner.index(),
            b.points,
            v.score
        ));
    }
    if let Some(g) = v.game_result {
        out.push(format!(
            "  GAME to {} (side {}) ({:?})",
            names.side(g.winner),
            g.winner.index(),
            g.score
        ));
    }
    if let Some(m) = v.match_result {
        out.push(format!(
            "  MATCH to {} (side {}), games {:?}",
            names.side(m.winner),
            m.winner.index(),
            m.games
        ));
    }
    out
}

/// "the Queen covered by white" for a board's `queen` field.
fn queen_at_end(queen: &str) -> String {
    match queen {
        "covered_by_white" => "the Queen covered by white".into(),
        "covered_by_black" => "the Queen covered by black".into(),
        _ => "the Queen not covered".into(),
    }
}

/// The lines of a board's result card: heading, winner, points and Law, the game's score, what
/// comes next (`watched`: no one is asked to go on).
pub fn board_result(model: &Match, b: &BoardStats, watched: bool) -> Vec<String> {
    let names = [model.side_name(Side::Zero), model.side_name(Side::One)];
    let r = &model.referee;
    let mut lines = vec![format!("Game {}, board {}", b.game, b.board)];
    match b.winner {
        Some(_) => {
            lines.push(format!(
                "{} the board",
                agree(&b.winner_name, "wins", "win")
            ));
            lines.push(format!(
                "+{} {}, {} (Law {})",
                b.points,
                if b.points == 1 { "point" } else { "points" },
                queen_at_end(&b.queen),
                b.law
            ));
        }
        None => {
            lines.push("Board cancelled".into());
            lines.push(format!("It is played again (Law {})", b.law));
        }
    }
    let game_over = r.game_number() != b.game;
    lines.push(format!(
        "{} {}: {} {} - {} {}",
        if game_over { "Game" } else { "Game score" },
        if game_over { "over" } else { "now" },
        names[0],
        b.score[0],
        b.score[1],
        names[1]
    ));
    let games = r.games();
    lines.push(format!(
        "Games: {} {} - {} {}",
        names[0], games[0], games[1], names[1]
    ));
    lines.push(format!(
        "Next: game {}, board {}; {} breaks",
        r.game_number(),
        r.board_number(),
        model.seat_name(r.breaker())
    ));
    let white_now = r.colour_of_side(Side::One) == PieceColour::White;
    if u8::from(white_now) != b.white_side {
        let white = if white_now { &names[1] } else { &names[0] };
        let black = if white_now { &names[0] } else { &names[1] };
        lines.push(format!(
            "Colours change: {white} plays white, {black} black"
        ));
    }
    lines.push(if watched {
        "The next board starts in a moment.".into()
    } else {
        "Click, or press Enter, to rack the next board.".into()
    });
    lines
}

/// A board in the match's statistics: "Game 1 board 2: Asha (South) +5 (Queen covered by white,
/// Law 53(c)), score [5, 0], 41 strokes", or the board cancelled.
pub fn board_line(b: &BoardStats) -> String {
    match b.winner {
        Some(_) => format!(
            "Game {} board {}: {} +{} (Queen {}, Law {}), score {:?}, {} strokes",
            b.game,
            b.board,
            b.winner_name,
            b.points,
            b.queen.replace('_', " "),
            b.law,
            b.score,
            b.strokes
        ),
        None => format!(
            "Game {} board {}: cancelled (Law {}), {} strokes",
            b.game, b.board, b.law, b.strokes
        ),
    }
}

/// The match summary's title: "Ravi wins the match", or "The match is over" (no winner).
pub fn match_over(stats: &MatchStats) -> String {
    if stats.winner.is_some() {
        format!("{} the match", agree(&stats.winner_name, "wins", "win"))
    } else {
        "The match is over".into()
    }
}

/// A ruling as the players read it: the sentence and its Law, "Nothing pocketed. Turn passes
/// to Ravi (North). (Law 48)".
pub fn ruling(r: &Ruling, names: &Names) -> String {
    format!("{} (Law {})", sentence(&r.event, names), r.law.as_str())
}

/// "1 white man", "3 black men".
fn men(n: u8, colour: PieceColour) -> String {
    count(
        n,
        &format!("{} man", colour.name()),
        &format!("{} men", colour.name()),
    )
}

fn count(n: impl Into<u32>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn continues(yes: bool) -> &'static str {
    if yes { " The turn continues." } else { "" }
}

/// The sentence for what happened.
pub fn sentence(e: &Event, names: &Names) -> String {
    let seat = |s: &Seat| names.seat(*s);
    match e {
        Event::BreakMade => "Break made.".into(),
        Event::BreakMissed {
            by,
            attempt,
            attempts,
        } => format!(
            "Break not made — no carrom man touched (attempt {attempt} of {attempts}). {} tries again.",
            seat(by)
        ),
        Event::BreakPasses {
            attempts,
            next,
            colour,
        } => format!(
            "Break not made in {attempts} attempts: the right to break passes to {}, who plays {}.",
            seat(next),
            colour.name()
        ),
        Event::BreakMissFoul => {
            "Foul (house rules) — failing to break costs one penalty man.".into()
        }
        Event::BreakImproper { by, striker } => format!(
            "{} {} without touching a carrom man while breaking: turn lost, no due or penalty.",
            seat(by),
            if *striker {
                "pocketed the striker"
            } else {
                "played an improper stroke"
            }
        ),
        Event::ImproperBreakNoPenalty { by } => format!(
            "{} played an improper stroke in his attempt to break: he loses his turn, with no due or penalty (Law 45(c), read for every improper break). Own men and the Queen pocketed come out (Law 64(b)); the opponent's men stay pocketed (Law 76).",
            seat(by)
        ),
        Event::BreakAttemptFoul { by } => format!(
            "{} fouled in his attempt to break: the house rules make no exception for the break, so the turn ends and the foul costs its penalty. The break is still to be made.",
            seat(by)
        ),
        Event::BreakStillToMake { next, attempts } => format!(
            "No carrom man touched: the break is still to be made. Turn passes to {} (house rules: only the very first turn has {attempts} attempts).",
            seat(next)
        ),
        Event::NothingPocketed { next } => {
            format!("Nothing pocketed. Turn passes to {}.", seat(next))
        }
        Event::OpponentsMenPocketed { by, men } => format!(
            "{} pocketed {} of the opponent's; they stay pocketed. Turn passes.",
            seat(by),
            count(*men, "man", "men")
        ),
        Event::OwnMenPocketed {
            by,
            colour,
            men: n,
            continues,
        } => format!(
            "{} pocketed {}. {}",
            seat(by),
            men(*n, *colour),
            if *continues {
                "The turn continues."
            } else {
                "Turn passes."
            }
        ),
        Event::OpponentsManStopsTurn => "An opponent's man was pocketed: the umpire stops the player from playing further, even though own men fell too. The turn passes.".into(),
        Event::StrikerOffBoard { continues } => if *continues {
            "The striker jumped off the board, but own men were pocketed: the turn continues."
        } else {
            "The striker jumped off the board."
        }
        .into(),
        Event::Pass {
            by,
            in_a_row,
            cancel_at,
        } => format!(
            "{} passes ({in_a_row} in a row; {cancel_at} in a row cancel the board).",
            seat(by)
        ),
        Event::PassBeforeBreak { next, colour } => format!(
            "The break was not made: the right to break passes to {}, who plays {} (as Law 45(b)).",
            seat(next),
            colour.name()
        ),
        Event::PassesCancelBoard {
            by_every_player,
            each,
        } => format!(
            "{} passed {each} times in a row: the board is cancelled and replayed.",
            if *by_every_player {
                "Every player has"
            } else {
                "Both sides have"
            }
        ),
        Event::TechnicalFoulInTurn { offender } => format!(
            "Foul — {} broke a Law during his turn: treated as a foul stroke.",
            seat(offender)
        ),
        Event::TechnicalFoul {
            offender,
            before_first_stroke,
            colour,
        } => format!(
            "Technical foul by {} {}: one {} man comes out for placing by the opponent. The turn continues.",
            seat(offender),
            if *before_first_stroke {
                "before the first stroke of his turn"
            } else {
                "while not having the turn"
            },
            colour.name()
        ),
        Event::ShotClock { by, secs } => format!(
            "Foul — {} took more than {secs} seconds for the stroke.",
            seat(by)
        ),
        Event::DueUsedForQueen => {
            "Foul — a due/penalty man was used to make a shot with the Queen.".into()
        }
        Event::ImproperStroke {
            striker,
            own_men,
            opponents_men,
            queen,
            covering,
        } => improper_stroke(*striker, *own_men, *opponents_men, *queen, *covering).into(),
        Event::HouseFoul { foul, penalties } => format!(
            "Foul (house rules) — {}: {} out for placing; turn passes.",
            match foul {
                HouseFoul::OpponentsLastMan => "pocketing the opponent's last man",
                HouseFoul::OwnLastManBeforeQueen => {
                    "pocketing his last man before the Queen is covered"
                }
                HouseFoul::OpponentsMan => "pocketing an opponent's man",
                HouseFoul::Striker => "pocketing the striker",
                HouseFoul::OffTheBoard => "a piece or the striker leaving the board",
            },
            count(*penalties, "penalty man", "penalty men")
        ),
        Event::StrikerAlone => "Foul — striker pocketed alone. One due. Turn passes.".into(),
        Event::StrikerWithOwnMen { colour, men: n } => format!(
            "Striker pocketed with {}: they come out with one due. The turn continues.",
            men(*n, *colour)
        ),
        Event::StrikerWithOpponentsMen => "Striker pocketed with the opponent's men: they stay pocketed; one due. Turn passes.".into(),
        Event::StrikerWithBothMen {
            colour,
            men: n,
            opponents_colour,
            opponents_men,
            continues: c,
        } => format!(
            "Striker pocketed with {} and {}: own men come out with one due, the opponent's stay pocketed.{}",
            men(*n, *colour),
            men(*opponents_men, *opponents_colour),
            continues(*c)
        ),
        Event::DuesAvailable {
            placer,
            dues,
            colour,
            men: n,
        } => format!(
            "Outstanding {} now available: {} takes out {} for placing.",
            count(*dues, "due", "dues"),
            seat(placer),
            men(*n, *colour)
        ),
        Event::DuesPlacedBy {
            placer,
            colour,
            striker_himself,
        } => format!(
            "{} places the {} due/penalty men: {}.",
            seat(placer),
            colour.name(),
            if *striker_himself {
                "the striker himself, as they are the opponent's men (78(b)(ii))"
            } else {
                "the player on the right of the one who had the turn (78(b)(i))"
            }
        ),
        Event::DuesOutstanding { colour, owed } => format!(
            "{} {} outstanding: none available yet, taken out as soon as one is.",
            count(
                *owed,
                &format!("{} due", colour.name()),
                &format!("{} dues", colour.name())
            ),
            if *owed == 1 { "stays" } else { "stay" }
        ),
        Event::DuesWaitForEndOfTurn { colour, men: n } => format!(
            "{} owed {} in the pockets: the opponent returns {} at the end of the turn (house rules).",
            men(*n, *colour),
            if *n == 1 { "is" } else { "are" },
            if *n == 1 { "it" } else { "them" }
        ),
        Event::DuesReturnedAtEndOfTurn {
            by,
            placer,
            colour,
            men: n,
        } => format!(
            "{}'s turn is over: {} returns the owed {} to the board (house rules: at the end of the turn).",
            seat(by),
            seat(placer),
            men(*n, *colour)
        ),
        Event::PiecesOffBoard { queen, own, other } => {
            let men = u16::from(*own) + u16::from(*other);
            if men > 2 {
                "Pieces jumped off the board: the umpire places them in the centre circle, the first two as Law 65(b)/(c) say, the rest touching them."
            } else if *queen > 0 && men > 0 {
                "The Queen and a man jumped off the board: the umpire places the Queen in the centre circle first, the man touching her on the far side from the striker."
            } else if *own > 0 && *other > 0 {
                "A white and a black man jumped off the board: the umpire places the striker's colour in the centre circle first, the other touching it."
            } else {
                "A piece jumped off the board: the umpire places it in the centre circle."
            }
            .into()
        }
        Event::QueenPocketed { continues: c } => format!(
            "Queen pocketed: she must be covered with the next stroke.{}",
            continues(*c)
        ),
        Event::QueenAfterDuesRecovered { continues: c } => format!(
            "Queen pocketed after recovery of the dues and/or penalties, all nine own men on the board: the right to her stands. She must be covered with the next stroke.{}",
            continues(*c)
        ),
        Event::QueenAndOwnMen { colour, men: n } => format!(
            "Queen and {} pocketed together: the Queen is covered.",
            men(*n, *colour)
        ),
        Event::QueenWithMenAllNine => "Queen pocketed with more than one own man while all nine were on the board: the Queen is covered.".into(),
        Event::QueenWithOneManAllNine => "Queen pocketed with one own man while all nine were on the board: she must still be covered with the next stroke.".into(),
        Event::QueenBeforeOwnMan { back } => match back {
            QueenBack::TurnLost => {
                "Queen pocketed before any own man: she goes back and the turn is lost."
            }
            QueenBack::AtEndOfTurn => {
                "Queen pocketed before any own man: she stays in the pocket and goes back to the centre at the end of the turn; the turn continues."
            }
            QueenBack::AtOnce => {
                "Queen pocketed before any own man: she goes back; the turn continues."
            }
        }
        .into(),
        Event::QueenWithDueOutstanding { back } => match back {
            QueenBack::TurnLost => {
                "Queen pocketed while a due is outstanding: she goes back and the turn is lost."
            }
            QueenBack::AtEndOfTurn => {
                "Queen pocketed while a due is outstanding: she stays in the pocket and goes back to the centre at the end of the turn; the turn continues."
            }
            QueenBack::AtOnce => "Queen pocketed while a due is outstanding: she goes back.",
        }
        .into(),
        Event::QueenCovered { by } => format!("Queen covered by {}.", seat(by)),
        Event::QueenNotCovered => {
            "The Queen was not covered: the umpire puts her back in the centre circle.".into()
        }
        Event::QueenNotCoveredTurnOver { by } => format!(
            "{}'s turn is over before the Queen was covered: the umpire puts her back in the centre circle.",
            seat(by)
        ),
        Event::QueenReturnedAtEndOfTurn { by } => format!(
            "{}'s turn is over: the Queen he pocketed without the right to her is returned to the centre circle by the umpire (house rules: at the end of the turn).",
            seat(by)
        ),
        Event::CoveringWithStriker {
            colour,
            men: n,
            continues: c,
        } => format!(
            "Striker pocketed with {} while covering the Queen: they come out with one due{}",
            men(*n, *colour),
            if *c {
                "; the turn continues and the Queen must be covered with the next stroke."
            } else {
                "."
            }
        ),
        Event::StrikerAloneWhileCovering => "Striker pocketed alone while covering the Queen: the Queen goes back, one due. Turn passes.".into(),
        Event::QueenStrikerWithDue => "Queen pocketed with the striker while a due is outstanding: the Queen goes back and one more due is declared. Turn passes.".into(),
        Event::QueenStrikerAllNine => "Queen pocketed with the striker while all nine men are on the board: the Queen goes back and a due is declared. Turn passes.".into(),
        Event::QueenMenStrikerAllNine { colour, men: n } => format!(
            "Queen, {} and striker pocketed while all nine men were on the board: the Queen and the men come out and a due is declared. Turn passes (Law 95(d) read before Law 98(a)).",
            men(*n, *colour)
        ),
        Event::QueenMenStriker {
            colour,
            men: n,
            continues: c,
        } => format!(
            "Queen, {} and striker pocketed: the Queen and the men come out with one due.{}",
            men(*n, *colour),
            continues(*c)
        ),
        Event::QueenStriker { continues: c } => format!(
            "Queen pocketed with the striker: the umpire returns the Queen and one due comes out.{}",
            continues(*c)
        ),
        Event::StrikerWithOpponentsMenBeforeQueen => "The striker went down with the opponent's men: they stay pocketed and the turn passes (Law 74 read before Law 99(a)).".into(),
        Event::BoardEnded {
            by,
            last,
            queen,
            improper,
            striker,
            as_law,
            winner,
            points,
        } => board_ended(names, *by, *last, *queen, *improper, *striker, *as_law, *winner, *points),
        Event::ColourCleared {
            by,
            colour,
            winner,
            points,
        } => format!(
            "{} cleared the {} men after the Queen was covered: board to {} by {}.",
            seat(by),
            colour.name(),
            names.side_title(*winner, false),
            count(*points, "point", "points")
        ),
        Event::BoardCapped { points, cap } => format!(
            "A board is worth at most {cap} points: {points} counted as {cap}."
        ),
        Event::DuesWrittenOff => "Outstanding dues and penalties are written off.".into(),
        Event::QueenAddsNothing { side, score } => format!(
            "{} {score} points: covering the Queen adds nothing.",
            agree(&names.side_title(*side, true), "already has", "already have")
        ),
        Event::GameOnPoints { side, points, game } => {
            let who = names.side_title(*side, true);
            let (reach, win) = if plural(&who) {
                ("reach", "win")
            } else {
                ("reaches", "wins")
            };
            format!("{who} {reach} {points} points and {win} game {game}.")
        }
        Event::GameOnBoards { side, board, game } => {
            let who = names.side_title(*side, true);
            let (lead, win) = if plural(&who) {
                ("lead", "win")
            } else {
                ("leads", "wins")
            };
            format!("{who} {lead} after board {board} and {win} game {game}.")
        }
        Event::GameByExtraBoard { side, game } => format!(
            "{} the extra board and game {game}.",
            agree(&names.side_title(*side, true), "wins", "win")
        ),
        Event::GameByBoard { side, game } => format!(
            "{} the board and with it game {game} (house rules: a game is one board, its points the board's score).",
            agree(&names.side_title(*side, true), "wins", "win")
        ),
        Event::ExtraBoard { board } => format!(
            "Scores level after board {board}: an extra board decides the game (the break goes by toss)."
        ),
        Event::MatchWon { side, games } => format!(
            "{} the match, {} to {}.",
            agree(&names.side_title(*side, true), "wins", "win"),
            count(games[side.index()], "game", "games"),
            games[side.other().index()]
        ),
    }
}

/// An improper stroke and what it pocketed (Laws 64, 72(b), 76, 77, 98(b)-101(b)).
fn improper_stroke(s: bool, own: u8, opp: u8, queen: bool, covering: bool) -> &'static str {
    if queen || covering {
        if s && covering && own > 0 {
            "Improper stroke pocketing the striker with own men while covering the Queen: the men come out with a due and a penalty; the Queen goes back. Turn passes."
        } else if s && covering {
            "Improper stroke pocketing the striker alone while covering the Queen: the Queen goes back; two men come out as due and penalty. Turn passes."
        } else if s && own > 0 {
            "Improper stroke pocketing the Queen, own men and the striker: all come out with a due and a penalty. Turn passes."
        } else if s {
            "Improper stroke pocketing the Queen with the striker: the umpire returns the Queen; two men come out as due and penalty. Turn passes."
        } else {
            "Foul while pocketing the Queen: she goes back; pocketed own men come out with one penalty man. Turn passes."
        }
    } else if s && own > 0 {
        "Improper stroke pocketing own men with the striker: they come out with a due and a penalty. Turn passes."
    } else if s {
        "Foul — striker pocketed by an improper stroke. Due and foul: two men. Turn passes."
    } else if own > 0 {
        "Improper stroke pocketing own men: they come out with a penalty man. Turn passes."
    } else if opp > 0 {
        "Improper stroke pocketing the opponent's men: they stay pocketed; one penalty man. Turn passes."
    } else {
        "Foul — improper stroke. One penalty man. Turn passes."
    }
}

/// A board ended by a last man (Laws 52-53, 102-112): what the stroke was, then to whom the
/// board goes and by how much.
#[allow(clippy::too_many_arguments)]
fn board_ended(
    names: &Names,
    by: Seat,
    last: LastMen,
    queen: QueenAtEnd,
    improper: bool,
    striker: bool,
    as_law: Option<&'static str>,
    winner: Side,
    points: u16,
) -> String {
    let how = if improper { "an improper" } else { "a proper" };
    let with_striker = if striker {
        " together with the striker"
    } else {
        ""
    };
    let who = names.seat(by);
    let what = match last {
        LastMen::Both => format!(
            "{who} pocketed his last man and the opponent's last man by {how} stroke{with_striker}"
        ),
        LastMen::Own => format!("{who} pocketed his last man by {how} stroke{with_striker}"),
        LastMen::Opponents => {
            format!("{who} pocketed the opponent's last man by {how} stroke{with_striker}")
        }
    };
    let without_point = |law: &str| format!(" (as Law {law} without the striker's point)");
    let as_row = |law: &str| format!(" (as Law {law})");
    let stroke = match (last, queen) {
        (LastMen::Both, QueenAtEnd::Covering) | (LastMen::Opponents, QueenAtEnd::Covering) => {
            format!(
                "{what} while covering the Queen{}.",
                as_law.map(as_row).unwrap_or_default()
            )
        }
        (LastMen::Both, QueenAtEnd::OnBoard) => format!(
            "{what} with the Queen on the board{}.",
            as_law.map(as_row).unwrap_or_default()
        ),
        (LastMen::Both, QueenAtEnd::CoveredByStriker) => format!(
            "{what}; he had covered the Queen{}.",
            as_law.map(without_point).unwrap_or_default()
        ),
        (LastMen::Both, QueenAtEnd::CoveredByOpponent) => format!(
            "{what}; the opponent had covered the Queen{}.",
            as_law.map(without_point).unwrap_or_default()
        ),
        (LastMen::Own, QueenAtEnd::Covering) => format!("Queen covered. {what}."),
        (LastMen::Own, QueenAtEnd::OnBoard) => format!("{what}, leaving the Queen on the board."),
        (LastMen::Own, QueenAtEnd::CoveredByStriker) => format!("{what}; he covered the Queen."),
        (LastMen::Own, QueenAtEnd::CoveredByOpponent) => {
            format!("{what}; the Queen, covered by the loser, scores nothing.")
        }
        (LastMen::Opponents, QueenAtEnd::OnBoard) => {
            format!("{what} with the Queen on the board.")
        }
        (LastMen::Opponents, _) => match as_law {
            Some(law) => format!("{what}; the Queen had been covered (as Law {law})."),
            None if queen == QueenAtEnd::CoveredByOpponent => {
                format!("{what}: all the opponent's men are pocketed and he had covered the Queen.")
            }
            None => format!("{what}: all the opponent's men are pocketed."),
        },
    };
    let to = {
        let side = names.side(winner);
        if side.trim().is_empty() {
            let striker_side = names.seats.side_of(by);
            format!(
                "side {} ({})",
                winner.index(),
                if winner == striker_side {
                    by.title()
                } else {
                    "the opponent"
                }
            )
        } else {
            side
        }
    };
    format!(
        "{stroke} Board to {to} by {}.",
        count(points, "point", "points")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_striker_on_a_piece_names_the_piece_by_colour_and_the_law() {
        let pieces = [
            carrom_physics::Piece::new(carrom_physics::PieceColour::White, Default::default()),
            carrom_physics::Piece::new(carrom_physics::PieceColour::Queen, Default::default()),
        ];
        let said = striker_placement(&carrom_physics::PlacementError::OverlapsPiece(1), &pieces);
        assert_eq!(
            said,
            "the striker would disturb the Queen: pieces move only by a stroke (Law 134)"
        );
        let said = striker_placement(&carrom_physics::PlacementError::BeyondBaseLine, &pieces);
        assert!(said.contains("Law 130(a)"), "{said}");
    }

    #[test]
    fn the_verb_agrees_with_you_and_with_a_side_of_two() {
        assert_eq!(agree("Asha", "wins", "win"), "Asha wins");
        assert_eq!(agree("You", "wins", "win"), "You win");
        assert_eq!(agree("Asha & Ravi", "wins", "win"), "Asha & Ravi win");
    }
}
