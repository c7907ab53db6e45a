//! The online page's talk with the server: one link ([`Link`]) opened for the server and the
//! name of the page when the player first asks for something, with the name's kept token; what
//! comes back is shown on the page (the server's refusals in its words), the name's token is
//! kept when the name is claimed, and when the server seats this player (or lets him watch) and
//! sends the match, the match goes to the board with the link.

use super::super::start::MenuStart;
use crate::launch::{Handover, ServerStart, Start};
use crate::modes::online::server::{ServerMatch, ServerRemote};
use crate::online_link::{Heard, Link};
use crate::settings::saves_dir;
use crate::states::Screen;
use bevy::prelude::*;
use carrom_match::SaveFile;
use carrom_net::Applied;
use carrom_online::{LiveMatch, Mode, PastMatch, Standing, ToClient, ToServer};
use carrom_online::{keep_token, kept_token};
use std::collections::VecDeque;

/// What a match's save asked for is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveUse {
    /// Watched as a replay.
    Replay,
    /// Kept in the saves folder.
    Keep,
}

/// The page's link to the server and what it heard.
#[derive(Resource, Default)]
pub struct OnlineSession {
    link: Option<Link>,
    /// The server and the name the link said hello with.
    pub as_whom: Option<(String, String)>,
    /// The name's rating, once welcomed.
    pub rating: Option<f64>,
    /// A refusal or a failure, in words (the server's, when it refused).
    pub message: Option<String>,
    /// What is being waited for ("Waiting for an opponent..."), in the server's words.
    pub status: Option<String>,
    /// The private room's code, to give friends.
    pub room: Option<String>,
    /// The code of the party made for quick doubles, to give one's partner.
    pub party: Option<String>,
    /// The leaderboard shown: of singles or of doubles ratings.
    pub leaderboard: Option<(Mode, Vec<Standing>)>,
    pub player: Option<(Standing, Vec<PastMatch>)>,
    pub live: Option<Vec<LiveMatch>>,
    /// The match the server seated this player in (or let him watch), until it goes to the
    /// board, and its actions that came meanwhile.
    follow: ServerMatch,
    backlog: VecDeque<Applied>,
    /// A match's save asked for, and what for.
    save_for: Option<(u64, SaveUse)>,
    waker_set: bool,
    /// The open and live tournaments, as the server listed them.
    pub tournaments: Option<Vec<carrom_online::TournamentSummary>>,
    /// The tournament shown, as the server last told it.
    pub tournament: Option<carrom_online::TournamentView>,
    /// The tournament whose page sent its game to the board: the page opened again when the
    /// menu comes back.
    pub back_to_tournament: Option<u64>,
    /// The tournament (and its code) this page comes to play again when the server tells it is
    /// still being played.
    pub come_back: Option<(u64, Option<String>)>,
    /// The name the server refused as another player's (for the form to give a newcomer
    /// another).
    pub taken: Option<String>,
    /// The tokens the server gave this run, by server and name: a name claimed here says hello
    /// with its token again (after a match, whose link was the board's) even where no token
    /// is kept in a file.
    given: std::collections::HashMap<(String, String), String>,
}

impl OnlineSession {
    /// Sends `message` to `server` as `name`: over the link open for them, or a new one (with
    /// the name's kept token, when `kept` says tokens are kept).
    pub fn ask(&mut self, server: &str, name: &str, kept: bool, message: ToServer) {
        let whom = (server.to_string(), name.to_string());
        if self.link.is_none() || self.as_whom.as_ref() != Some(&whom) {
            self.close();
            let given = self.given.get(&whom).cloned();
            let token = given.or_else(|| kept.then(|| kept_token(server, name)).flatten());
            self.link = Some(Link::open(server, name, token));
            self.as_whom = Some(whom);
            self.status = Some(format!("Connecting to {server}..."));
        }
        self.message = None;
        if let Some(link) = &self.link {
            link.send(message);
        }
    }

    /// Asks for match `id`'s save, for `what`.
    pub fn ask_save(&mut self, id: u64, what: SaveUse) {
        self.save_for = Some((id, what));
        if let Some(link) = &self.link {
            link.send(ToServer::Saved { id });
        }
    }

    /// Closes the link (leaving the queue or the room waited in).
    pub fn close(&mut self) {
        self.link = None;
        self.as_whom = None;
        self.status = None;
        self.room = None;
        self.party = None;
        self.rating = None;
        self.follow = ServerMatch::default();
        self.backlog.clear();
        self.waker_set = false;
    }

    /// Whether a link is open.
    pub fn is_open(&self) -> bool {
        self.link.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineSession>()
        .add_systems(Update, hear_server.run_if(in_state(Screen::Menu)));
}

/// What the server said since the last frame, on the page; the match to the board once the
/// server has sent it.
fn hear_server(
    mut session: ResMut<OnlineSession>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    view: Option<Res<State<super::OnlineView>>>,
    mut start: MenuStart,
) {
    let session = &mut *session;
    let Some(link) = &session.link else { return };
    if !session.waker_set
        && let Some(proxy) = &proxy
    {
        link.set_waker(crate::modes::online::waker(proxy));
        session.waker_set = true;
    }
    for heard in link.poll() {
        match heard {
            Heard::Welcome {
                name,
                token,
                rating,
            } => {
                session.rating = Some(rating);
                if session
                    .status
                    .as_deref()
                    .is_some_and(|s| s.starts_with("Connecting"))
                {
                    session.status = None;
                }
                let server = session.as_whom.clone().unwrap_or_default().0;
                if let Some(token) = &token {
                    (session.given).insert((server, name.clone()), token.clone());
                }
                // Kept where this game keeps files (not in tests).
                if let (Some(token), Some(_)) = (token, &start.file.path) {
                    keep(session, &name, &token);
                }
            }
            Heard::Message(m) => hear(session, m, &mut start),
            Heard::Refused(why) => return refusal(session, &why),
            Heard::Unreachable(why) => {
                let server = session.as_whom.clone().unwrap_or_default().0;
                return refused(
                    session,
                    format!("The server at {server} cannot be reached: {why}"),
                );
            }
            Heard::Lost(why) => {
                session.message = Some(format!(
                    "The connection was lost ({why}); connecting again..."
                ));
            }
        }
    }
    if session.follow.game.is_some() {
        // A game of the tournament this page shows (his seats, not a match watched).
        let from_tournament = view.is_some_and(|v| *v.get() == super::OnlineView::Tournament);
        if from_tournament && !session.follow.seats().is_empty() {
            session.back_to_tournament = session.tournament.as_ref().map(|t| t.summary.id);
        }
        to_the_board(session, &mut start);
    }
}

/// Keeps the name's new token (the server gives it once); a failure is said on the page.
fn keep(session: &mut OnlineSession, name: &str, token: &str) {
    let server = session.as_whom.clone().unwrap_or_default().0;
    if let Err(e) = keep_token(&server, name, token) {
        session.message = Some(format!(
            "The name {name} is yours, but its token could not be kept ({e}): another time the server will refuse the name."
        ));
    }
}

/// The server refused the link, in its words; a taken name in plain words, with what to do.
fn refusal(session: &mut OnlineSession, why: &str) {
    let Some(name) = carrom_online::taken_name(why) else {
        return refused(session, format!("The server refused: {why}"));
    };
    let name = name.to_string();
    refused(
        session,
        format!(
            "The name {name} is someone else's on this server (a name is kept for the player \
             who first played under it). Choose another: click Your name and type it."
        ),
    );
    session.taken = Some(name);
}

fn refused(session: &mut OnlineSession, words: String) {
    session.close();
    session.message = Some(words);
}

/// One message from the server, on the page.
fn hear(session: &mut OnlineSession, message: ToClient, start: &mut MenuStart) {
    let mut notes = Vec::new();
    match message {
        ToClient::Waiting { what } => session.status = Some(what),
        ToClient::Room { code } => session.room = Some(code),
        ToClient::Party { code } => session.party = Some(code),
        ToClient::Rejected { reason } => session.message = Some(format!("The server: {reason}")),
        ToClient::Leaderboard { mode, rows } => session.leaderboard = Some((mode, rows)),
        ToClient::Player { player, matches } => session.player = Some((player, matches)),
        ToClient::Live { matches } => session.live = Some(matches),
        ToClient::Saved { id, save } => saved(session, id, *save, start),
        ToClient::Tournaments { tournaments } => session.tournaments = Some(tournaments),
        ToClient::Tournament { tournament } => heard_tournament(session, *tournament),
        ToClient::TournamentMade { id, code } => {
            session.message = Some(match code {
                Some(code) => format!("Tournament {id} made: its code is {code}, for its players."),
                None => format!("Tournament {id} made: players join it from the list."),
            });
            if let Some(link) = &session.link {
                link.send(ToServer::Tournament { id });
            }
        }
        ToClient::Refused { reason } => refusal(session, &reason),
        m => {
            session.follow.connected = true;
            session.follow.hear(&m, &mut session.backlog, &mut notes);
        }
    }
    if let Some(note) = notes.pop() {
        session.message = Some(note);
    }
}

/// The tournament as it stands, shown; come to play again if this page came back to it from
/// a game and it is still being played.
fn heard_tournament(session: &mut OnlineSession, t: carrom_online::TournamentView) {
    use carrom_online::TournamentState::{Live, Paused};
    let id = t.summary.id;
    if let Some((_, code)) = session.come_back.take_if(|(of, _)| *of == id)
        && matches!(t.summary.state, Live | Paused)
        && let (Some(link), Some((_, me))) = (&session.link, &session.as_whom)
        && t.entrants.contains(me)
        && !t.removed.contains(me)
    {
        link.send(ToServer::EnterTournament { id, code });
    }
    session.tournament = Some(t);
}

/// A match's save came: watched as a replay, or kept in the saves folder, as asked.
fn saved(session: &mut OnlineSession, id: u64, save: SaveFile, start: &mut MenuStart) {
    let Some((asked, what)) = session.save_for else {
        return;
    };
    if asked != id {
        return;
    }
    session.save_for = None;
    match what {
        SaveUse::Replay => start.begin(Start::Replay(save)),
        SaveUse::Keep => {
            let dir = saves_dir().unwrap_or_default();
            let _ = carrom_store::create_dir_all(&dir);
            let path = dir.join(format!("online-match-{id}.json"));
            session.message = Some(match save.write(&path) {
                Ok(()) => format!("Match {id} saved as {}", path.display()),
                Err(e) => format!("Match {id} could not be saved: {e}"),
            });
        }
    }
}

/// The server's match to the board, with the link: this player's seats played here, the
/// others' (all, when watching) from the server.
fn to_the_board(session: &mut OnlineSession, start: &mut MenuStart) {
    let Some(link) = session.link.take() else {
        return;
    };
    let name = session.as_whom.as_ref().map(|w| w.1.clone());
    let follow = std::mem::take(&mut session.follow);
    let watching = follow.seats().is_empty();
    let backlog = std::mem::take(&mut session.backlog).into();
    let remote = ServerRemote { link, follow };
    session.close();
    start.begin(Start::Server(ServerStart {
        remote: Handover::of(remote),
        backlog,
        name: if watching { None } else { name },
    }));
}
