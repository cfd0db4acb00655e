//! What a settled position is worth to the root side: a seat of its side
//! out, a game over, a repetition, or the room's move limit reached; and
//! its standing where the game goes on.

use super::Root;
use super::node::{Ending, Node};
use crate::rules::vocab::{Seat, SeatSet};

/// A won (or lost) game.
pub(crate) const WIN: i32 = 1_000_000;
/// Above any score.
pub(super) const INF: i32 = 2 * WIN;
/// A drawn game: the sides even.
const DRAW: i32 = 0;

/// Whose search it is and how its game ends: what a settled position
/// is worth to the root side (shared with foresight, which plays rounds
/// out from the root).
#[derive(Clone, Copy)]
pub(crate) struct Judge<'a> {
    /// The root seat.
    pub(super) me: Seat,
    /// The root seat's side: itself, and its partner in team games (who
    /// passes: only opponents reply).
    pub(super) team: SeatSet,
    /// The ply (from the root) at which the room's move limit ends the
    /// game, if it has one.
    pub(super) limit: Option<i32>,
    /// The keys of the positions whose next time ends the game by
    /// repetition ([`Root::repeating`]).
    repeating: &'a [u64],
}

impl<'a> Judge<'a> {
    /// The judge of a search for the seat `at` names.
    pub(crate) fn new(at: Root<'a>) -> Judge<'a> {
        let mut team = SeatSet::one(at.me);
        if at.teams {
            team = team.with(Seat((at.me.0 + 2) % 4));
        }
        Judge {
            me: at.me,
            team,
            limit: at.moves_left.map(|n| n.min(i32::MAX as u32) as i32),
            repeating: at.repeating,
        }
    }

    /// The score of a decided position: the root side lost a seat (later
    /// is better), or the game over with the root side first (sooner is
    /// better), drawn, or not first; or the room's move limit reached
    /// at `ply`.
    pub(crate) fn settled<N: Node>(&self, node: &N, ply: i32) -> Option<i32> {
        if (0..4).any(|s| self.team.contains(Seat(s)) && !node.active(Seat(s))) {
            return Some(-WIN + ply);
        }
        if let Some(ending) = node.ended(self.me, self.team) {
            return Some(self.ending_score(ending, ply));
        }
        if !self.repeating.is_empty() && self.repeating.contains(&node.key()) {
            return Some(self.ending_score(node.repetition(self.me), ply));
        }
        if self.limit.is_some_and(|limit| ply >= limit) {
            return Some(self.limit_score(node, ply));
        }
        None
    }

    /// What a game the rules ended at `ply` is worth to the root side.
    pub(crate) fn ending_score(&self, ending: Ending, ply: i32) -> i32 {
        match ending {
            Ending::First => WIN - ply,
            Ending::Behind => -WIN / 2,
            Ending::Drawn => DRAW,
        }
    }

    /// The score where the move limit stops the game: first place is
    /// won; behind, the standing still orders the lines (a CPU that
    /// cannot be first still plays for the places below), well under
    /// any game still going on.
    fn limit_score<N: Node>(&self, node: &N, ply: i32) -> i32 {
        match node.at_limit(self.me, self.team) {
            Ending::Behind => -WIN / 4 + self.standing(node, ply).clamp(-WIN / 8, WIN / 8),
            ending => self.ending_score(ending, ply),
        }
    }

    /// The root side's [`standing`] in `node`, met at `ply`.
    pub(super) fn standing<N: Node>(&self, node: &N, ply: i32) -> i32 {
        let active: [bool; 4] = std::array::from_fn(|s| node.active(Seat(s as u8)));
        let moves_left = self.limit.map(|limit| limit - ply);
        standing(&node.totals(moves_left), self.team, &active, node.scored())
    }
}

/// The root side's average total (`totals`, per seat) against the
/// opponents' average, counting the seats still playing. When places go by
/// a score seats keep once out (`scored`), out opponents count too, and
/// the leading opponent weighs as much as the average one: the leader is
/// the one to catch.
fn standing(totals: &[i32; 4], team: SeatSet, active: &[bool; 4], scored: bool) -> i32 {
    let (mut ours, mut theirs, mut n_ours, mut n_theirs) = (0, 0, 0, 0);
    let mut leader = i32::MIN;
    for seat in 0..4 {
        let total = totals[seat];
        if team.contains(Seat(seat as u8)) {
            if active[seat] {
                ours += total;
                n_ours += 1;
            }
        } else if scored || active[seat] {
            theirs += total;
            n_theirs += 1;
            leader = leader.max(total);
        }
    }
    let average = theirs / n_theirs.max(1);
    let rival = if scored && n_theirs > 0 {
        (average + leader) / 2
    } else {
        average
    };
    ours / n_ours.max(1) - rival
}

#[cfg(test)]
mod tests {
    use super::standing;
    use crate::rules::vocab::SeatSet;

    const ALL: [bool; 4] = [true; 4];
    /// Seat 0 alone.
    const SOUTH: SeatSet = SeatSet(0b0001);
    /// Seats 0 and 2.
    const PARTNERS: SeatSet = SeatSet(0b0101);

    #[test]
    fn partners_average_and_out_seats_drop_out() {
        // Seats 0 and 2 against 1 and 3.
        assert_eq!(standing(&[300, 100, 500, 300], PARTNERS, &ALL, false), 200);
        // Seat 3 out: only seat 1 is left against us.
        let active = [true, true, true, false];
        assert_eq!(
            standing(&[300, 100, 500, 900], PARTNERS, &active, false),
            300
        );
    }

    #[test]
    fn with_points_the_leader_counts_even_when_out() {
        // Seat 1 is out with the most points: it still places above us.
        let active = [true, false, true, true];
        let totals = [1000, 3000, 0, 0];
        assert_eq!(standing(&totals, SOUTH, &active, false), 1000);
        // Average 1000, leader 3000: the rival stands at 2000.
        assert_eq!(standing(&totals, SOUTH, &active, true), -1000);
        // Taking 1000 from the leader is worth more than from another seat;
        // without points to place by, the two are the same.
        let took = |totals: [i32; 4], scored| standing(&totals, SOUTH, &ALL, scored);
        assert!(took([1000, 2000, 1000, 0], true) > took([1000, 3000, 0, 0], true));
        assert_eq!(
            took([1000, 2000, 1000, 0], false),
            took([1000, 3000, 0, 0], false)
        );
    }
}
