//! The small types of four-player chess: squares of the 14×14 cross board,
//! seats and their forward directions, pieces and moves.

use std::fmt;

/// Seats clockwise from the bottom: Red, Blue, Yellow, Green.
pub const SEATS: usize = 4;

/// The board's side in squares.
pub const SIDE: u8 = 14;

/// Squares on the 14×14 grid, walls included.
pub const GRID: usize = 196;

/// The seat letters of FEN4 and PGN4.
pub const SEAT_LETTERS: [char; SEATS] = ['r', 'b', 'y', 'g'];

/// A square `y * 14 + x`: file `a`–`n` is x 0–13 from the left, rank
/// `1`–`14` is y 0–13 from the bottom, as Red sees the board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq(pub u8);

impl Sq {
    /// The square at file `x`, rank `y` (both from 0).
    pub const fn new(x: u8, y: u8) -> Sq {
        Sq(y * SIDE + x)
    }
    /// File from the left, 0–13.
    pub const fn x(self) -> u8 {
        self.0 % SIDE
    }
    /// Rank from the bottom, 0–13.
    pub const fn y(self) -> u8 {
        self.0 / SIDE
    }
    /// Whether the square is one of the 36 corner squares off the board.
    pub const fn is_wall(self) -> bool {
        let (x, y) = (self.x(), self.y());
        (x < 3 || x > 10) && (y < 3 || y > 10)
    }
    /// Reads `e2`, `k14`.
    pub fn parse(text: &str) -> Option<Sq> {
        let mut chars = text.chars();
        let file = chars.next().filter(|c| ('a'..='n').contains(c))?;
        let digits = chars.as_str();
        if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = digits.parse().ok().filter(|r| (1..=14).contains(r))?;
        let sq = Sq::new(file as u8 - b'a', rank - 1);
        (!sq.is_wall()).then_some(sq)
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x()) as char, self.y() + 1)
    }
}

/// The six kinds, in the order of their FEN4 letters' use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Kind {
    /// The letter of PGN4 and FEN4.
    pub fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::King => 'K',
        }
    }

    /// The kind of a letter (upper case).
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c {
            'P' => Kind::Pawn,
            'N' => Kind::Knight,
            'B' => Kind::Bishop,
            'R' => Kind::Rook,
            'Q' => Kind::Queen,
            'K' => Kind::King,
            _ => return None,
        })
    }

    /// Whether it slides along ranks and files.
    pub fn slides_straight(self) -> bool {
        matches!(self, Kind::Rook | Kind::Queen)
    }

    /// Whether it slides along diagonals.
    pub fn slides_diagonally(self) -> bool {
        matches!(self, Kind::Bishop | Kind::Queen)
    }

    /// Whether it slides along direction `d` of the board's tables
    /// (0-3 straight, 4-7 diagonal).
    pub fn slides_along(self, d: usize) -> bool {
        if d < 4 {
            self.slides_straight()
        } else {
            self.slides_diagonally()
        }
    }
}

/// A piece: kind, owner, and two marks: `dead` (grey: the owner is out of a
/// free-for-all game; it never moves or checks and is worth nothing) and
/// `promoted` (a queen made from a pawn, worth 1 point in free-for-all).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What kind of piece.
    pub kind: Kind,
    /// The seat it belongs (or belonged) to.
    pub owner: u8,
    /// Grey: its owner is out.
    pub dead: bool,
    /// Promoted from a pawn.
    pub promoted: bool,
}

impl Piece {
    /// A live, unpromoted piece of `owner`.
    pub const fn new(kind: Kind, owner: u8) -> Piece {
        Piece {
            kind,
            owner,
            dead: false,
            promoted: false,
        }
    }
}

/// What else a move does besides moving a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Special {
    /// Nothing more (a capture is seen on the board).
    None,
    /// A pawn's two-square advance: it leaves an en passant right.
    DoubleStep,
    /// An en passant capture: the pawn on the landing square goes too.
    EnPassant {
        /// Where the captured pawn stands.
        pawn: Sq,
    },
    /// Castling: the king moves two squares and the rook jumps over it.
    Castle {
        /// The rook's square.
        rook_from: Sq,
        /// Where the rook lands.
        rook_to: Sq,
    },
}

/// A move of the seat to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Origin.
    pub from: Sq,
    /// Destination.
    pub to: Sq,
    /// The kind a pawn promotes to.
    pub promotion: Option<Kind>,
    /// Castling, a double step or en passant.
    pub special: Special,
}

impl fmt::Display for Move {
    /// The plain form scripts compare: `e2-e4`, `d11-d12=Q`; castling is
    /// the king's two-square move (`h1-j1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)?;
        if let Some(kind) = self.promotion {
            write!(f, "={}", kind.letter())?;
        }
        Ok(())
    }
}

/// One step forward for `seat`'s pawns: Red up, Blue right, Yellow down,
/// Green left.
pub const FORWARD: [(i8, i8); SEATS] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// How far forward `sq` is for `seat` (0 = the seat's own back rank).
pub fn rank_of(seat: u8, sq: Sq) -> u8 {
    match seat % 4 {
        0 => sq.y(),
        1 => sq.x(),
        2 => SIDE - 1 - sq.y(),
        _ => SIDE - 1 - sq.x(),
    }
}

/// Partners in teams: Red with Yellow, Blue with Green.
pub fn partner(seat: u8) -> u8 {
    (seat + 2) % 4
}

#[cfg(test)]
mod tests {
    use super::Sq;

    #[test]
    fn squares_read_only_as_written() {
        assert_eq!(Sq::parse("k14"), Some(Sq::new(10, 13)));
        assert_eq!(Sq::parse("d1"), Some(Sq::new(3, 0)));
        for bad in ["e+4", "e04", "a1", "o5", "e15", "e", "", "e4 "] {
            assert_eq!(Sq::parse(bad), None, "{bad}");
        }
    }
}
