//! `carrom tournament new|play|standings`: thin; the tournament, its flags and its words are
//! `carrom_tournament`'s.

use carrom_physics::Spec;
use carrom_tournament::command::{self, TournamentArgs, TournamentCommand};

pub fn tournament(spec: &Spec, args: TournamentArgs) -> Result<(), String> {
    let lines = match args.command {
        TournamentCommand::New(a) => command::new(&a),
        TournamentCommand::Standings(a) => command::standings(&a),
        TournamentCommand::Record(a) => command::record(spec, &a),
        TournamentCommand::Play(a) => command::play(spec, &a, |l| println!("{l}")).map(|()| vec![]),
    }
    .map_err(|e| e.to_string())?;
    lines.iter().for_each(|l| println!("{l}"));
    Ok(())
}
