//! Game clocks in rooms: main time then byoyomi, charged move by move by
//! the server's clock; the flag falls and the player loses on time (or,
//! where the host chose so, the CPU moves for them); the clocks survive a
//! restart and show on the game screen.

mod common;
use banmen::hall::time_control::{Showing, TimeControl};
use banmen::hall::{Clock, Hall, OnTime, Phase, Privacy, Reader, RoomHandle, RoomSettings};
use banmen::rules::GameKind;
use banmen::rules::vocab::Seat;
use banmen::store::memory::MemoryStore;
use common::{open_hall, play, player, wait_for};
use std::sync::Arc;
use std::time::Instant;

const SECOND: u64 = 1000;
const MINUTE: u64 = 60 * SECOND;

fn clocked(tc: TimeControl, on_time: OnTime) -> RoomSettings {
    clocked_in(GameKind::Shogi, tc, on_time)
}

fn clocked_in(kind: GameKind, tc: TimeControl, on_time: OnTime) -> RoomSettings {
    let mut s = RoomSettings::new(kind);
    s.privacy = Privacy::Private;
    s.clock = Some(tc);
    s.on_time = on_time;
    s
}

fn two_players(hall: &Hall, s: RoomSettings) -> (RoomHandle, RoomHandle) {
    let alice = hall.create_room(&player("alice"), s).unwrap();
    let code = alice.view().code.clone();
    let bob = hall.join(&code, &player("bob")).unwrap();
    (alice, bob)
}

fn showing(handle: &RoomHandle, seat: u8) -> Showing {
    let view = handle.view();
    view.clock_showing(Seat(seat), Instant::now())
        .expect("a clock")
}

#[tokio::test]
async fn main_time_then_byoyomi_and_the_flag_falls_in_the_last_period() {
    let clock = Clock::manual(1_000_000);
    let hall = open_hall(&Arc::new(MemoryStore::new()), &clock);
    let tc = TimeControl::preset(1, 30, 1, 0);
    let (mut alice, bob) = two_players(&hall, clocked(tc, OnTime::Lose));
    // Alice thinks 50 s of her minute.
    clock.advance(50 * SECOND);
    play(&alice, "7g7f");
    assert_eq!(alice.view().seat_clocks[0].main_ms, 10 * SECOND);
    // Bob's clock runs; Alice's stands.
    assert_eq!(showing(&alice, 0), Showing::Main(10 * SECOND));
    clock.advance(5 * SECOND);
    play(&bob, "3c3d");
    // Alice: 10 s of main time, then 30 s of byoyomi: at 35 s she is in
    // byoyomi, at 41 s the flag has fallen.
    clock.advance(35 * SECOND);
    hall.tick();
    assert_eq!(alice.view().phase, Phase::Playing);
    clock.advance(6 * SECOND);
    hall.tick();
    wait_for(&mut alice, |v| v.phase == Phase::Finished).await;
    let view = alice.view();
    assert!(
        view.status.to_string().contains("lost on time"),
        "{}",
        view.status
    );
    assert_eq!(
        showing(&alice, 0),
        Showing::Flagged,
        "the fallen flag shows"
    );
    let winners = format!("{:?}", view.game.outcome().map(|o| &o.verdict));
    assert!(winners.contains("Win(SeatSet(2))"), "bob won: {winners}");
    // The records say so as shogi's records do.
    let export = |format| {
        hall.export(&view.game_id, Some(format), Reader::Admin)
            .unwrap()
    };
    assert!(export("kifu").contains("切れ負け"), "{}", export("kifu"));
    assert!(export("csa").ends_with("%TIME_UP\n"), "{}", export("csa"));
}

#[tokio::test]
async fn a_move_within_byoyomi_keeps_the_period_and_the_display_counts_it() {
    let clock = Clock::manual(1_000_000);
    let hall = open_hall(&Arc::new(MemoryStore::new()), &clock);
    let tc = TimeControl::preset(0, 30, 2, 0);
    let (alice, bob) = two_players(&hall, clocked(tc, OnTime::Lose));
    clock.advance(20 * SECOND);
    play(&alice, "7g7f");
    assert_eq!(alice.view().seat_clocks[0].periods, 2, "within the period");
    clock.advance(45 * SECOND);
    play(&bob, "3c3d");
    assert_eq!(alice.view().seat_clocks[1].periods, 1, "one period spent");
    // Alice's turn: a fresh 30 s period shows.
    match showing(&alice, 0) {
        Showing::Byoyomi { left_ms, periods } => {
            assert!(left_ms > 29 * SECOND && periods == 2, "{left_ms} {periods}")
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn where_the_host_chose_it_the_cpu_moves_instead_and_a_period_a_move_follows() {
    let clock = Clock::manual(1_000_000);
    let hall = open_hall(&Arc::new(MemoryStore::new()), &clock);
    let tc = TimeControl::preset(0, 10, 1, 0);
    let mut s = clocked(tc, OnTime::CpuMoves);
    s.privacy = Privacy::Public;
    let (mut alice, _bob) = two_players(&hall, s);
    clock.advance(11 * SECOND);
    hall.tick();
    wait_for(&mut alice, |v| v.moves.len() == 1).await;
    let view = alice.view();
    assert_eq!(view.phase, Phase::Playing);
    assert_eq!(view.seat_clocks[0].periods, 1, "a period for the next move");
}

#[tokio::test]
async fn a_clock_keeps_its_time_across_a_restart() {
    let store = Arc::new(MemoryStore::new());
    let clock = Clock::manual(1_000_000);
    let hall = open_hall(&store, &clock);
    let tc = TimeControl::preset(10, 30, 1, 0);
    let (alice, bob) = two_players(&hall, clocked(tc, OnTime::Lose));
    clock.advance(3 * MINUTE);
    play(&alice, "7g7f");
    clock.advance(MINUTE);
    play(&bob, "3c3d");
    clock.advance(2 * MINUTE);
    hall.tick(); // the heartbeat: two minutes into Alice's turn
    let code = alice.view().code.clone();
    drop((alice, bob, hall));
    clock.advance(3600 * SECOND);
    let hall = open_hall(&store, &clock);
    let alice = hall.join(&code, &player("alice")).unwrap();
    let _bob = hall.join(&code, &player("bob")).unwrap();
    let view = alice.view();
    assert_eq!(view.seat_clocks[0].main_ms, 7 * MINUTE, "charged 3 min");
    assert_eq!(view.seat_clocks[1].main_ms, 9 * MINUTE, "charged 1 min");
    match showing(&alice, 0) {
        Showing::Main(left) => assert!(
            left <= 5 * MINUTE && left > 5 * MINUTE - 2 * SECOND,
            "{left}"
        ),
        other => panic!("{other:?}"),
    }
}

/// Four people in a four-player room with `tc`.
fn four_players(hall: &Hall, kind: GameKind, tc: TimeControl) -> Vec<RoomHandle> {
    let mut s = clocked_in(kind, tc, OnTime::Lose);
    if kind == GameKind::Chess4 {
        s.rules.set("type", "ffa").unwrap();
    }
    let red = hall.create_room(&player("red"), s).unwrap();
    let code = red.view().code.clone();
    let mut seats = vec![red];
    for name in ["blue", "yellow", "green"] {
        seats.push(hall.join(&code, &player(name)).unwrap());
    }
    seats
}

/// Plays the first legal move of the seat to move, through its handle.
fn play_any(seats: &[RoomHandle]) {
    let view = seats[0].view();
    let seat = view.game.to_move().expect("a seat to move");
    let first = view.game.legal_move_texts()[0].clone();
    play(&seats[seat.index()], &first);
}

#[tokio::test]
async fn four_player_chess_charges_each_seat_its_own_clock_and_a_flag_is_a_resignation() {
    let clock = Clock::manual(1_000_000);
    let hall = open_hall(&Arc::new(MemoryStore::new()), &clock);
    let tc = TimeControl::preset(1, 10, 1, 0);
    let mut seats = four_players(&hall, GameKind::Chess4, tc);
    for think in [20, 5, 30, 1] {
        clock.advance(think * SECOND);
        play_any(&seats);
    }
    let mains: Vec<u64> = (seats[0].view().seat_clocks.iter())
        .map(|c| c.main_ms / SECOND)
        .collect();
    assert_eq!(mains, [40, 55, 30, 59], "each seat charged what it used");
    // Red's turn again: 40 s of main time and a 10 s period.
    clock.advance(49 * SECOND);
    hall.tick();
    assert_eq!(seats[0].view().game.to_move(), Some(Seat(0)));
    clock.advance(2 * SECOND);
    hall.tick();
    wait_for(&mut seats[1], |v| v.game.to_move() == Some(Seat(1))).await;
    let view = seats[1].view();
    assert_eq!(view.phase, Phase::Playing, "the others play on");
    assert!(
        view.status.to_string().contains("red lost on time"),
        "{}",
        view.status
    );
    // Blue's clock runs now, from what it had left.
    assert!(matches!(showing(&seats[1], 1), Showing::Main(ms) if ms <= 55 * SECOND));
}

#[tokio::test]
async fn in_four_player_shogi_a_fallen_flag_is_played_by_the_cpu_and_the_game_goes_on() {
    let clock = Clock::manual(1_000_000);
    let hall = open_hall(&Arc::new(MemoryStore::new()), &clock);
    let tc = TimeControl::preset(0, 10, 2, 0);
    let mut seats = four_players(&hall, GameKind::Shogi4, tc);
    clock.advance(21 * SECOND);
    hall.tick();
    // Four-player shogi has no resignation: the CPU moves for the seat,
    // which then has a period a move.
    wait_for(&mut seats[0], |v| v.moves.len() == 1).await;
    let view = seats[0].view();
    assert_eq!(view.phase, Phase::Playing);
    assert_eq!(view.seat_clocks[0].periods, 1);
    assert_eq!(view.seat_clocks[1].periods, 2, "the next seat is untouched");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cpu_seats_run_on_the_rooms_clock_not_on_their_own_think_time() {
    // The CPU's own think time is a minute: only the game clock, a 1 s
    // byoyomi, can make it answer at once.
    let options = banmen::hall::HallOptions {
        think_ms: 60_000,
        ..Default::default()
    };
    let store = Arc::new(MemoryStore::new());
    let (hall, _) = Hall::open(store, options, Clock::system()).unwrap();
    let mut s = clocked_in(
        GameKind::Chess4,
        TimeControl::preset(0, 1, 3, 0),
        OnTime::Lose,
    );
    s.mode = banmen::hall::Mode::VsComputer;
    s.cpu_level = 5;
    let mut red = hall.create_room(&player("red"), s).unwrap();
    play(&red, "h2-h3");
    let view = red.view();
    let running = view.turn_clock.map(|(seat, _, _)| seat);
    assert_eq!(running, Some(Seat(1)), "the CPU's clock runs on its turn");
    // Three CPU moves, each in under a second: far inside the minute.
    let round = tokio::time::timeout(std::time::Duration::from_secs(30), async {
        while red.view().game.to_move() != Some(Seat(0)) {
            assert!(red.changed().await, "the room closed");
        }
    });
    round.await.expect("the CPU seats kept to the clock");
    let view = red.view();
    assert_eq!(view.phase, Phase::Playing, "{}", view.status);
    assert_eq!(view.moves.len(), 4);
    assert!(view.moves.iter().all(|m| !m.by_cpu), "no flag fell");
}

#[test]
fn the_lobby_names_the_clock_as_players_do() {
    let s = clocked(TimeControl::preset(10, 30, 1, 0), OnTime::Lose);
    let summary = s.rules_summary().to_string();
    assert!(summary.contains("10 min + 30 s byoyomi"), "{summary}");
    let name = |m, b, p, i| TimeControl::preset(m, b, p, i).label().to_string();
    assert_eq!(name(0, 30, 1, 0), "30 s byoyomi");
    assert_eq!(name(0, 30, 3, 0), "3 × 30 s byoyomi");
    assert_eq!(name(10, 0, 0, 5), "10 min + 5 s/move");
    let label = TimeControl::preset(10, 30, 1, 0).label();
    let ja = banmen::i18n::Lang::Ja.text(&label);
    assert_eq!(ja, "持ち時間10分 + 秒読み30秒");
}

mod ui_support;

#[tokio::test]
async fn a_host_sets_up_ten_minutes_and_thirty_seconds_byoyomi_and_both_clocks_show() {
    use banmen::hall::view::Entry;
    use termwiz::input::KeyCode;
    use ui_support::{address, chars, key, render};
    let hall = Hall::new(1);
    let mut app = banmen::ui::App::new(hall.clone(), player("alice"), Entry::Lobby, address());
    chars(&mut app, "c");
    // Down to the time row, then along it to the preset.
    for _ in 0..40 {
        if render(&mut app, 100, 40)
            .0
            .iter()
            .any(|l| l.contains("> time"))
        {
            break;
        }
        key(&mut app, KeyCode::DownArrow);
    }
    for _ in 0..20 {
        if render(&mut app, 100, 40).has("10 min + 30 s byoyomi") {
            break;
        }
        key(&mut app, KeyCode::RightArrow);
    }
    let form = render(&mut app, 100, 40);
    assert!(form.has("10 min + 30 s byoyomi"), "{}", form.text());
    assert!(
        form.has("main time") && form.has("periods"),
        "{}",
        form.text()
    );
    chars(&mut app, "c");
    let waiting = render(&mut app, 100, 30);
    let code = common::invite_code(&waiting.text());
    let bob = hall.join(&code, &player("bob")).unwrap();
    let tc = bob.view().settings.clock.expect("a clock");
    assert_eq!(tc, TimeControl::preset(10, 30, 1, 0));
    let screen = render(&mut app, 100, 30);
    assert!(screen.has("10:00"), "{}", screen.text());
    // The running clock (the seat to move's) is the one shown reversed.
    let reversed = reversed_clocks(&mut app);
    assert_eq!(reversed.len(), 2, "both clocks: {reversed:?}");
    assert_eq!(
        reversed.iter().filter(|r| **r).count(),
        1,
        "{reversed:?}\n{}",
        screen.text()
    );
    assert!(
        screen.text().matches("10:00").count() >= 2 || screen.has("9:5"),
        "{}",
        screen.text()
    );
}

/// One session's terminal as the SSH session draws it: the app, and the
/// screen its frames' bytes go to.
struct Tty {
    app: banmen::ui::App,
    terminal: ratatui::Terminal<banmen::ssh::backend::SshBackend>,
    screen: vt100::Parser,
}

impl Tty {
    fn new(app: banmen::ui::App) -> Tty {
        Tty {
            app,
            terminal: banmen::ssh::session::new_terminal(80, 24).unwrap(),
            screen: vt100::Parser::new(24.try_into().unwrap(), 80.try_into().unwrap(), 0),
        }
    }

    /// Draws a frame as the session sends it; the BEL bytes in it.
    fn bells(&mut self) -> usize {
        use banmen::ssh::session::{BEL, app_frame};
        let bytes = app_frame(&mut self.terminal, &mut self.app).unwrap();
        self.screen.process(&bytes);
        let bells = bytes.iter().filter(|b| **b == BEL).count();
        if bells > 0 {
            // After the frame's last escape sequence, never inside one.
            assert_eq!(bytes.last(), Some(&BEL));
        }
        bells
    }

    fn shows(&self, text: &str) -> bool {
        self.screen.screen().contents().contains(text)
    }
}

/// In the last ten seconds of a byoyomi period the player to move hears
/// the terminal bell once a second, in the frames the SSH session sends,
/// however often they are drawn; the other player does not, nor does a
/// spectator, unless they chose "also watching" in the settings.
#[tokio::test]
async fn the_bell_rings_once_a_counted_second_for_the_player_and_a_spectator_who_asks() {
    use banmen::hall::settings::{Bell, Settings};
    use banmen::hall::view::Entry;
    use std::time::Duration;
    let clock = Clock::manual(1_000_000);
    let hall = open_hall(&Arc::new(MemoryStore::new()), &clock);
    // 10 s byoyomi from the start: every second of a turn is counted.
    let tc = TimeControl::preset(0, 10, 1, 0);
    let host = hall
        .create_room(&player("alice"), clocked(tc, OnTime::Lose))
        .unwrap();
    let code = host.view().code.clone();
    let app = |name: &str, entry: Entry| {
        let app = banmen::ui::App::new(hall.clone(), player(name), entry, ui_support::address());
        Tty::new(app)
    };
    let mut alice = app("alice", Entry::Join(code.clone()));
    drop(host);
    let mut bob = app("bob", Entry::Join(code.clone()));
    let mut carol = app("carol", Entry::Watch(code.clone()));
    let mut dave = app("dave", Entry::Watch(code.clone()));
    dave.app.apply_settings(Settings {
        bell: Bell::AlsoWatching,
        ..Settings::default()
    });
    assert_eq!(Settings::default().bell, Bell::MyTurn);
    // Alice is to move: her status line counts, and the bell rings once.
    assert_eq!(alice.bells(), 1);
    assert!(
        alice.shows("time: "),
        "{}",
        alice.screen.screen().contents()
    );
    assert_eq!(alice.bells(), 0, "a second frame in the same second");
    assert_eq!(bob.bells(), 0, "not bob's turn");
    assert_eq!(carol.bells(), 0, "a spectator hears nothing by default");
    assert_eq!(dave.bells(), 1, "a spectator who asked hears alice's clock");
    assert_eq!(dave.bells(), 0);
    // The next second rings again.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(alice.bells(), 1);
    assert_eq!(alice.bells(), 0);
    assert_eq!(carol.bells(), 0);
    assert_eq!(dave.bells(), 1);
    // Alice moves: now bob's clock counts, and only bob (and dave) hear it.
    ui_support::type_move(&mut alice.app, "7g7f");
    assert_eq!(alice.bells(), 0);
    assert_eq!(bob.bells(), 1);
    assert_eq!(carol.bells(), 0);
    assert_eq!(dave.bells(), 1);
    // A player who chose never hears nothing.
    bob.app.apply_settings(Settings {
        bell: Bell::Never,
        ..Settings::default()
    });
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(bob.bells(), 0);
    assert_eq!(dave.bells(), 1);
}

/// Whether each `M:SS` clock on the screen is drawn reversed, top to bottom.
fn reversed_clocks(app: &mut banmen::ui::App) -> Vec<bool> {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::style::Modifier;
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal.draw(|f| app.render(f)).unwrap();
    let buf = terminal.backend().buffer().clone();
    let mut found = Vec::new();
    for y in 0..30 {
        let row: Vec<_> = (0..100).map(|x| buf[(x, y)].clone()).collect();
        for x in 1..row.len() {
            if row[x - 1].symbol() != " " {
                continue;
            }
            let word: String = row[x..]
                .iter()
                .map(|c| c.symbol())
                .take_while(|s| *s != " ")
                .collect();
            let clock = word.split_once(':').is_some_and(|(m, s)| {
                let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
                digits(m) && digits(s) && s.len() == 2
            });
            if clock {
                found.push(row[x].modifier.contains(Modifier::REVERSED));
            }
        }
    }
    found
}
