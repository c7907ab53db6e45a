//! The break map ([`crate::breaks::break_map`]) drawn as a PNG heat map, for `carrom breaks
//! --out`.

use crate::breaks::{BreakMap, colour};
use std::path::{Path, PathBuf};

/// A heat map that could not be written: the file, and why.
#[derive(Debug, thiserror::Error)]
#[error("--out {}: {source}", path.display())]
pub struct PngError {
    pub path: PathBuf,
    pub source: image::ImageError,
}

/// Draws the map as a PNG heat map: x = striker position (player's left to right), y =
/// direction offset (top = most to the left), colour = expected pieces (scale 0 to the
/// maximum, shown by the bar on the right). The best cell is outlined in white.
pub fn write_png(map: &BreakMap, path: &Path) -> Result<(), PngError> {
    let cell = 24u32;
    let nx = map.positions.len() as u32;
    let ny = map.offsets_deg.len() as u32;
    let bar = 3 * cell;
    let (w, h) = (nx * cell + bar, ny * cell);
    let max = map
        .expected
        .iter()
        .flatten()
        .copied()
        .fold(0.0f32, f32::max)
        .max(1e-6);
    let mut img = image::RgbImage::new(w.max(1), h.max(1));
    for (i, col) in map.expected.iter().enumerate() {
        for (j, &e) in col.iter().enumerate() {
            let c = colour(e / max);
            // Offsets run -12..+12 (right..left); put the player's left at the top.
            let row = ny - 1 - j as u32;
            let best =
                map.positions[i] == map.best.position && map.offsets_deg[j] == map.best.offset_deg;
            for y in 0..cell {
                for x in 0..cell {
                    let edge = x == 0 || y == 0 || x == cell - 1 || y == cell - 1;
                    let px = if best && edge { [255, 255, 255] } else { c };
                    img.put_pixel(i as u32 * cell + x, row * cell + y, image::Rgb(px));
                }
            }
        }
    }
    for y in 0..h {
        let t = 1.0 - y as f32 / h.max(1) as f32;
        for x in nx * cell + cell..w {
            img.put_pixel(x, y, image::Rgb(colour(t)));
        }
    }
    img.save_with_format(path, image::ImageFormat::Png)
        .map_err(|source| PngError {
            path: path.to_path_buf(),
            source,
        })
}
