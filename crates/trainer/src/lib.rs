//! The trainer: drills by kind of shot (a straight cut, cuts at 30 and 60 degrees, a thin cut,
//! a man off a cushion, a man frozen on a cushion, a combination, the Queen and her cover, the
//! break), each with levels; a new seeded position every attempt, its task in words and its
//! target; each stroke scored from its simulated outcome (in, missed — which way and by how
//! much — or a foul with its Law); the level moving with two successes or two misses in a row;
//! progress kept per player in the data directory; the player's weakest shots read from his
//! own matches; and the coach's reliability table. No Bevy: the game's Training mode is built
//! on this API.
//!
//! ```no_run
//! use carrom_trainer::{Day, DrillKind, Trainer};
//! use carrom_physics::Spec;
//!
//! let spec = Spec::default();
//! let (mut trainer, warning) = Trainer::open(&carrom_store::data_dir().unwrap(), "Asha").unwrap();
//! if let Some(w) = warning { eprintln!("{w}"); }
//! let drill = trainer.start(&spec, DrillKind::Cut30, 1).unwrap();
//! println!("{}", drill.task); // "Cut the white man at 1 o'clock into the north-east pocket ..."
//! let score = trainer.play(&spec, &drill, &drill.demonstration, &Day::today()).unwrap();
//! println!("{}", score.words); // "In!"
//! trainer.save().unwrap();
//! for row in trainer.drills() { println!("{}: {}/{}", row.name, row.successes, row.attempts); }
//! ```

pub mod coach;
pub mod drill;
pub mod hint;
pub mod position;
pub mod progress;
pub mod reliability;
pub mod report;
pub mod score;
pub mod trainer;
pub mod weakest;
pub mod words;

pub use drill::{Aim, Drill, DrillKind, LEVELS, NoPosition, Stage, Target};
pub use position::{Position, PositionError, QueenAt};
pub use progress::{
    Day, Ladder, Loaded, Progress, ProgressError, ProgressFault, Tally, progress_path,
};
pub use score::{MissWay, Score, ScoreError, Scored, Side, score};
pub use trainer::{DrillRow, Trainer, rows};
