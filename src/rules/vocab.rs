//! The vocabulary the three games share and the rest of the program speaks:
//! seats that rotate and get eliminated, squares on boards that need not be
//! square or full, pieces with an owner and a facing, moves and drops,
//! hands, and outcomes. Each game keeps faster private types inside and
//! converts at its edge.

use std::fmt;

/// A place at the table, numbered from 0 in turn order (clockwise). In
/// two-player shogi seat 0 is sente; in the four-player games 0 is South/Red.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    /// Index for tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The eight directions on a grid as (dx, dy): the four straight ones
/// first, each group clockwise from "up", so that turning by a quarter is
/// adding one within the group. Both four-player games build their step
/// tables from it.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// A set of seats (at most 8), used for eliminated seats, teams and winners.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(pub u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The seats among the first `count` for which `pick` holds.
    pub fn matching(count: u8, pick: impl Fn(u8) -> bool) -> SeatSet {
        (0..count)
            .filter(|s| pick(*s))
            .fold(SeatSet::EMPTY, |set, s| set.with(Seat(s)))
    }

    /// The set of one seat.
    pub const fn one(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 >> seat.0 & 1 != 0
    }

    /// The set with `seat` added.
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat.0)
    }

    /// The set without `seat`.
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << seat.0))
    }

    /// The seats in this set that are not in `other`.
    pub const fn minus(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// Whether the set has no seat.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a seat.
    pub const fn meets(self, other: SeatSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The seats in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 >> i & 1 != 0).map(Seat)
    }
}

/// The seats of a table: how many, and which are still active. Turn order
/// goes up the seat numbers and wraps; eliminated seats are skipped.
/// (Never "the other player": two-player code asks the ring too.)
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatRing {
    count: u8,
    eliminated: SeatSet,
}

impl SeatRing {
    /// A table of `count` seats (2 or 4), all active.
    pub const fn new(count: u8) -> SeatRing {
        SeatRing {
            count,
            eliminated: SeatSet::EMPTY,
        }
    }

    /// How many seats the table has, eliminated ones included.
    pub const fn count(self) -> u8 {
        self.count
    }

    /// Whether `seat` is at this table and still playing.
    pub const fn is_active(self, seat: Seat) -> bool {
        seat.0 < self.count && !self.eliminated.contains(seat)
    }

    /// A table of `count` seats of which `eliminated` are out.
    pub const fn with_eliminated(count: u8, eliminated: SeatSet) -> SeatRing {
        SeatRing { count, eliminated }
    }

    /// Marks `seat` eliminated.
    pub fn eliminate(&mut self, seat: Seat) {
        self.eliminated = self.eliminated.with(seat);
    }

    /// The eliminated seats.
    pub const fn eliminated(self) -> SeatSet {
        self.eliminated
    }

    /// Every seat, in order.
    pub fn all(self) -> impl Iterator<Item = Seat> {
        (0..self.count).map(Seat)
    }

    /// The active seats, in order.
    pub fn active(self) -> impl Iterator<Item = Seat> {
        self.all().filter(move |s| self.is_active(*s))
    }

    /// The seats clockwise after `seat`, ending with `seat` itself: the
    /// order in which four-player rules look for the next seat to move.
    pub fn clockwise_after(self, seat: Seat) -> impl Iterator<Item = Seat> {
        let n = self.count;
        (1..=n).map(move |i| Seat((seat.0 + i) % n))
    }

    /// The next active seat clockwise after `seat`, if any other is active.
    pub fn next_active(self, seat: Seat) -> Option<Seat> {
        self.clockwise_after(seat)
            .find(|s| *s != seat && self.is_active(*s))
    }

    /// The seat opposite `seat` (its partner in team games of four).
    pub const fn opposite(self, seat: Seat) -> Seat {
        Seat((seat.0 + self.count / 2) % self.count)
    }
}

/// A square in neutral coordinates: column `x` from the left and row `y`
/// from the bottom, both from 0, as seat 0 sees the board. Each game maps
/// these to its own notation (shogi's file 9..1 / rank i..a, chess4's a–n / 1–14).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Column from the left, from 0.
    pub x: u8,
    /// Row from the bottom, from 0.
    pub y: u8,
}

impl Square {
    /// The square at column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Square {
        Square { x, y }
    }
}

/// The shape of a board: a `width`×`height` grid, possibly with square
/// corners cut away (four-player chess cuts 3×3 from each corner of 14×14,
/// leaving 160 squares).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// The side of the square cut from each corner (0 for a full board).
    pub corner_cut: u8,
}

impl Geometry {
    /// A full rectangular board.
    pub const fn rect(width: u8, height: u8) -> Geometry {
        Geometry {
            width,
            height,
            corner_cut: 0,
        }
    }

    /// Whether `sq` is a square of this board.
    pub const fn contains(self, sq: Square) -> bool {
        if sq.x >= self.width || sq.y >= self.height {
            return false;
        }
        let c = self.corner_cut;
        let edge_x = sq.x < c || sq.x >= self.width - c;
        let edge_y = sq.y < c || sq.y >= self.height - c;
        !(edge_x && edge_y)
    }

    /// Every square of the board, row by row from the bottom.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| Square::new(x, y)))
            .filter(move |sq| self.contains(*sq))
    }
}

/// The kinds of piece across the three games (promotion is a flag on
/// [`Piece`], so a shogi dragon is a promoted rook).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// King (shogi `玉`, chess king).
    King,
    /// Chess queen.
    Queen,
    /// Rook (shogi `飛`).
    Rook,
    /// Bishop (shogi `角`).
    Bishop,
    /// Chess knight, or the shogi knight (`桂`).
    Knight,
    /// Shogi gold general (`金`).
    Gold,
    /// Shogi silver general (`銀`).
    Silver,
    /// Shogi lance (`香`).
    Lance,
    /// Pawn (shogi `歩`).
    Pawn,
}

/// A piece as the UI and storage see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What kind of piece.
    pub kind: PieceKind,
    /// Shogi promotion, or a chess queen that was a pawn (worth less in
    /// four-player free-for-all).
    pub promoted: bool,
    /// The seat that controls it; `None` for ownerless pieces (four-player
    /// shogi's room rule).
    pub owner: Option<Seat>,
    /// The seat whose "forward" the piece uses. Equal to the owner except for
    /// pieces inherited in four-player shogi, which keep their facing.
    pub facing: Seat,
    /// Dead pieces never move or attack: four-player shogi's flipped kings and
    /// four-player chess's grey pieces of eliminated players.
    pub dead: bool,
}

/// A move in the shared vocabulary.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves on the board (castling is the king's two-square move).
    Step {
        /// Where it starts.
        from: Square,
        /// Where it lands.
        to: Square,
        /// Promotion, if any.
        promotion: Promotion,
    },
    /// A piece from the mover's hand is put on an empty square.
    Drop {
        /// The dropped kind.
        kind: PieceKind,
        /// Where it goes.
        to: Square,
    },
}

/// How a move promotes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// No promotion.
    None,
    /// Shogi: the piece turns over.
    Promote,
    /// Chess: the pawn becomes this kind.
    To(PieceKind),
}

/// What a player holds in hand, as counts per kind (shogi games only).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Hand {
    /// Kinds held and how many of each, in the game's usual order.
    pub pieces: Vec<(PieceKind, u8)>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Who won, lost or placed.
    pub verdict: Verdict,
    /// Why the game ended.
    pub reason: EndReason,
}

/// Results per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// These seats won (one player, or a team); every other seat lost.
    Win(SeatSet),
    /// Nobody won or lost.
    Draw,
    /// Every seat has a place (1 = first; equal places share a rank) and,
    /// where the game counts them, points.
    Placings(Vec<Placing>),
}

/// One seat's place at the end of a four-player game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    /// The seat.
    pub seat: Seat,
    /// 1 for first; seats with equal results share a place.
    pub place: u8,
    /// Points scored (free-for-all chess), or 0.
    pub points: i32,
}

impl Placing {
    /// The place as text: `1st`, `2nd`, `3rd`, `4th`.
    pub fn ordinal(&self) -> String {
        let suffix = match self.place {
            1 => "st",
            2 => "nd",
            3 => "rd",
            _ => "th",
        };
        format!("{}{suffix}", self.place)
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A king was checkmated.
    Checkmate,
    /// The player to move had no legal move while not in check (shogi: a
    /// loss; chess teams: stalemate draw).
    NoLegalMoves,
    /// A player resigned.
    Resignation,
    /// A position repeated (shogi: fourfold, `千日手` sennichite).
    Repetition,
    /// A repetition in which one player checked with every move: they lose.
    PerpetualCheck,
    /// A correct entering-king declaration (`入玉宣言`).
    Declaration,
    /// A claim under the 24-point impasse rule (`持将棋`).
    Impasse,
    /// The room's move limit was reached.
    MoveLimit,
    /// A king was captured (four-player chess).
    KingCaptured,
    /// Enough players were eliminated (four-player games).
    Eliminations,
    /// Fifty moves by every player without a capture or pawn move.
    FiftyMoves,
    /// A player's game clock ran out (two-player shogi; the four-player
    /// games count it a resignation).
    TimeForfeit,
}

impl EndReason {
    /// The reason as a message (`reason-checkmate`).
    pub fn msg(self) -> crate::i18n::Msg {
        crate::i18n::Msg::new(match self {
            EndReason::Checkmate => "reason-checkmate",
            EndReason::NoLegalMoves => "reason-no-legal-moves",
            EndReason::Resignation => "reason-resignation",
            EndReason::Repetition => "reason-repetition",
            EndReason::PerpetualCheck => "reason-perpetual-check",
            EndReason::Declaration => "reason-declaration",
            EndReason::Impasse => "reason-impasse",
            EndReason::MoveLimit => "reason-move-limit",
            EndReason::KingCaptured => "reason-king-captured",
            EndReason::Eliminations => "reason-eliminations",
            EndReason::FiftyMoves => "reason-fifty-moves",
            EndReason::TimeForfeit => "reason-time",
        })
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            EndReason::Checkmate => "checkmate",
            EndReason::NoLegalMoves => "no legal move",
            EndReason::Resignation => "resignation",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::Declaration => "entering-king declaration",
            EndReason::Impasse => "impasse (24-point rule)",
            EndReason::MoveLimit => "move limit",
            EndReason::KingCaptured => "king captured",
            EndReason::Eliminations => "eliminations",
            EndReason::FiftyMoves => "fifty-move rule",
            EndReason::TimeForfeit => "time",
        };
        f.write_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_skips_eliminated_seats_and_wraps() {
        let mut ring = SeatRing::new(4);
        assert_eq!(ring.next_active(Seat(3)), Some(Seat(0)));
        ring.eliminate(Seat(0));
        ring.eliminate(Seat(1));
        assert_eq!(ring.next_active(Seat(3)), Some(Seat(2)));
        assert_eq!(ring.active().collect::<Vec<_>>(), vec![Seat(2), Seat(3)]);
        ring.eliminate(Seat(2));
        assert_eq!(ring.next_active(Seat(3)), None);
        assert_eq!(ring.opposite(Seat(1)), Seat(3));
        let order: Vec<_> = SeatRing::new(4).clockwise_after(Seat(2)).collect();
        assert_eq!(order, vec![Seat(3), Seat(0), Seat(1), Seat(2)]);
    }

    #[test]
    fn cut_corner_board_has_160_squares() {
        let chess4 = Geometry {
            width: 14,
            height: 14,
            corner_cut: 3,
        };
        assert_eq!(chess4.squares().count(), 160);
        assert!(!chess4.contains(Square::new(2, 2)));
        assert!(chess4.contains(Square::new(3, 0)));
        assert!(!chess4.contains(Square::new(13, 11)));
        assert_eq!(Geometry::rect(9, 9).squares().count(), 81);
    }

    #[test]
    fn places_read_as_ordinals() {
        let place = |place| {
            Placing {
                seat: Seat(0),
                place,
                points: 0,
            }
            .ordinal()
        };
        assert_eq!(
            [place(1), place(2), place(3), place(4)],
            ["1st", "2nd", "3rd", "4th"]
        );
    }
}
