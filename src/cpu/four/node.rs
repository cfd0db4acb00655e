//! What best-reply search asks of a four-player game ([`Node`]), and how a
//! game it reaches ended for the root side ([`Ending`]).

use crate::rules::vocab::{Seat, SeatSet};

/// A four-player position as the search sees it: seats 0-3, their sets
/// as [`SeatSet`]s.
pub trait Node: Clone {
    /// A move of the game.
    type Move: Copy + PartialEq;
    /// The same position with `seat` to move, whoever's turn it is.
    fn with_turn(&self, seat: Seat) -> Self;
    /// The legal moves of the seat to move.
    fn moves(&self) -> Vec<Self::Move>;
    /// Plays a legal move with all the rules make follow from it.
    fn play(&mut self, mv: Self::Move);
    /// The seat the rules make move next.
    fn to_move(&self) -> Seat;
    /// Whether `seat` still plays.
    fn active(&self, seat: Seat) -> bool;
    /// Whether places go by a score that seats keep once they are out
    /// (free-for-all chess's points): the evaluation then weighs the
    /// leading opponent, out or not, beside the average one.
    fn scored(&self) -> bool {
        false
    }
    /// `None` while the game goes on; once it is over, whether the side
    /// `team` (which includes `me`) won or `me` placed first, or the game
    /// was drawn.
    fn ended(&self, me: Seat, team: SeatSet) -> Option<Ending>;
    /// How the game ends here for `team` (with `me`) when the room's move
    /// limit stops it: placed by the rules' count, or drawn.
    fn at_limit(&self, me: Seat, team: SeatSet) -> Ending;
    /// The owner and value of the piece `mv` takes, if any.
    fn taken(&self, mv: Self::Move) -> Option<(Seat, i32)>;
    /// Whether `mv` promotes.
    fn promotes(&self, mv: Self::Move) -> bool;
    /// Per seat: material (board and hand) and what the game's scoring
    /// already gave it, in centipawns, with `moves_left` (moves in all)
    /// before the room's move limit ends the game (`None`: no limit),
    /// where the game's pieces are worth less the nearer it is.
    fn totals(&self, moves_left: Option<i32>) -> [i32; 4];
    /// The most valuable piece of `team` another seat attacks, and the
    /// most valuable piece of another seat `team` attacks.
    fn exposed(&self, team: SeatSet) -> (i32, i32);
    /// A hash of the position (its board, hands, seat to move and seats
    /// out): where the search keeps the best move it found there.
    fn key(&self) -> u64;
    /// A number below [`Node::MOVE_KEYS`] for `mv`'s squares (and a
    /// drop's piece): where the history of good moves keeps its count.
    fn move_key(mv: Self::Move) -> usize;
    /// How many move keys there are.
    const MOVE_KEYS: usize;
    /// The capture the seat to move surely makes, if any: in a game with
    /// points ([`Node::scored`]) the opponents that do not give the best
    /// reply make it instead of passing.
    fn sure_capture(&self) -> Option<Self::Move> {
        None
    }
    /// The seat the rules make move next whatever else (four-player
    /// shogi's check priority), if any.
    fn forced(&self) -> Option<Seat> {
        None
    }
    /// How many of the nine squares of `seat`'s king (its own and those
    /// next to it) another seat attacks, the king taken off its square
    /// (a line through it goes on beyond), where the game weighs its
    /// king's safety (see `KING_DANGER` in `search.rs`); 0 otherwise.
    fn attacked_around_king(&self, _seat: Seat) -> i32 {
        0
    }
    /// Whether `seat` is in check and answers it only on its turn, the
    /// seats moving before it free to take its king or mate it (free-for-all
    /// chess); four-player shogi makes a checked seat answer at once
    /// instead ([`Node::forced`]).
    fn check_waits(&self, _seat: Seat) -> bool {
        false
    }
    /// How the game ends for the root seat `me` when a repetition ends
    /// it here (the search meets one where
    /// [`Root::repeating`](super::Root::repeating) names the position): a
    /// draw, unless the game places seats by points.
    fn repetition(&self, _me: Seat) -> Ending {
        Ending::Drawn
    }
}

/// How many of the nine offsets `(dx, dy)` around a king (its own square
/// at `(0, 0)`) `attacked` says another seat attacks: what each game's
/// [`Node::attacked_around_king`] counts.
pub fn count_around(attacked: impl Fn(i8, i8) -> bool) -> i32 {
    let offsets = (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)));
    offsets.filter(|&(dx, dy)| attacked(dx, dy)).count() as i32
}

/// How a game the search reaches ended for the root side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The root side won, or the root seat placed first.
    First,
    /// Anything else that is not a draw.
    Behind,
    /// Nobody won (teams chess: a stalemate).
    Drawn,
}

impl From<bool> for Ending {
    fn from(first: bool) -> Ending {
        match first {
            true => Ending::First,
            false => Ending::Behind,
        }
    }
}
