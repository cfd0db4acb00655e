//! Limits on rooms (docs/architecture.md, "Limits"): open rooms per player,
//! per address and in the whole hall; a room nobody played in closes after
//! hours; a restart is not activity; a tick looks only at the rooms with
//! something due. On an in-memory store shared across "restarts" and a
//! manual clock, so hours and days pass at once.

use banmen::hall::journal::LogLine;
use banmen::hall::view::Entry;
use banmen::hall::{Clock, Hall, HallError, HallOptions, Mode, RoomSettings, TimeLimit};
use banmen::rules::GameKind;
use banmen::store::Store;
use banmen::store::memory::MemoryStore;
use std::net::IpAddr;
use std::sync::Arc;

mod common;
mod ui_support;
use common::{guest, open_hall, play, player, wait_for};

const SECOND: u64 = 1000;
const HOUR: u64 = 3600 * SECOND;
const DAY: u64 = 24 * HOUR;

fn fresh() -> (Arc<MemoryStore>, Clock) {
    (
        Arc::new(MemoryStore::new()),
        Clock::manual(1_700_000_000_000),
    )
}

fn vs_cpu() -> RoomSettings {
    let mut s = RoomSettings::new(GameKind::Shogi);
    s.mode = Mode::VsComputer;
    s
}

/// `who` makes a game against the CPU and leaves it before moving.
fn left_at_once(hall: &Hall, who: &banmen::hall::Identity) -> Result<(), HallError> {
    hall.create_room(who, vs_cpu()).map(drop)
}

/// Why creating a room for `who` was refused (it must be).
fn refusal(hall: &Hall, who: &banmen::hall::Identity) -> HallError {
    match hall.create_room(who, vs_cpu()) {
        Ok(_) => panic!("the room was made"),
        Err(e) => e,
    }
}

fn journal(store: &MemoryStore) -> Vec<LogLine> {
    store
        .journal(None)
        .map(|l| l.unwrap())
        .map(|(n, bytes)| LogLine::decode(n, &bytes).unwrap())
        .collect()
}

#[tokio::test]
async fn a_sixth_room_by_one_player_is_refused_while_they_are_in_the_five() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let alice = player("alice");
    let mut held: Vec<_> = (0..5)
        .map(|_| hall.create_room(&alice, vs_cpu()).unwrap())
        .collect();
    let err = refusal(&hall, &alice);
    assert_eq!(err, HallError::RoomsPerPlayer(5));
    assert_eq!(
        err.to_string(),
        "You have 5 rooms open; finish or resign one, or wait for one to end."
    );
    // Quick play, with no room to join, would make a sixth.
    let quick = hall.quick_play(&alice, GameKind::Shogi).err();
    assert_eq!(quick, Some(HallError::RoomsPerPlayer(5)));
    // Others still can.
    left_at_once(&hall, &player("bob")).unwrap();
    // A room that ends frees its place: alice resigns one.
    held.remove(0).resign().unwrap();
    assert_eq!(hall.room_count(), 5);
    held.push(hall.create_room(&alice, vs_cpu()).unwrap());
    assert_eq!(refusal(&hall, &alice), HallError::RoomsPerPlayer(5));
    // The count holds across a restart.
    drop(held);
    drop(hall);
    let hall = open_hall(&store, &clock);
    assert_eq!(hall.room_count(), 6);
}

/// Over the limit, a player's oldest room they left alone (nobody in it,
/// nobody else playing) makes way for the new one: they could not find it
/// again from the lobby anyway. A room another player is in does not.
#[tokio::test]
async fn over_the_limit_the_oldest_room_left_alone_makes_way() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let alice = player("alice");
    let first = hall
        .create_room(&alice, RoomSettings::new(GameKind::Shogi))
        .unwrap();
    let first_id = first.view().id.clone();
    let bob = hall.join(&first.view().code, &player("bob")).unwrap();
    drop(first);
    clock.advance(SECOND);
    let second = hall
        .create_room(&alice, vs_cpu())
        .unwrap()
        .view()
        .id
        .clone();
    for _ in 0..3 {
        clock.advance(SECOND);
        left_at_once(&hall, &alice).unwrap();
    }
    clock.advance(SECOND);
    left_at_once(&hall, &alice).unwrap();
    assert_eq!(hall.room_count(), 5);
    let closed: Vec<String> = journal(&store)
        .into_iter()
        .filter(|l| l.event == "closed")
        .map(|l| l.room)
        .collect();
    assert_eq!(closed, [second], "the oldest room left alone, not bob's");
    assert!(hall.join(&first_id, &alice).is_ok(), "bob's room stays");
    drop(bob);
}

#[tokio::test]
async fn a_21st_room_from_one_address_is_refused() {
    let hall = Hall::new(1);
    let address: IpAddr = "2001:db8::7".parse().unwrap();
    let here = hall.from_address(address);
    // Guests are a new identity per connection: the address is what counts.
    for n in 0..20 {
        left_at_once(&here, &guest(&format!("g{n}"))).unwrap();
    }
    let err = refusal(&here, &guest("g20"));
    assert_eq!(err, HallError::RoomsPerAddress(20));
    assert_eq!(
        err.to_string(),
        "20 rooms are open from your address; finish or resign one first."
    );
    let elsewhere = hall.from_address("192.0.2.9".parse().unwrap());
    left_at_once(&elsewhere, &guest("g20")).unwrap();
    assert_eq!(hall.room_count(), 21);
}

#[tokio::test]
async fn the_hall_holds_at_most_max_rooms() {
    let (store, clock) = fresh();
    let options = HallOptions {
        max_rooms: 3,
        ..HallOptions::default()
    };
    let hall = Hall::with_store(store, options, clock);
    for n in 0..3 {
        left_at_once(&hall, &player(&format!("p{n}"))).unwrap();
    }
    let err = refusal(&hall, &player("p3"));
    assert_eq!(err, HallError::HallFull(3));
    assert!(err.to_string().contains("try again later"), "{err}");
    assert_eq!(hall.room_count(), 3);
}

#[tokio::test]
async fn the_setup_screen_shows_a_refusal_on_one_line() {
    let hall = Hall::new(1);
    let alice = ui_support::me("alice");
    // Rooms waiting for players, with Alice in them in other terminals (a
    // game going on would take her straight back to it).
    let _waiting: Vec<_> = (0..5)
        .map(|_| {
            let settings = RoomSettings::new(GameKind::Shogi);
            hall.create_room(&alice, settings).unwrap()
        })
        .collect();
    let mut app = banmen::ui::App::new(hall, alice, Entry::Lobby, ui_support::address());
    ui_support::chars(&mut app, "vc");
    let lines = ui_support::screen_lines(&mut app, 80, 24);
    let text = lines.join("\n");
    assert!(text.contains("Create a room"), "still the form: {text}");
    let notice = "You have 5 rooms open; finish or resign one, or wait for one to end.";
    assert!(lines.iter().any(|l| l.contains(notice)), "{text}");
}

#[tokio::test]
async fn a_game_against_the_cpu_nobody_played_closes_after_the_abandoned_hours() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    left_at_once(&hall, &player("alice")).unwrap();
    // Bob moves once before leaving: his game keeps the seven days.
    let bob = hall.create_room(&player("bob"), vs_cpu()).unwrap();
    play(&bob, "7g7f");
    drop(bob);
    clock.advance(6 * HOUR - SECOND);
    hall.tick();
    assert_eq!(hall.room_count(), 2);
    clock.advance(2 * SECOND);
    hall.tick();
    assert_eq!(hall.room_count(), 1);
    assert!(hall.seat_room(&player("alice")).is_none());
    assert!(hall.seat_room(&player("bob")).is_some());
    let lines = journal(&store);
    let expired: Vec<&LogLine> = lines.iter().filter(|l| l.event == "expired").collect();
    assert_eq!(expired.len(), 1, "{lines:?}");
    let why = expired[0].text.as_deref().unwrap_or_default();
    assert!(why.contains("6 hours"), "{why}");
    clock.advance(7 * DAY - 6 * HOUR);
    hall.tick();
    assert_eq!(hall.room_count(), 0);
}

#[tokio::test]
async fn a_restart_does_not_count_as_activity() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    // At t: Alice and Bob play a move and leave; Carol leaves a game
    // against the CPU untouched.
    let alice = hall
        .create_room(&player("alice"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    let bob = hall.join(&alice.view().id, &player("bob")).unwrap();
    play(&alice, "7g7f");
    drop((alice, bob));
    left_at_once(&hall, &player("carol")).unwrap();
    drop(hall);
    // A restart at t + 1 h: Carol's room still closes at t + 6 h.
    clock.advance(HOUR);
    let hall = open_hall(&store, &clock);
    assert_eq!(hall.room_count(), 2);
    clock.advance(5 * HOUR - SECOND);
    hall.tick();
    assert_eq!(hall.room_count(), 2);
    clock.advance(2 * SECOND);
    hall.tick();
    assert_eq!(hall.room_count(), 1);
    drop(hall);
    // A restart at t + 6 d: the played game still expires at t + 7 d.
    clock.advance(6 * DAY - 6 * HOUR);
    let hall = open_hall(&store, &clock);
    clock.advance(DAY - 2 * SECOND);
    hall.tick();
    assert_eq!(hall.room_count(), 1);
    clock.advance(2 * SECOND);
    hall.tick();
    assert_eq!(hall.room_count(), 0);
    assert!(store.logs().unwrap().is_empty());
}

#[tokio::test]
async fn a_tick_looks_only_at_rooms_with_something_due() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    // Idle rooms: games their players left, and rooms waiting with their
    // host in them.
    for n in 0..100 {
        left_at_once(&hall, &player(&format!("left{n}"))).unwrap();
    }
    let _hosts: Vec<_> = (0..50)
        .map(|n| {
            let settings = RoomSettings::new(GameKind::Shogi4);
            hall.create_room(&player(&format!("host{n}")), settings)
                .unwrap()
        })
        .collect();
    assert_eq!(hall.tick(), 0);
    // A game with 30 s a turn: Alice's clock runs out at 30 s.
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.time_limit = TimeLimit::Seconds30;
    let mut alice = hall.create_room(&player("alice"), settings).unwrap();
    let bob = hall.join(&alice.view().code, &player("bob")).unwrap();
    clock.advance(29 * SECOND);
    assert_eq!(hall.tick(), 0);
    clock.advance(2 * SECOND);
    assert_eq!(hall.tick(), 1, "only the timed game is due");
    wait_for(&mut alice, |v| v.moves.len() == 1).await;
    // Bob moves at once: the clock that follows is Alice's, from now; the
    // deadline his turn had is gone.
    let any = bob.view().game.legal_moves()[0];
    bob.play(&any).unwrap();
    clock.advance(29 * SECOND);
    assert_eq!(hall.tick(), 0);
    assert_eq!(alice.view().moves.len(), 2);
    alice.resign().unwrap();
    drop((alice, bob));
    // An untimed game Dave leaves: after the grace period the CPU plays
    // his seat.
    let carol = hall
        .create_room(&player("carol"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    let dave = hall.join(&carol.view().id, &player("dave")).unwrap();
    drop(dave);
    clock.advance(59 * SECOND);
    assert_eq!(hall.tick(), 0);
    clock.advance(2 * SECOND);
    assert_eq!(hall.tick(), 1);
    assert_eq!(
        carol.view().seats[1].label().to_string(),
        "dave (away, CPU plays)"
    );
    drop(carol);
    // Six hours on, the rooms nobody played in (Carol's too) close in one
    // tick; the rooms with their hosts in them were never looked at.
    clock.advance(6 * HOUR);
    assert_eq!(hall.tick(), 101);
    assert_eq!(hall.room_count(), 50);
}
