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
