//! The forms of the page across machines: what each field holds ([`AcrossForm`]), the match to
//! host as they say ([`AcrossForm::host_config`]) and who joins ([`AcrossForm::joining`]), or
//! what to change ([`FormError`]).

use super::super::players::{MenuPlayers, ROWS};
use super::super::typing::{Editing, Ended, Fields};
use bevy::prelude::*;
use carrom_match::{Level, MatchLength, MatchSetup};
use carrom_net::{DEFAULT_PORT, Holder, HostConfig, JoinCodeError, Joining, Role, SeatingError};
use carrom_physics::Spec;
use carrom_referee::{Preset, Seat, Seats};
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::path::Path;

/// What the host or join form says to change (the words the form shows).
#[derive(Debug, thiserror::Error)]
pub enum FormError {
    #[error("Port: `{0}` is not a port (a number up to 65535)")]
    Port(String),
    #[error("Join code: {0}")]
    JoinCode(#[from] JoinCodeError),
    /// Who plays the seats: nobody to join, or a seat named twice.
    #[error(transparent)]
    Seating(#[from] SeatingError),
    #[error(
        "Host's address: type the address the host gives, as 192.168.1.20:7878 (the port 7878 when it has none)."
    )]
    NoAddress,
    #[error("Your name: type the name to play under.")]
    NoName,
}

/// A text of the page that is typed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Field {
    /// The port the host listens on.
    Port,
    /// The host's join code.
    Code,
    /// The host's address, to join.
    Address,
    /// The code to join with.
    JoinCode,
    /// The name to join under.
    Name,
}

impl Field {
    /// The most characters the field holds.
    pub(super) fn max(self) -> usize {
        match self {
            Field::Port => 5,
            Field::Code | Field::JoinCode => 16,
            Field::Address => 64,
            Field::Name => carrom_match::Player::MAX_NAME,
        }
    }

    pub(super) fn title(self) -> &'static str {
        match self {
            Field::Port => "Port",
            Field::Code | Field::JoinCode => "Join code",
            Field::Address => "Host's address",
            Field::Name => "Your name",
        }
    }
}

/// What a guest joins as: to play the seats listed (none listed: the next free one; two, for
/// two people at the guest's machine), or to watch.
pub const JOIN_AS: [(&str, Option<&[Seat]>); 8] = [
    ("play (the next free seat)", Some(&[])),
    ("play South", Some(&[Seat::South])),
    ("play North", Some(&[Seat::North])),
    ("play East", Some(&[Seat::East])),
    ("play West", Some(&[Seat::West])),
    (
        "play East and West (two people)",
        Some(&[Seat::East, Seat::West]),
    ),
    (
        "play South and North (two people)",
        Some(&[Seat::South, Seat::North]),
    ),
    ("watch (a spectator)", None),
];

/// What the page's host and join forms hold.
#[derive(Resource, Debug)]
pub struct AcrossForm {
    pub doubles: bool,
    /// Where the host listens: every interface (`::`), or one address (the tests' loopback).
    pub bind: IpAddr,
    /// Who plays the seat of each of the menu's player rows (South, North, East, West).
    pub holders: [Holder; 4],
    pub port: String,
    pub code: String,
    pub address: String,
    pub join_code: String,
    pub name: String,
    /// What to join as: an index into [`JOIN_AS`].
    pub join_as: usize,
    /// The seats joined are played by this machine's computer (at the menu's level).
    pub by_computer: bool,
    /// The field being typed, and what it held before.
    pub(super) editing: Option<Editing<Field>>,
    /// Why hosting or joining did not go (or how the last match across machines ended).
    pub message: Option<String>,
}

impl Default for AcrossForm {
    fn default() -> Self {
        AcrossForm {
            doubles: false,
            bind: Ipv6Addr::UNSPECIFIED.into(),
            holders: [Holder::Host, Holder::Guest, Holder::Guest, Holder::Guest],
            port: DEFAULT_PORT.to_string(),
            code: carrom_net::new_code(&mut rand::rng()),
            address: String::new(),
            join_code: String::new(),
            name: String::new(),
            join_as: 0,
            by_computer: false,
            editing: None,
            message: None,
        }
    }
}

impl AcrossForm {
    pub fn text(&self, field: Field) -> &str {
        match field {
            Field::Port => &self.port,
            Field::Code => &self.code,
            Field::Address => &self.address,
            Field::JoinCode => &self.join_code,
            Field::Name => &self.name,
        }
    }

    /// A field is being typed.
    pub fn typing(&self) -> bool {
        self.editing.is_some()
    }

    pub(super) fn seats(&self) -> Seats {
        if self.doubles {
            Seats::Doubles
        } else {
            Seats::Singles
        }
    }

    fn holder(&self, seat: Seat) -> Holder {
        self.holders[ROWS.iter().position(|s| *s == seat).unwrap_or(0)]
    }

    /// The seats played by people at this machine.
    pub fn here(&self) -> Vec<Seat> {
        self.held_by(Holder::Host)
    }

    /// The seats of the match that `holder` plays.
    fn held_by(&self, holder: Holder) -> Vec<Seat> {
        let seats = self.seats().seats();
        seats
            .iter()
            .copied()
            .filter(|s| self.holder(*s) == holder)
            .collect()
    }

    /// The match to host as the form and the menu say: `preset` and `length` the menu's,
    /// the players the menu's rows (a seat played here takes its row's name, a computer's its
    /// level), the seed `seed`. An error says what to change.
    pub fn host_config(
        &self,
        spec: &Spec,
        players: &MenuPlayers,
        (preset, length): (Preset, MatchLength),
        seed: u64,
    ) -> Result<HostConfig, FormError> {
        let port: u16 = self
            .port
            .trim()
            .parse()
            .map_err(|_| FormError::Port(self.port.trim().to_string()))?;
        let code = carrom_net::join_code(&self.code)?;
        let seats = self.seats();
        let (here, computer) = (self.held_by(Holder::Host), self.held_by(Holder::Computer));
        let holders = carrom_net::seat_holders(seats, &here, &computer)?;
        let mut rules = preset.rules();
        length.apply(&mut rules);
        let mut setup = MatchSetup::new(seats, rules, preset.name(), seed);
        carrom_net::seat_computers(&mut setup, &holders, players.level);
        for (i, &(seat, holder)) in holders.iter().enumerate() {
            let name = players.names[ROWS.iter().position(|s| *s == seat).unwrap_or(0)].trim();
            if holder == Holder::Host && !name.is_empty() {
                setup.players[i].name = name.to_string();
            }
        }
        let bind = SocketAddr::new(self.bind, port);
        Ok(HostConfig::new(bind, &code, setup, holders, spec))
    }

    /// Who joins, as the form says, and the address as typed (looked up when joining, off the
    /// frame thread); `level`, the computer's, if it plays the seats. The save is kept in
    /// `data`'s `net` folder, when there is one.
    pub fn joining(
        &self,
        spec: &Spec,
        data: Option<&Path>,
        level: Level,
    ) -> Result<(String, Joining), FormError> {
        if self.address.trim().is_empty() {
            return Err(FormError::NoAddress);
        }
        let code = carrom_net::join_code(&self.join_code)?;
        let name = self.name.trim();
        if name.is_empty() {
            return Err(FormError::NoName);
        }
        let save = data.map(|d| d.join("net").join(carrom_net::save_file_name(&code, name)));
        let seats = JOIN_AS[self.join_as % JOIN_AS.len()].1;
        let role = if seats.is_some() {
            Role::Player
        } else {
            Role::Spectator
        };
        Ok((
            self.address.trim().to_string(),
            Joining {
                seats: seats.unwrap_or_default().to_vec(),
                computer: self.by_computer.then_some(level),
                save,
                ..Joining::new(&code, name, role, spec)
            },
        ))
    }
}

impl Fields for AcrossForm {
    type Field = Field;

    fn editing(&mut self) -> &mut Option<Editing<Field>> {
        &mut self.editing
    }

    fn text_mut(&mut self, field: Field) -> &mut String {
        match field {
            Field::Port => &mut self.port,
            Field::Code => &mut self.code,
            Field::Address => &mut self.address,
            Field::JoinCode => &mut self.join_code,
            Field::Name => &mut self.name,
        }
    }

    fn max(field: Field) -> usize {
        field.max()
    }
}

/// The field's typing ends: `undo`, its old text back; an empty port or name keeps the old
/// one; a code is read in capitals.
pub(super) fn keep_field(form: &mut AcrossForm, ended: Ended<Field>) {
    let Ended { field, old, undo } = ended;
    let text = form.text_mut(field);
    if undo || (matches!(field, Field::Port | Field::Name) && text.trim().is_empty()) {
        *text = old;
    }
    if matches!(field, Field::Code | Field::JoinCode) {
        *text = text.trim().to_uppercase();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    fn players() -> MenuPlayers {
        let mut p = MenuPlayers::from_settings(&Settings::default());
        p.names = ["Asha".into(), "Ravi".into(), "Meera".into(), "Kim".into()];
        p
    }

    /// The form's match to host, or what to change.
    fn config(form: &AcrossForm) -> Result<HostConfig, FormError> {
        form.host_config(
            &Spec::default(),
            &players(),
            (Preset::Icf, MatchLength::Board),
            7,
        )
    }

    /// What the form says to change, in its words.
    fn words(form: &AcrossForm) -> String {
        config(form).unwrap_err().to_string()
    }

    #[test]
    fn a_hosted_doubles_match_gives_each_seat_to_whom_the_form_says() {
        let mut form = AcrossForm {
            doubles: true,
            holders: [Holder::Host, Holder::Computer, Holder::Guest, Holder::Guest],
            port: "0".into(),
            code: "play1".into(),
            ..AcrossForm::default()
        };
        let c = config(&form).unwrap();
        assert_eq!(c.code, "PLAY1");
        assert_eq!(c.bind.port(), 0);
        assert_eq!(c.setup.seats, Seats::Doubles);
        assert_eq!(
            c.holders,
            vec![
                (Seat::South, Holder::Host),
                (Seat::East, Holder::Guest),
                (Seat::North, Holder::Computer),
                (Seat::West, Holder::Guest),
            ]
        );
        assert_eq!(c.setup.player(Seat::South).name, "Asha");
        assert_eq!(c.setup.player(Seat::North).computer, Some(Level::Medium));
        assert_eq!(form.here(), vec![Seat::South]);
        // Every seat here leaves nobody to join.
        form.holders = [Holder::Host; 4];
        assert!(words(&form).contains("a Guest's"));
        // Computers alone: a demo for spectators, the host's window one of them.
        form.holders = [Holder::Computer; 4];
        assert!(config(&form).is_ok());
        assert!(form.here().is_empty());
    }

    #[test]
    fn a_bad_port_or_code_is_named_in_the_form() {
        let form = AcrossForm {
            port: "78x".into(),
            ..AcrossForm::default()
        };
        assert!(words(&form).starts_with("Port: `78x`"));
        let form = AcrossForm {
            code: "no-dash".into(),
            ..AcrossForm::default()
        };
        assert!(words(&form).starts_with("Join code:"));
    }

    #[test]
    fn joining_needs_an_address_a_code_and_a_name_and_keeps_a_save_named_for_them() {
        let spec = Spec::default();
        let mut form = AcrossForm {
            address: " 127.0.0.1:9000 ".into(),
            join_code: "ab12".into(),
            name: "Ravi".into(),
            ..AcrossForm::default()
        };
        let (addr, j) = form
            .joining(&spec, Some(Path::new("/data")), Level::Hard)
            .unwrap();
        assert_eq!(j.computer, None, "played by the person here");
        assert_eq!(addr, "127.0.0.1:9000");
        assert_eq!(j.code, "AB12");
        assert_eq!(j.role, Role::Player);
        assert_eq!(
            j.save.as_deref(),
            Some(Path::new("/data/net/AB12-Ravi.json"))
        );
        form.by_computer = true;
        assert_eq!(
            form.joining(&spec, None, Level::Hard).unwrap().1.computer,
            Some(Level::Hard)
        );
        form.join_as = 5;
        let two = form.joining(&spec, None, Level::Hard).unwrap().1;
        assert_eq!(
            (two.role, two.seats),
            (Role::Player, vec![Seat::East, Seat::West])
        );
        form.join_as = JOIN_AS.len() - 1;
        assert_eq!(
            form.joining(&spec, None, Level::Hard).unwrap().1.role,
            Role::Spectator
        );
        form.name = " ".into();
        assert!(
            form.joining(&spec, None, Level::Hard)
                .unwrap_err()
                .to_string()
                .starts_with("Your name")
        );
        form.address.clear();
        assert!(
            form.joining(&spec, None, Level::Hard)
                .unwrap_err()
                .to_string()
                .starts_with("Host's address")
        );
    }

    #[test]
    fn typing_a_code_ends_in_capitals_and_an_emptied_port_keeps_the_old_one() {
        let mut form = AcrossForm {
            join_code: "ab1".into(),
            ..AcrossForm::default()
        };
        let ended = |field, old: &str| Ended {
            field,
            old: old.into(),
            undo: false,
        };
        keep_field(&mut form, ended(Field::JoinCode, ""));
        assert_eq!(form.join_code, "AB1");
        form.port.clear();
        keep_field(&mut form, ended(Field::Port, "7878"));
        assert_eq!(form.port, "7878");
    }
}
