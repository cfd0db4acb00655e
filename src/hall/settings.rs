//! A player's settings (language, piece style, move notation): kept with a keyed
//! player's identity, so they survive reconnects and restarts; a guest's
//! live only in their session.

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
}

impl Settings {
    /// The settings for a language, with its usual pieces.
    pub fn for_lang(lang: Lang) -> Settings {
        Settings {
            lang,
            pieces: lang.default_pieces(),
            notation: Notation::default(),
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
