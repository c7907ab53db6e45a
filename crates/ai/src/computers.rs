//! The computer players at a match's table: one [`Player`] for each computer seat, and the
//! hands that play their strokes with the level's execution noise. Self-play, the headless demo
//! and the game all take a computer's next action from here.

use crate::coach::{self, Commentary};
use crate::noise::{Noise, mix};
use crate::{LevelSpec, Player, Rung};
use carrom_match::{Action, Actor, Level, Match, MatchError, MatchSetup};
use carrom_physics::Seat;
use carrom_referee::{Rules, Seats, Verdict};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use web_time::Instant;

/// What the computer players of a match carry from one decision to the next, as data: each
/// seat's level, the noise it plans with and its random stream, the hands' stream and whether
/// strokes are announced. The browser's worker decides on a copy made from it and hands back
/// the new state, so a match there plays as it would here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ComputersState {
    players: Vec<(Seat, Level, Noise, ChaCha8Rng)>,
    hands: ChaCha8Rng,
    commentary: bool,
}

/// The computer seats of a match. Deterministic: the players are seeded from the setup's seed
/// (seat `i` in the order of play from `mix(seed, i + 1)`, their hands from
/// `mix(seed, 0xE7EC)`), so a match replays from its seed.
#[derive(Clone, Debug)]
pub struct Computers {
    players: Vec<(Seat, Player)>,
    hands: ChaCha8Rng,
    /// How long the last stroke decision took (ms); `None` after a placement.
    pub last_decision_ms: Option<f64>,
    /// Announce each stroke: [`Computers::last_commentary`] is then set by every stroke
    /// decision (measuring its chance costs [`coach::COMMENTARY_SAMPLES`] simulations).
    pub commentary: bool,
    /// The last stroke's commentary, when `commentary` is on.
    pub last_commentary: Option<Commentary>,
}

impl Computers {
    /// Their state as data (each player's level stands for its search and hand, as
    /// [`Computers::for_setup`] makes them).
    pub fn state(&self) -> ComputersState {
        ComputersState {
            players: (self.players.iter())
                .map(|(seat, p)| (*seat, p.level, p.plan_noise, p.rng.clone()))
                .collect(),
            hands: self.hands.clone(),
            commentary: self.commentary,
        }
    }

    /// The computers of `state`.
    pub fn from_state(state: ComputersState) -> Computers {
        let players = (state.players.into_iter())
            .map(|(seat, level, plan_noise, rng)| {
                let mut p = Player::of_spec(level.spec(), 0).with_plan_noise(plan_noise);
                p.rng = rng;
                (seat, p)
            })
            .collect();
        Computers {
            players,
            hands: state.hands,
            last_decision_ms: None,
            commentary: state.commentary,
            last_commentary: None,
        }
    }

    /// The computer players of `setup`.
    pub fn for_setup(setup: &MatchSetup) -> Computers {
        Computers::for_setup_with(setup, |level| *level.spec())
    }

    /// Computers for every seat of `setup`: its computer players at their own levels, and its
    /// people's seats at `level` (a host's computer plays a guest's seat handed to it).
    pub fn for_every_seat(setup: &MatchSetup, level: Level) -> Computers {
        let mut all = setup.clone();
        for p in &mut all.players {
            p.computer.get_or_insert(level);
        }
        Computers::for_setup(&all)
    }

    /// The computer players of `setup`, each playing as `spec_of` its level says (a ladder's
    /// variation being measured; [`Computers::for_setup`] plays the [`crate::LADDER`]).
    pub fn for_setup_with(setup: &MatchSetup, spec_of: impl Fn(Level) -> LevelSpec) -> Computers {
        let mut players = Vec::new();
        for (i, (&seat, who)) in setup.seats.seats().iter().zip(&setup.players).enumerate() {
            if let Some(level) = who.computer {
                let spec = spec_of(level);
                players.push((seat, Player::of_spec(&spec, mix(setup.seed, i as u64 + 1))));
            }
        }
        Computers {
            players,
            hands: ChaCha8Rng::seed_from_u64(mix(setup.seed, 0xE7EC)),
            last_decision_ms: None,
            commentary: false,
            last_commentary: None,
        }
    }

    /// The computer player at `seat`, if the seat is a computer's.
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, p)| p)
    }

    /// The next action if a computer must act: a returned piece placed where it helps its side
    /// most, or a stroke chosen by search and played with the level's noise, or a pass when no
    /// legal striker placement exists (Law 137). `None` when a person is to act or the match is
    /// over.
    pub fn act(&mut self, game: &Match) -> Option<Action> {
        let actor = game.next_actor()?;
        let player = &mut self.players.iter_mut().find(|(s, _)| *s == actor.seat())?.1;
        match actor {
            Actor::Placer { seat, piece } => {
                self.last_decision_ms = None;
                let (x, y) = player.place_due(&game.spec, &game.layout, piece, seat, &game.referee);
                if game.check_place(x, y).is_ok() {
                    Some(Action::Place { x, y })
                } else {
                    let [x, y] = game.free_due_spot(0.0);
                    Some(Action::Place { x, y })
                }
            }
            Actor::Striker(seat) => {
                let t = Instant::now();
                let shot = player.choose_shot(&game.spec, &game.layout, seat, &game.referee);
                self.last_decision_ms = Some(t.elapsed().as_secs_f64() * 1000.0);
                self.last_commentary = if self.commentary {
                    // Its own stream: the commentary changes nothing the players do.
                    let seed = mix(game.setup.seed ^ 0xC0_4417, game.actions.len() as u64);
                    coach::commentary(
                        &game.spec,
                        &game.layout,
                        seat,
                        &game.referee,
                        &player.weighed,
                        player.execution_noise(),
                        seed,
                    )
                } else {
                    None
                };
                Some(match shot {
                    Some(shot) => Action::Stroke {
                        shot: player.execution_noise().apply(
                            &game.spec,
                            &game.layout,
                            &shot,
                            &mut self.hands,
                        ),
                    },
                    None => Action::Pass,
                })
            }
        }
    }
}

/// How a match the computers played on ended ([`Computers::play_out`]).
#[derive(Debug)]
pub enum PlayedOut {
    /// The match is over.
    Over,
    /// The match had not ended after this many strokes.
    Capped(u32),
    /// A person is to act at this seat: no computer plays it.
    NoComputer(Seat),
    /// The match refused a computer's action.
    Refused(Action, MatchError),
}

/// One action a computer took in [`Computers::play_out`], after the match applied it.
#[derive(Debug)]
pub struct Played<'a> {
    pub seat: Seat,
    pub action: &'a Action,
    /// The referee's verdict on a stroke or a pass (`None` after a placement).
    pub verdict: Option<&'a Verdict>,
    /// How long the stroke's decision took (ms); `None` after a placement.
    pub decision_ms: Option<f64>,
    /// The stroke's commentary, when [`Computers::commentary`] is on.
    pub commentary: Option<Commentary>,
}

impl Computers {
    /// The computers play `game` on to its end, `each` told of every action once the match
    /// has applied it; at most `stroke_cap` strokes (every match must end). The headless demo,
    /// a saved match resumed without a window and self-play all play through this loop.
    pub fn play_out(
        &mut self,
        game: &mut Match,
        stroke_cap: u32,
        mut each: impl FnMut(&Match, Played),
    ) -> PlayedOut {
        let mut strokes = 0;
        while let Some(actor) = game.next_actor() {
            let striking = matches!(actor, Actor::Striker(_));
            if striking && strokes >= stroke_cap {
                return PlayedOut::Capped(stroke_cap);
            }
            let Some(action) = self.act(game) else {
                return PlayedOut::NoComputer(actor.seat());
            };
            strokes += u32::from(striking);
            let commentary = self.last_commentary.take();
            let decision_ms = self.last_decision_ms.filter(|_| striking);
            match game.apply(&action) {
                Ok(verdict) => each(
                    game,
                    Played {
                        seat: actor.seat(),
                        action: &action,
                        verdict: verdict.as_ref(),
                        decision_ms,
                        commentary,
                    },
                ),
                Err(e) => return PlayedOut::Refused(action, e),
            }
        }
        PlayedOut::Over
    }
}

/// A match of computers only, each side at its level (the demo's, a self-play game's).
pub fn computers_match(
    seats: Seats,
    rules: Rules,
    rules_name: &str,
    levels: [Level; 2],
    seed: u64,
) -> MatchSetup {
    let mut setup = MatchSetup::new(seats, rules, rules_name, seed);
    computer_setup(&mut setup, levels);
    setup
}

/// A singles match of easy computers under the ICF Laws, seeded `seed`: the plainest match of
/// computers (the tests' and the reviews' examples).
pub fn easy_singles(seed: u64) -> MatchSetup {
    let rules = carrom_referee::Preset::Icf.rules();
    computers_match(Seats::Singles, rules, "icf", [Level::Easy; 2], seed)
}

/// The level of each side, for a setup of computers only.
pub fn computer_setup(setup: &mut MatchSetup, levels: [Level; 2]) {
    let seats = setup.seats;
    for (seat, who) in seats.seats().iter().zip(setup.players.iter_mut()) {
        *who = carrom_match::Player::computer(*seat, levels[seats.side_of(*seat).index()]);
    }
}
