//! The teams evaluation's features: everything it counts, each with an
//! index into the weight table ([`super::weights`]). The evaluation is
//! the sum of weight × value over them, so the same walk serves the
//! search and the fit that tunes the weights ([`crate::cpu::tune::fit`]).
//!
//! Values are signed from the Red and Yellow team's side: a feature of
//! Blue's or Green's counts −1. Squares are seen from the piece owner's
//! side, so one weight serves all four seats.

use crate::rules::chess4::attacks::AttackMap;
use crate::rules::chess4::position::PAWN_CAPTURES;
use crate::rules::chess4::tables::{KNIGHT, NEIGHBOR, OFF, dir_index};
use crate::rules::chess4::types::{FORWARD, GRID, SIDE, rank_of};
use crate::rules::chess4::{Kind, Piece, Position, Sq};

/// Ranks from a seat's own back rank.
const RANKS: usize = SIDE as usize;
/// How central a square can be ([`centre`]: 0 to 6).
const CENTRES: usize = 7;
/// What a pawn, knight, bishop, rook and queen are worth.
pub const MATERIAL: usize = 0;
/// A pawn's rank.
pub const PAWN_RANK: usize = MATERIAL + 5;
/// A knight's, bishop's, rook's or queen's [`centre`]: kind (4) × 7.
pub const CENTRE: usize = PAWN_RANK + RANKS;
/// A knight, bishop, rook or queen still on its back rank.
pub const HOME: usize = CENTRE + 4 * CENTRES;
/// The king's rank.
pub const KING_RANK: usize = HOME + 4;
/// Squares a knight, bishop, rook or queen could move to.
pub const MOBILITY: usize = KING_RANK + RANKS;
/// A knight, bishop, rook or queen that could be won: of the team to
/// move (its opponents win it only if it stays), then of the other team.
pub const THREAT: usize = MOBILITY + 4;
/// King danger, while the enemies have a queen and then without: no
/// pawn shield, off the back rank, both, two enemy seats attacking, and
/// the attackers' weight around the king ([`Pressure`]).
pub const KING: usize = THREAT + 2 * 4;
/// The side to move.
pub const TEMPO: usize = KING + 2 * 5;
/// How many weights there are.
pub const COUNT: usize = TEMPO + 1;

/// What a threat must win to count, in centipawns (a pawn does not).
const THREAT_GAIN: i32 = 100;
/// How much an attacker near a king weighs, by kind (a king none).
const KING_ATTACKER: [u16; 6] = [25, 30, 30, 40, 50, 0];
/// Percent of the attackers' weight on a square near a king that counts,
/// by how many there are: one alone does little, several together much.
const CROWD: [i32; 8] = [0, 50, 100, 120, 150, 200, 250, 300];

/// The pieces on the board, found by [`visit_placement`] for
/// [`visit_attacks`]: each with its square index, and whether each team
/// has a queen.
pub struct Pieces {
    placed: [(u8, Piece); 96],
    count: usize,
    queens: [bool; 2],
}

impl Default for Pieces {
    fn default() -> Pieces {
        Pieces {
            placed: [(0, Piece::new(Kind::Pawn, 0)); 96],
            count: 0,
            queens: [false; 2],
        }
    }
}

impl Pieces {
    fn all(&self) -> &[(u8, Piece)] {
        &self.placed[..self.count]
    }
}

/// Every feature of `pos`, for the fit.
pub fn visit(pos: &Position, visit: &mut dyn FnMut(usize, i32)) {
    let mut pieces = Pieces::default();
    visit_placement(pos, &mut pieces, &mut *visit);
    visit(TEMPO, sign(pos.to_move()));
    visit_attacks(pos, &pieces, visit);
}

/// +1 for Red's and Yellow's features, −1 for Blue's and Green's.
pub fn sign(seat: u8) -> i32 {
    1 - 2 * i32::from(seat % 2)
}

/// The cheap features, material and where each piece stands, filling
/// `pieces` for [`visit_attacks`]. Grey pieces count for nothing.
#[inline]
pub fn visit_placement(pos: &Position, pieces: &mut Pieces, mut visit: impl FnMut(usize, i32)) {
    for (i, piece) in pos.board.iter().enumerate() {
        let Some(p) = piece.filter(|p| !p.dead) else {
            continue;
        };
        let (sq, seat) = (Sq(i as u8), p.owner % 4);
        let s = sign(seat);
        let rank = usize::from(rank_of(seat, sq));
        match p.kind {
            Kind::Pawn => visit(PAWN_RANK + rank, s),
            Kind::King => visit(KING_RANK + rank, s),
            kind => {
                let k = kind as usize - 1;
                visit(CENTRE + k * CENTRES + centre(sq), s);
                if rank == 0 {
                    visit(HOME + k, s);
                }
            }
        }
        if p.kind != Kind::King {
            visit(MATERIAL + p.kind as usize, s);
        }
        pieces.queens[usize::from(seat % 2)] |= p.kind == Kind::Queen;
        if pieces.count < pieces.placed.len() {
            pieces.placed[pieces.count] = (i as u8, p);
            pieces.count += 1;
        }
    }
}

/// The features that need the attacks: mobility, pieces that could be
/// won, and each king's danger.
#[inline]
pub fn visit_attacks(pos: &Position, pieces: &Pieces, mut visit: impl FnMut(usize, i32)) {
    let mut map: AttackMap = [0; GRID];
    let mut pressure = Pressure::new();
    for &(i, p) in pieces.all() {
        let squares = activity(pos, &mut map, &mut pressure, usize::from(i), p);
        if !matches!(p.kind, Kind::Pawn | Kind::King) {
            visit(MOBILITY + p.kind as usize - 1, squares * sign(p.owner));
        }
    }
    let to_move = pos.to_move() % 2;
    for &(i, p) in pieces.all() {
        let (i, seat, kind) = (usize::from(i), p.owner % 4, p.kind);
        let team = usize::from(seat % 2);
        match kind {
            Kind::King => {
                let queen = pieces.queens[1 - team];
                let base = KING + 5 * usize::from(!queen);
                let danger = king_danger(pos, &map, &pressure, seat, i, queen);
                for (n, v) in danger.into_iter().enumerate().filter(|(_, v)| *v != 0) {
                    visit(base + n, v * sign(seat));
                }
            }
            _ if threatened(&map, &pressure, i, seat, kind) => {
                let other = usize::from(seat % 2 != to_move);
                visit(THREAT + 4 * other + kind as usize - 1, -sign(seat));
            }
            _ => {}
        }
    }
}

/// Per square and team: how many pieces attack it, their
/// [`KING_ATTACKER`] weights summed, and the value of the least of them
/// (a king counts as more than any piece).
struct Pressure {
    count: [[u8; 2]; GRID],
    weight: [[u16; 2]; GRID],
    least: [[u16; 2]; GRID],
}

impl Pressure {
    fn new() -> Pressure {
        Pressure {
            count: [[0; 2]; GRID],
            weight: [[0; 2]; GRID],
            least: [[u16::MAX; 2]; GRID],
        }
    }

    /// Counts an attack of a `kind` of `team` on square index `j`.
    fn mark(&mut self, j: u8, team: usize, kind: Kind) {
        let j = usize::from(j);
        self.count[j][team] += 1;
        self.weight[j][team] += KING_ATTACKER[kind as usize];
        let worth = match kind {
            Kind::King => u16::MAX - 1,
            kind => super::eval::value(kind) as u16,
        };
        self.least[j][team] = self.least[j][team].min(worth);
    }

    /// What the attacks on the square index `j` next to a king of `team`
    /// cost it: the enemies' weight, less half the defenders', each
    /// scaled by [`CROWD`]; never below nothing.
    fn on_king_square(&self, j: usize, team: usize) -> i32 {
        let side = |t: usize| {
            let n = usize::from(self.count[j][t]).min(CROWD.len() - 1);
            i32::from(self.weight[j][t]) * CROWD[n]
        };
        (side(1 - team) / 100 - side(team) / 200).max(0)
    }
}

/// The seats (a bit each) opposed to `seat`.
fn enemies_of(seat: u8) -> u8 {
    1 << ((seat + 1) % 4) | 1 << ((seat + 3) % 4)
}

/// Whether the piece of `seat` (a `kind`) on square index `i` could be
/// won: attacked and unguarded, or attacked by a piece worth
/// [`THREAT_GAIN`] less.
fn threatened(map: &AttackMap, pressure: &Pressure, i: usize, seat: u8, kind: Kind) -> bool {
    let enemies = enemies_of(seat);
    if map[i] & enemies == 0 {
        return false;
    }
    let friends = !enemies & 0xf;
    let least = i32::from(pressure.least[i][usize::from(1 - seat % 2)]);
    let worth = super::eval::value(kind);
    (map[i] & friends == 0 && worth >= THREAT_GAIN) || worth - least >= THREAT_GAIN
}

/// What the king of `seat` on square index `king` is in danger of: no
/// pawn shield, off its back rank, both, two enemy seats attacking the
/// squares around it (off the board's edge) at once, and the attackers'
/// weight there. The shield terms count only while the enemies have a
/// queen (`enemy_queen`); the weights of [`KING`] set the rest apart.
fn king_danger(
    pos: &Position,
    map: &AttackMap,
    pressure: &Pressure,
    seat: u8,
    king: usize,
    enemy_queen: bool,
) -> [i32; 5] {
    let team = usize::from(seat % 2);
    let mut danger = [0; 5];
    if enemy_queen {
        let shield = has_shield(pos, seat, king);
        let home = on_edge(king as u8);
        danger[0] = i32::from(!shield);
        danger[1] = i32::from(!home);
        danger[2] = i32::from(!shield && !home);
    }
    let mut seats = 0;
    let zone = NEIGHBOR[king].iter().copied().chain([king as u8]);
    for j in zone.filter(|&j| j != OFF && !on_edge(j)) {
        let j = usize::from(j);
        if pressure.count[j][1 - team] > 0 {
            seats |= map[j] & enemies_of(seat);
            danger[4] += pressure.on_king_square(j, team);
        }
    }
    danger[3] = i32::from(seats.count_ones() > 1);
    danger
}

/// Whether square index `j` is on the board's edge (a back rank).
fn on_edge(j: u8) -> bool {
    let sq = Sq(j);
    let last = SIDE - 1;
    sq.x() == 0 || sq.x() == last || sq.y() == 0 || sq.y() == last
}

/// Marks on `map` and `pr` the squares the piece `p` on square index `s`
/// attacks, and returns its mobility: the squares a knight, bishop, rook
/// or queen could move to.
fn activity(pos: &Position, map: &mut AttackMap, pr: &mut Pressure, s: usize, p: Piece) -> i32 {
    let bit = 1 << (p.owner % 4);
    // In teams a piece may go where no piece of its side stands.
    let side = p.owner % 2;
    let team = usize::from(side);
    let open = |j: u8| pos.board[usize::from(j)].is_none_or(|q| q.dead || q.owner % 2 != side);
    let mut squares = 0;
    match p.kind {
        Kind::Pawn => {
            for d in PAWN_CAPTURES[usize::from(p.owner % 4)] {
                let j = NEIGHBOR[s][d];
                if j != OFF {
                    map[usize::from(j)] |= bit;
                    pr.mark(j, team, p.kind);
                }
            }
        }
        Kind::King => {
            for &j in NEIGHBOR[s].iter().filter(|&&j| j != OFF) {
                map[usize::from(j)] |= bit;
                pr.mark(j, team, p.kind);
            }
        }
        Kind::Knight => {
            for &j in KNIGHT[s].iter().filter(|&&j| j != OFF) {
                map[usize::from(j)] |= bit;
                pr.mark(j, team, p.kind);
                squares += i32::from(open(j));
            }
        }
        kind => {
            for d in (0..8).filter(|&d| kind.slides_along(d)) {
                let mut cur = NEIGHBOR[s][d];
                while cur != OFF {
                    map[usize::from(cur)] |= bit;
                    pr.mark(cur, team, p.kind);
                    squares += i32::from(open(cur));
                    if pos.board[usize::from(cur)].is_some() {
                        break;
                    }
                    cur = NEIGHBOR[usize::from(cur)][d];
                }
            }
        }
    }
    squares
}

/// How central `sq` is: 6 on the four middle squares, 0 at the edge.
fn centre(sq: Sq) -> usize {
    let off = |c: u8| (2 * i32::from(c) - 13).unsigned_abs() as usize;
    6 - off(sq.x()).max(off(sq.y())) / 2
}

/// Whether each of the three lines in front of the king of `seat` on
/// square index `king` (straight ahead and the two diagonals) meets a
/// piece of its own, or the edge, within two squares.
fn has_shield(pos: &Position, seat: u8, king: usize) -> bool {
    let (fx, fy) = FORWARD[usize::from(seat)];
    let (sx, sy) = (fy, fx);
    [-1i8, 0, 1].iter().all(|&side| {
        let d = dir_index((fx + side * sx, fy + side * sy));
        let mut cur = king as u8;
        (0..2).any(|_| {
            cur = NEIGHBOR[usize::from(cur)][d];
            cur == OFF || pos.board[usize::from(cur)].is_some_and(|p| p.owner == seat)
        })
    })
}
