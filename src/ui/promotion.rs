//! The promotion question: shogi's promote-or-not (y/n) and chess's choice
//! of piece (q/r/b/n, only the pieces the rules offer), the keys that
//! answer it, its prompt and its hints; and chess promotions typed without
//! their piece. Esc (handled by the game screen) cancels.

use super::Theme;
use super::input::Hint;
use super::input::Key;
use crate::i18n::Msg;
use crate::rules::AnyGame;
use crate::rules::vocab::{Move, PieceKind, Promotion};
use crate::{msg, tr};

/// A promotion waiting for the player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionQuestion {
    /// Shogi: promote (y) or not (n); the promoting move comes first.
    PromoteOrNot([Move; 2]),
    /// Chess: which piece the pawn becomes, one slot per entry of
    /// [`PIECE_CHOICES`] (empty where the rules offer no such piece, as in
    /// free-for-all, which promotes to a queen only).
    ChoosePiece([Option<Move>; 4]),
}

/// A piece a chess pawn may become: the key that picks it and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceChoice {
    /// The key (and button) that picks it, as the hints show it.
    pub key: &'static str,
    /// The kind.
    pub kind: PieceKind,
}

impl PieceChoice {
    /// The key as the input layer reports it.
    pub fn key_char(&self) -> char {
        self.key.chars().next().unwrap_or(' ')
    }

    /// The piece's name, which the prompt and the hints show.
    pub fn name(&self) -> Msg {
        match self.kind {
            PieceKind::Queen => msg!("promotion-queen"),
            PieceKind::Rook => msg!("promotion-rook"),
            PieceKind::Bishop => msg!("promotion-bishop"),
            _ => msg!("promotion-knight"),
        }
    }
}

/// Chess promotion choices in the order the prompt lists them.
pub const PIECE_CHOICES: [PieceChoice; 4] = [
    PieceChoice {
        key: "q",
        kind: PieceKind::Queen,
    },
    PieceChoice {
        key: "r",
        kind: PieceKind::Rook,
    },
    PieceChoice {
        key: "b",
        kind: PieceKind::Bishop,
    },
    PieceChoice {
        key: "n",
        kind: PieceKind::Knight,
    },
];

impl PromotionQuestion {
    /// The question for several legal moves between the same two squares:
    /// a choice of piece when they are chess promotions, else shogi's
    /// promote-or-not.
    pub(super) fn for_moves(moves: &[Move]) -> PromotionQuestion {
        let mut pieces = [None; 4];
        for mv in moves {
            if let Move::Step {
                promotion: Promotion::To(kind),
                ..
            } = mv
            {
                if let Some(i) = PIECE_CHOICES.iter().position(|c| c.kind == *kind) {
                    pieces[i] = Some(*mv);
                }
            }
        }
        if pieces.iter().any(Option::is_some) {
            return PromotionQuestion::ChoosePiece(pieces);
        }
        let promotes =
            |m: &Move| matches!(m, Move::Step { promotion, .. } if *promotion != Promotion::None);
        let (a, b) = (moves[0], moves.get(1).copied().unwrap_or(moves[0]));
        PromotionQuestion::PromoteOrNot(if promotes(&a) { [a, b] } else { [b, a] })
    }

    /// The chess pieces offered, in [`PIECE_CHOICES`] order (none for shogi).
    pub fn pieces(&self) -> impl Iterator<Item = &'static PieceChoice> + '_ {
        let slots = match self {
            PromotionQuestion::ChoosePiece(slots) => *slots,
            PromotionQuestion::PromoteOrNot(_) => [None; 4],
        };
        PIECE_CHOICES
            .iter()
            .zip(slots)
            .filter(|(_, mv)| mv.is_some())
            .map(|(choice, _)| choice)
    }

    /// The move `key` answers with; `None` for keys that answer nothing.
    pub(super) fn answer(&self, key: Key) -> Option<Move> {
        let Key::Char(c) = key else { return None };
        match self {
            PromotionQuestion::PromoteOrNot([yes, no]) => match c {
                'y' | 'Y' | '+' => Some(*yes),
                'n' | 'N' | '=' => Some(*no),
                _ => None,
            },
            PromotionQuestion::ChoosePiece(slots) => {
                let c = c.to_ascii_lowercase();
                let i = PIECE_CHOICES
                    .iter()
                    .position(|choice| choice.key_char() == c)?;
                slots[i]
            }
        }
    }
}

impl PromotionQuestion {
    /// The prompt in the reader's language: `Promote? y = yes, n = no`
    /// for shogi; for chess the pieces offered with their keys, `Promote
    /// to: q queen  r rook  b bishop  n knight` (a menu: each key beside
    /// its piece's name), or the keys alone where that is wider than
    /// `width`.
    pub fn prompt(&self, width: u16, theme: Theme) -> String {
        if let PromotionQuestion::PromoteOrNot(_) = self {
            return tr!(theme, "promotion-promote-or-not");
        }
        let named: Vec<String> = self
            .pieces()
            .map(|c| format!("{} {}", c.key, theme.text(&c.name())))
            .collect();
        let long = tr!(theme, "promotion-choose", pieces = named.join("  "));
        if super::text::width(&long) <= width {
            return long;
        }
        let keys: Vec<&str> = self.pieces().map(|c| c.key).collect();
        tr!(theme, "promotion-choose", pieces = keys.join(" / "))
    }

    /// The key hints (also buttons): y/n, or a key per piece offered; Esc.
    pub fn hints(&self) -> Vec<Hint> {
        let mut hints = match self {
            PromotionQuestion::PromoteOrNot(_) => vec![
                ("y", msg!("hint-promote"), Key::Char('y')),
                ("n", msg!("hint-dont"), Key::Char('n')),
            ],
            PromotionQuestion::ChoosePiece(_) => self
                .pieces()
                .map(|c| (c.key, c.name(), Key::Char(c.key_char())))
                .collect(),
        };
        hints.push(("Esc", msg!("hint-cancel"), Key::Esc));
        hints
    }
}

/// The legal chess promotions a typed move may mean: `d10-d11` without its
/// piece means every piece the rules offer, and `d10-d11=r` the rook (the
/// notation wants upper case). Empty for other games and other text.
pub fn typed_promotions(game: &AnyGame, text: &str) -> Vec<Move> {
    if !matches!(game, AnyGame::Chess4(_)) {
        return Vec::new();
    }
    let (squares, piece) = match text.split_once('=') {
        Some((squares, piece)) => (squares, Some(piece.to_ascii_uppercase())),
        None => (text, None),
    };
    PIECE_CHOICES
        .iter()
        .map(|c| c.key.to_ascii_uppercase())
        .filter(|letter| piece.as_ref().is_none_or(|p| p == letter))
        .filter_map(|letter| game.parse_text(&format!("{squares}={letter}")).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::vocab::Square;

    fn step(promotion: Promotion) -> Move {
        Move::Step {
            from: Square::new(3, 9),
            to: Square::new(3, 10),
            promotion,
        }
    }

    #[test]
    fn shogi_asks_yes_or_no_with_the_promoting_move_first() {
        let moves = [step(Promotion::None), step(Promotion::Promote)];
        let question = PromotionQuestion::for_moves(&moves);
        assert_eq!(
            question,
            PromotionQuestion::PromoteOrNot([moves[1], moves[0]])
        );
        assert_eq!(question.answer(Key::Char('y')), Some(moves[1]));
        assert_eq!(question.answer(Key::Char('n')), Some(moves[0]));
        assert_eq!(question.answer(Key::Char('q')), None);
        assert_eq!(question.pieces().count(), 0);
        let en = Theme::default();
        assert_eq!(question.prompt(10, en), "Promote? y = yes, n = no");
    }

    #[test]
    fn chess_asks_for_the_pieces_offered() {
        let to = |kind| step(Promotion::To(kind));
        let moves = [
            to(PieceKind::Knight),
            to(PieceKind::Queen),
            to(PieceKind::Rook),
        ];
        let question = PromotionQuestion::for_moves(&moves);
        assert_eq!(question.answer(Key::Char('r')), Some(moves[2]));
        assert_eq!(question.answer(Key::Char('N')), Some(moves[0]));
        assert_eq!(question.answer(Key::Char('b')), None);
        assert_eq!(question.answer(Key::Char('y')), None);
        let en = Theme::default();
        assert_eq!(
            question.prompt(80, en),
            "Promote to: q queen  r rook  n knight"
        );
        assert_eq!(question.prompt(20, en), "Promote to: q / r / n");
        let hints = question.hints();
        let keys: Vec<&str> = hints.iter().map(|h| h.0).collect();
        assert_eq!(keys, ["q", "r", "n", "Esc"]);
        let names: Vec<String> = hints.iter().map(|h| en.text(&h.1)).collect();
        assert_eq!(names, ["queen", "rook", "knight", "cancel"]);
        // Every language's prompt fits the side panel at 80 columns, in
        // one form or the other.
        for lang in crate::i18n::Lang::ALL {
            let theme = Theme { lang, ..en };
            let text = question.prompt(31, theme);
            assert!(crate::ui::text::width(&text) <= 31, "{text}");
        }
    }
}
