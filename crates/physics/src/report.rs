//! The physics crate's reports: the board in figures, as `carrom board` prints it (the
//! playing surface, the pockets, the base lines and circles, the arrows, the pieces' sizes and
//! masses, and the whole spec), and the soak's and the benchmark's results in words.

use crate::bench::BenchReport;
use crate::geometry::Pocket;
use crate::soak::{Fault, FaultKind};
use crate::spec::Spec;
use crate::table::BodyId;
use serde::Serialize;

/// Every figure of the board that a drawing or another program needs.
#[derive(Serialize)]
pub struct BoardReport<'a> {
    pub playing_surface: f32,
    pub pockets: [Pocket; 4],
    pub base_lines: BaseLines,
    pub arrows: Vec<Arrow>,
    pub centre_circle_radius: f32,
    pub outer_circle_radius: f32,
    pub coin: Disc,
    pub striker: Disc,
    pub spec: &'a Spec,
}

/// The base lines: their length, how far their outer and inner lines lie from the centre, and
/// their end circles.
#[derive(Serialize)]
pub struct BaseLines {
    pub length: f32,
    pub outer_from_centre: f32,
    pub inner_from_centre: f32,
    pub base_circle_radius: f32,
    pub base_circle_along: f32,
}

/// An arrow drawn on the board, from its tail to its head.
#[derive(Serialize)]
pub struct Arrow {
    pub from: [f32; 2],
    pub to: [f32; 2],
}

/// A piece's radius and mass.
#[derive(Serialize)]
pub struct Disc {
    pub radius: f32,
    pub mass: f32,
}

impl<'a> BoardReport<'a> {
    /// The board of `spec` in figures.
    pub fn of(spec: &'a Spec) -> BoardReport<'a> {
        let b = &spec.board;
        BoardReport {
            playing_surface: b.playing_surface,
            pockets: b.pockets(),
            base_lines: BaseLines {
                length: b.base_line_length,
                outer_from_centre: b.outer_line_offset(),
                inner_from_centre: b.inner_line_offset(),
                base_circle_radius: b.base_circle_radius(),
                base_circle_along: b.base_circle_along(),
            },
            arrows: b
                .arrows()
                .iter()
                .map(|(a, z)| Arrow {
                    from: [a.x, a.y],
                    to: [z.x, z.y],
                })
                .collect(),
            centre_circle_radius: b.centre_circle_radius(),
            outer_circle_radius: b.outer_circle_radius(),
            coin: Disc {
                radius: b.coin_radius(),
                mass: b.coin_mass,
            },
            striker: Disc {
                radius: b.striker_radius(),
                mass: b.striker_mass,
            },
            spec,
        }
    }
}

impl Fault {
    /// What went wrong, to which body, at which step: "escaped: the striker at step 412".
    pub fn words(&self) -> String {
        let what = match self.fault {
            FaultKind::Escaped => "escaped",
            FaultKind::NonFinite => "non-finite",
            FaultKind::Unfinished => "unfinished",
        };
        let body = match self.body {
            BodyId::Striker => "the striker".to_string(),
            BodyId::Piece(i) => format!("pieces[{i}]"),
        };
        format!("{what}: {body} at step {}", self.step)
    }
}

impl BenchReport {
    /// The benchmark's figures, a line each.
    pub fn lines(&self) -> [String; 5] {
        [
            format!(
                "break shots per second (rack, full power): {:.0}",
                self.break_shots_per_sec
            ),
            format!(
                "mid-game shots per second (8-10 pieces):   {:.0}",
                self.midgame_shots_per_sec
            ),
            format!(
                "microseconds per step:                     {:.2}",
                self.us_per_step
            ),
            format!(
                "steps per break:                           {:.0}",
                self.steps_per_break
            ),
            format!(
                "steps per mid-game shot:                   {:.0}",
                self.steps_per_midgame_shot
            ),
        ]
    }
}
