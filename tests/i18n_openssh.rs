//! The real OpenSSH client in tmux against the real binary, as a Japanese
//! player connects: `LANG=ja_JP.UTF-8 ssh -o SendEnv=LANG …` shows the
//! Japanese lobby, and the settings panel switches it to Polish live.
//! Skipped where `ssh`, `ssh-keygen` or `tmux` is missing, unless
//! `BANMEN_REQUIRE_OPENSSH` is set (CI sets it and installs them).

#[path = "node_support/mod.rs"]
mod node_support;
mod temp_support;
use banmen::i18n::Lang;
use node_support::Node;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A private tmux server, so the test never touches the user's sessions.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-u", "-L", &self.socket])
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

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "player"]).stdout).into()
    }

    fn wait(&self, needle: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if self.screen().contains(needle) {
                return;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        panic!("{needle:?} not on screen:\n{}", self.screen());
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", "player", key]);
            std::thread::sleep(Duration::from_millis(300));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn new_key(dir: &Path) -> String {
    let key = dir.join("id_ed25519");
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&key)
        .status()
        .expect("ssh-keygen runs");
    assert!(made.success());
    key.display().to_string()
}

#[test]
fn a_japanese_openssh_client_gets_the_japanese_lobby_and_switches_live() {
    let tools = ["ssh", "ssh-keygen", "tmux"];
    if !tools.iter().all(|t| have(t)) {
        assert!(
            std::env::var_os("BANMEN_REQUIRE_OPENSSH").is_none(),
            "BANMEN_REQUIRE_OPENSSH is set but one of {tools:?} is missing"
        );
        eprintln!("skipped: one of {tools:?} is missing");
        return;
    }
    let dir = temp_support::TempDir::new("i18n-openssh");
    std::fs::create_dir_all(dir.path()).expect("temp dir");
    let server = Node::start(dir.path(), Duration::from_secs(20));
    let key = new_key(dir.path());
    let ssh = format!(
        "env LANG=ja_JP.UTF-8 ssh -tt -p {} -o StrictHostKeyChecking=no \
         -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o SendEnv=LANG \
         -i {key} erin@127.0.0.1",
        server.addr.port()
    );
    let tmux = Tmux {
        socket: format!("banmen-i18n-{}", std::process::id()),
    };
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "player",
        "-x",
        "80",
        "-y",
        "24",
        &ssh,
    ]);
    assert!(started.status.success(), "{started:?}");
    tmux.wait(&Lang::Ja.t("lobby-title"));
    tmux.keys(&["L"]);
    tmux.wait(&Lang::Ja.t("settings-title"));
    tmux.keys(&["Right"]);
    tmux.wait(&Lang::Pl.t("settings-title"));
    tmux.keys(&["Escape"]);
    tmux.wait(&Lang::Pl.t("lobby-title"));
    server.kill();
}
