//! A computer player: its level (search budget and execution noise) and its decisions — the
//! stroke in a match or on a clearing board, and where to put a returned due.

use crate::candidates::{GenLimits, ShotKind};
use crate::clearing::{ClearingJudge, ClearingState};
use crate::game::{MatchJudge, choose_due_spot};
use crate::lone_man::LoneManCosts;
use crate::noise::Noise;
use crate::search::{self, Budget, Decision, Judge, Weighed};
use carrom_physics::{Piece, Seat, Shot, Spec};
use carrom_referee::{PieceColour, Referee};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// The hard level's safety and break-up work: shots simulated times pieces on the board (see
/// [`Budget::safety_work`]): 105 shots with 19 pieces, 200 with 10, the cap of 320 from 6 down.
/// On the 96-board clearing diagnostic (hard) this budget takes 21.41 strikes a board, against
/// 25.82 for a fixed 64 shots from 8 pieces up (320 from 7 down) and 23.42 for the same work
/// spent as simulations times pieces (11000), which was no faster (`docs/measurements.md`).
pub const SAFETY_WORK: usize = 2000;

/// The hard level's most work in a decision, in simulations times (pieces + 3) (see
/// [`Budget::max_work`]): 680 simulations with 19 pieces, 710 with 18, 1000 with 12, 1150 with
/// 10; with 4 samples a candidate it binds from about 9 pieces up (when the 48 cuts are there),
/// with the endgame's 8 from 7 pieces down. It keeps the slowest decisions, which come with
/// 15-19 pieces on the board, within the time limit: on a quiet host (`carrom bench`: 1052
/// break shots a second) the 96-board clearing diagnostic's slowest decision took 355 ms (584
/// ms without the limit, on a host at about 70% of that speed) and the three hard clearing
/// sets' 386 ms.
pub const HARD_WORK: usize = 15_000;

/// How strong a computer player is: search budget and execution noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name.trim())
    }

    /// The search budget of the level.
    pub fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget {
                candidates: 8,
                safeties: 2,
                samples: 2,
                refine: 0,
                refine_samples: 0,
                limits: GenLimits {
                    positions_per_aim: 1,
                    banks: false,
                    combinations: false,
                    break_up_offsets: &[],
                },
                safety_work: 0,
                max_safeties: 2,
                endgame_pieces: 0,
                endgame_samples: 0,
                max_work: 0,
            },
            Level::Medium => Budget {
                candidates: 24,
                safeties: 2,
                samples: 3,
                refine: 4,
                refine_samples: 6,
                limits: GenLimits {
                    positions_per_aim: 2,
                    banks: true,
                    combinations: false,
                    break_up_offsets: &[],
                },
                safety_work: 0,
                max_safeties: 2,
                endgame_pieces: 0,
                endgame_samples: 0,
                max_work: 0,
            },
            Level::Hard => Budget {
                candidates: 48,
                safeties: 64,
                samples: 4,
                refine: 12,
                refine_samples: 16,
                limits: GenLimits {
                    positions_per_aim: 6,
                    banks: true,
                    combinations: true,
                    break_up_offsets: search::OFF_CENTRE_BREAK_UPS,
                },
                safety_work: SAFETY_WORK,
                max_safeties: 320,
                endgame_pieces: 7,
                endgame_samples: 8,
                max_work: HARD_WORK,
            },
        }
    }

    /// How precisely a player of the level executes a shot (used in self-play and the game;
    /// the clearing benchmark uses [`Noise::BENCHMARK`] for every level).
    pub fn execution_noise(self) -> Noise {
        match self {
            Level::Easy => Noise {
                position: 0.03,
                angle_deg: 4.0,
                power: 0.03,
            },
            Level::Medium => Noise {
                position: 0.02,
                angle_deg: 3.0,
                power: 0.02,
            },
            Level::Hard => Noise::BENCHMARK,
        }
    }
}

/// A computer player. Deterministic: the same level and seed, asked the same questions in the
/// same order, give the same answers.
#[derive(Clone, Debug)]
pub struct Player {
    pub level: Level,
    pub budget: Budget,
    /// The noise the player assumes its shots will have when it plans.
    pub plan_noise: Noise,
    rng: ChaCha8Rng,
    /// What the last decision found (for display and statistics).
    pub last: Option<Decision>,
    /// Every shot the last search simulated, best first (empty after a book break).
    pub weighed: Vec<Weighed>,
}

impl Player {
    pub fn new(level: Level, seed: u64) -> Player {
        Player {
            level,
            budget: level.budget(),
            plan_noise: level.execution_noise(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            last: None,
            weighed: Vec::new(),
        }
    }

    /// Plans with `noise` instead of the level's own execution noise.
    pub fn with_plan_noise(mut self, noise: Noise) -> Player {
        self.plan_noise = noise;
        self
    }

    /// The noise with which the game should execute this player's shots.
    pub fn execution_noise(&self) -> Noise {
        self.level.execution_noise()
    }

    fn decide(
        &mut self,
        spec: &Spec,
        layout: &[Piece],
        seat: Seat,
        judge: &dyn Judge,
    ) -> Option<Shot> {
        let seed = self.rng.random::<u64>();
        let found = search::search_weighed(
            spec,
            layout,
            seat,
            judge,
            &self.budget,
            self.plan_noise,
            seed,
        );
        let (d, weighed) = match found {
            Some((d, w)) => (Some(d), w),
            None => (None, Vec::new()),
        };
        let shot = d.as_ref().map(|d| d.shot);
        self.last = d;
        self.weighed = weighed;
        shot
    }

    /// The stroke for the player at `seat` on `layout` under the referee's current state (it
    /// must be this seat's turn). `None` when no legal striker placement exists (Law 142: the
    /// board is replayed; or pass, Law 137). The shot is the intended one, without execution
    /// noise; add [`Player::execution_noise`] when playing it.
    pub fn choose_shot(
        &mut self,
        spec: &Spec,
        layout: &[Piece],
        seat: Seat,
        referee: &Referee,
    ) -> Option<Shot> {
        let judge = MatchJudge {
            referee: *referee,
            seat,
        };
        self.decide(spec, layout, seat, &judge)
    }

    /// The stroke on a single-player clearing board (always from South).
    ///
    /// The hard player opens with its practised break ([`break_book`]) when there is a book
    /// for this spec and its planning noise.
    pub fn choose_clearing_shot(&mut self, spec: &Spec, state: &ClearingState) -> Option<Shot> {
        if self.level == Level::Hard
            && let Some(book) = state.book_break(spec, self.plan_noise)
        {
            let shot = book.shot(Seat::South);
            self.weighed.clear();
            self.last = Some(Decision {
                shot,
                kind: ShotKind::Break,
                target: None,
                value: book.value,
                candidates_generated: 0,
                simulations: 0,
            });
            return Some(shot);
        }
        let judge = ClearingJudge {
            state,
            lone: LoneManCosts::for_spec(spec),
        };
        self.decide(spec, &state.layout, Seat::South, &judge)
    }

    /// Where this player (at `placer`) puts a returned due/penalty man of `colour` (Laws 78,
    /// 84-86): inside the outer circle, not covering the centre circle, not overlapping
    /// `layout`; where it is least useful to the side that owns it.
    pub fn place_due(
        &mut self,
        spec: &Spec,
        layout: &[Piece],
        colour: PieceColour,
        placer: Seat,
        referee: &Referee,
    ) -> (f32, f32) {
        choose_due_spot(spec, layout, colour, placer, referee)
    }
}
