//! Every attack on the board at once: for each square, the seats whose
//! live pieces attack it. Asking [`Position::attacked`] square by square
//! walks eight lines out of each square asked about; the CPU's evaluation
//! asks about every piece, and one walk along each piece's own lines
//! answers them all.

use super::position::{PAWN_CAPTURES, Position};
use super::tables::{KNIGHT, NEIGHBOR, OFF};
use super::types::{GRID, Kind, Piece, SEATS};

/// Per square, the seats (a bit per seat) that attack it.
pub type AttackMap = [u8; GRID];

impl Position {
    /// For every square, the seats whose live (not grey) pieces attack it,
    /// as [`Position::attacked`] says square by square (with nothing
    /// ignored): a piece attacks the squares it could capture on,
    /// whatever stands there, its own pieces included.
    pub fn attack_map(&self) -> AttackMap {
        let mut map = [0; GRID];
        for (s, piece) in self.board.iter().enumerate() {
            match piece {
                Some(p) if !p.dead => self.mark_attacks(&mut map, s, *p),
                _ => {}
            }
        }
        map
    }

    /// Adds to `map` the squares the piece `p` on square index `s` attacks.
    fn mark_attacks(&self, map: &mut AttackMap, s: usize, p: Piece) {
        let bit = 1 << (p.owner as usize % SEATS);
        let mut mark = |j: u8| map[j as usize] |= bit;
        match p.kind {
            Kind::Knight => KNIGHT[s]
                .iter()
                .filter(|&&j| j != OFF)
                .for_each(|&j| mark(j)),
            Kind::Pawn => PAWN_CAPTURES[p.owner as usize % SEATS]
                .iter()
                .map(|&d| NEIGHBOR[s][d])
                .filter(|&j| j != OFF)
                .for_each(&mut mark),
            Kind::King => NEIGHBOR[s]
                .iter()
                .filter(|&&j| j != OFF)
                .for_each(|&j| mark(j)),
            Kind::Queen | Kind::Rook | Kind::Bishop => {
                for d in (0..8).filter(|&d| p.kind.slides_along(d)) {
                    let mut cur = NEIGHBOR[s][d];
                    while cur != OFF {
                        mark(cur);
                        if self.board[cur as usize].is_some() {
                            break;
                        }
                        cur = NEIGHBOR[cur as usize][d];
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::chess4::{Chess4Rules, ChessGame4, Sq, Variant};
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;

    /// The map agrees with `attacked`, square by square and seat by seat,
    /// in the positions of seeded random games of both variants (grey
    /// pieces, promotions and kings near each other included).
    #[test]
    fn the_map_says_what_attacked_says_on_every_square() {
        let mut compared = 0;
        for seed in 0..12 {
            let variant = [Variant::Teams, Variant::FreeForAll][seed as usize % 2];
            let rules = Chess4Rules {
                variant,
                ..Chess4Rules::default()
            };
            let mut game = ChessGame4::new(rules, 0);
            let mut rng = StdRng::seed_from_u64(seed);
            while game.outcome().is_none() && game.moves().len() < 400 {
                let pos = game.position();
                let map = pos.attack_map();
                for sq in (0..14).flat_map(|y| (0..14).map(move |x| Sq::new(x, y))) {
                    for seat in 0..4 {
                        let by_map = map[sq.0 as usize] & (1 << seat) != 0;
                        assert_eq!(by_map, pos.attacked(sq, 1 << seat, u8::MAX), "{sq} {seat}");
                        compared += 1;
                    }
                }
                let mv = *game.legal_moves().choose(&mut rng).expect("a move");
                game.play(mv).expect("a legal move");
            }
        }
        assert!(compared > 500_000, "only {compared} squares compared");
    }
}
