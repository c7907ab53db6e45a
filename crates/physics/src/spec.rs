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
    #[error("{path}: {message}")]
    Parse { path: String, message: String },
    #[error("{path}: field `{field}`: {message}")]
    Invalid {
        path: String,
        field: &'static str,
        message: String,
    },
}

impl Spec {
    /// Loads a spec from a `.toml` or `.ron` file. Missing fields take the ICF defaults.
    pub fn load(path: &Path) -> Result<Spec, SpecError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| SpecError::Io {
            path: name.clone(),
            source,
        })?;
        let spec: Spec = if path.extension().is_some_and(|e| e == "ron") {
            Self::parse_ron(&text).map_err(|message| SpecError::Parse {
                path: name.clone(),
                message,
            })?
        } else {
            Self::parse_toml(&text).map_err(|message| SpecError::Parse {
                path: name.clone(),
                message,
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
    pub fn parse_toml(text: &str) -> Result<Spec, String> {
        toml::from_str(text).map_err(|e| e.to_string().trim().replace('\n', " "))
    }

    /// Parses RON text (error messages carry the line and column).
    pub fn parse_ron(text: &str) -> Result<Spec, String> {
        ron::from_str(text).map_err(|e| e.to_string())
    }

    /// Checks the values make a playable board.
    pub fn validate(&self) -> Result<(), (&'static str, String)> {
        let b = &self.board;
        let m = &self.materials;
        let s = &self.sim;
        let positive = [
            ("board.playing_surface", b.playing_surface),
            ("board.pocket_diameter", b.pocket_diameter),
            ("board.base_line_length", b.base_line_length),
            ("board.coin_diameter", b.coin_diameter),
            ("board.coin_mass", b.coin_mass),
            ("board.striker_diameter", b.striker_diameter),
            ("board.striker_mass", b.striker_mass),
            ("materials.max_striker_speed", m.max_striker_speed),
            ("materials.jump_speed", m.jump_speed),
            ("sim.max_travel_per_step", s.max_travel_per_step),
            ("sim.max_approach_per_step", s.max_approach_per_step),
            ("sim.min_dt", s.min_dt),
            ("sim.max_dt", s.max_dt),
            ("sim.max_time", s.max_time),
        ];
        for (field, v) in positive {
            if !(v.is_finite() && v > 0.0) {
                return Err((field, format!("must be a positive number, got {v}")));
            }
        }
        let unit = [
            (
                "materials.restitution_piece_piece",
                m.restitution_piece_piece,
            ),
            (
                "materials.restitution_striker_piece",
                m.restitution_striker_piece,
            ),
            (
                "materials.restitution_piece_frame",
                m.restitution_piece_frame,
            ),
            ("materials.board_friction", m.board_friction),
            ("materials.contact_friction", m.contact_friction),
        ];
        for (field, v) in unit {
            if !(v.is_finite() && (0.0..=1.0).contains(&v)) {
                return Err((field, format!("must be between 0 and 1, got {v}")));
            }
        }
        if s.min_dt > s.max_dt {
            return Err(("sim.min_dt", "must not exceed sim.max_dt".into()));
        }
        if s.solver_iterations == 0 {
            return Err(("sim.solver_iterations", "must be at least 1".into()));
        }
        Ok(())
    }
}
