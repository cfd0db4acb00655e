//! Nothing is ever lost (docs/rules.md §4): rooms rebuilt from their logs after a
//! restart, seats that wait for their players (by key or by resume code),
//! a second connection replacing the first, grace periods and CPU
//! takeover, paused games, turn timeouts, clocks across restarts and room
//! expiry. The hall runs on a manual clock, so minutes and days pass at
//! once, and on a store shared across "restarts": in memory, and for the
//! tests of what a restart keeps, on each backend (memory, sled, NATS).

use banmen::hall::Reader;
use banmen::hall::{
    AwayPolicy, Clock, Hall, HallError, HallOptions, Occupant, Phase, Privacy, RoomHandle,
    RoomSettings, RoomView, TimeLimit,
};
use banmen::rules::GameKind;
use banmen::store::Store;
use banmen::store::memory::MemoryStore;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod common;
use common::{guest, open_hall, play, player, stores, wait_for};

const SECOND: u64 = 1000;
const DAY: u64 = 24 * 3600 * SECOND;

fn fresh() -> (Arc<MemoryStore>, Clock) {
    (Arc::new(MemoryStore::new()), start_clock())
}

fn start_clock() -> Clock {
    Clock::manual(1_700_000_000_000)
}

fn settings(privacy: Privacy) -> RoomSettings {
    let mut s = RoomSettings::new(GameKind::Shogi);
    s.privacy = privacy;
    s
}

fn texts(view: &RoomView) -> Vec<String> {
    view.moves.iter().map(|m| m.text.clone()).collect()
}

/// Alice hosts a two-player shogi room, Bob joins; returns both handles.
fn two_players(hall: &Hall, privacy: Privacy) -> (RoomHandle, RoomHandle) {
    let alice = hall
        .create_room(&player("alice"), settings(privacy))
        .unwrap();
    let code = alice.view().code.clone();
    let bob = hall.join(&code, &player("bob")).unwrap();
    assert_eq!(alice.view().phase, Phase::Playing);
    (alice, bob)
}

#[tokio::test]
async fn a_restart_rebuilds_rooms_with_their_seats_moves_and_rules() {
    for t in stores::each("a_restart_rebuilds_rooms_with_their_seats_moves_and_rules") {
        eprintln!("on {}", t.name);
        a_restart_rebuilds_rooms_with_their_seats_moves_and_rules_on(t.store.clone()).await;
    }
}

async fn a_restart_rebuilds_rooms_with_their_seats_moves_and_rules_on(store: Arc<dyn Store>) {
    let clock = start_clock();
    let hall = open_hall(&store, &clock);
    let mut s = settings(Privacy::Private);
    s.rules.set("swap-sides", "off").unwrap();
    let alice = hall.create_room(&player("alice"), s.clone()).unwrap();
    let code = alice.view().code.clone();
    let bob = hall.join(&code, &player("bob")).unwrap();
    for (who, text) in [(&alice, "7g7f"), (&bob, "3c3d"), (&alice, "2g2f")] {
        play(who, text);
    }
    let before = alice.view();
    drop((alice, bob, hall));

    let hall = open_hall(&store, &clock);
    assert_eq!(hall.room_count(), 1);
    // Alice's key takes her straight back to her seat.
    let id = hall.seat_room(&player("alice")).expect("alice has a game");
    let alice = hall.join(&id, &player("alice")).unwrap();
    let after = alice.view();
    assert_eq!(texts(&after), texts(&before));
    assert_eq!(after.game.position_text(), before.game.position_text());
    assert_eq!(after.game_id, before.game_id);
    assert_eq!(after.code, code);
    assert_eq!(after.settings, before.settings);
    assert_eq!(after.seats[1].label().to_string(), "bob (away)");
    // The private pair waits for Bob; once he is back the game goes on.
    assert!(after.paused, "{}", after.status);
    let bob = hall.join(&code, &player("bob")).unwrap();
    assert!(!bob.view().paused);
    play(&bob, "8c8d");
    assert_eq!(texts(&alice.view()).len(), 4);
}

#[tokio::test]
async fn a_log_that_does_not_replay_is_reported_and_kept() {
    for t in stores::each("a_log_that_does_not_replay_is_reported_and_kept") {
        eprintln!("on {}", t.name);
        a_log_that_does_not_replay_is_reported_and_kept_on(t.store.clone()).await;
    }
}

async fn a_log_that_does_not_replay_is_reported_and_kept_on(store: Arc<dyn Store>) {
    let clock = start_clock();
    let hall = open_hall(&store, &clock);
    let (alice, bob) = two_players(&hall, Privacy::Private);
    play(&alice, "7g7f");
    let broken = alice.view().id.clone();
    drop((alice, bob));
    let carol = hall
        .create_room(&player("carol"), settings(Privacy::Public))
        .unwrap();
    let _dave = hall.join(&carol.view().code, &player("dave")).unwrap();
    drop(hall);
    // A move that is not legal where it stands in the log.
    let seq = store
        .logs()
        .unwrap()
        .iter()
        .find(|(id, _)| *id == broken)
        .map(|(_, log)| log.len() as u64)
        .unwrap();
    let bad = br#"{"at":1700000000000,"event":"moved","seat":1,"text":"7g7f"}"#;
    store.append(&broken, seq, bad).unwrap();
    let (hall, report) = Hall::open(store.clone(), HallOptions::default(), clock).unwrap();
    assert_eq!(report.failed.len(), 1, "{report:?}");
    assert_eq!(report.failed[0].0, broken);
    assert!(report.failed[0].1.contains("event"), "{report:?}");
    // The other rooms open; the broken log stays as it was.
    assert_eq!(hall.room_count(), report.rooms);
    let kept = store.logs().unwrap();
    let log = &kept.iter().find(|(id, _)| *id == broken).unwrap().1;
    assert_eq!(log.last().unwrap().as_slice(), bad);
}

#[tokio::test]
async fn a_guest_takes_the_seat_back_with_the_resume_code() {
    for t in stores::each("a_guest_takes_the_seat_back_with_the_resume_code") {
        eprintln!("on {}", t.name);
        a_guest_takes_the_seat_back_with_the_resume_code_on(t.store.clone()).await;
    }
}

async fn a_guest_takes_the_seat_back_with_the_resume_code_on(store: Arc<dyn Store>) {
    let clock = start_clock();
    let hall = open_hall(&store, &clock);
    let alice = hall
        .create_room(&player("alice"), settings(Privacy::Public))
        .unwrap();
    let code = alice.view().code.clone();
    let ann = hall.join(&code, &guest("ann")).unwrap();
    let resume = ann
        .resume_code()
        .expect("a guest gets a resume code")
        .to_string();
    assert!(alice.resume_code().is_none(), "keyed players need none");
    assert_eq!(resume.chars().filter(|c| c.is_alphanumeric()).count(), 16);
    play(&alice, "7g7f");
    drop((ann, alice, hall));

    // Only a hash is stored: the code appears in no stored byte.
    let logs = store.logs().unwrap();
    let all: Vec<u8> = logs.iter().flat_map(|(_, l)| l.concat()).collect();
    assert!(!String::from_utf8_lossy(&all).contains(&resume));

    let hall = open_hall(&store, &clock);
    assert!(matches!(
        hall.resume("AAAA-AAAA-AAAA-AAAA"),
        Err(HallError::NoSuchCode)
    ));
    let (who, ann) = hall.resume(&resume.to_lowercase()).unwrap();
    assert_eq!(who, guest("ann"));
    assert_eq!(ann.seats().iter().map(|s| s.0).collect::<Vec<_>>(), vec![1]);
    assert_eq!(texts(&ann.view()), vec!["7g7f"]);
    assert_eq!(ann.view().seats[1].label().to_string(), "ann (guest)");
    play(&ann, "3c3d");
}

/// A guest who comes back to their seat by the invite code gets a new
/// resume code; the old one then works no more, also after a restart.
#[tokio::test]
async fn a_new_resume_code_ends_the_old_one() {
    for t in stores::each("a_new_resume_code_ends_the_old_one") {
        eprintln!("on {}", t.name);
        a_new_resume_code_ends_the_old_one_on(t.store.clone()).await;
    }
}

async fn a_new_resume_code_ends_the_old_one_on(store: Arc<dyn Store>) {
    let clock = start_clock();
    let hall = open_hall(&store, &clock);
    let alice = hall
        .create_room(&player("alice"), settings(Privacy::Public))
        .unwrap();
    let code = alice.view().code.clone();
    let ann = hall.join(&code, &guest("ann")).unwrap();
    let first = ann.resume_code().expect("a resume code").to_string();
    play(&alice, "7g7f");
    drop(ann);
    let ann = hall.join(&code, &guest("ann")).unwrap();
    let second = ann.resume_code().expect("a new resume code").to_string();
    assert_ne!(first, second);
    drop(ann);
    assert!(matches!(hall.resume(&first), Err(HallError::NoSuchCode)));
    let (who, ann) = hall.resume(&second).unwrap();
    assert_eq!(who, guest("ann"));
    drop((ann, alice, hall));

    let hall = open_hall(&store, &clock);
    assert!(matches!(hall.resume(&first), Err(HallError::NoSuchCode)));
    let (_, ann) = hall.resume(&second).unwrap();
    assert_eq!(ann.seats().iter().map(|s| s.0).collect::<Vec<_>>(), vec![1]);
}

#[tokio::test]
async fn a_second_connection_replaces_the_first() {
    let hall = Hall::new(1);
    let (alice, _bob) = two_players(&hall, Privacy::Public);
    assert!(!alice.replaced());
    let code = alice.view().code.clone();
    let again = hall.join(&code, &player("alice")).unwrap();
    assert!(alice.replaced(), "the old session is told to close");
    assert!(!again.replaced());
    drop(alice);
    // The seat stays with the new connection.
    assert_eq!(again.view().seats[0].label().to_string(), "alice");
    play(&again, "7g7f");
}

#[tokio::test]
async fn an_away_player_is_played_by_the_cpu_after_the_grace_period() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let (mut alice, bob) = two_players(&hall, Privacy::Public);
    play(&alice, "7g7f");
    drop(bob);
    assert_eq!(alice.view().seats[1].label().to_string(), "bob (away)");
    clock.advance(59 * SECOND);
    hall.tick();
    assert_eq!(
        alice.view().moves.len(),
        1,
        "no move within the grace period"
    );
    clock.advance(2 * SECOND);
    hall.tick();
    assert_eq!(
        alice.view().seats[1].label().to_string(),
        "bob (away, CPU plays)"
    );
    wait_for(&mut alice, |v| v.moves.len() == 2).await;
    // Bob returns and plays his own next turn.
    let bob = hall.join(&alice.view().code, &player("bob")).unwrap();
    assert_eq!(bob.view().seats[1].label().to_string(), "bob");
    play(&alice, "2g2f");
    // Any legal move: the CPU's move (level 1 has noise) may have been 8c8d.
    let own = bob.view().game.legal_moves()[0];
    bob.play(&own).unwrap();
    assert_eq!(alice.view().moves.len(), 4);
}

#[tokio::test]
async fn a_room_that_waits_pauses_while_a_player_is_away() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let mut s = settings(Privacy::Public);
    s.away = Some(AwayPolicy::Wait);
    s.time_limit = TimeLimit::Seconds30;
    let alice = hall.create_room(&player("alice"), s).unwrap();
    let code = alice.view().code.clone();
    let bob = hall.join(&code, &player("bob")).unwrap();
    play(&alice, "7g7f");
    clock.advance(10 * SECOND);
    drop(bob);
    let view = alice.view();
    assert!(
        view.paused && view.status.to_string().contains("Paused"),
        "{}",
        view.status
    );
    assert!(view.deadline.is_none(), "no clock runs while paused");
    clock.advance(3600 * SECOND);
    hall.tick();
    assert_eq!(alice.view().moves.len(), 1, "nobody moves for Bob");
    assert_eq!(
        alice.view().seats[1].label().to_string(),
        "bob (away)",
        "no CPU takes over"
    );
    // Bob comes back: his clock goes on with the 20 s he had left.
    let bob = hall.join(&code, &player("bob")).unwrap();
    let view = bob.view();
    assert!(!view.paused, "{}", view.status);
    let left = view.deadline.expect("the clock runs again") - Instant::now();
    assert!(
        left <= Duration::from_secs(20) && left > Duration::from_secs(18),
        "{left:?}"
    );
    play(&bob, "3c3d");
}

#[tokio::test]
async fn a_turn_out_of_time_is_played_by_the_cpu() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let mut s = settings(Privacy::Public);
    s.time_limit = TimeLimit::Seconds30;
    let mut alice = hall.create_room(&player("alice"), s).unwrap();
    let code = alice.view().code.clone();
    let _bob = hall.join(&code, &player("bob")).unwrap();
    assert!(alice.view().deadline.is_some());
    clock.advance(29 * SECOND);
    hall.tick();
    assert!(alice.view().moves.is_empty());
    clock.advance(2 * SECOND);
    hall.tick();
    wait_for(&mut alice, |v| v.moves.len() == 1).await;
    assert_eq!(alice.view().moves[0].seat.0, 0, "alice's turn was played");
    // Bob's turn has a fresh clock.
    assert!(alice.view().deadline.is_some());
}

#[tokio::test]
async fn a_turn_clock_keeps_its_time_across_a_restart() {
    for t in stores::each("a_turn_clock_keeps_its_time_across_a_restart") {
        eprintln!("on {}", t.name);
        a_turn_clock_keeps_its_time_across_a_restart_on(t.store.clone()).await;
    }
}

async fn a_turn_clock_keeps_its_time_across_a_restart_on(store: Arc<dyn Store>) {
    let clock = start_clock();
    let hall = open_hall(&store, &clock);
    let mut s = settings(Privacy::Public);
    s.time_limit = TimeLimit::Seconds60;
    let alice = hall.create_room(&player("alice"), s).unwrap();
    let code = alice.view().code.clone();
    let bob = hall.join(&code, &player("bob")).unwrap();
    play(&alice, "7g7f");
    clock.advance(20 * SECOND);
    hall.tick(); // the heartbeat: the server was alive 20 s into Bob's turn
    drop((alice, bob, hall));
    clock.advance(3600 * SECOND); // an hour down
    let hall = open_hall(&store, &clock);
    let bob = hall.join(&code, &player("bob")).unwrap();
    let left = bob.view().deadline.expect("a running clock") - Instant::now();
    assert!(
        left <= Duration::from_secs(40) && left > Duration::from_secs(38),
        "{left:?}"
    );
    assert_eq!(bob.view().moves.len(), 1);
}

/// The room `host` created, from the journal.
fn code_room(journal: &[banmen::hall::journal::LogLine], host: &str) -> String {
    let created = journal
        .iter()
        .find(|l| l.event == "created" && l.player.as_deref() == Some(host));
    created.expect("a created line").room.clone()
}

#[tokio::test]
async fn rooms_expire_after_seven_days_and_finished_games_stay() {
    for t in stores::each("rooms_expire_after_seven_days_and_finished_games_stay") {
        eprintln!("on {}", t.name);
        rooms_expire_after_seven_days_and_finished_games_stay_on(t.store.clone()).await;
    }
}

async fn rooms_expire_after_seven_days_and_finished_games_stay_on(store: Arc<dyn Store>) {
    let clock = start_clock();
    let hall = open_hall(&store, &clock);
    // A finished game, kept for export.
    let (alice, bob) = two_players(&hall, Privacy::Public);
    play(&alice, "7g7f");
    bob.resign().unwrap();
    let finished = alice.view().game_id.clone();
    drop((alice, bob));
    // A game everybody left, waiting for its players.
    let mut s = settings(Privacy::Private);
    s.away = Some(AwayPolicy::Wait);
    let carol = hall.create_room(&player("carol"), s).unwrap();
    let code = carol.view().code.clone();
    let ann = hall.join(&code, &guest("ann")).unwrap();
    let resume = ann.resume_code().unwrap().to_string();
    // A move: a room nobody played in would close after hours.
    play(&carol, "7g7f");
    drop((carol, ann));
    clock.advance(6 * DAY);
    hall.tick();
    assert!(hall.seat_room(&player("carol")).is_some());
    clock.advance(DAY + SECOND);
    hall.tick();
    assert_eq!(hall.room_count(), 0);
    assert!(store.logs().unwrap().is_empty(), "the logs are removed");
    // The journal keeps the rooms' histories and says what became of them.
    let journal: Vec<banmen::hall::journal::LogLine> = store
        .journal(None)
        .map(|l| l.unwrap())
        .map(|(n, bytes)| banmen::hall::journal::LogLine::decode(n, &bytes).unwrap())
        .collect();
    let events: Vec<&str> = journal.iter().map(|l| l.event.as_str()).collect();
    assert_eq!(
        events.iter().filter(|e| **e == "created").count(),
        2,
        "{events:?}"
    );
    assert_eq!(
        events.iter().filter(|e| **e == "expired").count(),
        1,
        "{events:?}"
    );
    let expired = journal.iter().find(|l| l.event == "expired").unwrap();
    assert_eq!(expired.room, code_room(&journal, "carol"));
    assert!(
        expired.text.as_deref().unwrap().contains("7 days"),
        "{expired:?}"
    );
    assert!(matches!(hall.resume(&resume), Err(HallError::NoSuchCode)));
    let usi = hall.export(&finished, Some("usi"), Reader::Admin).unwrap();
    assert!(usi.contains("7g7f"), "{usi}");
    // Also after a restart.
    let hall = open_hall(&store, &clock);
    assert_eq!(hall.room_count(), 0);
    assert!(hall.export(&finished, Some("kif"), Reader::Admin).is_ok());
    // A kept game's usual record, without a format, is its KIF in UTF-8.
    assert_eq!(
        hall.export(&finished, None, Reader::Admin),
        hall.export(&finished, Some("kifu"), Reader::Admin)
    );
}

#[tokio::test]
async fn others_see_who_is_away_and_who_is_played_by_the_cpu() {
    let hall = Hall::new(1);
    let (alice, bob) = two_players(&hall, Privacy::Public);
    drop(bob);
    let seat = &alice.view().seats[1];
    assert!(matches!(
        seat,
        Occupant::Human {
            connected: false,
            cpu: false,
            ..
        }
    ));
    assert_eq!(seat.label().to_string(), "bob (away)");
}

#[tokio::test]
async fn a_game_against_the_cpu_waits_for_its_only_player() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let mut s = settings(Privacy::Public);
    s.mode = banmen::hall::Mode::VsComputer;
    s.away = Some(AwayPolicy::Cpu);
    let alice = hall.create_room(&player("alice"), s).unwrap();
    play(&alice, "7g7f");
    let mut watch = hall.watch(&alice.view().code, &player("watcher")).unwrap();
    wait_for(&mut watch, |v| v.moves.len() == 2).await;
    drop(alice);
    clock.advance(3600 * SECOND);
    hall.tick();
    let view = watch.view();
    assert!(view.paused, "nobody else is kept waiting: {}", view.status);
    assert_eq!(view.seats[0].label().to_string(), "alice (away)");
    let alice = hall.join(&view.code, &player("alice")).unwrap();
    assert!(!alice.view().paused);
    play(&alice, "2g2f");
}

#[tokio::test]
async fn with_everybody_gone_the_game_waits_and_the_cpu_plays_only_for_the_absent() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let (alice, bob) = two_players(&hall, Privacy::Public);
    let code = alice.view().code.clone();
    play(&alice, "7g7f");
    let mut watch = hall.watch(&code, &player("watcher")).unwrap();
    drop((alice, bob));
    clock.advance(3600 * SECOND);
    hall.tick();
    let view = watch.view();
    assert!(view.paused, "{}", view.status);
    assert_eq!(
        view.seats[1].label().to_string(),
        "bob (away)",
        "nobody is kept waiting"
    );
    // Alice returns: Bob has been away past the grace period, so the CPU
    // plays for him at once.
    let _alice = hall.join(&code, &player("alice")).unwrap();
    hall.tick();
    wait_for(&mut watch, |v| v.moves.len() == 2).await;
    assert_eq!(
        watch.view().seats[1].label().to_string(),
        "bob (away, CPU plays)"
    );
}

// ---- invite codes (docs/rules.md §4) ----

/// Whether `code` is shown as 10 letters of the code alphabet in groups of
/// four: `K7QX-M2P9-TD`.
fn grouped_code(code: &str) -> bool {
    let groups: Vec<&str> = code.split('-').collect();
    let sizes: Vec<usize> = groups.iter().map(|g| g.len()).collect();
    sizes == [4, 4, 2]
        && groups
            .concat()
            .chars()
            .all(|c| "ABCDEFGHJKMNPQRSTUVWXYZ23456789".contains(c))
}

#[tokio::test]
async fn invite_codes_are_ten_letters_in_groups_typed_in_any_case_with_or_without_dashes() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    for typed in [
        |c: &str| c.to_string(),
        |c: &str| c.replace('-', "").to_lowercase(),
        |c: &str| format!(" {} ", c.replace('-', " ").to_lowercase()),
    ] {
        let alice = hall
            .create_room(&player("alice"), settings(Privacy::Private))
            .unwrap();
        let code = alice.view().code.clone();
        assert!(grouped_code(&code), "{code}");
        let bob = hall.join(&typed(&code), &player("bob")).unwrap();
        assert_eq!(bob.view().id, alice.view().id);
        let watcher = hall.watch(&typed(&code), &player("carol")).unwrap();
        assert!(watcher.is_spectator());
    }
}

#[tokio::test]
async fn a_room_made_with_a_six_letter_code_is_still_joined_by_it_after_a_restart() {
    for t in stores::each("six-letter-code") {
        eprintln!("on {}", t.name);
        a_room_made_with_a_six_letter_code_is_still_joined_by_it_after_a_restart_on(
            t.store.clone(),
        )
        .await;
    }
}

async fn a_room_made_with_a_six_letter_code_is_still_joined_by_it_after_a_restart_on(
    store: Arc<dyn Store>,
) {
    use banmen::hall::events::{Event, Record, SettingsRecord};
    let clock = start_clock();
    // The log of a room created before codes grew: its code has 6 letters.
    let created = Record {
        at: clock.now_ms(),
        event: Event::Created {
            code: "ABC234".into(),
            host: player("alice"),
            settings: SettingsRecord::from(&settings(Privacy::Private)),
        },
    };
    store.append("oldrm1", 0, &created.encode()).unwrap();
    let hall = open_hall(&store, &clock);
    let bob = hall.join("abc-234", &player("bob")).unwrap();
    assert_eq!(bob.view().id, "oldrm1");
    assert_eq!(bob.view().code, "ABC2-34");
    assert_eq!(
        hall.join("oldrm1", &player("carol")).err(),
        Some(HallError::NoEntry),
        "a private room is not entered by its id"
    );
    drop(bob);
    let hall = open_hall(&store, &clock);
    let bob = hall.join("ABC234", &player("bob")).unwrap();
    assert_eq!(bob.seats().iter().count(), 1, "Bob is back in his seat");
}

#[tokio::test]
async fn every_failure_by_code_gets_the_same_answer() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let (full, _bob) = two_players(&hall, Privacy::Public);
    let private = hall
        .create_room(&player("dave"), settings(Privacy::Private))
        .unwrap();
    let closed = hall
        .create_room(&player("erin"), settings(Privacy::Private))
        .unwrap();
    let closed_code = closed.view().code.clone();
    drop(closed);
    let carol = player("carol");
    let answers = [
        hall.join("ZZZZ-ZZZZ-ZZ", &carol).err(),
        hall.join(&full.view().code, &carol).err(),
        hall.join(&private.view().id, &carol).err(),
        hall.join(&closed_code, &carol).err(),
        hall.watch("ZZZZ-ZZZZ-ZZ", &carol).err(),
        hall.watch(&private.view().id, &carol).err(),
        hall.watch(&closed_code, &carol).err(),
    ];
    for answer in answers {
        let answer = answer.expect("refused");
        assert_eq!(answer, HallError::NoEntry);
        assert_eq!(
            answer.to_string(),
            "No room has that code, or it cannot be joined."
        );
    }
    // A seated player coming back is no failure, nor is a public room's id.
    assert!(hall.join(&full.view().code, &player("bob")).is_ok());
    assert!(hall.watch(&full.view().id, &carol).is_ok());
}

#[tokio::test]
async fn after_ten_failures_an_address_is_slowed_to_one_try_every_15_s() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let alice = hall
        .create_room(&player("alice"), settings(Privacy::Private))
        .unwrap();
    let code = alice.view().code.clone();
    let guesser = hall.from_address("192.0.2.7".parse().unwrap());
    // A new guest identity for every try: only the address is common.
    for n in 0..10 {
        let who = guest(&format!("g{n}"));
        assert_eq!(
            guesser.join("ZZZZ-ZZZZ-ZZ", &who).err(),
            Some(HallError::NoEntry)
        );
    }
    // Over the allowance even a right code is not looked up.
    assert_eq!(
        guesser.join(&code, &guest("g10")).err(),
        Some(HallError::TooManyAttempts(15))
    );
    assert_eq!(
        guesser.watch(&code, &guest("g11")).err(),
        Some(HallError::TooManyAttempts(15))
    );
    // Other addresses are not slowed.
    let other = hall.from_address("198.51.100.1".parse().unwrap());
    assert!(other.watch(&code, &guest("h1")).is_ok());
    // 15 s later one more try.
    clock.advance(15 * SECOND);
    assert_eq!(
        guesser.join("ZZZZ-ZZZZ-ZZ", &guest("g12")).err(),
        Some(HallError::NoEntry)
    );
    assert_eq!(
        guesser.join(&code, &guest("g13")).err(),
        Some(HallError::TooManyAttempts(15))
    );
    clock.advance(15 * SECOND);
    assert!(guesser.join(&code, &guest("g14")).is_ok());
}

#[tokio::test]
async fn after_ten_failures_an_identity_is_slowed_from_any_address() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    let alice = hall
        .create_room(&player("alice"), settings(Privacy::Private))
        .unwrap();
    let code = alice.view().code.clone();
    let mallory = player("mallory");
    for n in 0..10 {
        let from = hall.from_address(format!("203.0.113.{n}").parse().unwrap());
        assert_eq!(
            from.watch("ZZZZ-ZZZZ-ZZ", &mallory).err(),
            Some(HallError::NoEntry)
        );
    }
    let fresh_address = hall.from_address("203.0.113.99".parse().unwrap());
    assert_eq!(
        fresh_address.join(&code, &mallory).err(),
        Some(HallError::TooManyAttempts(15))
    );
    assert!(fresh_address.join(&code, &player("bob")).is_ok());
    clock.advance(15 * SECOND);
    assert!(hall.watch(&code, &mallory).is_ok());
}

/// A keyed login that chooses the name it already had writes nothing: the
/// identity row is written only when the name changes (also across a
/// restart, which remembers the stored names).
#[tokio::test]
async fn a_login_with_the_same_name_does_not_write_it_again() {
    let (store, clock) = fresh();
    let hall = open_hall(&store, &clock);
    hall.remember(player("alice"), true);
    hall.remember(player("alice"), true);
    assert_eq!(store.identity_writes(), 1);
    let mut renamed = player("alice");
    renamed.name = "Alice K.".into();
    hall.remember(renamed.clone(), true);
    assert_eq!(store.identity_writes(), 2);
    assert_eq!(hall.remember(player("alice"), false).name, "Alice K.");
    drop(hall);
    let hall = open_hall(&store, &clock);
    hall.remember(renamed, true);
    assert_eq!(
        store.identity_writes(),
        2,
        "the restart remembered the name"
    );
}
