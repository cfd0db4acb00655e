//! `banmen serve` at the binary's edge: config errors are one line with
//! exit status 2; SIGTERM stops the server with exit status 0.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod nats_support;
mod temp_support;
use temp_support::TempDir;

fn banmen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_banmen"))
}

fn temp_dir(name: &str) -> TempDir {
    TempDir::created(&format!("serve-{name}"))
}

/// Starts `banmen serve` in `dir` on a free port and waits (bounded) until
/// it has started: its host key exists. Returns the child and the key's path.
fn start_server(dir: &std::path::Path) -> (std::process::Child, std::path::PathBuf) {
    let child = banmen()
        .current_dir(dir)
        .args(["--listen", "127.0.0.1", "--port", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let key = dir.join("keys/host_ed25519");
    let start = Instant::now();
    while !key.exists() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    (child, key)
}

/// `banmen serve --config` with `text` as the file `name`: its exit
/// status must be 2 and its stderr one `banmen: ` line naming the file;
/// that line.
fn refused_config(name: &str, text: &str) -> String {
    let dir = temp_dir(name);
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
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
        err.starts_with("banmen: ") && err.contains(&format!("{name}.toml")),
        "{err}"
    );
    err
}

#[test]
fn a_malformed_config_is_one_line_naming_the_file() {
    let err = refused_config("bad", "[server]\nprot = 1\n");
    assert!(err.contains("prot"), "{err}");
}

/// An admin key line with options (`from="…"`), which the server would
/// not enforce, stops the start: one line naming the file and the line.
#[test]
fn an_admin_key_with_options_is_refused() {
    let dir = temp_dir("admin-options");
    std::fs::create_dir_all(dir.join("keys")).unwrap();
    let key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHuwbliGXcGVlaWst9GAdqi5fusdsUxZB/+O3CDBtHQI";
    let text = format!("{key} alice\nfrom=\"10.0.0.1\" {key} bob\n");
    std::fs::write(dir.join("keys/admin_authorized_keys"), text).unwrap();
    let (status, err) = serve_once(&dir);
    assert_eq!(status, Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(
            "banmen: admin keys keys/admin_authorized_keys: line 2: options before the key"
        ),
        "{err}"
    );
    assert!(err.contains("not supported"), "{err}");
}

#[cfg(unix)]
#[test]
fn sigterm_stops_the_server_with_status_0() {
    let dir = temp_dir("term");
    let (mut child, key) = start_server(&dir);
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
    let status = wait_exit(&mut child, "the server did not stop");
    assert_eq!(status.code(), Some(0));
}

/// Waits (at most 10 s, else kills it and panics with `why`) for `child`.
fn wait_exit(child: &mut std::process::Child, why: &str) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{why}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `banmen serve` in `dir` until it exits (bounded); its status and stderr.
fn serve_once(dir: &std::path::Path) -> (Option<i32>, String) {
    let mut child = banmen()
        .current_dir(dir)
        .args(["--listen", "127.0.0.1", "--port", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_exit(&mut child, "the server started on data it should refuse");
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    (status.code(), err)
}

/// Every file under `dir` with its bytes, sorted by path.
fn snapshot(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(snapshot(&path));
        } else {
            out.push((path.clone(), std::fs::read(&path).unwrap()));
        }
    }
    out.sort();
    out
}

#[test]
fn damaged_or_foreign_data_is_refused_at_start_and_left_untouched() {
    let dir = temp_dir("damaged");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let junk: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(data.join("conf"), &junk[..300]).unwrap();
    std::fs::write(data.join("db"), &junk).unwrap();
    let before = snapshot(&data);
    let (code, err) = serve_once(&dir);
    assert_eq!(code, Some(2), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("banmen: ") && last.contains("data"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(
        snapshot(&data),
        before,
        "nothing in the data directory changed"
    );

    // A directory of someone else's files.
    let other = temp_dir("foreign");
    std::fs::create_dir_all(other.join("data")).unwrap();
    std::fs::write(other.join("data/notes.txt"), "mine").unwrap();
    let (code, err) = serve_once(&other);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("does not hold banmen data"), "{err}");
    assert_eq!(
        std::fs::read_dir(other.join("data")).unwrap().count(),
        1,
        "nothing was created"
    );
}

#[cfg(unix)]
#[test]
fn a_second_server_on_the_same_data_is_refused() {
    let dir = temp_dir("twice");
    let (mut first, _) = start_server(&dir);
    let (code, err) = serve_once(&dir);
    let _ = first.kill();
    let _ = first.wait();
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("in use by another process"), "{err}");
}

#[test]
fn a_bad_public_host_is_one_line_with_status_2() {
    let err = refused_config(
        "public",
        "[server]\npublic_host = \"games example\\u001b[2J\"\n",
    );
    assert!(err.contains("public_host"), "{err}");
    assert!(!err.contains('\u{1b}'), "{err}");
}

#[test]
fn a_bad_storage_backend_or_replica_count_is_one_line_with_status_2() {
    let err = refused_config("backend", "[storage]\nbackend = \"postgres\"\n");
    assert!(err.contains("backend") || err.contains("postgres"), "{err}");
    let err = refused_config("replicas", "[storage]\nreplicas = 0\n");
    assert!(err.contains("replicas"), "{err}");
}

/// A hall in NATS whose server is not there: one line, status 2, at once.
#[test]
fn a_nats_server_that_is_down_at_start_is_one_line_with_status_2() {
    let dir = temp_dir("nats-down");
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("nats://{}", free.local_addr().unwrap());
    drop(free);
    let config = format!("[storage]\nbackend = \"nats\"\nnats_url = \"{url}\"\n");
    std::fs::write(dir.join("config.toml"), config).unwrap();
    let (code, err) = serve_once(&dir);
    assert_eq!(code, Some(2), "{err}");
    // The server's own log may come first; the error is one line.
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("banmen: ")).collect();
    assert_eq!(errors.len(), 1, "{err}");
    assert!(
        errors[0].contains("cannot reach NATS") && errors[0].contains(&url),
        "{err}"
    );
}

/// A second server on the same NATS hall is refused while the first holds
/// its lease.
#[cfg(unix)]
#[test]
fn a_second_server_on_the_same_nats_hall_is_refused() {
    let Some(nats) = nats_support::NatsServer::start("serve-twice") else {
        return;
    };
    let config = format!(
        "[storage]\nbackend = \"nats\"\nnats_url = \"{}\"\n",
        nats.url()
    );
    let dir = temp_dir("nats-twice");
    std::fs::write(dir.join("config.toml"), &config).unwrap();
    let (mut first, _) = start_server(&dir);
    let other = temp_dir("nats-twice-2");
    std::fs::write(other.join("config.toml"), &config).unwrap();
    let (code, err) = serve_once(&other);
    let _ = first.kill();
    let _ = first.wait();
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("in use by another banmen server"), "{err}");
}
