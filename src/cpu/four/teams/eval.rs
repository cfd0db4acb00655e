//! What a position is worth to the side to move, in centipawns: both
//! seats' material, where the pieces stand, how far the pawns have come,
//! the pieces that could be won, the enemy pieces close to each king,
//! and the move.

use crate::rules::chess4::attacks::AttackMap;
use crate::rules::chess4::position::PAWN_CAPTURES;
use crate::rules::chess4::tables::{KNIGHT, NEIGHBOR, OFF, dir_index};
use crate::rules::chess4::types::{FORWARD, GRID, SIDE, rank_of};
use crate::rules::chess4::{Kind, Piece, Position, Sq};

/// What having the move is worth.
const TEMPO: i32 = 20;
/// How far outside the window material and placement must be for the
/// capture search to skip the rest of the evaluation: more than the
/// threats and king danger add but in rare positions.
const LAZY_MARGIN: i32 = 600;
/// What a piece on its own back rank (undeveloped) loses.
const UNDEVELOPED: i32 = 15;
/// What a side gains for each enemy piece it could win: one attacked
/// and unguarded, or attacked by a piece worth [`THREAT_GAIN`] less.
const THREAT: i32 = 120;
/// What a threat must win to count, in centipawns (a pawn does not).
const THREAT_GAIN: i32 = 100;
/// What a king loses with no own piece (or the edge) within two squares
/// on one of the three lines in front of it.
const NO_SHIELD: i32 = 75;
/// What a king loses off its back rank.
const OFF_BACK_RANK: i32 = 50;
/// What a king loses more for both at once.
const EXPOSED: i32 = 50;
/// A king whose surroundings two enemy seats attack at once.
const TWO_ATTACKERS: i32 = 150;
/// How much an attacker near a king weighs, by kind (a king none).
const KING_ATTACKER: [u16; 6] = [25, 30, 30, 40, 50, 0];
/// Percent of the attackers' weight on a square near a king that counts,
/// by how many there are: one alone does little, several together much.
const CROWD: [i32; 8] = [0, 50, 100, 120, 150, 200, 250, 300];

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
            kind => value(kind) as u16,
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
    evaluate_within(pos, i32::MIN, i32::MAX)
}

/// [`evaluate`], unless material and placement alone are [`LAZY_MARGIN`]
/// outside the window from `alpha` to `beta`: then those alone. So far
/// outside, the attacks seldom change what the capture search does with
/// the score, and they take most of the evaluation's time.
pub(crate) fn evaluate_within(pos: &Position, alpha: i32, beta: i32) -> i32 {
    let mut queens = [false; 2];
    let mut teams = [0i32; 2];
    let mut placed = [(0u8, Kind::Pawn, 0u8); 96];
    let mut count = 0;
    for (i, piece) in pos.board.iter().enumerate() {
        let Some(p) = piece.filter(|p| !p.dead) else {
            continue;
        };
        let (sq, seat) = (Sq(i as u8), p.owner % 4);
        teams[usize::from(seat % 2)] += value(p.kind) + placement(p.kind, seat, sq);
        queens[usize::from(seat % 2)] |= p.kind == Kind::Queen;
        if count < placed.len() {
            placed[count] = (i as u8, p.kind, seat);
            count += 1;
        }
    }
    let me = usize::from(pos.to_move() % 2);
    let rough = teams[me] - teams[1 - me] + TEMPO;
    if rough.saturating_add(LAZY_MARGIN) <= alpha || rough >= beta.saturating_add(LAZY_MARGIN) {
        return rough;
    }
    let mut map: AttackMap = [0; GRID];
    let mut pressure = Pressure::new();
    for &(i, _, seat) in &placed[..count] {
        let i = usize::from(i);
        if let Some(p) = pos.board[i] {
            teams[usize::from(seat % 2)] += activity(pos, &mut map, &mut pressure, i, p);
        }
    }
    for &(i, kind, seat) in &placed[..count] {
        let (i, team) = (usize::from(i), usize::from(seat % 2));
        match kind {
            Kind::King => {
                teams[team] -= king_danger(pos, &map, &pressure, seat, i, queens[1 - team]);
            }
            _ if threatened(&map, &pressure, i, seat, kind) => teams[1 - team] += THREAT,
            _ => {}
        }
    }
    teams[me] - teams[1 - me] + TEMPO
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
    let worth = value(kind);
    (map[i] & friends == 0 && worth >= THREAT_GAIN) || worth - least >= THREAT_GAIN
}

/// What the king of `seat` on square index `king` is in danger of, for
/// its side: the attacks on it and the squares around it off the board's
/// edge, two enemy seats attacking there at once, and (when the enemies
/// still have a queen, else half of all) no pawn shield or the king out
/// of its back rank.
fn king_danger(
    pos: &Position,
    map: &AttackMap,
    pressure: &Pressure,
    seat: u8,
    king: usize,
    enemy_queen: bool,
) -> i32 {
    let team = usize::from(seat % 2);
    let mut danger = 0;
    if enemy_queen {
        let shield = has_shield(pos, seat, king);
        let home = on_edge(king as u8);
        danger += NO_SHIELD * i32::from(!shield)
            + OFF_BACK_RANK * i32::from(!home)
            + EXPOSED * i32::from(!shield && !home);
    }
    let mut seats = 0;
    let zone = NEIGHBOR[king].iter().copied().chain([king as u8]);
    for j in zone.filter(|&j| j != OFF && !on_edge(j)) {
        let j = usize::from(j);
        if pressure.count[j][1 - team] > 0 {
            seats |= map[j] & enemies_of(seat);
            danger += pressure.on_king_square(j, team);
        }
    }
    if seats.count_ones() > 1 {
        danger += TWO_ATTACKERS;
    }
    match enemy_queen {
        true => danger,
        false => danger / 2,
    }
}

/// Whether square index `j` is on the board's edge (a back rank).
fn on_edge(j: u8) -> bool {
    let sq = Sq(j);
    let last = SIDE - 1;
    sq.x() == 0 || sq.x() == last || sq.y() == 0 || sq.y() == last
}

/// Marks on `map` the squares the piece `p` on square index `s` attacks,
/// and returns what its mobility is worth: the squares a knight, bishop,
/// rook or queen could move to.
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
