//! Screens rendered into ratatui's `TestBackend`, driven through `App`'s
//! public API with synthetic termwiz events, against a real `Hall`.

use banmen::hall::view::Entry;
use banmen::hall::{Hall, Mode, RoomSettings};
use banmen::i18n::Lang;
use banmen::rules::{AnyGame, GameKind, RuleValues};
use banmen::ui::boards::{self, Marks};
use banmen::ui::{App, Theme};

mod ui_support;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use termwiz::input::{InputEvent, KeyCode, Modifiers, MouseButtons, MouseEvent};
use ui_support::{address, chars, key, me, text_lines};

/// The screen as text lines; the blank cell after a wide character is skipped
/// so that `v玉` reads as written.
struct Screen {
    lines: Vec<String>,
    /// One symbol per cell, for coordinates.
    cells: Vec<Vec<String>>,
}

impl Screen {
    fn text(&self) -> String {
        self.lines.join("\n")
    }
    fn has(&self, needle: &str) -> bool {
        self.lines.iter().any(|l| l.contains(needle))
    }
    fn line_of(&self, needle: &str) -> Option<usize> {
        self.lines.iter().position(|l| l.contains(needle))
    }
}

fn render(app: &mut App, w: u16, h: u16) -> Screen {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    terminal.draw(|f| app.render(f)).expect("draw");
    let buf = terminal.backend().buffer().clone();
    let lines = text_lines(&buf);
    let cells = (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect()
        })
        .collect();
    Screen { lines, cells }
}

/// A left click on the 0-based cell (`x`, `y`): press and release, sent
/// 1-based as terminals report SGR mouse positions.
fn click(app: &mut App, x: usize, y: usize) {
    for buttons in [MouseButtons::LEFT, MouseButtons::NONE] {
        app.handle(&InputEvent::Mouse(MouseEvent {
            x: x as u16 + 1,
            y: y as u16 + 1,
            mouse_buttons: buttons,
            modifiers: Modifiers::NONE,
        }));
    }
}

fn lobby_app(hall: &Hall, name: &str) -> App {
    App::new(hall.clone(), me(name), Entry::Lobby, address())
}

#[tokio::test]
async fn lobby_lists_a_public_room() {
    let hall = Hall::new(1);
    let _room = hall
        .create_room(&me("alice"), RoomSettings::new(GameKind::Shogi))
        .expect("room");
    let mut app = lobby_app(&hall, "bob");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Open public rooms"), "{}", s.text());
    let line = s.line_of("alice").expect("the room's line");
    for word in ["shogi", "1/2", "waiting", "standard rules"] {
        assert!(s.lines[line].contains(word), "{word}: {}", s.lines[line]);
    }
    assert!(
        s.has("p quick") && s.has("q quit") && s.has("Invite code"),
        "{}",
        s.text()
    );
}

#[tokio::test]
async fn setup_form_lists_every_rule_with_its_default() {
    let hall = Hall::new(1);
    let mut app = lobby_app(&hall, "alice");
    chars(&mut app, "c");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Create a room"), "{}", s.text());
    for spec in GameKind::Shogi.rule_specs() {
        let line = s
            .line_of(spec.name)
            .unwrap_or_else(|| panic!("{}", spec.name));
        let value = s.lines[line].split_whitespace().nth(1);
        assert_eq!(value, Some(spec.default), "{}", s.lines[line]);
    }
    for word in ["public", "casual", "time", "CPU level", "Create room"] {
        assert!(s.has(word), "{word}");
    }
    // Cycling the move limit goes none -> 100.
    let row = s.line_of("move-limit").expect("row");
    let form_row = row - 3; // title row, heading, blank line
    for _ in 0..form_row {
        key(&mut app, KeyCode::DownArrow);
    }
    // The selected line's rule is explained, with its default, below.
    let spec = GameKind::Shogi
        .rule_specs()
        .iter()
        .find(|r| r.name == "move-limit");
    let about = Lang::En.text(&spec.expect("move-limit").about_msg());
    let s = render(&mut app, 80, 24);
    let start: String = about.chars().take(30).collect();
    assert!(s.has(&start) && s.has("(default none)"), "{}", s.text());
    key(&mut app, KeyCode::Enter);
    let s = render(&mut app, 80, 24);
    assert!(s.lines[row].contains("100"), "{}", s.lines[row]);
}

#[tokio::test]
async fn waiting_room_shows_code_and_join_command() {
    let hall = Hall::new(1);
    let mut app = lobby_app(&hall, "alice");
    chars(&mut app, "cc");
    let s = render(&mut app, 80, 24);
    let line = s.line_of("Invite code: ").expect("code");
    let code = s.lines[line]
        .split("Invite code: ")
        .nth(1)
        .unwrap()
        .trim()
        .to_string();
    let sizes: Vec<usize> = code.split('-').map(str::len).collect();
    assert_eq!(sizes, [4, 4, 2], "{code}: 10 letters in groups");
    assert!(
        s.has(&format!("ssh -t -p 2222 play@banmen.example join {code}")),
        "{}",
        s.text()
    );
    assert!(s.has("alice") && s.has("(empty)") && s.has("start now"));
    // A friend joins by the code: the game starts.
    let mut bob = App::new(hall.clone(), me("bob"), Entry::Join(code), address());
    let s = render(&mut bob, 80, 24);
    assert!(s.has("sente to move"), "{}", s.text());
    // Esc in the lobby-bound flow: bob leaves a running game only after y.
    key(&mut bob, KeyCode::Escape);
    let s = render(&mut bob, 80, 24);
    assert!(s.has("Leave the game? y / n"), "{}", s.text());
    chars(&mut bob, "y");
    let s = render(&mut bob, 80, 24);
    assert!(s.has("Open public rooms"), "{}", s.text());
}

#[tokio::test]
async fn the_host_puts_the_cpu_in_a_seat_by_its_number() {
    let hall = Hall::new(1);
    let mut app = lobby_app(&hall, "alice");
    chars(&mut app, "cc");
    let s = render(&mut app, 80, 24);
    assert!(s.has("1-2 CPU seats"), "{}", s.text());
    let seat = s.line_of("(empty)").expect("an empty seat");
    chars(&mut app, "222");
    let s = render(&mut app, 80, 24);
    assert!(s.lines[seat].contains("CPU (level 3)"), "{}", s.text());
    assert!(s.has("CPU at level 3."), "{}", s.text());
    // A seat the room does not have: nothing happens.
    chars(&mut app, "4");
    assert!(render(&mut app, 80, 24).lines[seat].contains("CPU (level 3)"));
    chars(&mut app, "s");
    let s = render(&mut app, 80, 24);
    assert!(s.has("CPU (level 3)"), "{}", s.text());
}

fn game_app(hall: &Hall, mode_key: &str) -> App {
    let mut app = lobby_app(hall, "alice");
    chars(&mut app, mode_key);
    chars(&mut app, "c");
    app
}

#[tokio::test]
async fn game_screen_at_80x24_and_160x50() {
    let hall = Hall::new(1);
    let mut app = game_app(&hall, "v");
    for (w, h) in [(80, 24), (160, 50), (60, 20)] {
        let s = render(&mut app, w, h);
        let text = s.text();
        assert!(s.has("alice") && s.has("CPU"), "{w}x{h}: {text}");
        if w >= 80 {
            assert!(s.has("CPU (level 2)"), "{w}x{h}: {text}");
        }
        assert!(s.has("sente to move"), "{w}x{h}: {text}");
        assert!(s.has("hand: -"), "{w}x{h}: {text}");
        assert!(
            s.has(" 玉") && s.has("v玉") && s.has("v飛") && s.has(" 角"),
            "{text}"
        );
        // Sente's back rank is at the bottom of the board.
        assert!(s.line_of(" 香").unwrap() > s.line_of("v香").unwrap());
    }
}

#[tokio::test]
async fn ascii_pieces_and_no_color() {
    let hall = Hall::new(1);
    let mut app = game_app(&hall, "v");
    app.set_ascii(true);
    app.set_color(false);
    let s = render(&mut app, 80, 24);
    assert!(s.has("  K") && s.has("  k") && s.has("  r"), "{}", s.text());
    assert!(!s.has("玉"));
}

#[tokio::test]
async fn gote_sees_the_board_turned() {
    let hall = Hall::new(1);
    let mut alice = lobby_app(&hall, "alice");
    chars(&mut alice, "cc");
    let s = render(&mut alice, 80, 24);
    let line = s.line_of("Invite code: ").expect("code");
    let code = s.lines[line]
        .split("Invite code: ")
        .nth(1)
        .unwrap()
        .trim()
        .to_string();
    let mut bob = App::new(hall.clone(), me("bob"), Entry::Join(code), address());
    let a = render(&mut alice, 80, 24);
    let b = render(&mut bob, 80, 24);
    assert!(
        a.line_of(" 玉").unwrap() > a.line_of("v玉").unwrap(),
        "{}",
        a.text()
    );
    assert!(
        b.line_of(" 玉").unwrap() < b.line_of("v玉").unwrap(),
        "{}",
        b.text()
    );
    // File numbers run 9..1 for sente and 1..9 for gote.
    let files = |s: &Screen| {
        let board: String = s.cells[1][..46].concat();
        board.split_whitespace().collect::<Vec<_>>().join("")
    };
    assert_eq!(files(&a), "987654321");
    assert_eq!(files(&b), "123456789");
}

#[tokio::test]
async fn tiny_terminals_do_not_panic() {
    let hall = Hall::new(1);
    let mut app = game_app(&hall, "v");
    for (w, h) in [(0, 0), (1, 1), (0, 5), (5, 0), (2, 30), (200, 1)] {
        render(&mut app, w, h);
    }
    let s = render(&mut app, 59, 20);
    assert!(s.has("Please make the window larger"), "{}", s.text());
    let s = render(&mut app, 60, 19);
    assert!(s.has("Please make the window larger"));
    let mut lobby = lobby_app(&hall, "bob");
    render(&mut lobby, 1, 1);
    render(&mut lobby, 0, 0);
}

#[tokio::test]
async fn pick_and_play_with_keys_then_with_the_mouse() {
    let hall = Hall::new(1);
    let mut app = game_app(&hall, "s");
    render(&mut app, 80, 24);
    // The cursor starts on 7g; wander and come back, pick, go up, play.
    key(&mut app, KeyCode::LeftArrow);
    key(&mut app, KeyCode::RightArrow);
    key(&mut app, KeyCode::Enter);
    let s = render(&mut app, 80, 24);
    assert!(s.has("Choose a square"), "{}", s.text());
    chars(&mut app, "k");
    key(&mut app, KeyCode::Enter);
    let s = render(&mut app, 80, 24);
    assert!(s.has("7g7f"), "{}", s.text());
    assert!(s.has("gote to move"), "{}", s.text());

    // Gote (same device) plays 3c3d by clicking: find the squares on screen.
    let (x, y) = square_xy(&s, '3', 'c');
    click(&mut app, x, y);
    let s2 = render(&mut app, 80, 24);
    assert!(s2.has("Choose a square"), "{}", s2.text());
    let (x, y) = square_xy(&s2, '3', 'd');
    click(&mut app, x, y);
    let s3 = render(&mut app, 80, 24);
    assert!(s3.has("3c3d"), "{}", s3.text());
    assert!(s3.has("sente to move"));
}

#[tokio::test]
async fn resign_needs_confirmation_and_export_shows_records() {
    let hall = Hall::new(1);
    let mut app = game_app(&hall, "s");
    chars(&mut app, "r");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Resign this game? y / n"));
    chars(&mut app, "n");
    let s = render(&mut app, 80, 24);
    assert!(!s.has("Game over"));
    chars(&mut app, "ry");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Game over"), "{}", s.text());
    assert!(s.has("New round"), "{}", s.text());
    chars(&mut app, "e");
    let s = render(&mut app, 120, 40);
    assert!(s.has("position sfen"), "{}", s.text());
    assert!(s.has("KIF:"));
    assert!(
        s.has("ssh -p 2222 play@banmen.example export "),
        "{}",
        s.text()
    );
    key(&mut app, KeyCode::Escape);
    chars(&mut app, "?");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Keys") && s.has("resign"));
    key(&mut app, KeyCode::Escape);
    chars(&mut app, "n");
    let s = render(&mut app, 80, 24);
    assert!(s.has("sente to move"), "new round started: {}", s.text());
}

#[tokio::test]
async fn quit_from_the_lobby() {
    let hall = Hall::new(1);
    let mut app = lobby_app(&hall, "alice");
    assert!(!app.should_quit());
    app.notice(banmen::msg!("notice-shutdown"));
    let s = render(&mut app, 80, 24);
    assert!(s.has("The server is shutting down."));
    chars(&mut app, "q");
    assert!(app.should_quit());
}

/// The 0-based screen cell of a square at 80×24 (sente's side up), found
/// from the file numbers on row 1 and the rank letters on the right.
///
/// The ranks are looked for only below the file numbers: the title on
/// row 0 holds the room's random id (`game ambtte-1-…`), whose letters
/// can fall in the rank column and would send the click to the title.
fn square_xy(s: &Screen, file: char, rank: char) -> (usize, usize) {
    const FILE_ROW: usize = 1;
    const RANK_COLUMN: usize = 46;
    let x = s.cells[FILE_ROW]
        .iter()
        .position(|c| *c == file.to_string())
        .unwrap_or_else(|| panic!("file label {file}:\n{}", s.text()));
    let y = (FILE_ROW + 1..s.cells.len())
        .find(|&y| {
            s.cells[y]
                .get(RANK_COLUMN)
                .is_some_and(|c| *c == rank.to_string())
        })
        .unwrap_or_else(|| panic!("rank label {rank}:\n{}", s.text()));
    (x, y)
}

/// Clicks the piece on `from`, checks it is picked, then clicks `to`.
fn click_move(app: &mut App, from: (char, char), to: (char, char)) {
    let s = render(app, 80, 24);
    let (x, y) = square_xy(&s, from.0, from.1);
    click(app, x, y);
    let s = render(app, 80, 24);
    assert!(s.has("Choose a square"), "{from:?} picked: {}", s.text());
    let (x, y) = square_xy(&s, to.0, to.1);
    click(app, x, y);
}

/// The hand shown under the seat line holding `seat` (`☖ gote alice`).
fn hand_of(s: &Screen, seat: &str) -> String {
    let line = s
        .line_of(seat)
        .unwrap_or_else(|| panic!("{seat}:\n{}", s.text()));
    let hand = s.lines.get(line + 1).map_or("", |l| l.trim());
    assert!(hand.starts_with("hand: "), "{seat}: {}", s.text());
    hand.to_string()
}

#[tokio::test]
async fn promotion_is_asked_and_hand_pieces_drop() {
    let hall = Hall::new(1);
    let mut app = game_app(&hall, "s");
    click_move(&mut app, ('7', 'g'), ('7', 'f'));
    click_move(&mut app, ('3', 'c'), ('3', 'd'));
    let s = render(&mut app, 80, 24);
    assert!(s.has("7g7f") && s.has("3c3d"), "{}", s.text());
    click_move(&mut app, ('8', 'h'), ('2', 'b'));
    let s = render(&mut app, 80, 24);
    assert!(s.has("Promote? y = yes, n = no"), "{}", s.text());
    chars(&mut app, "y");
    let s = render(&mut app, 80, 24);
    assert!(s.has("8h2b+") && s.has("gote to move"), "{}", s.text());
    // Sente took gote's bishop; gote's hand is still empty.
    assert_eq!(hand_of(&s, "☗ sente alice"), "hand: 角", "{}", s.text());
    assert_eq!(hand_of(&s, "☖ gote alice"), "hand: -", "{}", s.text());
    // Gote takes the horse; its hand now shows a bishop.
    click_move(&mut app, ('3', 'a'), ('2', 'b'));
    let s = render(&mut app, 80, 24);
    assert!(s.has("3a2b") && s.has("sente to move"), "{}", s.text());
    assert_eq!(hand_of(&s, "☖ gote alice"), "hand: 角", "{}", s.text());
    // Sente drops the bishop it took: Tab to the hand, Enter, then a square.
    key(&mut app, KeyCode::Tab);
    key(&mut app, KeyCode::Enter);
    let s = render(&mut app, 80, 24);
    assert!(s.has("Choose a square"), "{}", s.text());
    let (x, y) = square_xy(&s, '5', 'e');
    click(&mut app, x, y);
    let s = render(&mut app, 80, 24);
    assert!(s.has("B*5e"), "{}", s.text());
    assert_eq!(hand_of(&s, "☗ sente alice"), "hand: -", "{}", s.text());
}

#[tokio::test]
async fn spectators_watch_from_the_lobby_and_cannot_move() {
    let hall = Hall::new(1);
    let mut alice = lobby_app(&hall, "alice");
    chars(&mut alice, "c");
    key(&mut alice, KeyCode::Char('c'));
    let mut bob = lobby_app(&hall, "bob");
    key(&mut bob, KeyCode::Enter); // joins the selected (only) room: the game starts
    let mut carol = lobby_app(&hall, "carol");
    let s = render(&mut carol, 80, 24);
    assert!(s.has("playing"), "{}", s.text());
    chars(&mut carol, "w");
    let s = render(&mut carol, 80, 24);
    assert!(s.has("Watching.") && s.has("1 watching"), "{}", s.text());
    key(&mut carol, KeyCode::Enter);
    let s = render(&mut carol, 80, 24);
    assert!(s.has("You are watching this game."), "{}", s.text());
    let a = render(&mut alice, 80, 24);
    assert!(a.has("1 watching"), "{}", a.text());
}

#[tokio::test]
async fn changed_resolves_on_a_new_snapshot_and_is_cancel_safe() {
    use std::time::Duration;
    let hall = Hall::new(1);
    let mut alice = lobby_app(&hall, "alice");
    chars(&mut alice, "cc");
    // Nothing happens: the wait times out (and is dropped mid-way).
    let quiet = tokio::time::timeout(Duration::from_millis(50), alice.changed()).await;
    assert!(quiet.is_err());
    let s = render(&mut alice, 80, 24);
    let line = s.line_of("Invite code: ").expect("code");
    let code = s.lines[line]
        .split("Invite code: ")
        .nth(1)
        .unwrap()
        .trim()
        .to_string();
    let _bob = hall.join(&code, &me("bob")).expect("join");
    let woke = tokio::time::timeout(Duration::from_secs(2), alice.changed()).await;
    assert!(woke.is_ok(), "a join publishes a snapshot");
    let s = render(&mut alice, 80, 24);
    assert!(s.has("bob"), "{}", s.text());
    // Huge terminals lay out without overflow.
    render(&mut alice, 1000, 60);
}

#[tokio::test]
async fn turn_countdown_shows_with_a_time_limit() {
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.mode = banmen::hall::Mode::SameDevice;
    settings.time_limit = banmen::hall::TimeLimit::Seconds30;
    let handle = hall.create_room(&me("alice"), settings).expect("room");
    let code = handle.view().code.clone();
    let mut app = App::new(hall.clone(), me("alice"), Entry::Join(code), address());
    let s = render(&mut app, 80, 24);
    assert!(s.has("time 30 s") || s.has("time 29 s"), "{}", s.text());
}

#[tokio::test]
async fn f2_toggles_pieces_and_the_linux_console_gets_ascii() {
    use termwiz::input::{InputEvent, KeyCode, KeyEvent, Modifiers};
    let hall = Hall::new(1);
    let mut app = game_app(&hall, "v");
    assert!(render(&mut app, 80, 24).has("玉"));
    let f2 = InputEvent::Key(KeyEvent {
        key: KeyCode::Function(2),
        modifiers: Modifiers::NONE,
    });
    // Kanji, then Western letters (gote's marked v), then ASCII, then kanji.
    app.handle(&f2);
    let s = render(&mut app, 80, 24);
    assert!(!s.has("玉") && s.has("  K") && s.has("v K"), "{}", s.text());
    assert!(s.has("hand: -") && s.has("☗ sente"), "{}", s.text());
    app.handle(&f2);
    let s = render(&mut app, 80, 24);
    assert!(s.has("  k") && !s.has("v K") && !s.has("☗"), "{}", s.text());
    app.handle(&f2);
    assert!(render(&mut app, 80, 24).has("玉"));
    let mut console = game_app(&hall, "w");
    console.adapt_to_terminal("linux");
    assert!(!render(&mut console, 80, 24).has("玉"));
}

/// A guest the server named (`ssh play@host` without a key) is asked a
/// name first, then goes where the session started (here, a room by its
/// invite code) as that name; Enter alone keeps the server's name.
#[tokio::test]
async fn a_guest_named_by_the_server_is_asked_a_name_before_joining() {
    let hall = Hall::new(1);
    let room = hall
        .create_room(&me("alice"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    let code = room.view().code.clone();
    let guest = banmen::hall::Identity {
        id: banmen::hall::guest_id(),
        name: "guest-4".into(),
        keyed: false,
    };
    let seated = |name: &str| {
        room.view()
            .seats
            .iter()
            .any(|s| s.label().to_string().starts_with(name))
    };
    let mut app = App::new(hall.clone(), guest.clone(), Entry::Join(code), address());
    assert!(render(&mut app, 80, 24).has("Your name:"));
    assert!(!seated("guest-4"), "not seated before a name");
    chars(&mut app, "Hanako");
    key(&mut app, KeyCode::Enter);
    let screen = render(&mut app, 80, 24);
    assert!(!screen.has("Your name:"), "{}", screen.text());
    assert!(seated("Hanako"), "{:?}", room.view().seats);

    let other = banmen::hall::Identity {
        id: banmen::hall::guest_id(),
        ..guest
    };
    let mut plain = App::new(hall.clone(), other, Entry::Lobby, address());
    key(&mut plain, KeyCode::Enter);
    let screen = render(&mut plain, 80, 24);
    assert!(
        screen.has("Open public rooms") && screen.has("guest-4"),
        "{}",
        screen.text()
    );
}

/// A two-player board with promoted pawns on both sides (gote's tokin on
/// 5e, sente's on 5g) drawn in `theme` at 48×20, as text lines.
fn shogi_board(theme: Theme) -> Vec<String> {
    let sfen = "lnsgkgsnl/1r5b1/pppp1pppp/9/4+p4/9/PPPP+PPPPP/1B5R1/LNSGKGSNL b - 1";
    let rules = RuleValues::defaults(GameKind::Shogi.rule_specs());
    let game = AnyGame::new(GameKind::Shogi, &rules, Some(sfen)).expect("sfen");
    let area = ratatui::layout::Rect::new(0, 0, 48, 20);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    boards::render(&mut buf, area, &game, 0, &Marks::default(), theme);
    text_lines(&buf)
}

#[test]
fn each_shogi_style_draws_its_cells() {
    let has = |lines: &[String], needle: &str| lines.iter().any(|l| l.contains(needle));
    let kanji = shogi_board(Theme::default());
    for cell in ["v玉", " 玉", "vと", " と", "v歩", " 歩", "・"] {
        assert!(has(&kanji, cell), "{cell:?}:\n{}", kanji.join("\n"));
    }
    let western = Theme::default().cycle_pieces(GameKind::Shogi);
    let lines = shogi_board(western);
    for cell in ["v K", "  K", "v+P", " +P", "v P", "  P", "v R", "  B"] {
        assert!(has(&lines, cell), "{cell:?}:\n{}", lines.join("\n"));
    }
    assert!(
        !has(&lines, "玉") && !has(&lines, "・"),
        "{}",
        lines.join("\n")
    );
    let ascii = western.cycle_pieces(GameKind::Shogi4);
    let lines = shogi_board(ascii);
    for cell in ["  k", "  K", " +p", " +P", "  p", "  r"] {
        assert!(has(&lines, cell), "{cell:?}:\n{}", lines.join("\n"));
    }
    assert!(!has(&lines, "v"), "{}", lines.join("\n"));
    // Every style keeps the cells in their columns: the rank letters stay
    // in the label column on every row.
    for lines in [kanji, shogi_board(western), shogi_board(ascii)] {
        let ranks: String = lines[1..]
            .iter()
            .filter_map(|l| l.trim_end().chars().last())
            .collect();
        assert_eq!(ranks, "abcdefghi", "{}", lines.join("\n"));
    }
}

/// A same-device room of `kind` that alice plays; in Japanese with `ja`.
fn table(hall: &Hall, kind: GameKind, ja: bool) -> App {
    let mut settings = RoomSettings::new(kind);
    settings.mode = Mode::SameDevice;
    let handle = hall.create_room(&me("alice"), settings).expect("room");
    let code = handle.view().code.clone();
    let mut app = App::new(hall.clone(), me("alice"), Entry::Join(code), address());
    if ja {
        app.use_locale(Some(Lang::Ja));
    }
    app
}

/// Japanese takes two cells a character: at 80×24 and 60×20 the side
/// panel's words, the board's cells and the key hints still fit.
#[tokio::test]
async fn japanese_game_screens_fit_80x24_and_60x20() {
    let hall = Hall::new(1);
    for kind in GameKind::HALL {
        let mut ja = table(&hall, kind, true);
        let mut en = table(&hall, kind, false);
        for (w, h) in [(80, 24), (60, 20)] {
            let s = render(&mut ja, w, h);
            let text = s.text();
            // Whose turn, whole.
            let turn = s.line_of("の手番").expect("the turn line");
            assert!(
                s.lines[turn].trim_end().ends_with("の手番"),
                "{kind} {w}x{h}:\n{text}"
            );
            if kind != GameKind::Chess4 {
                assert!(s.has("持駒: なし"), "{kind} {w}x{h}:\n{text}");
            }
            // At 80 columns the last key hint is drawn: none was dropped
            // (at 60 the bar keeps the first ones, in English too).
            let hints = &s.lines[usize::from(h) - 1];
            assert!(w < 80 || hints.contains("Esc"), "{kind} {w}x{h}: {hints}");
            // The board, labels and all, is cell for cell the English
            // one: no wide character moved a cell.
            let board_w = match (kind, w) {
                (GameKind::Chess4, _) => 45,
                (_, 80) => 48,
                _ => 39,
            };
            let english = render(&mut en, w, h);
            for y in 1..usize::from(h) - 3 {
                assert_eq!(
                    s.cells[y][..board_w],
                    english.cells[y][..board_w],
                    "{kind} {w}x{h} row {y}:\n{text}\n{}",
                    english.text()
                );
            }
        }
        if kind == GameKind::Shogi {
            assert!(render(&mut ja, 80, 24).has("玉"), "kanji for Japanese");
        }
    }
}

/// The waiting room in Japanese at 60×20: each note whole.
#[tokio::test]
async fn the_japanese_waiting_room_fits_60x20() {
    let hall = Hall::new(1);
    let mut app = lobby_app(&hall, "alice");
    app.use_locale(Some(Lang::Ja));
    chars(&mut app, "cc");
    let s = render(&mut app, 60, 20);
    let text = s.text();
    for whole in [
        "招待コード: ",
        "友だちはこのコマンドで参加:",
        "s で今すぐ開始（空いた席には CPU が入ります）。",
        "席の番号で CPU を置き、もう一度押すと強くなります。",
    ] {
        assert!(s.has(whole), "{whole}:\n{text}");
    }
}
