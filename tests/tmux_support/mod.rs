//! A real terminal for the tests that drive one (OpenSSH, `banmen play`):
//! a private tmux server whose socket and config are in the test's own
//! directory, so a test never touches the user's sessions and leaves no
//! socket behind. Every wait is bounded and shows the screen on failure.
#![allow(dead_code)] // each test file uses its own part

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// How long anything may take to show.
pub const WAIT: Duration = Duration::from_secs(20);

/// The one session's name.
const SESSION: &str = "t";

/// A private tmux server, killed when dropped.
pub struct Tmux {
    socket: PathBuf,
    config: PathBuf,
}

impl Tmux {
    /// A server in `dir`; its pane stays after its command ends, so a
    /// failure can still show it.
    pub fn new(dir: &Path) -> Tmux {
        let config = dir.join("tmux.conf");
        std::fs::write(&config, "set -g remain-on-exit on\n").expect("tmux.conf");
        Tmux {
            socket: dir.join("tmux.sock"),
            config,
        }
    }

    /// Runs a tmux command on this server.
    pub fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-u")
            .arg("-S")
            .arg(&self.socket)
            .arg("-f")
            .arg(&self.config)
            .args(args)
            // tmux reads UTF-8 by the locale; LC_* would also be sent by
            // Debian's ssh_config, and LC_ALL would win over LANG.
            .env("LANG", "C.UTF-8")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LC_CTYPE")
            .output()
            .expect("tmux runs")
    }

    /// Runs the shell command `command` in a `cols`×`rows` pane.
    pub fn start(&self, cols: u16, rows: u16, command: &str) {
        let (cols, rows) = (cols.to_string(), rows.to_string());
        let args = [
            "new-session",
            "-d",
            "-s",
            SESSION,
            "-x",
            &cols,
            "-y",
            &rows,
            command,
        ];
        let started = self.run(&args);
        assert!(started.status.success(), "{started:?}");
    }

    /// The pane's text.
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", SESSION]).stdout).into()
    }

    /// Waits until the screen shows `needle`.
    pub fn wait(&self, needle: &str) {
        self.wait_for(needle, |screen| screen.contains(needle));
    }

    /// Waits until `ready` holds for the screen; `what` names it on failure.
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + WAIT;
        while Instant::now() < deadline {
            if ready(&self.screen()) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("{what:?} not on screen after {WAIT:?}:\n{}", self.screen());
    }

    /// Types tmux key names (`Enter`, `Escape`, `v`).
    pub fn keys(&self, keys: &[&str]) {
        self.keys_paced(keys, Duration::ZERO);
    }

    /// Types key names with `pause` after each (a remote client's screen
    /// catching up).
    pub fn keys_paced(&self, keys: &[&str], pause: Duration) {
        for key in keys {
            self.run(&["send-keys", "-t", SESSION, key]);
            std::thread::sleep(pause);
        }
    }

    /// Types `text` as it is.
    pub fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", SESSION, "-l", text]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// Whether every one of `tools` is installed. A missing one skips the
/// test (one line says so), unless `BANMEN_REQUIRE_OPENSSH` is set (CI
/// sets it and installs them): then it fails.
pub fn have(tools: &[&str]) -> bool {
    let found = |tool: &&str| {
        Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if tools.iter().all(found) {
        return true;
    }
    assert!(
        std::env::var_os("BANMEN_REQUIRE_OPENSSH").is_none(),
        "BANMEN_REQUIRE_OPENSSH is set but one of {tools:?} is missing"
    );
    eprintln!("skipped: one of {tools:?} is missing");
    false
}
