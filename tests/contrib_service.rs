//! `contrib/banmen.service`, the systemd unit hosts install: `systemd-analyze
//! verify` accepts it (with its `ExecStart` pointed at the binary just
//! built), it keeps its sandbox, and it starts the server the way the
//! README says.
//!
//! Without `systemd-analyze` on the machine the verify test says so and
//! passes, unless `BANMEN_REQUIRE_SYSTEMD` is set (CI sets it, so there it
//! cannot pass unchecked).

use std::path::{Path, PathBuf};
use std::process::Command;

mod temp_support;
use temp_support::TempDir;

/// Where the unit names the binary; the tests swap in the one just built.
const INSTALLED: &str = "/usr/local/bin/banmen";

fn unit() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("contrib/banmen.service");
    std::fs::read_to_string(path).expect("contrib/banmen.service")
}

/// The value of every `key=` line of the unit.
fn values<'a>(unit: &'a str, key: &str) -> Vec<&'a str> {
    unit.lines()
        .filter_map(|line| line.strip_prefix(key)?.strip_prefix('='))
        .collect()
}

/// Writes `text` as `banmen.service` in a fresh directory: the directory
/// (removed when dropped) and the unit's path.
fn write_unit(name: &str, text: &str) -> (TempDir, PathBuf) {
    let dir = TempDir::created(&format!("unit-{name}"));
    let path = dir.join("banmen.service");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// What `systemd-analyze verify` says of the unit at `path`: whether it
/// passed, and its output. `None` when the tool is not installed.
fn verify(path: &Path) -> Option<(bool, String)> {
    let output = Command::new("systemd-analyze")
        .arg("verify")
        .arg(path)
        .output()
        .ok()?;
    let mut said = String::from_utf8_lossy(&output.stdout).into_owned();
    said.push_str(&String::from_utf8_lossy(&output.stderr));
    Some((output.status.success(), said))
}

#[test]
fn systemd_analyze_verifies_the_unit() {
    let built = unit().replace(INSTALLED, env!("CARGO_BIN_EXE_banmen"));
    let (_good, path) = write_unit("good", &built);
    let Some((ok, said)) = verify(&path) else {
        assert!(
            std::env::var_os("BANMEN_REQUIRE_SYSTEMD").is_none(),
            "systemd-analyze is not installed"
        );
        eprintln!("systemd-analyze is not installed: the unit was not verified");
        return;
    };
    // A remark on the unit names its file and line: there must be none.
    assert!(ok && !said.contains("banmen.service:"), "{said}");
    // The check is live: a mistake in the same unit is reported.
    let (_broken, broken) = write_unit(
        "broken",
        &built.replace("ProtectSystem=strict", "ProtectSystem=sometimes"),
    );
    let (_, said) = verify(&broken).expect("systemd-analyze ran a moment ago");
    assert!(said.contains("banmen.service:"), "{said}");
}

#[test]
fn the_unit_starts_the_installed_server_with_its_config() {
    let unit = unit();
    assert_eq!(
        values(&unit, "ExecStart"),
        [format!(
            "{INSTALLED} serve --config /etc/banmen/config.toml"
        )]
    );
    // Relative paths of config.toml (./data, keys/) land in the state
    // directory, the one place the service may write.
    assert_eq!(values(&unit, "StateDirectory"), ["banmen"]);
    assert_eq!(values(&unit, "WorkingDirectory"), ["/var/lib/banmen"]);
    assert_eq!(values(&unit, "KillSignal"), ["SIGTERM"]);
}

#[test]
fn the_unit_keeps_its_sandbox() {
    let unit = unit();
    for (key, value) in [
        ("DynamicUser", "yes"),
        ("NoNewPrivileges", "yes"),
        ("CapabilityBoundingSet", ""),
        ("ProtectSystem", "strict"),
        ("ProtectHome", "yes"),
        ("PrivateTmp", "yes"),
        ("PrivateDevices", "yes"),
        ("RestrictAddressFamilies", "AF_INET AF_INET6 AF_UNIX"),
        ("MemoryDenyWriteExecute", "yes"),
        ("SystemCallFilter", "@system-service"),
    ] {
        assert!(values(&unit, key).contains(&value), "{key}={value} missing");
    }
}
