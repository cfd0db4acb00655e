//! Reviews of finished games ([`crate::cpu::review`]): run once per game
//! on the hall's CPU pool, cached in the store inside the game's
//! [`KeptGame`] record (its `review` field), and shared while they run.
//!
//! A review in progress is an `Arc<Mutex<Review>>` its readers poll: the
//! moves reviewed so far and the total (the progress bar). Once complete
//! it is written into the kept game, so it never runs twice for a game
//! while the store keeps it. A game kept before reviews were kept has no
//! replay (`KeptGame::replay`) and reads as no game to review.

use super::{Hall, HallError, KeptGame, Reader, lock, may_read};
use crate::cpu::Budget;
use crate::cpu::review::{self, Depth, Review};
use crate::rules::{AnyGame, GameKind, RuleValues};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The CPU level reviews search at.
const REVIEW_LEVEL: u8 = 4;

/// What a finished game is replayed from: its kind, room rules
/// (`NAME=VALUE`), start position in the game's notation and moves.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Replay {
    pub(crate) kind: String,
    pub(crate) rules: Vec<String>,
    pub(crate) start: String,
    pub(crate) moves: Vec<String>,
}

impl Replay {
    /// The replay of `game` played from `opening` under `rules`.
    pub(crate) fn of(opening: &AnyGame, rules: &RuleValues, moves: Vec<String>) -> Replay {
        Replay {
            kind: opening.kind().name().to_string(),
            rules: rules.iter().map(|(n, v)| format!("{n}={v}")).collect(),
            start: opening.position_text(),
            moves,
        }
    }

    /// The game replayed, or `None` when the record does not read.
    pub(crate) fn game(&self) -> Option<AnyGame> {
        let kind: GameKind = self.kind.parse().ok()?;
        let rules = RuleValues::parse(kind.rule_specs(), &self.rules).ok()?;
        let mut game = AnyGame::new(kind, &rules, Some(&self.start)).ok()?;
        for mv in &self.moves {
            game.play_text(mv).ok()?;
        }
        Some(game)
    }
}

/// A review as its readers see it: the moves reviewed so far.
pub type SharedReview = Arc<Mutex<Review>>;

/// A finished game and its review (complete or running).
#[derive(Clone, Debug)]
pub struct Reviewing {
    /// The review, filling up while it runs.
    pub review: SharedReview,
    /// The game reviewed, its whole record.
    pub game: AnyGame,
}

impl Hall {
    /// The review of the finished game `game_id`, started on the CPU pool
    /// when it has none yet (readers poll it: `plies` fills up to `total`).
    /// Who may read it is who may export the game ([`Hall::export`]); a
    /// game not finished, or kept without its moves, reads as no game.
    pub fn review(&self, game_id: &str, reader: Reader) -> Result<Reviewing, HallError> {
        let id = game_id.trim().to_string();
        let missing = || HallError::NoSuchGame(game_id.to_string());
        let kept = self.kept(&id, reader)?;
        let game = match lock(&self.inner.games).get(&id) {
            Some(record) if record.game.outcome().is_some() => Some(record.game.clone()),
            Some(_) => return Err(missing()),
            None => None,
        };
        let game = game
            .or_else(|| kept.as_ref()?.replay.as_ref()?.game())
            .ok_or_else(missing)?;
        let found = |review| {
            Ok(Reviewing {
                review,
                game: game.clone(),
            })
        };
        if let Some(running) = lock(&self.inner.reviews).get(&id).cloned() {
            return found(running);
        }
        if let Some(done) = kept.as_ref().and_then(|k| k.review.clone()) {
            return found(Arc::new(Mutex::new(done)));
        }
        let shared: SharedReview = Arc::new(Mutex::new(Review {
            kind: game.kind().name().to_string(),
            lines: if game.kind() == GameKind::Shogi { 1 } else { 4 },
            seats: game.seats().count() as usize,
            total: 0,
            plies: Vec::new(),
        }));
        let mut reviews = lock(&self.inner.reviews);
        if let Some(running) = reviews.get(&id) {
            return found(running.clone());
        }
        reviews.insert(id.clone(), shared.clone());
        drop(reviews);
        let (hall, out, replayed) = (self.clone(), shared.clone(), game.clone());
        let time = self
            .inner
            .shared
            .think_time
            .clamp(Duration::from_millis(50), Duration::from_millis(200));
        self.inner.shared.pool.submit(move || {
            let depth = Depth {
                level: REVIEW_LEVEL,
                time,
            };
            let done = review::review(&replayed, depth, &Budget::new(time), &mut |so_far| {
                *lock(&out) = so_far.clone();
            });
            *lock(&out) = done.clone();
            hall.keep_review(&id, done);
        });
        found(shared)
    }

    /// The kept record of `id` when the store has one, checking `reader`
    /// may read the game (the live record's privacy first).
    fn kept(&self, id: &str, reader: Reader) -> Result<Option<KeptGame>, HallError> {
        let missing = || HallError::NoSuchGame(id.to_string());
        if let Some(record) = lock(&self.inner.games).get(id) {
            if !may_read(reader, record.private, &record.players, |_| false) {
                return Err(missing());
            }
        }
        let kept = self.inner.kept_game(id)?;
        if let Some(k) = &kept {
            if !may_read(reader, k.private, &k.players, |_| false) {
                return Err(missing());
            }
        } else if !lock(&self.inner.games).contains_key(id) {
            return Err(missing());
        }
        Ok(kept)
    }

    /// Writes a complete review into the game's kept record.
    fn keep_review(&self, id: &str, done: Review) {
        if done.is_complete() {
            if let Ok(Some(mut kept)) = self.inner.kept_game(id) {
                kept.review = Some(done);
                if let Err(e) = self.inner.put_kept(id, &kept) {
                    tracing::warn!(game = %id, "could not keep the review: {e}");
                }
            }
        }
        lock(&self.inner.reviews).remove(id);
    }
}
