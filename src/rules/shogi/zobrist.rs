//! Zobrist keys for shogi positions: one per (piece, square), one per
//! (color, hand kind, count) and one for gote to move. The keys come from a
//! fixed SplitMix64 stream, so hashes are the same in every run and build
//! (stored game logs and tests may rely on that).

use super::types::{Color, Kind, Piece, Sq};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// Hand counts go up to 18 (pawns).
const MAX_HAND: usize = 19;

struct Keys {
    board: [[u64; 81]; 32],
    hand: [[[u64; MAX_HAND]; 8]; 2],
    gote: u64,
}

const fn build() -> Keys {
    let mut keys = Keys {
        board: [[0; 81]; 32],
        hand: [[[0; MAX_HAND]; 8]; 2],
        gote: 0,
    };
    let mut state = 0x6261_6e6d_656e_u64; // "banmen"
    let mut p = 0;
    while p < 32 {
        let mut sq = 0;
        while sq < 81 {
            let (s, k) = splitmix(state);
            state = s;
            keys.board[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 8 {
            // Count 0 hashes to 0, so an empty hand needs no key.
            let mut n = 1;
            while n < MAX_HAND {
                let (s, key) = splitmix(state);
                state = s;
                keys.hand[c][k][n] = key;
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    keys.gote = splitmix(state).1;
    keys
}

static KEYS: Keys = build();

/// Key of `piece` standing on `sq`.
#[inline]
pub fn piece(piece: Piece, sq: Sq) -> u64 {
    KEYS.board[piece.index()][sq.index()]
}

/// Key of `color` holding `count` pieces of `kind` in hand.
#[inline]
pub fn hand(color: Color, kind: Kind, count: u8) -> u64 {
    KEYS.hand[color.index()][kind.index()][(count as usize).min(MAX_HAND - 1)]
}

/// Key xored in when gote is to move.
#[inline]
pub fn gote() -> u64 {
    KEYS.gote
}
