//! A new tournament's form: its players typed as the command line lists them (names, and
//! `computer:LEVEL`), its format, its groups (VKK) or rounds (Swiss), a game for third place;
//! Start makes it, keeps it and holds it. Typed as the menu's other texts are
//! ([`super::super::typing`]).

use super::super::typing::{Editing, Fields, field_words, start_typing, stop_typing, type_into};
use super::super::{MenuPage, WIDE, small_text};
use super::TournamentHeld;
use crate::settings::Settings;
use crate::theme::{Activate, button, palette, size, text};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use carrom_tournament::{Format, NewError, Seeding, Tournament, parse_players, swiss};

/// The form's one typed text: the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayersField;

/// The most characters the players' text holds: sixteen long names and their commas.
const MOST: usize = 16 * 26;

/// What the form holds.
#[derive(Resource, Debug, Clone)]
pub struct TournamentForm {
    /// As `carrom tournament new --players` takes them: "Asha, Ravi, computer:hard".
    pub players: String,
    pub format: Format,
    /// The VKK groups (none: groups of four).
    pub groups: Option<usize>,
    /// A Swiss's rounds (none: enough for one unbeaten player).
    pub rounds: Option<usize>,
    pub third_place: bool,
    pub(super) editing: Option<Editing<PlayersField>>,
}

impl Default for TournamentForm {
    fn default() -> Self {
        TournamentForm {
            players: players_with(&Settings::default().names[0]),
            format: Format::Vkk,
            groups: None,
            rounds: None,
            third_place: false,
            editing: None,
        }
    }
}

/// The first tournament's players: the menu's first player and three computers.
fn players_with(name: &str) -> String {
    format!("{name}, computer:easy, computer:medium, computer:hard")
}

impl Fields for TournamentForm {
    type Field = PlayersField;

    fn editing(&mut self) -> &mut Option<Editing<PlayersField>> {
        &mut self.editing
    }

    fn text_mut(&mut self, _: PlayersField) -> &mut String {
        &mut self.players
    }

    fn max(_: PlayersField) -> usize {
        MOST
    }
}

impl TournamentForm {
    /// The players' text is being typed (Esc belongs to it).
    pub fn typing(&self) -> bool {
        self.editing.is_some()
    }

    /// The old text of the players while they are typed.
    pub fn typed_now(&self) -> Option<String> {
        self.editing.as_ref().map(|e| e.old.clone())
    }

    /// How many players the text names (for the groups' and rounds' choices).
    fn count(&self) -> usize {
        parse_players(&self.players).map_or(0, |p| p.len())
    }

    /// The tournament the form makes, seeded by `seed`, or why not (in the page's words).
    pub fn tournament(&self, seed: u64) -> Result<Tournament, String> {
        let players = parse_players(&self.players).map_err(|e| format!("Players: {e}."))?;
        let vkk = self.format == Format::Vkk;
        let settings = carrom_tournament::Settings {
            format: self.format,
            players,
            groups: self.groups.filter(|_| vkk),
            rounds: self.rounds.filter(|_| self.format == Format::Swiss),
            rules: carrom_tournament::tournament::RULES.into(),
            third_place: self.third_place && has_third_place(self.format),
            seed,
            seeding: Seeding::Order,
        };
        Tournament::new(settings)
            .map_err(|e| format!("The tournament cannot start: {}.", plain(&e)))
    }
}

/// A format's choice in words.
pub fn format_words(format: Format) -> &'static str {
    match format {
        Format::Vkk => "VKK: groups, the top two of each into a knockout",
        Format::RoundRobin => "round robin: everyone plays everyone",
        Format::Knockout => "knockout, in the order given",
        Format::Swiss => "Swiss: rounds of players on equal points",
    }
}

fn has_third_place(format: Format) -> bool {
    matches!(format, Format::Vkk | Format::Knockout)
}

/// A refusal without the command line's flag it names ("--groups: ...").
fn plain(e: &NewError) -> String {
    e.without_flag()
}

/// The group counts a VKK tournament of `players` can have (groups of 3 to 8).
pub fn group_choices(players: usize) -> Vec<usize> {
    let sizes = carrom_tournament::tournament::GROUP_SIZES;
    (1..=players / 3)
        .filter(|g| sizes.contains(&(players / g)) && sizes.contains(&players.div_ceil(*g)))
        .collect()
}

/// The next of `choices` after `now` (none, the default, before the first and after the last).
fn next_choice(now: Option<usize>, choices: &[usize]) -> Option<usize> {
    match now.and_then(|n| choices.iter().position(|c| *c == n)) {
        None => choices.first().copied(),
        Some(i) => choices.get(i + 1).copied(),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TournamentForm>()
        .add_systems(Startup, from_settings)
        .add_observer(end_typing)
        .add_systems(
            Update,
            type_players
                .after(super::super::menu_keys)
                .run_if(in_state(MenuPage::Tournament)),
        );
}

/// The first tournament's players start from the menu's first player.
fn from_settings(mut form: ResMut<TournamentForm>, settings: Option<Res<Settings>>) {
    if let Some(s) = settings {
        form.players = players_with(&s.names[0]);
    }
}

/// Keys typed into the players' text; Esc puts the old text back.
pub(super) fn type_players(
    mut keys: MessageReader<KeyboardInput>,
    mut form: ResMut<TournamentForm>,
) {
    for key in keys.read() {
        if key.state != ButtonState::Pressed || form.editing.is_none() {
            continue;
        }
        if let Some(ended) = type_into(&mut *form, &key.logical_key)
            && ended.undo
        {
            form.players = ended.old;
        }
    }
}

/// The players' field (a click on it starts typing; a click elsewhere ends it).
#[derive(Component)]
struct PlayersButton;

fn end_typing(
    click: On<Activate>,
    fields: Query<(), With<PlayersButton>>,
    form: Option<ResMut<TournamentForm>>,
) {
    if let Some(mut form) = form
        && !fields.contains(click.0)
        && form.editing.is_some()
    {
        stop_typing(&mut *form);
    }
}

/// The form: the players, the format and its choices, Start, and Back.
pub(super) fn spawn_form(page: &mut ChildSpawnerCommands, form: &TournamentForm, held: bool) {
    page.spawn(small_text("A NEW TOURNAMENT", size::MENU_HEADING));
    let words = field_words(
        form.editing.as_ref(),
        PlayersField,
        "Players",
        &form.players,
    );
    let field = button(
        page,
        WIDE,
        64.0,
        label(words),
        |_: On<Activate>, mut f: ResMut<TournamentForm>| start_typing(&mut *f, PlayersField),
    );
    page.commands().entity(field).insert(PlayersButton);
    page.spawn((
        small_text(
            &format!(
                "Names, or computer:LEVEL ({}), separated by commas.",
                carrom_tournament::Level::names()
            ),
            size::MENU_NOTE,
        ),
        Node {
            max_width: px(WIDE),
            ..default()
        },
    ));
    choice(
        page,
        format!("Format: {}", format_words(form.format)),
        |f| {
            let at = Format::ALL.iter().position(|x| *x == f.format).unwrap_or(0);
            f.format = Format::ALL[(at + 1) % Format::ALL.len()];
        },
    );
    spawn_format_choices(page, form);
    button(
        page,
        WIDE,
        40.0,
        label("Start the tournament".into()),
        start_tournament,
    );
    back_buttons(page, held);
}

/// The groups (VKK), the rounds (Swiss), a game for third place (VKK, knockout).
fn spawn_format_choices(page: &mut ChildSpawnerCommands, form: &TournamentForm) {
    let n = form.count();
    match form.format {
        Format::Vkk => {
            let groups = form
                .groups
                .map_or("groups of four".into(), |g| g.to_string());
            choice(page, format!("Groups: {groups}"), move |f| {
                f.groups = next_choice(f.groups, &group_choices(n));
            });
        }
        Format::Swiss => {
            let rounds = form
                .rounds
                .map_or("one unbeaten player's".into(), |r| r.to_string());
            choice(page, format!("Rounds: {rounds}"), move |f| {
                let most = swiss::max_rounds(n).max(1);
                f.rounds = next_choice(f.rounds, &(1..=most).collect::<Vec<_>>());
            });
        }
        _ => {}
    }
    if has_third_place(form.format) {
        let on = if form.third_place { "yes" } else { "no" };
        choice(page, format!("A game for third place: {on}"), |f| {
            f.third_place = !f.third_place
        });
    }
}

/// A choice's button: its words, and what a click changes in the form.
fn choice(
    page: &mut ChildSpawnerCommands,
    words: String,
    change: impl Fn(&mut TournamentForm) + Send + Sync + 'static,
) {
    button(
        page,
        WIDE,
        34.0,
        label(words),
        move |_: On<Activate>, mut f: ResMut<TournamentForm>| change(&mut f),
    );
}

/// Back to the tournament held (the form over it), and back to the menu.
fn back_buttons(page: &mut ChildSpawnerCommands, held: bool) {
    if held {
        button(
            page,
            WIDE,
            34.0,
            label("Back to the tournament in progress".into()),
            |_: On<Activate>, mut h: ResMut<TournamentHeld>| h.new_form = false,
        );
    }
    super::super::page_button(page, "Back (Esc)", MenuPage::Choices);
}

fn label(words: String) -> impl Bundle {
    text(words, 16.0, palette::BUTTON_TEXT)
}

/// Start: the tournament made from the form, kept in its own file and held; or why not.
fn start_tournament(_: On<Activate>, form: Res<TournamentForm>, mut held: ResMut<TournamentHeld>) {
    let seed = rand::random::<u64>() % 1_000_000;
    let t = match form.tournament(seed) {
        Ok(t) => t,
        Err(words) => return held.message = Some(words),
    };
    let Some(dir) = held.dir.clone() else {
        held.message = Some("There is nowhere to keep a tournament: no data folder.".into());
        return;
    };
    let path = dir.join(format!("tournament-{seed:06}.json"));
    if let Err(e) = t.save(&path) {
        held.message = Some(format!("The tournament could not be kept: {e}"));
        return;
    }
    held.message = Some(format!(
        "The tournament has begun: {} players, seed {seed}.",
        t.players.len()
    ));
    (held.path, held.tournament, held.new_form) = (Some(path), Some(t), false);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vkk_tournament_of_n_players_has_groups_of_three_to_eight() {
        assert_eq!(group_choices(4), [1]);
        assert_eq!(group_choices(8), [1, 2]);
        assert_eq!(group_choices(9), [2, 3], "nine is too many for one group");
        assert_eq!(group_choices(16), [2, 3, 4, 5]);
        assert!(group_choices(2).is_empty());
    }

    #[test]
    fn a_choice_goes_round_its_values_through_the_default() {
        assert_eq!(next_choice(None, &[1, 2]), Some(1));
        assert_eq!(next_choice(Some(1), &[1, 2]), Some(2));
        assert_eq!(next_choice(Some(2), &[1, 2]), None);
        assert_eq!(
            next_choice(Some(5), &[1, 2]),
            Some(1),
            "a value no longer there"
        );
    }

    #[test]
    fn the_form_makes_the_tournament_it_shows_or_says_why_not_without_the_flags() {
        let mut form = TournamentForm {
            players: "Asha, Ravi".into(),
            ..TournamentForm::default()
        };
        let refused = form.tournament(1).unwrap_err();
        assert_eq!(
            refused,
            "The tournament cannot start: vkk needs at least 3 players, not 2."
        );
        form.players = "Asha, Asha, Ravi".into();
        assert!(form.tournament(1).unwrap_err().starts_with("Players: "));
        form.players = "Asha, Ravi, computer:easy, computer:hard, Meena, Joseph".into();
        form.format = Format::Swiss;
        form.rounds = Some(3);
        form.groups = Some(2);
        let t = form.tournament(9).unwrap();
        assert_eq!((t.kind, t.rounds, t.groups.len()), (Format::Swiss, 3, 0));
    }
}
