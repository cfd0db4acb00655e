//! `banmen engine --game chess4` against a reference four-player chess
//! engine (4pchess, the MIT-licensed engine kept in the shared bench as
//! `4pchess-anchor`): the two play a few plies of teams chess, each fed
//! the same `position startpos moves …` lines. Every move either engine
//! picks must be legal by banmen's rules and accepted by the other
//! engine: both read and write the same notation, from the same start.
//!
//! The reference engine is the binary `BANMEN_4PCHESS_CLI` names, or one
//! built (`make cli`, about 15 s, once) from a copy of the sources in the
//! folder `BANMEN_4PCHESS_SOURCES` names. Without either the tests say
//! they are skipped and pass, unless `BANMEN_REQUIRE_4PCHESS=1`.

mod engine_support;

use banmen::rules::{AnyGame, GameKind, RuleValues};
use engine_support::{Engine, SECOND, bestmove_of};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Once, OnceLock};

/// Plies played in each game.
const PLIES: usize = 8;

/// The handshake, answered.
fn hello(engine: &mut Engine) {
    engine.send("uci");
    engine.until("uciok", 10 * SECOND);
    engine.send("isready");
    engine.until("readyok", 10 * SECOND);
}

/// Sets the position (the start and `moves`), searches with `go`, and
/// returns the best move. Any `info string` before it is a refusal.
fn best(engine: &mut Engine, moves: &[String], go: &str) -> String {
    engine.send(&position(moves));
    engine.send(go);
    let lines = engine.until("bestmove", 30 * SECOND);
    let refused: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert!(
        refused.is_empty(),
        "{} refused {:?}: {refused:?}",
        engine.name(),
        position(moves)
    );
    bestmove_of(&lines)
}

fn position(moves: &[String]) -> String {
    match moves.is_empty() {
        true => "position startpos".to_string(),
        false => format!("position startpos moves {}", moves.join(" ")),
    }
}

/// The reference engine's binary, or why there is none.
fn reference() -> Result<PathBuf, String> {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BUILT.get_or_init(find_reference).clone()
}

fn find_reference() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("BANMEN_4PCHESS_CLI") {
        let path = PathBuf::from(path);
        return match path.is_file() {
            true => Ok(path),
            false => Err(format!(
                "BANMEN_4PCHESS_CLI={} is not a file",
                path.display()
            )),
        };
    }
    let Some(sources) = std::env::var_os("BANMEN_4PCHESS_SOURCES") else {
        return Err("neither BANMEN_4PCHESS_CLI nor BANMEN_4PCHESS_SOURCES is set".into());
    };
    let sources = Path::new(&sources);
    if !sources.join("Makefile").is_file() {
        return Err(format!("no Makefile in {}", sources.display()));
    }
    for tool in ["make", "g++"] {
        let found = Command::new(tool)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        if !found.is_ok_and(|s| s.success()) {
            return Err(format!("{tool} is not available to build it"));
        }
    }
    build(sources)
}

/// Builds the reference engine from a copy of `sources` (the shared
/// folder may be read-only) under the target's temporary directory; a
/// binary built by an earlier run is used again.
fn build(sources: &Path) -> Result<PathBuf, String> {
    let home = Path::new(env!("CARGO_TARGET_TMPDIR")).join("4pchess-anchor");
    let binary = home.join("cli");
    if binary.is_file() {
        return Ok(binary);
    }
    // Built in a folder of its own, then moved in whole: test binaries
    // running at once never see half a build.
    let work = home.with_file_name(format!("4pchess-build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).map_err(|e| format!("cannot create {work:?}: {e}"))?;
    for entry in std::fs::read_dir(sources).map_err(|e| e.to_string())? {
        let entry = entry.map_err(|e| e.to_string())?;
        if entry.path().is_file() {
            std::fs::copy(entry.path(), work.join(entry.file_name()))
                .map_err(|e| format!("cannot copy {:?}: {e}", entry.path()))?;
        }
    }
    let made = Command::new("make")
        .arg("cli")
        .current_dir(&work)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("make: {e}"))?;
    if !made.success() {
        return Err(format!("make cli failed in {}", work.display()));
    }
    if std::fs::rename(&work, &home).is_err() && !binary.is_file() {
        return Err(format!("cannot move the build to {}", home.display()));
    }
    let _ = std::fs::remove_dir_all(&work);
    Ok(binary)
}

/// The reference engine, or `None` after saying why the test is skipped
/// (a failure instead when `BANMEN_REQUIRE_4PCHESS=1`).
fn reference_engine() -> Option<Engine> {
    match reference() {
        Ok(path) => Some(Engine::start(path, &[]).named("the reference engine")),
        Err(why) if std::env::var("BANMEN_REQUIRE_4PCHESS").as_deref() == Ok("1") => {
            panic!("the reference four-player engine is required but not available ({why})")
        }
        Err(why) => {
            static SAID: Once = Once::new();
            SAID.call_once(|| {
                println!("skipped: the reference four-player engine is not available ({why})")
            });
            None
        }
    }
}

fn banmen_engine() -> Engine {
    Engine::banmen(&["engine", "--game", "chess4", "--level", "1"]).named("banmen")
}

/// Plays [`PLIES`] plies from the start, banmen moving for the seats
/// where `banmen_moves(seat)` holds and the reference engine for the
/// others. Each move must be legal by banmen's rules, and the engine to
/// move next takes it in its `position` line without complaint; at the
/// end both engines take the whole game.
fn play(banmen_moves: impl Fn(usize) -> bool) {
    let Some(mut reference) = reference_engine() else {
        return;
    };
    let mut banmen = banmen_engine();
    hello(&mut reference);
    hello(&mut banmen);
    let kind = GameKind::Chess4;
    let mut game = AnyGame::new(kind, &RuleValues::defaults(kind.rule_specs()), None).unwrap();
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..PLIES {
        let seat = game.to_move().expect("the game goes on").index();
        let best = match banmen_moves(seat) {
            true => best(&mut banmen, &moves, "go movetime 300"),
            false => best(&mut reference, &moves, "go depth 1"),
        };
        if let Err(e) = game.play_text(&best) {
            panic!("ply {ply}: {best} is not legal after {moves:?}: {e}");
        }
        moves.push(best);
    }
    // Both take the whole game: the reference engine answers from it, and
    // banmen reads it without an error line.
    let answer = best(&mut reference, &moves, "go depth 1");
    assert!(
        game.clone().play_text(&answer).is_ok(),
        "{answer} after {moves:?}"
    );
    banmen.send(&position(&moves));
    banmen.send("isready");
    let lines = banmen.until("readyok", 10 * SECOND);
    assert_eq!(lines, ["readyok"], "after {moves:?}");
}

#[test]
fn banmen_as_red_and_yellow_against_the_reference_engine() {
    play(|seat| seat % 2 == 0);
}

#[test]
fn banmen_as_blue_and_green_against_the_reference_engine() {
    play(|seat| seat % 2 == 1);
}
