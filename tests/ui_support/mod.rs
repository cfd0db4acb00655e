//! What the screen tests share: a player, the server address, and a
//! rendered buffer read back as text.
#![allow(dead_code)] // each test file uses its own part

use banmen::hall::view::{Entry, ServerAddress};
use banmen::hall::{Hall, Identity, Privacy, RoomHandle, RoomSettings};
use banmen::rules::GameKind;
use banmen::ui::App;
use ratatui::buffer::Buffer;

/// A keyed player called `name`.
pub fn me(name: &str) -> Identity {
    Identity {
        id: format!("key:{name}"),
        name: name.to_string(),
        keyed: true,
    }
}

/// The address invite commands show.
pub fn address() -> ServerAddress {
    ServerAddress {
        host: "banmen.example".to_string(),
        port: 2222,
    }
}

/// A buffer as text lines; the blank cell after a wide character is
/// skipped so that `v玉` reads as written.
pub fn text_lines(buf: &Buffer) -> Vec<String> {
    (0..buf.area.height)
        .map(|y| {
            let mut line = String::new();
            let mut skip = 0;
            for x in 0..buf.area.width {
                let sym = buf[(x, y)].symbol();
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                skip = ratatui::text::Span::raw(sym).width().saturating_sub(1);
                line.push_str(sym);
            }
            line
        })
        .collect()
}

/// A private room of `kind` that alice hosts and bob, carol and dave
/// join, each on an `App`: alice's handle and the three apps, to be kept
/// while the test looks at one of them.
pub fn four_seated(hall: &Hall, kind: GameKind) -> (RoomHandle, [App; 3]) {
    let mut settings = RoomSettings::new(kind);
    settings.privacy = Privacy::Private;
    let alice = hall.create_room(&me("alice"), settings).expect("room");
    let code = alice.view().code.clone();
    let join = |name: &str| App::new(hall.clone(), me(name), Entry::Join(code.clone()), address());
    (alice, [join("bob"), join("carol"), join("dave")])
}

/// A same-device room of `kind`, entered by alice, and its invite code.
pub fn table(hall: &Hall, kind: GameKind) -> (App, String) {
    let mut settings = RoomSettings::new(kind);
    settings.mode = banmen::hall::Mode::SameDevice;
    let handle = hall.create_room(&me("alice"), settings).expect("room");
    let code = handle.view().code.clone();
    let app = App::new(
        hall.clone(),
        me("alice"),
        Entry::Join(code.clone()),
        address(),
    );
    (app, code)
}

/// The moves the room with invite `code` has recorded, as text.
pub fn played(hall: &Hall, code: &str) -> Vec<String> {
    let handle = hall.watch(code, &me("watcher")).expect("watch");
    handle.view().moves.iter().map(|m| m.text.clone()).collect()
}

/// Plays `text` through the move prompt (`m`, the move, Enter).
pub fn type_move(app: &mut App, text: &str) {
    chars(app, "m");
    chars(app, text);
    key(app, termwiz::input::KeyCode::Enter);
}

/// Sends one key to `app`.
pub fn key(app: &mut banmen::ui::App, code: termwiz::input::KeyCode) {
    use termwiz::input::{InputEvent, KeyEvent, Modifiers};
    app.handle(&InputEvent::Key(KeyEvent {
        key: code,
        modifiers: Modifiers::NONE,
    }));
}

/// Types `text`, one key per character.
pub fn chars(app: &mut banmen::ui::App, text: &str) {
    for c in text.chars() {
        key(app, termwiz::input::KeyCode::Char(c));
    }
}

/// `app` drawn at `w`×`h`, as text lines.
pub fn screen_lines(app: &mut banmen::ui::App, w: u16, h: u16) -> Vec<String> {
    let backend = ratatui::backend::TestBackend::new(w, h);
    let mut terminal = ratatui::Terminal::new(backend).expect("terminal");
    terminal.draw(|f| app.render(f)).expect("draw");
    text_lines(terminal.backend().buffer())
}

/// A rendered screen as text lines, with the questions tests ask of it.
pub struct Screen(pub Vec<String>);

impl Screen {
    /// The whole screen, for failure messages.
    pub fn text(&self) -> String {
        self.0.join("\n")
    }
    /// Whether any line contains `needle`.
    pub fn has(&self, needle: &str) -> bool {
        self.0.iter().any(|l| l.contains(needle))
    }
    /// Whether a line below the title contains `needle`. The title holds
    /// the room's random id and game tag (`game 49bvs8-1-pqx3m4`), whose
    /// letters can spell a short word: look below it for what must be absent.
    pub fn has_below_title(&self, needle: &str) -> bool {
        self.0.iter().skip(1).any(|l| l.contains(needle))
    }
    /// The first line containing `needle` (the test fails without one).
    pub fn line_of(&self, needle: &str) -> usize {
        self.0
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle:?} not on screen:\n{}", self.text()))
    }
}

/// `app` drawn at `w`×`h`.
pub fn render(app: &mut banmen::ui::App, w: u16, h: u16) -> Screen {
    Screen(screen_lines(app, w, h))
}
