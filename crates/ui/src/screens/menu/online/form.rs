//! What the online page's fields hold ([`OnlineForm`]): the server (a setting), the name, a
//! room's code to join, and the private room to make: singles or doubles, who plays each other
//! seat (a person or the server's computer) and the computers' level. Typed as the menu's
//! other texts are ([`super::super::typing`]).

use super::super::players::MenuPlayers;
use super::super::typing::{Editing, Ended, Fields, stop_typing, type_into};
use crate::settings::{Settings, SettingsFile};
use crate::theme::Activate;
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use carrom_match::Level;
use carrom_online::Mode;
use carrom_referee::Seat;

/// A text of the page that is typed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OnlineField {
    Server,
    Name,
    /// A private room's code, to join.
    Code,
    /// A name's code from another device: the name and its key ([`carrom_online::name_code`]).
    NameCode,
}

impl OnlineField {
    /// The most characters the field holds.
    pub(super) fn max(self) -> usize {
        match self {
            OnlineField::Server => 120,
            OnlineField::Name => carrom_match::Player::MAX_NAME,
            OnlineField::Code => 12,
            OnlineField::NameCode => {
                carrom_match::Player::MAX_NAME + 1 + carrom_online::names::TOKEN_LENGTH
            }
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            OnlineField::Server => "Server",
            OnlineField::Name => "Your name",
            OnlineField::Code => "Room or party code",
            OnlineField::NameCode => "Code from another device",
        }
    }
}

/// A field the page needs that is empty (the words the page shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Untyped {
    #[error("Your name: type the name to play under.")]
    Name,
    #[error("Server: type the server's address, as 127.0.0.1:8787.")]
    Server,
}

/// The seats a private room's creator does not sit in: North in singles; East, North and West
/// in doubles (the creator sits South).
pub const OTHER_SEATS: [Seat; 3] = [Seat::North, Seat::East, Seat::West];

/// The online page's fields.
#[derive(Resource, Debug)]
pub struct OnlineForm {
    pub server: String,
    pub name: String,
    pub code: String,
    /// A name's code typed here, taken when it is kept.
    pub name_code: String,
    pub doubles: bool,
    /// The other seats ([`OTHER_SEATS`]) the server's computers play; the rest wait for people.
    pub computers: [bool; 3],
    pub level: Level,
    /// The field being typed, and what it held before.
    pub(super) editing: Option<Editing<OnlineField>>,
}

impl Default for OnlineForm {
    fn default() -> Self {
        OnlineForm {
            server: crate::settings::default_server(),
            name: String::new(),
            code: String::new(),
            name_code: String::new(),
            doubles: false,
            computers: [false; 3],
            level: Level::Medium,
            editing: None,
        }
    }
}

impl OnlineForm {
    pub fn text(&self, field: OnlineField) -> &str {
        match field {
            OnlineField::Server => &self.server,
            OnlineField::Name => &self.name,
            OnlineField::Code => &self.code,
            OnlineField::NameCode => &self.name_code,
        }
    }

    /// The field being typed, and the text it held before.
    pub fn typed_now(&self) -> Option<(OnlineField, String)> {
        self.editing.as_ref().map(|e| (e.field, e.old.clone()))
    }

    /// A field is being typed into (Esc belongs to it).
    pub fn typing(&self) -> bool {
        self.editing.is_some()
    }

    /// The room's seats: the creator's South and the others of singles or doubles.
    pub fn mode(&self) -> Mode {
        if self.doubles {
            Mode::Doubles
        } else {
            Mode::Singles
        }
    }

    /// The other seats in the room (North; or North, East and West).
    pub fn other_seats(&self) -> &'static [Seat] {
        if self.doubles {
            &OTHER_SEATS
        } else {
            &OTHER_SEATS[..1]
        }
    }

    /// The seats the server's computers play.
    pub fn computer_seats(&self) -> Vec<Seat> {
        self.other_seats()
            .iter()
            .zip(self.computers)
            .filter(|(_, c)| *c)
            .map(|(s, _)| *s)
            .collect()
    }

    /// The name typed, or why there is none to play under.
    pub fn checked_name(&self) -> Result<String, Untyped> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(Untyped::Name);
        }
        Ok(name.to_string())
    }

    /// The server typed, or why there is none.
    pub fn checked_server(&self) -> Result<String, Untyped> {
        let server = self.server.trim();
        if server.is_empty() {
            return Err(Untyped::Server);
        }
        Ok(server.to_string())
    }
}

impl Fields for OnlineForm {
    type Field = OnlineField;

    fn editing(&mut self) -> &mut Option<Editing<OnlineField>> {
        &mut self.editing
    }

    fn text_mut(&mut self, field: OnlineField) -> &mut String {
        match field {
            OnlineField::Server => &mut self.server,
            OnlineField::Name => &mut self.name,
            OnlineField::Code => &mut self.code,
            OnlineField::NameCode => &mut self.name_code,
        }
    }

    fn max(field: OnlineField) -> usize {
        field.max()
    }
}

/// The next level of the ladder (after the strongest, the weakest).
pub fn next_level(level: Level) -> Level {
    let at = Level::ALL.iter().position(|&l| l == level).unwrap_or(0);
    Level::ALL[(at + 1) % Level::ALL.len()]
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineForm>()
        .add_systems(Startup, from_settings)
        .add_systems(OnEnter(super::MenuPage::Online), name_from_menu)
        .add_systems(
            Update,
            another_newcomer_name.run_if(in_state(super::MenuPage::Online)),
        )
        .add_observer(end_typing)
        .add_systems(
            Update,
            type_field
                .after(super::super::menu_keys)
                .run_if(in_state(super::MenuPage::Online)),
        );
}

/// The server and the name start as the settings keep them.
fn from_settings(mut form: ResMut<OnlineForm>, settings: Option<Res<Settings>>) {
    if let Some(settings) = settings {
        form.server.clone_from(&settings.server);
        form.name.clone_from(&settings.online_name);
    }
}

/// With no name kept, the name starts as the menu's first player's, unless that is the name
/// every new game gives him ("Player 1", which the first newcomer to play on a server claims):
/// then the newcomer is given a name nobody is likely to have ([`carrom_online::newcomer_name`]),
/// kept with the settings, which he may change.
fn name_from_menu(
    mut form: ResMut<OnlineForm>,
    players: Res<MenuPlayers>,
    mut settings: ResMut<Settings>,
    mut file: ResMut<SettingsFile>,
) {
    if !form.name.trim().is_empty() {
        return;
    }
    let first = players.names[0].trim();
    if !first.is_empty() && first != Settings::default().names[0] {
        form.name = first.to_string();
        return;
    }
    give_newcomer_name(&mut form, &mut settings, &mut file);
}

/// A newcomer's name ([`carrom_online::newcomer_name`]) in the form, kept with the settings.
fn give_newcomer_name(form: &mut OnlineForm, settings: &mut Settings, file: &mut SettingsFile) {
    form.name = carrom_online::newcomer_name(fresh_seed());
    settings.online_name.clone_from(&form.name);
    file.store(settings);
}

/// A newcomer's name the server refused as another player's (one in about nine thousand): he
/// is given another, and told so.
fn another_newcomer_name(
    mut form: ResMut<OnlineForm>,
    mut session: ResMut<super::session::OnlineSession>,
    mut settings: ResMut<Settings>,
    mut file: ResMut<SettingsFile>,
) {
    let Some(taken) = session.taken.take() else {
        return;
    };
    if !carrom_online::is_newcomer_name(&taken) || form.name != taken {
        return;
    }
    give_newcomer_name(&mut form, &mut settings, &mut file);
    session.message = Some(format!(
        "The name {taken} was someone else's on this server: you are {} now. Click Quick match \
         again, or click Your name to choose another.",
        form.name
    ));
}

/// A seed for a newcomer's name, different on each machine and each time (a name, not a
/// game: nothing replays from it).
fn fresh_seed() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        let random = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
        random ^ js_sys::Date::now() as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(0, |d| d.as_nanos() as u64) ^ u64::from(std::process::id())
    }
}

/// Typing into the field being edited; Enter keeps it (the server and the name with the
/// settings), Esc puts the old text back.
fn type_field(
    mut keys: MessageReader<KeyboardInput>,
    mut form: ResMut<OnlineForm>,
    mut kept: Keeping,
) {
    for key in keys.read() {
        if key.state == ButtonState::Pressed
            && let Some(ended) = type_into(&mut *form, &key.logical_key)
        {
            kept.keep(&mut form, ended);
        }
    }
}

/// Where a field's text is kept: the settings (the server, the name), the session's words (a
/// name's code taken or refused).
#[derive(bevy::ecs::system::SystemParam)]
struct Keeping<'w> {
    settings: ResMut<'w, Settings>,
    file: ResMut<'w, SettingsFile>,
    session: ResMut<'w, super::session::OnlineSession>,
}

impl Keeping<'_> {
    fn keep(&mut self, form: &mut OnlineForm, ended: Ended<OnlineField>) {
        let taking = ended.field == OnlineField::NameCode && !ended.undo;
        keep_field(form, ended, &mut self.settings, &mut self.file);
        if taking && !form.name_code.is_empty() {
            let said = take_name_code(form, &mut self.settings, &mut self.file);
            self.session.message = Some(said);
        }
    }
}

/// A name's code typed from another device: its name becomes the form's and its key is kept
/// for this server, so the name plays here as it did there; or why the code is not one.
fn take_name_code(
    form: &mut OnlineForm,
    settings: &mut Settings,
    file: &mut SettingsFile,
) -> String {
    let (name, token) = match carrom_online::read_name_code(&form.name_code) {
        Ok(read) => read,
        Err(e) => return format!("Name code: {e}."),
    };
    if let Err(e) = carrom_online::keep_token(&form.server, &name, &token) {
        return format!("Name code: the name's key could not be kept ({e}).");
    }
    form.name_code.clear();
    form.name.clone_from(&name);
    settings.online_name.clone_from(&name);
    file.store(settings);
    format!("You play as {name} on this server now, as on the device the code came from.")
}

/// The name's code for this server, to play under the name on another device (none when no
/// key is kept for it here: the name is given its key the first time it plays).
pub fn code_of_name(form: &OnlineForm) -> Result<String, String> {
    let (server, name) = (form.server.trim(), form.name.trim());
    match carrom_online::kept_token(server, name) {
        Some(token) => Ok(carrom_online::name_code(name, &token)),
        None => Err(format!(
            "No key is kept for {name} on this server yet: a name is given its key the first time it plays there."
        )),
    }
}

/// Typing ends: the text kept (or the old one put back), the code in capitals, and the
/// server and the name kept with the settings.
fn keep_field(
    form: &mut OnlineForm,
    ended: Ended<OnlineField>,
    settings: &mut Settings,
    file: &mut SettingsFile,
) {
    let Ended { field, old, undo } = ended;
    let text = form.text_mut(field);
    if undo {
        *text = old;
    }
    *text = text.trim().to_string();
    if field == OnlineField::Code {
        *text = text.to_uppercase();
    }
    if settings.server != form.server || settings.online_name != form.name {
        settings.server.clone_from(&form.server);
        settings.online_name.clone_from(&form.name);
        file.store(settings);
    }
}

/// A field's button (a click on it starts typing; a click elsewhere ends it).
#[derive(Component)]
pub(super) struct FieldButton;

/// A click on anything but a field ends the typing, keeping what was typed.
fn end_typing(
    click: On<Activate>,
    fields: Query<(), With<FieldButton>>,
    form: Option<ResMut<OnlineForm>>,
    kept: Option<Keeping>,
) {
    let (Some(mut form), Some(mut kept)) = (form, kept) else {
        return;
    };
    if fields.contains(click.0) {
        return;
    }
    if let Some(ended) = stop_typing(&mut *form) {
        kept.keep(&mut form, ended);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_private_rooms_computers_sit_only_in_its_seats() {
        let mut form = OnlineForm {
            computers: [true, false, true],
            ..default()
        };
        assert_eq!(form.computer_seats(), vec![Seat::North]);
        form.doubles = true;
        assert_eq!(form.computer_seats(), vec![Seat::North, Seat::West]);
        assert_eq!(form.mode(), Mode::Doubles);
    }

    #[test]
    fn the_levels_go_round_the_ladder() {
        let mut level = Level::ALL[0];
        for _ in 0..Level::ALL.len() {
            level = next_level(level);
        }
        assert_eq!(level, Level::ALL[0]);
    }
}
