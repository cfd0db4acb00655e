//! The `banmen` binary: parses the command line and runs the command.
//! Errors end here as one line on stderr and exit status 2.

use banmen::cli::{Cli, run};
use clap::Parser;
use std::process::ExitCode;

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
    match run(cli.command) {
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
