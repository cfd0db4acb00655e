//! Who plays `banmen play`, where their hall is kept, and which language
//! they read, from the options and the environment. Every function takes
//! the environment as a lookup, so that the rules are tested without
//! touching the process's own.

use super::PlayError;
use crate::hall::Identity;
use crate::hall::names::clean_name;
use crate::i18n::{ClientLocale, Lang};
use std::ffi::OsString;
use std::path::PathBuf;

/// The name of a player who gave none and whose `USER` is unusable.
pub const FALLBACK_NAME: &str = "player";

/// The id prefix of local players: their own kind of keyed identity,
/// never mistaken for an SSH key's (`key:`) if the directory is served
/// later.
pub const LOCAL_ID: &str = "local:";

/// The data directory: `given` (`--data`), else `banmen` under the XDG
/// data home: `$XDG_DATA_HOME` when it is set to an absolute path (the
/// XDG rules ignore a relative one), else `$HOME/.local/share`.
pub fn data_dir(
    given: Option<PathBuf>,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<PathBuf, PlayError> {
    if let Some(dir) = given {
        return Ok(dir);
    }
    let absolute = |name: &str| env(name).map(PathBuf::from).filter(|p| p.is_absolute());
    let home = absolute("XDG_DATA_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".local").join("share")))
        .ok_or(PlayError::NoDataDir)?;
    Ok(home.join("banmen"))
}

/// The local player: named by `--name` (refused when the hall would not
/// take it: a typo is better told than replaced), else by `USER` when the
/// hall takes it, else [`FALLBACK_NAME`]. Keyed, so that their settings
/// are kept and their seats wait for them as a key's do.
pub fn identity(
    name: Option<&str>,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<Identity, PlayError> {
    let name = match name {
        Some(given) => clean_name(given).ok_or_else(|| PlayError::Name(given.to_string()))?,
        None => env("USER")
            .and_then(|user| clean_name(&user.to_string_lossy()))
            .unwrap_or_else(|| FALLBACK_NAME.to_string()),
    };
    Ok(Identity {
        id: format!("{LOCAL_ID}{name}"),
        name,
        keyed: true,
    })
}

/// The language the environment's locale names (`LC_ALL`, then
/// `LC_MESSAGES`, then `LANG`, as the C library reads them), as an SSH
/// client would send it; `None` for `C`, an unknown one or none.
pub fn locale(env: impl Fn(&str) -> Option<OsString>) -> Option<Lang> {
    let mut locale = ClientLocale::default();
    for name in ClientLocale::NAMES {
        if let Some(value) = env(name) {
            locale.set(name, &value.to_string_lossy());
        }
    }
    locale.lang()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// An environment of these variables only.
    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
        let vars: Vec<(String, OsString)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), OsString::from(v)))
            .collect();
        move |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    #[test]
    fn the_data_dir_follows_the_xdg_rules() {
        let dir = |given: Option<&str>, vars| data_dir(given.map(PathBuf::from), env(vars));
        let home = [("HOME", "/home/a")];
        assert_eq!(
            dir(None, &home).unwrap(),
            Path::new("/home/a/.local/share/banmen")
        );
        let xdg = [("HOME", "/home/a"), ("XDG_DATA_HOME", "/data")];
        assert_eq!(dir(None, &xdg).unwrap(), Path::new("/data/banmen"));
        let relative = [("HOME", "/home/a"), ("XDG_DATA_HOME", "data")];
        assert_eq!(
            dir(None, &relative).unwrap(),
            Path::new("/home/a/.local/share/banmen"),
            "a relative XDG_DATA_HOME is ignored"
        );
        assert_eq!(dir(Some("here"), &[]).unwrap(), Path::new("here"));
        assert!(matches!(dir(None, &[]), Err(PlayError::NoDataDir)));
    }

    #[test]
    fn the_name_comes_from_the_option_then_user_then_the_fallback() {
        let alice = identity(Some(" alice "), env(&[("USER", "bob")])).unwrap();
        assert_eq!(alice.id, "local:alice");
        assert_eq!(alice.name, "alice");
        assert!(alice.keyed);
        assert_eq!(identity(None, env(&[("USER", "bob")])).unwrap().name, "bob");
        assert_eq!(identity(None, env(&[])).unwrap().name, FALLBACK_NAME);
        assert_eq!(
            identity(None, env(&[("USER", " ")])).unwrap().name,
            FALLBACK_NAME
        );
        assert!(matches!(
            identity(Some("\u{200b}"), env(&[])),
            Err(PlayError::Name(_))
        ));
    }

    #[test]
    fn the_locale_is_read_as_the_c_library_reads_it() {
        assert_eq!(locale(env(&[("LANG", "ja_JP.UTF-8")])), Some(Lang::Ja));
        let both = [("LANG", "ja_JP.UTF-8"), ("LC_ALL", "pl_PL.UTF-8")];
        assert_eq!(locale(env(&both)), Some(Lang::Pl));
        let c = [("LANG", "ja_JP.UTF-8"), ("LC_ALL", "C")];
        assert_eq!(locale(env(&c)), None, "LC_ALL=C wins: English");
        let empty = [("LANG", "ja_JP.UTF-8"), ("LC_ALL", "")];
        assert_eq!(locale(env(&empty)), Some(Lang::Ja), "empty is unset");
        assert_eq!(locale(env(&[])), None);
    }
}
