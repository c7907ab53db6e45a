//! Every sentence `carrom tournament` prints: a game's stage and result, the tables, the
//! bracket, the champion.

use crate::game::{BOARDS, board_points};
use crate::knockout;
use crate::standings::Table;
use crate::tournament::{Format, Game, Stage, Tournament};

/// A stage in words: "group A, round 2", "semi-final", "Swiss round 3".
pub fn stage(t: &Tournament, stage: &Stage) -> String {
    match stage {
        Stage::Group { group, round } => format!("group {group}, round {round}"),
        Stage::Shootout { group } => format!("shootout, group {group}"),
        Stage::Knockout { round, .. } => {
            let left = 1u32 << (knockout::rounds(t.bracket.len()) + 1 - round);
            match left {
                2 => "final".into(),
                4 => "semi-final".into(),
                8 => "quarter-final".into(),
                n => format!("round of {n}"),
            }
        }
        Stage::ThirdPlace => "third place".into(),
        Stage::Swiss { round } => format!("Swiss round {round}"),
    }
}

/// "Game 5 (group A, round 2): Asha beat Ravi 26-12 in 4 boards"; a game decided by its
/// additional board or a shootout says so, and a walkover: "Game 5 (group A, round 2): Ravi
/// wins by walkover: Asha did not come (Law 143(i))".
pub fn result_line(t: &Tournament, game: &Game) -> String {
    let head = format!("Game {} ({})", game.number, stage(t, &game.stage));
    let (Some(winner), Some(o)) = (&game.winner, &game.result) else {
        return format!("{head}: {} v {}, to play", game.players[0], game.players[1]);
    };
    if let Some(absent) = &o.walkover {
        return format!("{head}: {winner} wins by walkover: {absent} did not come (Law 143(i))");
    }
    let loser = game.players.iter().find(|p| *p != winner).map_or("", |s| s);
    let points = board_points(&game.players, &o.boards);
    let w = usize::from(game.players[1] == *winner);
    let how = match (&o.additional, matches!(game.stage, Stage::Shootout { .. })) {
        (_, true) => format!("on one board ({} points)", points[w]),
        (Some(b), _) => format!(
            "on the additional board ({} points; {} struck first), {}-{} after {BOARDS} boards",
            b.points,
            o.additional_first.as_deref().unwrap_or("?"),
            points[0],
            points[1]
        ),
        (None, _) => format!(
            "{}-{} in {} boards",
            points[w],
            points[1 - w],
            o.boards.len()
        ),
    };
    format!(
        "{head}: {winner} beat {loser} {how} ({} won the toss)",
        game.first
    )
}

/// A game a person plays, left for the board: how to play it there (the toss's winner at
/// South, who breaks) and take its save into the tournament.
pub fn needs_the_board(t: &Tournament, game: &Game) -> String {
    let other = game
        .players
        .iter()
        .find(|p| **p != game.first)
        .map_or("", |s| s);
    let length = match game.stage {
        Stage::Shootout { .. } => "board",
        _ => "game",
    };
    format!(
        "Game {} ({}): {} v {} has a person at the board: play it with `carrom play --mode \
         singles --rules vkk --length {length} --names \"{},{other}\" --save SAVE` (F5 saves), \
         then `carrom tournament record FILE --game {} --save SAVE`",
        game.number,
        stage(t, &game.stage),
        game.players[0],
        game.players[1],
        game.first,
        game.number,
    )
}

/// "Champion: Asha", once the tournament is over.
pub fn champion_line(t: &Tournament) -> Option<String> {
    match t.champions().as_slice() {
        [] => None,
        [one] => Some(format!("Champion: {one}")),
        many => Some(format!("First place shared: {}", many.join(", "))),
    }
}

/// A table in lines: its name, then a row a player (rank, P, W, L, Pts, Net, who advances),
/// and the shootout it owes; `buchholz` adds a Swiss's column.
pub fn table_lines(table: &Table, buchholz: Option<&[u32]>) -> Vec<String> {
    let mut out = vec![format!("{}:", title(&table.name))];
    let bh = if buchholz.is_some() { "  Bhz" } else { "" };
    out.push(format!(
        "  {:>3}  {:<24} {:>2} {:>2} {:>2} {:>4} {:>5}{bh}",
        "#", "player", "P", "W", "L", "Pts", "Net"
    ));
    for (i, r) in table.standings.iter().enumerate() {
        let b = buchholz.map_or(String::new(), |b| format!(" {:>4}", b[i]));
        out.push(format!(
            "  {:>3}  {:<24} {:>2} {:>2} {:>2} {:>4} {:>+5}{b}{}",
            r.rank,
            r.name,
            r.played,
            r.won,
            r.played - r.won,
            r.points,
            r.net,
            if r.advances { "  advances" } else { "" }
        ));
    }
    if let Some(owed) = &table.shootout {
        out.push(format!(
            "  Tied on points, wins and net points across the cut: {} owe a one-board shootout",
            owed.join(", ")
        ));
    }
    out
}

fn title(name: &str) -> String {
    match name {
        "Swiss" => "Swiss".into(),
        n => format!("Group {n}"),
    }
}

/// The knockout's games, round by round, and the next games.
pub fn knockout_lines(t: &Tournament) -> Vec<String> {
    let mut out = Vec::new();
    let knockout = |g: &&Game| matches!(g.stage, Stage::Knockout { .. } | Stage::ThirdPlace);
    if t.kind == Format::Vkk || t.kind == Format::Knockout {
        let byes = t.bracket.iter().filter(|p| p.is_none()).count();
        out.push(format!("Knockout: {} places, {byes} byes", t.bracket.len()));
    }
    for g in t.games.iter().filter(knockout) {
        out.push(format!("  {}", result_line(t, g)));
    }
    out
}

/// What comes next: the next games, or the champion.
pub fn next_lines(t: &Tournament) -> Vec<String> {
    let next = t.next_games();
    if next.is_empty() {
        return champion_line(t).into_iter().collect();
    }
    let mut out = vec![format!("Next ({} games):", next.len())];
    for n in next {
        if let Some(g) = t.game(n) {
            out.push(format!(
                "  {}; {} strikes first",
                result_line(t, g),
                g.first
            ));
        }
    }
    out
}
