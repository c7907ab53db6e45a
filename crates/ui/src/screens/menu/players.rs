//! The menu's players: a row per seat with its name (click to type a new one) and whether the
//! computer plays it; the rows make a match's players.

use super::typing::{Typed, type_key};
use crate::settings::{Settings, SettingsFile};
use crate::theme::Activate;
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use carrom_ai::Level;
use carrom_match::{MatchSetup, Player};
use carrom_referee::Seat;

/// A player row's name button (a click on it starts typing; a click elsewhere ends it).
#[derive(Component)]
pub(super) struct NameButton;

/// The menu's player rows, by seat (singles uses South and North).
pub(super) const ROWS: [Seat; 4] = [Seat::South, Seat::North, Seat::East, Seat::West];

/// The players as set in the menu.
#[derive(Resource, Debug)]
pub struct MenuPlayers {
    pub names: [String; 4],
    pub computer: [bool; 4],
    /// The row whose name is being typed, and the name it had before.
    pub editing: Option<(usize, String)>,
    /// The name being typed is still the old one, selected: the first letter typed replaces
    /// it (Backspace clears it), as in a text field.
    pub selected: bool,
    /// The level of the computer players (`carrom_ai`'s levels; easy is beatable by a beginner).
    pub level: Level,
    /// The players turned the coach's hints on for matches (off by default, as in real play).
    pub hints: bool,
}

impl MenuPlayers {
    pub fn from_settings(s: &Settings) -> MenuPlayers {
        MenuPlayers {
            names: s.names.clone(),
            computer: [false; 4],
            editing: None,
            selected: false,
            level: s.level,
            hints: s.hints,
        }
    }

    fn row_of(seat: Seat) -> usize {
        ROWS.iter().position(|s| *s == seat).unwrap_or(0)
    }

    /// The setup's players from the rows: `force_computer`, rows the computer plays anyway;
    /// `people`, every seat a person (the hotseat game, whatever the rows say).
    pub(super) fn apply(&self, setup: &mut MatchSetup, force_computer: &[Seat], people: bool) {
        for (i, seat) in setup.seats.seats().iter().enumerate() {
            let row = Self::row_of(*seat);
            let name = self.names[row].trim();
            let forced = force_computer.contains(seat) && !self.computer[row];
            let computer = !people && (self.computer[row] || forced);
            setup.players[i] = if forced {
                Player::computer(*seat, self.level)
            } else {
                Player {
                    name: if name.is_empty() { seat.title() } else { name }.to_string(),
                    computer: computer.then_some(self.level),
                }
            };
        }
    }

    /// The row's button: the seat and the name (selected in brackets, or with a cursor while
    /// typed). A 24-letter name fits the button, typed or not; that East and West play only in
    /// doubles is said above the rows.
    pub(super) fn label(&self, row: usize) -> String {
        let seat = ROWS[row].title();
        match &self.editing {
            Some((r, _)) if *r == row && self.selected => format!("{seat}: [{}]", self.names[row]),
            Some((r, _)) if *r == row => format!("{seat}: {}_", self.names[row]),
            _ => format!("{seat}: {}", self.names[row]),
        }
    }
}

/// Typing a new name into the row being edited ([`super::typing`]): an empty name keeps the
/// old one.
pub(super) fn type_name(
    mut keys: MessageReader<KeyboardInput>,
    mut players: ResMut<MenuPlayers>,
    mut settings: ResMut<Settings>,
    mut file: ResMut<SettingsFile>,
) {
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        let Some((row, old)) = players.editing.clone() else {
            continue;
        };
        let players = &mut *players;
        let typed = type_key(
            &key.logical_key,
            &mut players.names[row],
            &mut players.selected,
            carrom_match::Player::MAX_NAME,
        );
        if typed == Typed::Going {
            continue;
        }
        if typed == Typed::Undone || players.names[row].trim().is_empty() {
            players.names[row] = old;
        }
        players.editing = None;
        if settings.names != players.names {
            settings.names = players.names.clone();
            file.store(&settings);
        }
    }
}

/// A click on anything but a name ends the typing, keeping the name.
pub(super) fn end_typing(
    click: On<Activate>,
    names: Query<(), With<NameButton>>,
    players: Option<ResMut<MenuPlayers>>,
    settings: Option<ResMut<Settings>>,
    file: Option<ResMut<SettingsFile>>,
) {
    let (Some(mut players), Some(mut settings), Some(mut file)) = (players, settings, file) else {
        return;
    };
    if players.editing.is_none() || names.contains(click.0) {
        return;
    }
    players.selected = false;
    if let Some((row, old)) = players.editing.take()
        && players.names[row].trim().is_empty()
    {
        players.names[row] = old;
    }
    settings.names = players.names.clone();
    file.store(&settings);
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_referee::{Rules, Seats};

    #[test]
    fn the_menu_rows_name_the_seats_and_choose_the_computer_seats() {
        let mut rows = MenuPlayers::from_settings(&Settings::default());
        rows.names[0] = "Asha".into();
        rows.names[1] = "  ".into();
        rows.names[2] = "Ravi".into();
        rows.computer[3] = true;
        let mut singles = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1);
        rows.apply(&mut singles, &[Seat::North], false);
        assert_eq!(singles.player(carrom_physics::Seat::South).name, "Asha");
        // A seat the menu choice gives the computer is named for it.
        assert_eq!(
            singles.player(carrom_physics::Seat::North).name,
            "North (computer)"
        );
        let mut hotseat = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1);
        rows.apply(&mut hotseat, &[], false);
        // A blank name falls back to the seat's.
        assert_eq!(hotseat.player(carrom_physics::Seat::North).name, "North");
        assert!(
            singles
                .player(carrom_physics::Seat::North)
                .computer
                .is_some()
        );
        assert!(
            singles
                .player(carrom_physics::Seat::South)
                .computer
                .is_none()
        );
        // The computer plays at the level chosen in the menu.
        assert_eq!(
            singles.player(carrom_physics::Seat::North).computer,
            Some(Level::Medium)
        );
        rows.level = Level::Easy;
        let mut doubles = MatchSetup::new(Seats::Doubles, Rules::icf(), "icf", 1);
        rows.apply(&mut doubles, &[], false);
        assert_eq!(
            doubles.player(carrom_physics::Seat::West).computer,
            Some(Level::Easy)
        );
        assert_eq!(doubles.player(carrom_physics::Seat::East).name, "Ravi");
        // The hotseat game is people in every seat, whatever the rows say.
        let mut people = MatchSetup::new(Seats::Doubles, Rules::icf(), "icf", 1);
        rows.apply(&mut people, &[], true);
        assert!(people.players.iter().all(|p| p.computer.is_none()));
        assert!(
            doubles
                .player(carrom_physics::Seat::West)
                .computer
                .is_some()
        );
        assert!(
            doubles
                .player(carrom_physics::Seat::East)
                .computer
                .is_none()
        );
    }
}
