//! The game screen's own state and its update: the board cursor, the picked
//! piece, the promotion question (see [`super::promotion`]) and y/n
//! confirmations. Only moves from the game's `legal_moves()` are ever sent,
//! and only for a seat this session plays when that seat is to move.

use super::app::Action;
use super::boards;
use super::input::{Dir, Event, Hit, Key};
use super::promotion::{PromotionQuestion, typed_promotions};
use crate::hall::{Phase, RoomView};
use crate::msg;
use crate::rules::vocab::{Move, PieceKind, Seat, SeatSet, Square};
use crate::rules::{AnyGame, Claim};

/// What the player picked to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A piece on this square.
    Square(Square),
    /// A piece of this kind from the hand.
    Hand(PieceKind),
}

/// Where the keyboard focus is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The board cursor.
    Board,
    /// The n-th kind in the acting seat's hand.
    Hand(usize),
}

/// A question waiting for y/n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Resign the game.
    Resign,
    /// Leave a game in progress.
    Leave,
}

/// The game screen's state.
#[derive(Clone, Debug)]
pub struct GameScreen {
    /// The board cursor (neutral coordinates).
    pub cursor: Square,
    /// Board or hand.
    pub focus: Focus,
    /// The picked piece, if any.
    pub picked: Option<Pick>,
    /// A promotion question waiting for its answer.
    pub promotion: Option<PromotionQuestion>,
    /// A pending y/n confirmation.
    pub confirm: Option<Confirm>,
    /// Move-list lines scrolled back from the newest.
    pub scroll: usize,
    /// A move being typed (`m` opens the prompt): in the game's notation,
    /// or for two-player shogi also Japanese or Western.
    pub typing: Option<String>,
}

/// The longest move text the prompt takes (the longest real one, a
/// four-player chess promotion, is far shorter).
const MAX_TYPED: usize = 16;

impl Default for GameScreen {
    fn default() -> Self {
        GameScreen {
            cursor: Square::new(2, 2),
            focus: Focus::Board,
            picked: None,
            promotion: None,
            confirm: None,
            scroll: 0,
            typing: None,
        }
    }
}

/// Whether the move prompt takes `c`: printable ASCII, and for Japanese
/// notation (`７六歩`, `同　歩`) any other printable character, the
/// full-width space included.
fn typable(c: char) -> bool {
    c.is_ascii_graphic() || (!c.is_ascii() && !c.is_control())
}

/// The seat this session may move for now: the seat to move, if it plays it.
pub fn acting_seat(view: &RoomView, seats: SeatSet) -> Option<Seat> {
    if view.phase != Phase::Playing {
        return None;
    }
    view.game.to_move().filter(|s| seats.contains(*s))
}

/// How many quarter turns the board is shown turned: a player in exactly
/// one seat sees that seat at the bottom (seat 1 of two is half a turn away,
/// seat 1 of four a quarter); same-device tables and spectators see seat 0's
/// side.
pub fn turns(game: &AnyGame, seats: SeatSet) -> u8 {
    let count = game.seats().count().max(1);
    let mut playing = seats.iter();
    match (playing.next(), playing.next()) {
        (Some(seat), None) if seat.0 < count => seat.0 * 4 / count,
        _ => 0,
    }
}

/// Whether the session plays exactly one seat (and so is "you" there).
pub fn single_seat(seats: SeatSet) -> bool {
    seats.iter().count() == 1
}

/// The square at screen column `sx`, row `sy` from the bottom left, as
/// the board is turned for `seats`.
pub fn screen_square(game: &AnyGame, seats: SeatSet, sx: u8, sy: u8) -> Square {
    let g = game.geometry();
    boards::from_screen(turns(game, seats), g.width, g.height, sx, sy)
}

/// Whether a player may resign here now (four-player shogi has no
/// resignation: a player who leaves is replaced by the CPU).
pub fn can_resign(view: &RoomView, seats: SeatSet) -> bool {
    view.phase == Phase::Playing && seats != SeatSet::EMPTY && view.game.kind().has_resignation()
}

/// Whether the acting seat could declare the entering king now.
pub fn can_declare(view: &RoomView, seats: SeatSet) -> bool {
    acting_seat(view, seats).is_some() && view.game.clone().claim(Claim::EnteringKing).is_ok()
}

/// Whether the game keeps captured pieces in hand to drop (the shogi
/// games; chess has no hands, so no Tab and no hand lines).
pub fn has_hands(game: &AnyGame) -> bool {
    !matches!(game, AnyGame::Chess4(_))
}

/// The kinds in `seat`'s hand, in the game's order.
pub fn hand_kinds(game: &AnyGame, seat: Seat) -> Vec<PieceKind> {
    game.hand(seat)
        .pieces
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(k, _)| *k)
        .collect()
}

/// Whether `mv` starts from `pick` and lands on `to`.
fn matches(mv: &Move, pick: Pick, to: Square) -> bool {
    match (mv, pick) {
        (Move::Step { from, to: t, .. }, Pick::Square(p)) => *from == p && *t == to,
        (Move::Drop { kind, to: t }, Pick::Hand(k)) => *kind == k && *t == to,
        _ => false,
    }
}

/// The destinations of the picked piece.
pub fn targets(game: &AnyGame, pick: Option<Pick>) -> Vec<Square> {
    let Some(pick) = pick else {
        return Vec::new();
    };
    let mut out: Vec<Square> = game
        .legal_moves()
        .iter()
        .filter_map(|mv| match (mv, pick) {
            (Move::Step { from, to, .. }, Pick::Square(p)) if *from == p => Some(*to),
            (Move::Drop { kind, to }, Pick::Hand(k)) if *kind == k => Some(*to),
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

impl GameScreen {
    /// Forgets a pick that no longer fits the position (after any new snapshot).
    pub fn refresh(&mut self, view: &RoomView, seats: SeatSet) {
        if acting_seat(view, seats).is_none() {
            self.picked = None;
            self.promotion = None;
            self.typing = None;
            if self.confirm == Some(Confirm::Resign) && view.phase != Phase::Playing {
                self.confirm = None;
            }
        }
        if let Some(pick) = self.picked {
            if targets(&view.game, Some(pick)).is_empty() {
                self.picked = None;
            }
        }
    }

    /// Updates for one event; `seats` are the seats this session plays.
    pub fn update(&mut self, event: &Event, view: &RoomView, seats: SeatSet) -> Action {
        if let Some(confirm) = self.confirm {
            return self.answer_confirm(event, confirm);
        }
        if let Some(question) = self.promotion {
            return self.answer_promotion(event, question);
        }
        if self.typing.is_some() {
            return self.type_move(event, view, seats);
        }
        match event {
            Event::Hit(Hit::Square(sq)) => {
                self.cursor = *sq;
                self.focus = Focus::Board;
                self.activate_square(view, seats)
            }
            Event::Hit(Hit::Hand(seat, kind)) => self.pick_hand(view, seats, *seat, *kind),
            Event::Hit(Hit::Button(key)) | Event::Key(key) => self.key(*key, view, seats),
            _ => Action::None,
        }
    }

    fn answer_confirm(&mut self, event: &Event, confirm: Confirm) -> Action {
        self.confirm = None;
        let yes = matches!(
            event,
            Event::Key(Key::Char('y' | 'Y')) | Event::Hit(Hit::Button(Key::Char('y')))
        );
        match (yes, confirm) {
            (true, Confirm::Resign) => Action::Resign,
            (true, Confirm::Leave) => Action::Leave,
            (false, _) => Action::None,
        }
    }

    /// y/n for shogi, q/r/b/n for chess; Esc cancels (keeping the pick),
    /// other keys wait.
    fn answer_promotion(&mut self, event: &Event, question: PromotionQuestion) -> Action {
        let key = match event {
            Event::Key(k) | Event::Hit(Hit::Button(k)) => *k,
            _ => return Action::None,
        };
        if key == Key::Esc {
            self.promotion = None;
            return Action::None;
        }
        let Some(chosen) = question.answer(key) else {
            return Action::None;
        };
        self.promotion = None;
        self.picked = None;
        Action::Play(chosen)
    }

    fn key(&mut self, key: Key, view: &RoomView, seats: SeatSet) -> Action {
        if let Some(dir) = key.dir() {
            self.navigate(dir, view, seats);
            return Action::None;
        }
        match key {
            Key::Enter | Key::Char(' ') => match self.focus {
                Focus::Board => self.activate_square(view, seats),
                Focus::Hand(i) => match acting_seat(view, seats) {
                    Some(seat) => match hand_kinds(&view.game, seat).get(i) {
                        Some(kind) => self.pick_hand(view, seats, seat, *kind),
                        None => Action::None,
                    },
                    None => Action::None,
                },
            },
            Key::Tab | Key::BackTab => self.toggle_hand(view, seats),
            Key::Esc => self.escape(view, seats),
            Key::Char('r') if can_resign(view, seats) => {
                self.confirm = Some(Confirm::Resign);
                Action::None
            }
            Key::Char('d') if can_declare(view, seats) => Action::Claim(Claim::EnteringKing),
            Key::Char('n') if view.phase == Phase::Finished => Action::NewRound,
            Key::Char('s') if view.phase == Phase::Waiting => Action::Start,
            Key::Char('b') if view.phase == Phase::Waiting => Action::Bots,
            Key::Char(c @ '1'..='4') => {
                let seat = Seat(c as u8 - b'1');
                match view.seats.get(seat.index()) {
                    Some(_) => Action::CycleCpu(seat),
                    None => Action::None,
                }
            }
            Key::Char('e') => Action::Export,
            Key::Char('v') if view.phase == Phase::Finished => Action::Review(view.game_id.clone()),
            Key::Char('?') => Action::Help,
            Key::Char('m' | ':') => match acting_seat(view, seats) {
                Some(_) => {
                    self.typing = Some(String::new());
                    self.picked = None;
                    Action::None
                }
                None => Action::Notice(msg!("error-not-your-turn")),
            },
            Key::PageUp => {
                self.scroll = self.scroll.saturating_add(5);
                Action::None
            }
            Key::PageDown => {
                self.scroll = self.scroll.saturating_sub(5);
                Action::None
            }
            Key::Interrupt => Action::Quit,
            _ => Action::None,
        }
    }

    /// The move prompt: printable keys and pastes type, Backspace erases,
    /// Enter plays the move if it is legal, Esc closes.
    fn type_move(&mut self, event: &Event, view: &RoomView, seats: SeatSet) -> Action {
        let Some(text) = self.typing.as_mut() else {
            return Action::None;
        };
        let add = |text: &mut String, more: &str| {
            let room = MAX_TYPED.saturating_sub(text.chars().count());
            text.extend(more.chars().filter(|c| typable(*c)).take(room));
        };
        match event {
            Event::Key(Key::Char(c)) => add(text, &c.to_string()),
            Event::Paste(more) => add(text, more),
            Event::Key(Key::Backspace) => {
                text.pop();
            }
            Event::Key(Key::Esc) | Event::Hit(Hit::Button(Key::Esc)) => self.typing = None,
            Event::Key(Key::Interrupt) => return Action::Quit,
            Event::Key(Key::Enter) | Event::Hit(Hit::Button(Key::Enter)) => {
                let text = self.typing.take().unwrap_or_default();
                if acting_seat(view, seats).is_none() {
                    return Action::Notice(msg!("error-not-your-turn"));
                }
                return match view.game.parse_typed(text.trim()) {
                    Ok(mv) => Action::Play(mv),
                    Err(why) => self
                        .typed_promotion(&view.game, text.trim())
                        .unwrap_or(Action::Notice(why)),
                };
            }
            _ => {}
        }
        Action::None
    }

    /// A chess promotion typed without its piece or in lower case (see
    /// [`typed_promotions`]): played when the rules offer one piece, asked
    /// like a picked move when they offer several.
    fn typed_promotion(&mut self, game: &AnyGame, text: &str) -> Option<Action> {
        match typed_promotions(game, text).as_slice() {
            [] => None,
            [only] => Some(Action::Play(*only)),
            several => {
                self.promotion = Some(PromotionQuestion::for_moves(several));
                Some(Action::None)
            }
        }
    }

    fn escape(&mut self, view: &RoomView, seats: SeatSet) -> Action {
        if self.picked.is_some() || self.focus != Focus::Board {
            self.picked = None;
            self.focus = Focus::Board;
            return Action::None;
        }
        if view.phase == Phase::Playing && seats != SeatSet::EMPTY {
            self.confirm = Some(Confirm::Leave);
            return Action::None;
        }
        Action::Leave
    }

    fn toggle_hand(&mut self, view: &RoomView, seats: SeatSet) -> Action {
        let Some(seat) = acting_seat(view, seats) else {
            return Action::Notice(msg!("error-not-your-turn"));
        };
        if self.focus != Focus::Board {
            self.focus = Focus::Board;
            return Action::None;
        }
        if !has_hands(&view.game) {
            return Action::Notice(msg!("notice-no-hands"));
        }
        if hand_kinds(&view.game, seat).is_empty() {
            return Action::Notice(msg!("notice-hand-empty"));
        }
        self.focus = Focus::Hand(0);
        Action::None
    }

    fn navigate(&mut self, dir: Dir, view: &RoomView, seats: SeatSet) {
        if let Focus::Hand(i) = self.focus {
            let n = acting_seat(view, seats).map_or(0, |s| hand_kinds(&view.game, s).len());
            self.focus = match dir {
                Dir::Left => Focus::Hand(i.saturating_sub(1)),
                Dir::Right => Focus::Hand((i + 1).min(n.saturating_sub(1))),
                _ => Focus::Board,
            };
            return;
        }
        // Arrows move on the screen, so work in screen coordinates.
        let g = view.game.geometry();
        let turns = turns(&view.game, seats);
        let (sx, sy) = boards::to_screen(turns, g.width, g.height, self.cursor);
        let (dx, dy): (i16, i16) = match dir {
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        };
        // The cross board's cut corners stop the cursor like the edge
        // does (they only ever lie beyond the board's last square).
        let (Ok(x), Ok(y)) = (
            u8::try_from(i16::from(sx) + dx),
            u8::try_from(i16::from(sy) + dy),
        ) else {
            return;
        };
        if x >= g.width || y >= g.height {
            return;
        }
        let sq = boards::from_screen(turns, g.width, g.height, x, y);
        if g.contains(sq) {
            self.cursor = sq;
        }
    }

    fn pick_hand(
        &mut self,
        view: &RoomView,
        seats: SeatSet,
        seat: Seat,
        kind: PieceKind,
    ) -> Action {
        if acting_seat(view, seats) != Some(seat) {
            return Action::Notice(msg!("notice-drop-own-hand"));
        }
        self.picked = Some(Pick::Hand(kind));
        self.focus = Focus::Board;
        Action::None
    }

    /// Enter on the cursor's square: pick, re-pick, unpick or play.
    fn activate_square(&mut self, view: &RoomView, seats: SeatSet) -> Action {
        let sq = self.cursor;
        let Some(seat) = acting_seat(view, seats) else {
            return Action::Notice(match (view.phase, seats == SeatSet::EMPTY) {
                (_, true) => msg!("notice-watching"),
                (Phase::Playing, false) => msg!("error-not-your-turn"),
                _ => msg!("phase-no-game"),
            });
        };
        let own = view
            .game
            .piece_at(sq)
            .is_some_and(|p| p.owner == Some(seat));
        let movable = own && !targets(&view.game, Some(Pick::Square(sq))).is_empty();
        let Some(pick) = self.picked else {
            if movable {
                self.picked = Some(Pick::Square(sq));
                return Action::None;
            }
            return Action::Notice(match (own, has_hands(&view.game)) {
                (true, _) => msg!("notice-no-legal-move"),
                (false, true) => msg!("notice-pick-piece-or-hand"),
                (false, false) => msg!("notice-pick-piece"),
            });
        };
        if pick == Pick::Square(sq) {
            self.picked = None;
            return Action::None;
        }
        let moves: Vec<Move> = view
            .game
            .legal_moves()
            .into_iter()
            .filter(|m| matches(m, pick, sq))
            .collect();
        match moves.as_slice() {
            [] if movable => {
                self.picked = Some(Pick::Square(sq));
                Action::None
            }
            [] => Action::Notice(msg!("notice-not-legal")),
            [only] => {
                self.picked = None;
                Action::Play(*only)
            }
            several => {
                self.promotion = Some(PromotionQuestion::for_moves(several));
                Action::None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::{Occupant, RoomSettings};
    use crate::rules::vocab::Promotion;
    use crate::rules::{GameKind, RuleValues};

    /// A four-player chess game under `rules` after `moves`, seen by a
    /// same-device session (every seat).
    fn chess_view(rules: &[&str], moves: &[&str]) -> RoomView {
        let mut settings = RoomSettings::new(GameKind::Chess4);
        settings.rules = RuleValues::parse(GameKind::Chess4.rule_specs(), rules).expect("rules");
        let mut game = AnyGame::new(GameKind::Chess4, &settings.rules, None).expect("game");
        for mv in moves {
            game.play_text(mv).expect(mv);
        }
        let alice = Occupant::Human {
            id: "key:alice".into(),
            name: "alice".into(),
            connected: true,
            cpu: false,
        };
        RoomView {
            id: "r".into(),
            code: "CODE".into(),
            host_id: "key:alice".into(),
            host_name: "alice".into(),
            game_id: "r-1".into(),
            ..RoomView::in_play(game, settings, vec![alice; 4])
        }
    }

    fn every_seat() -> SeatSet {
        SeatSet::matching(4, |_| true)
    }

    fn square(name: &str) -> Square {
        let x = name.as_bytes()[0] - b'a';
        let y: u8 = name[1..].parse().expect("rank");
        Square::new(x, y - 1)
    }

    /// Picks `from` and plays to `to` with Enter on each.
    fn pick_and_play(ui: &mut GameScreen, view: &RoomView, from: &str, to: &str) -> Action {
        let enter = Event::Key(Key::Enter);
        ui.cursor = square(from);
        assert_eq!(ui.update(&enter, view, every_seat()), Action::None);
        ui.cursor = square(to);
        ui.update(&enter, view, every_seat())
    }

    /// Red's d-pawn walks to `d{last}` while the others move a knight out and back.
    fn pawn_walk(last: u8) -> Vec<String> {
        let others = [["a5-c6", "e14-f12", "n5-l6"], ["c6-a5", "f12-e14", "l6-n5"]];
        let mut moves = vec!["d2-d4".to_string()];
        for rank in 4..last {
            moves.extend(others[rank as usize % 2].map(String::from));
            moves.push(format!("d{rank}-d{}", rank + 1));
        }
        moves.extend(others[last as usize % 2].map(String::from));
        moves
    }

    fn promotes_to(action: &Action, kind: PieceKind) -> bool {
        matches!(
            action,
            Action::Play(Move::Step { promotion: Promotion::To(k), .. }) if *k == kind
        )
    }

    #[test]
    fn a_teams_promotion_asks_which_piece() {
        let moves = pawn_walk(10);
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let view = chess_view(&[], &moves);
        let mut ui = GameScreen::default();
        assert_eq!(pick_and_play(&mut ui, &view, "d10", "d11"), Action::None);
        let question = ui.promotion.expect("a question");
        let keys: Vec<&str> = question.pieces().map(|c| c.key).collect();
        assert_eq!(keys, ["q", "r", "b", "n"]);
        // Uppercase works too; the pick is spent.
        let action = ui.update(&Event::Key(Key::Char('B')), &view, every_seat());
        assert!(promotes_to(&action, PieceKind::Bishop), "{action:?}");
        assert_eq!((ui.promotion, ui.picked), (None, None));
    }

    #[test]
    fn a_free_for_all_promotion_makes_a_queen_without_asking() {
        let moves = pawn_walk(7);
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let view = chess_view(&["type=ffa"], &moves);
        let mut ui = GameScreen::default();
        let action = pick_and_play(&mut ui, &view, "d7", "d8");
        assert!(promotes_to(&action, PieceKind::Queen), "{action:?}");
        assert_eq!(ui.promotion, None);
    }

    #[test]
    fn the_cut_corners_stop_the_cursor() {
        let view = chess_view(&[], &[]);
        let mut ui = GameScreen::default();
        let press = |ui: &mut GameScreen, key: Key| {
            ui.update(&Event::Key(key), &view, every_seat());
            ui.cursor
        };
        ui.cursor = square("d2");
        // Nothing on the board to the left of d2: stay.
        assert_eq!(press(&mut ui, Key::Left), square("d2"));
        ui.cursor = square("c4");
        assert_eq!(press(&mut ui, Key::Down), square("c4"));
        assert_eq!(press(&mut ui, Key::Left), square("b4"));
        // l3 and l12 are cut corners.
        ui.cursor = square("k3");
        assert_eq!(press(&mut ui, Key::Right), square("k3"));
        ui.cursor = square("l11");
        assert_eq!(press(&mut ui, Key::Up), square("l11"));
    }
}
