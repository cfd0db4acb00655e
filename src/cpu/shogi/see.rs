//! Static exchange evaluation: what a move wins or loses on its square
//! when both sides then take back there, cheapest piece first, each free
//! to stop. It lets quiescence skip captures that only lose material,
//! puts losing captures after the quiet moves, and lets the search skip,
//! near the leaves, moves that give away more than the depth left could
//! win back; none of them is searched to find that out.

use super::eval::piece_value;
use crate::rules::shogi::bitboard::Bitboard;
use crate::rules::shogi::{Kind, Move, Position, Sq};

/// The longest exchange looked at (more pieces than can attack a square).
const MAX_EXCHANGE: usize = 40;

/// The material `mv` wins for the side to move once the exchange on its
/// square is over (negative: it loses). Pins are ignored; a king takes
/// last, only where nothing defends.
pub fn see(pos: &Position, mv: Move) -> i32 {
    let to = mv.to();
    let mut occupied = pos.occupied();
    let (mut on_square, first) = match mv.dropped() {
        Some(kind) => (piece_value(kind), 0),
        None => {
            occupied ^= Bitboard::from_sq(mv.from());
            let mover = pos.piece_at(mv.from()).kind();
            let placed = pos.placed_kind(mv);
            let victim = pos.piece_at(to);
            let taken = if victim.is_empty() {
                0
            } else {
                piece_value(victim.kind())
            };
            let promotion = piece_value(placed) - piece_value(mover);
            (piece_value(placed), taken + promotion)
        }
    };
    let mut gains = [0i32; MAX_EXCHANGE];
    gains[0] = first;
    let mut n = 1;
    let mut side = pos.side_to_move().opponent();
    while n < MAX_EXCHANGE {
        let Some((sq, kind)) = cheapest(pos, side, to, occupied) else {
            break;
        };
        if kind == Kind::King && cheapest(pos, side.opponent(), to, occupied ^ bit(sq)).is_some() {
            break;
        }
        gains[n] = on_square - gains[n - 1];
        on_square = piece_value(kind);
        occupied ^= bit(sq);
        side = side.opponent();
        n += 1;
    }
    while n > 1 {
        n -= 1;
        gains[n - 1] = -(-gains[n - 1]).max(gains[n]);
    }
    gains[0]
}

/// Whether `mv` loses material on its square.
pub fn losing(pos: &Position, mv: Move) -> bool {
    below(pos, mv, 0)
}

/// Whether `mv`'s exchange ends below `threshold` (0 or less). A capture
/// of a piece worth at least the capturer never does, so the exchange is
/// only played out for the others.
pub fn below(pos: &Position, mv: Move, threshold: i32) -> bool {
    let victim = pos.piece_at(mv.to());
    let cheap = match mv.dropped() {
        Some(_) => false,
        None => {
            !victim.is_empty()
                && piece_value(victim.kind()) >= piece_value(pos.piece_at(mv.from()).kind())
        }
    };
    !cheap && see(pos, mv) < threshold
}

fn bit(sq: Sq) -> Bitboard {
    Bitboard::from_sq(sq)
}

/// The least valuable piece of `side` attacking `to` through `occupied`.
fn cheapest(
    pos: &Position,
    side: crate::rules::shogi::Color,
    to: Sq,
    occupied: Bitboard,
) -> Option<(Sq, Kind)> {
    (pos.attackers_to(side, to, occupied) & occupied)
        .map(|sq| (sq, pos.piece_at(sq).kind()))
        .min_by_key(|&(_, kind)| piece_value(kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Position, usi: &str) -> Move {
        let mv = pos.parse_usi(usi).expect("a legal move");
        assert!(pos.legal_moves().contains(&mv), "{usi} is legal");
        mv
    }

    fn position(text: &str) -> Position {
        Position::from_sfen(text).expect("a valid SFEN")
    }

    #[test]
    fn a_free_piece_is_won_whole() {
        // Black's rook takes an undefended gold.
        let pos = position("4k4/9/9/9/4g4/9/9/9/4RK3 b - 1");
        assert_eq!(see(&pos, mv(&pos, "5i5e")), piece_value(Kind::Gold));
    }

    #[test]
    fn a_defended_pawn_taken_by_a_rook_loses_the_rook() {
        // The pawn on 5e is defended by the gold on 5d.
        let pos = position("4k4/9/9/4g4/4p4/9/9/9/4RK3 b - 1");
        let expected = piece_value(Kind::Pawn) - piece_value(Kind::Rook);
        assert_eq!(see(&pos, mv(&pos, "5i5e")), expected);
    }

    #[test]
    fn a_defender_does_not_take_back_into_a_piece_behind() {
        // The pawn takes a gold the silver defends. Alone, the pawn is
        // taken back; with the rook behind it (seen through the pawn's
        // square), the silver would be lost too, so it keeps still.
        let alone = position("4k4/9/3s5/3g5/3P5/9/9/9/5K3 b - 1");
        let traded = piece_value(Kind::Gold) - piece_value(Kind::Pawn);
        assert_eq!(see(&alone, mv(&alone, "6e6d")), traded);
        let backed = position("4k4/9/3s5/3g5/3P5/9/9/9/3R1K3 b - 1");
        assert_eq!(see(&backed, mv(&backed, "6e6d")), piece_value(Kind::Gold));
    }

    #[test]
    fn below_compares_the_exchange_with_a_threshold() {
        // A gold dropped where a pawn takes it loses 540: below -500, not
        // below -600. Taking a defended gold with a silver is never below
        // anything, whatever follows on the square.
        let pos = position("4k4/9/4p4/9/9/9/9/9/5K3 b G 1");
        let gold = mv(&pos, "G*5d");
        assert!(below(&pos, gold, -500));
        assert!(!below(&pos, gold, -600));
        assert!(losing(&pos, gold));
        let pos = position("4k4/4g4/4g4/4S4/9/9/9/9/5K3 b - 1");
        let take = mv(&pos, "5d5c+");
        assert!(!losing(&pos, take));
    }

    #[test]
    fn a_drop_onto_an_attacked_square_loses_the_piece() {
        let pos = position("4k4/9/4p4/9/9/9/9/9/5K3 b G 1");
        assert_eq!(see(&pos, mv(&pos, "G*5d")), -piece_value(Kind::Gold));
        assert_eq!(see(&pos, mv(&pos, "G*1e")), 0);
    }
}
