//! Small `Copy` types of two-player shogi: colors, squares, piece kinds and
//! the packed move. Internal indices are chosen for speed; the shared
//! vocabulary in `rules::vocab` is what the rest of the program sees.

use std::fmt;

/// A side: sente (black, moves first) or gote (white).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Sente (`先手`), the first player, at the bottom of the board.
    Black = 0,
    /// Gote (`後手`), the second player.
    White = 1,
}

impl Color {
    /// Both colors, black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other side. Shogi has exactly two players, so this is safe here
    /// (the four-player games rotate seats instead).
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Index for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A square as an index `file * 9 + rank`, where file 0 is USI file 1 (the
/// right edge as sente sees it) and rank 0 is rank `a` (the top). Moving
/// toward gote's camp is `-1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq(pub u8);

impl Sq {
    /// Number of squares.
    pub const COUNT: usize = 81;

    /// The square at a 0-based file (0 = USI file 1) and rank (0 = rank a).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Sq {
        Sq(file * 9 + rank)
    }

    /// 0-based file; USI file number is this plus one.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / 9
    }

    /// 0-based rank; rank 0 is `a`, the top row.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9
    }

    /// Index for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The rank counted from `color`'s far side: 0 is the last rank ahead of
    /// that player, 8 their own back rank.
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => 8 - self.rank(),
        }
    }

    /// Parses the USI form, `7g`.
    pub fn from_usi(text: &[u8]) -> Option<Sq> {
        match text {
            [f @ b'1'..=b'9', r @ b'a'..=b'i'] => Some(Sq::new(f - b'1', r - b'a')),
            _ => None,
        }
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file() + 1, (b'a' + self.rank()) as char)
    }
}

/// The fourteen kinds of shogi piece. `kind + 8` promotes the six
/// promotable kinds; values are used as table indices.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Pawn (`歩`).
    Pawn = 1,
    /// Lance (`香`).
    Lance = 2,
    /// Knight (`桂`).
    Knight = 3,
    /// Silver general (`銀`).
    Silver = 4,
    /// Bishop (`角`).
    Bishop = 5,
    /// Rook (`飛`).
    Rook = 6,
    /// Gold general (`金`).
    Gold = 7,
    /// King (`玉`/`王`).
    King = 8,
    /// Promoted pawn (`と`, tokin).
    ProPawn = 9,
    /// Promoted lance (`成香`).
    ProLance = 10,
    /// Promoted knight (`成桂`).
    ProKnight = 11,
    /// Promoted silver (`成銀`).
    ProSilver = 12,
    /// Promoted bishop, the horse (`馬`).
    Horse = 13,
    /// Promoted rook, the dragon (`龍`).
    Dragon = 14,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 14] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Bishop,
        Kind::Rook,
        Kind::Gold,
        Kind::King,
        Kind::ProPawn,
        Kind::ProLance,
        Kind::ProKnight,
        Kind::ProSilver,
        Kind::Horse,
        Kind::Dragon,
    ];

    /// Kinds that can be held in hand, in index order.
    pub const HAND: [Kind; 7] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Bishop,
        Kind::Rook,
        Kind::Gold,
    ];

    /// Hand kinds in the order records write them: rook, bishop, gold,
    /// silver, knight, lance, pawn (SFEN's canonical order, and KIF's).
    pub const HAND_ORDER: [Kind; 7] = [
        Kind::Rook,
        Kind::Bishop,
        Kind::Gold,
        Kind::Silver,
        Kind::Knight,
        Kind::Lance,
        Kind::Pawn,
    ];

    /// The kind for a table index 1..=14.
    #[inline]
    pub fn from_index(i: u8) -> Option<Kind> {
        Kind::ALL.get(i.wrapping_sub(1) as usize).copied()
    }

    /// Index for tables (1..=14).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this kind has a promoted form.
    #[inline]
    pub const fn can_promote(self) -> bool {
        (self as u8) <= Kind::Rook as u8
    }

    /// Whether this kind is a promoted piece.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as u8) > Kind::King as u8
    }

    /// The promoted form (only for kinds that [`can_promote`](Self::can_promote)).
    #[inline]
    pub fn promoted(self) -> Kind {
        debug_assert!(self.can_promote());
        Kind::ALL[self as usize + 7]
    }

    /// The unpromoted form: what a captured piece becomes in hand.
    #[inline]
    pub fn unpromoted(self) -> Kind {
        if self.is_promoted() {
            Kind::ALL[self as usize - 9]
        } else {
            self
        }
    }

    /// The SFEN letter of the unpromoted kind, upper case.
    pub const fn letter(self) -> u8 {
        match self {
            Kind::Pawn | Kind::ProPawn => b'P',
            Kind::Lance | Kind::ProLance => b'L',
            Kind::Knight | Kind::ProKnight => b'N',
            Kind::Silver | Kind::ProSilver => b'S',
            Kind::Bishop | Kind::Horse => b'B',
            Kind::Rook | Kind::Dragon => b'R',
            Kind::Gold => b'G',
            Kind::King => b'K',
        }
    }

    /// The unpromoted kind for an SFEN letter (either case).
    pub fn from_letter(letter: u8) -> Option<Kind> {
        Some(match letter.to_ascii_uppercase() {
            b'P' => Kind::Pawn,
            b'L' => Kind::Lance,
            b'N' => Kind::Knight,
            b'S' => Kind::Silver,
            b'B' => Kind::Bishop,
            b'R' => Kind::Rook,
            b'G' => Kind::Gold,
            b'K' => Kind::King,
            _ => return None,
        })
    }

    /// The last relative rank count on which this kind, unpromoted, still has
    /// a move: pawns and lances need one rank ahead, knights two.
    #[inline]
    pub const fn min_relative_rank(self) -> u8 {
        match self {
            Kind::Pawn | Kind::Lance => 1,
            Kind::Knight => 2,
            _ => 0,
        }
    }
}

/// A piece on the board: a color and a kind packed as `color << 4 | kind`;
/// `Piece::EMPTY` (0) is an empty square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(pub u8);

impl Piece {
    /// No piece.
    pub const EMPTY: Piece = Piece(0);

    /// A piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece(((color as u8) << 4) | kind as u8)
    }

    /// Whether the square is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The piece's kind (must not be empty).
    #[inline]
    pub fn kind(self) -> Kind {
        Kind::ALL[(self.0 & 15) as usize - 1]
    }

    /// The piece's color (must not be empty).
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 >> 4 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Index for the zobrist table (0..32).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move packed in 16 bits: destination (bits 0–6), origin (bits 7–13;
/// 81 + hand index for a drop) and promotion (bit 14).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move(pub u16);

impl Move {
    const DROP_BASE: u16 = 81;
    const PROMOTE: u16 = 1 << 14;

    /// A board move, promoting or not.
    #[inline]
    pub const fn step(from: Sq, to: Sq, promote: bool) -> Move {
        let p = if promote { Move::PROMOTE } else { 0 };
        Move(to.0 as u16 | (from.0 as u16) << 7 | p)
    }

    /// A drop of `kind` (a hand kind) on `to`.
    #[inline]
    pub const fn drop(kind: Kind, to: Sq) -> Move {
        Move(to.0 as u16 | (Move::DROP_BASE + kind as u16) << 7)
    }

    /// The destination.
    #[inline]
    pub const fn to(self) -> Sq {
        Sq((self.0 & 127) as u8)
    }

    /// The origin of a board move (meaningless for drops).
    #[inline]
    pub const fn from(self) -> Sq {
        Sq(((self.0 >> 7) & 127) as u8)
    }

    /// Whether this is a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        (self.0 >> 7) & 127 > Move::DROP_BASE
    }

    /// The dropped kind, if this is a drop.
    #[inline]
    pub fn dropped(self) -> Option<Kind> {
        if self.is_drop() {
            Kind::from_index((((self.0 >> 7) & 127) - Move::DROP_BASE) as u8)
        } else {
            None
        }
    }

    /// Whether the moving piece promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & Move::PROMOTE != 0
    }

    /// The USI text: `7g7f`, `8h2b+`, `P*5e`.
    pub fn to_usi(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.dropped() {
            Some(kind) => write!(f, "{}*{}", kind.letter() as char, self.to()),
            None => {
                let plus = if self.is_promotion() { "+" } else { "" };
                write!(f, "{}{}{}", self.from(), self.to(), plus)
            }
        }
    }
}
