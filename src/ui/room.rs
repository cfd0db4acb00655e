//! A room as a session sees it: the waiting room (seats, invite code and
//! the command friends paste) before the game, the game screen after.

use super::Theme;
use super::app::Action;
use super::bell::Count;
use super::game::{Confirm, GameScreen, can_declare, can_resign, has_hands};
use super::game_view::{self, seat_name};
use super::input::Hint;
use super::input::{Event, Hits, Key};
use super::text::put;
use crate::hall::settings::Bell;
use crate::hall::view::ServerAddress;
use crate::hall::{Mode, Phase, RoomHandle, RoomView};
use crate::rules::GameKind;
use crate::rules::vocab::{Seat, SeatSet};
use crate::{msg, tr};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The room screen: the session's handle and the game screen's state.
pub struct RoomScreen {
    /// This session's hold on the room (dropping it leaves).
    pub handle: RoomHandle,
    /// Cursor, pick and questions.
    pub game: GameScreen,
}

impl RoomScreen {
    /// A screen for a freshly joined or watched room. The cursor starts on
    /// the player's own front pawns: the board's third row as they see it
    /// (the second in chess), in the third column (two players) or the
    /// middle one (four players, whose pieces stand in the middle of their
    /// edge).
    pub fn new(handle: RoomHandle) -> RoomScreen {
        let mut game = GameScreen::default();
        let view = handle.view();
        let sx = if view.game.seats().count() > 2 {
            view.game.geometry().width / 2
        } else {
            game.cursor.x
        };
        let sy = match view.game.kind() {
            GameKind::Chess4 => 1,
            _ => game.cursor.y,
        };
        game.cursor = super::game::screen_square(&view.game, handle.seats(), sx, sy);
        RoomScreen { handle, game }
    }

    /// The seconds left on this player's game clock while it runs in the
    /// last ten seconds of a byoyomi period (or of main time with nothing
    /// after it): the status line counts them down.
    pub fn countdown(&self) -> Option<u64> {
        let seat = self.own_seat_to_move()?;
        self.count_for(seat).map(|count| count.seconds)
    }

    /// What the terminal bell follows for the player's setting `bell`: the
    /// status line's countdown, or, for a spectator who asked for it, the
    /// same countdown of the seat to move.
    pub fn bell_count(&self, bell: Bell) -> Option<Count> {
        let seat = match bell {
            Bell::Never => None,
            Bell::MyTurn => self.own_seat_to_move(),
            Bell::AlsoWatching if self.handle.is_spectator() => self.handle.view().game.to_move(),
            Bell::AlsoWatching => self.own_seat_to_move(),
        };
        self.count_for(seat?)
    }

    /// The seat to move, when this session plays it.
    fn own_seat_to_move(&self) -> Option<Seat> {
        let view = self.handle.view();
        view.game.to_move().filter(|s| self.seats().contains(*s))
    }

    /// The second `seat`'s clock counts while it runs in the last ten
    /// seconds of a byoyomi period (or of main time with nothing after
    /// it), whoever plays the seat.
    pub fn count_for(&self, seat: Seat) -> Option<Count> {
        use crate::hall::time_control::Showing;
        let view = self.handle.view();
        view.deadline?;
        let (left, periods) = match view.clock_showing(seat, std::time::Instant::now())? {
            Showing::Byoyomi { left_ms, periods } => (left_ms, periods),
            Showing::Main(ms) if view.settings.clock?.byoyomi_ms == 0 => (ms, 0),
            _ => return None,
        };
        (left <= 10_000).then(|| Count {
            turn: view.moves.len(),
            periods,
            seconds: left.div_ceil(1000),
        })
    }

    /// The seats this session plays (none when watching).
    pub fn seats(&self) -> SeatSet {
        self.handle.seats()
    }

    /// Updates for one event.
    pub fn update(&mut self, event: &Event) -> Action {
        let view = self.handle.view();
        let seats = self.seats();
        self.game.refresh(&view, seats);
        self.game.update(event, &view, seats)
    }

    /// The key hints (also buttons) for the room's phase and questions.
    pub fn hints(&self) -> Vec<Hint> {
        let view = self.handle.view();
        let seats = self.seats();
        if let Some(question) = self.game.promotion {
            return question.hints();
        }
        if self.game.confirm.is_some() {
            return vec![
                ("y", msg!("hint-yes"), Key::Char('y')),
                ("n", msg!("hint-no"), Key::Char('n')),
            ];
        }
        if self.game.typing.is_some() {
            return vec![
                ("Enter", msg!("hint-play"), Key::Enter),
                ("Esc", msg!("hint-cancel"), Key::Esc),
            ];
        }
        let mut hints = Vec::new();
        match view.phase {
            Phase::Waiting => {
                if self.handle.is_host() {
                    hints.push(("s", msg!("hint-start-now"), Key::Char('s')));
                    let keys = if view.seats.len() > 2 { "1-4" } else { "1-2" };
                    hints.push((keys, msg!("hint-cpu-seats"), Key::Char('1')));
                    hints.push(("b", msg!("hint-bots"), Key::Char('b')));
                }
            }
            Phase::Playing => {
                if seats != SeatSet::EMPTY {
                    hints.push(("Enter", msg!("hint-pick-play"), Key::Enter));
                    if has_hands(&view.game) {
                        hints.push(("Tab", msg!("hint-hand"), Key::Tab));
                    }
                    hints.push(("m", msg!("hint-type-a-move"), Key::Char('m')));
                }
                if can_resign(&view, seats) {
                    hints.push(("r", msg!("hint-resign"), Key::Char('r')));
                }
                if can_declare(&view, seats) {
                    hints.push(("d", msg!("hint-declare"), Key::Char('d')));
                }
            }
            Phase::Finished => {
                if seats != SeatSet::EMPTY {
                    hints.push(("n", msg!("hint-new-round"), Key::Char('n')));
                }
                hints.push(("v", msg!("hint-review"), Key::Char('v')));
            }
        }
        if view.phase != Phase::Waiting {
            hints.push(("e", msg!("hint-export"), Key::Char('e')));
        }
        hints.push(("?", msg!("hint-help"), Key::Char('?')));
        hints.push(("Esc", msg!("hint-leave"), Key::Esc));
        hints
    }

    /// The title bar's text for this room in the reader's language: the
    /// game, the room, the game's id, the spectators, and whether this
    /// session watches, as separate fields.
    pub fn title(&self, theme: Theme) -> String {
        let view = self.handle.view();
        let mut fields = vec![
            tr!(theme, "room-game", kind = view.settings.kind.name()),
            tr!(theme, "room-title-room", code = &view.code),
        ];
        if view.phase != Phase::Waiting {
            fields.push(tr!(theme, "room-title-game", id = &view.game_id));
        }
        if view.spectators > 0 {
            fields.push(tr!(theme, "room-title-spectators", count = view.spectators));
        }
        if self.handle.is_spectator() {
            fields.push(tr!(theme, "room-title-watching"));
        }
        fields.join(" · ")
    }

    /// Draws the waiting room or the game.
    pub fn render(
        &self,
        buf: &mut Buffer,
        area: Rect,
        address: &ServerAddress,
        theme: Theme,
        hits: &mut Hits,
    ) {
        let view = self.handle.view();
        let seats = self.seats();
        match view.phase {
            Phase::Waiting => self.waiting(buf, area, &view, address, theme),
            _ => game_view::render(buf, area, &view, &self.game, seats, theme, hits),
        }
    }

    fn waiting(
        &self,
        buf: &mut Buffer,
        area: Rect,
        view: &RoomView,
        address: &ServerAddress,
        theme: Theme,
    ) {
        let x = area.x + 2;
        let mut y = area.y;
        let rules = view.settings.rules_summary();
        let heading = tr!(theme, "room-waiting", rules = rules);
        put(buf, area, x, y, &heading, theme.title());
        y += 2;
        put(buf, area, x, y, &tr!(theme, "room-seats"), Style::new());
        for (i, occupant) in view.seats.iter().enumerate() {
            y += 1;
            let seat = Seat(i as u8);
            put(buf, area, x + 2, y, &(i + 1).to_string(), theme.dim());
            let end = put(
                buf,
                area,
                x + 4,
                y,
                &seat_name(&view.game, seat, theme),
                theme.seat(seat),
            );
            put(
                buf,
                area,
                (end + 1).max(x + 14),
                y,
                &theme.text(&occupant.label()),
                Style::new(),
            );
        }
        y += 2;
        let code = tr!(theme, "room-invite-code", code = &view.code);
        put(buf, area, x, y, &code, theme.alert());
        y += 1;
        let join = tr!(theme, "room-friends-join");
        put(buf, area, x, y, &join, Style::new());
        y += 1;
        put(
            buf,
            area,
            x + 2,
            y,
            &address.join_command(&view.code),
            theme.title(),
        );
        if let Some(code) = self.handle.resume_code() {
            y += 1;
            for (line, heading) in super::export::resume_lines(code, address, theme) {
                y += 1;
                let style = if heading { theme.alert() } else { Style::new() };
                put(buf, area, x, y, &line, style);
            }
        }
        y += 2;
        let note = match (self.handle.is_host(), view.settings.mode) {
            (true, Mode::Online) => msg!("room-note-start"),
            (true, _) => msg!("room-note-starts-at-once"),
            (false, _) => msg!("room-note-host-starts"),
        };
        put(buf, area, x, y, &theme.text(&note), theme.dim());
        if self.handle.is_host() {
            y += 1;
            put(buf, area, x, y, &tr!(theme, "room-note-cpu"), theme.dim());
        }
        if self.game.confirm == Some(Confirm::Leave) {
            let leave = tr!(theme, "room-confirm-leave");
            put(buf, area, x, y + 1, &leave, theme.alert());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::Lang;
    use crate::msg;
    use crate::ui::text::width;

    #[test]
    fn waiting_room_lines_fit_60_columns_in_every_language() {
        // The waiting room writes from the third column.
        const COLS: u16 = 58;
        for lang in Lang::ALL {
            for msg in [
                msg!("room-seats"),
                msg!("room-invite-code", code = "ABCD-EFGH-JK"),
                msg!("room-friends-join"),
                msg!("room-note-start"),
                msg!("room-note-starts-at-once"),
                msg!("room-note-host-starts"),
                msg!("room-note-cpu"),
                msg!("room-confirm-leave"),
            ] {
                let text = lang.text(&msg);
                assert!(width(&text) <= COLS, "{lang:?}: {text}");
            }
        }
    }
}
