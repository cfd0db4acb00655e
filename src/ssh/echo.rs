//! The transport test app: a bordered screen with the player's name, where
//! the session started and the last input event. It exists so the SSH
//! layer can be run and tested (by hand and in `tests/ssh_e2e.rs`) without
//! the real UI; `banmen serve` uses it until `crate::ui::App` is wired in.
//! `q`, Ctrl-C and Ctrl-D quit.

use super::app::SessionApp;
use crate::hall::view::{Entry, ServerAddress};
use crate::hall::{Hall, Identity};
use ratatui::Frame;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};
use termwiz::input::{InputEvent, KeyCode, Modifiers};

/// The transport test app.
pub struct EchoApp {
    name: String,
    entry: Entry,
    last: String,
    keys: usize,
    notice: Option<crate::i18n::Msg>,
    quit: bool,
}

impl EchoApp {
    /// The factory `serve` passes to the server (same shape as the UI's).
    pub fn new(_hall: Hall, who: Identity, entry: Entry, _addr: ServerAddress) -> EchoApp {
        EchoApp {
            name: who.name,
            entry,
            last: "none".to_string(),
            keys: 0,
            notice: None,
            quit: false,
        }
    }
}

/// Whether `event` is a key that quits the echo app.
fn is_quit(event: &InputEvent) -> bool {
    let InputEvent::Key(k) = event else {
        return false;
    };
    matches!(
        (k.key, k.modifiers),
        (KeyCode::Char('q'), Modifiers::NONE) | (KeyCode::Char('c' | 'd'), Modifiers::CTRL)
    )
}

impl SessionApp for EchoApp {
    fn handle(&mut self, event: &InputEvent) {
        self.keys += 1;
        self.last = match event {
            InputEvent::Key(k) if k.modifiers == Modifiers::NONE => format!("{:?}", k.key),
            InputEvent::Key(k) => format!("{:?}+{:?}", k.modifiers, k.key),
            InputEvent::Mouse(m) => format!("mouse {},{} {:?}", m.x, m.y, m.mouse_buttons),
            InputEvent::Paste(text) => format!("paste {text:?}"),
            other => format!("{other:?}"),
        };
        self.quit |= is_quit(event);
    }

    fn render(&mut self, frame: &mut Frame) {
        let area = frame.area();
        let mut lines = vec![
            Line::from(format!("Hello, {}!", self.name)),
            Line::from(format!("Entry: {:?}", self.entry)),
            Line::from(format!("Size: {}x{}", area.width, area.height)),
            Line::from(format!("Events: {}", self.keys)),
            Line::from(format!("Last: {}", self.last)),
            Line::from("Press q to quit."),
        ];
        if let Some(notice) = &self.notice {
            lines.push(Line::from(crate::i18n::Lang::En.text(notice)));
        }
        let block = Block::bordered().title(" banmen transport test ");
        frame.render_widget(Paragraph::new(lines).block(block), area);
    }

    async fn changed(&mut self) {
        std::future::pending::<()>().await
    }

    fn should_quit(&self) -> bool {
        self.quit
    }

    fn notice(&mut self, text: crate::i18n::Msg) {
        self.notice = Some(text);
    }
}
