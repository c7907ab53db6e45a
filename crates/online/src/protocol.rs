//! What crosses between a client and the carrom server: serde messages with a protocol version,
//! each one WebSocket text message of JSON. The match's own messages are carrom-remote's: the
//! setup and every action as the server applied it ([`Applied`]: the action, its outcome and the
//! digest after it), and who sits where ([`SeatState`]).

use carrom_match::{Action, Level, MatchLength, MatchSetup, SaveFile};
use carrom_physics::Spec;
use carrom_referee::Seat;
use carrom_remote::{Applied, SeatState};
use serde::{Deserialize, Serialize};

/// The protocol's version: a client and the server must speak the same one.
pub const ONLINE_PROTOCOL: u32 = 2;
/// The largest message a client may send, in bytes (a guest's bound across machines).
pub const MAX_CLIENT_MESSAGE: usize = carrom_remote::bounds::MAX_GUEST_MESSAGE;
/// The largest message the server sends: the whole match so far, for a client that rejoins.
pub const MAX_SERVER_MESSAGE: usize = carrom_remote::bounds::MAX_HOST_MESSAGE;

/// The WebSocket address of a server given as `HOST:PORT`, `http://HOST:PORT` or
/// `ws://HOST:PORT` (the path `/ws` added when none is given).
pub fn ws_url(server: &str) -> String {
    let s = server.trim().trim_end_matches('/');
    let (scheme, rest) = match s.split_once("://") {
        Some(("http", rest)) => ("ws", rest),
        Some(("https", rest)) => ("wss", rest),
        Some((scheme, rest)) => (scheme, rest),
        None => ("ws", s),
    };
    if rest.contains('/') {
        format!("{scheme}://{rest}")
    } else {
        format!("{scheme}://{rest}/ws")
    }
}

/// The most rows of the leaderboard a client is sent.
pub const LEADERBOARD_ROWS: usize = 100;
/// The most recent matches of a player's page.
pub const RECENT_MATCHES: usize = 20;
/// The longest name a client may ask about, in bytes (a name is shorter: the bound stops a
/// client sending the server a page of text to look up).
pub const MAX_ASKED_NAME: usize = 4 * carrom_match::Player::MAX_NAME;

/// Singles or doubles, for a quick match or a private room.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    Singles,
    Doubles,
}

/// A party of two partners for quick doubles ([`ToServer::Partners`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    /// A new party: its code comes back, for the partner.
    New,
    /// The party with this code (the partner's, who waits).
    Join(String),
}

/// A client's message to the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToServer {
    /// The first message: the name, and the token that proves it (none to claim a new name).
    Hello {
        protocol: u32,
        name: String,
        #[serde(default)]
        token: Option<String>,
    },
    /// Quick match (rated): singles with the waiting player nearest in rating, doubles with
    /// the three nearest (partners opposite); after the server's wait, the server's computers
    /// in the empty seats (unrated).
    Quick {
        #[serde(default)]
        length: Option<MatchLength>,
        #[serde(default)]
        mode: Mode,
    },
    /// Quick doubles with a friend as partner (rated, as quick doubles is): a new party, its
    /// code coming back in [`ToClient::Party`] for the friend, or the friend's party by its
    /// code. The two sit opposite (Laws 27-28) against the two nearest them in rating (another
    /// party, or two players alone); after the server's wait, against its computers (unrated).
    Partners {
        #[serde(default)]
        length: Option<MatchLength>,
        party: Party,
    },
    /// A private room: its code comes back in [`ToClient::Room`]; the creator sits South, the
    /// seats in `computers` are the server's computers, the others wait for people.
    Create {
        mode: Mode,
        #[serde(default)]
        length: Option<MatchLength>,
        #[serde(default)]
        computers: Vec<Seat>,
        #[serde(default)]
        level: Option<Level>,
    },
    /// Sits at the next free seat of the room with this code.
    Join { code: String },
    /// Watches the live match `id` (a private room's with the room's code).
    Watch {
        id: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
    },
    /// An action for one of the client's seats, as the match's action number `index`.
    Act { index: usize, action: Action },
    /// The client's position differs from the server's: send the whole match again.
    Resync,
    /// The leaderboard of `mode`'s ratings (answered with [`ToClient::Leaderboard`]): the
    /// singles one (Glicko-2), or the doubles one (Weng-Lin); asked before or after the hello,
    /// as are the player's page, the live matches and a match's save.
    Leaderboard {
        #[serde(default)]
        mode: Mode,
    },
    /// A player's page ([`ToClient::Player`]).
    Player { name: String },
    /// The live matches, to watch ([`ToClient::Live`]).
    Live,
    /// A match's save, to replay or keep ([`ToClient::Saved`]).
    Saved { id: u64 },
    /// A tournament made with its organizer this client's name ([`ToClient::TournamentMade`]).
    CreateTournament { plan: TournamentPlan },
    /// Joins tournament `id` (a private one with its code) before it starts, or comes to play
    /// its games once it has: each game of his is given to this connection as it starts, and
    /// the tournament's changes ([`ToClient::Tournament`]) until it ends.
    EnterTournament {
        id: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
    },
    /// What only tournament `id`'s organizer may do.
    Organize { id: u64, act: Organize },
    /// The open and live tournaments ([`ToClient::Tournaments`]).
    Tournaments,
    /// Tournament `id` as it stands ([`ToClient::Tournament`]).
    Tournament { id: u64 },
}

/// What a tournament is made of, as its organizer asks for it (the VKK game, six boards or 25
/// points, on the ICF's shot clock, for every format).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentPlan {
    /// Its name, as the lists show it.
    pub name: String,
    pub format: carrom_tournament::Format,
    /// A VKK group stage's groups (the tournament crate's default for the players when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<usize>,
    /// A Swiss's rounds (the most the players allow when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<usize>,
    #[serde(default)]
    pub third_place: bool,
    /// Its games change the players' ratings.
    #[serde(default)]
    pub rated: bool,
    /// Joined with the code the server gives only (else open to anyone).
    #[serde(default)]
    pub private: bool,
    /// The most players it takes (the server's bound when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub most: Option<usize>,
    /// When it starts by itself, in seconds since 1970 (none: when its organizer starts it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<u64>,
}

impl TournamentPlan {
    /// A tournament `name` of `format`: the tournament crate's groups or rounds for its
    /// players, no game for third place, unrated, open to anyone, started by its organizer.
    pub fn new(name: &str, format: carrom_tournament::Format) -> TournamentPlan {
        TournamentPlan {
            name: name.to_string(),
            format,
            groups: None,
            rounds: None,
            third_place: false,
            rated: false,
            private: false,
            most: None,
            starts_at: None,
        }
    }
}

/// What a tournament's organizer does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Organize {
    /// The players who joined are drawn and the first games start.
    Start,
    /// No new game starts until it is resumed (the games in play go on).
    Pause,
    Resume,
    /// It ends here: no more games (the games in play go on, unrecorded).
    Cancel,
    /// The player is out: his games from now on are forfeited (walkovers).
    Remove {
        name: String,
    },
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentState {
    /// Taking players until it starts.
    Open,
    Live,
    Paused,
    Over,
    Cancelled,
}

impl TournamentState {
    /// Whether it has ended (played out or cancelled).
    pub fn ended(self) -> bool {
        matches!(self, TournamentState::Over | TournamentState::Cancelled)
    }
}

/// A tournament as the lists show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentSummary {
    pub id: u64,
    pub name: String,
    pub organizer: String,
    pub format: carrom_tournament::Format,
    pub state: TournamentState,
    pub rated: bool,
    pub private: bool,
    pub players: usize,
}

/// One game of a tournament as the server plays it: the tournament's game, and the server's
/// match it is played as (once it has started).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentGame {
    pub game: carrom_tournament::Game,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_id: Option<u64>,
}

/// A started tournament's draw, as its file keeps it beside its games: its groups, its
/// knockout's first round, its Swiss's rounds and byes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentDraw {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<carrom_tournament::Group>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bracket: Vec<Option<String>>,
    #[serde(default)]
    pub rounds: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<carrom_tournament::Bye>,
    #[serde(default)]
    pub third_place: bool,
}

/// A tournament as it stands: its players, its games with their matches, its standings
/// (exactly the JSON `carrom tournament standings --json` prints of its file), its champions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentView {
    #[serde(flatten)]
    pub summary: TournamentSummary,
    /// The players who joined, in the order they did.
    pub entrants: Vec<String>,
    /// Those of them its organizer removed once it had started (their games walkovers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    pub games: Vec<TournamentGame>,
    /// `{"groups": [...]}` once it has started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standings: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub champions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<u64>,
    /// Its draw, once it has started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<TournamentDraw>,
}

impl TournamentView {
    /// The tournament as it stands: `summary` of it, the players who joined, its file once it
    /// has started and the match each game started is played as. Its standings are exactly
    /// what `carrom tournament standings --json` prints of its file.
    pub fn new(
        summary: TournamentSummary,
        entrants: Vec<String>,
        file: Option<&carrom_tournament::Tournament>,
        matches: &std::collections::BTreeMap<u32, u64>,
        starts_at: Option<u64>,
    ) -> TournamentView {
        let games = (file.map(|t| t.games.clone()).unwrap_or_default())
            .into_iter()
            .map(|game| TournamentGame {
                match_id: matches.get(&game.number).copied(),
                game,
            })
            .collect();
        let standings = file
            .and_then(|t| t.tables().ok())
            .and_then(|groups| serde_json::to_value(carrom_tournament::Standings { groups }).ok());
        TournamentView {
            summary,
            entrants,
            removed: Vec::new(),
            games,
            standings,
            champions: file.map(|t| t.champions()).unwrap_or_default(),
            starts_at,
            draw: file.map(|t| TournamentDraw {
                groups: t.groups.clone(),
                bracket: t.bracket.clone(),
                rounds: t.rounds,
                byes: t.byes.clone(),
                third_place: t.third_place,
            }),
        }
    }

    /// The tournament's file as the tournament crate has it (its tables, its bracket, its
    /// next games), once it has started; the seed left out (nothing shown reads it).
    pub fn file(&self) -> Option<carrom_tournament::Tournament> {
        let draw = self.draw.clone()?;
        Some(carrom_tournament::Tournament {
            format: carrom_tournament::tournament::FORMAT.into(),
            version: carrom_tournament::tournament::VERSION,
            kind: self.summary.format,
            rules: carrom_tournament::tournament::RULES.into(),
            seed: 0,
            third_place: draw.third_place,
            rounds: draw.rounds,
            players: (self.entrants.iter())
                .map(|n| carrom_tournament::Entrant::person(n))
                .collect(),
            groups: draw.groups,
            bracket: draw.bracket,
            games: self.games.iter().map(|g| g.game.clone()).collect(),
            byes: draw.byes,
        })
    }

    /// The number of the match `name`'s game in play is played as, if he has one.
    pub fn game_in_play(&self, name: &str) -> Option<u64> {
        (self.games.iter())
            .filter(|g| g.game.winner.is_none() && g.game.players.iter().any(|p| p == name))
            .find_map(|g| g.match_id)
    }
}

impl ToServer {
    /// Whether the message only asks for something to show (the leaderboard, a player's page,
    /// the live matches, a match's save): it may come before the hello.
    pub fn is_query(&self) -> bool {
        matches!(
            self,
            ToServer::Leaderboard { .. }
                | ToServer::Player { .. }
                | ToServer::Live
                | ToServer::Saved { .. }
                | ToServer::Tournaments
                | ToServer::Tournament { .. }
        )
    }
}

/// A rated player as the leaderboard and his page show him.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub name: String,
    pub rating: f64,
    /// The rating's deviation (Glicko-2): how far off it may be.
    pub deviation: f64,
    pub games: i64,
    pub wins: i64,
    /// His doubles rating (Weng-Lin, apart from the singles one), once he has played a rated
    /// doubles match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doubles: Option<DoublesStanding>,
}

/// A player's doubles rating: Weng-Lin's (the skillratings crate) for two teams.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DoublesStanding {
    pub rating: f64,
    /// How far off it may be (Weng-Lin's uncertainty).
    pub uncertainty: f64,
    pub games: i64,
    pub wins: i64,
}

/// One of a player's recent matches, as his page lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PastMatch {
    pub id: u64,
    pub players: Vec<String>,
    pub rated: bool,
    /// Still being played.
    pub live: bool,
    pub winners: Vec<String>,
    /// How it ended, in the server's words (empty while it is played).
    pub how: String,
}

/// A match the server hosts, as the list of live matches shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LiveMatch {
    pub id: u64,
    pub players: Vec<String>,
    pub rated: bool,
    pub actions: usize,
}

/// The server's message to a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToClient {
    /// The client is in under `name`; `token` is given once, when the name is claimed: the
    /// client keeps it to use the name again.
    Welcome {
        protocol: u32,
        name: String,
        #[serde(default)]
        token: Option<String>,
        rating: f64,
    },
    /// Waiting for an opponent or for a room's other players (the words say which).
    Waiting { what: String },
    /// A private room made: the code to give the others.
    Room { code: String },
    /// A party for quick doubles made: the code to give one's partner.
    Party { code: String },
    /// The client is in match `id`: its seats (none when watching) and whether it is rated.
    Seated {
        id: u64,
        seats: Vec<Seat>,
        rated: bool,
        seating: Vec<SeatState>,
    },
    /// The match, from its setup and every action so far.
    Match {
        id: u64,
        setup: Box<MatchSetup>,
        spec: Box<Spec>,
        log: Vec<Applied>,
    },
    /// The next action, as the server's match applied it.
    Applied(Applied),
    /// Who sits where and who is connected changed.
    Seating { seating: Vec<SeatState> },
    /// The shot clock of a rated match (Laws 46 and 50): the action numbered `index` is
    /// `seat`'s to make within `millis` milliseconds of the clock's start, `after`
    /// milliseconds after this message (the time the stroke before it takes to come to rest
    /// on a board shown in real time, and its aim shown before it: the clock starts when the
    /// player can strike).
    Clock {
        index: usize,
        seat: Seat,
        millis: u32,
        #[serde(default)]
        after: u32,
    },
    /// The match ended (played out, or forfeited by a player gone too long).
    Over {
        id: u64,
        /// The winners' names (none when the match ended with no winner).
        winners: Vec<String>,
        /// Why it ended, in words.
        how: String,
    },
    /// The client's hello is refused; the connection closes. The reason in words.
    Refused { reason: String },
    /// One of the client's messages is refused; the connection stays. The reason in words.
    Rejected { reason: String },
    /// The leaderboard of `mode`'s ratings, best first (at most [`LEADERBOARD_ROWS`]; in
    /// doubles, each row's doubles rating is his standing's `doubles`).
    Leaderboard {
        #[serde(default)]
        mode: Mode,
        rows: Vec<Standing>,
    },
    /// A player's page: his standing and his recent matches, newest first (at most
    /// [`RECENT_MATCHES`]).
    Player {
        player: Standing,
        matches: Vec<PastMatch>,
    },
    /// The live matches.
    Live { matches: Vec<LiveMatch> },
    /// Match `id`'s save, as far as it has been played.
    Saved { id: u64, save: Box<SaveFile> },
    /// A tournament made: its number, and the code to give its players (a private one's).
    TournamentMade {
        id: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
    },
    /// A tournament as it stands (asked for, or changed while this client is in it).
    Tournament { tournament: Box<TournamentView> },
    /// The open and live tournaments.
    Tournaments { tournaments: Vec<TournamentSummary> },
}

impl ToClient {
    /// The message as the JSON text that crosses.
    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("a protocol message is always JSON")
    }
}

impl ToServer {
    /// The message as the JSON text that crosses (a query's or a match's message alike).
    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("a protocol message is always JSON")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hello_and_an_action_survive_their_text_and_an_unknown_field_is_refused() {
        let hello = ToServer::Hello {
            protocol: ONLINE_PROTOCOL,
            name: "Asha".into(),
            token: None,
        };
        assert_eq!(
            serde_json::from_str::<ToServer>(&hello.text()).unwrap(),
            hello
        );
        let act = ToServer::Act {
            index: 3,
            action: Action::Pass,
        };
        assert_eq!(serde_json::from_str::<ToServer>(&act.text()).unwrap(), act);
        let e = serde_json::from_str::<ToServer>(
            r#"{"type":"act","index":0,"action":{"type":"pass"},"colour":1}"#,
        );
        assert!(e.unwrap_err().to_string().contains("colour"));
    }

    #[test]
    fn the_leaderboard_asked_without_a_mode_is_the_singles_one() {
        let asked = |text: &str| serde_json::from_str::<ToServer>(text).unwrap();
        let singles = ToServer::Leaderboard {
            mode: Mode::Singles,
        };
        assert_eq!(asked(r#"{"type":"leaderboard"}"#), singles);
        let doubles = ToServer::Leaderboard {
            mode: Mode::Doubles,
        };
        assert_eq!(asked(r#"{"type":"leaderboard","mode":"doubles"}"#), doubles);
        assert!(doubles.is_query());
    }
}
