//! Importing a game record (KIF, KIFU, CSA, USI) into a player's history:
//! the record is read and checked by [`crate::rules::shogi::import`], the
//! game rebuilt with banmen's rules and kept exactly as a finished room's
//! game is ([`KeptGame`]), so that `export` and `review` treat it like any
//! game the player played. It is private to the importer: a record read
//! from a file says nothing about who may see it.

use super::review::Replay;
use super::{Hall, HallError, Identity, KeptGame, every_export, random_code};
use crate::rules::shogi::import::{Ending, ReadError, Record, import_rules, read_record};
use crate::rules::{AnyGame, Claim, GameKind};
use std::collections::VecDeque;

/// The prefix of imported games' ids. A room's game ids start with the
/// room's id, six letters of an alphabet without `i`, so an import's id
/// never collides with one.
pub const IMPORT_PREFIX: &str = "imp-";

/// Why an import was refused.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// A guest has no history to keep the game in.
    #[error("guests have no game history; connect with an SSH key to import")]
    Guest,
    /// The server takes no imports (`[limits] imports_per_hour = 0`).
    #[error("this server takes no imports")]
    Off,
    /// The player, or the whole hall, imported as many records in the
    /// last hour as allowed.
    #[error("{0} records an hour is the limit; try again later")]
    TooMany(usize),
    /// The record does not read: the line and why.
    #[error("{0}")]
    Record(#[from] ReadError),
    /// The hall could not keep the game.
    #[error("{0}")]
    Hall(#[from] HallError),
}

impl Hall {
    /// Reads the game record `bytes` and keeps it as a finished game of
    /// `who`'s, private to them; returns the new game's id (for `export`
    /// and `review`). Guests are refused: their identity does not outlive
    /// the connection, so nobody could ever read the game again.
    pub fn import(&self, who: &Identity, bytes: &[u8]) -> Result<String, ImportError> {
        if !who.keyed {
            return Err(ImportError::Guest);
        }
        let now = self.inner.shared.clock.now_ms();
        let o = &self.inner.shared.options;
        let limits = (o.imports_per_player_hour, o.imports_per_hour);
        super::lock(&self.inner.imports).admit(&who.id, now, limits)?;
        let record = read_record(bytes)?;
        let (opening, game) = rebuild(&record)?;
        let kept = KeptGame {
            formats: every_export(&game, &record.names),
            private: true,
            players: vec![who.id.clone()],
            replay: Some(Replay::of(
                &opening,
                &import_rules().to_values(),
                record.moves.clone(),
            )),
            review: None,
        };
        let id = self.new_import_id()?;
        self.inner.put_kept(&id, &kept)?;
        tracing::info!(game = %id, player = %who.id, "imported a game record");
        Ok(id)
    }

    /// An import id no kept game has yet.
    fn new_import_id(&self) -> Result<String, HallError> {
        loop {
            let id = format!("{IMPORT_PREFIX}{}", random_code(12).to_lowercase());
            if self.inner.shared.store.game(&id)?.is_none() {
                return Ok(id);
            }
        }
    }
}

/// The imports of the last hour, oldest first: who and when. It holds at
/// most the hall's hourly limit, so counting one player's is cheap.
#[derive(Default)]
pub(crate) struct RecentImports {
    recent: VecDeque<(u64, String)>,
}

impl RecentImports {
    /// Counts an import by `who` at `now`, or refuses it when `who` or the
    /// hall made as many in the last hour as `(per_player, in_all)`.
    fn admit(
        &mut self,
        who: &str,
        now: u64,
        (per_player, in_all): (usize, usize),
    ) -> Result<(), ImportError> {
        const HOUR_MS: u64 = 3_600_000;
        if per_player == 0 || in_all == 0 {
            return Err(ImportError::Off);
        }
        while (self.recent.front()).is_some_and(|(at, _)| at + HOUR_MS <= now) {
            self.recent.pop_front();
        }
        if self.recent.len() >= in_all {
            return Err(ImportError::TooMany(in_all));
        }
        let mine = self.recent.iter().filter(|(_, id)| id == who).count();
        if mine >= per_player {
            return Err(ImportError::TooMany(per_player));
        }
        self.recent.push_back((now, who.to_string()));
        Ok(())
    }
}

/// The CSA record of a game kept only as KIF (games kept before banmen
/// wrote CSA): the KIF read back and the game rebuilt, with its players'
/// names and ending; `None` if it does not read.
pub(super) fn csa_of_kif(kif: &str) -> Option<String> {
    let record = read_record(kif.as_bytes()).ok()?;
    let (_, game) = rebuild(&record).ok()?;
    let names = [record.names[0].as_str(), record.names[1].as_str()];
    game.export("csa", &names)
}

/// The record's start and its finished game: the moves replayed, then the
/// ending the record gives applied where banmen's rules have it.
fn rebuild(record: &Record) -> Result<(AnyGame, AnyGame), HallError> {
    let rules = import_rules().to_values();
    let opening =
        AnyGame::new(GameKind::Shogi, &rules, Some(&record.start)).map_err(HallError::Rules)?;
    let mut game = opening.clone();
    for mv in &record.moves {
        game.play_text(mv).map_err(HallError::Rules)?;
    }
    apply_ending(&mut game, record.ending);
    Ok((opening, game))
}

/// Ends `game` as the record says: a resignation or a loss on time by the
/// side to move, or the side to move's claim. Endings banmen has no rule
/// for (abort, illegal moves) and claims its rules refuse leave the game
/// as the moves left it.
fn apply_ending(game: &mut AnyGame, ending: Option<Ending>) {
    let Some(mover) = game.to_move() else {
        return;
    };
    let _ = match ending {
        Some(Ending::Resignation) => game.resign(mover),
        Some(Ending::TimeUp) => game.lose_on_time(mover),
        Some(Ending::Declaration) => game.claim(Claim::EnteringKing),
        Some(Ending::Impasse) => game.claim(Claim::Impasse),
        _ => Ok(()),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_and_the_hall_each_have_an_hourly_limit() {
        let mut recent = RecentImports::default();
        let limits = (2, 3);
        assert!(recent.admit("a", 0, limits).is_ok());
        assert!(recent.admit("a", 10, limits).is_ok());
        let third = recent.admit("a", 20, limits);
        assert!(matches!(third, Err(ImportError::TooMany(2))), "{third:?}");
        assert!(recent.admit("b", 30, limits).is_ok());
        let hall = recent.admit("c", 40, limits);
        assert!(matches!(hall, Err(ImportError::TooMany(3))), "{hall:?}");
        // An hour after the first, it no longer counts.
        assert!(recent.admit("a", 3_600_000, limits).is_ok());
        let off = recent.admit("a", 0, (0, 3));
        assert!(matches!(off, Err(ImportError::Off)), "{off:?}");
    }
}
