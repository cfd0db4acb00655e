//! The room-setup form, the help page and the lobby's room line in
//! Japanese at 80×24 and 60×20, through `App` as a player sees them: every
//! line of the form and the help is whole (nothing runs to the right edge,
//! explanations wrap), and the words are the catalogs'.

use banmen::hall::view::Entry;
use banmen::hall::{Hall, RoomSettings};
use banmen::i18n::Lang;
use banmen::rules::GameKind;
use banmen::ui::App;
use termwiz::input::KeyCode;

mod ui_support;
use ui_support::{address, chars, key, me, render};

const SIZES: [(u16, u16); 2] = [(80, 24), (60, 20)];

fn japanese(hall: &Hall, name: &str) -> App {
    let mut app = App::new(hall.clone(), me(name), Entry::Lobby, address());
    app.use_locale(Some(Lang::Ja));
    app
}

/// Display width of a line.
fn width(line: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(line.trim_end())
}

/// The body's lines (below the title bar, above the status and hints)
/// keep two cells from the right edge: nothing was cut there.
fn body_fits(lines: &[String], w: u16, what: &str) {
    let body = &lines[1..lines.len() - 2];
    for line in body {
        assert!(
            width(line) <= usize::from(w) - 2,
            "{what} at width {w}: {line:?}\n{}",
            lines.join("\n")
        );
    }
}

#[tokio::test]
async fn the_room_form_fits_in_japanese() {
    let hall = Hall::new(1);
    for (w, h) in SIZES {
        for game in 0..3 {
            let mut app = japanese(&hall, "hanako");
            chars(&mut app, "c");
            // The game line cycles the games.
            for _ in 0..game {
                key(&mut app, KeyCode::Enter);
            }
            let s = render(&mut app, w, h);
            assert!(s.has("部屋を作る") && s.has("ゲーム"), "{}", s.text());
            let title = ["将棋", "四人将棋", "四人チェス"][game];
            assert!(s.has(title), "{}", s.text());
            // Every line selected in turn, its explanation below.
            for _ in 0..16 {
                let s = render(&mut app, w, h);
                body_fits(&s.0, w, "form");
                key(&mut app, KeyCode::DownArrow);
            }
        }
    }
    let mut app = japanese(&hall, "hanako");
    chars(&mut app, "c");
    let s = render(&mut app, 80, 24);
    for word in [
        "入玉宣言",
        "手数制限",
        "持将棋",
        "駒落ち",
        "平手",
        "時間",
        "フリー対局",
    ] {
        assert!(s.has(word), "{word}: {}", s.text());
    }
    // The move limit explained, with its default.
    key(&mut app, KeyCode::DownArrow);
    key(&mut app, KeyCode::DownArrow);
    let s = render(&mut app, 80, 24);
    assert!(s.has("引き分け(標準: なし)"), "{}", s.text());
}

#[tokio::test]
async fn the_help_page_fits_in_japanese() {
    let hall = Hall::new(1);
    for (w, h) in SIZES {
        let mut app = japanese(&hall, "hanako");
        chars(&mut app, "?");
        let s = render(&mut app, w, h);
        assert!(
            s.has("キー操作") && s.has("言語と駒の表示の設定"),
            "{}",
            s.text()
        );
        assert!(s.has("駒の表示、色のオン/オフ"), "{}", s.text());
        let mut seen = Vec::new();
        for _ in 0..20 {
            let s = render(&mut app, w, h);
            body_fits(&s.0, w, "help");
            seen.extend(s.0.clone());
            key(&mut app, KeyCode::PageDown);
        }
        let all = seen.concat();
        for words in ["入玉宣言", "投了", "持ち駒", "点数を競う"] {
            assert!(all.contains(words), "{words} at {w}x{h}");
        }
    }
}

#[tokio::test]
async fn the_lobby_says_the_room_in_japanese() {
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.rules.set("handicap", "bishop").unwrap();
    // The hosts keep their rooms open while the test looks.
    let _alice = hall.create_room(&me("alice"), settings).expect("room");
    let _bob = hall
        .create_room(&me("bob"), RoomSettings::new(GameKind::Shogi4))
        .expect("room");
    let mut app = japanese(&hall, "hanako");
    let s = render(&mut app, 80, 24);
    let alice = s.line_of("alice");
    for word in ["将棋", "1/2", "募集中", "駒落ち:角落ち"] {
        assert!(s.0[alice].contains(word), "{word}: {}", s.text());
    }
    let bob = s.line_of("bob");
    for word in ["四人将棋", "1/4", "標準ルール"] {
        assert!(s.0[bob].contains(word), "{word}: {}", s.text());
    }
    // The same room in English, for a reader of English.
    let mut en = App::new(hall.clone(), me("carol"), Entry::Lobby, address());
    let s = render(&mut en, 80, 24);
    assert!(s.has("handicap=bishop"), "{}", s.text());
}

#[tokio::test]
async fn the_leaderboard_and_a_profile_in_japanese() {
    use banmen::hall::{Clock, HallOptions, Privacy};
    use banmen::store::memory::MemoryStore;
    use std::sync::Arc;
    let store = Arc::new(MemoryStore::new());
    let clock = Clock::manual(1_700_000_000_000);
    let (hall, _) = Hall::open(store, HallOptions::default(), clock).unwrap();
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.privacy = Privacy::Private;
    settings.ranked = true;
    let a = hall.create_room(&me("alice"), settings).unwrap();
    let b = hall.join(&a.view().code, &me("花子")).unwrap();
    let mv = a.view().game.parse_text("7g7f").unwrap();
    a.play(&mv).unwrap();
    b.resign().unwrap();
    let mut app = japanese(&hall, "花子");
    chars(&mut app, "r");
    for (w, h) in SIZES {
        let s = render(&mut app, w, h);
        assert!(s.has("順位表 · 将棋"), "{}", s.text());
        assert!(s.has("2  花子"), "{}", s.text());
    }
    chars(&mut app, "m");
    let s = render(&mut app, 80, 24);
    for words in [
        "成績 · 花子",
        "1局",
        "四人将棋",
        "レートなし",
        "2位",
        "1500 → 1338(-162)",
    ] {
        assert!(s.has(words), "{words}: {}", s.text());
    }
    // The columns line up by display width, whatever the script.
    let shogi = s.line_of("1局");
    let shogi4 = s.line_of("レートなし");
    let at = |line: usize, needle: &str| {
        let text = &s.0[line];
        unicode_width::UnicodeWidthStr::width(&text[..text.find(needle).unwrap()])
    };
    assert_eq!(at(shogi, "13"), at(shogi4, "レートなし"), "{}", s.text());
    // At 60 columns the game's id and the export command go on lines of
    // their own rather than being cut.
    let id = a.view().game_id.clone();
    let s = render(&mut app, 60, 20);
    assert!(s.has(&format!("対局 {id}")), "{}", s.text());
    assert!(s.has(&format!("export {id}")), "{}", s.text());
    body_fits(&s.0, 60, "profile");
}
