//! The evaluation's features: everything it counts, each with an index
//! into the weight table ([`super::weights`]). The evaluation is the sum
//! of weight × value over them, so the same walk serves the search and
//! the fit that tunes the weights ([`crate::cpu::tune::fit`]).
//!
//! Values are signed from sente's side: a feature of gote's pieces counts
//! −1. Squares are seen from the piece owner's side, so one weight serves
//! both colours.

use crate::rules::shogi::bitboard::{
    Bitboard, attacks, bishop_attacks, bishop_pseudo, lance_attacks, lance_pseudo, rook_attacks,
    rook_pseudo, step_attacks,
};
use crate::rules::shogi::{Color, Kind, Position, Sq};

/// Piece-square: kind (14) × rank from the enemy's back rank (9) × file
/// from the nearer edge (5). Holds the material too.
pub const PIECE_SQUARE: usize = 0;
/// A hand kind's `n`th piece, for `n` up to [`HAND_CAP`] of that kind:
/// the first pawn in hand is worth more than the fifth.
pub const HAND: usize = PIECE_SQUARE + 14 * 9 * 5;
/// Hand slots per hand kind, in [`Kind::HAND`] order.
pub const HAND_CAP: [usize; 7] = [8, 4, 4, 4, 2, 2, 4];
const HAND_SLOTS: usize = {
    let (mut sum, mut i) = (0, 0);
    while i < HAND_CAP.len() {
        sum += HAND_CAP[i];
        i += 1;
    }
    sum
};
/// A non-king piece's place near its own king: kind (13) × offset bucket.
pub const NEAR_OWN_KING: usize = HAND + HAND_SLOTS;
/// The same near the enemy king: attackers.
pub const NEAR_ENEMY_KING: usize = NEAR_OWN_KING + 13 * BUCKETS;
/// Squares a bishop, rook, horse or dragon reaches (4 kinds).
pub const MOBILITY: usize = NEAR_ENEMY_KING + 13 * BUCKETS;
/// Enemy hand pieces (7 kinds, two at most) times how open the king is.
pub const HAND_PRESSURE: usize = MOBILITY + 4;
/// Attackers within two squares of the king (13 kinds) times how open it is.
pub const ZONE_PRESSURE: usize = HAND_PRESSURE + 7;
/// The number (0 to 8) of squares next to the king the enemy attacks.
pub const ATTACKED_NEAR_KING: usize = ZONE_PRESSURE + 13;
/// The number (0 to 8) of squares next to the king the enemy attacks and
/// no other piece of the king's side guards: where a drop or a capture
/// lands with the king as the only guard. Counted when the enemy attacks
/// any square next to the king.
pub const WEAK_NEAR_KING: usize = ATTACKED_NEAR_KING + 9;
/// Enemy hand pieces (7 kinds) times the empty squares next to the king
/// the enemy attacks and nothing but the king guards: a drop there is a
/// check the king alone must answer.
pub const DROP_THREAT: usize = WEAK_NEAR_KING + 9;
/// The side to move.
pub const TEMPO: usize = DROP_THREAT + 7;
/// How many weights there are.
pub const COUNT: usize = TEMPO + 1;

/// Offsets from a king: files 0 to 3 away × ranks −3 to +3, and one for
/// everything farther.
const BUCKETS: usize = 4 * 7 + 1;

/// Calls `visit(index, value)` for the features of `pos`; a feature
/// that is absent may be left out, and one index may come more than once.
#[inline]
pub fn visit(pos: &Position, mut visit: impl FnMut(usize, i32)) {
    visit_placement(pos, &mut visit);
    visit_rest(pos, &mut visit);
}

/// The placement features: each piece's square and its offsets from
/// both kings. They change only with the pieces a move touches (all of
/// a side's when its king moves), so the search keeps their sum move by
/// move ([`super::eval::Placement`]) instead of visiting them at every leaf.
#[inline]
pub fn visit_placement(pos: &Position, visit: &mut impl FnMut(usize, i32)) {
    for color in Color::BOTH {
        let kings = (pos.king(color), pos.king(color.opponent()));
        for sq in pos.pieces(color) {
            piece(pos.piece_at(sq).kind(), sq, color, kings, visit);
        }
    }
}

/// The other features: pieces in hand, king safety, mobility of the
/// major pieces, the side to move.
#[inline]
pub fn visit_rest(pos: &Position, visit: &mut impl FnMut(usize, i32)) {
    for color in Color::BOTH {
        let sign = sign(color);
        mobility(pos, color, sign, visit);
        hand(pos, color, sign, visit);
        king_safety(pos, color, -sign, visit);
    }
    visit(TEMPO, sign(pos.side_to_move()));
}

fn sign(color: Color) -> i32 {
    match color {
        Color::Black => 1,
        Color::White => -1,
    }
}

/// The placement features of `color`'s `kind` on `sq`, `kings` being
/// `color`'s own king's square and the enemy king's.
#[inline]
pub fn piece(
    kind: Kind,
    sq: Sq,
    color: Color,
    (own, enemy): (Sq, Sq),
    visit: &mut impl FnMut(usize, i32),
) {
    let sign = sign(color);
    visit(piece_square(kind, sq, color), sign);
    if kind == Kind::King {
        return;
    }
    let k = non_king(kind) * BUCKETS;
    visit(NEAR_OWN_KING + k + bucket(own, sq, color), sign);
    visit(NEAR_ENEMY_KING + k + bucket(enemy, sq, color), sign);
}

/// The squares `color`'s bishops, rooks, horses and dragons reach.
#[inline]
fn mobility(pos: &Position, color: Color, sign: i32, visit: &mut impl FnMut(usize, i32)) {
    for (m, kind) in MAJORS.into_iter().enumerate() {
        for sq in pos.pieces_of(color, kind) {
            let reach = attacks(color, kind, sq, pos.occupied()) & !pos.pieces(color);
            visit(MOBILITY + m, sign * reach.count() as i32);
        }
    }
}

/// Each piece `color` holds, by its rank among those of its kind.
#[inline]
fn hand(pos: &Position, color: Color, sign: i32, visit: &mut impl FnMut(usize, i32)) {
    let hand = pos.hand(color);
    let mut base = HAND;
    for (i, kind) in Kind::HAND.into_iter().enumerate() {
        let n = (hand.count(kind) as usize).min(HAND_CAP[i]);
        for slot in 0..n {
            visit(base + slot, sign);
        }
        base += HAND_CAP[i];
    }
}

/// How exposed `color`'s king is, counted with `sign` (against `color`).
#[inline]
fn king_safety(pos: &Position, color: Color, sign: i32, visit: &mut impl FnMut(usize, i32)) {
    let king = pos.king(color);
    let them = color.opponent();
    let near = step_attacks(color, Kind::King, king);
    let open = (near & !pos.occupied()).count() as i32;
    let attacked = attacked_near(pos, them, pos.pieces(them), king, near);
    visit(ATTACKED_NEAR_KING + attacked.count() as usize, sign);
    let weak = unguarded(pos, color, king, near, attacked);
    if !attacked.is_empty() {
        visit(WEAK_NEAR_KING + weak.count() as usize, sign);
    }
    let landing = (weak & !pos.occupied()).count() as i32;
    let exposure = open + attacked.count() as i32;
    let hand = pos.hand(them);
    for (i, kind) in Kind::HAND.into_iter().enumerate() {
        let n = hand.count(kind).min(2) as i32;
        if n > 0 {
            visit(HAND_PRESSURE + i, sign * n * exposure);
            visit(DROP_THREAT + i, sign * landing);
        }
    }
    if exposure > 0 {
        for sq in king_zone(king) & pos.pieces(them) {
            let kind = pos.piece_at(sq).kind();
            if kind != Kind::King {
                visit(ZONE_PRESSURE + non_king(kind), sign * exposure);
            }
        }
    }
}

/// The squares of `attacked` (next to `color`'s `king`) that no other
/// piece of `color` guards.
#[inline]
fn unguarded(
    pos: &Position,
    color: Color,
    king: Sq,
    near: Bitboard,
    attacked: Bitboard,
) -> Bitboard {
    if attacked.is_empty() {
        return attacked;
    }
    let guards = pos.pieces(color) & !Bitboard::from_sq(king);
    attacked & !attacked_near(pos, color, guards, king, near)
}

/// The squares of `near` (those next to `king`) that `them`'s `pieces`
/// attack: what asking [`Position::attackers_to`] of each would give, in
/// one pass over the pieces close enough to step there and the sliders
/// whose lines cross them (most of the time none does). `pieces` is all
/// of `them`'s, or all but their king to ask which squares other pieces
/// guard.
#[inline]
fn attacked_near(
    pos: &Position,
    them: Color,
    pieces: Bitboard,
    king: Sq,
    near: Bitboard,
) -> Bitboard {
    let occupied = pos.occupied();
    let close = pieces & KING_REACH[king.index()];
    let mut hit = Bitboard::EMPTY;
    for sq in close {
        hit |= attacks(them, pos.piece_at(sq).kind(), sq, occupied);
    }
    let far = |kind: Kind| pos.pieces_of(them, kind) & pieces & !close;
    let reaches = |pseudo: Bitboard| !(pseudo & near).is_empty();
    for sq in far(Kind::Rook) | far(Kind::Dragon) {
        if reaches(rook_pseudo(sq)) {
            hit |= rook_attacks(sq, occupied);
        }
    }
    for sq in far(Kind::Bishop) | far(Kind::Horse) {
        if reaches(bishop_pseudo(sq)) {
            hit |= bishop_attacks(sq, occupied);
        }
    }
    for sq in far(Kind::Lance) {
        if reaches(lance_pseudo(them, sq)) {
            hit |= lance_attacks(them, sq, occupied);
        }
    }
    hit & near
}

/// The piece-square index of `kind` on `sq` owned by `color`.
#[inline]
pub fn piece_square(kind: Kind, sq: Sq, color: Color) -> usize {
    let rank = sq.relative_rank(color) as usize;
    let edge = (sq.file() as usize).min(8 - sq.file() as usize);
    PIECE_SQUARE + (kind.index() - 1) * 45 + rank * 5 + edge
}

/// Index 0..13 of a non-king kind.
#[inline]
fn non_king(kind: Kind) -> usize {
    let i = kind.index() - 1;
    if i > Kind::King.index() - 1 { i - 1 } else { i }
}

/// The kinds whose reach is counted, in [`MOBILITY`] order.
const MAJORS: [Kind; 4] = [Kind::Bishop, Kind::Rook, Kind::Horse, Kind::Dragon];

/// The offset bucket of `sq` from `king`, seen from `color`'s side
/// (ranks grow towards `color`'s own back rank).
#[inline]
fn bucket(king: Sq, sq: Sq, color: Color) -> usize {
    let df = (sq.file() as i32 - king.file() as i32).abs();
    let dr = sq.relative_rank(color) as i32 - king.relative_rank(color) as i32;
    if df > 3 || dr.abs() > 3 {
        return BUCKETS - 1;
    }
    (df * 7 + dr + 3) as usize
}

/// The squares within two files and two ranks of `king`.
#[inline]
fn king_zone(king: Sq) -> Bitboard {
    KING_ZONES[king.index()]
}

static KING_ZONES: [Bitboard; 81] = build_zones(2);
/// The squares within two files and three ranks of a king: where a piece
/// that steps (a knight's jump included) must stand to attack a square
/// next to it.
static KING_REACH: [Bitboard; 81] = build_zones(3);

/// Per square, the squares within two files and `ranks` ranks of it.
const fn build_zones(ranks: i32) -> [Bitboard; 81] {
    let mut table = [Bitboard::EMPTY; 81];
    let mut s = 0;
    while s < 81 {
        let (f, r) = ((s / 9) as i32, (s % 9) as i32);
        let mut bits = 0u128;
        let mut df = -2;
        while df <= 2 {
            let mut dr = -ranks;
            while dr <= ranks {
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

    /// The same position with the colours swapped: the board turned
    /// round, the case of every piece swapped, the hands exchanged.
    fn flipped(sfen: &str) -> String {
        let f: Vec<&str> = sfen.split_whitespace().collect();
        let swap = |c: char| match c.is_ascii_uppercase() {
            true => c.to_ascii_lowercase(),
            false => c.to_ascii_uppercase(),
        };
        let rows: Vec<String> = f[0]
            .split('/')
            .rev()
            .map(|row| {
                // Reverse squares, keeping '+' before its piece.
                let mut squares: Vec<String> = Vec::new();
                let mut plus = false;
                for c in row.chars() {
                    match c {
                        '+' => plus = true,
                        _ => {
                            let p = if plus { "+" } else { "" };
                            squares.push(format!("{p}{}", swap(c)));
                            plus = false;
                        }
                    }
                }
                squares.reverse();
                squares.concat()
            })
            .collect();
        let side = if f[1] == "b" { "w" } else { "b" };
        let hands: String = match f[2] {
            "-" => "-".into(),
            h => h.chars().map(swap).collect(),
        };
        format!("{} {side} {hands} 1", rows.join("/"))
    }

    fn sum(pos: &Position) -> i64 {
        let mut total = 0;
        visit(pos, |i, v| {
            assert!(i < COUNT, "index {i} out of range");
            total += i64::from(super::super::weights::WEIGHTS[i]) * i64::from(v);
        });
        total
    }

    #[test]
    fn swapping_the_colours_negates_every_sum() {
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "ln1g3nl/1r1sk1g2/p1pppp1pp/1p4p2/7P1/2P1S4/PP1PPPP1P/1BG4R1/LN2KGSNL w BS 1",
            "+R1p1kgb2/3sgs1pb/ppnp2p2/5p3/4p4/2PN1PP1P/NP1PP2P1/2SG1R3/L2KG2NL b 2L2Ps 57",
            "+P2gkn1+R+S/1+Lsr5/1pppgpN2/4p1p2/7P1/9/1+bPPPPP+b1/3S1S3/1+p1GKG3 w N2L2Pnl2p 54",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            let other = Position::from_sfen(&flipped(sfen)).unwrap();
            assert_eq!(sum(&pos), -sum(&other), "{sfen} / {}", flipped(sfen));
        }
    }

    /// The squares of `among` for which `keep` holds.
    fn squares_where(among: Bitboard, keep: impl Fn(Sq) -> bool) -> Bitboard {
        among
            .filter(|&sq| keep(sq))
            .fold(Bitboard::EMPTY, |bb, sq| bb | Bitboard::from_sq(sq))
    }

    /// Along long random games from two positions (sliders, knights and
    /// promoted pieces come near both kings), the one-pass attack map of
    /// the squares next to each king is what `is_attacked` says square by
    /// square, and the map of its own side's guards (the king left out)
    /// what `attackers_to` says.
    #[test]
    fn the_attacks_next_to_a_king_are_those_is_attacked_finds() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let (mut squares, mut attacked) = (0, 0);
        for start in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "+R1p1kgb2/3sgs1pb/ppnp2p2/5p3/4p4/2PN1PP1P/NP1PP2P1/2SG1R3/L2KG2NL b 2L2Ps 57",
        ] {
            let mut pos = Position::from_sfen(start).unwrap();
            for _ in 0..400 {
                for color in Color::BOTH {
                    let (king, them) = (pos.king(color), color.opponent());
                    let near = step_attacks(color, Kind::King, king);
                    let one_by_one =
                        squares_where(near, |sq| pos.is_attacked(them, sq, pos.occupied()));
                    let all = pos.pieces(them);
                    assert_eq!(attacked_near(&pos, them, all, king, near), one_by_one);
                    let guards = pos.pieces(color) & !Bitboard::from_sq(king);
                    let guarded = squares_where(near, |sq| {
                        !(pos.attackers_to(color, sq, pos.occupied()) & guards).is_empty()
                    });
                    assert_eq!(attacked_near(&pos, color, guards, king, near), guarded);
                    squares += near.count();
                    attacked += one_by_one.count();
                }
                let Some(mv) = super::super::random_move(&pos, &mut seed) else {
                    break;
                };
                pos.make(mv);
            }
        }
        // The games put kings under attack often enough to mean something.
        assert!(attacked * 10 > squares, "{attacked} of {squares}");
    }

    /// A gote silver attacks two squares in front of sente's lone king:
    /// both are weak and both are landing squares for gote's gold in
    /// hand; a sente gold beside the king guards one of them.
    #[test]
    fn squares_only_the_king_guards_are_weak_and_drops_land_there() {
        let features = |sfen: &str| {
            let mut seen = Vec::new();
            visit(&Position::from_sfen(sfen).unwrap(), |i, v| {
                seen.push((i, v))
            });
            seen
        };
        let gold = Kind::HAND.iter().position(|&k| k == Kind::Gold).unwrap();
        let bare = features("4k4/9/9/9/9/9/5s3/9/4K4 b g 1");
        assert!(bare.contains(&(WEAK_NEAR_KING + 2, -1)), "{bare:?}");
        assert!(bare.contains(&(DROP_THREAT + gold, -2)), "{bare:?}");
        let guarded = features("4k4/9/9/9/9/9/5s3/9/3GK4 b g 1");
        assert!(guarded.contains(&(WEAK_NEAR_KING + 1, -1)), "{guarded:?}");
        assert!(guarded.contains(&(DROP_THREAT + gold, -1)), "{guarded:?}");
    }

    #[test]
    fn a_piece_in_hand_adds_its_next_slot() {
        let none = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
        let two = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2P 1").unwrap();
        let count = |pos: &Position| {
            let mut seen = Vec::new();
            visit(pos, |i, v| seen.push((i, v)));
            seen
        };
        let (a, b) = (count(&none), count(&two));
        let added: Vec<_> = b.iter().filter(|f| !a.contains(f)).collect();
        assert!(
            added.contains(&&(HAND, 1)) && added.contains(&&(HAND + 1, 1)),
            "{added:?}"
        );
        assert!(!b.iter().any(|&(i, _)| i == HAND + 2));
    }
}
