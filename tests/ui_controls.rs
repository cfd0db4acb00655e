//! Controls beyond picking with the cursor: typing a move in the game's
//! notation, quick play's choice of game, and scrolling the help page.

use banmen::hall::Hall;
use banmen::hall::view::Entry;
use banmen::rules::GameKind;
use banmen::ui::App;

mod ui_support;
use termwiz::input::{InputEvent, KeyCode};
use ui_support::{address, chars, key, me, played, screen_lines, table};

fn has(lines: &[String], needle: &str) -> bool {
    lines.iter().any(|l| l.contains(needle))
}

#[tokio::test]
async fn a_typed_move_is_played_and_a_wrong_one_explained() {
    let hall = Hall::new(1);
    let (mut app, code) = table(&hall, GameKind::Shogi);
    key(&mut app, KeyCode::Char('m'));
    chars(&mut app, "7g7f");
    let lines = screen_lines(&mut app, 80, 24);
    assert!(
        has(&lines, "Move (7g7f, 8h2b+, P*5e): 7g7f_"),
        "{}",
        lines.join("\n")
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(played(&hall, &code), ["7g7f"]);
    // Not legal for gote: refused with the reason, nothing played.
    key(&mut app, KeyCode::Char('m'));
    chars(&mut app, "7g7f");
    key(&mut app, KeyCode::Enter);
    let lines = screen_lines(&mut app, 80, 24);
    assert!(has(&lines, "7g7f is not legal"), "{}", lines.join("\n"));
    assert_eq!(played(&hall, &code).len(), 1);
    // Backspace erases, Esc closes the prompt without playing, and paste types.
    key(&mut app, KeyCode::Char('m'));
    chars(&mut app, "3c3dx");
    key(&mut app, KeyCode::Backspace);
    key(&mut app, KeyCode::Escape);
    assert_eq!(played(&hall, &code).len(), 1);
    key(&mut app, KeyCode::Char('m'));
    app.handle(&InputEvent::Paste("3c3d\u{1b}[31m".into()));
    key(&mut app, KeyCode::Enter);
    let lines = screen_lines(&mut app, 80, 24);
    assert!(
        has(&lines, "not a"),
        "garbage after the move is refused: {}",
        lines.join("\n")
    );
    key(&mut app, KeyCode::Char('m'));
    app.handle(&InputEvent::Paste("3c3d".into()));
    key(&mut app, KeyCode::Enter);
    assert_eq!(played(&hall, &code), ["7g7f", "3c3d"]);
}

#[tokio::test]
async fn four_player_moves_are_typed_in_their_own_notation() {
    let hall = Hall::new(1);
    let (mut app, code) = table(&hall, GameKind::Shogi4);
    key(&mut app, KeyCode::Char('m'));
    let lines = screen_lines(&mut app, 80, 24);
    assert!(has(&lines, "e3e4, e7e8+, P*e5"), "{}", lines.join("\n"));
    chars(&mut app, "e3e4");
    key(&mut app, KeyCode::Enter);
    assert_eq!(played(&hall, &code), ["e3e4"]);
    let lines = screen_lines(&mut app, 80, 24);
    assert!(has(&lines, "West to move"), "{}", lines.join("\n"));
}

#[tokio::test]
async fn quick_play_asks_which_game() {
    let hall = Hall::new(1);
    let mut app = App::new(hall.clone(), me("alice"), Entry::Lobby, address());
    key(&mut app, KeyCode::Char('p'));
    let lines = screen_lines(&mut app, 80, 24);
    assert!(
        has(&lines, "Quick play: [shogi]  four-player shogi "),
        "{}",
        lines.join("\n")
    );
    key(&mut app, KeyCode::RightArrow);
    key(&mut app, KeyCode::Enter);
    let rooms = hall.lobby().borrow().clone();
    assert_eq!(rooms.len(), 1);
    assert_eq!(rooms[0].kind, GameKind::Shogi4);
    assert_eq!((rooms[0].taken, rooms[0].total), (1, 4));
}

#[tokio::test]
async fn help_scrolls_to_its_last_line_on_a_small_screen() {
    let hall = Hall::new(1);
    let mut app = App::new(hall, me("alice"), Entry::Lobby, address());
    key(&mut app, KeyCode::Char('?'));
    let first = screen_lines(&mut app, 80, 24);
    let last_line = "for points; pawns become queens on your 8th rank";
    assert!(has(&first, "↓ more below") && !has(&first, last_line));
    for _ in 0..5 {
        key(&mut app, KeyCode::PageDown);
    }
    let end = screen_lines(&mut app, 80, 24);
    assert!(
        has(&end, last_line) && has(&end, "↑ more above"),
        "{}",
        end.join("\n")
    );
    // Up answers at once after scrolling past the end.
    key(&mut app, KeyCode::UpArrow);
    let up = screen_lines(&mut app, 80, 24);
    assert!(has(&up, "↑↓ more"), "{}", up.join("\n"));
    key(&mut app, KeyCode::Escape);
    assert!(has(&screen_lines(&mut app, 80, 24), "Open public rooms"));
}
