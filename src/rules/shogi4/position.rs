//! The four-player shogi position and its rules of movement (RULES.md §2):
//! movement by facing, captures, drops, promotion by the piece's facing,
//! nifu along the mover's lines, dead pawns, pawn-drop mate, king safety
//! and, in pairs, no new check on the partner.

use super::types::{Kind4, Move4, Piece4, SEATS, Sq4, forward_rank, rotate};

/// The team format (room rule `format`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Everyone for themselves.
    Individual,
    /// Opposite seats are partners; the game ends at the first mate.
    Pairs,
}

/// The rules that change how a position plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Play4 {
    /// Individual or pairs.
    pub format: Format,
    /// Mates that end an individual game: 2 by default, 3 to play on until
    /// one player is left.
    pub mates_to_end: u8,
    /// A mated player's board pieces become ownerless instead of going to
    /// the mating player.
    pub ownerless: bool,
}

impl Default for Play4 {
    fn default() -> Self {
        Play4 {
            format: Format::Individual,
            mates_to_end: 2,
            ownerless: false,
        }
    }
}

/// A four-player shogi position with the game's running score (mates
/// delivered), since a move can mate and so end the game by itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position4 {
    pub(crate) board: [Option<Piece4>; 81],
    pub(crate) hands: [[u8; 4]; SEATS],
    pub(crate) to_move: u8,
    pub(crate) move_number: u32,
    pub(crate) play: Play4,
    /// Mates delivered per seat.
    pub(crate) mates: [u8; SEATS],
    /// Move number of each seat's latest mate delivered (0: none).
    pub(crate) last_mate: [u32; SEATS],
    /// The order seats were mated in (first mated first).
    pub(crate) mated: Vec<u8>,
    /// Where each seat's king (live or flipped) stands, kept by `apply`.
    pub(crate) kings: [Sq4; SEATS],
}

const KING_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (-1, 1),
    (1, 0),
    (-1, 0),
    (0, -1),
    (1, -1),
    (-1, -1),
];
const GOLD_STEPS: [(i8, i8); 6] = [(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)];
const SILVER_STEPS: [(i8, i8); 5] = [(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)];
const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The single steps of a piece, relative to South's forward.
fn steps(piece: Piece4) -> &'static [(i8, i8)] {
    match (piece.kind, piece.promoted) {
        (Kind4::King, _) => &KING_STEPS,
        (Kind4::Gold, _) | (Kind4::Silver, true) | (Kind4::Pawn, true) => &GOLD_STEPS,
        (Kind4::Silver, false) => &SILVER_STEPS,
        (Kind4::Pawn, false) => &[(0, 1)],
        (Kind4::Rook, true) => &DIAGONAL,
        (Kind4::Rook, false) => &[],
    }
}

impl Position4 {
    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Sq4) -> Option<Piece4> {
        self.board[sq.0 as usize]
    }

    /// How many of `kind` `seat` holds.
    pub fn hand_count(&self, seat: u8, kind: Kind4) -> u8 {
        self.hands[seat as usize][kind.hand_index()]
    }

    /// The seat to move (once the game is over: who would be next).
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Moves made so far plus one.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The rules this position plays by.
    pub fn play_rules(&self) -> Play4 {
        self.play
    }

    /// Mates delivered by each seat.
    pub fn mates(&self) -> [u8; SEATS] {
        self.mates
    }

    /// The seats mated so far, first mated first.
    pub fn mated(&self) -> &[u8] {
        &self.mated
    }

    /// Whether `seat` is still playing (its king not turned over).
    pub fn is_active(&self, seat: u8) -> bool {
        self.king_square(seat)
            .and_then(|sq| self.piece_at(sq))
            .is_some_and(|k| !k.flipped)
    }

    /// Where `seat`'s king (live or flipped) stands.
    pub fn king_square(&self, seat: u8) -> Option<Sq4> {
        self.kings.get(seat as usize).copied()
    }

    /// Finds the kings on the board (after reading a position).
    pub(crate) fn locate_kings(&mut self) {
        for (i, cell) in self.board.iter().enumerate() {
            if let Some(p) = cell.filter(|p| p.kind == Kind4::King) {
                if let Some(owner) = p.owner {
                    self.kings[owner as usize % SEATS] = Sq4(i as u8);
                }
            }
        }
    }

    /// Whether the game is over: two mates (or as the room says), the first
    /// mate in pairs, or a single player left.
    pub fn is_over(&self) -> bool {
        let mated = self.mated.len() as u8;
        let active = (0..SEATS as u8).filter(|s| self.is_active(*s)).count();
        match self.play.format {
            Format::Pairs => mated >= 1,
            Format::Individual => mated >= self.play.mates_to_end || active <= 1,
        }
    }

    /// The seats whose live pieces attack `sq` (a bit per seat).
    pub fn attackers(&self, sq: Sq4) -> u8 {
        let mut seats = 0u8;
        for (dx, dy) in KING_STEPS {
            // The adjacent square, then further along orthogonal lines.
            let mut distance = 1;
            let mut cur = sq;
            while let Some(next) = cur.offset(dx, dy) {
                cur = next;
                if let Some(p) = self.piece_at(cur) {
                    if p.is_live() && attacks_from(p, (-dx, -dy), distance) {
                        seats |= 1 << p.owner.unwrap_or(0);
                    }
                    break;
                }
                if dx != 0 && dy != 0 {
                    break;
                }
                distance += 1;
            }
        }
        seats
    }

    /// Whether `seat`'s live king is attacked by another seat's pieces.
    pub fn in_check(&self, seat: u8) -> bool {
        match self.king_square(seat) {
            Some(sq) if self.is_active(seat) => self.attackers(sq) & !(1 << seat) != 0,
            _ => false,
        }
    }

    /// The seat's partner in pairs.
    fn partner(&self, seat: u8) -> Option<u8> {
        (self.play.format == Format::Pairs).then_some((seat + 2) % 4)
    }

    /// Every legal move of the seat to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move4> {
        if self.is_over() {
            return Vec::new();
        }
        let mut moves = Vec::with_capacity(64);
        self.for_each_legal(self.to_move, 2, &mut |mv| {
            moves.push(mv);
            false
        });
        moves
    }

    /// Whether `seat` would have a legal move if it were to move now.
    pub fn has_legal_move(&self, seat: u8, depth: u8) -> bool {
        let mut any = false;
        self.for_each_legal(seat, depth, &mut |_| {
            any = true;
            true
        });
        any
    }

    /// Calls `f` with each legal move of `seat` until it returns `true`.
    /// `depth` bounds the pawn-drop-mate look-ahead (a reply that is itself
    /// a pawn drop giving mate is judged one level down).
    fn for_each_legal(&self, seat: u8, depth: u8, f: &mut dyn FnMut(Move4) -> bool) {
        let mut stop = false;
        let in_check = self.in_check(seat);
        self.for_each_pseudo(seat, &mut |mv| {
            if !stop && (self.surely_safe(seat, mv, in_check) || self.is_safe(seat, mv, depth)) {
                stop = f(mv);
            }
            stop
        });
    }

    /// A quick pass for most moves, without copying the position: when the
    /// mover is not in check, a drop (other than a pawn, which may mate) or a
    /// move of a piece that shares no row or column with its king cannot
    /// expose the king, since only rooks attack from afar. Pairs always take
    /// the full test (a move may check the partner).
    fn surely_safe(&self, seat: u8, mv: Move4, in_check: bool) -> bool {
        if in_check || self.play.format == Format::Pairs {
            return false;
        }
        let Some(king) = self.king_square(seat) else {
            return false;
        };
        match mv {
            // A pawn drop needs the full test only when it checks a king:
            // then it may be a pawn-drop mate.
            Move4::Drop {
                kind: Kind4::Pawn,
                to,
            } => !self.pawn_checks_king(seat, to),
            Move4::Drop { .. } => true,
            Move4::Step { from, .. } => {
                from != king && from.x() != king.x() && from.y() != king.y()
            }
        }
    }

    /// Board moves and drops by the pieces' movement alone.
    fn for_each_pseudo(&self, seat: u8, f: &mut dyn FnMut(Move4) -> bool) {
        for i in 0..81u8 {
            let from = Sq4(i);
            let Some(p) = self.piece_at(from) else {
                continue;
            };
            if p.owner != Some(seat) || p.flipped {
                continue;
            }
            let targets = self.targets(from, p);
            for &to in targets.as_slice() {
                for promote in [true, false] {
                    if self.step_allowed(seat, from, to, p, promote)
                        && f(Move4::Step { from, to, promote })
                    {
                        return;
                    }
                }
            }
        }
        for kind in Kind4::HAND {
            if self.hand_count(seat, kind) == 0 {
                continue;
            }
            for i in 0..81u8 {
                let to = Sq4(i);
                if self.piece_at(to).is_none()
                    && self.drop_allowed(seat, kind, to)
                    && f(Move4::Drop { kind, to })
                {
                    return;
                }
            }
        }
    }

    /// Squares `p` on `from` may move to: empty, or holding a capturable
    /// piece: an opponent's or an ownerless one, never a king. In pairs the
    /// partner is no opponent (RULES.md: "moving onto an opponent's piece
    /// captures it"), so the partner's pieces block.
    fn targets(&self, from: Sq4, p: Piece4) -> Targets {
        let partner = p.owner.and_then(|o| self.partner(o));
        let mut out = Targets::default();
        let mut consider = |to: Sq4| -> bool {
            match self.piece_at(to) {
                None => {
                    out.push(to);
                    true
                }
                Some(q) => {
                    let friendly = q.owner == p.owner || (q.owner.is_some() && q.owner == partner);
                    if q.kind != Kind4::King && !friendly {
                        out.push(to);
                    }
                    false
                }
            }
        };
        for &step in steps(p) {
            let (dx, dy) = rotate(p.facing, step);
            if let Some(to) = from.offset(dx, dy) {
                consider(to);
            }
        }
        if p.kind == Kind4::Rook {
            for (dx, dy) in ORTHOGONAL {
                let mut cur = from;
                while let Some(to) = cur.offset(dx, dy) {
                    if !consider(to) {
                        break;
                    }
                    cur = to;
                }
            }
        }
        out
    }

    /// Whether an unpromoted pawn facing `facing` on `sq` has no move: it
    /// stands on its last row or right in front of a flipped king.
    fn pawn_dead(&self, facing: u8, sq: Sq4) -> bool {
        let (dx, dy) = rotate(facing, (0, 1));
        match sq.offset(dx, dy) {
            None => true,
            Some(ahead) => self.piece_at(ahead).is_some_and(|p| p.flipped),
        }
    }

    /// The line parallel to `seat`'s facing through `sq` (columns for South
    /// and North, rows for West and East), as a line number.
    fn line(seat: u8, sq: Sq4) -> u8 {
        if seat % 2 == 0 { sq.x() } else { sq.y() }
    }

    /// Whether `seat` has an unpromoted pawn on `sq`'s line, other than the
    /// one on `except`.
    fn pawn_on_line(&self, seat: u8, sq: Sq4, except: Option<Sq4>) -> bool {
        let line = Self::line(seat, sq);
        (0..9u8).any(|i| {
            let s = if seat % 2 == 0 {
                Sq4::new(line, i)
            } else {
                Sq4::new(i, line)
            };
            Some(s) != except
                && self
                    .piece_at(s)
                    .is_some_and(|p| p.is_pawn() && p.owner == Some(seat))
        })
    }

    fn step_allowed(&self, seat: u8, from: Sq4, to: Sq4, p: Piece4, promote: bool) -> bool {
        if promote {
            let can = p.kind.can_promote() && !p.promoted;
            return can && (forward_rank(p.facing, from) >= 6 || forward_rank(p.facing, to) >= 6);
        }
        if !p.is_pawn() {
            return true;
        }
        if self.pawn_dead(p.facing, to) {
            return false;
        }
        // Nifu: moving along the line never makes a pair.
        Self::line(seat, from) == Self::line(seat, to) || !self.pawn_on_line(seat, to, Some(from))
    }

    fn drop_allowed(&self, seat: u8, kind: Kind4, to: Sq4) -> bool {
        kind != Kind4::Pawn || (!self.pawn_dead(seat, to) && !self.pawn_on_line(seat, to, None))
    }

    /// Places a move's pieces (no turn logic): what king safety is judged on.
    pub(crate) fn apply(&mut self, seat: u8, mv: Move4) {
        match mv {
            Move4::Step { from, to, promote } => {
                let mut p = self.board[from.0 as usize].take().expect("a piece to move");
                if p.kind == Kind4::King {
                    self.kings[seat as usize] = to;
                }
                if let Some(captured) = self.board[to.0 as usize] {
                    let hand = &mut self.hands[seat as usize];
                    hand[captured.kind.hand_index()] += 1;
                }
                p.promoted |= promote;
                self.board[to.0 as usize] = Some(p);
            }
            Move4::Drop { kind, to } => {
                self.hands[seat as usize][kind.hand_index()] -= 1;
                self.board[to.0 as usize] = Some(Piece4::new(kind, seat));
            }
        }
    }

    /// Whether `mv` keeps `seat`'s king safe, creates no check on a partner
    /// and is not a pawn drop that mates.
    fn is_safe(&self, seat: u8, mv: Move4, depth: u8) -> bool {
        let mut after = self.clone();
        after.apply(seat, mv);
        if after.in_check(seat) {
            return false;
        }
        if let Some(partner) = self.partner(seat) {
            let by_me = |pos: &Position4| {
                pos.king_square(partner)
                    .filter(|_| pos.is_active(partner))
                    .is_some_and(|k| pos.attackers(k) & (1 << seat) != 0)
            };
            if by_me(&after) && !by_me(self) {
                return false;
            }
        }
        match mv {
            Move4::Drop {
                kind: Kind4::Pawn,
                to,
            } if depth > 0 => !after.pawn_drop_mates(seat, to, depth - 1),
            _ => true,
        }
    }

    /// Whether a pawn of `seat` on `sq` would attack another seat's live king.
    fn pawn_checks_king(&self, seat: u8, sq: Sq4) -> bool {
        let (dx, dy) = rotate(seat, (0, 1));
        sq.offset(dx, dy)
            .and_then(|ahead| self.piece_at(ahead))
            .is_some_and(|k| k.kind == Kind4::King && !k.flipped && k.owner != Some(seat))
    }

    /// Whether the pawn `seat` just dropped on `sq` checks a king whose
    /// owner would have no legal reply if they moved at once.
    fn pawn_drop_mates(&self, seat: u8, sq: Sq4, depth: u8) -> bool {
        let (dx, dy) = rotate(seat, (0, 1));
        let Some(ahead) = sq.offset(dx, dy) else {
            return false;
        };
        match self.piece_at(ahead) {
            Some(k) if k.kind == Kind4::King && !k.flipped => {
                let owner = k.owner.unwrap_or(seat);
                owner != seat && !self.has_legal_move(owner, depth)
            }
            _ => false,
        }
    }
}

/// A piece's destinations, on the stack: a dragon, the most mobile piece,
/// reaches at most 16 + 4 squares.
#[derive(Default)]
struct Targets {
    squares: [Sq4; 20],
    len: usize,
}

impl Targets {
    fn push(&mut self, sq: Sq4) {
        if let Some(slot) = self.squares.get_mut(self.len) {
            *slot = sq;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Sq4] {
        &self.squares[..self.len]
    }
}

/// Whether piece `p` attacks the square `(dx, dy) * distance` away from it.
fn attacks_from(p: Piece4, (dx, dy): (i8, i8), distance: u8) -> bool {
    let orthogonal = dx == 0 || dy == 0;
    if p.kind == Kind4::Rook && orthogonal {
        return true;
    }
    if distance != 1 {
        return false;
    }
    // Turn the absolute step back into the piece's own frame.
    let facing_back = (4 - p.facing) % 4;
    let rel = rotate(facing_back, (dx, dy));
    steps(p).contains(&rel)
}
