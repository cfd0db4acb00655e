//! One board to solve on: a lesson step or a puzzle. The player moves
//! with the game screen's own controls (cursor, pick, legal squares
//! marked, drops from the hand, promotion question, typed moves); the
//! move is judged before it is played: a right one is played and the
//! step says so, a wrong one is not played and the hint shows.

use super::task::{Task, Verdict};
use crate::hall::view::PlayedMove;
use crate::hall::{Occupant, RoomSettings, RoomView};
use crate::i18n::Msg;
use crate::rules::AnyGame;
use crate::rules::vocab::{Move, SeatSet};
use crate::ui::app::Action;
use crate::ui::game::{Focus, GameScreen};
use crate::ui::input::{Event, Key};

/// Where the player is in a drill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// Waiting for the move (after a wrong try: with the hint shown).
    Asking { wrong: bool },
    /// The task is done; the message says so.
    Done,
}

/// A drill: its task, the position now and the board's input state.
pub struct Drill {
    /// What is being solved.
    pub task: Task,
    /// The position now.
    pub game: AnyGame,
    /// The room view the board widgets draw from (see [`view`]).
    pub view: RoomView,
    /// Cursor, pick and questions, as in a game.
    pub ui: GameScreen,
    /// Asking or done.
    pub state: State,
    /// The moves played in the drill so far (the defender's replies too).
    pub plies: usize,
}

impl Drill {
    /// The drill for `task` at its start; `None` if its position does not
    /// set up (a test keeps that from shipping).
    pub fn new(task: Task, me: &str) -> Option<Drill> {
        let (game, settings) = task.start()?;
        let view = view(&game, settings, me);
        let mut ui = GameScreen::default();
        if let Some(sq) = task.cursor() {
            ui.cursor = sq;
        }
        Some(Drill {
            task,
            game,
            view,
            ui,
            state: State::Asking { wrong: false },
            plies: 0,
        })
    }

    /// The seats the player moves for: the seat to move while asking.
    pub fn seats(&self) -> SeatSet {
        match (&self.state, self.game.to_move()) {
            (State::Asking { .. }, Some(seat)) => SeatSet::one(seat),
            _ => SeatSet::EMPTY,
        }
    }

    /// Whether Esc belongs to the board (a pick or the hand to let go of,
    /// a question or prompt to close) rather than leaving the drill.
    pub fn board_wants_esc(&self) -> bool {
        self.ui.picked.is_some()
            || self.ui.focus != Focus::Board
            || self.ui.promotion.is_some()
            || self.ui.typing.is_some()
    }

    /// A board event: a move made is judged; other actions of the game
    /// screen (resign, export, seats…) mean nothing here. `Notice`s pass.
    pub fn update(&mut self, event: &Event) -> Action {
        let seats = self.seats();
        if seats == SeatSet::EMPTY {
            return Action::None;
        }
        match self.ui.update(event, &self.view, seats) {
            Action::Play(mv) => {
                self.judge(&mv);
                Action::None
            }
            action @ (Action::Notice(_) | Action::Help | Action::Quit) => action,
            _ => Action::None,
        }
    }

    /// Judges `mv`: played if right (with the defender's reply, if the
    /// task has one), else the hint.
    fn judge(&mut self, mv: &Move) {
        match self.task.judge(&self.game, self.plies, mv) {
            Verdict::Wrong => self.state = State::Asking { wrong: true },
            Verdict::Right { reply } => {
                self.play(mv);
                match reply.and_then(|r| self.game.parse_text(&r).ok()) {
                    Some(answer) => {
                        self.play(&answer);
                        self.state = State::Asking { wrong: false };
                    }
                    None => self.state = State::Done,
                }
            }
        }
    }

    /// Plays a judged move on the drill's board.
    fn play(&mut self, mv: &Move) {
        let Some(seat) = self.game.to_move() else {
            return;
        };
        if let Ok(text) = self.game.play(mv) {
            self.plies += 1;
            self.view.game = self.game.clone();
            self.view.last_move = Some(*mv);
            self.view.moves.push(PlayedMove {
                seat,
                text,
                by_cpu: false,
            });
        }
    }

    /// The text under the task: the hint after a wrong try, the praise once done.
    pub fn feedback(&self) -> Option<Msg> {
        match self.state {
            State::Asking { wrong: true } => Some(self.task.hint()),
            State::Asking { wrong: false } => None,
            State::Done => Some(self.task.done()),
        }
    }

    /// Starts the drill again from its position.
    pub fn retry(&mut self, me: &str) {
        if let Some(fresh) = Drill::new(self.task.clone(), me) {
            *self = fresh;
        }
    }

    /// Whether a key goes to the board (not to the drill's own keys).
    pub fn is_board_key(&self, key: Key) -> bool {
        self.ui.promotion.is_some() || self.ui.typing.is_some() || self.ui.confirm.is_some() || {
            !matches!(key, Key::Char('n' | 'p' | 'r' | 'q') | Key::Esc)
        }
    }
}

/// The drill as a room in play whose seat to move is the player's: the
/// game screen's input and the board widgets work on a room's view. The
/// other seats are shown empty; legal squares are always marked.
fn view(game: &AnyGame, mut settings: RoomSettings, me: &str) -> RoomView {
    let rule = "show-legal-moves";
    if settings.kind.rule_specs().iter().any(|s| s.name == rule) {
        let _ = settings.rules.set(rule, "on");
    }
    let mover = game.to_move();
    let seats = game
        .seats()
        .all()
        .map(|seat| match Some(seat) == mover {
            true => Occupant::Human {
                id: String::new(),
                name: me.to_string(),
                connected: true,
                cpu: false,
            },
            false => Occupant::Empty,
        })
        .collect();
    RoomView {
        host_name: me.to_string(),
        ..RoomView::in_play(game.clone(), settings, seats)
    }
}
