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
    let mut s = RoomSettings::new(GameKind::Shogi);
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
    assert!(
        screen.text().matches("10:00").count() >= 2 || screen.has("9:5"),
        "{}",
        screen.text()
    );
}
