//! Move ordering, which is what makes the search deep: the replies of all
//! opponents are ordered together, first the move found best when the
//! search last met the same position ([`Hints`]), then the most valuable
//! captures, then the two quiet moves that last cut the search off at the
//! same ply (killers), then quiet moves by how often they cut it off
//! before (history). On the positions of `cargo bench --bench cpu` this
//! needs 2.6 to 5.8 times fewer nodes to finish four plies than ordering
//! each seat's captures alone did.

use super::node::Node;
use crate::rules::vocab::Seat;

/// How many positions' best moves a deepening search keeps ([`Hints`]):
/// about 3 MB for four-player chess.
pub(super) const HINT_SLOTS: usize = 1 << 17;
/// The same for a search of two plies at most (levels 3 and 4), which
/// meets from some fifty positions (one ply) to a few thousand: clearing
/// the full table (2-3 MB) would take about as long as a one-ply search.
const SHALLOW_HINT_SLOTS: usize = 1 << 10;
/// Sets apart the hint of an opponents' layer from the root side's in the
/// same position: the key of one is the other's with these bits flipped.
pub(super) const REPLIES_LAYER: u64 = 0x9e37_79b9_7f4a_7c15;

/// Captures of the most valuable pieces first, then promotions.
pub(super) fn order<N: Node>(node: &N, moves: &mut [N::Move]) {
    moves.sort_by_cached_key(|mv| -urgency(node, *mv));
}

/// How early `mv` is tried: 4 or more for a capture (the more valuable
/// the piece, the higher), 1 for a quiet promotion, 0 for other moves.
fn urgency<N: Node>(node: &N, mv: N::Move) -> i32 {
    let taken = node.taken(mv).map_or(0, |(_, value)| value + 1);
    taken * 4 + i32::from(node.promotes(mv))
}

/// What one search learns about good moves as it goes: killers and
/// history per seat, and the best move at each position met.
pub(super) struct MoveOrder<M> {
    /// Per ply, the last two quiet moves that cut the search off, with
    /// their seat: tried right after the captures at the same ply.
    killers: Vec<[Option<(Seat, M)>; 2]>,
    /// Per seat and move key, how much quiet moves have cut the search
    /// off (deeper cuts count more): orders the quiet moves.
    history: Vec<i32>,
    /// The best move found at each position met so far.
    hints: Hints<M>,
}

impl<M: Copy + PartialEq> MoveOrder<M> {
    /// Nothing learnt yet, for a game of `move_keys` move keys
    /// ([`Node::MOVE_KEYS`]) and a search of at most `depth` plies.
    pub(super) fn new(move_keys: usize, depth: u32) -> MoveOrder<M> {
        MoveOrder {
            killers: Vec::new(),
            history: vec![0; 4 * move_keys],
            hints: Hints::new(match depth {
                0..=2 => SHALLOW_HINT_SLOTS,
                _ => HINT_SLOTS,
            }),
        }
    }

    /// The moves of every seat in `turns` (each with its turn's index):
    /// the hint kept for `key` first, then captures of the most valuable
    /// pieces, this ply's killers, promotions, and the rest by history.
    pub(super) fn ordered<N: Node<Move = M>>(
        &self,
        turns: &[(Seat, N)],
        ply: i32,
        key: u64,
    ) -> Vec<(usize, M)> {
        let killers = self.killers.get(ply as usize).copied().unwrap_or_default();
        let mut moves: Vec<((i32, i32), usize, M)> = Vec::new();
        for (i, (seat, turn)) in turns.iter().enumerate() {
            let history = &self.history[seat.index() * N::MOVE_KEYS..][..N::MOVE_KEYS];
            for mv in turn.moves() {
                let urgency = urgency(turn, mv);
                let killer = killers.iter().position(|k| *k == Some((*seat, mv)));
                // Captures (-4 and below), killers (-3, -2), promotions
                // (-1), then the rest by their history.
                let key = match killer {
                    _ if urgency >= 4 => (-urgency, 0),
                    Some(k) => (-3 + k as i32, 0),
                    None => (-urgency, -history[N::move_key(mv)]),
                };
                moves.push((key, i, mv));
            }
        }
        moves.sort_by_key(|m| m.0);
        let mut moves: Vec<(usize, M)> = moves.into_iter().map(|(_, i, mv)| (i, mv)).collect();
        self.hints.promote(key, turns, &mut moves);
        moves
    }

    /// Keeps `mv` of `seat`, which cut the search off at `ply` with
    /// `depth` left, as a killer and in the history when it is quiet.
    pub(super) fn remember<N: Node<Move = M>>(
        &mut self,
        ply: i32,
        seat: Seat,
        turn: &N,
        mv: M,
        depth: u32,
    ) {
        if turn.taken(mv).is_some() {
            return;
        }
        let depth = depth.min(16) as i32;
        let count = &mut self.history[seat.index() * N::MOVE_KEYS + N::move_key(mv)];
        *count = count.saturating_add(depth * depth);
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some((seat, mv)) {
            slot[1] = slot[0];
            slot[0] = Some((seat, mv));
        }
    }

    /// Keeps `found`, a seat's best move, for the position of `key`.
    pub(super) fn best_at(&mut self, key: u64, found: (Seat, M)) {
        self.hints.put(key, found);
    }
}

/// The best move the search found at each position it met, by the
/// position's key ([`Node::key`]; one slot per key's low bits, the latest
/// kept): tried first when the position comes again, in the next, deeper
/// iteration or by another order of the same moves. Only the move is
/// kept, not the score, so a hint orders moves and never decides one.
struct Hints<M> {
    slots: Vec<Option<(u64, Seat, M)>>,
}

impl<M: Copy + PartialEq> Hints<M> {
    fn new(slots: usize) -> Hints<M> {
        Hints {
            slots: vec![None; slots],
        }
    }

    /// The move of a seat kept for `key`, if any.
    fn get(&self, key: u64) -> Option<(Seat, M)> {
        match self.slots[self.slot(key)] {
            Some((kept, seat, mv)) if kept == key => Some((seat, mv)),
            _ => None,
        }
    }

    fn put(&mut self, key: u64, (seat, mv): (Seat, M)) {
        let slot = self.slot(key);
        self.slots[slot] = Some((key, seat, mv));
    }

    fn slot(&self, key: u64) -> usize {
        (key % self.slots.len() as u64) as usize
    }

    /// Moves the hinted move for `key` (a move of a seat in `turns`) to
    /// the front of `moves`, the others keeping their order.
    fn promote<N>(&self, key: u64, turns: &[(Seat, N)], moves: &mut [(usize, M)]) {
        let Some(hint) = self.get(key) else {
            return;
        };
        let hinted = moves.iter().position(|(i, mv)| (turns[*i].0, *mv) == hint);
        if let Some(i) = hinted {
            moves[..=i].rotate_right(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{HINT_SLOTS, Hints};
    use crate::rules::vocab::Seat;

    #[test]
    fn a_hinted_move_goes_first_and_the_others_keep_their_order() {
        let mut hints: Hints<u8> = Hints::new(HINT_SLOTS);
        // Moves 10-12 of the seats at turns 0 (seat 1) and 1 (seat 3).
        let turns = [(Seat(1), ()), (Seat(3), ())];
        let listed = vec![(0, 10), (1, 11), (0, 12), (1, 12)];
        let mut moves = listed.clone();
        hints.promote(7, &turns, &mut moves);
        assert_eq!(moves, listed, "nothing kept for the key yet");
        hints.put(7, (Seat(3), 12));
        hints.promote(7, &turns, &mut moves);
        assert_eq!(moves, [(1, 12), (0, 10), (1, 11), (0, 12)]);
        // The same move of another seat is not the hint.
        hints.put(7, (Seat(3), 10));
        hints.promote(7, &turns, &mut moves);
        assert_eq!(moves, [(1, 12), (0, 10), (1, 11), (0, 12)]);
    }

    #[test]
    fn a_hint_is_found_only_under_its_own_key() {
        let mut hints: Hints<u8> = Hints::new(HINT_SLOTS);
        hints.put(5, (Seat(2), 40));
        assert_eq!(hints.get(5), Some((Seat(2), 40)));
        // A key sharing the slot replaces it, and is not taken for it.
        let other = 5 + HINT_SLOTS as u64;
        assert_eq!(hints.get(other), None);
        hints.put(other, (Seat(1), 41));
        assert_eq!(hints.get(5), None);
        assert_eq!(hints.get(other), Some((Seat(1), 41)));
    }
}
