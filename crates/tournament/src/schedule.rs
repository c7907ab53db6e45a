//! What a tournament schedules once a game is played: the shootouts a finished group owes
//! (one at a time), the knockout drawn from the groups' top two and each of its rounds as its
//! games are decided, the game for third place with the final, a Swiss's next round.

use crate::knockout;
use crate::standings::next_pair;
use crate::swiss::{self, BYE_POINTS};
use crate::tournament::{Bye, Format, Game, RecordError, Stage, Tournament, met_pairs};

/// Who holds a place of the bracket in a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// Nobody: the player across goes through.
    Bye,
    Player(String),
    /// The winner of a game still to play.
    Pending,
}

/// A knockout's slot as a bracket draws it: who holds its two places, its game once it is
/// scheduled (a slot with a bye has none), and who goes on from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    pub places: [Place; 2],
    pub game: Option<u32>,
    pub through: Place,
}

impl Tournament {
    /// Schedules every game that can be scheduled now.
    pub(crate) fn schedule(&mut self) -> Result<(), RecordError> {
        match self.kind {
            Format::Vkk | Format::RoundRobin => {
                if self.group_stage_done()? && self.kind == Format::Vkk {
                    if self.bracket.is_empty() {
                        self.draw_knockout()?;
                    }
                    self.schedule_knockout();
                }
            }
            Format::Knockout => self.schedule_knockout(),
            Format::Swiss => self.schedule_swiss()?,
        }
        Ok(())
    }

    /// Whether every group's games are played and no table owes a shootout; schedules the
    /// next shootout of a finished group that owes one and has none to play.
    fn group_stage_done(&mut self) -> Result<bool, RecordError> {
        let unplayed = |g: &Game| g.winner.is_none() && matches!(g.stage, Stage::Group { .. });
        if self.games.iter().any(unplayed) {
            return Ok(false);
        }
        let mut done = true;
        for table in self.group_tables()? {
            let Some(owed) = &table.shootout else {
                continue;
            };
            done = false;
            let pending = self.games.iter().any(|g| {
                g.winner.is_none()
                    && matches!(&g.stage, Stage::Shootout { group } if *group == table.name)
            });
            if !pending {
                let pair = next_pair(owed, &self.shootouts_of(&table.name));
                let stage = Stage::Shootout { group: table.name };
                self.add_game(stage, pair);
            }
        }
        Ok(done)
    }

    /// The VKK cross-over: each group's first and second, A1 v B2, B1 v A2, ...
    fn draw_knockout(&mut self) -> Result<(), RecordError> {
        let places: Vec<[String; 2]> = (self.group_tables()?.iter())
            .map(|t| [t.standings[0].name.clone(), t.standings[1].name.clone()])
            .collect();
        self.bracket = knockout::bracket(&knockout::cross_over(&places));
        Ok(())
    }

    /// Every knockout game whose two players are known, and the game for third place once
    /// both semi-finals are decided.
    fn schedule_knockout(&mut self) {
        let rounds = knockout::rounds(self.bracket.len());
        for round in 1..=rounds {
            for slot in 0..(self.bracket.len() >> round) as u32 {
                if self.knockout_game(round, slot).is_some() {
                    continue;
                }
                let a = self.place(round - 1, 2 * slot);
                let b = self.place(round - 1, 2 * slot + 1);
                if let (Place::Player(a), Place::Player(b)) = (a, b) {
                    self.add_game(Stage::Knockout { round, slot }, [a, b]);
                }
            }
        }
        let has_third = self.games.iter().any(|g| g.stage == Stage::ThirdPlace);
        if self.third_place && rounds >= 2 && !has_third {
            let losers: Vec<String> = (0..2)
                .filter_map(|slot| self.knockout_game(rounds - 1, slot))
                .filter_map(|g| {
                    let w = g.winner.as_ref()?;
                    g.players.iter().find(|p| *p != w).cloned()
                })
                .collect();
            if let [a, b] = losers.as_slice() {
                self.add_game(Stage::ThirdPlace, [a.clone(), b.clone()]);
            }
        }
    }

    /// The bracket round by round, the first round first: each slot's two places, its game
    /// and who goes on (the final's, the champion). Empty before the knockout is drawn.
    pub fn bracket_rounds(&self) -> Vec<Vec<Slot>> {
        if self.bracket.is_empty() {
            return Vec::new();
        }
        let rounds = knockout::rounds(self.bracket.len());
        (1..=rounds)
            .map(|round| {
                (0..(self.bracket.len() >> round) as u32)
                    .map(|slot| Slot {
                        places: [
                            self.place(round - 1, 2 * slot),
                            self.place(round - 1, 2 * slot + 1),
                        ],
                        game: self.knockout_game(round, slot).map(|g| g.number),
                        through: self.place(round, slot),
                    })
                    .collect()
            })
            .collect()
    }

    /// The knockout game of `round` at `slot`.
    pub fn knockout_game(&self, round: u32, slot: u32) -> Option<&Game> {
        let stage = Stage::Knockout { round, slot };
        self.games.iter().find(|g| g.stage == stage)
    }

    /// Who holds place `pos` of `round` (0: the draw).
    fn place(&self, round: u32, pos: u32) -> Place {
        if round == 0 {
            let seat = self.bracket.get(pos as usize).cloned().flatten();
            return seat.map_or(Place::Bye, Place::Player);
        }
        match (
            self.place(round - 1, 2 * pos),
            self.place(round - 1, 2 * pos + 1),
        ) {
            (Place::Bye, p) | (p, Place::Bye) => p,
            (Place::Player(_), Place::Player(_)) => (self.knockout_game(round, pos))
                .and_then(|g| g.winner.clone())
                .map_or(Place::Pending, Place::Player),
            _ => Place::Pending,
        }
    }

    /// The final's winner, once it is played.
    pub fn final_winner(&self) -> Option<String> {
        match self.place(knockout::rounds(self.bracket.len()), 0) {
            Place::Player(p) if !self.bracket.is_empty() => Some(p),
            _ => None,
        }
    }

    /// The round a Swiss has reached.
    pub fn swiss_round(&self) -> u32 {
        let games = self.games.iter().filter_map(|g| match g.stage {
            Stage::Swiss { round } => Some(round),
            _ => None,
        });
        games
            .chain(self.byes.iter().map(|b| b.round))
            .max()
            .unwrap_or(0)
    }

    /// The Swiss's next round, once every game of this one is played.
    fn schedule_swiss(&mut self) -> Result<(), RecordError> {
        let played = self.swiss_round();
        if self.games.iter().any(|g| g.winner.is_none()) || played >= self.rounds {
            return Ok(());
        }
        let round = played + 1;
        let names: Vec<String> = self.players.iter().map(|p| p.name.clone()).collect();
        let games = self.decided(|s| matches!(s, Stage::Swiss { .. }));
        let byes: Vec<String> = self.byes.iter().map(|b| b.player.clone()).collect();
        let ranked = swiss::ranking(&swiss::swiss_tallies(&names, &games, &byes));
        let had_bye: Vec<usize> = (names.iter().enumerate())
            .filter(|(_, n)| byes.contains(n))
            .map(|(i, _)| i)
            .collect();
        let met = met_pairs(&names, &self.games);
        let (pairs, bye) =
            swiss::pair_round(&ranked, &met, &had_bye).ok_or(RecordError::NoPairing(round))?;
        for (a, b) in pairs {
            let players = [names[a].clone(), names[b].clone()];
            self.add_game(Stage::Swiss { round }, players);
        }
        if let Some(b) = bye {
            self.byes.push(Bye {
                round,
                player: names[b].clone(),
                points: BYE_POINTS,
            });
        }
        Ok(())
    }
}
