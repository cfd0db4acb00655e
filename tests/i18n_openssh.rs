//! The real OpenSSH client in tmux against the real binary, as a Japanese
//! player connects: `LANG=ja_JP.UTF-8 ssh -o SendEnv=LANG …` shows the
//! Japanese lobby, and the settings panel switches it to Polish live.
//! Skipped where `ssh`, `ssh-keygen` or `tmux` is missing, unless
//! `BANMEN_REQUIRE_OPENSSH` is set (CI sets it and installs them).

#[path = "node_support/mod.rs"]
mod node_support;
mod temp_support;
mod tmux_support;
use banmen::i18n::Lang;
use node_support::Node;
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use tmux_support::{Tmux, have};

/// A remote screen's time to catch up after a key.
const PAUSE: Duration = Duration::from_millis(300);

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
    if !have(&["ssh", "ssh-keygen", "tmux"]) {
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
    let tmux = Tmux::new(dir.path());
    tmux.start(80, 24, &ssh);
    tmux.wait(&Lang::Ja.t("lobby-title"));
    tmux.keys_paced(&["L"], PAUSE);
    tmux.wait(&Lang::Ja.t("settings-title"));
    tmux.keys_paced(&["Right"], PAUSE);
    tmux.wait(&Lang::Pl.t("settings-title"));
    tmux.keys_paced(&["Escape"], PAUSE);
    tmux.wait(&Lang::Pl.t("lobby-title"));
    server.kill();
}
