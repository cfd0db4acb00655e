//! A fresh directory path for a test, removed with everything in it when
//! dropped, so that test runs leave nothing behind in the temp dir.
#![allow(dead_code)] // each test file uses its own part

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A directory path under the system temp dir (not created), unique to
/// this process and call.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let pid = std::process::id();
        let path = std::env::temp_dir().join(format!("banmen-{name}-{pid}-{n}"));
        let _ = std::fs::remove_dir_all(&path);
        TempDir(path)
    }

    /// The same, with the directory made (empty).
    pub fn created(name: &str) -> TempDir {
        let dir = TempDir::new(name);
        std::fs::create_dir_all(dir.path()).expect("create a temp dir");
        dir
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The path, the directory left in place (for one a server process
    /// started from it outlives this scope with).
    pub fn keep(self) -> PathBuf {
        let path = self.0.clone();
        std::mem::forget(self);
        path
    }
}

impl Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
