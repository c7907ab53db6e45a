//! Every sentence the trainer says, in one place: the drills' names and tasks, the verdicts on
//! strokes, the weakest-shot proposal and the progress lines.

use crate::drill::DrillKind;
use crate::score::{MissWay, Scored, Side};
use carrom_ai::coach::{clock_position, piece_name, pocket_name};
use carrom_physics::{Piece, Seat, Spec};

/// The drill's name as the list shows it.
pub fn drill_name(kind: DrillKind) -> &'static str {
    match kind {
        DrillKind::StraightCut => "Straight cut",
        DrillKind::Cut30 => "Cut at 30°",
        DrillKind::Cut60 => "Cut at 60°",
        DrillKind::ThinCut => "Thin cut",
        DrillKind::OffACushion => "A man off a cushion",
        DrillKind::FrozenOnACushion => "A man frozen on a cushion",
        DrillKind::Combination => "Combination",
        DrillKind::QueenAndCover => "The Queen and her cover",
        DrillKind::Break => "The break",
    }
}

/// What each level of a drill changes, for the drill list.
pub fn level_words(kind: DrillKind, level: u8) -> String {
    if kind == DrillKind::Break {
        return match level {
            1 => "pocket any piece".into(),
            2 => "pocket a piece of yours".into(),
            n => format!("pocket {} of yours", if n == 3 { 2 } else { 3 }),
        };
    }
    let distance = match level {
        1 => "8-16 cm from the pocket",
        2 => "15-27 cm",
        3 => "24-38 cm, a man near the line",
        _ => "32-48 cm, men near both lines",
    };
    format!("level {level}: {distance}")
}

fn pocket_words(spec: &Spec, k: usize) -> String {
    pocket_name(spec.board.pockets()[k].name)
}

fn piece_at(p: &Piece, seat: Seat) -> String {
    format!(
        "the {} at {} o'clock",
        piece_name(p.kind),
        clock_position(seat, p.x, p.y)
    )
}

/// The cushion a mirror line lies along, by the seat in front of it.
fn cushion_name(axis: usize, c: f32) -> &'static str {
    match (axis, c > 0.0) {
        (0, true) => "east",
        (0, false) => "west",
        (_, true) => "north",
        (_, false) => "south",
    }
}

/// A drill's task: "Cut the white man at 1 o'clock into the north-east pocket (a cut of about
/// 30°)".
#[allow(clippy::too_many_arguments)]
pub fn task(
    kind: DrillKind,
    pieces: &[Piece],
    target: usize,
    object: Option<usize>,
    pocket: usize,
    mirror: Option<(usize, f32)>,
    spec: &Spec,
    seat: Seat,
) -> String {
    let t = piece_at(&pieces[target], seat);
    let k = pocket_words(spec, pocket);
    match kind {
        DrillKind::StraightCut => format!("Cut {t} straight into the {k} pocket"),
        DrillKind::Cut30 => format!("Cut {t} into the {k} pocket (a cut of about 30°)"),
        DrillKind::Cut60 => format!("Cut {t} into the {k} pocket (a cut of about 60°)"),
        DrillKind::ThinCut => format!("Cut {t} thin into the {k} pocket"),
        DrillKind::OffACushion => {
            let (axis, c) = mirror.unwrap_or((0, 1.0));
            format!(
                "Cut {t} off the {} cushion into the {k} pocket",
                cushion_name(axis, c)
            )
        }
        DrillKind::FrozenOnACushion => {
            format!("Cut {t}, frozen on the cushion, along it into the {k} pocket")
        }
        DrillKind::Combination => {
            let o = object
                .map(|o| piece_at(&pieces[o], seat))
                .unwrap_or_default();
            format!("Combination: strike {o} onto {t} and pocket him in the {k} pocket")
        }
        DrillKind::QueenAndCover => {
            format!("Pocket the Queen into the {k} pocket, then cover her with a white man")
        }
        DrillKind::Break => "Break".into(),
    }
}

/// The cover after the Queen went in: "Cover the Queen: cut the white man at 3 o'clock into
/// the south-east pocket".
pub fn cover_task(p: &Piece, pocket: usize, spec: &Spec, seat: Seat) -> String {
    format!(
        "Cover the Queen: cut {} into the {} pocket",
        piece_at(p, seat),
        pocket_words(spec, pocket)
    )
}

/// The break's task by level.
pub fn break_task(level: u8, needed: u8) -> String {
    match (level, needed) {
        (1, _) => "Break: pocket any piece".into(),
        (_, 1) => "Break and strike again: pocket a white man or the Queen".into(),
        (_, n) => format!("Break and pocket at least {n} of your pieces (white men or the Queen)"),
    }
}

/// The verdict on a stroke as the player reads it ("Missed: too thin — the white man's line
/// passed 3.2 cm outside the pocket"; "Missed the white man: too thin — the line passed 2.0 cm
/// to the left of him").
pub fn verdict(s: &Scored, piece: &str) -> String {
    match s {
        Scored::In { pieces } if *pieces > 1 => format!("In! {pieces} pieces down."),
        Scored::In { .. } => "In!".into(),
        Scored::Foul { ruling, .. } => format!("Foul: {ruling}"),
        Scored::Missed {
            way,
            by,
            touched,
            side,
        } => match (way, touched) {
            (Some(way @ (MissWay::TooThin | MissWay::TooThick)), false) => {
                passed_by(*way, *by, *side, piece)
            }
            (Some(MissWay::TooThin), true) => format!(
                "Missed: too thin — the {piece}'s line passed {by:.1} cm outside the pocket"
            ),
            (Some(MissWay::TooThick), true) => format!(
                "Missed: too thick — the {piece}'s line passed {by:.1} cm outside the pocket"
            ),
            (Some(MissWay::TooSoft), true) => {
                format!("Missed: too soft — the {piece} stopped {by:.0} cm short of the pocket")
            }
            (Some(MissWay::TooSoft), false) if piece == "striker" => {
                format!("Missed: too soft — {by:.0} piece(s) short of the task")
            }
            (Some(MissWay::TooSoft), false) => {
                format!("Missed: too soft — the stroke stopped {by:.0} cm short of the {piece}")
            }
            (Some(MissWay::TooHard), _) => format!(
                "Missed: too hard — the {piece} reached the pocket at {by:.1} m/s and came off its jaws"
            ),
            (Some(MissWay::TooFew), _) => format!("Missed: {by:.0} piece(s) short of the task"),
            (None, false) => format!("Missed: another piece was in the way of the {piece}"),
            (None, true) => format!("Missed: the {piece} was on line but did not go in"),
        },
    }
}

/// The striker's line passed the piece by, too thin or too thick: on which side of him and
/// how far ("too thick — the line passed 33.5 cm to the right of him, on the wrong side for
/// the cut").
fn passed_by(way: MissWay, by: f32, side: Option<Side>, piece: &str) -> String {
    let him = pronoun(piece);
    let thick = way == MissWay::TooThick;
    let how = if thick { "too thick" } else { "too thin" };
    match side {
        Some(side) => {
            let side = match side {
                Side::Left => "left",
                Side::Right => "right",
            };
            let wrong = if thick {
                ", on the wrong side for the cut"
            } else {
                ""
            };
            format!(
                "Missed the {piece}: {how} — the line passed {by:.1} cm to the {side} of {him}{wrong}"
            )
        }
        None if thick => {
            format!("Missed the {piece}: {how} — the line passed {by:.1} cm beyond {him}")
        }
        None => format!("Missed the {piece}: {how} — the line passed {by:.1} cm outside {him}"),
    }
}

/// "him" for a man, "her" for the Queen.
fn pronoun(piece: &str) -> &'static str {
    if piece == "Queen" { "her" } else { "him" }
}

/// The coach's kinds of shot in the plural: "straight cuts".
pub fn kind_plural(kind: &str) -> &'static str {
    match kind {
        "straight_cut" => "straight cuts",
        "cut_off_a_cushion" => "cuts off a cushion",
        "combination" => "combinations",
        "break" => "breaks",
        _ => "safety shots",
    }
}

/// The proposal from a player's own misses: "You miss cuts off a cushion most (7 of 9 in your
/// matches): try the drill A man off a cushion".
pub fn proposal(kind_words: &str, missed: u32, played: u32, drill: DrillKind) -> String {
    format!(
        "You miss {kind_words} most ({missed} of {played} in your matches): try the drill {}",
        drill_name(drill)
    )
}
