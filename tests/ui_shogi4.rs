//! Four-player shogi screens rendered into ratatui's `TestBackend`, driven
//! through `App` with synthetic termwiz events against a real `Hall`.

use banmen::hall::view::Entry;
use banmen::hall::{Hall, Mode, RoomSettings};
use banmen::rules::{AnyGame, GameKind, RuleValues};
use banmen::ui::boards::{self, Marks};
use banmen::ui::{App, Theme};

mod ui_support;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use termwiz::input::KeyCode;
use ui_support::{Screen, address, four_seated, key, me, render, text_lines as lines};

/// A same-device four-player room: alice plays every seat.
fn same_device(hall: &Hall) -> App {
    let mut settings = RoomSettings::new(GameKind::Shogi4);
    settings.mode = Mode::SameDevice;
    let handle = hall.create_room(&me("alice"), settings).expect("room");
    let code = handle.view().code.clone();
    App::new(hall.clone(), me("alice"), Entry::Join(code), address())
}

#[tokio::test]
async fn same_device_room_shows_four_seats_hands_and_the_board() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall);
    for (w, h) in [(80, 24), (160, 50)] {
        let s = render(&mut app, w, h);
        let text = s.text();
        for name in ["S South", "W West", "N North", "E East"] {
            assert!(s.has(name), "{name} at {w}x{h}:\n{text}");
        }
        assert_eq!(s.0.iter().filter(|l| l.contains("hand: -")).count(), 4);
        assert!(s.has("S South to move"), "{text}");
        assert!(!s.has_below_title("sente") && !s.has("resign"), "{text}");
        // South's king is on the board's bottom row, North's on the top.
        let south = s.line_of("S玉▲");
        assert!(south > s.line_of("N玉▼") && south > s.line_of("W玉▶"));
        assert_eq!(s.line_of("W玉▶"), s.line_of("E玉◀"));
        // Columns a..i on top.
        let labels: String = s.0[1].split_whitespace().collect();
        assert!(labels.starts_with("abcdefghi>"), "{labels}");
    }
}

#[tokio::test]
async fn a_player_in_west_sees_the_board_turned() {
    let hall = Hall::new(1);
    let (_alice, [mut bob, _carol, _dave]) = four_seated(&hall, GameKind::Shogi4);
    let s = render(&mut bob, 80, 24);
    let text = s.text();
    assert!(s.has("W West") && s.has("bob (you)"), "{text}");
    // West's king at the bottom, East's on top, South's on the right.
    let west = s.line_of("W玉▲");
    assert!(west > s.line_of("E玉▼"), "{text}");
    assert_eq!(s.line_of("S玉◀"), s.line_of("N玉▶"));
    let row = &s.0[s.line_of("S玉◀")];
    assert!(row.find("N玉").unwrap() < row.find("S玉").unwrap(), "{row}");
    // Rows 9..1 on top (row 1, South's edge, on the right), columns on the right.
    let labels: String = s.0[1].split_whitespace().collect();
    assert!(labels.starts_with("987654321>"), "{labels}");
}

/// East mated: its king flipped, its pieces ownerless (a room rule).
const EAST_MATED: &str = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3S-e/GwPw5P-eG-e/KwRwPw3P-eR-eXe/\
GwPw5P-eG-e/Sw3Ps3S-e/3PsRsPs3/2SsGsKsGsSs2 s -,-,-,- 1";

fn board_lines(theme: Theme) -> Screen {
    let rules = RuleValues::defaults(GameKind::Shogi4.rule_specs());
    let game = AnyGame::new(GameKind::Shogi4, &rules, Some(EAST_MATED)).expect("sfen4");
    let area = Rect::new(0, 0, 60, 20);
    let mut buf = Buffer::empty(area);
    boards::render(&mut buf, area, &game, 0, &Marks::default(), theme);
    Screen(lines(&buf))
}

#[test]
fn flipped_kings_and_ownerless_pieces_look_different() {
    let s = board_lines(Theme::default());
    assert!(
        s.has("E玉x") && s.has("-歩◀") && s.has("-飛◀"),
        "{}",
        s.text()
    );
    assert!(!s.has("E玉◀"));
    let western = Theme::default().cycle_pieces(GameKind::Shogi4);
    let s = board_lines(western);
    assert!(
        s.has("E Kx") && s.has("- P◀") && s.has("S K▲") && s.has("N R▼"),
        "{}",
        s.text()
    );
    assert!(!s.has("玉") && !s.has("・"), "{}", s.text());
    let ascii = Theme {
        color: false,
        ..western.cycle_pieces(GameKind::Shogi)
    };
    let s = board_lines(ascii);
    assert!(
        s.has("E X ") && s.has("- P<") && s.has("S K^"),
        "{}",
        s.text()
    );
}

#[tokio::test]
async fn moves_played_with_keys_show_in_the_move_list() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall);
    render(&mut app, 80, 24);
    // The cursor starts on e3, South's front pawn: pick, up, play.
    key(&mut app, KeyCode::Enter);
    let s = render(&mut app, 80, 24);
    assert!(s.has("Choose a square"), "{}", s.text());
    key(&mut app, KeyCode::UpArrow);
    key(&mut app, KeyCode::Enter);
    let s = render(&mut app, 80, 24);
    assert!(s.has("1 S e3e4") && s.has("W West to move"), "{}", s.text());
    // West's front pawn c5 moves right (West's forward) to d5.
    for code in [KeyCode::LeftArrow, KeyCode::LeftArrow, KeyCode::UpArrow] {
        key(&mut app, code);
    }
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::RightArrow);
    key(&mut app, KeyCode::Enter);
    let s = render(&mut app, 80, 24);
    assert!(
        s.has("2 W c5d5") && s.has("N North to move"),
        "{}",
        s.text()
    );
    // No resignation in four-player shogi: 'r' asks nothing.
    key(&mut app, KeyCode::Char('r'));
    assert!(!render(&mut app, 80, 24).has("Resign"));
}

#[tokio::test]
async fn the_setup_form_offers_four_player_shogi() {
    let hall = Hall::new(1);
    let mut app = App::new(hall.clone(), me("alice"), Entry::Lobby, address());
    key(&mut app, KeyCode::Char('c'));
    key(&mut app, KeyCode::RightArrow);
    let s = render(&mut app, 80, 24);
    assert!(
        s.has("four-player shogi") && s.has("mated-pieces"),
        "{}",
        s.text()
    );
}

#[tokio::test]
async fn tiny_terminals_do_not_panic() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall);
    for (w, h) in [(0, 0), (1, 1), (60, 20), (61, 21), (200, 1), (1000, 60)] {
        render(&mut app, w, h);
    }
}
