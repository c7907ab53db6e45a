//! Shared by the behaviour tests and the measurement harness.

use carrom_ai::candidates::{GenLimits, Kind, generate};
use carrom_ai::search::Noise;
use carrom_physics::shot::play;
use carrom_physics::{Piece, PieceKind, Seat, Spec, Table, Vec2};
use rand::Rng;

/// One lone man at a random spot of the board, the best direct cut by the geometric estimate
/// (the candidates' prior) from South, played `strokes` times with the benchmark's noise.
/// Returns the estimate and how many strokes pocketed him; `None` when no direct cut exists.
pub fn lone_man_cut(spec: &Spec, rng: &mut impl Rng, strokes: u32) -> Option<(f32, u32)> {
    let limits = GenLimits {
        positions_per_aim: 6,
        banks: false,
        combinations: false,
        break_up_offsets: &[],
    };
    let h = spec.board.half() - spec.board.coin_radius();
    let at = Vec2::new(rng.random_range(-h..h), rng.random_range(-h..h));
    let layout = vec![Piece::new(PieceKind::White, at)];
    let all = generate(spec, &layout, Seat::South, &|_| true, false, limits);
    let best = all
        .iter()
        .filter(|c| c.kind == Kind::Direct)
        .max_by(|a, b| a.prior.total_cmp(&b.prior))?;
    let mut pocketed = 0;
    for _ in 0..strokes {
        let played = Noise::BENCHMARK.apply(spec, &layout, &best.shot, rng);
        let result = play(&mut Table::new(spec, &layout), &played);
        pocketed += u32::from(result.pieces[0].pocketed);
    }
    Some((best.prior, pocketed))
}
