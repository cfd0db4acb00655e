//! [`App`], one SSH session's UI: the current screen (lobby, room setup,
//! room), an optional overlay (help, export), the status line, and the
//! dispatch of the screens' [`Action`]s to the hall.

use super::admin::AdminScreen;
use super::bell::Ringer;
use super::bots::{BotsPanel, Choice};
use super::export;
use super::help;
use super::input::{self, Event, Hits, Input, Key};
use super::learn::LearnScreen;
use super::lobby::LobbyScreen;
use super::name::NameScreen;
use super::ratings::RatingsScreen;
use super::review::ReviewScreen;
use super::room::RoomScreen;
use super::room_setup::SetupScreen;
use super::settings::{Change, SettingsPanel};
use super::text::{centered, clear, put, row};
use super::{MIN_HEIGHT, MIN_WIDTH, Theme};
use crate::hall::settings::{Bell, Settings};
use crate::hall::{
    Hall, HallError, Identity, Lobby, Mode, Reader, RoomHandle, RoomSettings,
    view::{Entry, ServerAddress},
};
use crate::i18n::{Lang, Msg};
use crate::rules::vocab::{Move, Seat};
use crate::rules::{Claim, GameKind};
use crate::{msg, tr};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use tokio::sync::watch;

/// What a screen asks the app to do after an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Nothing beyond the screen's own state change.
    None,
    /// End the session.
    Quit,
    /// Show the help overlay.
    Help,
    /// Back to the lobby from the setup form.
    Back,
    /// Show a message on the status line.
    Notice(Msg),
    /// Open the room-setup form for a mode.
    Setup(Mode),
    /// Create a room with these settings and enter it.
    Create(RoomSettings),
    /// Join by invite code or public room id.
    Join(String),
    /// Watch by invite code or public room id.
    Watch(String),
    /// Quick play: an open public room of this game, or a new one.
    QuickPlay(GameKind),
    /// Play a legal move.
    Play(Move),
    /// Resign.
    Resign,
    /// Make a claim (entering-king declaration).
    Claim(Claim),
    /// Agree to a new round.
    NewRound,
    /// Start the game (host).
    Start,
    /// Put the CPU in a seat or change its level (host).
    CycleCpu(Seat),
    /// Leave the room.
    Leave,
    /// Show the export panel.
    Export,
    /// Show the review of the finished game with this id.
    Review(String),
    /// Leave the review screen (back where it was opened from).
    CloseReview,
    /// Close this room (the admin screen, confirmed).
    AdminClose(String),
    /// Show the leaderboards and profiles.
    Ratings,
    /// Open the settings (language, pieces).
    Settings,
    /// Show the bots connected now, to challenge one.
    Bots,
    /// Open the lessons and puzzles.
    Learn,
    /// A guest chose a name (`None`: keep the one the server gave) and
    /// goes where the session started.
    Named(Option<String>),
}

/// The current screen.
enum Screen {
    Name(NameScreen),
    Lobby(LobbyScreen),
    Setup(SetupScreen),
    Room(Box<RoomScreen>),
    Admin(Box<AdminScreen>),
    Ratings(RatingsScreen),
    Review(Box<ReviewScreen>),
    Learn(Box<LearnScreen>),
}

/// Something drawn over the screen, scrolled `scroll` lines down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Overlay {
    Help { scroll: usize },
    Export { scroll: usize },
    Settings(SettingsPanel),
    Bots(BotsPanel),
}

impl Overlay {
    fn scroll(&mut self) -> Option<&mut usize> {
        match self {
            Overlay::Help { scroll } | Overlay::Export { scroll } => Some(scroll),
            Overlay::Settings(_) | Overlay::Bots(_) => None,
        }
    }
}

/// One session's UI; see the module docs.
pub struct App {
    hall: Hall,
    me: Identity,
    address: ServerAddress,
    lobby: watch::Receiver<Lobby>,
    screen: Screen,
    overlay: Option<Overlay>,
    notice: Msg,
    quit: bool,
    theme: Theme,
    hits: Hits,
    button_down: bool,
    /// The bot to challenge once the room being set up is made.
    pending_bot: Option<String>,
    /// The screen the review was opened from (back to it on Esc).
    before_review: Option<Screen>,
    /// Where `w` in the export panel writes the records (`banmen play`);
    /// `None` over SSH, where the panel shows download commands instead.
    exports: Option<std::path::PathBuf>,
    /// When the player wants the terminal bell (a setting).
    bell: Bell,
    /// The counted second last rung.
    ringer: Ringer,
}

impl App {
    /// A session for player `me`, starting at `entry`; `address` is used for invite commands.
    pub fn new(hall: Hall, me: Identity, entry: Entry, address: ServerAddress) -> App {
        let lobby = hall.lobby();
        let mut app = App {
            hall,
            me,
            address,
            lobby,
            screen: Screen::Lobby(LobbyScreen::default()),
            overlay: None,
            notice: Msg::default(),
            quit: false,
            theme: Theme::default(),
            hits: Hits::default(),
            button_down: false,
            pending_bot: None,
            before_review: None,
            exports: None,
            bell: Bell::default(),
            ringer: Ringer::default(),
        };
        if asks_name(&app.me, &entry) {
            app.screen = Screen::Name(NameScreen::new(&app.me.name, entry));
        } else {
            app.start(entry);
        }
        app
    }

    /// Goes where the session started.
    fn start(&mut self, entry: Entry) {
        match entry {
            Entry::Lobby => {
                // A player with a game going on goes straight back to it.
                if let Some(id) = self.hall.seat_room(&self.me) {
                    self.apply(Action::Join(id));
                }
            }
            Entry::Join(code) => self.apply(Action::Join(code)),
            Entry::Watch(code) => self.apply(Action::Watch(code)),
            Entry::Admin => self.screen = Screen::Admin(Box::new(AdminScreen::new(&self.hall))),
            Entry::Review(id) => self.apply(Action::Review(id)),
            Entry::Resume(code) => match self.hall.resume(&code) {
                Ok((me, handle)) => {
                    self.me = me;
                    self.enter(Ok(handle));
                }
                Err(e) => self.notice = e.msg(),
            },
        }
    }

    /// One input event (keys, mouse, paste; termwiz's parsed events).
    pub fn handle(&mut self, event: &termwiz::input::InputEvent) {
        let Some(input) = input::translate(event, &mut self.button_down) else {
            return;
        };
        let event = match input {
            Input::Key(Key::Interrupt) => {
                self.quit = true;
                return;
            }
            Input::Key(Key::TogglePieces) => {
                // The style of the game on screen (shogi's in the lobby).
                let kind = self
                    .room()
                    .map_or(GameKind::Shogi, |room| room.handle.view().settings.kind);
                self.theme = self.theme.cycle_pieces(kind);
                return;
            }
            Input::Key(Key::ToggleColor) => {
                self.theme.color = !self.theme.color;
                return;
            }
            Input::Key(key) => Event::Key(key),
            Input::Paste(text) => Event::Paste(text),
            Input::Click(x, y) => match self.hits.at(x, y) {
                Some(hit) => Event::Hit(hit),
                None => return,
            },
            Input::Scroll(delta) => {
                self.scroll(delta);
                return;
            }
        };
        self.notice = Msg::default();
        if let Some(overlay) = self.overlay {
            self.overlay_event(overlay, &event);
            return;
        }
        let action = match &mut self.screen {
            Screen::Name(name) => name.update(&event),
            Screen::Lobby(lobby) => {
                let rooms = self.lobby.borrow().clone();
                lobby.update(&event, &rooms)
            }
            Screen::Setup(form) => form.update(&event),
            Screen::Room(room) => room.update(&event),
            Screen::Admin(admin) => admin.update(&event),
            Screen::Ratings(ratings) => ratings.update(&event, &self.hall, &self.me),
            Screen::Review(review) => review.update(&event),
            Screen::Learn(learn) => learn.update(&event),
        };
        self.save_progress();
        self.apply(action);
    }

    fn scroll(&mut self, delta: i8) {
        if let Some(overlay) = &mut self.overlay {
            if let Some(scroll) = overlay.scroll() {
                *scroll = scroll.saturating_add_signed(-isize::from(delta) * 3);
            }
        } else if let Screen::Room(room) = &mut self.screen {
            let s = &mut room.game.scroll;
            *s = s.saturating_add_signed(isize::from(delta));
        }
    }

    fn overlay_event(&mut self, overlay: Overlay, event: &Event) {
        if let Overlay::Settings(panel) = overlay {
            self.settings_event(panel, event);
            return;
        }
        if let Overlay::Bots(panel) = overlay {
            self.bots_event(panel, event);
            return;
        }
        let key = match event {
            Event::Key(k) | Event::Hit(input::Hit::Button(k)) => *k,
            _ => return,
        };
        let step: isize = match key {
            Key::PageUp => -10,
            Key::PageDown => 10,
            k if k.dir() == Some(input::Dir::Up) => -1,
            k if k.dir() == Some(input::Dir::Down) => 1,
            Key::Esc | Key::Enter | Key::Char('q' | '?' | 'e') => {
                self.overlay = None;
                return;
            }
            Key::Char('L') => {
                self.overlay = Some(Overlay::Settings(SettingsPanel::default()));
                return;
            }
            Key::Char('w') if matches!(overlay, Overlay::Export { .. }) => {
                self.write_exports();
                return;
            }
            Key::Char('v') if matches!(overlay, Overlay::Export { .. }) => {
                let finished = self
                    .room()
                    .map(|r| r.handle.view())
                    .filter(|v| v.phase == crate::hall::Phase::Finished);
                if let Some(view) = finished {
                    self.overlay = None;
                    self.apply(Action::Review(view.game_id.clone()));
                }
                return;
            }
            _ => return,
        };
        let mut overlay = overlay;
        if let Some(scroll) = overlay.scroll() {
            *scroll = scroll.saturating_add_signed(step);
        }
        self.overlay = Some(overlay);
    }

    /// Writes the records of the room's game to files (`banmen play`).
    fn write_exports(&mut self) {
        let (Some(dir), Some(room)) = (&self.exports, self.room()) else {
            return;
        };
        let view = room.handle.view();
        self.notice = match export::write_files(&view, dir) {
            Ok(files) => msg!(
                "export-written",
                count = files.len(),
                dir = dir.display().to_string()
            ),
            Err(e) => msg!("export-write-failed", reason = e.to_string()),
        };
    }

    /// Has the export panel write records to files in `dir` instead of
    /// showing download commands (for `banmen play`).
    pub fn export_to_files(&mut self, dir: std::path::PathBuf) {
        self.exports = Some(dir);
    }

    /// A key or click on the settings panel: changes show at once; closing
    /// keeps them (saved for a keyed player).
    fn settings_event(&mut self, mut panel: SettingsPanel, event: &Event) {
        let now = self.settings();
        let change = match event {
            Event::Key(k) | Event::Hit(input::Hit::Button(k)) => panel.key(*k, now),
            Event::Hit(input::Hit::Choice(row, choice)) => panel.choose(*row, *choice, now),
            _ => Change::None,
        };
        self.overlay = Some(Overlay::Settings(panel));
        match change {
            Change::None => {}
            Change::Set(next) => self.apply_settings(next),
            Change::Close => {
                self.overlay = None;
                if let Err(e) = self.hall.save_settings(&self.me, now) {
                    self.notice = refusal(&e);
                }
            }
        }
    }

    /// A key or click on the bots panel: Enter challenges the bot chosen.
    fn bots_event(&mut self, mut panel: BotsPanel, event: &Event) {
        let bots = self.hall.connected_bots();
        let choice = match event {
            Event::Key(k) | Event::Hit(input::Hit::Button(k)) => panel.key(*k, &bots),
            Event::Hit(input::Hit::Row(row)) => panel.click(*row, &bots),
            _ => Choice::None,
        };
        self.overlay = Some(Overlay::Bots(panel));
        match choice {
            Choice::None => {}
            Choice::Close => self.overlay = None,
            Choice::Challenge(name) => {
                self.overlay = None;
                self.challenge(name);
            }
        }
    }

    /// Challenges the bot `name`: for the first open seat of the waiting
    /// room the player hosts, else for the room they are about to set up.
    fn challenge(&mut self, name: String) {
        let Some(room) = self.room() else {
            self.pending_bot = Some(name);
            self.screen = Screen::Setup(SetupScreen::new(Mode::Online));
            return;
        };
        let view = room.handle.view();
        let open = view
            .seats
            .iter()
            .position(|o| *o == crate::hall::Occupant::Empty);
        let result = match open {
            Some(seat) => self.hall.challenge_bot(&room.handle, seat as u8, &name),
            None => Err(HallError::RoomFull),
        };
        if let Err(e) = result {
            self.notice = refusal(&e);
        }
    }

    /// Saves what the player did on the learning screen, if it changed
    /// (a keyed player's; a guest's stays in the session).
    fn save_progress(&mut self) {
        let Screen::Learn(learn) = &mut self.screen else {
            return;
        };
        if learn.take_dirty() {
            if let Err(e) = self.hall.save_progress(&self.me, &learn.progress) {
                self.notice = refusal(&e);
            }
        }
    }

    /// The language, pieces, move notation and bell this session uses.
    fn settings(&self) -> Settings {
        Settings {
            lang: self.theme.lang,
            pieces: self.theme.pieces,
            notation: self.theme.notation,
            bell: self.bell,
        }
    }

    /// Shows the session in these settings (not saved).
    pub fn apply_settings(&mut self, settings: Settings) {
        self.theme.lang = settings.lang;
        self.theme.pieces = settings.pieces;
        self.theme.notation = settings.notation;
        self.bell = settings.bell;
    }

    /// Chooses the language at the session's start: the player's saved
    /// settings, else the language of the locale their client sent, else
    /// English.
    pub fn use_locale(&mut self, locale: Option<Lang>) {
        let chosen = self.hall.settings(&self.me);
        let settings = chosen.or(locale.map(Settings::for_lang));
        self.apply_settings(settings.unwrap_or_default());
    }

    fn room(&self) -> Option<&RoomScreen> {
        match &self.screen {
            Screen::Room(room) => Some(room),
            _ => None,
        }
    }

    fn enter(&mut self, result: Result<RoomHandle, HallError>) {
        match result {
            Ok(handle) => {
                if let Some(code) = handle.resume_code() {
                    self.notice = msg!("notice-resume-code", code = code);
                }
                self.screen = Screen::Room(Box::new(RoomScreen::new(handle)));
                self.overlay = None;
            }
            Err(e) => self.notice = refusal(&e),
        }
    }

    /// Does what a screen asked; hall errors go to the status line.
    fn apply(&mut self, action: Action) {
        let hall = self.hall.clone();
        match action {
            Action::None => {}
            Action::Quit => self.quit = true,
            Action::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Action::Back | Action::Leave => {
                self.pending_bot = None;
                let was_room = self.room().is_some();
                self.screen = Screen::Lobby(LobbyScreen::default());
                if was_room {
                    self.notice = msg!("notice-left-room");
                }
            }
            Action::Notice(text) => self.notice = text,
            Action::Setup(mode) => self.screen = Screen::Setup(SetupScreen::new(mode)),
            Action::Create(settings) => {
                self.enter(hall.create_room(&self.me, settings));
                if let Some(bot) = self.pending_bot.take() {
                    self.challenge(bot);
                }
            }
            Action::Bots => self.overlay = Some(Overlay::Bots(BotsPanel::default())),
            Action::Learn => {
                let progress = self.hall.progress(&self.me);
                let learn = LearnScreen::new(progress, &self.me.name);
                self.screen = Screen::Learn(Box::new(learn));
            }
            Action::Join(code) => self.enter(hall.join(&code, &self.me)),
            Action::Watch(code) => self.enter(hall.watch(&code, &self.me)),
            Action::QuickPlay(kind) => self.enter(hall.quick_play(&self.me, kind)),
            Action::Export => self.overlay = Some(Overlay::Export { scroll: 0 }),
            Action::Review(id) => match hall.review(&id, Reader::Player(&self.me)) {
                Ok(reviewing) => {
                    let screen = Screen::Review(Box::new(ReviewScreen::new(&id, reviewing)));
                    let before = std::mem::replace(&mut self.screen, screen);
                    self.before_review = Some(before);
                }
                Err(e) => self.notice = refusal(&e),
            },
            Action::CloseReview => {
                self.screen = self.before_review.take().unwrap_or_else(lobby_screen);
            }
            Action::Settings => {
                self.overlay = Some(Overlay::Settings(SettingsPanel::default()));
            }
            Action::Ratings => {
                let category = self.room().map_or(crate::ratings::Category::Shogi, |r| {
                    let s = &r.handle.view().settings;
                    crate::ratings::Category::of(s.kind, &s.rules)
                });
                self.screen = Screen::Ratings(RatingsScreen::new(category, &self.me.id));
            }
            Action::AdminClose(room) => {
                self.notice = match hall.close_by_admin(&room, &self.me.name) {
                    Ok(done) => done,
                    Err(e) => refusal(&e),
                };
                if let Screen::Admin(admin) = &mut self.screen {
                    admin.refresh(&hall);
                }
            }
            Action::Named(name) => {
                if let Some(name) = name {
                    self.me.name = name;
                }
                let entry = match std::mem::replace(&mut self.screen, lobby_screen()) {
                    Screen::Name(asked) => asked.then,
                    _ => Entry::Lobby,
                };
                self.start(entry);
            }
            Action::Play(_)
            | Action::Resign
            | Action::Claim(_)
            | Action::NewRound
            | Action::Start
            | Action::CycleCpu(_) => self.room_command(action),
        }
    }

    fn room_command(&mut self, action: Action) {
        let Some(room) = self.room() else {
            return;
        };
        let h = &room.handle;
        let result = match action {
            Action::Play(mv) => h.play(&mv),
            Action::Resign => h.resign(),
            Action::Claim(claim) => h.claim(claim),
            Action::NewRound => h.new_round(),
            Action::Start => h.start(),
            Action::CycleCpu(seat) => h.cycle_cpu(seat),
            _ => Ok(()),
        };
        if let Err(e) = result {
            self.notice = refusal(&e);
        }
    }

    /// Draws the whole screen into `frame.area()` (any size, down to 1×1, never panics).
    pub fn render(&mut self, frame: &mut Frame) {
        let area = frame.area();
        self.draw(frame.buffer_mut(), area);
    }

    /// Draws into a buffer (what [`App::render`] does with the frame's).
    pub fn draw(&mut self, buf: &mut Buffer, area: Rect) {
        self.hits.clear();
        let area = area.intersection(buf.area);
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            too_small(buf, area, self.theme);
            return;
        }
        if let Screen::Room(room) = &mut self.screen {
            let view = room.handle.view();
            if let Some(why) = &view.closed {
                // An admin closed the room: back to the lobby, told why.
                self.notice = why.clone();
                self.screen = Screen::Lobby(LobbyScreen::default());
                self.overlay = None;
            } else {
                let seats = room.seats();
                room.game.refresh(&view, seats);
            }
        }
        let body = Rect::new(area.x, area.y + 1, area.width, area.height - 3);
        self.title(buf, row(area, 0));
        let theme = self.theme;
        if let Some(overlay) = self.overlay {
            self.overlay_body(buf, body, overlay);
        } else {
            match &self.screen {
                Screen::Name(name) => name.render(buf, body, theme),
                Screen::Lobby(lobby) => {
                    let rooms = self.lobby.borrow().clone();
                    lobby.render(buf, body, &rooms, theme, &mut self.hits);
                }
                Screen::Setup(form) => form.render(buf, body, theme, &mut self.hits),
                Screen::Room(room) => room.render(buf, body, &self.address, theme, &mut self.hits),
                Screen::Admin(admin) => admin.render(buf, body, theme, &mut self.hits),
                Screen::Ratings(ratings) => {
                    ratings.render(buf, body, &self.hall, &self.address, theme, &mut self.hits)
                }
                Screen::Review(review) => review.render(buf, body, theme),
                Screen::Learn(learn) => learn.render(buf, body, theme, &mut self.hits),
            }
        }
        self.status(buf, row(area, area.height - 2));
        self.hints(buf, row(area, area.height - 1));
    }

    fn overlay_body(&mut self, buf: &mut Buffer, body: Rect, overlay: Overlay) {
        clear(buf, body);
        match (overlay, self.room()) {
            (Overlay::Export { scroll }, Some(room)) => {
                let view = room.handle.view();
                let resume = room.handle.resume_code();
                let to = match &self.exports {
                    Some(dir) => export::Destination::Files(dir),
                    None => export::Destination::Server(&self.address),
                };
                export::render(buf, body, &view, to, resume, scroll, self.theme);
            }
            (Overlay::Settings(panel), _) => {
                let keyed = self.me.keyed;
                let now = self.settings();
                panel.render(buf, body, now, keyed, self.theme, &mut self.hits);
            }
            (Overlay::Bots(panel), room) => {
                let bots = self.hall.connected_bots();
                let in_room = room.is_some();
                panel.render(buf, body, &bots, in_room, self.theme, &mut self.hits);
            }
            (Overlay::Help { scroll }, _) | (Overlay::Export { scroll }, None) => {
                let shown = help::render(buf, body, self.theme, scroll);
                // Keep the stored offset within what can be shown, so that
                // scrolling back up answers at once.
                self.overlay = Some(Overlay::Help { scroll: shown });
            }
        }
    }

    fn title(&self, buf: &mut Buffer, area: Rect) {
        let theme = self.theme;
        let what = match (&self.screen, self.overlay) {
            (_, Some(Overlay::Help { .. })) => tr!(theme, "title-help"),
            (_, Some(Overlay::Export { .. })) => tr!(theme, "title-export"),
            (_, Some(Overlay::Settings(_))) => tr!(theme, "title-settings"),
            (_, Some(Overlay::Bots(_))) => tr!(theme, "title-bots"),
            (Screen::Name(_), None) => tr!(theme, "title-welcome"),
            (Screen::Lobby(_), None) => tr!(theme, "title-lobby"),
            (Screen::Setup(_), None) => tr!(theme, "title-create"),
            (Screen::Room(room), None) => room.title(theme),
            (Screen::Admin(_), None) => tr!(theme, "title-admin"),
            (Screen::Ratings(_), None) => tr!(theme, "title-ratings"),
            (Screen::Review(review), None) => tr!(theme, "title-review", id = &review.game_id),
            (Screen::Learn(_), None) => tr!(theme, "title-learn"),
        };
        put(
            buf,
            area,
            area.x,
            area.y,
            &format!(" banmen · {what}"),
            self.theme.title(),
        );
        let me = format!("{} ", self.me.name);
        let x = area.right().saturating_sub(super::text::width(&me));
        if x > area.x + super::text::width(&what) + 12 {
            put(buf, area, x, area.y, &me, self.theme.dim());
        }
    }

    /// The move being typed on the board on screen, and its game.
    fn typing(&self) -> Option<(String, GameKind)> {
        match &self.screen {
            Screen::Room(room) => {
                let typed = room.game.typing.clone()?;
                Some((typed, room.handle.view().game.kind()))
            }
            Screen::Learn(learn) => learn.typing(),
            _ => None,
        }
    }

    fn status(&self, buf: &mut Buffer, area: Rect) {
        let (text, style) = if let Some((typed, kind)) = self.typing() {
            let example = match kind {
                crate::rules::GameKind::Shogi4 => "e3e4, e7e8+, P*e5",
                crate::rules::GameKind::Chess4 => "e2-e4, h1-j1, d10-d11=Q",
                _ => "7g7f, 8h2b+, P*5e",
            };
            let prompt = tr!(self.theme, "status-move-prompt", example = example);
            (format!("{prompt} {typed}_"), self.theme.title())
        } else if !self.hall.reachable() {
            (tr!(self.theme, "status-reconnecting"), self.theme.alert())
        } else if let Some(seconds) = self.room().and_then(RoomScreen::countdown) {
            // Above any notice: the seconds matter more.
            let text = tr!(self.theme, "status-clock-count", seconds = seconds);
            (text, self.theme.alert())
        } else if !self.notice.is_empty() {
            (self.theme.text(&self.notice), self.theme.alert())
        } else if let Some(room) = self.room() {
            (self.theme.text(&room.handle.view().status), Style::new())
        } else {
            (String::new(), Style::new())
        };
        put(buf, area, area.x + 1, area.y, &text, style);
    }

    fn hints(&mut self, buf: &mut Buffer, area: Rect) {
        let hints = match (self.overlay, &self.screen) {
            (Some(Overlay::Settings(_)), _) => vec![
                ("↑↓", msg!("hint-row"), Key::Down),
                ("←→", msg!("hint-change"), Key::Right),
                ("Esc", msg!("hint-done"), Key::Esc),
            ],
            (Some(Overlay::Bots(_)), _) => vec![
                ("↑↓", msg!("hint-row"), Key::Down),
                ("Enter", msg!("hint-challenge"), Key::Enter),
                ("Esc", msg!("hint-close"), Key::Esc),
            ],
            (Some(Overlay::Help { .. }), _) => vec![
                ("↑↓ PgUp PgDn", msg!("hint-scroll"), Key::PageDown),
                ("L", msg!("hint-settings"), Key::Char('L')),
                ("Esc", msg!("hint-close"), Key::Esc),
            ],
            (Some(Overlay::Export { .. }), _) if self.exports.is_some() => vec![
                ("w", msg!("hint-write-files"), Key::Char('w')),
                ("↑↓ PgUp PgDn", msg!("hint-scroll"), Key::PageDown),
                ("Esc", msg!("hint-close"), Key::Esc),
            ],
            (Some(_), _) => vec![
                ("↑↓ PgUp PgDn", msg!("hint-scroll"), Key::PageDown),
                ("Esc", msg!("hint-close"), Key::Esc),
            ],
            (None, Screen::Name(name)) => name.hints(),
            (None, Screen::Lobby(lobby)) => lobby.hints(),
            (None, Screen::Setup(form)) => form.hints(),
            (None, Screen::Room(room)) => room.hints(),
            (None, Screen::Admin(admin)) => admin.hints(),
            (None, Screen::Ratings(ratings)) => ratings.hints(),
            (None, Screen::Review(review)) => review.hints(),
            (None, Screen::Learn(learn)) => learn.hints(),
        };
        let mut x = area.x;
        for (key, what, code) in hints {
            let what = self.theme.text(&what);
            let what = what.as_str();
            let text_w = super::text::width(key) + 1 + super::text::width(what);
            if x + text_w > area.right() {
                break;
            }
            let start = x;
            x = put(buf, area, x, area.y, key, self.theme.alert());
            x = put(buf, area, x + 1, area.y, what, self.theme.dim());
            self.hits.add(
                Rect::new(start, area.y, x - start, 1),
                input::Hit::Button(code),
            );
            x += 2;
        }
    }

    /// Resolves when the lobby list or the current room published a new
    /// snapshot. Cancel-safe: it only awaits `watch` receivers, which keep
    /// their place when the future is dropped.
    pub async fn changed(&mut self) {
        let mut reach = self.hall.reach();
        reach.mark_unchanged();
        tokio::select! {
            _ = self.screen_changed() => {}
            Ok(()) = reach.changed() => {}
        }
    }

    async fn screen_changed(&mut self) {
        match &mut self.screen {
            Screen::Room(room) => {
                // A running clock is redrawn as each second begins.
                let tick = room.handle.view().deadline.map(next_second);
                tokio::select! {
                    alive = room.handle.changed() => {
                        if !alive {
                            std::future::pending::<()>().await;
                        }
                    }
                    _ = tokio::time::sleep(tick.unwrap_or_default()), if tick.is_some() => {}
                }
            }
            Screen::Lobby(_) => {
                if self.lobby.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
            Screen::Name(_) | Screen::Setup(_) => std::future::pending::<()>().await,
            Screen::Admin(admin) => admin.changed(&self.hall).await,
            Screen::Ratings(_) | Screen::Learn(_) => std::future::pending::<()>().await,
            // A review fills in as the CPU works: redraw now and then.
            Screen::Review(review) => {
                let running = {
                    let r = review.review();
                    r.total == 0 || !r.is_complete()
                };
                if running {
                    tokio::time::sleep(std::time::Duration::from_millis(250)).await;
                } else {
                    std::future::pending::<()>().await;
                }
            }
        }
    }

    /// Whether to ring the terminal bell with the frame just drawn: once
    /// for each second the clock counts down (see [`super::bell`]), when
    /// the player's bell setting covers the seat to move. The terminal
    /// (the SSH session, `banmen play`) asks after each frame.
    pub fn bell(&mut self) -> bool {
        let count = self.room().and_then(|room| room.bell_count(self.bell));
        self.ringer.ring(count)
    }

    /// Whether the session ends: the player asked to quit, or a newer
    /// connection of theirs took their seat.
    pub fn should_quit(&self) -> bool {
        self.quit || self.replaced()
    }

    fn replaced(&self) -> bool {
        self.room().is_some_and(|room| room.handle.replaced())
    }

    /// Whether the lobby (or the room form) is showing: no room holds the
    /// player.
    pub fn in_lobby(&self) -> bool {
        matches!(
            self.screen,
            Screen::Name(_) | Screen::Lobby(_) | Screen::Setup(_) | Screen::Ratings(_)
        )
    }

    /// What to print on the player's restored terminal as the session ends.
    pub fn farewell(&self) -> Option<String> {
        self.replaced().then(|| tr!(self.theme, "notice-replaced"))
    }

    /// The player's language.
    pub fn lang(&self) -> Lang {
        self.theme.lang
    }

    /// A message for the status line (e.g. "The server is shutting down.").
    pub fn notice(&mut self, text: Msg) {
        self.notice = text;
    }

    /// Defaults for the client's `TERM`: no colors on monochrome terminals
    /// (`dumb`, `vt100`, `vt220`, `*-mono`, `*-m`), ASCII pieces in every
    /// game on the Linux console, which has no kanji glyphs (nor `☗`, `・`
    /// or chess symbols). F2 (the pieces) and F3 (colors) change them later.
    pub fn adapt_to_terminal(&mut self, term: &str) {
        let mono = matches!(term, "dumb" | "vt100" | "vt102" | "vt220")
            || term.ends_with("-mono")
            || term.ends_with("-m");
        if mono {
            self.set_color(false);
        }
        if term == "linux" || term == "dumb" {
            self.set_ascii(true);
        }
    }

    /// ASCII pieces in every game (`true`), or each language's default
    /// styles back (`false`).
    pub fn set_ascii(&mut self, on: bool) {
        self.theme.pieces = if on {
            crate::i18n::Pieces {
                shogi: crate::i18n::ShogiStyle::Ascii,
                chess: crate::i18n::ChessStyle::Ascii,
            }
        } else {
            self.theme.lang.default_pieces()
        };
    }

    /// Colors on or off (everything stays readable without them).
    pub fn set_color(&mut self, on: bool) {
        self.theme.color = on;
    }
}

/// Whether a session starting at `entry` first asks the player's name: a
/// guest the server named (no SSH user name given), unless they take back
/// a seat (`resume`), which has its name, or open the admin screen.
fn asks_name(me: &Identity, entry: &Entry) -> bool {
    let named_by_server = !me.keyed && crate::hall::names::is_given_guest_name(&me.name);
    named_by_server && !matches!(entry, Entry::Resume(_) | Entry::Admin)
}

/// How long until a clock running out at `deadline` shows its next
/// second (clocks show whole seconds left, rounded up), and a little
/// more. Redrawing then, rather than a second after the last redraw,
/// shows every second and rings each one's bell: a plain one-second
/// timer drifts, and now and then would skip one.
fn next_second(deadline: std::time::Instant) -> std::time::Duration {
    let left = deadline.saturating_duration_since(std::time::Instant::now());
    let into_second = match left.as_millis() % 1000 {
        0 => 1000,
        ms => ms as u64,
    };
    std::time::Duration::from_millis(into_second + 5)
}

fn lobby_screen() -> Screen {
    Screen::Lobby(LobbyScreen::default())
}

/// The message drawn when the terminal is below the minimum size.
fn too_small(buf: &mut Buffer, area: Rect, theme: Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let mid = area.y + area.height / 2;
    let larger = tr!(theme, "too-small");
    centered(buf, area, mid.saturating_sub(1), &larger, theme.alert());
    let size = tr!(
        theme,
        "too-small-size",
        min = format!("{MIN_WIDTH}x{MIN_HEIGHT}"),
        now = format!("{}x{}", area.width, area.height)
    );
    centered(buf, area, mid, &size, Style::new());
}

/// What a player is told when the hall refuses their action. A storage
/// failure is not theirs to understand: it says the action was not made
/// and to try again (the details go to the server's log).
fn refusal(e: &crate::hall::HallError) -> Msg {
    if let crate::hall::HallError::Storage(detail) = e {
        tracing::warn!("an action was refused, storage failed: {detail}");
    }
    e.msg()
}
