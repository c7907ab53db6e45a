use carrom_physics::Spec;
use carrom_trainer::{Drill, DrillKind, score};
fn main() {
    let spec = Spec::default();
    for kind in [
        DrillKind::StraightCut,
        DrillKind::Cut30,
        DrillKind::FrozenOnACushion,
    ] {
        for seed in 0..4 {
            let d = Drill::new(&spec, kind, 1, seed);
            let mut seen = Vec::new();
            for j in -40..=40 {
                let mut shot = d.demonstration;
                shot.angle_deg += j as f32 * 0.1;
                shot.power = 1.0;
                let s = score(&spec, &d, &shot).unwrap();
                let w = format!("{:?}", s.scored.way());
                if s.words.contains("hard") {
                    seen.push(format!("{j}:{}", s.words));
                }
                let _ = w;
            }
            println!("{kind:?} {seed}: {:?}", seen);
        }
    }
}
