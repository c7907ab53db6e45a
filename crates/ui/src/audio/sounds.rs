//! The game's sounds, synthesised (no recordings), as 16-bit mono WAV at 44.1 kHz. Each is
//! built the way the real sound is made: an impact's short noisy transient exciting the
//! inharmonic modes of what was struck, each mode ringing and dying at its own rate.
//!
//! - `click`: two carrom men (bakelite-hard wood, 3 cm discs): a bright tick with the disc's
//!   modes around 3-9 kHz, gone in 40 ms.
//! - `knock`: the striker on a man: heavier and lower, a knock at 1.6 kHz with the man's tick on
//!   top.
//! - `thud`: a piece on the frame's cushion: the wooden frame's low body (130-420 Hz) under a
//!   softened attack.
//! - `pocket`: a piece dropping in: a knock on the pocket's rim, the net's rustle (filtered
//!   noise that swells and settles) and the soft landing in the net.
//!
//! The files in `assets/sounds/` are these bytes (see its LICENSE.md).

/// The WAV files: (name, bytes).
pub fn wavs() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("click.wav", wav(&normalise(click(), 0.85))),
        ("knock.wav", wav(&normalise(knock(), 0.9))),
        ("thud.wav", wav(&normalise(thud(), 0.8))),
        ("pocket.wav", wav(&normalise(pocket(), 0.8))),
    ]
}

const RATE: u32 = 44100;

fn samples(secs: f32) -> usize {
    (secs * RATE as f32) as usize
}

/// Seeded white noise in -1..1.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_mul(1664525).wrapping_add(1013904223);
        (self.0 >> 8) as f32 / (1 << 24) as f32 * 2.0 - 1.0
    }
}

/// A two-pole resonant band-pass filter (RBJ's biquad, 0 dB peak gain).
struct BandPass {
    b0: f32,
    b2: f32,
    a1: f32,
    a2: f32,
    x1: f32,
    x2: f32,
    y1: f32,
    y2: f32,
}

impl BandPass {
    fn new(freq: f32, q: f32) -> BandPass {
        let w = std::f32::consts::TAU * freq / RATE as f32;
        let alpha = w.sin() / (2.0 * q);
        let a0 = 1.0 + alpha;
        BandPass {
            b0: alpha / a0,
            b2: -alpha / a0,
            a1: -2.0 * w.cos() / a0,
            a2: (1.0 - alpha) / a0,
            x1: 0.0,
            x2: 0.0,
            y1: 0.0,
            y2: 0.0,
        }
    }

    fn run(&mut self, x: f32) -> f32 {
        let y = self.b0 * x + self.b2 * self.x2 - self.a1 * self.y1 - self.a2 * self.y2;
        self.x2 = self.x1;
        self.x1 = x;
        self.y2 = self.y1;
        self.y1 = y;
        y
    }
}

/// A struck body's modes: (frequency in Hz, amplitude, decay rate in 1/s), each a damped sine
/// starting at phase zero (an impact starts them all at once).
fn modes(out: &mut [f32], at: usize, list: &[(f32, f32, f32)]) {
    for (i, v) in out.iter_mut().enumerate().skip(at) {
        let t = (i - at) as f32 / RATE as f32;
        for &(f, a, d) in list {
            *v += a * (-d * t).exp() * (std::f32::consts::TAU * f * t).sin();
        }
    }
}

/// The contact's own transient: noise through a band-pass around `freq`, gone in about
/// `length` seconds.
fn transient(out: &mut [f32], at: usize, freq: f32, q: f32, length: f32, gain: f32, seed: u32) {
    let mut noise = Noise(seed);
    let mut bp = BandPass::new(freq, q);
    let n = samples(length * 6.0);
    for k in 0..n {
        let t = k as f32 / RATE as f32;
        if let Some(v) = out.get_mut(at + k) {
            *v += gain * bp.run(noise.next()) * (-t / length).exp();
        }
    }
}

/// Scales to a peak of `peak`, with a 2 ms fade at the end.
fn normalise(mut s: Vec<f32>, peak: f32) -> Vec<f32> {
    let max = s.iter().fold(0.0f32, |m, v| m.max(v.abs())).max(1e-9);
    let fade = samples(0.002).min(s.len());
    let n = s.len();
    for (i, v) in s.iter_mut().enumerate() {
        *v *= peak / max;
        if i + fade >= n {
            *v *= (n - i) as f32 / fade as f32;
        }
    }
    s
}

/// Two carrom men meet: a free disc's modes (ratios about 1 : 1.73 : 2.33 : 3.9), high and
/// short, on a hard tick.
fn click() -> Vec<f32> {
    let mut out = vec![0.0; samples(0.07)];
    transient(&mut out, 0, 5200.0, 1.2, 0.0006, 1.2, 11);
    modes(
        &mut out,
        0,
        &[
            (2950.0, 0.55, 130.0),
            (5100.0, 0.35, 170.0),
            (6870.0, 0.22, 220.0),
            (8950.0, 0.12, 300.0),
        ],
    );
    out
}

/// The striker (heavier, thicker) on a man: a lower knock with the man's tick on top.
fn knock() -> Vec<f32> {
    let mut out = vec![0.0; samples(0.11)];
    transient(&mut out, 0, 2600.0, 1.0, 0.0009, 1.4, 23);
    modes(
        &mut out,
        0,
        &[
            (1620.0, 0.60, 70.0),
            (2810.0, 0.35, 110.0),
            (3780.0, 0.22, 160.0),
            (5150.0, 0.18, 200.0),
            (820.0, 0.20, 45.0),
        ],
    );
    out
}

/// A piece on the cushion: the frame's wood booms low under a rubber-softened attack.
fn thud() -> Vec<f32> {
    let mut out = vec![0.0; samples(0.16)];
    transient(&mut out, 0, 900.0, 0.8, 0.002, 0.9, 37);
    modes(
        &mut out,
        0,
        &[
            (132.0, 0.70, 28.0),
            (247.0, 0.45, 38.0),
            (418.0, 0.30, 55.0),
            (1150.0, 0.12, 90.0),
        ],
    );
    // The rubber's give: the attack rises over a millisecond instead of at once.
    let rise = samples(0.0012);
    for (i, v) in out.iter_mut().take(rise).enumerate() {
        *v *= i as f32 / rise as f32;
    }
    out
}

/// A piece drops into a pocket: it knocks the rim, the net rustles as it takes the piece, and
/// the piece settles in the net.
fn pocket() -> Vec<f32> {
    let mut out = vec![0.0; samples(0.42)];
    // The rim: the wooden pocket's edge.
    transient(&mut out, 0, 1800.0, 1.0, 0.0008, 1.0, 41);
    modes(
        &mut out,
        0,
        &[
            (690.0, 0.45, 60.0),
            (1240.0, 0.30, 90.0),
            (2950.0, 0.15, 140.0),
        ],
    );
    // The net: cord noise, band-passed, swelling as it stretches and settling.
    let mut noise = Noise(53);
    let mut bp = BandPass::new(2400.0, 0.7);
    let start = samples(0.02);
    let len = samples(0.34);
    for k in 0..len {
        let t = k as f32 / RATE as f32;
        let swell = (t / 0.05).min(1.0) * (-(t - 0.05).max(0.0) / 0.09).exp();
        // Cords catching one after another: a slow flutter.
        let flutter = 0.6 + 0.4 * (std::f32::consts::TAU * 31.0 * t).sin().abs();
        if let Some(v) = out.get_mut(start + k) {
            *v += 0.9 * swell * flutter * bp.run(noise.next());
        }
    }
    // The landing in the net's bag: soft and low.
    let land = samples(0.13);
    transient(&mut out, land, 500.0, 0.7, 0.003, 0.5, 67);
    modes(&mut out, land, &[(210.0, 0.25, 40.0), (360.0, 0.15, 60.0)]);
    out
}

/// 16-bit mono PCM WAV.
fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut b = Vec::with_capacity(44 + data_len as usize);
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data_len).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&RATE.to_le_bytes());
    b.extend_from_slice(&(RATE * 2).to_le_bytes());
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&16u16.to_le_bytes());
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        b.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32000.0) as i16).to_le_bytes());
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Zero crossings a second over the first 20 ms: a rough pitch.
    fn brightness(s: &[f32]) -> f32 {
        let n = samples(0.02);
        let crossings = s[..n]
            .windows(2)
            .filter(|w| w[0].signum() != w[1].signum())
            .count();
        crossings as f32 / 0.02
    }

    /// When the sound has fallen 40 dB below its peak for good.
    fn ring_time(s: &[f32]) -> f32 {
        let peak = s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
        let last = s.iter().rposition(|v| v.abs() > peak * 0.01).unwrap_or(0);
        last as f32 / RATE as f32
    }

    #[test]
    fn men_tick_high_and_short_the_striker_knocks_lower_the_cushion_booms_low() {
        let (c, k, t) = (click(), knock(), thud());
        assert!(brightness(&c) > brightness(&k), "the men above the striker");
        assert!(
            brightness(&k) > 2.0 * brightness(&t),
            "the striker above the frame"
        );
        assert!(
            ring_time(&c) < 0.05,
            "a click is gone in 50 ms: {}",
            ring_time(&c)
        );
        assert!(ring_time(&t) > ring_time(&c), "the frame rings longer");
    }

    #[test]
    fn a_pocket_knocks_then_the_net_rustles_then_the_piece_lands() {
        let p = pocket();
        let rms = |from: f32, to: f32| {
            let s = &p[samples(from)..samples(to)];
            (s.iter().map(|v| v * v).sum::<f32>() / s.len() as f32).sqrt()
        };
        // The rim's knock first; a quieter moment; the net swelling after it; silence at the end.
        assert!(rms(0.0, 0.01) > rms(0.03, 0.04));
        assert!(rms(0.06, 0.09) > rms(0.03, 0.04), "the net swells");
        assert!(rms(0.40, 0.42) < 0.1 * rms(0.0, 0.01), "and settles");
    }
}
