//! Every screen in every language, at 80×24 and 60×20: the lobby, the
//! settings, the help, the room form, a waiting room, each game's board,
//! the ratings and the admin screen. Japanese screens show no English word
//! (names and notation aside), Polish and Tagalog ones none of the English
//! UI's common words; every key hint shows whole or not at all, the first
//! ones always; and boards are the same cell for cell in every language
//! (CJK text never shifts a column), and a terminal emulator (vt100) fed
//! what the SSH session sends shows each row as drawn.

use banmen::hall::settings::Settings;
use banmen::hall::view::Entry;
use banmen::hall::{Hall, RoomSettings};
use banmen::i18n::{ChessStyle, Lang, Pieces, ShogiStyle};
use banmen::rules::GameKind;
use banmen::ssh::backend::SshBackend;
use banmen::ui::App;

mod ui_support;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ui_support::{address, chars, four_seated, me, text_lines};

const SIZES: [(u16, u16); 2] = [(80, 24), (60, 20)];

/// Words that may show in any language: names, key names, formats, the
/// product's name.
const ALLOWED: &[&str] = &[
    "alice", "bob", "carol", "dave", "admin", "banmen", "CPU", "Esc", "Enter", "Tab", "PgUp",
    "PgDn", "Space", "hjkl", "SFEN", "SFEN4", "FEN4", "PGN4", "USI", "KIF", "KIFU", "ASCII",
    "English", "Polski", "Tagalog", "ssh", "SSH", "play", "example", "sente", "gote", "Ctrl",
];

/// Words of the English interface that are neither Polish nor Tagalog.
const ENGLISH: &[&str] = &[
    "the", "your", "you", "and", "move", "moves", "rooms", "room", "waiting", "press", "invite",
    "quick", "join", "watch", "create", "quit", "help", "level", "rules", "seats", "phase", "open",
    "hand", "resign", "leave", "start", "settings", "language", "pieces", "keys", "back", "change",
    "game", "players", "standard",
];

/// `app` drawn as the SSH session draws it, read back by a terminal
/// emulator: its rows as the player sees them.
fn through_terminal(app: &mut App, w: u16, h: u16) -> Vec<String> {
    let mut terminal = Terminal::new(SshBackend::new(w, h)).expect("terminal");
    terminal.draw(|f| app.render(f)).expect("draw");
    let bytes = terminal.backend_mut().take_output();
    let mut parser = vt100::Parser::new(h.try_into().unwrap(), w.try_into().unwrap(), 0);
    parser.process(&bytes);
    parser.screen().rows(0, w).collect()
}

fn draw(app: &mut App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    terminal.draw(|f| app.render(f)).expect("draw");
    terminal.backend().buffer().clone()
}

fn in_lang(app: &mut App, lang: Lang, pieces: Pieces) {
    app.apply_settings(Settings {
        lang,
        pieces,
        ..Settings::default()
    });
}

/// The ASCII words (three letters or more) of `text` that are neither
/// notation (with digits), codes (capitals), commands to type (a line
/// with `ssh`) nor allowed.
fn ascii_words(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| !line.contains("ssh "))
        .flat_map(str::split_whitespace)
        // Ids, codes and moves have digits: `qvujcz-1-k6kbnv`, `7g7f`.
        .filter(|token| !token.chars().any(|c| c.is_ascii_digit()))
        .flat_map(|token| token.split(|c: char| !c.is_ascii_alphanumeric()))
        .filter(|w| w.len() >= 3)
        .filter(|w| !w.chars().all(|c| c.is_ascii_uppercase()))
        .filter(|w| !ALLOWED.contains(w))
        .map(str::to_string)
        .collect()
}

/// English words in a screen of `lang`, as a problem to report.
fn check_words(name: &str, lang: Lang, text: &str, problems: &mut Vec<String>, ids: &[String]) {
    let mut words = ascii_words(text);
    words.retain(|w| !ids.contains(w));
    let leaked: Vec<&String> = match lang {
        Lang::En => return,
        // Japanese has no Latin words of its own.
        Lang::Ja => words.iter().collect(),
        _ => words
            .iter()
            .filter(|w| ENGLISH.contains(&w.to_lowercase().as_str()))
            .collect(),
    };
    if !leaked.is_empty() {
        problems.push(format!(
            "{name} in {}: English {leaked:?}\n{text}",
            lang.code()
        ));
    }
}

/// The screens to check, each a fresh app on a hall with rooms in it.
fn screens(hall: &Hall) -> Vec<(&'static str, App)> {
    let lobby = || App::new(hall.clone(), me("alice"), Entry::Lobby, address());
    let with = |keys: &str| {
        let mut app = lobby();
        chars(&mut app, keys);
        app
    };
    let mut list = vec![
        ("lobby", lobby()),
        ("settings", with("L")),
        ("help", with("?")),
        ("room form", with("c")),
        ("bots", with("b")),
        ("waiting room", with("cc")),
        ("bots in a room", with("ccb")),
        ("shogi", with("vc")),
        ("ratings", with("r")),
        (
            "admin",
            App::new(hall.clone(), me("admin"), Entry::Admin, address()),
        ),
    ];
    for (name, kind) in [("shogi4", GameKind::Shogi4), ("chess4", GameKind::Chess4)] {
        let (_alice, [bob, _, _]) = four_seated(hall, kind);
        list.push((name, bob));
    }
    list
}

#[tokio::test]
async fn every_screen_in_every_language_fits_and_speaks_it() {
    let hall = Hall::new(1);
    hall.create_room(&me("bob"), RoomSettings::new(GameKind::Shogi))
        .expect("a public room");
    let bot = hall.add_bot("bob", "ssh-ed25519 AAAA", "SHA256:r", "root");
    let _connected = hall.connect_bot(&bot.expect("a bot").identity());
    let mut problems = Vec::new();
    let screens = screens(&hall);
    // Room ids are six random letters.
    let ids: Vec<String> = hall.rooms_report().into_iter().map(|r| r.id).collect();
    for (name, mut app) in screens {
        for lang in Lang::ALL {
            in_lang(&mut app, lang, lang.default_pieces());
            for (w, h) in SIZES {
                let buf = draw(&mut app, w, h);
                let lines = text_lines(&buf);
                let text = lines.join("\n");
                check_words(name, lang, &text, &mut problems, &ids);
                // A terminal shows every cell where it was drawn: wide
                // characters move nothing after them.
                let seen = through_terminal(&mut app, w, h);
                for (y, (drawn, shown)) in lines.iter().zip(&seen).enumerate() {
                    let (drawn, shown) = (drawn.trim_end(), shown.trim_end());
                    assert_eq!(drawn, shown, "{name} in {} {w}x{h}, row {y}", lang.code());
                }
                check_hints(name, lang, &lines, w);
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// The bottom line holds key hints that fit the width (the line drops
/// whole hints, never cuts one); at 80 columns at least two, and in the
/// lobby always the way to the help and to the language.
fn check_hints(name: &str, lang: Lang, lines: &[String], w: u16) {
    let last = lines.last().expect("a line");
    let hints = last.split("  ").filter(|h| !h.trim().is_empty()).count();
    let shown = unicode_width::UnicodeWidthStr::width(last.trim_end());
    assert!(shown <= usize::from(w), "{name} {}: {last}", lang.code());
    if w < 80 {
        return;
    }
    assert!(hints >= 2, "{name} in {}: hints {last:?}", lang.code());
    if name == "lobby" {
        let help = format!("? {}", lang.t("hint-help"));
        let settings = format!("L {}", lang.t("hint-settings"));
        let both = last.contains(&help) && last.contains(&settings);
        assert!(both, "{}: {last}", lang.code());
    }
}

/// The smallest rectangle holding every cell showing one of `glyphs`.
fn board_rect(buf: &Buffer, glyphs: &[&str]) -> Option<(u16, u16, u16, u16)> {
    let (mut x0, mut y0, mut x1, mut y1) = (u16::MAX, u16::MAX, 0, 0);
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            if glyphs.contains(&buf[(x, y)].symbol()) {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    (x0 <= x1).then_some((x0, y0, x1, y1))
}

#[tokio::test]
async fn boards_are_the_same_cells_in_every_language() {
    let hall = Hall::new(1);
    // Glyphs only boards show at the start (hands and move lists are
    // empty): the rectangle around them is the board.
    let kanji = ["歩", "玉", "飛", "金", "銀", "香", "桂", "角"];
    let symbols = ["♚", "♛", "♜", "♝", "♞", "♟"];
    let pieces = Pieces {
        shogi: ShogiStyle::Kanji,
        chess: ChessStyle::Symbols,
    };
    let games: Vec<(&str, App, &[&str])> = {
        let (_a, [shogi4, _, _]) = four_seated(&hall, GameKind::Shogi4);
        let (_b, [chess4, _, _]) = four_seated(&hall, GameKind::Chess4);
        // Not alice: she plays in the rooms above, and would land there.
        let mut shogi = App::new(hall.clone(), me("erin"), Entry::Lobby, address());
        chars(&mut shogi, "vc");
        vec![
            ("shogi", shogi, &kanji),
            ("shogi4", shogi4, &kanji),
            ("chess4", chess4, &symbols),
        ]
    };
    for (name, mut app, glyphs) in games {
        for (w, h) in SIZES {
            in_lang(&mut app, Lang::En, pieces);
            let english = draw(&mut app, w, h);
            let Some((x0, y0, x1, y1)) = board_rect(&english, glyphs) else {
                panic!("{name}: no board\n{}", text_lines(&english).join("\n"));
            };
            for lang in Lang::ALL {
                in_lang(&mut app, lang, pieces);
                let other = draw(&mut app, w, h);
                for y in y0..=y1 {
                    for x in x0..=x1 {
                        assert_eq!(
                            english[(x, y)].symbol(),
                            other[(x, y)].symbol(),
                            "{name} {w}x{h} in {} at ({x},{y}):\n{}",
                            lang.code(),
                            text_lines(&other).join("\n")
                        );
                    }
                }
            }
        }
    }
}
