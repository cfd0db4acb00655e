//! A player's settings (language, piece style, move notation, clock
//! bell): kept with a keyed player's identity, so they survive reconnects
//! and restarts; a guest's live only in their session.

use super::{Hall, HallError, Identity};
use crate::i18n::{Lang, Pieces};
use crate::rules::shogi::notation::Notation;
use serde::{Deserialize, Serialize};

/// What a player chose in the settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The language screens are drawn in.
    #[serde(default)]
    pub lang: Lang,
    /// How pieces are drawn.
    #[serde(default)]
    pub pieces: Pieces,
    /// How two-player shogi's moves are written in move lists (records
    /// saved before there was a choice read as USI, the notation of then).
    #[serde(default)]
    pub notation: Notation,
    /// When the terminal bell counts the last seconds of a byoyomi period
    /// (records saved before there was a choice read as the default).
    #[serde(default)]
    pub bell: Bell,
}

/// When the terminal bell rings, once a second, in the last ten seconds of
/// a byoyomi period (the seconds the status line counts down).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bell {
    /// For the player's own clock only: a spectator is not rung at, so
    /// that watching a game stays quiet unless asked.
    #[default]
    MyTurn,
    /// Also, when watching, for the clock of the seat to move.
    AlsoWatching,
    /// Never: the countdown shows on the status line alone.
    Never,
}

impl Bell {
    /// Every choice, in menu order.
    pub const ALL: [Bell; 3] = [Bell::MyTurn, Bell::AlsoWatching, Bell::Never];
}

impl Settings {
    /// The settings for a language, with its usual pieces.
    pub fn for_lang(lang: Lang) -> Settings {
        Settings {
            lang,
            pieces: lang.default_pieces(),
            notation: Notation::default(),
            bell: Bell::default(),
        }
    }
}

impl Hall {
    /// The settings `who` saved, if they are keyed and saved any (a record
    /// that does not read counts as none: the defaults are shown).
    pub fn settings(&self, who: &Identity) -> Option<Settings> {
        if !who.keyed {
            return None;
        }
        match self.inner.shared.store.settings(&who.id) {
            Ok(record) => record.and_then(|r| serde_json::from_slice(&r).ok()),
            Err(e) => {
                tracing::warn!(id = %who.id, "could not read the player's settings: {e}");
                None
            }
        }
    }

    /// Saves `who`'s settings, if they are keyed (a guest's are the
    /// session's alone).
    pub fn save_settings(&self, who: &Identity, settings: Settings) -> Result<(), HallError> {
        if !who.keyed {
            return Ok(());
        }
        let record = serde_json::to_vec(&settings).unwrap_or_default();
        self.inner.shared.store.put_settings(&who.id, &record)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_saved_before_the_bell_reads_with_the_default() {
        let before = Settings {
            notation: Notation::Japanese,
            bell: Bell::Never,
            ..Settings::for_lang(Lang::Ja)
        };
        let mut old = serde_json::to_value(before).unwrap();
        old.as_object_mut().unwrap().remove("bell");
        let read: Settings = serde_json::from_value(old).expect("an old record reads");
        assert_eq!(read.bell, Bell::MyTurn);
        assert_eq!(read.notation, Notation::Japanese);
        let again: Settings =
            serde_json::from_slice(&serde_json::to_vec(&before).unwrap()).unwrap();
        assert_eq!(again, before);
    }
}
