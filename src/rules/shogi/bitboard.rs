//! 81-square bitboards in a `u128` (bit = square index, see [`Sq`]), and the
//! attack tables built from them at compile time.

use super::types::{Color, Kind, Sq};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

const BOARD_MASK: u128 = (1u128 << 81) - 1;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares.
    pub const FULL: Bitboard = Bitboard(BOARD_MASK);

    /// The set of one square.
    #[inline]
    pub const fn from_sq(sq: Sq) -> Bitboard {
        Bitboard(1u128 << sq.0)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn has(self, sq: Sq) -> bool {
        self.0 >> sq.0 & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds more than one square.
    #[inline]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square (the set must not be empty).
    #[inline]
    pub const fn first(self) -> Sq {
        Sq(self.0.trailing_zeros() as u8)
    }

    /// Rank `r` (0 = `a`) as a set.
    pub const fn rank(r: u8) -> Bitboard {
        let mut bb = 0u128;
        let mut f = 0;
        while f < 9 {
            bb |= 1u128 << (f * 9 + r);
            f += 1;
        }
        Bitboard(bb)
    }

    /// File `f` (0 = USI file 1) as a set.
    #[inline]
    pub const fn file(f: u8) -> Bitboard {
        Bitboard(0x1ffu128 << (f * 9))
    }

    /// The ranks `color` may not leave an unpromoted `kind` on: the last rank
    /// for pawns and lances, the last two for knights, none otherwise.
    #[inline]
    pub fn dead_zone(color: Color, kind: Kind) -> Bitboard {
        DEAD_ZONES[color.index()][kind.min_relative_rank() as usize]
    }

    /// The promotion zone of `color`: the three ranks furthest from it.
    #[inline]
    pub const fn promotion_zone(color: Color) -> Bitboard {
        PROMOTION_ZONES[color as usize]
    }
}

impl Iterator for Bitboard {
    type Item = Sq;
    #[inline]
    fn next(&mut self) -> Option<Sq> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.first();
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & BOARD_MASK)
    }
}

const fn ranks(from: u8, to: u8) -> Bitboard {
    let mut bb = 0u128;
    let mut r = from;
    while r <= to {
        bb |= Bitboard::rank(r).0;
        r += 1;
    }
    Bitboard(bb)
}

/// `[color][n]`: the `n` last ranks ahead of `color`.
const DEAD_ZONES: [[Bitboard; 3]; 2] = [
    [Bitboard(0), ranks(0, 0), ranks(0, 1)],
    [Bitboard(0), ranks(8, 8), ranks(7, 8)],
];

const PROMOTION_ZONES: [Bitboard; 2] = [ranks(0, 2), ranks(6, 8)];

// ---------------------------------------------------------------------------
// Rays and step attacks.

/// The eight directions as (file, rank) steps, in this order: the four with
/// a positive index step first (they find their nearest blocker with the
/// lowest bit), then the four negative ones.
const DIRS: [(i8, i8); 8] = [
    (0, 1),   // toward rank i
    (1, 0),   // toward file 9
    (1, -1),  // toward file 9 and rank a
    (1, 1),   // toward file 9 and rank i
    (0, -1),  // toward rank a
    (-1, 0),  // toward file 1
    (-1, 1),  // toward file 1 and rank i
    (-1, -1), // toward file 1 and rank a
];
// Direction `d + 4` is the opposite of `d`.
const SOUTH: usize = 0;
const WEST: usize = 1;
const NORTH_WEST: usize = 2;
const SOUTH_WEST: usize = 3;
const NORTH: usize = 4;
const EAST: usize = 5;
const SOUTH_EAST: usize = 6;
const NORTH_EAST: usize = 7;

const fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq / 9) as i8 + df;
    let r = (sq % 9) as i8 + dr;
    if f < 0 || f > 8 || r < 0 || r > 8 {
        None
    } else {
        Some(f as usize * 9 + r as usize)
    }
}

const fn build_rays() -> [[u128; 81]; 8] {
    let mut rays = [[0u128; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let mut cur = sq;
            while let Some(next) = offset(cur, DIRS[d].0, DIRS[d].1) {
                rays[d][sq] |= 1u128 << next;
                cur = next;
            }
            sq += 1;
        }
        d += 1;
    }
    rays
}

static RAYS: [[u128; 81]; 8] = build_rays();

/// Steps of each kind for black as (file, rank); white mirrors the rank.
const fn steps(kind: u8) -> &'static [(i8, i8)] {
    const GOLD: &[(i8, i8)] = &[(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
    match kind {
        1 => &[(0, -1)],
        3 => &[(-1, -2), (1, -2)],
        4 => &[(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)],
        7 => GOLD,
        8 => &[
            (0, -1),
            (-1, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (0, 1),
            (-1, 1),
            (1, 1),
        ],
        _ => &[],
    }
}

const fn build_steps() -> [[[u128; 81]; 9]; 2] {
    let mut table = [[[0u128; 81]; 9]; 2];
    let mut color = 0;
    while color < 2 {
        let mut kind = 1;
        while kind < 9 {
            let s = steps(kind as u8);
            let mut sq = 0;
            while sq < 81 {
                let mut i = 0;
                while i < s.len() {
                    let dr = if color == 0 { s[i].1 } else { -s[i].1 };
                    if let Some(to) = offset(sq, s[i].0, dr) {
                        table[color][kind][sq] |= 1u128 << to;
                    }
                    i += 1;
                }
                sq += 1;
            }
            kind += 1;
        }
        color += 1;
    }
    table
}

/// `[color][kind][sq]` for the stepping kinds pawn, knight, silver, gold and
/// king (other indices are empty).
static STEPS: [[[u128; 81]; 9]; 2] = build_steps();

/// Squares a stepping piece attacks (`kind` is pawn, knight, silver, gold or
/// king; the four gold-like promoted kinds use gold).
#[inline]
pub fn step_attacks(color: Color, kind: Kind, sq: Sq) -> Bitboard {
    Bitboard(STEPS[color.index()][kind.index()][sq.index()])
}

#[inline]
fn ray(dir: usize, sq: Sq, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[dir][sq.index()];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        return Bitboard(ray);
    }
    let nearest = if dir < 4 {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    Bitboard(ray ^ RAYS[dir][nearest as usize])
}

/// Squares a lance of `color` on `sq` attacks.
#[inline]
pub fn lance_attacks(color: Color, sq: Sq, occupied: Bitboard) -> Bitboard {
    match color {
        Color::Black => ray(NORTH, sq, occupied),
        Color::White => ray(SOUTH, sq, occupied),
    }
}

/// Squares a bishop on `sq` attacks.
#[inline]
pub fn bishop_attacks(sq: Sq, occupied: Bitboard) -> Bitboard {
    ray(NORTH_WEST, sq, occupied)
        | ray(SOUTH_WEST, sq, occupied)
        | ray(NORTH_EAST, sq, occupied)
        | ray(SOUTH_EAST, sq, occupied)
}

/// Squares a rook on `sq` attacks.
#[inline]
pub fn rook_attacks(sq: Sq, occupied: Bitboard) -> Bitboard {
    ray(NORTH, sq, occupied)
        | ray(SOUTH, sq, occupied)
        | ray(EAST, sq, occupied)
        | ray(WEST, sq, occupied)
}

/// Squares any piece attacks from `sq`.
#[inline]
pub fn attacks(color: Color, kind: Kind, sq: Sq, occupied: Bitboard) -> Bitboard {
    match kind {
        Kind::Pawn | Kind::Knight | Kind::Silver | Kind::Gold | Kind::King => {
            step_attacks(color, kind, sq)
        }
        Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => {
            step_attacks(color, Kind::Gold, sq)
        }
        Kind::Lance => lance_attacks(color, sq, occupied),
        Kind::Bishop => bishop_attacks(sq, occupied),
        Kind::Rook => rook_attacks(sq, occupied),
        Kind::Horse => bishop_attacks(sq, occupied) | step_attacks(color, Kind::King, sq),
        Kind::Dragon => rook_attacks(sq, occupied) | step_attacks(color, Kind::King, sq),
    }
}

const fn build_between() -> [[u128; 81]; 81] {
    let rays = build_rays();
    let mut table = [[0u128; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let opposite = (d + 4) % 8;
            let mut b = 0;
            while b < 81 {
                if rays[d][a] >> b & 1 != 0 {
                    table[a][b] = rays[d][a] & rays[opposite][b];
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

const fn build_lines() -> [[u128; 81]; 81] {
    let rays = build_rays();
    let mut table = [[0u128; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let opposite = (d + 4) % 8;
            let mut b = 0;
            while b < 81 {
                if rays[d][a] >> b & 1 != 0 {
                    table[a][b] = rays[d][a] | rays[opposite][a] | 1u128 << a;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

const fn build_pseudo(first_dir: usize) -> [u128; 81] {
    let rays = build_rays();
    let mut table = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        table[sq] = rays[first_dir][sq]
            | rays[first_dir + 1][sq]
            | rays[first_dir + 4][sq]
            | rays[first_dir + 5][sq];
        sq += 1;
    }
    table
}

/// Rook moves on an empty board: the four orthogonal rays.
static ROOK_PSEUDO: [u128; 81] = build_pseudo(SOUTH);
/// Bishop moves on an empty board: the four diagonal rays.
static BISHOP_PSEUDO: [u128; 81] = build_pseudo(NORTH_WEST);

/// The squares a rook on `sq` would attack on an empty board.
#[inline]
pub fn rook_pseudo(sq: Sq) -> Bitboard {
    Bitboard(ROOK_PSEUDO[sq.index()])
}

/// The squares a bishop on `sq` would attack on an empty board.
#[inline]
pub fn bishop_pseudo(sq: Sq) -> Bitboard {
    Bitboard(BISHOP_PSEUDO[sq.index()])
}

/// The squares a lance of `color` on `sq` would attack on an empty board.
#[inline]
pub fn lance_pseudo(color: Color, sq: Sq) -> Bitboard {
    let dir = match color {
        Color::Black => NORTH,
        Color::White => SOUTH,
    };
    Bitboard(RAYS[dir][sq.index()])
}

static BETWEEN: [[u128; 81]; 81] = build_between();
static LINES: [[u128; 81]; 81] = build_lines();

/// The squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Sq, b: Sq) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole line through `a` and `b` (both included) when they share one,
/// else empty.
#[inline]
pub fn line(a: Sq, b: Sq) -> Bitboard {
    Bitboard(LINES[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Sq {
        Sq::from_usi(s.as_bytes()).unwrap()
    }

    #[test]
    fn rook_stops_at_blockers_and_includes_them() {
        let occ = Bitboard::from_sq(sq("5c")) | Bitboard::from_sq(sq("3e"));
        let atk = rook_attacks(sq("5e"), occ);
        assert!(atk.has(sq("5d")) && atk.has(sq("5c")) && !atk.has(sq("5b")));
        assert!(atk.has(sq("4e")) && atk.has(sq("3e")) && !atk.has(sq("2e")));
        assert!(atk.has(sq("5i")) && atk.has(sq("9e")) && atk.has(sq("6e")));
        assert_eq!(atk.count(), 4 + 2 + 2 + 4);
    }

    #[test]
    fn steps_do_not_wrap_around_the_edges() {
        assert_eq!(step_attacks(Color::Black, Kind::King, sq("1a")).count(), 3);
        assert_eq!(
            step_attacks(Color::Black, Kind::Knight, sq("1c")).count(),
            1
        );
        assert_eq!(step_attacks(Color::White, Kind::Pawn, sq("5i")).count(), 0);
        assert!(step_attacks(Color::White, Kind::Pawn, sq("5c")).has(sq("5d")));
        assert!(lance_attacks(Color::White, sq("1a"), Bitboard::EMPTY).has(sq("1i")));
    }

    #[test]
    fn between_and_line_tables() {
        assert_eq!(between(sq("5e"), sq("5a")).count(), 3);
        assert_eq!(between(sq("1a"), sq("9i")).count(), 7);
        assert!(between(sq("5e"), sq("4c")).is_empty());
        assert_eq!(line(sq("5e"), sq("4d")).count(), 9);
        assert!(line(sq("5e"), sq("4c")).is_empty());
        assert_eq!(
            rook_pseudo(sq("5e")),
            rook_attacks(sq("5e"), Bitboard::EMPTY)
        );
        assert_eq!(bishop_pseudo(sq("1a")).count(), 8);
    }
}
