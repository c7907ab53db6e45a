//! The computer players at a match's table: one [`Player`] for each computer seat, and the
//! hands that play their strokes with the level's execution noise. Self-play, the headless demo
//! and the game all take a computer's next action from here.

use crate::coach::{self, Commentary};
use crate::noise::mix;
use crate::{Level, LevelSpec, Player};
use carrom_match::{Action, Actor, Match, MatchSetup};
use carrom_physics::Seat;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

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

/// The level of a setup's computer player, by name (see [`Level::parse`]: `fast`, the name of
/// an earlier quick bot, is read as `easy` so that saves that name it still load).
pub fn level_of(name: &str) -> Option<Level> {
    Level::parse(name)
}

impl Computers {
    /// The computer players of `setup`. An unknown level is an error naming the player.
    pub fn for_setup(setup: &MatchSetup) -> Result<Computers, String> {
        Computers::for_setup_with(setup, |level| *level.spec())
    }

    /// Computers for every seat of `setup`: its computer players at their own levels, and its
    /// people's seats at `level` (a host's computer plays a guest's seat handed to it).
    pub fn for_every_seat(setup: &MatchSetup, level: Level) -> Result<Computers, String> {
        let mut all = setup.clone();
        for p in &mut all.players {
            p.computer.get_or_insert_with(|| level.name().to_string());
        }
        Computers::for_setup(&all)
    }

    /// The computer players of `setup`, each playing as `spec_of` its level says (a ladder's
    /// variation being measured; [`Computers::for_setup`] plays the [`crate::LADDER`]).
    pub fn for_setup_with(
        setup: &MatchSetup,
        spec_of: impl Fn(Level) -> LevelSpec,
    ) -> Result<Computers, String> {
        let mut players = Vec::new();
        for (i, (&seat, who)) in setup.seats.seats().iter().zip(&setup.players).enumerate() {
            if let Some(name) = &who.computer {
                let level = level_of(name).ok_or_else(|| {
                    format!(
                        "players[{i}].computer: `{name}` is not a level: {}",
                        Level::names()
                    )
                })?;
                let spec = spec_of(level);
                players.push((seat, Player::of_spec(&spec, mix(setup.seed, i as u64 + 1))));
            }
        }
        Ok(Computers {
            players,
            hands: ChaCha8Rng::seed_from_u64(mix(setup.seed, 0xE7EC)),
            last_decision_ms: None,
            commentary: false,
            last_commentary: None,
        })
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

/// The level of each side, for a setup of computers only.
pub fn computer_setup(setup: &mut MatchSetup, levels: [Level; 2]) {
    let seats = setup.seats;
    for (seat, who) in seats.seats().iter().zip(setup.players.iter_mut()) {
        let level = levels[seats.side_of(*seat).index()];
        who.name = format!("{} ({})", seat.title(), level.name());
        who.computer = Some(level.name().to_string());
    }
}
