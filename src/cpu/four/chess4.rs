//! Four-player chess for the best-reply search: its piece values,
//! material, free-for-all points, and pieces other seats attack. In teams a captured
//! king or a seat mated on its turn ends the game, and a seat stalemated
//! on its turn draws it (as does a move back to any position the game
//! has had, at the root, and a third repetition anywhere); in
//! free-for-all the game ends as the rules say (`free_for_all_over`, or
//! a third repetition, met anywhere in the search for a position the
//! game has had twice) and the most points place first, pieces counting
//! less as a room's move limit
//! nears (`free_for_all_material`), the opponents that do not give the
//! best reply take what is surely theirs (`sure_capture`), and a check
//! waits for its seat's turn, the seats before it free to mate it
//! (`check_waits`).

use super::node::{Ending, Node};
use super::search::{self, Root, TABLE};
use crate::cpu::{Budget, Reach, Searched};
use crate::rules::chess4::{ChessGame4, Kind, Move, Piece, Position, Sq, Variant};
use crate::rules::vocab::{Seat, SeatSet};

/// What pieces count for in free-for-all beside the points already
/// scored, in percent of their value: pieces guard the king and score the
/// points still to come. At 50 (a trade scores for both traders and gains
/// on the other two seats, the earlier reasoning) the CPU traded and
/// raided its pieces away, and three level 3 players put it out in over
/// half its games. Measured in pairs of builds (docs/cpu.md): 100 placed first more often than 50, and 150 than 100; 200
/// no more often than 150.
const FREE_FOR_ALL_MATERIAL: i32 = 150;

/// Moves in all (every seat's) before a room's move limit over which the
/// pieces' worth in free-for-all fades from [`FREE_FOR_ALL_MATERIAL`] to
/// nothing: at the limit only points place, and a piece kept to the end
/// scores none.
const FADE_PLIES: i32 = 80;

/// How a king is ranked among captures: before anything else.
const KING: i32 = 100_000;

/// The best move for the seat to move, deepening as far as `reach` says
/// within the budget; `None` when there is no legal move.
pub fn best_move(game: &ChessGame4, reach: Reach, budget: &Budget) -> Option<Move> {
    search(game, reach, budget).best
}

/// [`best_move`] with the depth completed and the nodes visited.
pub fn search(game: &ChessGame4, reach: Reach, budget: &Budget) -> Searched<Move> {
    search_reporting(game, reach, budget, &mut |_| {})
}

/// [`search`], showing `report` each iteration the deepening finishes
/// (the engine's `info` lines).
pub fn search_reporting(
    game: &ChessGame4,
    reach: Reach,
    budget: &Budget,
    report: &mut dyn FnMut(&Searched<Move>),
) -> Searched<Move> {
    // Teams is a two-sided game with the sides alternating: level 5 plays
    // it with a two-player engine's search, which looks far deeper than
    // best-reply search (`teams/mod.rs`).
    if game.position().variant() == Variant::Teams && reach.foresight {
        return super::teams::search_reporting(game, reach.depth, budget, report);
    }
    let repeating = game.repeating_keys();
    let (pos, ends) = (game.position(), game_ends(game));
    let moves = game.legal_moves();
    search::search_reporting(
        pos,
        moves,
        &ends,
        root(game, &repeating),
        reach,
        budget,
        report,
    )
}

/// What `mv` leaves the side to move, looking no further (the score the
/// engine reports for the greedy levels).
pub fn score_after(game: &ChessGame4, mv: Move) -> i32 {
    let repeating = game.repeating_keys();
    let at = root(game, &repeating);
    search::score_after(game.position(), mv, &game_ends(game), at)
}

/// Each seat's points and live pieces on the board, in centipawns (what
/// the review draws one line per seat of).
pub(crate) fn material(pos: &Position) -> [i32; 4] {
    pos.totals(None)
}

/// Where the search starts: the seat to move, its side, the move limit,
/// and the `repeating` positions ([`ChessGame4::repeating_keys`]).
fn root<'a>(game: &ChessGame4, repeating: &'a [u64]) -> Root<'a> {
    let pos = game.position();
    Root {
        me: Seat(pos.to_move()),
        teams: pos.variant() == Variant::Teams,
        moves_left: game.moves_left(),
        repeating,
    }
}

/// How the game's record ends it after a root move.
///
/// In teams a move back to a position the game has had is scored as the
/// draw a repetition ends teams in: a side ahead plays on, one behind
/// takes it. In free-for-all the move that repeats a position the third
/// time ends the game, placed by points: a seat ahead takes it.
fn game_ends(game: &ChessGame4) -> impl Fn(&Position) -> Option<Ending> + '_ {
    let teams = game.position().variant() == Variant::Teams;
    let me = Seat(game.position().to_move());
    move |next: &Position| match teams {
        true => (game.occurrences(next) > 0).then_some(Ending::Drawn),
        false => game.repeats(next).then(|| next.repetition(me)),
    }
}

/// Whether `me` places first on `points` (equal points share the place,
/// as the rules have it).
fn first_on(points: [i32; 4], me: Seat) -> Ending {
    let mine = points[me.index()];
    points.iter().all(|p| *p <= mine).into()
}

/// A live piece's worth in centipawns, the values four-player chess
/// players use (kings none; grey pieces are worth nothing).
fn value(piece: Piece) -> i32 {
    match (piece.dead, piece.kind) {
        (true, _) => 0,
        (false, Kind::Queen) => 900,
        (false, Kind::Rook) => 500,
        (false, Kind::Bishop | Kind::Knight) => 300,
        (false, Kind::Pawn) => 100,
        (false, Kind::King) => 0,
    }
}

/// What pieces count for in free-for-all, in percent of their value, with
/// `moves_left` before the room's move limit: [`FREE_FOR_ALL_MATERIAL`],
/// fading over the last [`FADE_PLIES`].
fn free_for_all_material(moves_left: Option<i32>) -> i32 {
    match moves_left {
        Some(left) if left < FADE_PLIES => FREE_FOR_ALL_MATERIAL * left.max(0) / FADE_PLIES,
        _ => FREE_FOR_ALL_MATERIAL,
    }
}

/// Every square of the board with a piece on it.
fn pieces(pos: &Position) -> impl Iterator<Item = (Sq, Piece)> + '_ {
    (0..14)
        .flat_map(|y| (0..14).map(move |x| Sq::new(x, y)))
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
}

impl Node for Position {
    type Move = Move;

    fn with_turn(&self, seat: Seat) -> Position {
        Position::with_turn(self, seat.0)
    }

    fn moves(&self) -> Vec<Move> {
        self.legal_moves()
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv);
    }

    fn to_move(&self) -> Seat {
        Seat(Position::to_move(self))
    }

    fn active(&self, seat: Seat) -> bool {
        !self.is_out(seat.0)
    }

    fn scored(&self) -> bool {
        self.variant() == Variant::FreeForAll
    }

    fn ended(&self, me: Seat, team: SeatSet) -> Option<Ending> {
        match self.variant() {
            // The search checks its own side first: a seat out is theirs.
            Variant::Teams if (0..4).any(|s| self.is_out(s)) => Some(Ending::First),
            // Stuck on its turn: mated in check, otherwise a stalemate,
            // which draws (a side far ahead must not stalemate).
            Variant::Teams => {
                let seat = Position::to_move(self);
                match self.has_legal_move(seat) {
                    true => None,
                    false if self.in_check(seat) => Some((!team.contains(Seat(seat))).into()),
                    false => Some(Ending::Drawn),
                }
            }
            Variant::FreeForAll if self.free_for_all_over() => Some(self.at_limit(me, team)),
            Variant::FreeForAll => None,
        }
    }

    /// Teams draw; in free-for-all the most points place first (equal
    /// points share the place, as the rules have it).
    fn at_limit(&self, me: Seat, _team: SeatSet) -> Ending {
        if self.variant() == Variant::Teams {
            return Ending::Drawn;
        }
        first_on(self.points(), me)
    }

    /// Teams draw; in free-for-all the seats still playing get their draw
    /// points and the most points place first.
    fn repetition(&self, me: Seat) -> Ending {
        match self.variant() {
            Variant::Teams => Ending::Drawn,
            Variant::FreeForAll => first_on(self.drawn_points(), me),
        }
    }

    fn taken(&self, mv: Move) -> Option<(Seat, i32)> {
        let piece = self.piece_at(mv.to)?;
        let worth = match piece.kind {
            Kind::King if !piece.dead => KING,
            _ => value(piece),
        };
        Some((Seat(piece.owner), worth))
    }

    /// The capture taking the most valuable piece worth at least the
    /// capturer (the cheaper capturer first): a capture that scores
    /// whatever the answer. Kings do not take. (The search asks only in
    /// free-for-all, where captures score: see [`Node::scored`].)
    fn sure_capture(&self) -> Option<Move> {
        let capturer = |mv: Move| match self.piece_at(mv.from) {
            Some(piece) if piece.kind != Kind::King => value(piece),
            _ => i32::MAX,
        };
        self.legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let (_, taken) = self.taken(mv)?;
                let by = capturer(mv);
                (taken > 0 && taken >= by).then_some(((taken, -by), mv))
            })
            .max_by_key(|(key, _)| *key)
            .map(|(_, mv)| mv)
    }

    /// In free-for-all the seats after the checking one may take a king in
    /// check before its owner answers (docs/rules.md §3).
    fn check_waits(&self, seat: Seat) -> bool {
        self.variant() == Variant::FreeForAll && self.in_check(seat.0)
    }

    fn promotes(&self, mv: Move) -> bool {
        mv.promotion.is_some()
    }

    fn totals(&self, moves_left: Option<i32>) -> [i32; 4] {
        let mut totals = self.points().map(|p| p * 100);
        let weight = match self.variant() {
            Variant::FreeForAll => free_for_all_material(moves_left),
            Variant::Teams => 100,
        };
        for (_, piece) in pieces(self) {
            totals[piece.owner as usize % 4] += value(piece) * weight / 100;
        }
        totals
    }

    fn exposed(&self, team: SeatSet) -> (i32, i32) {
        let (mut lose, mut take) = (0, 0);
        let others = TABLE.minus(team);
        let attacks = self.attack_map();
        for (sq, piece) in pieces(self).filter(|(_, p)| !p.dead && p.kind != Kind::King) {
            let attackers = SeatSet(attacks[usize::from(sq.0)]);
            if team.contains(Seat(piece.owner)) {
                if attackers.meets(others) {
                    lose = lose.max(value(piece));
                }
            } else if attackers.meets(team) {
                take = take.max(value(piece));
            }
        }
        (lose, take)
    }

    fn key(&self) -> u64 {
        Position::key(self)
    }

    const MOVE_KEYS: usize = 196 * 196;

    fn move_key(mv: Move) -> usize {
        usize::from(mv.from.0) * 196 + usize::from(mv.to.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Node;
    use crate::rules::chess4::{Chess4Rules, ChessGame4, Variant};
    use crate::rules::vocab::{EndReason, SeatSet, Verdict};
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;

    /// Where the room's move limit or the eliminations end a free-for-all
    /// game, the search's verdict agrees with the rules' placings (equal
    /// points share first place), in games of random moves (seeded).
    #[test]
    fn the_search_judges_a_free_for_all_ending_as_the_rules_place_it() {
        let mut judged = 0;
        for i in 0..40 {
            let rules = Chess4Rules {
                variant: Variant::FreeForAll,
                move_limit: Some(40 + 10 * i),
                ..Chess4Rules::default()
            };
            let mut game = ChessGame4::new(rules, (i % 4) as u8);
            let mut rng = StdRng::seed_from_u64(u64::from(i));
            while game.outcome().is_none() {
                let moves = game.legal_moves();
                let mv = *moves.choose(&mut rng).expect("a move while playing");
                game.play(mv).expect("a legal move");
            }
            let outcome = game.outcome().expect("over");
            let Verdict::Placings(places) = &outcome.verdict else {
                panic!("free-for-all games place");
            };
            let pos = game.position();
            for placing in places.iter().filter(|p| !pos.is_out(p.seat.0)) {
                let (seat, alone) = (placing.seat, SeatSet::one(placing.seat));
                let first = (placing.place == 1).into();
                match outcome.reason {
                    EndReason::MoveLimit => assert_eq!(Node::at_limit(pos, seat, alone), first),
                    EndReason::Eliminations => {
                        assert_eq!(Node::ended(pos, seat, alone), Some(first))
                    }
                    _ => continue,
                }
                judged += 1;
            }
        }
        assert!(judged >= 80, "only {judged} seats judged");
    }
}
