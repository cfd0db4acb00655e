//! The prover: decides whether a position is a puzzle and what its answer
//! is. Pure and deterministic (no clock, no randomness), so the test that
//! re-proves every shipped puzzle gets the generator's answers back.
//!
//! - Shogi mate in 1: exactly one legal move leaves the opponent without
//!   a legal move (the rules' checkmate; a pawn drop that would mate is
//!   not legal, so it never counts).
//! - Shogi mate in 3: no mate in 1, and exactly one legal first move,
//!   a check, after which every legal reply allows a mate in 1. Every
//!   first move is examined, quiet ones too, so the answer is unique.
//! - Four-player chess tactic: the seat to move has a capture or a check
//!   that the four-player search, at a fixed depth with no noise and no
//!   clock, scores at least [`TACTIC_MARGIN`] above the best other legal
//!   move (each side of the comparison searched on its own moves only).

use crate::cpu::four::{self, Root};
use crate::cpu::{Budget, Reach};
use crate::rules::chess4::{self, Chess4Rules, Variant};
use crate::rules::shogi::{Move as ShogiMove, Position};
use crate::rules::vocab::Seat;
use crate::rules::{GameKind, RuleValues};
use std::time::Duration;

/// How far the four-player search looks for a tactic: the solver's move,
/// every opponent's best reply, the solver's next move and the replies to
/// it, then captures (what CPU level 4 sees, without its noise).
pub const TACTIC_DEPTH: u32 = 2;

/// How much better than every other move, in centipawns, the tactic's
/// move must score: a minor piece.
pub const TACTIC_MARGIN: i32 = 300;

/// Why a position is not a puzzle of the kind asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The position or a rule could not be read.
    Unreadable(String),
    /// No answer of the kind.
    NoAnswer,
    /// More than one answer (or a shorter one).
    NotUnique,
}

/// Whether the shogi position `sfen` is a mate in 1 with one answer: that
/// answer, in USI.
pub fn shogi_mate1(sfen: &str) -> Result<String, Refusal> {
    let mut pos = shogi_position(sfen)?;
    match mating_moves(&mut pos, 2).as_slice() {
        [] => Err(Refusal::NoAnswer),
        [mv] => Ok(mv.to_usi()),
        _ => Err(Refusal::NotUnique),
    }
}

/// Whether the shogi position `sfen` is a mate in 3 (solver, defender,
/// solver) with one first move, a check: the line, the defender's reply
/// being the one that leaves the fewest mates (the first such in move
/// order) and the solver's last move the first mate after it.
pub fn shogi_mate3(sfen: &str) -> Result<[String; 3], Refusal> {
    let mut pos = shogi_position(sfen)?;
    if !mating_moves(&mut pos, 1).is_empty() {
        return Err(Refusal::NotUnique);
    }
    let first = unique_first_move(&mut pos)?;
    let undo = pos.make(first);
    let (reply, mate) = stubbornest_reply(&mut pos);
    pos.unmake(first, undo);
    Ok([first.to_usi(), reply.to_usi(), mate.to_usi()])
}

/// Reads an SFEN for the prover.
fn shogi_position(sfen: &str) -> Result<Position, Refusal> {
    Position::from_sfen(sfen).map_err(|e| Refusal::Unreadable(e.to_string()))
}

/// Whether the side to move has no legal move (the rules' loss). Not in
/// check with a gold, silver, bishop or rook in hand there is always a
/// drop, which spares counting the moves of most quiet positions.
fn no_legal_move(pos: &Position) -> bool {
    use crate::rules::shogi::Kind;
    if !pos.in_check() {
        let hand = pos.hand(pos.side_to_move());
        let droppable = [Kind::Gold, Kind::Silver, Kind::Bishop, Kind::Rook];
        if droppable.iter().any(|k| hand.count(*k) > 0) {
            return false;
        }
    }
    pos.count_legal() == 0
}

/// Whether `mv` leaves the opponent without a legal move.
fn mates(pos: &mut Position, mv: ShogiMove) -> bool {
    let undo = pos.make(mv);
    let mated = no_legal_move(pos);
    pos.unmake(mv, undo);
    mated
}

/// The side to move's mating moves, stopping once `enough` are found.
fn mating_moves(pos: &mut Position, enough: usize) -> Vec<ShogiMove> {
    let mut found = Vec::new();
    for &mv in pos.legal_moves().as_slice() {
        if mates(pos, mv) {
            found.push(mv);
            if found.len() >= enough {
                break;
            }
        }
    }
    found
}

/// Whether `mv` gives check.
fn checks(pos: &mut Position, mv: ShogiMove) -> bool {
    let undo = pos.make(mv);
    let check = pos.in_check();
    pos.unmake(mv, undo);
    check
}

/// Whether every legal reply to `mv` allows a mate in 1 (`mv` itself must
/// not end the game: the caller made sure there is no mate in 1). Stops at
/// the first reply that escapes.
fn forces_mate(pos: &mut Position, mv: ShogiMove) -> bool {
    let undo = pos.make(mv);
    let replies = pos.legal_moves();
    let forced = !replies.is_empty()
        && replies.as_slice().iter().all(|&reply| {
            let undo = pos.make(reply);
            let mated = !mating_moves(pos, 1).is_empty();
            pos.unmake(reply, undo);
            mated
        });
    pos.unmake(mv, undo);
    forced
}

/// The one first move that forces mate, which must be a check. Checks are
/// tried first (where the answer usually is); then every quiet move is
/// shown not to force mate, each refuted by its first escaping reply.
fn unique_first_move(pos: &mut Position) -> Result<ShogiMove, Refusal> {
    let moves = pos.legal_moves();
    let (checking, quiet): (Vec<ShogiMove>, Vec<ShogiMove>) =
        moves.as_slice().iter().partition(|&&mv| checks(pos, mv));
    let mut winning = checking.into_iter().filter(|&mv| forces_mate(pos, mv));
    let first = winning.next().ok_or(Refusal::NoAnswer)?;
    if winning.next().is_some() || quiet.into_iter().any(|mv| forces_mate(pos, mv)) {
        return Err(Refusal::NotUnique);
    }
    Ok(first)
}

/// The defender's reply that leaves the solver the fewest mates, and the
/// first of those mates (every reply has one: the caller proved it).
fn stubbornest_reply(pos: &mut Position) -> (ShogiMove, ShogiMove) {
    let replies = pos.legal_moves();
    let mut best: Option<(usize, ShogiMove, ShogiMove)> = None;
    for &reply in replies.as_slice() {
        let undo = pos.make(reply);
        let mating = mating_moves(pos, usize::MAX);
        pos.unmake(reply, undo);
        if let Some(&mate) = mating.first()
            && best.is_none_or(|(n, _, _)| mating.len() < n)
        {
            best = Some((mating.len(), reply, mate));
        }
    }
    let (_, reply, mate) = best.expect("a proven mate in 3 has a reply and a mate");
    (reply, mate)
}

/// A four-player chess tactic: its move (in the game's notation) and by
/// how much it beats every other move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactic {
    /// The move, as `e2-e4`.
    pub mv: String,
    /// Its score at [`TACTIC_DEPTH`] minus the best other move's.
    pub margin: i32,
}

/// Whether the FEN4 `fen4` under room `rules` (NAME=VALUE) is a tactic for
/// the seat to move.
pub fn chess4_tactic(fen4: &str, rules: &[String]) -> Result<Tactic, Refusal> {
    let values = RuleValues::parse(GameKind::Chess4.rule_specs(), rules)
        .map_err(|e| Refusal::Unreadable(e.to_string()))?;
    let variant = Chess4Rules::from_values(&values).variant;
    let pos = chess4::Position::from_fen4(fen4, variant)
        .map_err(|e| Refusal::Unreadable(e.to_string()))?;
    let game = chess4::ChessGame4::from_position(Chess4Rules::from_values(&values), pos.clone());
    let moves = game.legal_moves();
    let best = search4(&pos, moves.clone()).ok_or(Refusal::NoAnswer)?.0;
    if !forcing(&pos, best) {
        return Err(Refusal::NoAnswer);
    }
    let others: Vec<_> = moves.into_iter().filter(|m| *m != best).collect();
    let (_, score) = search4(&pos, vec![best]).ok_or(Refusal::NoAnswer)?;
    let margin = match search4(&pos, others) {
        Some((_, other)) => score.saturating_sub(other),
        None => return Err(Refusal::NoAnswer),
    };
    if margin < TACTIC_MARGIN {
        return Err(Refusal::NotUnique);
    }
    Ok(Tactic {
        mv: best.to_string(),
        margin,
    })
}

/// The best of `moves` and its score by the four-player search at
/// [`TACTIC_DEPTH`]: no noise, and a clock so long it never runs out, so
/// the same position always gets the same answer.
fn search4(pos: &chess4::Position, moves: Vec<chess4::Move>) -> Option<(chess4::Move, i32)> {
    if moves.is_empty() {
        return None;
    }
    let root = Root {
        me: Seat(pos.to_move()),
        teams: pos.variant() == Variant::Teams,
        moves_left: None,
        repeating: &[],
    };
    let budget = Budget::new(Duration::from_secs(24 * 3600));
    let found = four::search(
        pos,
        moves,
        &|_| None,
        root,
        Reach::depth(TACTIC_DEPTH),
        &budget,
    );
    found.best.map(|mv| (mv, found.score))
}

/// Whether `mv` captures or gives check: a tactic forces, where a quiet
/// move that alone saves a piece would be a lesson in defence instead.
fn forcing(pos: &chess4::Position, mv: chess4::Move) -> bool {
    use crate::cpu::four::Node;
    if pos.taken(mv).is_some() {
        return true;
    }
    let me = pos.to_move();
    let mut next = pos.clone();
    Node::play(&mut next, mv);
    (0..4u8).any(|seat| seat != me && !next.is_out(seat) && next.in_check(seat))
}
