//! A computer player: its level (search budget and execution noise) and its decisions — the
//! stroke in a match or on a clearing board, and where to put a returned due.

use crate::candidates::{GenLimits, ShotKind};
use crate::clearing::{ClearingJudge, ClearingState};
use crate::game::{MatchJudge, choose_due_spot};
use crate::lone_man::LoneManCosts;
use crate::noise::Noise;
use crate::search::{self, Budget, Decision, Judge, Weighed};
use carrom_match::Level;
use carrom_physics::{Piece, Seat, Shot, Spec};
use carrom_referee::{PieceColour, Referee};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

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

/// The hard level's shot generator (six striker places an aim, banks, combinations, break-ups
/// off centre, safeties).
pub const HARD_LIMITS: GenLimits = GenLimits {
    positions_per_aim: 6,
    banks: true,
    combinations: true,
    break_up_offsets: search::OFF_CENTRE_BREAK_UPS,
    plays_safe: true,
};

/// One rung of the ladder: what a level is called, how it plays (for a person choosing an
/// opponent), its rating as `carrom ladder` measured it, the hand that plays its strokes and
/// the search that chooses them.
#[derive(Clone, Copy, Debug)]
pub struct LevelSpec {
    pub level: Level,
    /// The name on the command line, in saves and in the menu.
    pub name: &'static str,
    /// One line on how it plays.
    pub blurb: &'static str,
    /// Its Elo rating, the beginner anchored at 1000 (`carrom ladder`; README, Figures).
    pub rating: f64,
    /// The noise of its hand (used in self-play and the game; the clearing benchmark uses
    /// [`Noise::BENCHMARK`] for every level).
    pub noise: Noise,
    pub budget: Budget,
}

/// The search of a level that only tries a few straight cuts, each simulated a few times, and
/// plays safe only when nothing can be aimed at (`plays_safe: false`).
pub const fn plain_search(
    candidates: usize,
    samples: u32,
    positions_per_aim: usize,
    banks: bool,
    plays_safe: bool,
) -> Budget {
    Budget {
        candidates,
        safeties: if plays_safe { 2 } else { 0 },
        samples,
        refine: 0,
        refine_samples: 0,
        limits: GenLimits {
            positions_per_aim,
            banks,
            combinations: false,
            break_up_offsets: &[],
            plays_safe,
        },
        safety_work: 0,
        max_safeties: if plays_safe { 2 } else { 0 },
        endgame_pieces: 0,
        endgame_samples: 0,
        max_work: 0,
    }
}

/// The ladder of computer levels, weakest first; neighbours are a fair fight (the stronger
/// wins 60-85% of singles games, measured by `carrom ladder`, README's Figures).
pub const LADDER: [LevelSpec; 5] = [
    LevelSpec {
        level: Level::Beginner,
        name: "beginner",
        blurb: "plays only straight shots, weighs few, misses most cuts over 30 degrees; never plays safe",
        rating: 1000.0,
        noise: Noise {
            position: 0.0128,
            angle_deg: 2.55,
            power: 0.0128,
        },
        budget: plain_search(4, 1, 1, false, false),
    },
    LevelSpec {
        level: Level::Easy,
        name: "easy",
        blurb: "goes for the easiest pot every time: no banks, no combinations, never plays safe",
        rating: 1260.0,
        noise: Noise {
            position: 0.0105,
            angle_deg: 2.1,
            power: 0.0105,
        },
        budget: plain_search(8, 2, 1, false, false),
    },
    LevelSpec {
        level: Level::Medium,
        name: "medium",
        blurb: "cuts and banks, plays safe now and then, with a shakier hand than easy",
        rating: 1403.0,
        noise: Noise {
            position: 0.0122,
            angle_deg: 2.45,
            power: 0.0122,
        },
        budget: Budget {
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
                plays_safe: true,
            },
            safety_work: 0,
            max_safeties: 2,
            endgame_pieces: 0,
            endgame_samples: 0,
            max_work: 0,
        },
    },
    LevelSpec {
        level: Level::Skilled,
        name: "skilled",
        blurb: "weighs many shots, combinations and break-ups; plays safe",
        rating: 1527.0,
        noise: Noise {
            position: 0.0108,
            angle_deg: 2.15,
            power: 0.0108,
        },
        budget: Budget {
            candidates: 32,
            safeties: 16,
            samples: 3,
            refine: 8,
            refine_samples: 8,
            limits: GenLimits {
                positions_per_aim: 3,
                banks: true,
                combinations: true,
                break_up_offsets: &[],
                plays_safe: true,
            },
            safety_work: 600,
            max_safeties: 64,
            endgame_pieces: 7,
            endgame_samples: 6,
            max_work: HARD_WORK / 2,
        },
    },
    LevelSpec {
        level: Level::Hard,
        name: "hard",
        blurb: "the strongest: the steadiest hand and the widest search; plays for what a stroke leaves",
        rating: 1712.0,
        noise: Noise::BENCHMARK,
        budget: Budget {
            candidates: 48,
            safeties: 64,
            samples: 4,
            refine: 12,
            refine_samples: 16,
            limits: HARD_LIMITS,
            safety_work: SAFETY_WORK,
            max_safeties: 320,
            endgame_pieces: 7,
            endgame_samples: 8,
            max_work: HARD_WORK,
        },
    },
];

/// What the AI's [`LADDER`] says of a [`Level`]: how it plays (for a person choosing an
/// opponent), its measured rating, the hand that plays its strokes and the search that
/// chooses them.
pub trait Rung: Copy {
    /// This level's rung of the ladder.
    fn spec(self) -> &'static LevelSpec;

    /// One line on how the level plays.
    fn blurb(self) -> &'static str {
        self.spec().blurb
    }

    /// The level's measured Elo rating (the weakest is 1000).
    fn rating(self) -> f64 {
        self.spec().rating
    }

    /// The search budget of the level.
    fn budget(self) -> Budget {
        self.spec().budget
    }

    /// How precisely a player of the level executes a shot (used in self-play and the game;
    /// the clearing benchmark uses [`Noise::BENCHMARK`] for every level).
    fn execution_noise(self) -> Noise {
        self.spec().noise
    }
}

impl Rung for Level {
    fn spec(self) -> &'static LevelSpec {
        &LADDER[self as usize]
    }
}

/// A computer player. Deterministic: the same level and seed, asked the same questions in the
/// same order, give the same answers.
#[derive(Clone, Debug)]
pub struct Player {
    pub level: Level,
    /// The noise of its hand.
    pub noise: Noise,
    pub budget: Budget,
    /// The noise the player assumes its shots will have when it plans.
    pub plan_noise: Noise,
    /// How it looks two strokes ahead on a clearing board (a research tool: no level does).
    #[cfg(feature = "research")]
    pub lookahead: Option<crate::research::lookahead::Lookahead>,
    pub(crate) rng: ChaCha8Rng,
    /// What the last decision found (for display and statistics).
    pub last: Option<Decision>,
    /// Every shot the last search simulated, best first (empty after a book break).
    pub weighed: Vec<Weighed>,
}

impl Player {
    pub fn new(level: Level, seed: u64) -> Player {
        Player::of_spec(level.spec(), seed)
    }

    /// A player of `spec` (one of the [`LADDER`], or a variation of one being measured).
    pub fn of_spec(spec: &LevelSpec, seed: u64) -> Player {
        Player {
            level: spec.level,
            noise: spec.noise,
            budget: spec.budget,
            plan_noise: spec.noise,
            #[cfg(feature = "research")]
            lookahead: None,
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
        self.noise
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
        let shot = self.decide(spec, &state.layout, Seat::South, &judge);
        #[cfg(feature = "research")]
        if let Some(look) = self.lookahead {
            let lone = judge.lone;
            return crate::research::lookahead::look_ahead(self, spec, state, lone, &look).or(shot);
        }
        shot
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
