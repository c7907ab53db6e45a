//! The board, its materials and the simulator settings, as data.
//!
//! Every default is the ICF equipment specification (dimensions) or a calibrated value
//! (materials); the calibration is checked by the tests in `tests/physics.rs`.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// Dimensions of the board and the pieces, in metres and kilograms.
///
/// The defaults are the ICF equipment rules for a tournament board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BoardSpec {
    /// ICF: the playing surface is 74 cm x 74 cm (inside the frame).
    pub playing_surface: f32,
    /// ICF: the four corner pockets are 4.45 cm in diameter.
    pub pocket_diameter: f32,
    /// ICF: each base line is 47 cm long (base circles included).
    pub base_line_length: f32,
    /// ICF: the outer base line is 10.15 cm from the frame.
    pub base_line_distance: f32,
    /// ICF: the inner base line is 3.18 cm inside the outer one.
    pub base_line_gap: f32,
    /// ICF: the base circles at both ends of each base line are 3.18 cm in diameter.
    pub base_circle_diameter: f32,
    /// ICF: the arrows run at 45 degrees towards the pockets, up to 26.7 cm long.
    pub arrow_length: f32,
    /// ICF: an arrow ends 5 cm from its pocket.
    pub arrow_pocket_gap: f32,
    /// ICF: the centre circle is 3.18 cm in diameter.
    pub centre_circle_diameter: f32,
    /// ICF: the outer circle is 17 cm in diameter.
    pub outer_circle_diameter: f32,
    /// ICF: carrom men and the Queen are 3.18 cm in diameter ...
    pub coin_diameter: f32,
    /// ... and weigh 5.5 g.
    pub coin_mass: f32,
    /// ICF: the striker is 4.13 cm in diameter ...
    pub striker_diameter: f32,
    /// ... and weighs 15 g.
    pub striker_mass: f32,
}

impl Default for BoardSpec {
    fn default() -> Self {
        Self {
            playing_surface: 0.74,
            pocket_diameter: 0.0445,
            base_line_length: 0.47,
            base_line_distance: 0.1015,
            base_line_gap: 0.0318,
            base_circle_diameter: 0.0318,
            arrow_length: 0.267,
            arrow_pocket_gap: 0.05,
            centre_circle_diameter: 0.0318,
            outer_circle_diameter: 0.17,
            coin_diameter: 0.0318,
            coin_mass: 0.0055,
            striker_diameter: 0.0413,
            striker_mass: 0.015,
        }
    }
}

/// How the pieces and the board behave. Calibrated so that the ICF equipment test holds: a
/// full-power striker from the centre of a base line on an empty board makes at least 3.5 runs
/// (board lengths) and fewer than 5.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Materials {
    /// Coulomb friction of a disc sliding on the powdered surface: a constant deceleration
    /// `board_friction * g`.
    pub board_friction: f32,
    /// Coefficient of restitution between two carrom men (or a man and the Queen).
    pub restitution_piece_piece: f32,
    /// Coefficient of restitution between the striker and a piece.
    pub restitution_striker_piece: f32,
    /// Coefficient of restitution between a carrom man and the frame cushion. The striker's
    /// cushion restitution follows from the three values above (rapier's `Multiply` rule).
    pub restitution_piece_frame: f32,
    /// Sliding friction between two pieces and between a piece and the frame (rapier contact
    /// friction).
    pub contact_friction: f32,
    /// Striker speed at power 1, in m/s.
    pub max_striker_speed: f32,
    /// Jump model: a piece that meets the frame with a normal speed above this (m/s) rides over
    /// the frame and leaves the board ("overboard").
    pub jump_speed: f32,
}

impl Default for Materials {
    fn default() -> Self {
        Self {
            board_friction: 0.16,
            restitution_piece_piece: 0.90,
            restitution_striker_piece: 0.85,
            restitution_piece_frame: 0.80,
            contact_friction: 0.10,
            max_striker_speed: 6.0,
            jump_speed: 6.5,
        }
    }
}

/// Settings of the time stepping.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SimSettings {
    /// Adaptive step: no body moves further than this in one step (metres) while nothing is
    /// about to touch it.
    pub max_travel_per_step: f32,
    /// Near a contact: two bodies heading for each other (or a body heading for the frame)
    /// close at most this much in the step that brings them together, and the step before it
    /// leaves them at least half of it apart (metres). The contact normal and the moment of
    /// impact are then as accurate as if every step were this short, and rapier's speculative
    /// contacts (prediction distance at least this) catch every such approach, so nothing
    /// tunnels.
    pub max_approach_per_step: f32,
    /// Shortest step (seconds).
    pub min_dt: f32,
    /// Longest step (seconds), used when everything is slow.
    pub max_dt: f32,
    /// A shot that has not come to rest after this many simulated seconds is stopped and
    /// reported unfinished.
    pub max_time: f32,
    /// Every piece slower than this (m/s) is at rest.
    pub rest_speed: f32,
    /// Rapier solver iterations (TGS substeps) per step.
    pub solver_iterations: usize,
    /// How much of the last step's contact impulses rapier's solver starts each step from (its
    /// warm start, 0 to 1). Off (0) by default: on a board every impulse is a collision, and
    /// re-applying an impact at the start of the next step moves a chain of three bodies by
    /// what one solver pass does not take back, so that a piece hit from both sides beside a
    /// cushion could leave the board (once in 100,000 full-power shots at 1) and cut pieces
    /// were set 3-7 mm off their line. 1 is rapier's own default.
    pub warm_start: f32,
}

impl Default for SimSettings {
    fn default() -> Self {
        Self {
            max_travel_per_step: 0.12,
            max_approach_per_step: 0.020,
            min_dt: 1.0 / 4000.0,
            max_dt: 0.1,
            max_time: 30.0,
            rest_speed: 0.002,
            solver_iterations: 1,
            warm_start: 0.0,
        }
    }
}

/// Everything the simulator needs to know about the equipment.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Spec {
    pub board: BoardSpec,
    pub materials: Materials,
    pub sim: SimSettings,
}

/// Why a spec file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Parse {
        path: String,
        source: SpecSyntaxError,
    },
    #[error("{path}: {field}: {message}")]
    Invalid {
        path: String,
        field: &'static str,
        message: String,
    },
}

/// Spec text that does not parse: the parser's message, with the line and the field (TOML) or
/// the line and column (RON). (Boxed: the parsers' errors are large.)
#[derive(Debug, thiserror::Error)]
pub enum SpecSyntaxError {
    #[error("{}", .0.to_string().trim().replace('\n', " "))]
    Toml(Box<toml::de::Error>),
    #[error(transparent)]
    Ron(Box<ron::error::SpannedError>),
}

impl Spec {
    /// The ICF board with every friction and restitution at 0 (a spec that loads): its frame
    /// gives nothing back, so no man can be sent off a cushion.
    pub fn dead_board() -> Spec {
        let mut spec = Spec::default();
        let m = &mut spec.materials;
        m.board_friction = 0.0;
        m.restitution_piece_piece = 0.0;
        m.restitution_striker_piece = 0.0;
        m.restitution_piece_frame = 0.0;
        m.contact_friction = 0.0;
        spec
    }

    /// Loads a spec from a `.ron` file (any case) or else a TOML file, and checks it
    /// ([`Spec::validate`]). Missing fields take the ICF defaults.
    pub fn load(path: &Path) -> Result<Spec, SpecError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| SpecError::Io {
            path: name.clone(),
            source,
        })?;
        let ron = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"));
        let spec: Spec = if ron {
            Self::parse_ron(&text).map_err(|source| SpecError::Parse {
                path: name.clone(),
                source,
            })?
        } else {
            Self::parse_toml(&text).map_err(|source| SpecError::Parse {
                path: name.clone(),
                source,
            })?
        };
        spec.validate()
            .map_err(|(field, message)| SpecError::Invalid {
                path: name,
                field,
                message,
            })?;
        Ok(spec)
    }

    /// Parses TOML text (error messages carry the line and the field).
    pub fn parse_toml(text: &str) -> Result<Spec, SpecSyntaxError> {
        toml::from_str(text).map_err(|e| SpecSyntaxError::Toml(Box::new(e)))
    }

    /// Parses RON text (error messages carry the line and column).
    pub fn parse_ron(text: &str) -> Result<Spec, SpecSyntaxError> {
        ron::from_str(text).map_err(|e| SpecSyntaxError::Ron(Box::new(e)))
    }

    /// Checks every value against its range ([`Spec::RANGES`]) and the board's parts against
    /// each other. The error names the field as `[section].name` and says why.
    pub fn validate(&self) -> Result<(), (&'static str, String)> {
        for range in Self::RANGES {
            let v = range.get(self);
            let why = if v.is_nan() {
                "is not a number"
            } else if v < range.min {
                "is below"
            } else if v > range.max {
                "is above"
            } else {
                continue;
            };
            let bound = if v < range.min { range.min } else { range.max };
            let message = if v.is_nan() {
                format!("{why}; {}", range.describe())
            } else {
                format!("{v:?} {why} {bound:?}; {}", range.describe())
            };
            return Err((range.field, message));
        }
        let (b, s) = (&self.board, &self.sim);
        if s.min_dt > s.max_dt {
            return Err((
                "[sim].min_dt",
                format!(
                    "{:?} is above [sim].max_dt ({:?}); the shortest step cannot be longer \
                     than the longest",
                    s.min_dt, s.max_dt
                ),
            ));
        }
        let base_line_room = b.playing_surface - 2.0 * b.base_line_distance;
        if b.base_line_length > base_line_room {
            return Err((
                "[board].base_line_length",
                format!(
                    "{:?} is longer than the board holds: at most playing_surface - 2 \
                     base_line_distance = {base_line_room:?}, or the base lines cross",
                    b.base_line_length
                ),
            ));
        }
        if b.striker_diameter < b.base_line_gap {
            return Err((
                "[board].striker_diameter",
                format!(
                    "{:?} is below [board].base_line_gap ({:?}): a striker must be able to \
                     touch both base lines (Law 130)",
                    b.striker_diameter, b.base_line_gap
                ),
            ));
        }
        Ok(())
    }

    /// The range of every field (the ICF value or the calibrated default lies inside).
    pub const RANGES: [FieldRange; 29] = [
        FieldRange::new("[board].playing_surface", 0.5, 1.0, "m", |s| {
            s.board.playing_surface
        }),
        FieldRange::new("[board].pocket_diameter", 0.03, 0.08, "m", |s| {
            s.board.pocket_diameter
        }),
        FieldRange::new("[board].base_line_length", 0.2, 0.6, "m", |s| {
            s.board.base_line_length
        }),
        FieldRange::new("[board].base_line_distance", 0.05, 0.2, "m", |s| {
            s.board.base_line_distance
        }),
        FieldRange::new("[board].base_line_gap", 0.01, 0.06, "m", |s| {
            s.board.base_line_gap
        }),
        FieldRange::new("[board].base_circle_diameter", 0.01, 0.06, "m", |s| {
            s.board.base_circle_diameter
        }),
        FieldRange::new("[board].arrow_length", 0.05, 0.4, "m", |s| {
            s.board.arrow_length
        }),
        FieldRange::new("[board].arrow_pocket_gap", 0.0, 0.2, "m", |s| {
            s.board.arrow_pocket_gap
        }),
        FieldRange::new("[board].centre_circle_diameter", 0.01, 0.1, "m", |s| {
            s.board.centre_circle_diameter
        }),
        FieldRange::new("[board].outer_circle_diameter", 0.1, 0.4, "m", |s| {
            s.board.outer_circle_diameter
        }),
        FieldRange::new("[board].coin_diameter", 0.02, 0.05, "m", |s| {
            s.board.coin_diameter
        }),
        FieldRange::new("[board].coin_mass", 0.001, 0.05, "kg", |s| {
            s.board.coin_mass
        }),
        FieldRange::new("[board].striker_diameter", 0.02, 0.06, "m", |s| {
            s.board.striker_diameter
        }),
        FieldRange::new("[board].striker_mass", 0.005, 0.05, "kg", |s| {
            s.board.striker_mass
        }),
        FieldRange::new("[materials].board_friction", 0.0, 1.0, "", |s| {
            s.materials.board_friction
        }),
        FieldRange::new("[materials].restitution_piece_piece", 0.0, 1.0, "", |s| {
            s.materials.restitution_piece_piece
        }),
        FieldRange::new("[materials].restitution_striker_piece", 0.0, 1.0, "", |s| {
            s.materials.restitution_striker_piece
        }),
        FieldRange::new("[materials].restitution_piece_frame", 0.0, 1.0, "", |s| {
            s.materials.restitution_piece_frame
        }),
        FieldRange::new("[materials].contact_friction", 0.0, 1.0, "", |s| {
            s.materials.contact_friction
        }),
        FieldRange::new("[materials].max_striker_speed", 0.5, 20.0, "m/s", |s| {
            s.materials.max_striker_speed
        }),
        FieldRange::new("[materials].jump_speed", 0.5, 100.0, "m/s", |s| {
            s.materials.jump_speed
        }),
        FieldRange::new("[sim].max_travel_per_step", 0.001, 0.5, "m", |s| {
            s.sim.max_travel_per_step
        }),
        FieldRange::new("[sim].max_approach_per_step", 0.001, 0.1, "m", |s| {
            s.sim.max_approach_per_step
        }),
        FieldRange::new("[sim].min_dt", 1e-5, 0.01, "s", |s| s.sim.min_dt),
        FieldRange::new("[sim].max_dt", 0.001, 0.5, "s", |s| s.sim.max_dt),
        FieldRange::new("[sim].max_time", 0.01, 120.0, "s", |s| s.sim.max_time),
        FieldRange::new("[sim].rest_speed", 1e-4, 0.1, "m/s", |s| s.sim.rest_speed),
        FieldRange::new("[sim].solver_iterations", 1.0, 16.0, "", |s| {
            s.sim.solver_iterations as f32
        }),
        FieldRange::new("[sim].warm_start", 0.0, 1.0, "", |s| s.sim.warm_start),
    ];
}

/// The values a spec field may take, inclusive, and its unit.
#[derive(Clone, Copy)]
pub struct FieldRange {
    /// `[section].name`, as in the spec file.
    pub field: &'static str,
    pub min: f32,
    pub max: f32,
    pub unit: &'static str,
    read: fn(&Spec) -> f32,
}

impl FieldRange {
    const fn new(
        field: &'static str,
        min: f32,
        max: f32,
        unit: &'static str,
        read: fn(&Spec) -> f32,
    ) -> FieldRange {
        FieldRange {
            field,
            min,
            max,
            unit,
            read,
        }
    }

    /// The field's value in `spec`.
    pub fn get(&self, spec: &Spec) -> f32 {
        (self.read)(spec)
    }

    /// "the range is 0.5 to 1 m".
    pub fn describe(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        format!("the range is {:?} to {:?}{unit}", self.min, self.max)
    }
}

impl std::fmt::Debug for FieldRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.describe())
    }
}
