//! The pieces' pictures: a white man, a black man, the Queen, the striker and a misplaced
//! piece, each painted on the CPU from rings of colour with smooth edges, at the size the piece
//! takes on the screen (a texel a pixel). The board is drawn without multisampling, which costs
//! most of a frame in a software renderer, and the pieces still have round edges.

use crate::theme::palette;
use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use carrom_physics::PieceColour;

/// A ring of colour from `inner` to `outer` (fractions of the piece's radius; a disc has
/// `inner` 0).
#[derive(Clone, Copy, Debug)]
pub struct Ring {
    pub inner: f32,
    pub outer: f32,
    pub colour: Color,
}

const fn ring(inner: f32, outer: f32, colour: Color) -> Ring {
    Ring {
        inner,
        outer,
        colour,
    }
}

/// The look of a piece: what it is, and whether it stands where it may not be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    Man(PieceColour),
    Striker,
    /// A striker or a returned piece where it may not go: red, with the piece's rings.
    Misplaced {
        striker: bool,
    },
    /// The shadow a piece (a striker or a man) casts on the board.
    Shadow {
        striker: bool,
    },
}

impl Look {
    pub const ALL: [Look; 8] = [
        Look::Man(PieceColour::White),
        Look::Man(PieceColour::Black),
        Look::Man(PieceColour::Queen),
        Look::Striker,
        Look::Misplaced { striker: true },
        Look::Misplaced { striker: false },
        Look::Shadow { striker: true },
        Look::Shadow { striker: false },
    ];

    /// Whether the look is the striker's size.
    pub fn striker_sized(self) -> bool {
        matches!(
            self,
            Look::Striker | Look::Misplaced { striker: true } | Look::Shadow { striker: true }
        )
    }

    /// The rings, bottom first: a carrom man has a rim, a ring and an inner ring; the striker
    /// a ring and a centre.
    pub fn rings(self) -> Vec<Ring> {
        let man = |body: Color, trim: Color| {
            vec![
                ring(0.0, 1.0, body),
                ring(0.78, 0.86, trim),
                ring(0.36, 0.44, trim),
                ring(0.92, 1.0, trim),
            ]
        };
        let striker = |body: Color| {
            vec![
                ring(0.0, 1.0, body),
                ring(0.80, 0.88, palette::STRIKER_RING),
                ring(0.0, 0.30, palette::STRIKER_RING),
            ]
        };
        match self {
            Look::Man(PieceColour::White) => man(palette::WHITE_MAN, palette::WHITE_RING),
            Look::Man(PieceColour::Black) => man(palette::BLACK_MAN, palette::BLACK_RING),
            Look::Man(PieceColour::Queen) => man(palette::QUEEN, palette::QUEEN_RING),
            Look::Striker => striker(palette::STRIKER),
            Look::Misplaced { striker: true } => striker(palette::ILLEGAL),
            Look::Misplaced { striker: false } => man(palette::ILLEGAL, palette::WHITE_RING),
            Look::Shadow { .. } => vec![ring(0.0, 1.0, palette::SHADOW)],
        }
    }
}

/// The picture's side in pixels for a piece of `radius` metres at `px_per_m`, with a pixel
/// of margin for the smooth edge.
pub fn side_px(radius: f32, px_per_m: f32) -> u32 {
    ((2.0 * radius * px_per_m).ceil() as u32 + 2).clamp(4, 1024)
}

/// Paints `rings` on a square picture of `side` pixels, the piece's edge a pixel inside it.
/// Each ring's edge is covered in proportion to how much of the pixel it covers, so edges are
/// smooth at any size.
pub fn paint(rings: &[Ring], side: u32) -> Image {
    let centre = side as f32 / 2.0;
    let radius = centre - 1.0;
    let mut data = Vec::with_capacity((side * side * 4) as usize);
    let colours: Vec<[f32; 4]> = rings
        .iter()
        .map(|r| r.colour.to_srgba().to_f32_array())
        .collect();
    for y in 0..side {
        for x in 0..side {
            let d = Vec2::new(x as f32 + 0.5 - centre, y as f32 + 0.5 - centre).length();
            // Premultiplied, so the colours blend and the edge keeps its colour.
            let (mut rgb, mut alpha) = ([0.0f32; 3], 0.0f32);
            for (r, c) in rings.iter().zip(&colours) {
                let outer = (r.outer * radius - d + 0.5).clamp(0.0, 1.0);
                let inner = if r.inner > 0.0 {
                    (d - r.inner * radius + 0.5).clamp(0.0, 1.0)
                } else {
                    1.0
                };
                let a = c[3] * outer * inner;
                for (k, v) in rgb.iter_mut().enumerate() {
                    *v = c[k] * a + *v * (1.0 - a);
                }
                alpha = a + alpha * (1.0 - a);
            }
            let straight = |v: f32| {
                if alpha > 0.0 {
                    (v / alpha * 255.0).round().clamp(0.0, 255.0) as u8
                } else {
                    0
                }
            };
            data.extend_from_slice(&[
                straight(rgb[0]),
                straight(rgb[1]),
                straight(rgb[2]),
                (alpha * 255.0).round() as u8,
            ]);
        }
    }
    Image::new(
        Extent3d {
            width: side,
            height: side,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(image: &Image, x: u32, y: u32) -> [u8; 4] {
        let side = image.width();
        let i = ((y * side + x) * 4) as usize;
        let d = image.data.as_ref().unwrap();
        [d[i], d[i + 1], d[i + 2], d[i + 3]]
    }

    #[test]
    fn a_piece_is_solid_inside_clear_outside_and_soft_at_its_edge() {
        let side = 40;
        let image = paint(&Look::Man(PieceColour::Black).rings(), side);
        // Between the inner ring and the ring: the body's colour, opaque.
        let body = palette::BLACK_MAN.to_srgba().to_u8_array();
        let p = pixel(&image, 20 + 12, 20);
        assert_eq!(p[3], 255);
        assert!(
            (p[0] as i32 - body[0] as i32).abs() <= 1,
            "{p:?} against {body:?}"
        );
        // The corner is outside the piece.
        assert_eq!(pixel(&image, 0, 0)[3], 0);
        // Along the rim pixels are partly covered: the edge is smooth.
        let partial = (0..side)
            .flat_map(|y| (0..side).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let a = pixel(&image, x, y)[3];
                a > 0 && a < 255
            })
            .count();
        assert!(
            partial > 40,
            "the edge has partly covered pixels: {partial}"
        );
    }

    #[test]
    fn a_picture_is_a_texel_a_pixel_with_a_margin() {
        assert_eq!(side_px(0.0159, 1000.0), 34);
        assert_eq!(side_px(0.0, 1000.0), 4);
    }
}
