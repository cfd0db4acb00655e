//! What a session drives. The transport (this module's parent) knows
//! nothing of screens: it feeds input events in, asks for frames, and
//! waits for the app to say something changed.

use crate::hall::view::{Entry, ServerAddress};
use crate::hall::{Hall, Identity};
use crate::i18n::Msg;
use ratatui::Frame;
use termwiz::input::InputEvent;

/// What a session drives: the UI (`crate::ui::App` will implement this; the lead wires it).
pub trait SessionApp: Send + 'static {
    /// One input event (key, mouse, paste) from the player.
    fn handle(&mut self, event: &InputEvent);
    /// Draws the whole screen from the app's state.
    fn render(&mut self, frame: &mut Frame);
    /// Resolves when something outside the player's input changed what the
    /// screen shows (a room snapshot, a timer). Must be cancel-safe: the
    /// session polls it in a `select!` and drops it when input comes first.
    fn changed(&mut self) -> impl std::future::Future<Output = ()> + Send;
    /// Whether the player asked to leave; the session then restores the
    /// terminal and closes the channel.
    fn should_quit(&self) -> bool;
    /// A message from the server to show (e.g. it is shutting down).
    fn notice(&mut self, text: Msg);
    /// A message in the player's language (the words printed on their
    /// terminal as the session ends).
    fn say(&self, msg: &Msg) -> String {
        self.lang().text(msg)
    }
    /// The player's language (for the screen-size notes the session draws
    /// itself).
    fn lang(&self) -> crate::i18n::Lang {
        crate::i18n::Lang::En
    }
    /// A line to leave on the player's restored terminal when the app
    /// ends the session itself (e.g. why it was closed).
    fn farewell(&self) -> Option<String> {
        None
    }
    /// The client's `TERM` (from the pty request), to pick defaults the
    /// terminal can show.
    fn adapt_to_terminal(&mut self, _term: &str) {}
    /// The language the client's locale asks for (`LANG` and `LC_*`
    /// sent with `SendEnv`), to use unless the player saved another.
    fn use_locale(&mut self, _locale: Option<crate::i18n::Lang>) {}
    /// Whether the player is in the lobby (where a long idle closes the
    /// session; in a room the seat rules apply instead).
    fn in_lobby(&self) -> bool {
        false
    }
    /// Asked after each frame is drawn: whether to ring the terminal bell
    /// with it (the session sends BEL after the frame's bytes). The app
    /// decides how often; the session draws frames whenever it likes.
    fn bell(&mut self) -> bool {
        false
    }
}

/// Builds the app for one session: the hall, who the player is, where the
/// session starts (lobby, `join CODE`, `watch CODE`) and how players reach
/// this server (for invite commands). `crate::ui::App::new` has this shape.
pub trait AppFactory<A: SessionApp>:
    Fn(Hall, Identity, Entry, ServerAddress) -> A + Send + Sync + 'static
{
}

impl<A: SessionApp, F> AppFactory<A> for F where
    F: Fn(Hall, Identity, Entry, ServerAddress) -> A + Send + Sync + 'static
{
}

/// The real UI is what sessions drive in production.
impl SessionApp for crate::ui::App {
    fn handle(&mut self, event: &InputEvent) {
        crate::ui::App::handle(self, event);
    }

    fn render(&mut self, frame: &mut Frame) {
        crate::ui::App::render(self, frame);
    }

    fn changed(&mut self) -> impl std::future::Future<Output = ()> + Send {
        crate::ui::App::changed(self)
    }

    fn should_quit(&self) -> bool {
        crate::ui::App::should_quit(self)
    }

    fn notice(&mut self, text: Msg) {
        crate::ui::App::notice(self, text);
    }

    fn lang(&self) -> crate::i18n::Lang {
        crate::ui::App::lang(self)
    }

    fn farewell(&self) -> Option<String> {
        crate::ui::App::farewell(self)
    }

    fn adapt_to_terminal(&mut self, term: &str) {
        crate::ui::App::adapt_to_terminal(self, term);
    }

    fn use_locale(&mut self, locale: Option<crate::i18n::Lang>) {
        crate::ui::App::use_locale(self, locale);
    }

    fn in_lobby(&self) -> bool {
        crate::ui::App::in_lobby(self)
    }

    fn bell(&mut self) -> bool {
        crate::ui::App::bell(self)
    }
}
