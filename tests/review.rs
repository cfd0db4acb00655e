//! Reviews of finished games: the CPU marks each move by what it lost,
//! the review runs once per game on the hall's pool and is kept with the
//! game, readable by whoever may export it; the review screen draws the
//! marks, the graph and the summary.

mod common;
mod ui_support;
use banmen::cpu::review::{Mark, Review};
use banmen::hall::view::{Entry, Privacy};
use banmen::hall::{Hall, HallError, Mode, Phase, Reader, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::memory::MemoryStore;
use banmen::ui::App;
use common::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use std::sync::Arc;
use std::time::{Duration, Instant};
use termwiz::input::KeyCode;
use ui_support::{address, key, me, render, text_lines};

/// Sente wins a pawn on the 2-file, then walks its rook to 3d where gote's
/// 3c pawn takes it for nothing.
pub const ROOK_BLUNDER: [&str; 10] = [
    "2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "4a3b", "2d3d", "3c3d",
];

/// Waits for the hall's review of `game` to complete.
fn finished_review(hall: &Hall, game: &str, reader: Reader) -> Review {
    let started = Instant::now();
    loop {
        let shared = hall.review(game, reader).expect("review");
        let review = shared.review.lock().unwrap().clone();
        if review.total > 0 && review.is_complete() {
            return review;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "review stuck");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_hanging_rook_is_marked_a_blunder_once_per_game_for_its_players() {
    let store = Arc::new(MemoryStore::new());
    let hall = open_hall(&store, &banmen::hall::Clock::system());
    let (alice, bob, carol) = (player("alice"), player("bob"), player("carol"));
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.privacy = Privacy::Private;
    settings.rules.set("swap-sides", "off").ok();
    let a = hall.create_room(&alice, settings).unwrap();
    let code = a.view().code.clone();
    let b = hall.join(&code, &bob).unwrap();
    for (i, mv) in ROOK_BLUNDER.iter().enumerate() {
        play(if i % 2 == 0 { &a } else { &b }, mv);
    }
    let game = a.view().game_id.clone();
    // Not finished: nothing to review.
    assert!(matches!(
        hall.review(&game, Reader::Player(&alice)),
        Err(HallError::NoSuchGame(_))
    ));
    a.resign().unwrap();
    hall.close_by_admin(&code, "root").unwrap();

    // A stranger is told there is no such game.
    assert!(matches!(
        hall.review(&game, Reader::Player(&carol)),
        Err(HallError::NoSuchGame(_))
    ));
    let review = finished_review(&hall, &game, Reader::Player(&alice));
    assert_eq!(review.plies.len(), ROOK_BLUNDER.len());
    assert_eq!(review.plies[8].played, "2d3d");
    assert_eq!(review.plies[8].mark, Mark::Blunder);
    assert!(review.summary()[0].counts[Mark::Blunder.index()] >= 1);

    // Kept with the game: asked again, it is complete at once.
    let again = hall.review(&game, Reader::Player(&bob)).unwrap();
    assert_eq!(*again.review.lock().unwrap(), review);
}

/// A finished public shogi game of [`ROOK_BLUNDER`] (then sente
/// resigns): the host's handle and the game's id.
fn rook_blunder_game(hall: &Hall) -> (banmen::hall::RoomHandle, String) {
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.rules.set("swap-sides", "off").ok();
    let a = hall.create_room(&me("alice"), settings).unwrap();
    let b = hall.join(&a.view().code, &me("bob")).unwrap();
    for (i, mv) in ROOK_BLUNDER.iter().enumerate() {
        play(if i % 2 == 0 { &a } else { &b }, mv);
    }
    a.resign().unwrap();
    let id = a.view().game_id.clone();
    (a, id)
}

/// Whether a braille cell (the graph's line) is drawn anywhere.
fn has_graph(lines: &[String]) -> bool {
    lines
        .iter()
        .any(|l| l.chars().any(|c| ('\u{2801}'..='\u{28FF}').contains(&c)))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_review_screen_marks_the_hanging_rook_a_blunder_and_draws_the_graph() {
    let hall = Hall::new(1);
    let (_room, id) = rook_blunder_game(&hall);
    let reader = me("alice");
    finished_review(&hall, &id, Reader::Player(&reader));
    let mut app = App::new(
        hall.clone(),
        me("alice"),
        Entry::Review(id.clone()),
        address(),
    );
    let s = render(&mut app, 80, 24);
    assert!(s.has("review") && s.has("Review complete"), "{}", s.text());
    assert!(s.has("Move 1/10"), "{}", s.text());
    assert!(has_graph(&s.0), "{}", s.text());
    // Step to the ninth move: the rook walking into the pawn.
    for _ in 0..8 {
        key(&mut app, KeyCode::RightArrow);
    }
    for (w, h) in [(80, 24), (60, 20)] {
        let s = render(&mut app, w, h);
        let text = s.text();
        assert!(s.has("Move 9/10") && s.has("2d3d"), "{w}x{h}:\n{text}");
        assert!(s.has("blunder"), "{w}x{h}:\n{text}");
        assert!(s.has("Better:"), "{w}x{h}:\n{text}");
        assert!(s.has("[9.2d3d??]"), "{w}x{h}:\n{text}");
        assert!(has_graph(&s.0), "{w}x{h}:\n{text}");
        assert!(s.has("Summary"), "{w}x{h}:\n{text}");
    }
    // Esc leaves the review (to the lobby: the session started there).
    key(&mut app, KeyCode::Escape);
    assert!(!render(&mut app, 80, 24).has("Move 9/10"));
}

#[tokio::test(flavor = "multi_thread")]
async fn v_in_a_finished_room_opens_its_review_and_esc_comes_back() {
    let hall = Hall::new(1);
    let (room, id) = rook_blunder_game(&hall);
    let code = room.view().code.clone();
    let mut app = App::new(hall.clone(), me("alice"), Entry::Join(code), address());
    let s = render(&mut app, 80, 24);
    assert!(s.has("v review"), "{}", s.text());
    key(&mut app, KeyCode::Char('v'));
    let s = render(&mut app, 80, 24);
    assert!(s.has(&format!("review {id}")), "{}", s.text());
    key(&mut app, KeyCode::Escape);
    let s = render(&mut app, 80, 24);
    assert!(
        !s.has(&format!("review {id}")) && s.has("v review"),
        "{}",
        s.text()
    );
    // From the export panel too.
    key(&mut app, KeyCode::Char('e'));
    key(&mut app, KeyCode::Char('v'));
    let s = render(&mut app, 80, 24);
    assert!(s.has(&format!("review {id}")), "{}", s.text());
}

/// The buffer of `app` drawn at `w`×`h`.
fn buffer(app: &mut App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    terminal.draw(|f| app.render(f)).expect("draw");
    terminal.backend().buffer().clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_four_player_review_draws_a_line_per_seat() {
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Chess4);
    settings.mode = Mode::SameDevice;
    let handle = hall.create_room(&me("alice"), settings).expect("room");
    // Red's bishop comes out to c4 and takes Blue's b5 pawn.
    let moves = [
        "e2-e3", "a5-c6", "e14-f12", "n5-l6", //
        "f1-c4", "c6-a5", "f12-e14", "l6-n5", //
    ];
    for mv in moves {
        play(&handle, mv);
    }
    let capture = handle
        .view()
        .game
        .legal_move_texts()
        .into_iter()
        .find(|m| m.starts_with("c4") && m.contains("b5"))
        .expect("the bishop takes on b5");
    play(&handle, &capture);
    for _ in 0..4 {
        if handle.view().phase == Phase::Finished {
            break;
        }
        handle.resign().unwrap();
    }
    assert_eq!(handle.view().phase, Phase::Finished);
    let id = handle.view().game_id.clone();
    let reader = me("alice");
    let review = finished_review(&hall, &id, Reader::Player(&reader));
    assert_eq!(review.lines, 4);
    assert!(review.plies.iter().all(|p| p.graph.len() == 4));
    let mut app = App::new(hall.clone(), me("alice"), Entry::Review(id), address());
    for (w, h) in [(80, 24), (60, 20)] {
        let buf = buffer(&mut app, w, h);
        let lines = text_lines(&buf);
        let text = lines.join("\n");
        assert!(text.contains("Material per seat"), "{w}x{h}:\n{text}");
        for seat in ["● Red:", "▲ Blue:", "■ Yellow:", "◆ Green:"] {
            assert!(text.contains(seat), "{seat} at {w}x{h}:\n{text}");
        }
        assert!(has_graph(&lines), "{w}x{h}:\n{text}");
        // A line per seat: braille drawn in the seats' colours (equal
        // lines overlap: Blue, who lost a pawn, is apart from the others),
        // and the legend names each seat in its line's colour.
        let mut colors = Vec::new();
        for cell in buf.content() {
            let braille = cell
                .symbol()
                .chars()
                .any(|c| ('\u{2801}'..='\u{28FF}').contains(&c));
            if braille && !colors.contains(&cell.fg) {
                colors.push(cell.fg);
            }
        }
        assert!(
            colors.contains(&Color::Blue) && colors.len() >= 2,
            "{colors:?}\n{text}"
        );
        let legend = lines
            .iter()
            .position(|l| l.contains("Material per seat"))
            .unwrap();
        let title_x = lines[legend].chars().position(|c| c == 'M').unwrap() as u16;
        // (The board's row on the same line is left of the title.)
        let legend_colors: Vec<(String, Color)> = (title_x..w)
            .map(|x| &buf[(x, legend as u16)])
            .filter(|c| ["●", "▲", "■", "◆"].contains(&c.symbol()))
            .map(|c| (c.symbol().to_string(), c.fg))
            .collect();
        let expected = [
            ("●", Color::Red),
            ("▲", Color::Blue),
            ("■", Color::Yellow),
            ("◆", Color::Green),
        ];
        let expected: Vec<(String, Color)> =
            expected.iter().map(|(s, c)| (s.to_string(), *c)).collect();
        assert_eq!(legend_colors, expected, "{text}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_review_screen_speaks_every_language_at_60_by_20() {
    use banmen::i18n::Lang;
    let hall = Hall::new(1);
    let (_room, id) = rook_blunder_game(&hall);
    let reader = me("alice");
    finished_review(&hall, &id, Reader::Player(&reader));
    let blunder = [
        (Lang::En, "blunder"),
        (Lang::Ja, "悪手"),
        (Lang::Pl, "poważny błąd"),
        (Lang::Tl, "malaking pagkakamali"),
    ];
    for (lang, word) in blunder {
        let mut app = App::new(
            hall.clone(),
            me("alice"),
            Entry::Review(id.clone()),
            address(),
        );
        app.use_locale(Some(lang));
        for _ in 0..8 {
            key(&mut app, KeyCode::RightArrow);
        }
        for (w, h) in [(80, 24), (60, 20)] {
            let s = render(&mut app, w, h);
            assert!(
                s.has(word) && s.has("2d3d"),
                "{lang:?} {w}x{h}:\n{}",
                s.text()
            );
            assert!(has_graph(&s.0), "{lang:?} {w}x{h}:\n{}", s.text());
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_review_lists_moves_in_the_notation_the_player_chose() {
    use banmen::hall::settings::Settings;
    use banmen::rules::shogi::notation::Notation;
    let hall = Hall::new(1);
    let (_room, id) = rook_blunder_game(&hall);
    let reader = me("alice");
    finished_review(&hall, &id, Reader::Player(&reader));
    for (notation, played) in [(Notation::Japanese, "３四飛"), (Notation::Western, "R-3d")] {
        let mut app = App::new(
            hall.clone(),
            me("alice"),
            Entry::Review(id.clone()),
            address(),
        );
        let mut settings = Settings::for_lang(banmen::i18n::Lang::En);
        settings.notation = notation;
        app.apply_settings(settings);
        for _ in 0..8 {
            key(&mut app, KeyCode::RightArrow);
        }
        let s = render(&mut app, 80, 24);
        let text = s.text();
        assert!(s.has("Move 9/10") && s.has(played), "{notation:?}:\n{text}");
        assert!(!s.has("2d3d"), "no USI left in {notation:?}:\n{text}");
    }
}
