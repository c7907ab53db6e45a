//! The practised break: the opening stroke of a clearing board is always played into the same
//! rack, so the hard player breaks with a shot found beforehand by a far larger search than a
//! decision can afford (thousands of simulations per shot instead of at most 19), the way a
//! player practises a break. The book is found by successive halving over a grid of striker
//! positions, directions and powers, every outcome valued by the clearing judge
//! ([`crate::ClearingJudge`]: minus the strokes the board still needs), and re-measured with
//! fresh noise at the end ([`crate::break_search`], run by `break_book` in `examples/measure_ai.rs`).
//!
//! A book belongs to the equipment and noise it was found with: it carries a fingerprint of
//! the [`Spec`] ([`crate::lone_man::spec_key`]) and the noise, and is used only for those
//! ([`BreakBook::for_rack`]). This module is the book as data; the search reads it.

use crate::data_file::{DataFileError, ShippedFileError, header_and_lines};
use crate::lone_man::spec_key;
use crate::noise::Noise;
use carrom_physics::{Piece, Seat, Shot, Spec, opening_rack};
use std::sync::OnceLock;

/// The book found for the ICF default spec with the benchmark's noise.
const ICF_BOOK: &str = include_str!("../data/break_book.txt");

/// A break and what it was measured to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookBreak {
    /// Striker position along South's base line (shot-position units).
    pub position: f32,
    /// Direction relative to forward (degrees), as in [`Shot`].
    pub angle_deg: f32,
    pub power: f32,
    /// Mean clearing value of the outcomes (minus the strokes the board still needs).
    pub value: f32,
    /// Mean pieces pocketed.
    pub pieces: f32,
    /// How often the striker fell in.
    pub striker_pocketed: f32,
    /// Noisy strokes the means are over.
    pub samples: u32,
}

impl BookBreak {
    /// The break as a shot from `seat` (the rack is the same for every seat, turned with it).
    pub fn shot(&self, seat: Seat) -> Shot {
        Shot {
            seat,
            position: self.position,
            angle_deg: self.angle_deg,
            power: self.power,
        }
    }
}

/// The practised breaks for one spec and noise, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct BreakBook {
    /// [`spec_key`] of the spec the book was found for.
    pub spec_key: u64,
    /// The execution noise it was found with.
    pub noise: Noise,
    pub breaks: Vec<BookBreak>,
}

impl BreakBook {
    /// The text form: a header line `spec_key position_sigma angle_sigma_deg power_sigma`, then
    /// one line per break, best first: `position angle_deg power value pieces striker_pocketed
    /// samples`.
    pub fn to_text(&self) -> String {
        let n = self.noise;
        let mut out = format!(
            "{} {} {} {}\n",
            self.spec_key, n.position, n.angle_deg, n.power
        );
        for b in &self.breaks {
            out += &format!(
                "{} {} {} {:.4} {:.4} {:.4} {}\n",
                b.position, b.angle_deg, b.power, b.value, b.pieces, b.striker_pocketed, b.samples
            );
        }
        out
    }

    /// Reads [`BreakBook::to_text`]'s form; the error names the line and what is wrong.
    pub fn parse(text: &str) -> Result<BreakBook, DataFileError> {
        let (h, lines) = header_and_lines(text)?;
        let [key, position, angle, power] = h[..] else {
            return Err(DataFileError::Header(
                "spec_key position_sigma angle_sigma_deg power_sigma",
            ));
        };
        let spec_key = key.parse().map_err(|_| DataFileError::NotANumber {
            line: 1,
            what: "spec_key",
            text: key.to_string(),
        })?;
        let noise = Noise {
            position: number(1, "position_sigma", position)?,
            angle_deg: number(1, "angle_sigma_deg", angle)?,
            power: number(1, "power_sigma", power)?,
        };
        let breaks = lines
            .map(|(line_no, line)| book_break(line_no, line))
            .collect::<Result<Vec<_>, _>>()?;
        if breaks.is_empty() {
            return Err(DataFileError::Empty("breaks"));
        }
        Ok(BreakBook {
            spec_key,
            noise,
            breaks,
        })
    }

    /// The shipped book (found for the ICF default spec and the benchmark's noise), or why it
    /// cannot be read (a test keeps it readable).
    pub fn icf() -> Result<&'static BreakBook, &'static ShippedFileError> {
        static BOOK: OnceLock<Result<BreakBook, ShippedFileError>> = OnceLock::new();
        BOOK.get_or_init(|| {
            BreakBook::parse(ICF_BOOK).map_err(|source| ShippedFileError {
                file: "data/break_book.txt",
                source,
            })
        })
        .as_ref()
    }

    /// The shipped book, if it can be read, was found for `spec`, and `layout` is the rack as
    /// it is set for `seat`'s break.
    pub fn for_rack(spec: &Spec, layout: &[Piece], seat: Seat) -> Option<&'static BreakBook> {
        let book = BreakBook::icf().ok()?;
        (book.spec_key == spec_key(spec) && layout == opening_rack(&spec.board, seat))
            .then_some(book)
    }
}

/// A finite number on line `line` of a book, its field called `what`.
fn number(line: usize, what: &'static str, t: &str) -> Result<f32, DataFileError> {
    t.parse::<f32>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| DataFileError::NotANumber {
            line,
            what,
            text: t.to_string(),
        })
}

/// One break of a book: line `line_no`, `position angle_deg power value pieces
/// striker_pocketed samples`.
fn book_break(line_no: usize, line: &str) -> Result<BookBreak, DataFileError> {
    const FIELDS: &str = "position angle_deg power value pieces striker_pocketed samples";
    let f: Vec<&str> = line.split_whitespace().collect();
    let [position, angle, power, value, pieces, striker, samples] = f[..] else {
        return Err(DataFileError::Fields {
            line: line_no,
            expected: FIELDS,
            found: f.len(),
        });
    };
    let b = BookBreak {
        position: number(line_no, "position", position)?,
        angle_deg: number(line_no, "angle_deg", angle)?,
        power: number(line_no, "power", power)?,
        value: number(line_no, "value", value)?,
        pieces: number(line_no, "pieces", pieces)?,
        striker_pocketed: number(line_no, "striker_pocketed", striker)?,
        samples: samples.parse().map_err(|_| DataFileError::NotACount {
            line: line_no,
            what: "samples",
            text: samples.to_string(),
        })?,
    };
    if !(-1.0..=1.0).contains(&b.position) || !(0.0..=1.0).contains(&b.power) {
        return Err(DataFileError::OutOfRange {
            line: line_no,
            what: "position must be within -1..1 and power within 0..1",
        });
    }
    Ok(b)
}
