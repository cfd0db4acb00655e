//! The `banmen` command line: argument parsing (clap), the rules
//! commands `perft` and `moves`, the engines `usi` and `engine`, `migrate`
//! (a hall copied between stores) and `puzzles generate`. Scripts depend on their output, so it is
//! kept exact: see each command's doc. `serve` (the default when no
//! subcommand is given), `bot` and `play` are run by the binary, which
//! owns the runtime.

use crate::rules::{AnyGame, GameKind, RuleValues, RulesError};
use crate::store::Backend;
use crate::store::migrate::MigrateError;
use clap::{Args, Parser, Subcommand};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;
use thiserror::Error;

/// Why a rules command failed: one line for stderr (exit status 2).
#[derive(Debug, Error)]
pub enum CliError {
    /// The game, position or a room rule was refused.
    #[error("{0}")]
    Rules(#[from] RulesError),
    /// The USI engine could not read its input.
    #[error("usi: {0}")]
    Usi(std::io::Error),
    /// `engine` could not read its input.
    #[error("engine: {0}")]
    Engine(std::io::Error),
    /// `serve` was given to [`run`], which does not run the server.
    #[error("serve is run by the binary")]
    Serve,
    /// `bot` was given to [`run`]: the binary runs it on its runtime.
    #[error("bot is run by the binary")]
    Bot,
    /// `play` was given to [`run`]: the binary runs it on its runtime.
    #[error("play is run by the binary")]
    Play,
    /// Standard output could not be written (other than closed early).
    #[error("cannot write the output: {0}")]
    Output(std::io::Error),
    /// `migrate` refused or failed.
    #[error("migrate: {0}")]
    Migrate(#[from] MigrateError),
    /// `tune` could not read or write its files.
    #[error("tune: {0}")]
    Tune(std::io::Error),
    /// `puzzles generate` could not write its files.
    #[error("puzzles: {0}")]
    Puzzles(std::io::Error),
}

/// banmen: shogi, four-player shogi and four-player chess over SSH.
#[derive(Debug, Parser)]
#[command(
    name = "banmen",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do (`serve` when omitted).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `serve`'s options, accepted without the subcommand too.
    #[command(flatten)]
    pub serve: ServeArgs,
}

impl Cli {
    /// The command to run: `serve` when none was given.
    pub fn command(self) -> Command {
        self.command.unwrap_or(Command::Serve(self.serve))
    }
}

/// The subcommands (parsed once per run: the size of `Migrate`'s two
/// backends does not matter).
#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)]
pub enum Command {
    /// Run the SSH server (the default).
    Serve(ServeArgs),
    /// Play in this terminal, offline, on a hall of your own (no SSH).
    Play(crate::local::PlayArgs),
    /// Count legal move sequences; the last line begins with the node count.
    Perft {
        /// The game and position.
        #[command(flatten)]
        game: GameArgs,
        /// Plies to look ahead.
        #[arg(long)]
        depth: u32,
        /// Print each first move with its count before the total.
        #[arg(long)]
        divide: bool,
    },
    /// Print every legal move, one per line, sorted, and nothing else.
    Moves {
        /// The game and position.
        #[command(flatten)]
        game: GameArgs,
    },
    /// Play two-player shogi as a USI engine on stdin and stdout.
    Usi {
        /// The CPU's level, 1 (weakest) to 5 (strongest); USI option `Level`.
        #[arg(long, default_value_t = crate::cpu::MAX_LEVEL,
              value_parser = clap::value_parser!(u8).range(1..=crate::cpu::MAX_LEVEL as i64))]
        level: u8,
    },
    /// Play as an engine on stdin and stdout: USI for shogi, the UCI
    /// dialect of four-player engines for shogi4 and chess4 (docs/engine.md).
    Engine {
        /// The game: shogi, shogi4 or chess4.
        #[arg(long, default_value = "shogi")]
        game: GameKind,
        /// The CPU's level, 1 (weakest) to 5 (strongest); engine option `Level`.
        #[arg(long, default_value_t = crate::cpu::MAX_LEVEL,
              value_parser = clap::value_parser!(u8).range(1..=crate::cpu::MAX_LEVEL as i64))]
        level: u8,
    },
    /// Play an engine in a hall as a bot, over SSH (docs/bots.md §7).
    Bot(crate::bridge::BotArgs),
    /// Copy a whole hall into an empty store (sled:DIR or
    /// nats://HOST:PORT[#HALL]); neither may be in use by a server.
    Migrate {
        /// The hall to copy: sled:DIRECTORY or nats://HOST:PORT[#HALL].
        #[arg(long, value_name = "SOURCE", value_parser = Backend::parse)]
        from: Backend,
        /// The empty store to copy it into, written the same way.
        #[arg(long, value_name = "TARGET", value_parser = Backend::parse)]
        to: Backend,
        /// A NATS credentials file, for a NATS source or target that asks
        /// for one.
        #[arg(long, value_name = "PATH")]
        nats_credentials: Option<PathBuf>,
        /// Copies JetStream keeps of a new NATS hall (3 in a cluster).
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u8).range(1..=5))]
        replicas: u8,
    },
    /// The puzzles taken from the CPU's own games (docs/puzzles.md).
    Puzzles {
        /// What to do.
        #[command(subcommand)]
        action: PuzzlesCommand,
    },
    /// Tune the shogi CPU's evaluation on its own games (docs/cpu.md).
    Tune {
        /// What to do.
        #[command(subcommand)]
        action: TuneCommand,
    },
}

/// `banmen tune`'s subcommands.
#[derive(Debug, Subcommand)]
pub enum TuneCommand {
    /// Play the CPU against itself and append the quiet positions of its
    /// games, with their results, to a file.
    Selfplay(crate::cpu::tune::SelfplayOptions),
    /// Fit the evaluation's weights to the positions' results and write
    /// them as Rust source.
    Fit(crate::cpu::tune::fit::Options),
}

/// `banmen puzzles`'s subcommands.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Play the CPU against itself, prove the puzzles in its games and
    /// write the data files; prints progress, then the counts and the time.
    Generate(crate::learn::puzzles::generate::Options),
}

/// `banmen serve`: the config file and overrides of its `[server]` keys.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The configuration file; a missing file means the defaults.
    #[arg(long, value_name = "PATH", default_value = "config.toml")]
    pub config: PathBuf,
    /// Port to listen on (overrides `[server] port`).
    #[arg(long)]
    pub port: Option<u16>,
    /// Address to listen on (overrides `[server] listen`).
    #[arg(long)]
    pub listen: Option<String>,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs {
            config: PathBuf::from("config.toml"),
            port: None,
            listen: None,
        }
    }
}

/// Which game, from which position, under which room rules.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game: shogi, shogi4 or chess4.
    #[arg(long, default_value = "shogi")]
    pub game: GameKind,
    /// The position in the game's notation (shogi: SFEN, shogi4: SFEN4, chess4: FEN4); the start by default.
    #[arg(long)]
    pub position: Option<String>,
    /// A room rule, as NAME=VALUE (repeatable).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
}

impl GameArgs {
    /// Builds the game, or a one-line error.
    pub fn build(&self) -> Result<AnyGame, RulesError> {
        let rules = RuleValues::parse(self.game.rule_specs(), &self.rules)?;
        let position = self.position.as_deref().filter(|p| *p != "startpos");
        AnyGame::new(self.game, &rules, position)
    }
}

/// Runs a rules command, printing to stdout; an `Err` is a one-line message
/// for stderr (exit status 2). A stdout closed early (`banmen moves | head
/// -1`) ends the command quietly, as it ends Unix tools.
pub fn run(command: Command) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    let written = match command {
        Command::Perft {
            game,
            depth,
            divide,
        } => perft(&mut out, &game.build()?, depth, divide),
        Command::Moves { game } => moves(&mut out, &game.build()?),
        Command::Usi { level } => {
            drop(out);
            return crate::cpu::usi::run_stdio(level).map_err(CliError::Usi);
        }
        Command::Engine { game, level } => {
            drop(out);
            return crate::cpu::engine::run_stdio(game, level).map_err(CliError::Engine);
        }
        Command::Migrate {
            from,
            to,
            nats_credentials,
            replicas,
        } => {
            let with = |b: Backend| b.with_nats(nats_credentials.as_deref(), replicas.into());
            let copied = crate::store::migrate::migrate(&with(from), &with(to))?;
            writeln!(out, "{copied}")
        }
        Command::Puzzles { action } => {
            drop(out);
            return puzzles(action);
        }
        Command::Tune { action } => {
            drop(out);
            return tune(action);
        }
        Command::Serve(_) => return Err(CliError::Serve),
        Command::Bot(_) => return Err(CliError::Bot),
        Command::Play(_) => return Err(CliError::Play),
    };
    match written.and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CliError::Output(e)),
        _ => Ok(()),
    }
}

/// Runs `puzzles generate`: progress lines, then one `KIND: COUNT` line
/// per kind and the games, positions and seconds. Printed line by line
/// from two threads, so standard output is not held locked.
fn puzzles(action: PuzzlesCommand) -> Result<(), CliError> {
    use crate::learn::puzzles::{Kind, generate};
    let PuzzlesCommand::Generate(options) = action;
    let report =
        generate::generate(&options, &|line| println!("{line}")).map_err(CliError::Puzzles)?;
    for kind in Kind::ALL {
        println!("{}: {}", kind.name(), report.counts[kind as usize]);
    }
    let [shogi, chess4] = report.games;
    println!(
        "{shogi} shogi games, {chess4} chess4 games, {} positions in {:.0} s",
        report.positions, report.seconds
    );
    Ok(())
}

/// Runs a `tune` subcommand, reporting progress on stdout.
fn tune(action: TuneCommand) -> Result<(), CliError> {
    use crate::cpu::four::teams::tune::{self as teams, Teams};
    use crate::cpu::shogi::tune::{self as shogi, Shogi};
    use crate::cpu::tune::{TuneGame, fit};
    let log = |line: &str| println!("{line}");
    match action {
        TuneCommand::Selfplay(options) => {
            let (games, positions) = match options.game {
                TuneGame::Shogi => shogi::selfplay::run(&options, &log),
                TuneGame::Chess4 => teams::run(&options, &log),
            }
            .map_err(CliError::Tune)?;
            println!("{games} games, {positions} positions");
        }
        TuneCommand::Fit(options) => match options.game {
            TuneGame::Shogi => fit::run::<Shogi>(&options, &log),
            TuneGame::Chess4 => fit::run::<Teams>(&options, &log),
        }
        .map_err(CliError::Tune)?,
    }
    Ok(())
}

/// Writes every legal move, one per line.
fn moves(out: &mut impl Write, game: &AnyGame) -> io::Result<()> {
    for mv in game.legal_move_texts() {
        writeln!(out, "{mv}")?;
    }
    Ok(())
}

/// Writes `<nodes> nodes in <s> s (<M>/s)` last, preceded by `move: count`
/// lines when dividing.
fn perft(out: &mut impl Write, game: &AnyGame, depth: u32, divide: bool) -> io::Result<()> {
    let start = Instant::now();
    let nodes = if divide {
        let rows = game.divide(depth);
        for (mv, count) in &rows {
            writeln!(out, "{mv}: {count}")?;
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        game.perft(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    let rate = nodes as f64 / secs.max(1e-9) / 1e6;
    writeln!(out, "{nodes} nodes in {secs:.3} s ({rate:.1}M/s)")
}
