//! [`AnyGame`], the one type over the three games that rooms, storage and the
//! UI hold, and [`GameKind`], its tag.

use super::chess4::{self, Chess4Rules, ChessGame4};
use super::room_rules::{RuleSpec, RuleValues};
use super::shogi::notation::{self, Notation};
use super::shogi::{Position, ShogiGame, ShogiRules};
use super::shogi4::{Position4, Shogi4Rules, ShogiGame4};
use super::vocab::{self, Geometry, Hand, Outcome, Piece, Seat, SeatRing, Square};
use super::{Claim, Game, RulesError};
use crate::i18n::Msg;
use std::fmt;
use std::str::FromStr;

/// Which game a room plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Two-player shogi (`shogi`).
    Shogi,
    /// Four-player shogi (`shogi4`).
    Shogi4,
    /// Four-player chess (`chess4`).
    Chess4,
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: [GameKind; 3] = [GameKind::Shogi, GameKind::Shogi4, GameKind::Chess4];

    /// The games the hall offers: those with a board widget in the UI.
    pub const HALL: [GameKind; 3] = [GameKind::Shogi, GameKind::Shogi4, GameKind::Chess4];

    /// Every game's [`GameKind::name`], comma-separated (for errors).
    pub(crate) fn names() -> String {
        let names: Vec<_> = GameKind::ALL.iter().map(|k| k.name()).collect();
        names.join(", ")
    }

    /// The short name used on the command line and in storage.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Shogi => "shogi",
            GameKind::Shogi4 => "shogi4",
            GameKind::Chess4 => "chess4",
        }
    }

    /// The game's name for people, as the reader's language says it
    /// (`game-shogi`, `game-shogi4`, `game-chess4`): what menus and titles
    /// show.
    pub fn title_msg(self) -> Msg {
        Msg::new(match self {
            GameKind::Shogi => "game-shogi",
            GameKind::Shogi4 => "game-shogi4",
            GameKind::Chess4 => "game-chess4",
        })
    }

    /// The game's short name for narrow columns (the lobby's list: seven
    /// cells at most), as the reader's language says it.
    pub fn name_msg(self) -> Msg {
        Msg::new(match self {
            GameKind::Shogi => "game-short-shogi",
            GameKind::Shogi4 => "game-short-shogi4",
            GameKind::Chess4 => "game-short-chess4",
        })
    }

    /// The game's name for people in English (logs, the journal, tests);
    /// screens show [`GameKind::title_msg`].
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Shogi => "shogi",
            GameKind::Shogi4 => "four-player shogi",
            GameKind::Chess4 => "four-player chess",
        }
    }

    /// The name of a seat at this game's table: sente and gote, or South,
    /// West, North and East.
    pub fn seat_name(self, seat: Seat) -> &'static str {
        const TWO: [&str; 2] = ["sente", "gote"];
        const FOUR: [&str; 4] = ["South", "West", "North", "East"];
        const COLORS: [&str; 4] = ["Red", "Blue", "Yellow", "Green"];
        match self {
            GameKind::Shogi => TWO[seat.index() % 2],
            GameKind::Shogi4 => FOUR[seat.index() % 4],
            GameKind::Chess4 => COLORS[seat.index() % 4],
        }
    }

    /// The seat's name as a message (`seat-sente`, `seat-south`, `seat-red`).
    pub fn seat_msg(self, seat: Seat) -> Msg {
        const TWO: [&str; 2] = ["seat-sente", "seat-gote"];
        const FOUR: [&str; 4] = ["seat-south", "seat-west", "seat-north", "seat-east"];
        const COLORS: [&str; 4] = ["seat-red", "seat-blue", "seat-yellow", "seat-green"];
        Msg::new(match self {
            GameKind::Shogi => TWO[seat.index() % 2],
            GameKind::Shogi4 => FOUR[seat.index() % 4],
            GameKind::Chess4 => COLORS[seat.index() % 4],
        })
    }

    /// Whether a player may resign (four-player shogi has no resignation:
    /// a player who leaves is replaced by the CPU, docs/rules.md §2).
    pub fn has_resignation(self) -> bool {
        self != GameKind::Shogi4
    }

    /// The room rules a host may set for this game.
    pub fn rule_specs(self) -> &'static [RuleSpec] {
        match self {
            GameKind::Shogi => &super::shogi::rules::SPECS,
            GameKind::Shogi4 => &super::shogi4::rules::SPECS,
            GameKind::Chess4 => &super::chess4::rules::SPECS,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| RulesError::UnknownGame(s.to_string()))
    }
}

/// A game of any kind.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Two-player shogi (boxed like every variant: games carry their history).
    Shogi(Box<ShogiGame>),
    /// Four-player shogi.
    Shogi4(Box<ShogiGame4>),
    /// Four-player chess.
    Chess4(Box<ChessGame4>),
}

/// Calls the same method on whichever game is inside.
macro_rules! each {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Shogi($g) => $body,
            AnyGame::Shogi4($g) => $body,
            AnyGame::Chess4($g) => $body,
        }
    };
}

impl AnyGame {
    /// A new game of `kind` from the standard start with `first` to move
    /// (four-player games rotate the first seat from game to game; two-player
    /// shogi swaps the players' seats instead, so sente always starts).
    pub fn starting(kind: GameKind, rules: &RuleValues, first: u8) -> Result<AnyGame, RulesError> {
        Ok(match kind {
            GameKind::Shogi => AnyGame::new(kind, rules, None)?,
            GameKind::Shogi4 => AnyGame::Shogi4(Box::new(ShogiGame4::new(
                Shogi4Rules::from_values(rules),
                first,
            ))),
            GameKind::Chess4 => AnyGame::Chess4(Box::new(ChessGame4::new(
                Chess4Rules::from_values(rules),
                first,
            ))),
        })
    }

    /// A new game of `kind` under `rules`, from `position` (in the game's
    /// notation) or the standard start.
    pub fn new(
        kind: GameKind,
        rules: &RuleValues,
        position: Option<&str>,
    ) -> Result<AnyGame, RulesError> {
        match kind {
            GameKind::Shogi => {
                let rules = ShogiRules::from_values(rules)?;
                Ok(AnyGame::Shogi(Box::new(match position {
                    Some(text) => ShogiGame::from_position(rules, Position::from_sfen(text)?),
                    None => ShogiGame::new(rules),
                })))
            }
            GameKind::Shogi4 => {
                let rules = Shogi4Rules::from_values(rules);
                Ok(AnyGame::Shogi4(Box::new(match position {
                    Some(text) => {
                        ShogiGame4::from_position(rules, Position4::from_sfen4(text, rules.play)?)
                    }
                    None => ShogiGame4::new(rules, 0),
                })))
            }
            GameKind::Chess4 => {
                let rules = Chess4Rules::from_values(rules);
                Ok(AnyGame::Chess4(Box::new(match position {
                    Some(text) => ChessGame4::from_position(
                        rules,
                        chess4::Position::from_fen4(text, rules.variant)?,
                    ),
                    None => ChessGame4::new(rules, 0),
                })))
            }
        }
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        each!(self, g => g.kind())
    }

    /// The board's shape.
    pub fn geometry(&self) -> Geometry {
        each!(self, g => g.geometry())
    }

    /// The table's seats.
    pub fn seats(&self) -> SeatRing {
        each!(self, g => g.seats())
    }

    /// The seat to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        each!(self, g => g.to_move())
    }

    /// The legal moves in the shared vocabulary.
    pub fn legal_moves(&self) -> Vec<vocab::Move> {
        each!(self, g => g.legal_moves().into_iter().map(|m| g.to_vocab(m)).collect())
    }

    /// The legal moves in the game's notation, sorted (as `banmen moves` prints them).
    pub fn legal_move_texts(&self) -> Vec<String> {
        let mut moves: Vec<String> =
            each!(self, g => g.legal_moves().into_iter().map(|m| g.move_text(m)).collect());
        moves.sort();
        moves
    }

    /// Plays a move given in the shared vocabulary (as the UI picks it) and
    /// returns it in the game's notation; refused unless it is legal.
    pub fn play(&mut self, mv: &vocab::Move) -> Result<String, RulesError> {
        each!(self, g => {
            let found = g.legal_moves().into_iter().find(|m| g.to_vocab(*m) == *mv);
            match found {
                Some(m) => {
                    let text = g.move_text(m);
                    g.play(m)?;
                    Ok(text)
                }
                None => Err(RulesError::IllegalMove(format!("{mv:?}"))),
            }
        })
    }

    /// The game's record in `format`: for shogi `usi` (`position sfen …
    /// moves …`), `kifu` (KIF in UTF-8), `kif` (the same KIF headed for
    /// CP932: the bytes are [`super::shogi::kif::to_cp932`]'s, made where the
    /// record is written) or `csa` (CSA V2.2); `None` for a format this
    /// game does not have. `names` are the players' names in seat order.
    pub fn export(&self, format: &str, names: &[&str]) -> Option<String> {
        let name = |i: usize| names.get(i).copied().unwrap_or("");
        match (self, format) {
            (AnyGame::Shogi(g), "usi") => Some(g.usi_position()),
            (AnyGame::Shogi(g), "kif") => Some(g.to_kif([name(0), name(1)])),
            (AnyGame::Shogi(g), "kifu") => {
                Some(super::shogi::kif::to_kifu(&g.to_kif([name(0), name(1)])))
            }
            (AnyGame::Shogi(g), "csa") => Some(g.to_csa([name(0), name(1)])),
            (AnyGame::Shogi4(g), "sfen4") => Some(g.record()),
            (AnyGame::Chess4(g), "pgn4") => {
                let tags = [
                    ("Red", name(0)),
                    ("Blue", name(1)),
                    ("Yellow", name(2)),
                    ("Green", name(3)),
                ];
                Some(chess4::pgn4::write_game(g.start(), g.moves(), &tags))
            }
            (AnyGame::Chess4(g), "fen4") => Some(g.position().to_fen4()),
            _ => None,
        }
    }

    /// The export formats this game offers, the first being the default.
    pub fn export_formats(&self) -> &'static [&'static str] {
        match self {
            AnyGame::Shogi(_) => &["usi", "kifu", "kif", "csa"],
            AnyGame::Shogi4(_) => &["sfen4"],
            AnyGame::Chess4(_) => &["pgn4", "fen4"],
        }
    }

    /// Reads a move of the seat to move written in the game's notation
    /// (USI for shogi, `e3e4` / `P*e5` for four-player shogi); only a legal
    /// move is returned.
    pub fn parse_text(&self, text: &str) -> Result<vocab::Move, RulesError> {
        let mv = each!(self, g => g.parse_move(text).map(|m| g.to_vocab(m)))?;
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(RulesError::IllegalMove(text.to_string()))
        }
    }

    /// Plays a move written in the game's notation.
    pub fn play_text(&mut self, text: &str) -> Result<(), RulesError> {
        self.play_written(text).map(|_| ())
    }

    /// Plays a move written in the game's notation (as logs store it) and
    /// returns it as the board marks it and as the move list writes it;
    /// refused unless it is legal. Cheaper than `parse_text` then `play`:
    /// the legal moves are generated once.
    pub fn play_written(&mut self, text: &str) -> Result<(vocab::Move, String), RulesError> {
        each!(self, g => {
            let mv = g.parse_move(text)?;
            let (shown, written) = (g.to_vocab(mv), g.move_text(mv));
            g.play(mv)?;
            Ok((shown, written))
        })
    }

    /// Reads a move a player typed: in the game's notation, and for
    /// two-player shogi also in Japanese (`７六歩`) or Western (`P-7f`)
    /// notation (see [`notation::parse`]); only a legal move is returned,
    /// else what to tell the player.
    pub fn parse_typed(&self, text: &str) -> Result<vocab::Move, Msg> {
        match self {
            AnyGame::Shogi(g) => {
                let last_to = g.moves().last().map(|m| m.to());
                let mv = notation::parse(g.position(), text, last_to).map_err(|e| e.msg())?;
                Ok(g.to_vocab(mv))
            }
            _ => self.parse_text(text).map_err(|e| e.msg()),
        }
    }

    /// `moves`, in the game's notation as rooms keep them, played from
    /// this game's position and written in `notation`: only two-player
    /// shogi has other notations; the other games' moves are kept as given.
    pub fn write_moves(&self, moves: &[&str], notation: Notation) -> Vec<String> {
        match self {
            AnyGame::Shogi(g) => notation::record(g.position(), moves, notation),
            _ => moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    /// `seat` resigns.
    pub fn resign(&mut self, seat: Seat) -> Result<(), RulesError> {
        each!(self, g => g.resign(seat))
    }

    /// `seat`'s game clock ran out: two-player shogi records a loss on
    /// time; the four-player games have no such ending and take it as a
    /// resignation (four-player shogi has none: refused).
    pub fn lose_on_time(&mut self, seat: Seat) -> Result<(), RulesError> {
        match self {
            AnyGame::Shogi(g) => g.lose_on_time(seat),
            _ => self.resign(seat),
        }
    }

    /// The seat to move makes a claim.
    pub fn claim(&mut self, claim: Claim) -> Result<(), RulesError> {
        each!(self, g => g.claim(claim))
    }

    /// The seats whose kings are in check now.
    pub fn checked(&self) -> vocab::SeatSet {
        each!(self, g => g.checked())
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        each!(self, g => g.outcome())
    }

    /// The current position in the game's notation.
    pub fn position_text(&self) -> String {
        each!(self, g => g.position_text())
    }

    /// The position's zobrist hash.
    pub fn hash(&self) -> u64 {
        each!(self, g => g.hash())
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        each!(self, g => g.piece_at(sq))
    }

    /// What `seat` holds in hand.
    pub fn hand(&self, seat: Seat) -> Hand {
        each!(self, g => g.hand(seat))
    }

    /// Counts legal move sequences `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        each!(self, g => g.perft(depth))
    }

    /// Perft split by first move: each legal move (in notation, sorted) and
    /// the count below it.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut rows: Vec<(String, u64)> = each!(self, g => g
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next: Box<_> = g.clone();
                let count = match Game::play(&mut *next, mv) {
                    Ok(()) => next.perft(depth.saturating_sub(1)),
                    Err(_) => 0,
                };
                (g.move_text(mv), count)
            })
            .collect());
        rows.sort();
        rows
    }
}
