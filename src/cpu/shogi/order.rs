//! Move ordering: the better the first move tried, the more alpha-beta
//! prunes. Order: the transposition-table move, captures by MVV-LVA (most
//! valuable victim, least valuable attacker), promotions, the two killer
//! moves of the ply, the counter move (the quiet move that last refuted
//! the opponent's last move), then quiet moves by the history heuristic,
//! then captures that lose the exchange on their square.
//!
//! Also the capture generator that quiescence uses: the rules' legal
//! generator with a sink that keeps only captures and big promotions.

use super::eval::piece_value;
use super::see::losing;
use crate::rules::shogi::bitboard::Bitboard;
use crate::rules::shogi::movegen::MoveSink;
use crate::rules::shogi::{Color, Kind, Move, Position, Sq};

/// Deepest ply the killer table tracks.
pub const MAX_PLY: usize = 128;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;

/// No move (square 0 to itself, never legal): before the root, after a
/// null move, and an empty killer or counter slot.
pub const NO_MOVE: Move = Move(0);

/// Per-search ordering memory: killers per ply, history per (piece kind
/// or drop, destination) of quiet moves that caused cutoffs, and counter
/// moves.
pub struct Heuristics {
    killers: [[Move; 2]; MAX_PLY],
    history: Box<[[i32; 81]; 32]>,
    /// Per (piece that made the opponent's last move, its destination):
    /// the quiet move that last refuted it. A reply that answers a move
    /// once often answers it elsewhere in the tree.
    counters: Box<[[Move; 81]; 16]>,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics::new()
    }
}

impl Heuristics {
    /// Empty tables.
    pub fn new() -> Heuristics {
        Heuristics {
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: Box::new([[0; 81]; 32]),
            counters: Box::new([[NO_MOVE; 81]; 16]),
        }
    }

    /// Remembers a quiet move that refuted a node at `ply` searched to
    /// `depth`, reached from the opponent's `last` move.
    pub fn cutoff(&mut self, pos: &Position, (last, mv): (Move, Move), ply: usize, depth: i32) {
        if let Some((piece, to)) = counter_slot(pos, last) {
            self.counters[piece][to] = mv;
        }
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
        let h = &mut self.history[mover_index(pos, mv)][mv.to().index()];
        *h += depth * depth;
        if *h > KILLER / 2 {
            // Age the whole table so history stays below the killers' band.
            for row in self.history.iter_mut() {
                for v in row.iter_mut() {
                    *v /= 2;
                }
            }
        }
    }

    /// The counter move to the opponent's `last` move ([`NO_MOVE`] when
    /// none is known).
    fn counter(&self, pos: &Position, last: Move) -> Move {
        counter_slot(pos, last).map_or(NO_MOVE, |(piece, to)| self.counters[piece][to])
    }

    /// Sort key for `mv` at `ply` (higher first), `counter` the counter
    /// move there.
    fn score(&self, pos: &Position, mv: Move, tt: Option<Move>, ply: usize, counter: Move) -> i32 {
        if Some(mv) == tt {
            return TT_MOVE;
        }
        let victim = pos.piece_at(mv.to());
        let promo = if mv.is_promotion() { 200 } else { 0 };
        if !victim.is_empty() {
            let attacker = pos.piece_at(mv.from()).kind();
            let mvv_lva = piece_value(victim.kind()) * 8 - piece_value(attacker) / 8 + promo;
            // A capture that loses the exchange goes after the quiet moves.
            let band = if losing(pos, mv) { -KILLER } else { CAPTURE };
            return band + mvv_lva;
        }
        if mv.is_promotion() {
            return CAPTURE - 2000 + promo;
        }
        let k = &self.killers[ply.min(MAX_PLY - 1)];
        if mv == k[0] {
            return KILLER + 1;
        }
        if mv == k[1] {
            return KILLER;
        }
        if mv == counter {
            return KILLER - 1;
        }
        self.history[mover_index(pos, mv)][mv.to().index()] - unpromoted_penalty(pos, mv)
    }

    /// Scores `moves` at `ply`, reached by the opponent's `last` move
    /// ([`NO_MOVE`] at the root and in quiescence), for [`pick`].
    pub fn score_all(
        &self,
        pos: &Position,
        moves: &[Move],
        tt: Option<Move>,
        (ply, last): (usize, Move),
        out: &mut Vec<(Move, i32)>,
    ) {
        let counter = self.counter(pos, last);
        out.clear();
        out.extend(
            moves
                .iter()
                .map(|&m| (m, self.score(pos, m, tt, ply, counter))),
        );
    }
}

/// Whether a capture's sort key from [`Heuristics::score_all`] (given no
/// table move) put it with the captures that lose the exchange.
pub fn losing_capture(key: i32) -> bool {
    key < 0
}

/// Not promoting a pawn, bishop or rook is almost never right: try it last.
fn unpromoted_penalty(pos: &Position, mv: Move) -> i32 {
    if mv.is_drop() || mv.is_promotion() {
        return 0;
    }
    let kind = pos.piece_at(mv.from()).kind();
    let zone = Bitboard::promotion_zone(pos.side_to_move());
    let could = matches!(kind, Kind::Pawn | Kind::Bishop | Kind::Rook)
        && (zone.has(mv.to()) || zone.has(mv.from()));
    if could { KILLER / 2 } else { 0 }
}

/// Where the counter move to `last` is kept: the piece it put on its
/// square (board pieces only, drops included) and that square; `None`
/// for no move.
fn counter_slot(pos: &Position, last: Move) -> Option<(usize, usize)> {
    let to = last.to();
    (last != NO_MOVE).then(|| (pos.piece_at(to).kind().index(), to.index()))
}

/// History row of a move: the moving piece (0..16) or the dropped kind (16..).
fn mover_index(pos: &Position, mv: Move) -> usize {
    match mv.dropped() {
        Some(kind) => 16 + kind.index(),
        None => pos.piece_at(mv.from()).kind().index(),
    }
}

/// How many moves [`nth_best`] picks one by one before it sorts the rest.
const PICKED: usize = 6;

/// The `i`th best move, for `i` counting up from 0: the first few are
/// picked one at a time (a cutoff usually comes early, and then sorting
/// would be wasted), the rest sorted at once when a node gets that far
/// (picking each would scan the whole list every time, and a shogi
/// position has a hundred moves and more with pieces in hand).
#[inline]
pub fn nth_best(moves: &mut [(Move, i32)], i: usize) -> Move {
    match i.cmp(&PICKED) {
        std::cmp::Ordering::Less => pick(moves, i),
        std::cmp::Ordering::Equal => {
            moves[i..].sort_by_key(|&(_, score)| std::cmp::Reverse(score));
            moves[i].0
        }
        std::cmp::Ordering::Greater => moves[i].0,
    }
}

/// Selection sort step: moves the best remaining move to `i` and returns
/// it. Cheaper than a full sort when a cutoff comes early.
#[inline]
pub fn pick(moves: &mut [(Move, i32)], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if moves[j].1 > moves[best].1 {
            best = j;
        }
    }
    moves.swap(i, best);
    moves[i].0
}

/// A sink that keeps captures and promotions of pawns, bishops and rooks
/// (skipping their pointless non-promotions), for quiescence.
pub struct Captures {
    them: Bitboard,
    /// The moves kept.
    pub moves: Vec<Move>,
}

impl Captures {
    /// The noisy legal moves of `pos`'s side to move.
    pub fn of(pos: &Position, buf: Vec<Move>) -> Captures {
        let mut sink = Captures {
            them: pos.pieces(pos.side_to_move().opponent()),
            moves: buf,
        };
        sink.moves.clear();
        pos.generate(&mut sink);
        sink
    }
}

impl MoveSink for Captures {
    fn steps(&mut self, us: Color, kind: Kind, from: Sq, targets: Bitboard) {
        let zone = Bitboard::promotion_zone(us);
        let big = matches!(kind, Kind::Pawn | Kind::Bishop | Kind::Rook);
        let promoting = big && zone.has(from);
        let noisy = if big {
            targets
                & (self.them
                    | zone
                    | if promoting {
                        Bitboard::FULL
                    } else {
                        Bitboard::EMPTY
                    })
        } else {
            targets & self.them
        };
        for to in noisy {
            let can_promote = kind.can_promote() && (zone.has(from) || zone.has(to));
            if can_promote {
                self.moves.push(Move::step(from, to, true));
            }
            let dead = Bitboard::dead_zone(us, kind).has(to);
            if !dead && (!big || !can_promote) {
                self.moves.push(Move::step(from, to, false));
            }
        }
    }

    fn drops(&mut self, _kind: Kind, _targets: Bitboard) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first of `pos`'s moves as ordered at `ply`, reached by `last`.
    fn first(heur: &Heuristics, pos: &Position, ply: usize, last: Move) -> Move {
        let mut scored = Vec::new();
        heur.score_all(pos, &pos.legal_moves(), None, (ply, last), &mut scored);
        pick(&mut scored, 0)
    }

    #[test]
    fn the_reply_that_refuted_a_move_comes_first_when_that_move_is_met_again() {
        let mut pos = Position::startpos();
        let last = pos.parse_usi("7g7f").expect("a move");
        pos.make(last);
        let reply = pos.parse_usi("3c3d").expect("a move");
        let other = pos.parse_usi("8c8d").expect("a move");
        let mut heur = Heuristics::new();
        // `other` earns far more history; `reply` refutes 7g7f, shallow.
        heur.cutoff(&pos, (NO_MOVE, other), 7, 10);
        heur.cutoff(&pos, (last, reply), 9, 1);
        // At another ply (no killers there) reached from 7g7f, the
        // counter move goes before the history; reached otherwise, not.
        assert_eq!(first(&heur, &pos, 2, last), reply);
        assert_eq!(first(&heur, &pos, 2, NO_MOVE), other);
    }
}
