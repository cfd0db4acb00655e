//! Four-player chess screens rendered into ratatui's `TestBackend`, driven
//! through `App` with synthetic termwiz events against a real `Hall`: the
//! cross board and its labels, the side panel (teams, points), ASCII
//! pieces, the board turned for Blue, the promotion question, and tiny
//! terminals.

use banmen::hall::view::Entry;
use banmen::hall::{Hall, Mode, RoomSettings};
use banmen::rules::{GameKind, RuleValues};
use banmen::ui::App;
use termwiz::input::{InputEvent, KeyCode, KeyEvent, Modifiers};

mod ui_support;
use ui_support::{Screen, address, chars, four_seated, key, me, render, type_move};

/// Columns of the board at 80×24: 14 cells of 3 and the rank labels.
const BOARD_W: usize = 45;

impl Screen {
    /// The board part of row `y` (every mark is one column wide).
    fn board_row(&self, y: usize) -> String {
        self.0[y].chars().take(BOARD_W).collect()
    }
    /// The board row labelled `label` on the right (a rank, or a file
    /// when the board is turned a quarter).
    fn row_labelled(&self, label: &str) -> String {
        (2..self.0.len())
            .map(|y| self.board_row(y))
            .find(|row| row.split_whitespace().last() == Some(label))
            .unwrap_or_else(|| panic!("no row labelled {label}:\n{}", self.text()))
    }
    /// The line of the seat `name` in the side panel.
    fn seat_line(&self, name: &str) -> String {
        let line = &self.0[self.line_of(name)];
        line.chars().skip(BOARD_W).collect()
    }
}

/// A same-device four-player chess room under `rules`: alice plays every seat.
fn same_device(hall: &Hall, rules: &[&str]) -> App {
    let mut settings = RoomSettings::new(GameKind::Chess4);
    settings.mode = Mode::SameDevice;
    settings.rules = RuleValues::parse(GameKind::Chess4.rule_specs(), rules).expect("rules");
    let handle = hall.create_room(&me("alice"), settings).expect("room");
    let code = handle.view().code.clone();
    App::new(hall.clone(), me("alice"), Entry::Join(code), address())
}

/// Plays whole rounds of moves, Red's first in each.
fn type_moves(app: &mut App, moves: &[&str]) {
    for mv in moves {
        type_move(app, mv);
    }
}

#[tokio::test]
async fn same_device_room_shows_the_cross_board_and_four_seats() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall, &[]);
    for (w, h) in [(80, 24), (160, 50)] {
        let s = render(&mut app, w, h);
        let text = s.text();
        for name in ["● Red", "▲ Blue", "■ Yellow", "◆ Green"] {
            assert!(s.has(name), "{name} at {w}x{h}:\n{text}");
        }
        assert!(s.has("Red + Yellow vs Blue + Green"), "{text}");
        assert!(s.has("> ● Red") && s.has("● Red to move"), "{text}");
        assert!(!s.has("hand:") && !s.has("Tab hand"), "{text}");
        assert!(!s.has("South") && !s.has_below_title("sente"), "{text}");
        // Files a..n on top.
        let labels: String = s.0[1].split_whitespace().collect();
        assert!(labels.starts_with("abcdefghijklmn"), "{labels}");
        // Red at the bottom, Yellow on top, Blue left, Green right.
        let red = s.line_of("●K");
        assert!(red > s.line_of("■Q") && red > s.line_of("▲K"), "{text}");
        assert_eq!(s.line_of("▲K"), s.line_of("◆Q"));
    }
    let s = render(&mut app, 80, 24);
    // Ranks 1..14 on the right, one row each, 1 at the bottom.
    for rank in 1..=14 {
        s.row_labelled(&rank.to_string());
    }
    assert!(s.line_of("●K") > s.line_of("■K"));
    assert!(s.row_labelled("1").contains("●R ●N ●B ●Q ●K ●B ●N ●R"));
    assert!(s.row_labelled("14").contains("■R ■N ■B ■K ■Q ■B ■N ■R"));
    assert!(s.row_labelled("7").starts_with("▲K ▲P"));
    assert!(s.row_labelled("7").contains("◆P ◆Q"));
    // The side panel fits beside the board.
    assert!(s.seat_line("▲ Blue").contains("alice"), "{}", s.text());
}

#[tokio::test]
async fn f2_shows_chess_symbols_then_ascii_marks() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall, &[]);
    let f2 = InputEvent::Key(KeyEvent {
        key: KeyCode::Function(2),
        modifiers: Modifiers::NONE,
    });
    app.handle(&f2);
    // The owner's mark and the chess symbol, one column each.
    let s = render(&mut app, 80, 24);
    let text = s.text();
    assert!(
        s.row_labelled("1").contains("●♜ ●♞ ●♝ ●♛ ●♚ ●♝ ●♞ ●♜"),
        "{text}"
    );
    assert!(s.row_labelled("2").contains("●♟ ●♟"), "{text}");
    assert!(s.row_labelled("14").contains("■♜ ■♞ ■♝ ■♚ ■♛"), "{text}");
    assert!(s.row_labelled("7").starts_with("▲♚ ▲♟"), "{text}");
    assert!(s.has("> ● Red") && !s.has("●K"), "{text}");
    app.handle(&f2);
    let s = render(&mut app, 80, 24);
    let text = s.text();
    assert!(
        s.has("rK") && s.has("yQ") && s.has("bN") && s.has("gP"),
        "{text}"
    );
    assert!(!s.has("●") && !s.has("■"), "{text}");
    assert!(
        s.has("> r Red") && s.has("g Green") && s.has("r Red to move"),
        "{text}"
    );
}

#[tokio::test]
async fn a_player_in_blue_sees_the_board_turned() {
    let hall = Hall::new(1);
    let (_alice, [mut bob, _carol, _dave]) = four_seated(&hall, GameKind::Chess4);
    let s = render(&mut bob, 80, 24);
    let text = s.text();
    assert!(s.seat_line("▲ Blue").contains("bob (you)"), "{text}");
    // Blue's pieces at the bottom, Green's on top, Yellow left, Red right.
    let blue = s.line_of("▲K");
    assert!(blue > s.line_of("◆K") && blue > s.line_of("●K"), "{text}");
    assert_eq!(s.line_of("■K"), s.line_of("●Q"));
    let row = s.board_row(s.line_of("■K"));
    assert!(row.find("■K").unwrap() < row.find("●Q").unwrap(), "{row}");
    // Ranks 14..1 on top, files on the right with a (Blue's edge) at the bottom.
    let labels: String = s.0[1].split_whitespace().collect();
    assert!(labels.starts_with("1413121110987654321"), "{labels}");
    assert!(
        s.row_labelled("a").contains("▲R ▲N ▲B ▲Q ▲K ▲B ▲N ▲R"),
        "{text}"
    );
    assert!(s.line_of("▲K") > s.line_of("◆K"));
}

/// Red's d-pawn walks to d10 while the others move a knight out and back.
const TO_D10: [&str; 28] = [
    "d2-d4", "a5-c6", "e14-f12", "n5-l6", //
    "d4-d5", "c6-a5", "f12-e14", "l6-n5", //
    "d5-d6", "a5-c6", "e14-f12", "n5-l6", //
    "d6-d7", "c6-a5", "f12-e14", "l6-n5", //
    "d7-d8", "a5-c6", "e14-f12", "n5-l6", //
    "d8-d9", "c6-a5", "f12-e14", "l6-n5", //
    "d9-d10", "a5-c6", "e14-f12", "n5-l6", //
];

#[tokio::test]
async fn a_pawn_on_the_eleventh_rank_asks_for_its_piece() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall, &[]);
    type_moves(&mut app, &TO_D10);
    let s = render(&mut app, 80, 24);
    assert!(
        s.has("28 ◆ n5-l6") && s.has("● Red to move"),
        "{}",
        s.text()
    );
    assert!(s.row_labelled("10").contains("●P"), "{}", s.text());
    // The move prompt gives chess examples.
    chars(&mut app, "m");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Move (e2-e4, h1-j1, d10-d11=Q): _"), "{}", s.text());
    key(&mut app, KeyCode::Escape);
    // Typed without its piece, the move asks; Esc cancels.
    type_move(&mut app, "d10-d11");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Promote to:"), "{}", s.text());
    assert!(
        s.has("q queen  r rook  b bishop  n knight  Esc cancel"),
        "{}",
        s.text()
    );
    key(&mut app, KeyCode::Escape);
    let s = render(&mut app, 80, 24);
    assert!(
        !s.has("Promote to:") && s.has("● Red to move"),
        "{}",
        s.text()
    );
    // With the cursor: it starts on h2; go to d10, pick, up, play.
    for _ in 0..4 {
        key(&mut app, KeyCode::LeftArrow);
    }
    for _ in 0..8 {
        key(&mut app, KeyCode::UpArrow);
    }
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::UpArrow);
    key(&mut app, KeyCode::Enter);
    let s = render(&mut app, 80, 24);
    assert!(s.has("Promote to:"), "{}", s.text());
    // Keys that are no answer wait; r makes a rook.
    chars(&mut app, "x");
    assert!(render(&mut app, 80, 24).has("Promote to:"));
    chars(&mut app, "r");
    let s = render(&mut app, 80, 24);
    assert!(!s.has("Promote to:"), "{}", s.text());
    assert!(
        s.has("29 ● d10-d11=R") && s.has("▲ Blue to move"),
        "{}",
        s.text()
    );
    let rank11 = s.row_labelled("11");
    assert!(rank11.contains("●R") && !s.row_labelled("10").contains("●P"));
}

#[tokio::test]
async fn a_typed_promotion_with_its_piece_plays_at_once() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall, &[]);
    type_moves(&mut app, &TO_D10);
    type_move(&mut app, "d10-d11=n");
    let s = render(&mut app, 80, 24);
    assert!(s.has("29 ● d10-d11=N"), "{}", s.text());
    assert!(s.row_labelled("11").contains("●N"), "{}", s.text());
}

#[tokio::test]
async fn free_for_all_shows_points_and_promotes_to_a_queen_at_once() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall, &["type=ffa"]);
    let s = render(&mut app, 80, 24);
    assert!(s.has("Free-for-all, by points"), "{}", s.text());
    assert!(!s.has_below_title("vs"), "{}", s.text());
    for name in ["● Red", "▲ Blue", "■ Yellow", "◆ Green"] {
        assert!(s.seat_line(name).contains(" 0 alice"), "{}", s.text());
    }
    // Red's pawn takes Blue's knight on c6: 3 points.
    type_moves(
        &mut app,
        &[
            "d2-d4", "a5-c6", "e14-f12", "n5-l6", //
            "d4-d5", "a10-c9", "f12-e14", "l6-n5", //
            "d5-c6",
        ],
    );
    let s = render(&mut app, 80, 24);
    let red = s.seat_line("● Red");
    assert!(red.contains(" 3 alice"), "{red}\n{}", s.text());
    assert!(s.seat_line("▲ Blue").contains(" 0 alice"));
    // On to the 8th rank (c7, c8): the only piece is a queen, so no question.
    type_moves(
        &mut app,
        &[
            "c9-a10", "e14-f12", "n5-l6", "c6-c7", "a10-c9", "f12-e14", "l6-n5",
        ],
    );
    type_move(&mut app, "c7-c8");
    let s = render(&mut app, 80, 24);
    assert!(!s.has("Promote to:"), "{}", s.text());
    assert!(s.has("c7-c8=Q"), "{}", s.text());
    assert!(s.row_labelled("8").contains("●Q"), "{}", s.text());
    // Blue resigns: out, its pieces grey.
    assert!(s.has("▲K"));
    chars(&mut app, "ry");
    let s = render(&mut app, 80, 24);
    let blue = s.seat_line("▲ Blue");
    assert!(
        blue.contains("[out] alice"),
        "{blue}
{}",
        s.text()
    );
    assert!(!s.has("▲K") && s.has("xK") && s.has("xQ"), "{}", s.text());
    assert!(
        s.has("> ■ Yellow") && s.has("■ Yellow to move"),
        "{}",
        s.text()
    );
    // Yellow and Green resign too: the game is over, placed by points.
    chars(&mut app, "ryry");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Game over"), "{}", s.text());
    assert!(
        s.seat_line("● Red").contains("3 [1st] alice"),
        "{}",
        s.text()
    );
    assert!(
        s.seat_line("◆ Green").contains("0 [2nd] alice"),
        "{}",
        s.text()
    );
}

#[tokio::test]
async fn check_is_tagged_and_a_resigning_team_loses() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall, &[]);
    // Blue's pawn steps aside: Blue's queen on a8 sees Red's king on h1.
    type_moves(&mut app, &["g2-g3", "b7-c7"]);
    let s = render(&mut app, 80, 24);
    let red = s.seat_line("● Red");
    assert!(
        red.contains("[check] alice"),
        "{red}
{}",
        s.text()
    );
    assert!(!s.seat_line("▲ Blue").contains("[check]"));
    assert!(
        s.has("■ Yellow to move") && !s.has("check!"),
        "{}",
        s.text()
    );
    // Yellow resigns for Red and Yellow.
    chars(&mut app, "ry");
    let s = render(&mut app, 80, 24);
    assert!(s.has("Game over"), "{}", s.text());
    assert!(s.seat_line("● Red").contains("[lost]"), "{}", s.text());
    assert!(s.seat_line("▲ Blue").contains("[won]"), "{}", s.text());
}

#[tokio::test]
async fn tiny_terminals_do_not_panic() {
    let hall = Hall::new(1);
    let mut app = same_device(&hall, &[]);
    for (w, h) in [
        (0, 0),
        (1, 1),
        (60, 20),
        (61, 21),
        (200, 1),
        (1, 200),
        (1000, 60),
    ] {
        render(&mut app, w, h);
    }
    // The smallest laid-out screen still shows the whole board.
    let s = render(&mut app, 60, 20);
    assert!(
        s.has("●K") && s.has("■K") && s.has("▲K") && s.has("◆K"),
        "{}",
        s.text()
    );
}

#[tokio::test]
async fn legal_destinations_are_marked_unless_the_room_rule_hides_them() {
    let hall = Hall::new(1);
    for (rules, marked) in [(&[][..], true), (&["show-legal-moves=off"][..], false)] {
        let mut app = same_device(&hall, rules);
        // The cursor starts on h2: pick the pawn.
        key(&mut app, KeyCode::Enter);
        let s = render(&mut app, 80, 24);
        assert!(s.has("Choose a square"), "{}", s.text());
        assert_eq!(s.row_labelled("3").contains('*'), marked, "{}", s.text());
        assert_eq!(s.row_labelled("4").contains('*'), marked, "{}", s.text());
    }
}
