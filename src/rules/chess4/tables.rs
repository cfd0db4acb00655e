//! The board's geometry as tables built at compile time: each square's
//! neighbour in each of the eight directions and its knight jumps, walls
//! and the board's edge being "off".

use super::types::{GRID, SIDE};

/// The eight directions as (dx, dy): the four straight ones first.
pub(crate) const DIRS: [(i8, i8); 8] = crate::rules::vocab::DIRECTIONS;

/// The knight's eight jumps.
const JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// No square: off the board or a wall.
pub(crate) const OFF: u8 = u8::MAX;

/// Whether (x, y) is a square of the cross.
const fn on_board(x: i8, y: i8) -> bool {
    let inside = x >= 0 && x < SIDE as i8 && y >= 0 && y < SIDE as i8;
    inside && !((x < 3 || x > 10) && (y < 3 || y > 10))
}

const fn table(steps: [(i8, i8); 8]) -> [[u8; 8]; GRID] {
    let mut out = [[OFF; 8]; GRID];
    let mut sq = 0;
    while sq < GRID {
        let (x, y) = ((sq % SIDE as usize) as i8, (sq / SIDE as usize) as i8);
        let mut d = 0;
        while d < 8 {
            let (nx, ny) = (x + steps[d].0, y + steps[d].1);
            if on_board(x, y) && on_board(nx, ny) {
                out[sq][d] = ny as u8 * SIDE + nx as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

/// `NEIGHBOR[sq][d]`: the square one step from `sq` in direction `d`.
pub(crate) static NEIGHBOR: [[u8; 8]; GRID] = table(DIRS);

/// `KNIGHT[sq][i]`: the knight's jumps from `sq`.
pub(crate) static KNIGHT: [[u8; 8]; GRID] = table(JUMPS);

/// The direction index of a (dx, dy) step.
pub(crate) fn dir_index(step: (i8, i8)) -> usize {
    DIRS.iter().position(|&d| d == step).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess4::types::Sq;

    #[test]
    fn the_cross_has_160_squares_and_walls_stop_moves() {
        let squares = (0..GRID as u8).filter(|&s| !Sq(s).is_wall()).count();
        assert_eq!(squares, 160);
        // d1's left neighbour c1 is a wall; d4's is c4, on the board.
        assert_eq!(NEIGHBOR[Sq::new(3, 0).0 as usize][3], OFF);
        assert_eq!(NEIGHBOR[Sq::new(3, 3).0 as usize][3], Sq::new(2, 3).0);
        // A knight on e1 cannot land in the corner on c2.
        let e1 = &KNIGHT[Sq::new(4, 0).0 as usize];
        assert!(!e1.contains(&Sq::new(2, 1).0));
        assert!(e1.contains(&Sq::new(3, 2).0));
    }
}
