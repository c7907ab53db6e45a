//! The menu's labels: each button's words follow the settings and what is at the table; what
//! the chosen rule set changes; the settings file's message.

use super::MenuRules;
use super::players::MenuPlayers;
use crate::modes::OnBoard;
use crate::settings::{Settings, SettingsFile, recent_autosaves};
use bevy::prelude::*;
use carrom_ai::Rung;

/// A choice of the menu (its button's label follows the settings).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Choice {
    Continue,
    Singles,
    SinglesVsComputer,
    Doubles,
    /// The casual text's three players against each other for points.
    ThreeForPoints,
    Practice,
    /// Drills by kind of shot.
    Training,
    Demo2,
    Demo4,
    HowToPlay,
    /// A tournament: a new one, or the one in progress.
    Tournament,
    /// The page of saved matches (to go on with) and replays (to watch).
    Library,
    /// Host or join a match across machines.
    // The desktop game's (the browser's menu says where play across machines is, and a
    // page is closed with its tab).
    #[cfg(not(target_arch = "wasm32"))]
    AcrossMachines,
    /// Play online on a carrom server.
    Online,
    #[cfg(not(target_arch = "wasm32"))]
    Quit,
    Rules,
    /// How long a match is: one board, one game, the rule set's whole match.
    Length,
    /// The computer players' level (easy, medium, hard).
    Level,
    /// The coach's hints in matches (always there in practice).
    Hints,
    Volume,
    Board,
    /// Tournament play: matches without the aim guide or the coach's hints.
    Guide,
    /// Type a new name for the player in this row.
    Name(usize),
    /// Human or computer in this row.
    Computer(usize),
}

/// A text that shows a choice's current label.
#[derive(Component)]
pub(super) struct ChoiceLabel(pub(super) Choice);

/// What the chosen rule set changes.
#[derive(Component)]
pub(super) struct RulesNote;

/// How the chosen computer level plays.
#[derive(Component)]
pub(super) struct LevelNote;

/// The settings file's message, if reading or writing it failed.
#[derive(Component)]
pub(super) struct SettingsNote;

/// What a rule set changes, in a line.
pub fn rules_note(name: &str) -> &'static str {
    match name {
        "icf" => {
            "ICF Laws: a game to 25 points or 8 boards, best of three games; the Queen is worth 3 below 22."
        }
        "vkk" => "VKK: the ICF Laws in one game of 6 boards or 25 points.",
        "fof2022" => {
            "FOF 2022: 29 points or 8 boards; the Queen is worth 5 below 25, a lost board's 3 points count at any score; pocketing an opponent's man ends the turn."
        }
        "casual" => {
            "Casual: one game to 25 or 8 boards; pocketing an opponent's man ends the turn; the aim guide shows the struck piece."
        }
        "traditional" => {
            "Traditional house rules: best of three boards, each won by clearing your pieces; clockwise turns, the Queen worth 5 below 24, every foul a penalty man (in the break attempts too), owed ones back at the end of the turn, pieces off the board are fouls."
        }
        _ => "",
    }
}

/// A choice's label as it stands.
fn label_of(
    choice: Choice,
    rules: &MenuRules,
    players: &MenuPlayers,
    settings: &Settings,
    can_continue: Option<&str>,
) -> String {
    let on_off = |b: bool| if b { "ON" } else { "OFF" };
    match choice {
        Choice::Continue => match can_continue {
            Some(what) => one_line(&format!("Continue - {what}")),
            None => "Continue - nothing saved".into(),
        },
        Choice::Singles => "Singles - two players (hotseat)".into(),
        Choice::SinglesVsComputer => "Singles - play the computer".into(),
        Choice::Doubles => "Doubles - four players".into(),
        Choice::ThreeForPoints => "Three players - each for points".into(),
        Choice::Practice => "Break practice".into(),
        Choice::Training => "Training - drills by kind of shot".into(),
        Choice::Demo2 => "Computer demo - singles".into(),
        Choice::Demo4 => "Computer demo - doubles".into(),
        Choice::HowToPlay => "How to play".into(),
        Choice::Library => "Saved matches and replays".into(),
        Choice::Tournament => "Tournament".into(),
        #[cfg(not(target_arch = "wasm32"))]
        Choice::AcrossMachines => "Play across machines - host or join".into(),
        Choice::Online => "Play online - on a carrom server".into(),
        #[cfg(not(target_arch = "wasm32"))]
        Choice::Quit => "Quit".into(),
        Choice::Rules => format!("Rules: {}", rules.0.name().to_uppercase()),
        Choice::Length => {
            format!("Match: {}", settings.length.describe(&rules.0.rules()))
        }
        Choice::Level => format!(
            "Computer: {} (rated {:.0})",
            players.level.name().to_uppercase(),
            players.level.rating()
        ),
        Choice::Hints if settings.tournament => {
            "Coach's hints in matches: OFF (tournament play)".into()
        }
        Choice::Hints => format!("Coach's hints in matches: {}", on_off(players.hints)),
        Choice::Volume => format!("Volume: {:.0}%", 100.0 * settings.volume),
        Choice::Board => {
            if settings.fixed_board {
                "Board: fixed (South at the bottom)".into()
            } else {
                "Board: turns to the player to strike".into()
            }
        }
        Choice::Guide => format!(
            "Tournament play (no guide, no hints): {}",
            on_off(settings.tournament)
        ),
        Choice::Name(row) => players.label(row),
        Choice::Computer(row) => if players.computer[row] {
            "Computer"
        } else {
            "Human"
        }
        .into(),
    }
}

/// The newest autosaved match, read from the disk as the menu comes up (not every frame).
#[derive(Resource, Default)]
pub(super) struct NewestAutosave(Option<String>);

pub(super) fn read_newest_autosave(mut newest: ResMut<NewestAutosave>) {
    newest.0 = recent_autosaves(1)
        .first()
        .map(|p| crate::screens::library::title_of_file(p));
}

/// The characters of the menu's buttons' 19-pixel type that fit on their one line.
const LINE: usize = 36;

/// `label` cut to the button's one line, with "..." where it was cut (a long match title
/// stays in its button, over nothing).
fn one_line(label: &str) -> String {
    if label.chars().count() <= LINE {
        return label.to_string();
    }
    let kept: String = label.chars().take(LINE - 3).collect();
    format!("{}...", kept.trim_end())
}

/// What Continue would go back to: the game a person left with Esc, or the newest autosaved
/// match (a demo at the table is passed by).
fn continue_text(board: &OnBoard, newest: &NewestAutosave) -> Option<String> {
    if board.open && !board.people.is_empty() {
        return Some(board.title.clone());
    }
    newest.0.clone()
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
pub(super) fn labels(
    rules: Res<MenuRules>,
    players: Res<MenuPlayers>,
    settings: Res<Settings>,
    file: Res<SettingsFile>,
    board: Res<OnBoard>,
    newest: Res<NewestAutosave>,
    mut q: Query<
        (&ChoiceLabel, &mut Text),
        (
            Without<RulesNote>,
            Without<SettingsNote>,
            Without<LevelNote>,
        ),
    >,
    mut note: Query<&mut Text, (With<RulesNote>, Without<SettingsNote>, Without<LevelNote>)>,
    mut message: Query<&mut Text, (With<SettingsNote>, Without<RulesNote>, Without<LevelNote>)>,
    mut level_note: Query<&mut Text, (With<LevelNote>, Without<RulesNote>, Without<SettingsNote>)>,
) {
    if let Ok(mut t) = level_note.single_mut() {
        let want = format!("{}: {}", players.level.name(), players.level.blurb());
        if t.0 != want {
            t.0 = want;
        }
    }
    let can = continue_text(&board, &newest);
    for (l, mut t) in &mut q {
        let want = label_of(l.0, &rules, &players, &settings, can.as_deref());
        if t.0 != want {
            t.0 = want;
        }
    }
    if let Ok(mut t) = note.single_mut() {
        let want = rules_note(rules.0.name());
        if t.0 != want {
            t.0 = want.to_string();
        }
    }
    if let Ok(mut t) = message.single_mut() {
        let want = file.message.clone().unwrap_or_default();
        if t.0 != want {
            t.0 = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_continue_label_stays_on_its_buttons_one_line() {
        let long = "Continue - Singles against the computer (hard), ICF, game 2, board 5";
        let cut = one_line(long);
        assert_eq!(cut.chars().count(), LINE);
        assert!(cut.starts_with("Continue - Singles") && cut.ends_with("..."));
        assert_eq!(one_line("Continue - Practice"), "Continue - Practice");
    }
}
