//! The four-player chess position: the board, castling and en passant
//! rights, points, who is out, and the attack test every rule needs.

use super::tables::{KNIGHT, NEIGHBOR, OFF};
use super::types::{GRID, Kind, Move, Piece, SEATS, Special, Sq, partner};

/// The game type (room rule `type`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Red and Yellow against Blue and Green (the default).
    #[default]
    Teams,
    /// Everyone for themselves, for points.
    FreeForAll,
}

/// Where each seat's castling rooks start: king side, then queen side (the
/// queen's side of the king).
pub const ROOK_HOMES: [[Sq; 2]; SEATS] = [
    [Sq::new(10, 0), Sq::new(3, 0)],
    [Sq::new(0, 3), Sq::new(0, 10)],
    [Sq::new(3, 13), Sq::new(10, 13)],
    [Sq::new(13, 10), Sq::new(13, 3)],
];

/// The diagonal directions (indexes into `DIRS`) a seat's pawns capture in.
pub(crate) const PAWN_CAPTURES: [[usize; 2]; SEATS] = [[4, 7], [4, 5], [5, 6], [6, 7]];

/// A four-player chess position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; GRID],
    pub(crate) to_move: u8,
    /// Castling rights per seat: king side, queen side.
    pub(crate) castling: [[bool; 2]; SEATS],
    /// Each seat's last double step while the right to take it lasts:
    /// (the square passed over, the square landed on).
    pub(crate) en_passant: [Option<(Sq, Sq)>; SEATS],
    /// Points per seat (free-for-all).
    pub(crate) points: [i32; SEATS],
    /// Seats out of the game (free-for-all), or whose king was captured.
    pub(crate) out: [bool; SEATS],
    /// Moves since the last capture or pawn move.
    pub(crate) halfmove: u32,
    /// Where each seat's king stands (`None` once captured).
    pub(crate) kings: [Option<Sq>; SEATS],
    pub(crate) variant: Variant,
}

/// What a move took off the board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Taken {
    /// The piece on the destination (or passed-over) square.
    pub on_target: Option<Piece>,
    /// The pawn taken en passant.
    pub en_passant: Option<Piece>,
}

impl Taken {
    /// The pieces taken.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        self.on_target.into_iter().chain(self.en_passant)
    }

    /// Whether a live king was taken.
    pub fn king(self) -> Option<u8> {
        self.pieces()
            .find(|p| p.kind == Kind::King && !p.dead)
            .map(|p| p.owner)
    }
}

impl Position {
    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Sq) -> Option<Piece> {
        self.board.get(sq.0 as usize).copied().flatten()
    }

    /// The seat to move.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The game type.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Points per seat.
    pub fn points(&self) -> [i32; SEATS] {
        self.points
    }

    /// Whether `seat` is out.
    pub fn is_out(&self, seat: u8) -> bool {
        self.out[seat as usize % SEATS]
    }

    /// Where `seat`'s king stands.
    pub fn king_square(&self, seat: u8) -> Option<Sq> {
        self.kings[seat as usize % SEATS]
    }

    /// Moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The seats whose pieces threaten `seat`'s king: opponents in teams
    /// (never the partner), everyone still playing in free-for-all.
    pub fn enemies(&self, seat: u8) -> u8 {
        (0..SEATS as u8)
            .filter(|&s| s != seat && !self.out[s as usize])
            .filter(|&s| self.variant == Variant::FreeForAll || s != partner(seat))
            .fold(0, |mask, s| mask | 1 << s)
    }

    /// Whether `mover` may capture `p`: not its own, not the partner's in
    /// teams; grey pieces are anyone's.
    pub fn capturable(&self, mover: u8, p: Piece) -> bool {
        if p.dead {
            return true;
        }
        p.owner != mover && (self.variant == Variant::FreeForAll || p.owner != partner(mover))
    }

    /// Whether a live piece of a seat in `by` (a bit per seat) attacks
    /// `sq`, with the square `ignore` taken as empty.
    pub fn attacked(&self, sq: Sq, by: u8, ignore: u8) -> bool {
        let live = |p: Piece| !p.dead && by & (1 << p.owner) != 0;
        let s = sq.0 as usize;
        let knight = KNIGHT[s].iter().any(|&j| {
            j != OFF && self.board[j as usize].is_some_and(|p| p.kind == Kind::Knight && live(p))
        });
        if knight {
            return true;
        }
        for (d, &first) in NEIGHBOR[s].iter().enumerate() {
            let mut cur = first;
            let mut distance = 1;
            while cur != OFF {
                if cur != ignore {
                    if let Some(p) = self.board[cur as usize] {
                        if live(p) && attacks_along(p, d, distance) {
                            return true;
                        }
                        break;
                    }
                }
                cur = NEIGHBOR[cur as usize][d];
                distance += 1;
            }
        }
        false
    }

    /// A hash of what makes positions the same: the board, the seat to
    /// move, castling and en passant rights and who is out (the points and
    /// the fifty-move count left out). Repetition counts by it, and the
    /// CPU's search finds its hints for a position again by it, once or
    /// twice a node: each piece on its square adds a mixed number of its
    /// own (Zobrist's scheme, the numbers made on the fly), which costs a
    /// seventh of hashing the whole board through `DefaultHasher`. The same
    /// in every run.
    pub fn key(&self) -> u64 {
        let mut h = 0u64;
        for (square, piece) in self.board.iter().enumerate() {
            if let Some(piece) = piece {
                h ^= mix(((square as u64) << 8) | piece_code(*piece));
            }
        }
        let mut rights = u64::from(self.to_move);
        for seat in 0..SEATS {
            let [king_side, queen_side] = self.castling[seat];
            rights = (rights << 3) | (u64::from(king_side) << 1) | (u64::from(queen_side) << 2);
            rights |= u64::from(self.out[seat]) << (40 + seat);
        }
        h ^= mix(rights | (1 << 63));
        for (seat, step) in self.en_passant.iter().enumerate() {
            if let Some((over, to)) = step {
                h ^= mix((u64::from(over.0) << 16)
                    | (u64::from(to.0) << 8)
                    | seat as u64
                    | (1 << 62));
            }
        }
        h
    }

    /// The same position with `seat` to move out of turn: what a
    /// multi-player search asks when it lets any opponent reply (best-reply
    /// search). Not a position the game reaches by itself.
    pub fn with_turn(&self, seat: u8) -> Position {
        let mut pos = self.clone();
        pos.to_move = seat % SEATS as u8;
        pos
    }

    /// Whether `seat`'s king is attacked by its enemies.
    pub fn in_check(&self, seat: u8) -> bool {
        self.king_square(seat)
            .is_some_and(|k| self.attacked(k, self.enemies(seat), OFF))
    }

    /// Plays `mv` of the seat to move on the board and updates castling,
    /// en passant and the halfmove clock; returns what it took. Turn order,
    /// points and the end are the game flow's business.
    pub(crate) fn apply(&mut self, mv: Move) -> Taken {
        let mover = self.to_move;
        let Some(mut piece) = self.board[mv.from.0 as usize].take() else {
            return Taken::default();
        };
        let mut taken = Taken {
            on_target: self.board[mv.to.0 as usize].take(),
            en_passant: None,
        };
        match mv.special {
            Special::EnPassant { pawn } => taken.en_passant = self.board[pawn.0 as usize].take(),
            Special::Castle { rook_from, rook_to } => {
                let rook = self.board[rook_from.0 as usize].take();
                self.board[rook_to.0 as usize] = rook;
            }
            _ => {}
        }
        if let Some(kind) = mv.promotion {
            piece.kind = kind;
            piece.promoted = true;
        }
        if piece.kind == Kind::King {
            self.kings[mover as usize] = Some(mv.to);
            self.castling[mover as usize] = [false; 2];
        }
        // Only a live king was its seat's: a grey king (`dK` in FEN4 is
        // read as Red's) belongs to nobody, and taking it is an ordinary
        // capture that leaves every seat's king where it is.
        if let Some(owner) = taken.king() {
            self.kings[owner as usize % SEATS] = None;
        }
        self.board[mv.to.0 as usize] = Some(piece);
        self.clear_rook_rights(mv.from);
        self.clear_rook_rights(mv.to);
        self.en_passant[mover as usize] = match mv.special {
            Special::DoubleStep => Some((passed_over(mv.from, mv.to), mv.to)),
            _ => None,
        };
        let resets =
            piece.kind == Kind::Pawn || mv.promotion.is_some() || taken.pieces().count() > 0;
        self.halfmove = if resets { 0 } else { self.halfmove + 1 };
        taken
    }

    /// A rook leaving or taken on its home square ends that castling right.
    fn clear_rook_rights(&mut self, sq: Sq) {
        for (seat, homes) in ROOK_HOMES.iter().enumerate() {
            for (side, home) in homes.iter().enumerate() {
                if *home == sq {
                    self.castling[seat][side] = false;
                }
            }
        }
    }
}

/// The square between a double step's start and end.
pub fn passed_over(from: Sq, to: Sq) -> Sq {
    Sq::new((from.x() + to.x()) / 2, (from.y() + to.y()) / 2)
}

/// Whether `p` attacks along direction `d` (from it toward the target is
/// the opposite way) over `distance` squares.
pub(crate) fn attacks_along(p: Piece, d: usize, distance: u8) -> bool {
    let straight = d < 4;
    match p.kind {
        Kind::King => distance == 1,
        Kind::Queen => true,
        Kind::Rook => straight,
        Kind::Bishop => !straight,
        Kind::Knight => false,
        // The pawn sits one diagonal step from the target in direction
        // `d`, so it captures in the opposite direction.
        Kind::Pawn => {
            distance == 1 && PAWN_CAPTURES[p.owner as usize % SEATS].contains(&opposite(d))
        }
    }
}

/// The direction opposite `d`.
pub(crate) const fn opposite(d: usize) -> usize {
    if d < 4 { (d + 2) % 4 } else { 4 + (d - 2) % 4 }
}

/// A piece as a number below 256 (kind, owner, grey, promoted): with its
/// square, what [`Position::key`] mixes.
fn piece_code(piece: Piece) -> u64 {
    (piece.kind as u64)
        | (u64::from(piece.owner) << 3)
        | (u64::from(piece.dead) << 5)
        | (u64::from(piece.promoted) << 6)
}

/// SplitMix64's finalizer: spreads a number's bits over the whole word,
/// so that the keys of different pieces and squares xor without pattern.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
