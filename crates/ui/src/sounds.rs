//! The game's sounds, synthesised (no recordings): damped tones with a noisy attack, as 16-bit
//! mono WAV. The files in `assets/sounds/` are these bytes (see its LICENSE.md).

/// The WAV files: (name, bytes).
pub fn wavs() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("click.wav", wav(&synth(0.05, 2400.0, 90.0, 0.35))),
        ("knock.wav", wav(&synth(0.08, 900.0, 60.0, 0.30))),
        ("thud.wav", wav(&synth(0.10, 180.0, 40.0, 0.25))),
        ("pocket.wav", wav(&rattle())),
    ]
}

/// Writes the WAVs into `dir`.
pub fn write_wavs(dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, bytes) in wavs() {
        std::fs::write(dir.join(name), bytes)?;
    }
    Ok(())
}

const RATE: u32 = 22050;

/// A damped tone with a noisy attack.
fn synth(secs: f32, freq: f32, decay: f32, noise: f32) -> Vec<f32> {
    let n = (secs * RATE as f32) as usize;
    let mut seed = 12345u32;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
            let white = (seed >> 8) as f32 / (1 << 24) as f32 * 2.0 - 1.0;
            let env = (-t * decay).exp();
            let attack = (-t * 900.0).exp();
            env * ((t * freq * std::f32::consts::TAU).sin() * 0.7 + white * noise * attack * 3.0)
                * 0.8
        })
        .collect()
}

fn rattle() -> Vec<f32> {
    let mut out = vec![0.0; (0.35 * RATE as f32) as usize];
    for (k, start) in [0.0f32, 0.06, 0.11, 0.19].iter().enumerate() {
        let s = synth(0.12, 600.0 - 90.0 * k as f32, 50.0, 0.5);
        let o = (start * RATE as f32) as usize;
        for (i, v) in s.iter().enumerate() {
            if o + i < out.len() {
                out[o + i] += v * (0.8 - 0.15 * k as f32);
            }
        }
    }
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
