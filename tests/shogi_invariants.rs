//! Invariants of the two-player shogi engine, checked on random games
//! (proptest) and on hand-picked positions: generated moves are legal and
//! `is_legal` agrees with the generated list on every encodable move;
//! make/unmake restores the position and the hash; `gives_check` tells
//! the checks without playing them; the incremental hash
//! equals a fresh one; SFEN and USI round-trip.

use banmen::rules::shogi::{Kind, Move, Position, Sq};
use proptest::prelude::*;

/// Positions that stress drops, promotions and checks.
const POSITIONS: [&str; 5] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "8k/9/8P/9/9/9/9/9/K8 b P 1",
    "4k4/9/4P4/9/9/9/9/9/4K4 w RBGSNLPrbgsnlp 1",
];

/// Every move the 16-bit encoding can express on this board: all
/// from/to pairs with and without promotion, and every drop.
fn every_encodable_move() -> Vec<Move> {
    let squares = || (0..81u8).map(Sq);
    let mut all = Vec::new();
    for from in squares() {
        for to in squares() {
            all.push(Move::step(from, to, false));
            all.push(Move::step(from, to, true));
        }
    }
    for kind in Kind::HAND {
        for to in squares() {
            all.push(Move::drop(kind, to));
        }
    }
    all
}

fn check_position(pos: &Position, all: &[Move]) {
    let legal = pos.legal_moves();
    let mut sorted: Vec<Move> = legal.to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        legal.len(),
        "duplicate moves in {}",
        pos.to_sfen()
    );
    assert_eq!(pos.count_legal(), legal.len() as u64);
    for &mv in all {
        let listed = sorted.binary_search(&mv).is_ok();
        assert_eq!(pos.is_legal(mv), listed, "{mv} in {}", pos.to_sfen());
    }
    assert_eq!(pos.hash(), pos.fresh_hash());
    let reread = Position::from_sfen(&pos.to_sfen()).expect("written SFEN reads back");
    assert_eq!(&reread, pos);
    for &mv in legal.iter() {
        assert_eq!(pos.parse_usi(&mv.to_usi()), Ok(mv));
        let mut after = pos.clone();
        let undo = after.make(mv);
        assert_eq!(after.hash(), after.fresh_hash(), "hash after {mv}");
        assert_eq!(
            pos.gives_check(mv),
            after.in_check(),
            "{mv} gives check in {}",
            pos.to_sfen()
        );
        assert!(
            !after.is_attacked(
                after.side_to_move(),
                after.king(pos.side_to_move()),
                after.occupied()
            ),
            "{mv} leaves the king in check in {}",
            pos.to_sfen()
        );
        after.unmake(mv, undo);
        assert_eq!(&after, pos, "unmake of {mv}");
    }
}

#[test]
fn invariants_hold_on_hand_picked_positions() {
    let all = every_encodable_move();
    for sfen in POSITIONS {
        check_position(&Position::from_sfen(sfen).unwrap(), &all);
    }
}

/// Plays a random game: each choice picks one of the legal moves.
fn random_game(start: &str, choices: &[u16]) -> Vec<Position> {
    let mut pos = Position::from_sfen(start).unwrap();
    let mut seen = vec![pos.clone()];
    for choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make(moves[*choice as usize % moves.len()]);
        seen.push(pos.clone());
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn invariants_hold_along_random_games(
        start in 0..POSITIONS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let all = every_encodable_move();
        let positions = random_game(POSITIONS[start], &choices);
        // Every tenth position and the last one get the full check.
        for (i, pos) in positions.iter().enumerate() {
            if i % 10 == 0 || i + 1 == positions.len() {
                check_position(pos, &all);
            }
        }
    }

    #[test]
    fn sfen_reader_never_panics(text in "[1-9a-zA-Z+/ *-]{0,100}") {
        let _ = Position::from_sfen(&text);
    }

    #[test]
    fn usi_reader_never_panics(text in "\\PC{0,8}") {
        let _ = Position::startpos().parse_usi(&text);
    }
}
