//! The static evaluation, in centipawn-like units from the side to move's
//! point of view: material (hand pieces a little above board pieces, since
//! a drop can go anywhere), piece placement, and king safety.
//!
//! Computed from scratch at every leaf: a shogi position has at most 40
//! pieces, and a full pass over them is cheap next to move generation.

use crate::rules::shogi::bitboard::{Bitboard, attacks, step_attacks};
use crate::rules::shogi::{Color, Kind, Position, Sq};

/// Board value of a piece kind (the king is never captured).
pub const fn piece_value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 90,
        Kind::Lance => 315,
        Kind::Knight => 405,
        Kind::Silver => 495,
        Kind::Gold => 540,
        Kind::Bishop => 855,
        Kind::Rook => 990,
        Kind::King => 15_000,
        Kind::ProPawn => 540,
        Kind::ProLance => 540,
        Kind::ProKnight => 540,
        Kind::ProSilver => 540,
        Kind::Horse => 945,
        Kind::Dragon => 1_395,
    }
}

/// What each square a bishop, rook, horse or dragon can move to is worth:
/// a boxed-in major piece does little.
const MOBILITY: i32 = 3;

/// Value of a piece held in hand: about 10% above the board value.
pub const fn hand_value(kind: Kind) -> i32 {
    piece_value(kind) * 11 / 10
}

/// The evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let white = side(pos, Color::White);
    let black = side(pos, Color::Black);
    let score = black - white;
    match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    }
}

/// Everything that counts for `color`.
fn side(pos: &Position, color: Color) -> i32 {
    let mut score = 0;
    for sq in pos.pieces(color) {
        let kind = pos.piece_at(sq).kind();
        score += piece_value(kind) + placement(kind, sq, color);
        if matches!(kind, Kind::Bishop | Kind::Rook | Kind::Horse | Kind::Dragon) {
            let reach = attacks(color, kind, sq, pos.occupied()) & !pos.pieces(color);
            score += MOBILITY * reach.count() as i32;
        }
    }
    let hand = pos.hand(color);
    for kind in hand.kinds() {
        score += hand_value(kind) * hand.count(kind) as i32;
    }
    score - piece_value(Kind::King) + king_safety(pos, color)
}

/// Piece-square bonus. `rank` counts from the enemy's back rank (0) to our
/// own (8), `file` from the nearer edge (0) to the centre (4).
fn placement(kind: Kind, sq: Sq, color: Color) -> i32 {
    let rank = sq.relative_rank(color) as i32;
    let edge = (sq.file() as i32).min(8 - sq.file() as i32);
    match kind {
        // Advanced pawns gain space and threaten promotion.
        Kind::Pawn => (6 - rank) * 4,
        // Silvers and golds work in the middle ranks, near the action or
        // guarding the king; on the back rank they are passive.
        Kind::Silver => [0, 10, 18, 24, 24, 18, 12, 6, -6][rank as usize],
        Kind::Gold => [-10, 0, 6, 10, 12, 14, 18, 16, 4][rank as usize] - edge * 2,
        // Knights and lances stuck on their starting ranks are fine; knights
        // that reach the far ranks cannot move again.
        Kind::Knight => [-60, -40, 10, 20, 14, 8, 4, 2, 0][rank as usize],
        Kind::Lance => [0, 0, 8, 6, 4, 2, 0, 0, 0][rank as usize],
        // A king in a castle (`囲い`) near its own corner is safest.
        Kind::King => [-150, -120, -90, -60, -35, -15, 5, 20, 25][rank as usize] - edge * 8,
        // Promoted minor pieces are worth most deep in the enemy camp.
        Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => (8 - rank) * 3,
        _ => 0,
    }
}

/// King safety (`玉の堅さ`): generals and promoted golds next to the king
/// defend it; enemy pieces near it, and the pieces the enemy holds in hand
/// (they can be dropped next to it), attack it. Open squares around the
/// king make the attack worse.
fn king_safety(pos: &Position, color: Color) -> i32 {
    let king = pos.king(color);
    let them = color.opponent();
    let near = step_attacks(color, Kind::King, king);
    let defenders = near & pos.pieces(color) & !pawns_and_lances(pos, color);
    let mut score = defenders.count() as i32 * 22;
    let zone = king_zone(king);
    let mut attack = 0;
    for sq in zone & pos.pieces(them) {
        attack += attack_weight(pos.piece_at(sq).kind());
    }
    let hand = pos.hand(them);
    for kind in hand.kinds() {
        attack += attack_weight(kind) * hand.count(kind).min(2) as i32 / 2;
    }
    let open = (near & !pos.occupied()).count() as i32;
    let attacked = near
        .filter(|&sq| pos.is_attacked(them, sq, pos.occupied()))
        .count() as i32;
    score -= attack * (4 + open + attacked) / 4;
    score - attacked * 18
}

fn pawns_and_lances(pos: &Position, color: Color) -> Bitboard {
    pos.pieces_of(color, Kind::Pawn) | pos.pieces_of(color, Kind::Lance)
}

/// How much a piece near the king (or in hand) contributes to an attack.
fn attack_weight(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 6,
        Kind::Lance | Kind::Knight => 14,
        Kind::Silver => 20,
        Kind::Bishop => 24,
        Kind::Rook => 30,
        Kind::Horse => 40,
        Kind::Dragon => 55,
        Kind::King => 0,
        _ => 24,
    }
}

/// The squares within two files and two ranks of `king`.
#[inline]
fn king_zone(king: Sq) -> Bitboard {
    KING_ZONES[king.index()]
}

static KING_ZONES: [Bitboard; 81] = build_zones();

const fn build_zones() -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut s = 0;
    while s < 81 {
        let (f, r) = ((s / 9) as i32, (s % 9) as i32);
        let mut bits = 0u128;
        let mut df = -2;
        while df <= 2 {
            let mut dr = -2;
            while dr <= 2 {
                let (nf, nr) = (f + df, r + dr);
                if nf >= 0 && nf < 9 && nr >= 0 && nr < 9 {
                    bits |= 1u128 << (nf * 9 + nr);
                }
                dr += 1;
            }
            df += 1;
        }
        table[s] = Bitboard(bits);
        s += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_and_material_counts() {
        let start = Position::startpos();
        assert!(evaluate(&start).abs() < 30, "{}", evaluate(&start));
        // Sente is a rook up.
        let up =
            Position::from_sfen("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
                .unwrap();
        assert!(evaluate(&up) > 800, "{}", evaluate(&up));
    }
}
