//! `carrom tournament`'s flags, each parsed and checked by clap, and what each subcommand
//! does, as lines for the command line to print: `new` writes a tournament's file, `play`
//! plays its next games between computers, `standings` prints the tables of a tournament's
//! file or of a results document.

use crate::entrant::{Entrant, PlayersError, parse_players};
use crate::file::FileError;
use crate::results::{self, ResultsError, Standings};
use crate::run::RunError;
use crate::standings::ShootoutError;
use crate::tournament::{Format, NewError, RULES, Seeding, Settings, Tournament};
use crate::words;
use carrom_physics::Spec;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    #[command(subcommand)]
    pub command: TournamentCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum TournamentCommand {
    /// A new tournament's file: its players, its format, its groups or rounds, its seed.
    New(NewArgs),
    /// Plays the tournament's next games between computers, off the screen, saving it after
    /// every game and keeping each game's replay beside it; `--all` plays to the end.
    Play(PlayArgs),
    /// The tables of a tournament's file or of a results document; `--json`: one line.
    Standings(StandingsArgs),
    /// Takes a game played on the board into the tournament, from its save.
    Record(RecordArgs),
}

/// Why a `carrom tournament` command failed: its one line.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error("--out {0}: the file is there already (a tournament is not written over)")]
    Exists(String),
    #[error(transparent)]
    New(#[from] NewError),
    #[error("--out {0}")]
    Save(FileError),
    #[error(transparent)]
    File(#[from] FileError),
    #[error(
        "{file}: --all plays to the end only when every player is a computer; people play here: {people}"
    )]
    People { file: String, people: String },
    #[error("{file}: {source}")]
    Run { file: String, source: RunError },
    #[error("{file}: {source}")]
    Read {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: {source}")]
    Results { file: String, source: ResultsError },
    #[error("{file}: {source}")]
    Table { file: String, source: ShootoutError },
    #[error("{file}: {source}")]
    FromSave {
        file: String,
        source: crate::record::FromSaveError,
    },
}

/// A `--rules` that is not the VKK game.
#[derive(Debug, thiserror::Error)]
#[error("a tournament plays the VKK game (six boards or 25 points): `{RULES}`, not `{0}`")]
pub struct RulesError(String);

/// The players, as `--players` lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players(pub Vec<Entrant>);

fn players_arg(text: &str) -> Result<Players, PlayersError> {
    parse_players(text).map(Players)
}

fn format_arg() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::ALL.map(Format::name))
        .map(|name| Format::parse(&name).unwrap_or(Format::Vkk))
}

fn seeding_arg() -> impl TypedValueParser<Value = Seeding> {
    PossibleValuesParser::new(["order", "rating"]).map(|name| match name.as_str() {
        "rating" => Seeding::Rating,
        _ => Seeding::Order,
    })
}

fn rules_arg(text: &str) -> Result<String, RulesError> {
    match text.trim() {
        RULES => Ok(RULES.into()),
        other => Err(RulesError(other.to_string())),
    }
}

#[derive(clap::Args, Debug)]
pub struct NewArgs {
    /// vkk (groups of 3 to 8, the top two of each into a knockout), round-robin, knockout or
    /// swiss.
    #[arg(long, value_parser = format_arg())]
    pub format: Format,
    /// The players, comma-separated: names (1 to 24 characters) and `computer:LEVEL`
    /// (beginner, easy, medium, skilled, hard); `NAME@RATING` for a knockout by rating.
    #[arg(long, value_parser = players_arg)]
    pub players: Players,
    /// vkk: how many groups, 1 to 32 (groups of four when omitted).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=32))]
    pub groups: Option<u32>,
    /// swiss: how many rounds, at most half the players (when omitted: enough for one
    /// unbeaten player, as the players allow).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub rounds: Option<u32>,
    /// The game's rules: vkk, six boards or 25 points (the only rules of a tournament).
    #[arg(long, default_value = RULES, value_parser = rules_arg)]
    pub rules: String,
    /// A game for third place between the semi-finals' losers.
    #[arg(long)]
    pub third_place: bool,
    /// knockout: seeded by the order given (the first the top seed) or by rating.
    #[arg(long, value_parser = seeding_arg(), default_value = "order")]
    pub seeding: Seeding,
    /// The seed of the tosses and of the computers' games, 0 to 18446744073709551615.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The tournament's file to write (not one that is there already).
    #[arg(long)]
    pub out: PathBuf,
}

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The tournament's file.
    pub file: PathBuf,
    /// Off the screen: the computers' games are played without a window (the only way this
    /// command plays them).
    #[arg(long)]
    pub headless: bool,
    /// Every game to the end (every player must be a computer).
    #[arg(long)]
    pub all: bool,
}

#[derive(clap::Args, Debug)]
pub struct StandingsArgs {
    /// A tournament's file, or a results document (`{"rules": "vkk", "groups": [...],
    /// "games": [...], "shootouts": [...]}`).
    pub file: PathBuf,
    /// Print only the standings, as one JSON line.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args, Debug)]
pub struct RecordArgs {
    /// The tournament's file.
    pub file: PathBuf,
    /// The game's number, as `play` and `standings` name it.
    #[arg(long)]
    pub game: u32,
    /// The save of the game played on the board (`carrom play ... --save SAVE`, then F5).
    #[arg(long)]
    pub save: PathBuf,
}

/// `carrom tournament new`: the tournament made and written; what it is and its first games.
pub fn new(args: &NewArgs) -> Result<Vec<String>, CommandError> {
    let out = &args.out;
    if out.exists() {
        return Err(CommandError::Exists(out.display().to_string()));
    }
    let settings = Settings {
        format: args.format,
        players: args.players.0.clone(),
        groups: args.groups.map(|g| g as usize),
        rounds: args.rounds.map(|r| r as usize),
        rules: args.rules.clone(),
        third_place: args.third_place,
        seed: args.seed,
        seeding: args.seeding,
    };
    let t = Tournament::new(settings)?;
    t.save(out).map_err(CommandError::Save)?;
    let mut lines = vec![format!(
        "Tournament written to {}: {}, {} players, {} games scheduled",
        out.display(),
        t.kind.name(),
        t.players.len(),
        t.games.len()
    )];
    for g in &t.groups {
        lines.push(format!("  Group {}: {}", g.name, g.players.join(", ")));
    }
    lines.extend(words::next_lines(&t));
    Ok(lines)
}

/// `carrom tournament play`: the next games (all of them with `--all`) played between
/// computers, each result said as it is saved.
pub fn play(spec: &Spec, args: &PlayArgs, mut say: impl FnMut(&str)) -> Result<(), CommandError> {
    let file = &args.file;
    let mut t = Tournament::load(file)?;
    let people: Vec<&str> = (t.players.iter())
        .filter(|p| !p.is_computer())
        .map(|p| p.name.as_str())
        .collect();
    if args.all && !people.is_empty() {
        return Err(CommandError::People {
            file: file.display().to_string(),
            people: people.join(", "),
        });
    }
    if t.is_over() {
        say(&format!("{}: the tournament is over", file.display()));
    }
    let played =
        crate::play::play_on(spec, &mut t, file, args.all, &mut say).map_err(|source| {
            CommandError::Run {
                file: file.display().to_string(),
                source,
            }
        })?;
    if played > 0 {
        let folder = crate::replay_folder(file);
        say(&format!(
            "{played} games played; replays in {}",
            folder.display()
        ));
    }
    if !t.is_over() {
        words::next_lines(&t).iter().for_each(|l| say(l));
    }
    Ok(())
}

/// `carrom tournament standings`: the tables of a tournament's file or a results document.
pub fn standings(args: &StandingsArgs) -> Result<Vec<String>, CommandError> {
    let name = args.file.display().to_string();
    let text = carrom_store::read_to_string(&args.file).map_err(|source| CommandError::Read {
        file: name.clone(),
        source,
    })?;
    let is_tournament =
        serde_json::from_str::<serde_json::Value>(&text).is_ok_and(|v| v.get("format").is_some());
    if !is_tournament {
        let standings = results::standings(&text).map_err(|source| CommandError::Results {
            file: name.clone(),
            source,
        })?;
        return Ok(match args.json {
            true => vec![json(&standings)],
            false => (standings.groups.iter())
                .flat_map(|t| words::table_lines(t, None))
                .collect(),
        });
    }
    let t = Tournament::parse(&text, &name)?;
    let groups = (t.tables()).map_err(|source| CommandError::Table { file: name, source })?;
    if args.json {
        return Ok(vec![json(&Standings { groups })]);
    }
    Ok(tournament_lines(&t, &groups))
}

fn json(standings: &Standings) -> String {
    // Plain rows of names and numbers: they always encode.
    serde_json::to_string(standings).unwrap_or_default()
}

/// A tournament's tables in words, its knockout, and what comes next.
fn tournament_lines(t: &Tournament, groups: &[crate::Table]) -> Vec<String> {
    let mut lines = Vec::new();
    for table in groups {
        let buchholz = (t.kind == Format::Swiss).then(|| t.swiss_table().1);
        lines.extend(words::table_lines(table, buchholz.as_deref()));
    }
    if !t.bracket.is_empty() {
        lines.extend(words::knockout_lines(t));
    }
    lines.extend(words::next_lines(t));
    lines
}

/// `carrom tournament record`: a game played on the board taken from its save.
pub fn record(spec: &Spec, args: &RecordArgs) -> Result<Vec<String>, CommandError> {
    let file = &args.file;
    let mut t = Tournament::load(file)?;
    let (folder, name) = crate::replay_place(file);
    crate::record::record_save(spec, &mut t, args.game, &args.save, (&folder, &name)).map_err(
        |source| CommandError::FromSave {
            file: file.display().to_string(),
            source,
        },
    )?;
    t.save(file)?;
    let game = t.game(args.game).expect("the game just recorded");
    let mut lines = vec![words::result_line(&t, game)];
    lines.extend(words::next_lines(&t));
    Ok(lines)
}
