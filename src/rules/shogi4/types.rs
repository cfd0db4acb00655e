//! The small types of four-player shogi: squares in banmen's neutral
//! coordinates, seats and their facings, pieces with an owner and a facing,
//! and moves.

use std::fmt;

/// Seats clockwise from the bottom: South, West, North, East.
pub const SEATS: usize = 4;

/// The seat letters of SFEN4.
pub const SEAT_LETTERS: [char; SEATS] = ['s', 'w', 'n', 'e'];

/// A square `y * 9 + x`: column `a`–`i` is x 0–8 from the left, row `1`–`9`
/// is y 0–8 from the bottom, as South sees the board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq4(pub u8);

impl Sq4 {
    /// The square at column `x`, row `y` (both from 0).
    pub const fn new(x: u8, y: u8) -> Sq4 {
        Sq4(y * 9 + x)
    }
    /// Column from the left, 0–8.
    pub const fn x(self) -> u8 {
        self.0 % 9
    }
    /// Row from the bottom, 0–8.
    pub const fn y(self) -> u8 {
        self.0 / 9
    }
    /// The square `(dx, dy)` away, if on the board.
    pub fn offset(self, dx: i8, dy: i8) -> Option<Sq4> {
        let x = self.x() as i8 + dx;
        let y = self.y() as i8 + dy;
        ((0..9).contains(&x) && (0..9).contains(&y)).then(|| Sq4::new(x as u8, y as u8))
    }
    /// Reads `e5`.
    pub fn parse(text: &[u8]) -> Option<Sq4> {
        match text {
            [c @ b'a'..=b'i', r @ b'1'..=b'9'] => Some(Sq4::new(c - b'a', r - b'1')),
            _ => None,
        }
    }
}

impl fmt::Display for Sq4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x()) as char, self.y() + 1)
    }
}

/// The five kinds (no bishop, knight or lance in this game).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind4 {
    /// King; never captured, turned over when mated.
    King,
    /// Rook; promotes to the dragon.
    Rook,
    /// Gold general.
    Gold,
    /// Silver general; promotes to move as gold.
    Silver,
    /// Pawn; promotes to move as gold.
    Pawn,
}

impl Kind4 {
    /// The kinds a hand holds, in SFEN4's writing order.
    pub const HAND: [Kind4; 4] = [Kind4::Rook, Kind4::Gold, Kind4::Silver, Kind4::Pawn];

    /// Index in a hand (rook 0 … pawn 3); kings are never in hand.
    pub fn hand_index(self) -> usize {
        match self {
            Kind4::Rook => 0,
            Kind4::Gold => 1,
            Kind4::Silver => 2,
            _ => 3,
        }
    }

    /// The SFEN4 letter.
    pub fn letter(self) -> char {
        match self {
            Kind4::King => 'K',
            Kind4::Rook => 'R',
            Kind4::Gold => 'G',
            Kind4::Silver => 'S',
            Kind4::Pawn => 'P',
        }
    }

    /// The kind of an SFEN4 letter (either case).
    pub fn from_letter(c: char) -> Option<Kind4> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind4::King,
            'R' => Kind4::Rook,
            'G' => Kind4::Gold,
            'S' => Kind4::Silver,
            'P' => Kind4::Pawn,
            _ => return None,
        })
    }

    /// Whether this kind has a promoted form.
    pub fn can_promote(self) -> bool {
        matches!(self, Kind4::Rook | Kind4::Silver | Kind4::Pawn)
    }
}

/// A piece: kind, promotion, owner (`None`: ownerless) and facing (the seat
/// whose "forward" it uses). A flipped king keeps its seat as owner and is
/// dead: it never moves, attacks or is captured.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece4 {
    /// What kind of piece.
    pub kind: Kind4,
    /// Promoted (rook, silver, pawn only).
    pub promoted: bool,
    /// Who controls it; `None` for ownerless pieces.
    pub owner: Option<u8>,
    /// The seat whose forward the piece moves by.
    pub facing: u8,
    /// A mated player's king, turned over.
    pub flipped: bool,
}

impl Piece4 {
    /// A live, unpromoted piece of `seat` facing as `seat`.
    pub fn new(kind: Kind4, seat: u8) -> Piece4 {
        Piece4 {
            kind,
            promoted: false,
            owner: Some(seat),
            facing: seat,
            flipped: false,
        }
    }

    /// Whether the piece can move and attack: owned and not flipped.
    pub fn is_live(self) -> bool {
        self.owner.is_some() && !self.flipped
    }

    /// Whether it is an unpromoted pawn.
    pub fn is_pawn(self) -> bool {
        self.kind == Kind4::Pawn && !self.promoted
    }
}

/// A move of the seat to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move4 {
    /// A board move.
    Step {
        /// Origin.
        from: Sq4,
        /// Destination.
        to: Sq4,
        /// Whether the piece promotes.
        promote: bool,
    },
    /// A drop from the mover's hand, facing as the mover.
    Drop {
        /// The dropped kind.
        kind: Kind4,
        /// Where.
        to: Sq4,
    },
}

impl Move4 {
    /// The destination.
    pub fn to(self) -> Sq4 {
        match self {
            Move4::Step { to, .. } | Move4::Drop { to, .. } => to,
        }
    }
}

impl fmt::Display for Move4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move4::Step { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            Move4::Drop { kind, to } => write!(f, "{}*{to}", kind.letter()),
        }
    }
}

/// The forward vector of a facing: South up, West right, North down, East left.
pub fn rotate(facing: u8, (dx, dy): (i8, i8)) -> (i8, i8) {
    match facing {
        0 => (dx, dy),
        1 => (dy, -dx),
        2 => (-dx, -dy),
        _ => (-dy, dx),
    }
}

/// How far forward (0 = own back row, 8 = the last row) `sq` is for `facing`.
pub fn forward_rank(facing: u8, sq: Sq4) -> u8 {
    match facing {
        0 => sq.y(),
        1 => sq.x(),
        2 => 8 - sq.y(),
        _ => 8 - sq.x(),
    }
}
