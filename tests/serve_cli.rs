//! `banmen serve` at the binary's edge: config errors are one line with
//! exit status 2; SIGTERM stops the server with exit status 0.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn banmen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_banmen"))
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("banmen-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_malformed_config_is_one_line_naming_the_file() {
    let dir = temp_dir("bad");
    let path = dir.join("bad.toml");
    std::fs::write(&path, "[server]\nprot = 1\n").unwrap();
    let out = banmen()
        .arg("serve")
        .arg("--config")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("banmen: ") && err.contains("bad.toml") && err.contains("prot"),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn sigterm_stops_the_server_with_status_0() {
    let dir = temp_dir("term");
    let mut child = banmen()
        .current_dir(&dir)
        .args(["--listen", "127.0.0.1", "--port", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The host key appears once the server has started.
    let key = dir.join("keys/host_ed25519");
    let start = Instant::now();
    while !key.exists() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(key.exists(), "the server did not start");
    std::thread::sleep(Duration::from_millis(200));
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("the server did not stop");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
}
