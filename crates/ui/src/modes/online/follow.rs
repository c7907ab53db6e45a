//! The board follows the referee: what the link heard read every frame, the referee's actions
//! played here taken into what the link knows of the referee's match with their digests
//! checked against the board's, and the referee's match put on the board once it has left the
//! referee's line. The board's match is the one this machine plays.

use super::{Online, Remote};
use crate::modes::calls::Announcement;
use crate::modes::table::Table;
use crate::modes::turn::FireParams;
use crate::states::Phase;
use bevy::prelude::*;
use carrom_remote::Applied;
use std::collections::VecDeque;

/// Reads what the referee sent (the link reconnecting when it is lost), and takes into the
/// match here every referee's action already played on this board (correcting the position
/// where it differs).
pub(super) fn follow_host(
    time: Res<Time>,
    mut online: ResMut<Online>,
    mut table: ResMut<Table>,
    phase: Res<State<Phase>>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let online = &mut *online;
    let mut notes = Vec::new();
    let whole_match = online
        .link
        .read(time.delta_secs(), &mut online.queue, &mut notes);
    for note in notes {
        told.write(Announcement::Note(note));
    }
    online.seating = online.link.seating();
    online.connected = online.link.connected();
    online.given_up = online.link.given_up();
    // Over at the referee (a forfeit ends it there without an action): nothing more is
    // played here; the panel and the calls say how it ended.
    if online.link.over().is_some() && table.here.as_ref().is_some_and(|h| !h.is_empty()) {
        table.here = Some(Vec::new());
    }
    online.off_line |=
        whole_match | take_host_actions(&mut *online.link, &mut online.queue, &table);
    // Once off the line, the board stays off it until it takes the referee's match: a stroke
    // here may be running as the referee's action comes, and this board may have gone on from
    // a stroke the referee refused (struck as the shot clock ran out) by more than one action.
    if online.off_line
        && *phase.get() != Phase::Moving
        && let Some(game) = referees_match(online)
    {
        table.model = game;
        online.link.keep(&table.model);
        let n = table.model.actions.len();
        online.queue.retain(|a| a.index >= n);
        online.checked = n;
        // What was handed to the board or sent from it before is the referee's now.
        (online.fed, online.sent) = (None, None);
        online.off_line = false;
        fire.show_table(&table.model.layout);
    }
}

/// The referee's match as it stands, with its actions for this machine's seats that were
/// already made here (on the board that left the line) taken as the referee played them: the
/// board does not wait for an action the referee already has.
fn referees_match(online: &mut Online) -> Option<carrom_match::Match> {
    let mut game = online.link.referees_match()?;
    while let Some(a) = online.queue.front()
        && a.index == game.actions.len()
        && online.here.contains(&a.by)
    {
        let a = online.queue.pop_front().expect("a front");
        let taken =
            (online.link.apply(&a)).and_then(|()| Ok(carrom_remote::at_guest(&mut game, &a)?));
        if let Err(e) = taken {
            warn!("{e}");
            break;
        }
    }
    Some(game)
}

/// The referee's actions already played on this board, taken in order into what the link knows
/// of the referee's match, each with its digest checked against the board's. Whether the board
/// here ended anywhere else than the referee's for any.
fn take_host_actions(link: &mut dyn Remote, queue: &mut VecDeque<Applied>, table: &Table) -> bool {
    let (mut differs, mut taken) = (false, false);
    while let Some(front) = queue.front() {
        if front.index >= table.model.actions.len() {
            break;
        }
        let a = queue.pop_front().expect("a front");
        match link.apply(&a) {
            Ok(()) => {
                taken = true;
                if !carrom_remote::agrees(&table.model, &a) {
                    let ours = table.model.digests.get(a.index);
                    info!(
                        "action {}: the board here ended elsewhere than the referee's (digest {}, the referee's {}); taking the referee's",
                        a.index,
                        ours.map(|d| carrom_remote::hex(*d)).unwrap_or_default(),
                        a.digest
                    );
                    differs = true;
                }
            }
            Err(e) => warn!("{e}"),
        }
    }
    if taken && !differs {
        link.keep(&table.model);
    }
    differs
}
