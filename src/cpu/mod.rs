//! The CPU player: picks a move for the seat to move at a level, within a
//! time budget, and stops early when told to.
//!
//! Levels run from 1 (beginner) to [`MAX_LEVEL`] (strongest). Search runs
//! on the caller's thread: the hall runs it off the async runtime.

pub mod engine;
pub mod four;
pub mod pool;
pub mod review;
pub mod shelf;
pub mod shogi;
pub mod tune;
pub mod usi;

use crate::rules::vocab;
use crate::rules::{AnyGame, Game};
use four::{chess4, greedy_chess4, greedy_shogi4, shogi4};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The strongest level.
pub const MAX_LEVEL: u8 = 5;

/// A four-player search's node count and clock: it runs out at the
/// budget's deadline or when the budget's stop flag is set.
pub(crate) struct Watch<'a> {
    budget: &'a Budget,
    deadline: Instant,
    /// Positions visited.
    pub(crate) nodes: u64,
    /// Set once the time is up or the search was told to stop.
    pub(crate) out_of_time: bool,
}

impl<'a> Watch<'a> {
    /// A clock started now.
    pub(crate) fn new(budget: &'a Budget) -> Watch<'a> {
        Watch {
            budget,
            deadline: Instant::now() + budget.time,
            nodes: 0,
            out_of_time: false,
        }
    }

    /// Counts a node; whether the search must stop (checked every 256
    /// nodes: reading the clock costs more than a node of bookkeeping).
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % 256 == 0 && (self.budget.stopped() || Instant::now() >= self.deadline) {
            self.out_of_time = true;
        }
        self.out_of_time
    }
}

/// How far a four-player search looks and how loosely it picks: what
/// sets the levels apart, with the time it is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Plies at most (iterative deepening stops there).
    pub depth: u32,
    /// Root noise in centipawns: 0 plays the best move; otherwise each
    /// root move scored within `2 * noise` of the best is scored exactly,
    /// gets a random `-noise..=noise` on top, and the highest is played.
    pub noise: i32,
    /// Whether the search leaves part of its time to foresight
    /// (`four/foresight.rs`): the moves scored near the best played out one
    /// round as each other seat's own search would play it (level 5).
    pub foresight: bool,
}

impl Reach {
    /// At most `depth` plies, the best move always.
    pub fn depth(depth: u32) -> Reach {
        Reach {
            depth,
            noise: 0,
            foresight: false,
        }
    }

    /// The same reach with foresight, as level 5 plays.
    pub fn with_foresight(self) -> Reach {
        Reach {
            foresight: true,
            ..self
        }
    }
}

/// What a four-player search found (for benchmarks and tests).
#[derive(Clone, Debug)]
pub struct Searched<M> {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<M>,
    /// The deepest iteration completed (0: none).
    pub depth: u32,
    /// The best move's score in that iteration, for the side to move:
    /// material in centipawns, or from ±500,000 on a game it sees decided.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
}

/// How long the CPU may think, and a flag that stops it early (the game
/// moved on, the room closed, the server is stopping).
#[derive(Clone, Debug)]
pub struct Budget {
    /// Time for this move.
    pub time: Duration,
    /// Whether time not used now is lost (a fixed time per move): the
    /// search then goes on until the time is up, where it would otherwise
    /// stop early rather than start an iteration it will probably not
    /// finish, saving time for later moves (and a busy hall's cores).
    pub spend_all: bool,
    /// Set to stop: the search returns its best move so far.
    pub stop: Arc<AtomicBool>,
}

impl Budget {
    /// `time` to think, not stopped.
    pub fn new(time: Duration) -> Budget {
        Budget {
            time,
            spend_all: false,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// This budget with `time` instead (the same stop flag and rule).
    pub fn with_time(&self, time: Duration) -> Budget {
        Budget {
            time,
            ..self.clone()
        }
    }

    /// Whether the search was told to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Picks a move for the seat to move at `level` (1 = weakest), or `None`
/// when the game is over, with a one-second budget. Runs on the caller's
/// thread (the hall runs searches on its pool, see `pool.rs`).
pub fn choose_move(game: &AnyGame, level: u8) -> Option<vocab::Move> {
    think(game, level, &Budget::new(Duration::from_secs(1)))
}

/// Picks a move for the seat to move at `level` within `budget`.
pub fn think(game: &AnyGame, level: u8, budget: &Budget) -> Option<vocab::Move> {
    match game {
        AnyGame::Shogi(g) => shogi::think(g, level, budget),
        AnyGame::Shogi4(g) if level <= 2 => greedy_shogi4::shogi4(g, level),
        // Best-reply search in both four-player games: it placed first
        // more often than the paranoid search (docs/cpu.md).
        AnyGame::Shogi4(g) => {
            let (reach, budget) = multi_level(level, budget);
            shogi4::best_move(g, reach, &budget).map(|mv| g.to_vocab(mv))
        }
        AnyGame::Chess4(g) if level <= 2 => greedy_chess4::chess4(g, level),
        AnyGame::Chess4(g) => {
            let (reach, budget) = multi_level(level, budget);
            chess4::best_move(g, reach, &budget).map(|mv| g.to_vocab(mv))
        }
    }
}

/// The four-player levels above the greedy ones, a step of depth apart
/// (docs/cpu.md's strength tables measure each step).
///
/// | level | depth      | time    | noise | plays like                                 |
/// |-------|------------|---------|-------|--------------------------------------------|
/// | 3     | 1          | quarter | ±100  | sees what its move wins and leaves hanging |
/// | 4     | 2          | half    | ±40   | sees every opponent's best reply           |
/// | 5     | deepening  | all     | 0     | the strongest; its best moves are played out one round as each other seat would play it (`four/foresight.rs`) |
///
/// In teams chess level 5 runs a two-sided alpha-beta search instead
/// (`four/teams/`): the sides alternate there, so it is exact and looks
/// far deeper.
///
/// At every depth a check the rules make its seat answer at once costs no
/// depth (`four/search.rs`), so all three see a mate by a chain of checks.
pub(crate) fn multi_level(level: u8, budget: &Budget) -> (Reach, Budget) {
    let (depth, share, noise) = match level {
        0..=3 => (1, 4, 100),
        4 => (2, 2, 40),
        _ => (64, 1, 0),
    };
    let budget = budget.with_time(budget.time / share);
    let reach = Reach {
        depth,
        noise,
        foresight: level >= MAX_LEVEL,
    };
    (reach, budget)
}
