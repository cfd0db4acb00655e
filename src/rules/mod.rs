//! The shared rules engine of the three games. Pure: no I/O, no async, UI,
//! network or storage crate.
//!
//! Each game implements [`Game`] with its own fast move type; the rest of
//! the program holds an [`AnyGame`] and speaks the shared [`vocab`] and the
//! games' text notations.
//!
//! ```
//! use banmen::rules::{AnyGame, GameKind, RuleValues};
//! use banmen::rules::vocab::Seat;
//!
//! let rules = RuleValues::parse(GameKind::Shogi.rule_specs(), &["move-limit=200"]).unwrap();
//! let mut game = AnyGame::new(GameKind::Shogi, &rules, None).unwrap();
//! assert_eq!(game.legal_move_texts().len(), 30);
//! assert_eq!(game.perft(2), 900);
//! game.play_text("7g7f").unwrap();
//! assert_eq!(game.to_move(), Some(Seat(1)));
//! assert!(game.play_text("7g7f").is_err());
//! ```

pub mod any;
pub mod chess4;
pub mod room_rules;
pub mod shogi;
pub mod shogi4;
pub mod vocab;

pub use any::{AnyGame, GameKind};
pub use room_rules::{RuleSpec, RuleValues};

use crate::i18n::Msg;
use crate::msg;
use std::fmt::Debug;
use std::hash::Hash;
use thiserror::Error;
use vocab::{Geometry, Hand, Outcome, Piece, Seat, SeatRing, Square};

impl RulesError {
    /// What to tell the player, in any language. Positions and records
    /// that do not read keep their details as written (they name fields
    /// and notation).
    pub fn msg(&self) -> Msg {
        use RulesError::*;
        match self {
            Usi(shogi::UsiError::Syntax(text)) => {
                msg!(
                    "rules-not-a-move",
                    text = text,
                    example = "7g7f, 8h2b+, P*5e"
                )
            }
            Sfen4(shogi4::Sfen4Error::MoveSyntax(text)) => {
                msg!(
                    "rules-not-a-move",
                    text = text,
                    example = "e3e4, e7e8+, P*e5"
                )
            }
            Usi(shogi::UsiError::Illegal(text))
            | Sfen4(shogi4::Sfen4Error::Illegal(text))
            | IllegalMove(text) => msg!("rules-illegal-move", text = text),
            Sfen(_) | Sfen4(_) | Fen4(_) => msg!("rules-bad-position", detail = self.to_string()),
            GameOver => msg!("phase-over"),
            NotAllowed(_) => msg!("error-not-your-turn"),
            ClaimRefused(why) => why.clone(),
            Unsupported => msg!("rules-no-such-claim"),
            UnknownGame(name) => msg!("rules-unknown-game", name = name, games = GameKind::names()),
            BadRule { name, value, .. } => {
                msg!(
                    "rules-bad-rule",
                    name = name,
                    value = value,
                    detail = self.to_string()
                )
            }
        }
    }
}

/// Why the engine refused something. Every variant is a user's or a file's
/// mistake to report, never a reason to panic.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// A shogi position (SFEN) could not be read.
    #[error("bad SFEN: {0}")]
    Sfen(#[from] shogi::SfenError),
    /// A shogi move (USI) could not be read or is illegal.
    #[error("{0}")]
    Usi(#[from] shogi::UsiError),
    /// A four-player shogi position (SFEN4) or move could not be read.
    #[error("{0}")]
    Sfen4(#[from] shogi4::Sfen4Error),
    /// A four-player chess position (FEN4) could not be read.
    #[error("{0}")]
    Fen4(#[from] chess4::Fen4Error),
    /// A move that is not legal in the position.
    #[error("illegal move: {0}")]
    IllegalMove(String),
    /// The game is over; nothing more can be played.
    #[error("the game is over")]
    GameOver,
    /// A seat acted that may not act now.
    #[error("seat {0} may not do that now")]
    NotAllowed(u8),
    /// A claim (declaration, impasse) does not meet its conditions: the
    /// message that says which (`claim-…`).
    #[error("claim refused: {}", crate::i18n::Lang::En.text(.0))]
    ClaimRefused(Msg),
    /// This game has no such claim.
    #[error("this game has no such claim")]
    Unsupported,
    /// No game has this name (the name given).
    #[error("unknown game {0:?}; expected one of {names}", names = GameKind::names())]
    UnknownGame(String),
    /// A room rule name or value is not known.
    #[error("room rule {name}={value}: {reason}")]
    BadRule {
        /// The rule's name.
        name: String,
        /// The value given.
        value: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// A game as one line, `position <keyword> <start> moves <m1> <m2> …` (USI's
/// form, which four-player shogi borrows with `sfen4`); no ` moves` part
/// when nothing was played.
pub fn position_command(keyword: &str, start: &str, moves: &[String]) -> String {
    let mut out = format!("position {keyword} {start}");
    if !moves.is_empty() {
        out.push_str(" moves ");
        out.push_str(&moves.join(" "));
    }
    out
}

/// Something a player may claim on their turn instead of moving.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// Shogi's entering-king declaration (`入玉宣言`), the 27-point rule.
    EnteringKing,
    /// Shogi's older 24-point impasse rule (`持将棋`).
    Impasse,
}

/// What every game offers the hall, the CPU and the CLI.
pub trait Game: Clone + Send + Sync + 'static {
    /// The game's own compact move.
    type Move: Copy + Eq + Hash + Debug + Send;

    /// Which game this is.
    fn kind(&self) -> GameKind;
    /// The board's shape.
    fn geometry(&self) -> Geometry;
    /// The table's seats, with eliminated ones marked.
    fn seats(&self) -> SeatRing;
    /// The seat to move, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// Every legal move of the seat to move (none once the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a move that [`legal_moves`](Self::legal_moves) lists.
    fn play(&mut self, mv: Self::Move) -> Result<(), RulesError>;
    /// `seat` resigns.
    fn resign(&mut self, seat: Seat) -> Result<(), RulesError>;
    /// The seat to move makes a claim.
    fn claim(&mut self, claim: Claim) -> Result<(), RulesError>;
    /// How the game ended, once it has.
    fn outcome(&self) -> Option<&Outcome>;
    /// The seats whose kings are in check now (none once the game is over).
    fn checked(&self) -> vocab::SeatSet;
    /// Reads a move in the game's notation and checks that it is legal.
    fn parse_move(&self, text: &str) -> Result<Self::Move, RulesError>;
    /// Writes a move in the game's notation.
    fn move_text(&self, mv: Self::Move) -> String;
    /// The current position in the game's notation (SFEN, SFEN4, FEN4).
    fn position_text(&self) -> String;
    /// The zobrist hash of the current position.
    fn hash(&self) -> u64;
    /// The piece on `sq`, if any.
    fn piece_at(&self, sq: Square) -> Option<Piece>;
    /// What `seat` holds in hand.
    fn hand(&self, seat: Seat) -> Hand;
    /// A move in the shared vocabulary (for the UI).
    fn to_vocab(&self, mv: Self::Move) -> vocab::Move;
    /// Counts legal move sequences `depth` plies deep from here.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                match next.play(mv) {
                    Ok(()) => next.perft(depth - 1),
                    Err(_) => 0,
                }
            })
            .sum()
    }
}
