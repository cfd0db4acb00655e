//! The board's geometry as tables built at compile time: each square's
//! neighbour in each of the eight directions, and the directions each kind
//! of piece steps in for each facing. Move generation and attack tests are
//! then lookups instead of coordinate arithmetic and rotations.

use super::types::{Kind4, Piece4};

/// The eight directions as (dx, dy): the four orthogonal ones first, each
/// group in clockwise order, so that turning by a facing is adding it
/// within the group.
pub(crate) const DIRS: [(i8, i8); 8] = crate::rules::vocab::DIRECTIONS;

/// No square: off the board.
pub(crate) const OFF: u8 = u8::MAX;

/// `NEIGHBOR[sq][d]`: the square one step from `sq` in direction `d`, or
/// [`OFF`].
pub(crate) static NEIGHBOR: [[u8; 8]; 81] = neighbors();

const fn neighbors() -> [[u8; 8]; 81] {
    let mut table = [[OFF; 8]; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = 0;
        while d < 8 {
            let x = (sq % 9) as i8 + DIRS[d].0;
            let y = (sq / 9) as i8 + DIRS[d].1;
            if x >= 0 && x < 9 && y >= 0 && y < 9 {
                table[sq][d] = (y * 9 + x) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// `RAY[sq][d]`: the squares beyond `sq` in orthogonal direction `d`, as
/// bits: whether a rook stands on a line at all is then one test.
pub(crate) static RAY: [[u128; 4]; 81] = rays();

const fn rays() -> [[u128; 4]; 81] {
    let mut table = [[0; 4]; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = 0;
        while d < 4 {
            let mut cur = NEIGHBOR[sq][d];
            while cur != OFF {
                table[sq][d] |= 1 << cur;
                cur = NEIGHBOR[cur as usize][d];
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// The 81 squares as bits.
pub(crate) const ALL_SQUARES: u128 = (1 << 81) - 1;

/// The square of `bits` (part of a ray in orthogonal direction `d`)
/// nearest the ray's start: up and right run to higher squares, so the
/// lowest bit; down and left, the highest.
pub(crate) fn nearest(bits: u128, d: usize) -> Option<u8> {
    match (bits, d) {
        (0, _) => None,
        (_, 0 | 1) => Some(bits.trailing_zeros() as u8),
        _ => Some((127 - bits.leading_zeros()) as u8),
    }
}

/// The squares a rook on `sq` reaches along its four lines, up to and
/// including the first occupied square of each (`occupied` as bits).
pub(crate) fn rook_slides(sq: u8, occupied: u128) -> u128 {
    let rays = &RAY[sq as usize % 81];
    let mut reach = 0;
    for (d, &ray) in rays.iter().enumerate() {
        reach |= match nearest(ray & occupied, d) {
            None => ray,
            Some(first) => ray & !RAY[first as usize][d],
        };
    }
    reach
}

/// `AROUND[sq]`: `sq` and the squares next to it.
pub(crate) static AROUND: [u128; 81] = around();

const fn around() -> [u128; 81] {
    let mut table = [0; 81];
    let mut sq = 0;
    while sq < 81 {
        table[sq] = 1 << sq;
        let mut d = 0;
        while d < 8 {
            if NEIGHBOR[sq][d] != OFF {
                table[sq] |= 1 << NEIGHBOR[sq][d];
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// `COLUMNS[x]` and `ROWS[y]`: the nine squares of a column or a row.
pub(crate) const COLUMNS: [u128; 9] = lines(9, 1);
pub(crate) const ROWS: [u128; 9] = lines(1, 9);

const fn lines(along: u32, across: u32) -> [u128; 9] {
    let mut table = [0; 9];
    let mut line = 0;
    while line < 9 {
        let mut i = 0;
        while i < 9 {
            table[line] |= 1 << (line as u32 * across + i * along);
            i += 1;
        }
        line += 1;
    }
    table
}

/// `ZONE[facing]`: the three last rows for a piece of that facing, where
/// it may promote.
pub(crate) static ZONE: [u128; 4] = [
    ROWS[6] | ROWS[7] | ROWS[8],
    COLUMNS[6] | COLUMNS[7] | COLUMNS[8],
    ROWS[0] | ROWS[1] | ROWS[2],
    COLUMNS[0] | COLUMNS[1] | COLUMNS[2],
];

/// The squares whose bits are set, lowest first.
pub(crate) struct Squares(pub u128);

impl Iterator for Squares {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

/// The direction opposite `d`.
pub(crate) const fn opposite(d: usize) -> usize {
    if d < 4 { (d + 2) % 4 } else { 4 + (d - 2) % 4 }
}

/// How a piece moves one step, by class: king, gold (and the promoted
/// silver and pawn), silver, pawn, rook (steps none), dragon (the
/// diagonals), as direction bits seen from South.
const SOUTH_STEPS: [u8; 6] = [0xFF, 0x9F, 0xF1, 0x01, 0x00, 0xF0];

// `CLASS` and `STEPS` index by the enum's order.
const _: () = assert!(Kind4::King as usize == 0 && Kind4::Pawn as usize == 4);

/// The class of each kind, unpromoted and promoted, in [`Kind4`]'s order
/// (king, rook, gold, silver, pawn).
const CLASS: [[usize; 2]; 5] = [[0, 0], [4, 5], [1, 1], [2, 1], [3, 1]];

/// `STEPS[kind][promoted][facing]`: [`SOUTH_STEPS`] turned to each facing,
/// so that a piece's steps are one lookup, not a branch per kind.
static STEPS: [[[u8; 4]; 2]; 5] = turned_steps();

const fn turn(mask: u8, facing: u8) -> u8 {
    let orthogonal = mask & 0x0F;
    let diagonal = mask >> 4;
    let f = facing % 4;
    let o = ((orthogonal << f) | (orthogonal >> ((4 - f) % 4))) & 0x0F;
    let g = ((diagonal << f) | (diagonal >> ((4 - f) % 4))) & 0x0F;
    o | (g << 4)
}

const fn turned_steps() -> [[[u8; 4]; 2]; 5] {
    let mut table = [[[0; 4]; 2]; 5];
    let mut kind = 0;
    while kind < 5 {
        let mut promoted = 0;
        while promoted < 2 {
            let mut facing = 0;
            while facing < 4 {
                let class = CLASS[kind][promoted];
                table[kind][promoted][facing] = turn(SOUTH_STEPS[class], facing as u8);
                facing += 1;
            }
            promoted += 1;
        }
        kind += 1;
    }
    table
}

/// The square the step patterns are drawn around: e5.
const CENTER: usize = 40;

/// `PATTERNS[kind][promoted][facing]`: the squares a piece on e5 steps
/// to. Moved to another square by a shift and cut to the squares around
/// it, this gives any square's step targets from a table that stays in the
/// fastest cache.
static PATTERNS: [[[u128; 4]; 2]; 5] = patterns();

const fn patterns() -> [[[u128; 4]; 2]; 5] {
    let mut table = [[[0; 4]; 2]; 5];
    let mut kind = 0;
    while kind < 5 {
        let mut promoted = 0;
        while promoted < 2 {
            let mut facing = 0;
            while facing < 4 {
                let dirs = STEPS[kind][promoted][facing];
                let mut d = 0;
                while d < 8 {
                    if dirs & (1 << d) != 0 {
                        table[kind][promoted][facing] |= 1 << NEIGHBOR[CENTER][d];
                    }
                    d += 1;
                }
                facing += 1;
            }
            promoted += 1;
        }
        kind += 1;
    }
    table
}

/// The squares `p` on `sq` steps to, as bits.
pub(crate) fn step_targets_of(p: Piece4, sq: u8) -> u128 {
    let pattern = PATTERNS[p.kind as usize][p.promoted as usize][p.facing as usize % 4];
    let sq = sq as usize % 81;
    let moved = if sq >= CENTER {
        pattern << (sq - CENTER)
    } else {
        pattern >> (CENTER - sq)
    };
    // A shift past the board's edge wraps to the far side of the row; those
    // squares are not next to `sq`.
    moved & AROUND[sq] & !(1 << sq)
}

/// The directions `p` steps in, as bits of [`DIRS`].
pub(crate) fn step_dirs(p: Piece4) -> u8 {
    STEPS[p.kind as usize][p.promoted as usize][p.facing as usize % 4]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::shogi4::types::rotate;

    #[test]
    fn turning_a_step_mask_matches_rotating_each_step() {
        let kinds = [
            Kind4::King,
            Kind4::Rook,
            Kind4::Gold,
            Kind4::Silver,
            Kind4::Pawn,
        ];
        for (k, kind) in kinds.into_iter().enumerate() {
            for promoted in [false, true] {
                let class = CLASS[k][promoted as usize];
                for facing in 0..4u8 {
                    let p = Piece4 {
                        promoted,
                        facing,
                        ..Piece4::new(kind, 0)
                    };
                    for (d, &step) in DIRS.iter().enumerate() {
                        let turned = rotate(facing, step);
                        let e = DIRS.iter().position(|&s| s == turned).unwrap();
                        let before = SOUTH_STEPS[class] & (1 << d) != 0;
                        let after = step_dirs(p) & (1 << e) != 0;
                        assert_eq!(before, after, "{p:?} dir {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn rays_reach_the_edge() {
        // From e5 each way: four squares; from a1 up and right: eight.
        let e5 = 4 * 9 + 4;
        assert!(RAY[e5].iter().all(|r| r.count_ones() == 4));
        assert_eq!(RAY[0].map(u128::count_ones), [8, 8, 0, 0]);
    }

    #[test]
    fn lines_and_zones_hold_the_right_squares() {
        use crate::rules::shogi4::types::{Sq4, forward_rank};
        for sq in 0..81u8 {
            let s = Sq4(sq);
            let bit = 1u128 << sq;
            assert_ne!(COLUMNS[s.x() as usize] & bit, 0);
            assert_ne!(ROWS[s.y() as usize] & bit, 0);
            for facing in 0..4u8 {
                let in_zone = ZONE[facing as usize] & bit != 0;
                assert_eq!(in_zone, forward_rank(facing, s) >= 6, "{s} {facing}");
            }
        }
        assert!(COLUMNS.iter().chain(&ROWS).all(|l| l.count_ones() == 9));
    }

    #[test]
    fn rook_slides_stop_at_the_first_piece() {
        let e5 = 4 * 9 + 4;
        let (e7, c5) = (6 * 9 + 4, 4 * 9 + 2);
        let reach = rook_slides(e5, 1 << e7 | 1 << c5);
        // Up to e7 (2), right to i5 (4), down to e1 (4), left to c5 (2).
        assert_eq!(reach.count_ones(), 12);
        assert_ne!(reach & 1 << e7, 0);
        assert_eq!(reach & 1 << (7 * 9 + 4), 0);
        assert_eq!(rook_slides(e5, 0).count_ones(), 16);
    }

    #[test]
    fn shifted_patterns_equal_the_neighbours_in_each_direction() {
        let kinds = [
            Kind4::King,
            Kind4::Rook,
            Kind4::Gold,
            Kind4::Silver,
            Kind4::Pawn,
        ];
        for kind in kinds {
            for promoted in [false, true] {
                for facing in 0..4u8 {
                    let p = Piece4 {
                        promoted,
                        facing,
                        ..Piece4::new(kind, 0)
                    };
                    for sq in 0..81u8 {
                        let by_dirs = (0..8)
                            .filter(|d| step_dirs(p) & (1 << d) != 0)
                            .map(|d| NEIGHBOR[sq as usize][d])
                            .filter(|&to| to != OFF)
                            .fold(0u128, |bits, to| bits | 1 << to);
                        assert_eq!(step_targets_of(p, sq), by_dirs, "{p:?} on {sq}");
                    }
                }
            }
        }
    }

    #[test]
    fn opposite_directions_cancel() {
        for (d, &(dx, dy)) in DIRS.iter().enumerate() {
            assert_eq!(DIRS[opposite(d)], (-dx, -dy));
        }
    }
}
