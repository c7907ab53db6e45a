//! A match at this machine ([`Mode::Match`](crate::states::Mode::Match)): people sharing the
//! screen, against each other or against computers, from the menu or the command line, or a
//! saved match resumed ([`setup`]). Its turn flow is every refereed match's
//! ([`super::flow`]); its own are the saves ([`saves`]) and the question before leaving
//! ([`super::leave`]).

pub mod saves;
mod setup;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((setup::plugin, saves::plugin));
}
