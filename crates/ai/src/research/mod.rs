//! The research tools, behind the `research` feature: what measures and tunes the computer
//! players rather than plays or coaches. The ladder's Elo fit (`carrom ladder`), the break map
//! drawn as a PNG (`carrom breaks --out`, with the `image` crate), and looking two strokes ahead
//! (no level does; `examples/measure_ai.rs` screens it).

pub mod break_png;
pub mod ladder;
pub mod lookahead;
