//! The words for fouls, the striker pocketed and the dues: Laws 50, 63-65, 72-78, 88 and 114, and
//! the house rules' fouls and owed penalties.

use super::{Names, continues, count, men};
use carrom_referee::{Event, HouseFoul, Seat};

/// Fouls and pieces off the board, Laws 50, 63-65, 88 and 114, and the house rules' fouls.
pub(super) fn fouls(e: &Event, names: &Names) -> String {
    let seat = |s: &Seat| names.seat(*s);
    match e {
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
        Event::PlacingTime {
            by,
            secs,
            colour,
            owed,
        } => format!(
            "Foul — {} did not place the piece within {secs} seconds: the umpire puts it down, and one {} man {}.",
            seat(by),
            colour.name(),
            if *owed {
                "is owed as a penalty"
            } else {
                "comes out as a penalty for placing"
            }
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
        Event::PiecesOffBoard { queen, own, other } => {
            pieces_off_board(*queen, *own, *other).into()
        }
        other => unreachable!("{other:?} is not a foul"),
    }
}

/// The striker pocketed by a proper stroke, Laws 72(a) and 73-75.
pub(super) fn striker_pocketed(e: &Event, _names: &Names) -> String {
    match e {
        Event::StrikerAlone => "Foul — striker pocketed alone. One due. Turn passes.".into(),
        Event::StrikerWithOwnMen { colour, men: n } => format!(
            "Striker pocketed with {}: they come out with one due. The turn continues.",
            men(*n, *colour)
        ),
        Event::StrikerWithOpponentsMen => {
            "Striker pocketed with the opponent's men: they stay pocketed; one due. Turn passes."
                .into()
        }
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
        other => unreachable!("{other:?} is not an event of the striker pocketed"),
    }
}

/// Dues outstanding and placed, Laws 72(c) and 78 (and the traditional rules' owed penalties).
pub(super) fn dues(e: &Event, names: &Names) -> String {
    let seat = |s: &Seat| names.seat(*s);
    match e {
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
        other => unreachable!("{other:?} is not an event of dues"),
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

/// Pieces off the board and how the umpire places them (Law 65).
fn pieces_off_board(queen: u8, own: u8, other: u8) -> &'static str {
    let men = u16::from(own) + u16::from(other);
    if men > 2 {
        "Pieces jumped off the board: the umpire places them in the centre circle, the first two as Law 65(b)/(c) say, the rest touching them."
    } else if queen > 0 && men > 0 {
        "The Queen and a man jumped off the board: the umpire places the Queen in the centre circle first, the man touching her on the far side from the striker."
    } else if own > 0 && other > 0 {
        "A white and a black man jumped off the board: the umpire places the striker's colour in the centre circle first, the other touching it."
    } else {
        "A piece jumped off the board: the umpire places it in the centre circle."
    }
}
