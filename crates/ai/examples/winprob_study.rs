//! Fits the win-chance model on dumped self-play positions (from `winprob_samples`) and prints
//! its calibration on other dumped positions, with each position's chances as CSV for study.
//! `cargo run --release -p carrom-ai --example winprob_study -- FIT.jsonl CHECK.jsonl OUT.csv [MODEL.json]`

use carrom_ai::selfplay::one_game_rules;
use carrom_ai::winprob::WinModel;
use carrom_ai::winprob::fit::{Calibration, Sample, fit_on};
use std::io::{BufRead, Write};

struct Game {
    g: u64,
    levels: String,
    samples: Vec<Sample>,
}

fn read(path: &str) -> Vec<Game> {
    let f = std::io::BufReader::new(std::fs::File::open(path).expect("file"));
    f.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(&l.unwrap()).unwrap();
            Game {
                g: v["g"].as_u64().unwrap(),
                levels: format!(
                    "{}-{}",
                    v["levels"][0].as_str().unwrap(),
                    v["levels"][1].as_str().unwrap()
                ),
                samples: serde_json::from_value(v["samples"].clone()).unwrap(),
            }
        })
        .collect()
}

fn table(what: &str, c: &Calibration) {
    c.lines(what).iter().for_each(|l| println!("{l}"));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fit_games = read(&args[0]);
    let check_games = read(&args[1]);
    let all: Vec<Sample> = fit_games.iter().flat_map(|g| g.samples.clone()).collect();
    let model = match args.get(3) {
        Some(p) => WinModel::parse(&std::fs::read_to_string(p).unwrap()).unwrap(),
        None => fit_on(&all, fit_games.len() as u32, 4801, "study"),
    };
    eprintln!("{}", model.to_json());
    let rules = one_game_rules();
    let mut out = std::fs::File::create(&args[2]).unwrap();
    writeln!(
        out,
        "g,levels,striker,pb,wb,pg,wg,m0,m1,queen,s0,s1,board,breaker"
    )
    .unwrap();
    let (mut brows, mut grows) = (Vec::new(), Vec::new());
    for game in &check_games {
        for s in &game.samples {
            let Some(st) = s.at.striker else { continue };
            let (b, g) = model.side0(&s.at, &rules);
            let (pb, pg) = if st == 0 { (b, g) } else { (1.0 - b, 1.0 - g) };
            let wb = s.board_end.map(|e| e.winner == st);
            let wg = s.game_winner.map(|w| w == st);
            if let Some(w) = wb {
                brows.push((pb, w));
            }
            if let Some(w) = wg {
                grows.push((pg, w));
            }
            let q = serde_json::to_string(&s.at.queen)
                .unwrap()
                .replace(',', ";");
            let f = |o: Option<bool>| o.map_or("".to_string(), |w| u8::from(w).to_string());
            writeln!(
                out,
                "{},{},{},{:.4},{},{:.4},{},{},{},{},{},{},{},{}",
                game.g,
                game.levels,
                st,
                pb,
                f(wb),
                pg,
                f(wg),
                s.at.men[0],
                s.at.men[1],
                q,
                s.at.score[0],
                s.at.score[1],
                s.at.board,
                s.at.breaker
            )
            .unwrap();
        }
    }
    table("board", &Calibration::of(&brows));
    table("game", &Calibration::of(&grows));
}
