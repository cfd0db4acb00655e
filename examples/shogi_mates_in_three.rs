//! `cargo run --example shogi_mates_in_three`: prints up to 31 positions
//! (gote's king in the corner, one piece of each side near it, sente to
//! move with a few pieces in hand) that the two-player shogi search scores
//! as mate in exactly 3, to pick test positions from (`tests/cpu_shogi.rs`
//! took its mate in three from here).

use banmen::cpu::shogi::search::{Limits, MATE, search};
use banmen::rules::shogi::Position;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let limits = Limits {
        depth: 4,
        time: Duration::from_millis(200),
        noise: 0,
        tt_bits: 16,
        spend_all: false,
    };
    let kinds = ['G', 'S', 'N', 'L', 'P', 'B', 'R'];
    let hands = ["G", "S", "GS", "GG", "B", "R", "N", "SS", "GN", "RG"];
    let squares = [
        "2a", "2b", "2c", "1b", "1c", "3a", "3b", "3c", "2d", "1d", "3d",
    ];
    let mut found = 0;
    for hand in hands {
        for bk in kinds {
            for bsq in squares {
                for wk in ['l', 'p', 's', 'g', 'n'] {
                    for wsq in squares {
                        if bsq == wsq {
                            continue;
                        }
                        let sfen = build(&[(bk, bsq), (wk, wsq)], hand);
                        let Ok(pos) = Position::from_sfen(&sfen) else {
                            continue;
                        };
                        let r = search(&pos, &[], &limits, &AtomicBool::new(false));
                        if r.score == MATE - 3 {
                            println!("{sfen}");
                            found += 1;
                            if found > 30 {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// An SFEN with gote's king on 1a, sente's on 5i, `pieces` placed, sente
/// to move holding `hand`.
fn build(pieces: &[(char, &str)], hand: &str) -> String {
    let mut board = [['.'; 9]; 9];
    board[0][8] = 'k';
    board[8][4] = 'K';
    for &(p, sq) in pieces {
        let b = sq.as_bytes();
        let file = (b[0] - b'1') as usize;
        let rank = (b[1] - b'a') as usize;
        board[rank][8 - file] = p;
    }
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    format!("{} b {hand} 1", rows.join("/"))
}
