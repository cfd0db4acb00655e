//! `banmen play` in a real terminal (a tmux pane): a game against the CPU
//! from the lobby to the resignation, its records written to files, a
//! lesson's first step, and back; and a data directory in
//! use refused, each leaving the terminal's settings (`stty -a`) as they
//! were. Skipped where `tmux` is missing, unless `BANMEN_REQUIRE_OPENSSH`
//! is set (CI sets it and installs tmux).

mod temp_support;
mod tmux_support;
use banmen::i18n::Lang;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use temp_support::TempDir;
use tmux_support::{Tmux, WAIT, have};

/// A script that records the pane's terminal settings, runs `banmen play
/// --data DIR/data --exports DIR/exports --name alice` (in English; its
/// stderr to `err.txt`),
/// records them again and then the exit status, in `dir`.
fn play_script(dir: &Path) -> PathBuf {
    let bin = env!("CARGO_BIN_EXE_banmen");
    let d = dir.display();
    let script = format!(
        "stty -a > '{d}/before.txt'\n\
         env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 '{bin}' play --data '{d}/data' \
         --exports '{d}/exports' --name alice 2> '{d}/err.txt'\n\
         status=$?\n\
         stty -a > '{d}/after.txt'\n\
         echo $status > '{d}/status.tmp' && mv '{d}/status.tmp' '{d}/status'\n"
    );
    let path = dir.join("play.sh");
    std::fs::write(&path, script).expect("script");
    path
}

/// The script's result: `banmen play`'s exit status, its stderr, and the
/// terminal settings before and after.
struct Ended {
    status: i32,
    stderr: String,
    before: String,
    after: String,
}

/// Waits for the script to finish.
fn ended(dir: &Path, tmux: &Tmux) -> Ended {
    let deadline = Instant::now() + WAIT;
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(dir.join("status")) {
            break text.trim().parse().expect("a status");
        }
        assert!(
            Instant::now() < deadline,
            "banmen play did not end:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect(name);
    Ended {
        status,
        stderr: read("err.txt"),
        before: read("before.txt"),
        after: read("after.txt"),
    }
}

#[test]
fn a_game_against_the_cpu_in_the_local_terminal_and_the_terminal_is_left_as_it_was() {
    if !have(&["tmux"]) {
        return;
    }
    let dir = TempDir::new("play-local");
    std::fs::create_dir_all(dir.path()).expect("temp dir");
    let tmux = Tmux::new(dir.path());
    tmux.start(
        100,
        30,
        &format!("sh '{}'", play_script(dir.path()).display()),
    );
    let en = |key: &'static str| Lang::En.t(key);
    tmux.wait(&en("lobby-title"));
    tmux.keys(&["v"]);
    tmux.wait(&en("mode-vs-computer"));
    tmux.keys(&["c"]);
    tmux.wait(&en("game-your-move"));
    tmux.keys(&["m"]);
    tmux.type_text("7g7f");
    tmux.keys(&["Enter"]);
    // The CPU's reply: the move list's second move.
    tmux.wait_for("move 2 in the list", |screen| {
        screen.contains("1 ☗7g7f") && screen.contains("2 ☖")
    });
    tmux.keys(&["r"]);
    tmux.wait(&en("game-confirm-resign"));
    tmux.keys(&["y"]);
    tmux.wait(&en("game-over"));
    // The records, written to files.
    tmux.keys(&["e"]);
    tmux.wait(&en("hint-write-files"));
    tmux.keys(&["w"]);
    tmux.wait("files written");
    let exports: Vec<_> = std::fs::read_dir(dir.path().join("exports"))
        .expect("the exports directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    let usi = exports
        .iter()
        .find(|p| p.extension().is_some_and(|e| e == "usi"));
    let usi = std::fs::read_to_string(usi.expect("a .usi file")).expect("read");
    assert!(usi.contains("moves 7g7f"), "{usi}");
    tmux.keys(&["Escape"]);
    tmux.keys(&["Escape"]);
    tmux.wait(&en("lobby-title"));
    // The shogi lesson's first step, answered.
    let step = &banmen::learn::lesson(banmen::rules::GameKind::Shogi)
        .expect("a shogi lesson")
        .steps[0];
    tmux.keys(&["l"]);
    tmux.wait(&en("learn-lessons"));
    tmux.keys(&["Enter"]);
    tmux.keys(&["m"]);
    tmux.type_text(&step.answers[0]);
    tmux.keys(&["Enter"]);
    tmux.wait(&en("hint-learn-next"));
    tmux.keys(&["Escape"]);
    tmux.keys(&["Escape"]);
    tmux.wait(&en("lobby-title"));
    tmux.keys(&["q"]);
    let end = ended(dir.path(), &tmux);
    assert_eq!(end.status, 0, "stderr: {}", end.stderr);
    assert_eq!(end.stderr, "");
    assert_eq!(end.before, end.after, "the terminal's settings changed");
}

#[test]
fn a_data_directory_in_use_is_one_line_and_status_2_on_an_untouched_terminal() {
    if !have(&["tmux"]) {
        return;
    }
    let dir = TempDir::new("play-locked");
    std::fs::create_dir_all(dir.path()).expect("temp dir");
    let held = banmen::store::Backend::Sled(dir.path().join("data"))
        .open()
        .expect("the test holds the store");
    let tmux = Tmux::new(dir.path());
    tmux.start(
        100,
        30,
        &format!("sh '{}'", play_script(dir.path()).display()),
    );
    let end = ended(dir.path(), &tmux);
    drop(held);
    assert_eq!(end.status, 2, "stderr: {}", end.stderr);
    assert_eq!(end.stderr.lines().count(), 1, "{:?}", end.stderr);
    assert!(
        end.stderr.starts_with("banmen: ") && end.stderr.contains("in use"),
        "{:?}",
        end.stderr
    );
    assert_eq!(end.before, end.after, "the terminal's settings changed");
}
