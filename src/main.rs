//! The `banmen` binary: parses the command line and runs the command.
//! Errors end here as one line on stderr and exit status 2.

use banmen::cli::{Cli, Command, ServeArgs, run};
use banmen::config::Config;
use banmen::hall::{Clock, Hall};
use banmen::ssh::admins::AdminKeys;
use banmen::ssh::{self, ServerOptions};
use clap::Parser;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => {
            // --help and --version: clap's own output, success.
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err) => return fail(&err.to_string()),
    };
    let result = match cli.command() {
        Command::Serve(args) => serve(args).map_err(|e| e.to_string()),
        Command::Bot(args) => bot(args).map_err(|e| e.to_string()),
        Command::Play(args) => play(args).map_err(|e| e.to_string()),
        command => run(command).map_err(|e| e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(&message),
    }
}

/// Prints the first line of `message` as `banmen: …` and exits with 2.
fn fail(message: &str) -> ExitCode {
    let line = message.lines().next().unwrap_or("error");
    let line = line.strip_prefix("error: ").unwrap_or(line);
    eprintln!("banmen: {line}");
    ExitCode::from(2)
}

/// `banmen serve`: the SSH hall until SIGINT or SIGTERM, then a graceful
/// goodbye to every session and exit status 0.
fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let config = Config::load(&args.config)?;
    start_log(&config.log.level)?;
    let hall_options = config.hall_options();
    let backend = config.store_backend();
    let listen = args.listen.unwrap_or(config.server.listen);
    let port = args.port.unwrap_or(config.server.port);
    let mut options = ServerOptions::new(&listen, port, config.server.host_key);
    options.set_public(&config.server.public_host, config.server.public_port);
    options.limits = config.limits.limits();
    options.keepalive = Duration::from_secs(config.limits.keepalive_seconds.max(1));
    let idle_minutes = config.limits.idle_connection_minutes.max(1);
    options.inactivity_timeout = Duration::from_secs(idle_minutes.saturating_mul(60));
    options.admins = AdminKeys::load(&config.admin.authorized_keys, &config.admin.keys)?;
    tracing::info!(keys = options.admins.len(), "admin keys loaded");
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| anyhow::anyhow!("cannot start the async runtime: {e}"))?;
    runtime.block_on(async {
        let store = tokio::task::block_in_place(|| backend.open())?;
        let (hall, report) = Hall::open(store, hall_options, Clock::system())?;
        tracing::info!(
            rooms = report.rooms,
            playing = report.playing,
            store = %backend,
            "rooms reopened"
        );
        for (room, why) in &report.failed {
            tracing::error!(%room, "room left closed: {why}");
        }
        let listening = ssh::bind(options).await?;
        if listening.key_created {
            tracing::info!("created a new host key");
        }
        let public = listening.public_address();
        tracing::info!(
            addr = %listening.local_addr()?,
            public = %format!("{}:{}", public.host, public.port),
            host_key = %listening.host_fingerprint(),
            "listening"
        );
        let node = hall.clone();
        listening
            .run(hall, banmen::ui::App::new, stop_signal())
            .await;
        tokio::task::block_in_place(|| node.leave_cluster());
        tracing::info!("stopped");
        anyhow::Ok(())
    })
}

/// `banmen bot`: plays an engine in a hall until SIGINT or SIGTERM
/// (status 0); a bad key or engine stops it at once (status 2).
fn bot(args: banmen::bridge::BotArgs) -> anyhow::Result<()> {
    start_log("info")?;
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| anyhow::anyhow!("cannot start the async runtime: {e}"))?;
    runtime.block_on(banmen::bridge::run(args, stop_signal()))
}

/// `banmen play`: the UI in this terminal on a local hall, until the
/// player quits (status 0); a data directory in use, or no terminal,
/// stops it before the terminal is touched (status 2). No log: stderr is
/// the screen.
fn play(args: banmen::local::PlayArgs) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| anyhow::anyhow!("cannot start the async runtime: {e}"))?;
    runtime.block_on(banmen::local::run(args))?;
    Ok(())
}

/// The server's own log on stderr, filtered by `RUST_LOG` when it is set,
/// else by `[log] level`.
fn start_log(level: &str) -> anyhow::Result<()> {
    use tracing_subscriber::EnvFilter;
    let filter = match std::env::var("RUST_LOG") {
        Ok(env) if !env.trim().is_empty() => {
            EnvFilter::try_new(&env).map_err(|e| anyhow::anyhow!("RUST_LOG {env:?}: {e}"))?
        }
        _ => {
            EnvFilter::try_new(level).map_err(|e| anyhow::anyhow!("[log] level {level:?}: {e}"))?
        }
    };
    // Colors only on a terminal: a log file gets plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi)
        .with_writer(std::io::stderr)
        .init();
    Ok(())
}

/// Resolves on SIGINT (Ctrl-C in the server's terminal) or SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
