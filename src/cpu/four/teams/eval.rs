//! What a position is worth to the side to move, in centipawns: both
//! seats' material, where the pieces stand, how far the pawns have come,
//! the enemy pieces close to each king, and the move.

use crate::rules::chess4::attacks::AttackMap;
use crate::rules::chess4::position::PAWN_CAPTURES;
use crate::rules::chess4::tables::{KNIGHT, NEIGHBOR, OFF};
use crate::rules::chess4::types::{GRID, rank_of};
use crate::rules::chess4::{Kind, Piece, Position, Sq};

/// What having the move is worth.
const TEMPO: i32 = 20;
/// What a piece on its own back rank (undeveloped) loses.
const UNDEVELOPED: i32 = 15;
/// What each of a king's own pawns just in front of it is worth.
const SHELTER: i32 = 12;
/// The most an attack on one king costs.
const MAX_DANGER: i32 = 700;
/// What an attack on a king's square or around it costs, times the
/// number of such attacks (each square counted once per enemy seat, the
/// king's own square twice).
const KING_ZONE: i32 = 6;
/// A piece attacked by an enemy and guarded by none of its side loses
/// this fraction of its value.
const LOOSE: i32 = 8;

/// A piece kind's worth in centipawns (a king none: it is never traded).
/// A pawn is worth less than in two-player chess: there are many, and
/// they have far to go.
pub(crate) fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 70,
        Kind::Knight => 300,
        Kind::Bishop => 400,
        Kind::Rook => 500,
        Kind::Queen => 1000,
        Kind::King => 0,
    }
}

/// The position's worth for the side to move: its team's total less the
/// other team's, and the tempo. Grey pieces count for nothing.
pub(crate) fn evaluate(pos: &Position) -> i32 {
    let mut map: AttackMap = [0; GRID];
    let mut teams = [0i32; 2];
    let mut placed = [(0u8, Kind::Pawn, 0u8); 96];
    let mut count = 0;
    for (i, piece) in pos.board.iter().enumerate() {
        let Some(p) = piece.filter(|p| !p.dead) else {
            continue;
        };
        let (sq, seat) = (Sq(i as u8), p.owner % 4);
        let worth = value(p.kind) + placement(p.kind, seat, sq) + activity(pos, &mut map, i, p);
        teams[usize::from(seat % 2)] += worth;
        if count < placed.len() {
            placed[count] = (i as u8, p.kind, seat);
            count += 1;
        }
    }
    for &(i, kind, seat) in &placed[..count] {
        let i = usize::from(i);
        let (enemies, friends) = (enemies_of(seat), !enemies_of(seat) & 0xf);
        let loss = match kind {
            Kind::King => king_danger(&map, i, enemies) - shelter(pos, seat, Sq(i as u8)),
            _ if map[i] & enemies != 0 && map[i] & friends == 0 => value(kind) / LOOSE,
            _ => 0,
        };
        teams[usize::from(seat % 2)] -= loss;
    }
    let me = usize::from(pos.to_move() % 2);
    teams[me] - teams[1 - me] + TEMPO
}

/// The seats (a bit each) opposed to `seat`.
fn enemies_of(seat: u8) -> u8 {
    1 << ((seat + 1) % 4) | 1 << ((seat + 3) % 4)
}

/// What the enemies' attacks on the king on square index `king` and the
/// squares around it cost its side: more than in proportion to their
/// number, up to [`MAX_DANGER`].
fn king_danger(map: &AttackMap, king: usize, enemies: u8) -> i32 {
    let hits = |j: u8| (map[usize::from(j)] & enemies).count_ones() as i32;
    let around: i32 = NEIGHBOR[king]
        .iter()
        .filter(|&&j| j != OFF)
        .map(|&j| hits(j))
        .sum();
    let units = around + 2 * hits(king as u8);
    (KING_ZONE * units * units).min(MAX_DANGER)
}

/// Marks on `map` the squares the piece `p` on square index `s` attacks,
/// and returns what its mobility is worth: the squares a knight, bishop,
/// rook or queen could move to.
fn activity(pos: &Position, map: &mut AttackMap, s: usize, p: Piece) -> i32 {
    let bit = 1 << (p.owner % 4);
    // In teams a piece may go where no piece of its side stands.
    let side = p.owner % 2;
    let open = |j: u8| pos.board[usize::from(j)].is_none_or(|q| q.dead || q.owner % 2 != side);
    let mut squares = 0;
    match p.kind {
        Kind::Pawn => {
            for d in PAWN_CAPTURES[usize::from(p.owner % 4)] {
                let j = NEIGHBOR[s][d];
                if j != OFF {
                    map[usize::from(j)] |= bit;
                }
            }
        }
        Kind::King => {
            for &j in NEIGHBOR[s].iter().filter(|&&j| j != OFF) {
                map[usize::from(j)] |= bit;
            }
        }
        Kind::Knight => {
            for &j in KNIGHT[s].iter().filter(|&&j| j != OFF) {
                map[usize::from(j)] |= bit;
                squares += i32::from(open(j));
            }
        }
        kind => {
            for d in (0..8).filter(|&d| kind.slides_along(d)) {
                let mut cur = NEIGHBOR[s][d];
                while cur != OFF {
                    map[usize::from(cur)] |= bit;
                    squares += i32::from(open(cur));
                    if pos.board[usize::from(cur)].is_some() {
                        break;
                    }
                    cur = NEIGHBOR[usize::from(cur)][d];
                }
            }
        }
    }
    squares * mobility(p.kind)
}

/// What each square a piece could move to is worth.
fn mobility(kind: Kind) -> i32 {
    match kind {
        Kind::Knight | Kind::Bishop => 4,
        Kind::Rook => 3,
        Kind::Queen => 2,
        Kind::Pawn | Kind::King => 0,
    }
}

/// Where a piece of `seat` on `sq` stands: knights and bishops toward
/// the centre and off the back rank, pawns forward (more the nearer
/// promotion), the king at home.
fn placement(kind: Kind, seat: u8, sq: Sq) -> i32 {
    let rank = i32::from(rank_of(seat, sq));
    let home = i32::from(rank == 0) * UNDEVELOPED;
    match kind {
        Kind::Pawn => {
            let ahead = (rank - 1).max(0);
            2 * ahead * ahead + 100 * (ahead - 5).max(0)
        }
        Kind::Knight => 8 * centre(sq) - 20 - home,
        Kind::Bishop => 4 * centre(sq) - home,
        Kind::Rook | Kind::Queen => 2 * centre(sq),
        Kind::King => -25 * (rank - 1).max(0),
    }
}

/// How central `sq` is: 6 on the four middle squares, 0 at the edge.
fn centre(sq: Sq) -> i32 {
    let off = |c: u8| (2 * i32::from(c) - 13).abs();
    6 - off(sq.x()).max(off(sq.y())) / 2
}

/// What `seat`'s own pawns on the three squares in front of its king on
/// `king` are worth.
fn shelter(pos: &Position, seat: u8, king: Sq) -> i32 {
    let (fx, fy) = crate::rules::chess4::types::FORWARD[usize::from(seat)];
    let (sx, sy) = (fy, fx);
    let mut count = 0;
    for side in [-1i8, 0, 1] {
        let x = king.x() as i8 + fx + side * sx;
        let y = king.y() as i8 + fy + side * sy;
        if !(0..14).contains(&x) || !(0..14).contains(&y) {
            continue;
        }
        let own_pawn = pos
            .piece_at(Sq::new(x as u8, y as u8))
            .is_some_and(|p| p.kind == Kind::Pawn && p.owner == seat);
        count += i32::from(own_pawn);
    }
    SHELTER * count
}
