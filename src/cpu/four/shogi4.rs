//! Four-player shogi for the best-reply search: its piece values,
//! material on the board and in hand, mates delivered, and pieces other
//! seats attack.

use super::node::{Ending, Node, count_around};
use super::search::{self, Root, TABLE};
use crate::cpu::{Budget, Reach, Searched};
use crate::rules::shogi4::adapter::to_piece_kind;
use crate::rules::shogi4::{Format, Kind4, Move4, Piece4, Position4, ShogiGame4, Sq4};
use crate::rules::vocab::{PieceKind, Seat, SeatSet};

/// What a mate delivered is worth beyond the pieces it brings.
const MATE_BONUS: i32 = 1500;

/// The best move for the seat to move, deepening as far as `reach` says
/// within the budget; `None` when there is no legal move.
pub fn best_move(game: &ShogiGame4, reach: Reach, budget: &Budget) -> Option<Move4> {
    search(game, reach, budget).best
}

/// [`best_move`] with the depth completed and the nodes visited.
pub fn search(game: &ShogiGame4, reach: Reach, budget: &Budget) -> Searched<Move4> {
    search_reporting(game, reach, budget, &mut |_| {})
}

/// [`search`], showing `report` each iteration the deepening finishes
/// (the engine's `info` lines).
pub fn search_reporting(
    game: &ShogiGame4,
    reach: Reach,
    budget: &Budget,
    report: &mut dyn FnMut(&Searched<Move4>),
) -> Searched<Move4> {
    // The game's list: it leaves out a forbidden repetition.
    let moves = game.legal_moves();
    search::search_reporting(
        game.position(),
        moves,
        &|_| None,
        root(game),
        reach,
        budget,
        report,
    )
}

/// What `mv` leaves the side to move, looking no further (the score the
/// engine reports for the greedy levels).
pub fn score_after(game: &ShogiGame4, mv: Move4) -> i32 {
    search::score_after(game.position(), mv, &|_| None, root(game))
}

/// Where the search starts: the seat to move, its side and the move limit.
fn root(game: &ShogiGame4) -> Root<'static> {
    let pos = game.position();
    Root {
        me: Seat(pos.to_move()),
        teams: pos.play_rules().format == Format::Pairs,
        moves_left: game.moves_left(),
        repeating: &[],
    }
}

/// A piece's worth in centipawns by kind and promotion: promoted pieces
/// as golds, dragons and horses more; kings none.
fn kind_value(kind: PieceKind, promoted: bool) -> i32 {
    match (kind, promoted) {
        (PieceKind::Rook, true) => 1200,
        (PieceKind::Rook, false) => 1000,
        (PieceKind::Bishop, true) => 1000,
        (PieceKind::Bishop, false) => 800,
        (PieceKind::King, _) => 0,
        (_, true) | (PieceKind::Gold, _) => 550,
        (PieceKind::Silver, _) => 500,
        (PieceKind::Knight, _) => 350,
        (PieceKind::Lance, _) => 300,
        _ => 100,
    }
}

/// A piece's worth (kings none).
fn value(piece: Piece4) -> i32 {
    kind_value(to_piece_kind(piece.kind), piece.promoted)
}

impl Node for Position4 {
    type Move = Move4;

    fn with_turn(&self, seat: Seat) -> Position4 {
        Position4::with_turn(self, seat.0)
    }

    fn moves(&self) -> Vec<Move4> {
        self.legal_moves()
    }

    fn play(&mut self, mv: Move4) {
        Position4::play(self, mv);
    }

    fn to_move(&self) -> Seat {
        Seat(Position4::to_move(self))
    }

    fn active(&self, seat: Seat) -> bool {
        self.is_active(seat.0)
    }

    /// Over after the mates that end the game: pairs are decided by who
    /// was mated (the search checks its own side first); otherwise the
    /// root seat places first when no survivor ranks above it by the
    /// rules' own key (mates, then pieces counted, not valued: a mate
    /// that ties the mates brings the mated seat's pieces with it).
    fn ended(&self, Seat(me): Seat, _team: SeatSet) -> Option<Ending> {
        if !self.is_over() {
            return None;
        }
        if self.play_rules().format == Format::Pairs {
            return Some(Ending::First);
        }
        let mine = self.ranking(me);
        let first = (0..4)
            .filter(|s| *s != me && self.is_active(*s))
            .all(|s| self.ranking(s) <= mine);
        Some(first.into())
    }

    /// Pairs draw; alone, the survivors rank by mates, then pieces
    /// (the rules' count at the limit), and the mated below them.
    fn at_limit(&self, Seat(me): Seat, _team: SeatSet) -> Ending {
        if self.play_rules().format == Format::Pairs {
            return Ending::Drawn;
        }
        let key = |s: u8| (self.mates()[s as usize], self.pieces(s));
        let first = (0..4)
            .filter(|s| *s != me && self.is_active(*s))
            .all(|s| key(s) <= key(me));
        first.into()
    }

    fn taken(&self, mv: Move4) -> Option<(Seat, i32)> {
        if let Move4::Drop { .. } = mv {
            return None;
        }
        let piece = self.piece_at(mv.to())?;
        Some((Seat(piece.owner?), value(piece)))
    }

    fn promotes(&self, mv: Move4) -> bool {
        matches!(mv, Move4::Step { promote: true, .. })
    }

    fn totals(&self, _moves_left: Option<i32>) -> [i32; 4] {
        let mut totals = material(self);
        for (total, mates) in totals.iter_mut().zip(self.mates()) {
            *total += i32::from(mates) * MATE_BONUS;
        }
        totals
    }

    fn exposed(&self, team: SeatSet) -> (i32, i32) {
        let others = TABLE.minus(team);
        let (mut lose, mut take) = (0, 0);
        for i in 0..81 {
            let Some(piece) = self.piece_at(Sq4(i)).filter(|p| p.is_live()) else {
                continue;
            };
            let Some(owner) = piece.owner.filter(|_| piece.kind != Kind4::King) else {
                continue;
            };
            let attackers = self.attackers(Sq4(i));
            if team.contains(Seat(owner)) {
                if others.meets(SeatSet(attackers)) {
                    lose = lose.max(value(piece));
                }
            } else if team.meets(SeatSet(attackers)) {
                take = take.max(value(piece));
            }
        }
        (lose, take)
    }

    fn attacked_around_king(&self, seat: Seat) -> i32 {
        let Some(king) = self.king_square(seat.0) else {
            return 0;
        };
        let others = TABLE.without(seat);
        count_around(|dx, dy| {
            king.offset(dx, dy)
                .is_some_and(|sq| others.meets(SeatSet(self.attackers_ignoring(sq, king.0))))
        })
    }

    fn key(&self) -> u64 {
        Position4::key(self)
    }

    const MOVE_KEYS: usize = 81 * 81 + 5 * 81;

    fn move_key(mv: Move4) -> usize {
        match mv {
            Move4::Step { from, to, .. } => usize::from(from.0) * 81 + usize::from(to.0),
            Move4::Drop { kind, to } => 81 * 81 + kind as usize * 81 + usize::from(to.0),
        }
    }

    fn forced(&self) -> Option<Seat> {
        let seat = Position4::to_move(self);
        self.in_check(seat).then_some(Seat(seat))
    }
}

/// Each seat's pieces on the board and in hand (hand pieces a tenth more:
/// they drop anywhere).
pub(crate) fn material(pos: &Position4) -> [i32; 4] {
    let mut totals = [0; 4];
    for i in 0..81 {
        if let Some(piece) = pos.piece_at(Sq4(i)).filter(|p| p.is_live()) {
            if let Some(owner) = piece.owner {
                totals[owner as usize % 4] += value(piece);
            }
        }
    }
    for (seat, total) in totals.iter_mut().enumerate() {
        for kind in Kind4::HAND {
            let n = i32::from(pos.hand_count(seat as u8, kind));
            *total += n * value(Piece4::new(kind, seat as u8)) * 11 / 10;
        }
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::super::greedy_shogi4;
    use super::{Ending, Node};
    use crate::rules::shogi4::{Position4, Shogi4Rules, ShogiGame4};
    use crate::rules::vocab::{EndReason, Seat, SeatSet, Verdict};

    /// Plays 40 games of noisy greedy players under `rules(i)` for game
    /// `i` (the first seat going round); in those that end for `reason`,
    /// holds the search's `verdict` on each survivor to the rules'
    /// placings. Returns how many survivors it judged.
    fn judge_survivors(
        rules: impl Fn(u32) -> Shogi4Rules,
        reason: EndReason,
        verdict: impl Fn(&Position4, Seat) -> Option<Ending>,
    ) -> usize {
        let mut judged = 0;
        for (i, first) in (0..4).cycle().take(40).enumerate() {
            let mut game = ShogiGame4::new(rules(i as u32), first);
            while game.outcome().is_none() && game.moves().len() < 600 {
                let mv = greedy_shogi4::pick(&game, 1).expect("a move while playing");
                game.play(mv).expect("a legal move");
            }
            let Some(outcome) = game.outcome().filter(|o| o.reason == reason) else {
                continue;
            };
            let Verdict::Placings(places) = &outcome.verdict else {
                panic!("individual games place");
            };
            let pos = game.position();
            for placing in places.iter().filter(|p| pos.is_active(p.seat.0)) {
                let first = Some((placing.place == 1).into());
                assert_eq!(verdict(pos, placing.seat), first, "{}", game.record());
                judged += 1;
            }
        }
        judged
    }

    /// The search's verdict on an ending agrees with the rules' placings,
    /// games played to their second mate (where ties in mates are decided
    /// by pieces counted, not valued).
    #[test]
    fn the_search_judges_an_ending_as_the_rules_place_it() {
        let ended = |pos: &Position4, seat: Seat| Node::ended(pos, seat, SeatSet::one(seat));
        let judged = judge_survivors(|_| Shogi4Rules::default(), EndReason::Eliminations, ended);
        assert!(judged >= 40, "only {judged} survivors judged");
    }

    /// Where the room's move limit stops the game, the search's verdict
    /// agrees with the rules' placings (the survivors by mates, then
    /// pieces; equal places share first).
    #[test]
    fn the_search_judges_the_move_limit_as_the_rules_place_it() {
        let rules = |i: u32| Shogi4Rules {
            move_limit: Some(12 + 2 * i),
            ..Shogi4Rules::default()
        };
        let at_limit =
            |pos: &Position4, seat: Seat| Some(Node::at_limit(pos, seat, SeatSet::one(seat)));
        let judged = judge_survivors(rules, EndReason::MoveLimit, at_limit);
        assert!(judged >= 40, "only {judged} survivors judged");
    }

    /// The squares of a king another seat attacks: its own and those next
    /// to it, a line stopped by a piece, the king taken off its square.
    #[test]
    fn it_counts_the_attacked_squares_around_a_king() {
        let count = |sfen4: &str| {
            let play = Shogi4Rules::default().play;
            let pos = Position4::from_sfen4(sfen4, play).expect("a position");
            Node::attacked_around_king(&pos, Seat(0))
        };
        // South's king in the corner behind its pawns; East's rook on i5
        // reaches none of its squares.
        assert_eq!(count("Kw3Kn3Ke/9/9/4Ss4/8Re/9/9/PsPs7/Ks8 s -,-,-,- 1"), 0);
        // On i1 it checks along the first row: a1 and b1, not the pawns'
        // squares above.
        assert_eq!(count("Kw3Kn3Ke/9/9/4Ss4/9/9/9/PsPs7/Ks7Re s -,-,-,- 1"), 2);
        // On i2 it stops at the pawn on b2, which it attacks.
        assert_eq!(count("Kw3Kn3Ke/9/9/4Ss4/9/9/9/PsPs6Re/Ks8 s -,-,-,- 1"), 1);
        // With the king on b1, the rook's line goes on through it to a1:
        // a1, b1 and c1.
        assert_eq!(count("Kw3Kn3Ke/9/9/4Ss4/9/9/9/PsPs7/1Ks6Re s -,-,-,- 1"), 3);
    }
}
