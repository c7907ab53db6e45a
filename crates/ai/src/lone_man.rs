//! The expected strokes to clear a lone carrom man on a clearing board, by where it lies: a table
//! computed by value iteration with the hard player's own search (each cell: the best shot
//! found with the previous table valuing the outcomes, re-played with fresh noise; see
//! `lone_man_table` in `examples/measure_ai.rs`). It knows what the direct-cut estimate cannot: banks,
//! thin cuts, and a first stroke that leaves the man in the jaws.
//!
//! A table belongs to the equipment and noise it was computed with: it carries a fingerprint of
//! the [`Spec`] and is used only for that spec ([`LoneManCosts::for_spec`]); other specs fall
//! back to the geometric estimate.

use crate::data_file::{DataFileError, ShippedFileError, header_and_lines};
use carrom_physics::{Spec, Vec2};
use std::sync::OnceLock;

/// The table computed for the ICF default spec with the benchmark's noise.
const ICF_TABLE: &str = include_str!("../data/lone_man.txt");

/// Expected strokes to clear a lone man, on a square grid of cells over the area a man's centre
/// can occupy.
#[derive(Clone, Debug, PartialEq)]
pub struct LoneManCosts {
    /// [`spec_key`] of the spec the table was computed for.
    pub spec_key: u64,
    /// Cells per side.
    pub cells: usize,
    /// Cell `(i, j)` lies at `(-extent + i * step, -extent + j * step)`, `step = 2 extent /
    /// (cells - 1)`.
    pub extent: f32,
    /// `values[j * cells + i]`.
    pub values: Vec<f32>,
}

/// A fingerprint of everything in `spec` (FNV-1a of its debug text).
pub fn spec_key(spec: &Spec) -> u64 {
    carrom_terms::fnv1a(format!("{spec:?}").as_bytes())
}

impl LoneManCosts {
    /// A table for `spec` with every cell set to `value`: 29 cells a side over the area a
    /// man's centre can reach (about 2.5 cm apart on an ICF board).
    pub fn uniform(spec: &Spec, value: f32) -> LoneManCosts {
        let cells = 29;
        LoneManCosts {
            spec_key: spec_key(spec),
            cells,
            extent: spec.board.half() - spec.board.coin_radius(),
            values: vec![value; cells * cells],
        }
    }

    pub fn step(&self) -> f32 {
        2.0 * self.extent / (self.cells - 1) as f32
    }

    /// Where cell `(i, j)` lies.
    pub fn cell(&self, i: usize, j: usize) -> Vec2 {
        let s = self.step();
        Vec2::new(-self.extent + i as f32 * s, -self.extent + j as f32 * s)
    }

    /// Expected strokes for a lone man at `p` (bilinear between the cells, clamped to the grid).
    pub fn cost(&self, p: Vec2) -> f32 {
        let s = self.step();
        let last = (self.cells - 1) as f32;
        let fx = ((p.x + self.extent) / s).clamp(0.0, last);
        let fy = ((p.y + self.extent) / s).clamp(0.0, last);
        let (i, j) = (
            (fx as usize).min(self.cells - 2),
            (fy as usize).min(self.cells - 2),
        );
        let (tx, ty) = (fx - i as f32, fy - j as f32);
        let v = |i: usize, j: usize| self.values[j * self.cells + i];
        let bottom = v(i, j) * (1.0 - tx) + v(i + 1, j) * tx;
        let top = v(i, j + 1) * (1.0 - tx) + v(i + 1, j + 1) * tx;
        bottom * (1.0 - ty) + top * ty
    }

    /// The text form: a header line `spec_key cells extent`, then one line of values per row
    /// of cells (`j` = 0 first).
    pub fn to_text(&self) -> String {
        let mut out = format!("{} {} {}\n", self.spec_key, self.cells, self.extent);
        for row in self.values.chunks(self.cells) {
            let line: Vec<String> = row.iter().map(|v| format!("{v:.3}")).collect();
            out += &line.join(" ");
            out.push('\n');
        }
        out
    }

    /// Reads [`LoneManCosts::to_text`]'s form; the error names the line and what is wrong.
    pub fn parse(text: &str) -> Result<LoneManCosts, DataFileError> {
        let (h, lines) = header_and_lines(text)?;
        let [key, cells, extent] = h[..] else {
            return Err(DataFileError::Header("spec_key cells extent"));
        };
        let bad = |what: &'static str, t: &str| DataFileError::NotANumber {
            line: 1,
            what,
            text: t.to_string(),
        };
        let spec_key = key.parse().map_err(|_| bad("spec_key", key))?;
        let cells: usize = cells.parse().map_err(|_| bad("cells", cells))?;
        let extent: f32 = extent.parse().map_err(|_| bad("extent", extent))?;
        if cells < 2 || extent.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            return Err(DataFileError::OutOfRange {
                line: 1,
                what: "need at least 2 cells and a positive extent",
            });
        }
        let mut values = Vec::with_capacity(cells * cells);
        for (n, line) in lines {
            let row: Vec<f32> = line
                .split_whitespace()
                .map(|t| {
                    t.parse::<f32>()
                        .ok()
                        .filter(|v| v.is_finite() && *v >= 0.0)
                        .ok_or_else(|| DataFileError::NotACost {
                            line: n,
                            text: t.to_string(),
                        })
                })
                .collect::<Result<_, _>>()?;
            if row.len() != cells {
                return Err(DataFileError::RowLength {
                    line: n,
                    found: row.len(),
                    expected: cells,
                });
            }
            values.extend(row);
        }
        if values.len() != cells * cells {
            return Err(DataFileError::Rows {
                found: values.len() / cells,
                expected: cells,
            });
        }
        Ok(LoneManCosts {
            spec_key,
            cells,
            extent,
            values,
        })
    }

    /// The shipped table (computed for the ICF default spec), or why it cannot be read (a
    /// test keeps it readable).
    pub fn icf() -> Result<&'static LoneManCosts, &'static ShippedFileError> {
        static TABLE: OnceLock<Result<LoneManCosts, ShippedFileError>> = OnceLock::new();
        TABLE
            .get_or_init(|| {
                LoneManCosts::parse(ICF_TABLE).map_err(|source| ShippedFileError {
                    file: "data/lone_man.txt",
                    source,
                })
            })
            .as_ref()
    }

    /// The shipped table if it can be read and was computed for `spec`.
    pub fn for_spec(spec: &Spec) -> Option<&'static LoneManCosts> {
        LoneManCosts::icf()
            .ok()
            .filter(|t| t.spec_key == spec_key(spec))
    }
}
