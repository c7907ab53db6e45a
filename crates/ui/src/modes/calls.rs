//! What the players are told as it happens: the umpire's call with its Law (or a practice
//! break's result) and notes (a save written, a replay's end, an error); the call box shows
//! the last of them ([`CallLog`]).

use crate::states::Screen;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Announcement>()
        .init_resource::<CallLog>()
        // A note is about the moment (the question to leave): it does not outlive the screen.
        .add_systems(OnExit(Screen::Game), |mut log: ResMut<CallLog>| {
            log.note.clear()
        })
        .add_systems(PostUpdate, record_announcements);
}

/// Something the players are told as it happens: the umpire's call (each ruling with its
/// Law, or a practice break's result), or a note (a save written, a replay's end, an error).
#[derive(Message, Debug, Clone, PartialEq)]
pub enum Announcement {
    Call(Vec<String>),
    Note(String),
}

/// What the players were last told (the call box shows it): the last call and any note made
/// since.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct CallLog {
    pub call: Vec<String>,
    pub note: String,
}

fn record_announcements(mut told: MessageReader<Announcement>, mut log: ResMut<CallLog>) {
    for a in told.read() {
        match a {
            Announcement::Call(lines) => {
                log.call = lines.clone();
                log.note.clear();
            }
            Announcement::Note(note) => {
                // In the log too, as the calls are (a player's script reads a save's words).
                info!("{note}");
                log.note = note.clone();
            }
        }
    }
}
