//! The side panel of a four-player game: the four seats (name, player,
//! turn, check, out or place, hand, mates delivered), whose turn, which
//! seats check priority skipped, the prompt, and the move list.

use super::{Panel, hand_line, tag_and_who, turn_and_moves, turn_arrow};
use crate::hall::{Phase, RoomView};
use crate::i18n::{Arg, Msg};
use crate::msg;
use crate::rules::vocab::{Seat, SeatRing};
use crate::rules::{AnyGame, GameKind};
use crate::ui::Theme;
use crate::ui::input::Hits;
use crate::ui::text::put;
use ratatui::buffer::Buffer;

/// The letter that marks a seat's pieces and moves: `S` `W` `N` `E`.
pub fn seat_letter(seat: Seat) -> &'static str {
    crate::ui::boards::shogi4::SEAT_LETTERS[seat.index() % 4]
}

/// `S South`: the letter the board marks the seat's pieces with, and its
/// name in the reader's language.
pub fn seat_name(seat: Seat, theme: Theme) -> String {
    let name = theme.text(&GameKind::Shogi4.seat_msg(seat));
    format!("{} {name}", seat_letter(seat))
}

/// Mates delivered by each seat (zeros for games that do not count them).
fn mates(game: &AnyGame) -> [u8; 4] {
    match game {
        AnyGame::Shogi4(g) => g.position().mates(),
        AnyGame::Shogi(_) | AnyGame::Chess4(_) => [0; 4],
    }
}

/// "check priority: East plays, North skipped": when the seat to move is
/// not the next active seat clockwise after the last mover, the active
/// seats between were skipped because a king was in check.
pub fn priority_line(view: &RoomView) -> Option<Msg> {
    if view.phase != Phase::Playing {
        return None;
    }
    let mover = view.moves.last()?.seat;
    let next = view.game.to_move()?;
    let skipped: Vec<Arg> = skipped(view.game.seats(), mover, next)
        .iter()
        .map(|s| Arg::Msg(GameKind::Shogi4.seat_msg(*s)))
        .collect();
    if skipped.is_empty() {
        return None;
    }
    Some(msg!(
        "game-check-priority",
        seat = GameKind::Shogi4.seat_msg(next),
        skipped = Arg::List(skipped),
    ))
}

/// The active seats clockwise between `mover` and `next` (exclusive):
/// those whose turn check priority took. Seats mated by the move are
/// already out of `ring`, so passing over them is no skip.
pub fn skipped(ring: SeatRing, mover: Seat, next: Seat) -> Vec<Seat> {
    ring.clockwise_after(mover)
        .take_while(|s| *s != next)
        .filter(|s| ring.is_active(*s))
        .collect()
}

/// Draws the panel; see the module docs.
pub(super) fn render_side(buf: &mut Buffer, panel: &Panel, hits: &mut Hits) {
    let Panel { area, view, .. } = *panel;
    if area.height < 8 || area.width < 10 {
        return;
    }
    let mut y = area.y;
    for seat in view.game.seats().all() {
        player(buf, panel, y, seat, hits);
        y += 2;
    }
    let note = priority_line(view).map(|m| panel.theme.text(&m));
    turn_and_moves(buf, panel, y, note, 0);
}

/// A seat's two lines: `> S South [check] alice (you)` and its hand with
/// the mates it delivered.
fn player(buf: &mut Buffer, panel: &Panel, y: u16, seat: Seat, hits: &mut Hits) {
    let Panel {
        area,
        view,
        seats,
        theme,
        ..
    } = *panel;
    let x = turn_arrow(buf, panel, y, seat);
    let x = put(buf, area, x, y, &seat_name(seat, theme), theme.seat(seat));
    tag_and_who(buf, area, (x, y), view, seat, seats, theme);
    let x = hand_line(buf, panel, y + 1, seat, hits);
    let n = mates(&view.game)[seat.index() % 4];
    if n > 0 {
        let text = crate::tr!(theme, "game-mates", count = n);
        put(buf, area, x + 1, y + 1, &text, theme.title());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameKind, RuleValues};
    use crate::ui::game_view::tag;

    #[test]
    fn check_priority_skips_the_active_seats_in_between() {
        let mut ring = SeatRing::new(4);
        // South moved and checked East: West and North lose their turn.
        assert_eq!(skipped(ring, Seat(0), Seat(3)), vec![Seat(1), Seat(2)]);
        // The usual next seat: nobody skipped.
        assert!(skipped(ring, Seat(0), Seat(1)).is_empty());
        // West was mated by South's move: moving on to North skips nobody.
        ring.eliminate(Seat(1));
        assert!(skipped(ring, Seat(0), Seat(2)).is_empty());
        assert_eq!(skipped(ring, Seat(3), Seat(2)), vec![Seat(0)]);
    }

    #[test]
    fn mated_seats_are_tagged_out() {
        let rules = RuleValues::defaults(GameKind::Shogi4.rule_specs());
        let sfen = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3S-e/GwPw5P-eG-e/KwRwPw3P-eR-eXe/\
                    GwPw5P-eG-e/Sw3Ps3S-e/3PsRsPs3/2SsGsKsGsSs2 s -,-,-,- 1";
        let game = AnyGame::new(GameKind::Shogi4, &rules, Some(sfen)).expect("sfen4");
        assert_eq!(tag(&game, Seat(3)), Some(msg!("game-tag-out")));
        assert_eq!(tag(&game, Seat(0)), None);
        assert_eq!(seat_name(Seat(2), Theme::default()), "N North");
    }
}
