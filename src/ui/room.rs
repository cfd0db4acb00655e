//! A room as a session sees it: the waiting room (seats, invite code and
//! the command friends paste) before the game, the game screen after.

use super::Theme;
use super::app::Action;
use super::game::{Confirm, GameScreen, can_declare, can_resign, has_hands};
use super::game_view::{self, seat_name};
use super::input::Hint;
use super::input::{Event, Hits, Key};
use super::text::put;
use crate::hall::view::ServerAddress;
use crate::hall::{Mode, Phase, RoomHandle, RoomView};
use crate::msg;
use crate::rules::GameKind;
use crate::rules::vocab::{Seat, SeatSet};
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
            }
        }
        if view.phase != Phase::Waiting {
            hints.push(("e", msg!("hint-export"), Key::Char('e')));
        }
        hints.push(("?", msg!("hint-help"), Key::Char('?')));
        hints.push(("Esc", msg!("hint-leave"), Key::Esc));
        hints
    }

    /// The title bar's text for this room.
    pub fn title(&self) -> String {
        let view = self.handle.view();
        let watching = match view.spectators {
            0 => String::new(),
            1 => " · 1 watching".to_string(),
            n => format!(" · {n} watching"),
        };
        let who = if self.handle.is_spectator() {
            " · watching"
        } else {
            ""
        };
        let game = match view.phase {
            Phase::Waiting => String::new(),
            _ => format!(" · game {}", view.game_id),
        };
        format!(
            "{} · room {}{game}{watching}{who}",
            view.settings.kind.title(),
            view.code
        )
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
        let heading = format!("Waiting room · {}", view.settings.rules_summary());
        put(buf, area, x, y, &heading, theme.title());
        y += 2;
        put(buf, area, x, y, "Seats:", Style::new());
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
                end.max(x + 14),
                y,
                &theme.text(&occupant.label()),
                Style::new(),
            );
        }
        y += 2;
        put(
            buf,
            area,
            x,
            y,
            &format!("Invite code: {}", view.code),
            theme.alert(),
        );
        y += 1;
        put(buf, area, x, y, "Friends join with:", Style::new());
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
            for (line, heading) in super::export::resume_lines(code, address) {
                y += 1;
                let style = if heading { theme.alert() } else { Style::new() };
                put(buf, area, x, y, &line, style);
            }
        }
        y += 2;
        let note = match (self.handle.is_host(), view.settings.mode) {
            (true, Mode::Online) => "Press s to start now: empty seats become CPU players.",
            (true, _) => "The game starts at once.",
            (false, _) => "The host starts the game when everyone is here.",
        };
        put(buf, area, x, y, note, theme.dim());
        if self.handle.is_host() {
            y += 1;
            let cpu = "A seat's number puts the CPU there, then raises its level.";
            put(buf, area, x, y, cpu, theme.dim());
        }
        if self.game.confirm == Some(Confirm::Leave) {
            put(buf, area, x, y + 1, "Leave? y / n", theme.alert());
        }
    }
}
