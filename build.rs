//! Joins each language's message catalogs (`locales/<lang>/*.ftl`, in name
//! order) into one file per language that `src/i18n` compiles in, so that a
//! new catalog file needs no change to the code.

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=locales");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for lang in ["en", "ja", "pl", "tl"] {
        let dir = Path::new("locales").join(lang);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "ftl"))
            .collect();
        files.sort();
        let mut joined = String::new();
        for file in files {
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            joined.push_str(&text);
            joined.push('\n');
        }
        std::fs::write(Path::new(&out).join(format!("{lang}.ftl")), joined)
            .expect("OUT_DIR is writable");
    }
}
