//! A player's progress through the lessons and puzzles. A keyed player's
//! is kept beside their settings (the record `<id>#learn` of the settings
//! records, so every store and `banmen migrate` carry it with no
//! change); a guest's lives only in their session.

use super::{Hall, HallError, Identity};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The steps and puzzles a player has done, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Lesson steps done (their ids).
    #[serde(default)]
    pub steps: BTreeSet<String>,
    /// Puzzles solved (their ids).
    #[serde(default)]
    pub puzzles: BTreeSet<String>,
}

/// The most ids a record keeps of each kind: far more than there are
/// steps and puzzles, so a record can't be grown without bound by a
/// client that makes up ids.
const MAX_IDS: usize = 5_000;

/// The key of `id`'s progress among the settings records (`#` is in no
/// identity id).
fn record_key(id: &str) -> String {
    format!("{id}#learn")
}

impl Hall {
    /// `who`'s progress: what they saved if keyed (a record that does not
    /// read counts as none), else nothing yet.
    pub fn progress(&self, who: &Identity) -> Progress {
        if !who.keyed {
            return Progress::default();
        }
        match self.inner.shared.store.settings(&record_key(&who.id)) {
            Ok(record) => record
                .and_then(|r| serde_json::from_slice(&r).ok())
                .unwrap_or_default(),
            Err(e) => {
                tracing::warn!(id = %who.id, "could not read the player's progress: {e}");
                Progress::default()
            }
        }
    }

    /// Saves `who`'s progress if they are keyed (a guest's is the
    /// session's alone).
    pub fn save_progress(&self, who: &Identity, progress: &Progress) -> Result<(), HallError> {
        if !who.keyed {
            return Ok(());
        }
        let mut kept = progress.clone();
        kept.steps = kept.steps.into_iter().take(MAX_IDS).collect();
        kept.puzzles = kept.puzzles.into_iter().take(MAX_IDS).collect();
        let record = serde_json::to_vec(&kept).unwrap_or_default();
        self.inner
            .shared
            .store
            .put_settings(&record_key(&who.id), &record)?;
        Ok(())
    }
}
