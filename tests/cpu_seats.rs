//! The host picks a CPU level per seat (issue 7): before the game a seat's
//! number puts the CPU there and raises its level, then opens the seat
//! again; during the game it changes a CPU seat's level. The choice is
//! logged, so it survives a restart.

use banmen::hall::{Clock, Hall, HallError, Occupant, Phase, RoomSettings};
use banmen::rules::GameKind;
use banmen::rules::vocab::Seat;
use banmen::store::memory::MemoryStore;
use std::sync::Arc;

mod common;
use common::{open_hall, player};

fn levels(seats: &[Occupant]) -> Vec<Option<u8>> {
    seats
        .iter()
        .map(|o| match o {
            Occupant::Cpu { level } => Some(*level),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn the_host_sets_a_level_per_cpu_seat_and_it_survives_a_restart() {
    let store = Arc::new(MemoryStore::new());
    let clock = Clock::manual(1_700_000_000_000);
    let hall = open_hall(&store, &clock);
    let mut settings = RoomSettings::new(GameKind::Chess4);
    settings.cpu_level = 2;
    let alice = hall.create_room(&player("alice"), settings).unwrap();
    let code = alice.view().code.clone();

    // Seat 2: empty -> 1 -> 2 -> 3; seat 3: 1 -> ... -> 5 -> open -> 1.
    for _ in 0..3 {
        alice.cycle_cpu(Seat(1)).unwrap();
    }
    for _ in 0..7 {
        alice.cycle_cpu(Seat(2)).unwrap();
    }
    let view = alice.view();
    assert_eq!(levels(&view.seats), [None, Some(3), Some(1), None]);
    assert_eq!(
        view.phase,
        Phase::Waiting,
        "placing CPUs does not start the game"
    );

    // Only the host chooses, and a person's seat is theirs.
    let bob = hall.join(&code, &player("bob")).unwrap();
    assert!(matches!(bob.cycle_cpu(Seat(1)), Err(HallError::NotHost)));
    // Bob filled the last empty seat: the game started.
    assert_eq!(bob.view().phase, Phase::Playing);
    assert!(matches!(
        alice.cycle_cpu(Seat(3)),
        Err(HallError::SeatTaken)
    ));
    assert!(matches!(
        alice.cycle_cpu(Seat(0)),
        Err(HallError::SeatTaken)
    ));

    // During the game a CPU seat's level goes round; it is never emptied.
    for _ in 0..3 {
        alice.cycle_cpu(Seat(1)).unwrap();
    }
    let view = alice.view();
    assert_eq!(levels(&view.seats), [None, Some(1), Some(1), None]);
    assert_eq!(view.seats[1].label().to_string(), "CPU (level 1)");
    alice.cycle_cpu(Seat(2)).unwrap();
    let before = levels(&alice.view().seats);
    drop((alice, bob, hall));

    let hall = open_hall(&store, &clock);
    let id = hall.seat_room(&player("alice")).expect("alice has a game");
    let alice = hall.join(&id, &player("alice")).unwrap();
    assert_eq!(levels(&alice.view().seats), before);
    assert_eq!(before, [None, Some(1), Some(2), None]);
}

#[tokio::test]
async fn starting_fills_the_open_seats_at_the_rooms_level_and_keeps_the_hosts_choices() {
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Shogi4);
    settings.cpu_level = 2;
    let alice = hall.create_room(&player("alice"), settings).unwrap();
    for _ in 0..5 {
        alice.cycle_cpu(Seat(3)).unwrap();
    }
    alice.start().unwrap();
    let view = alice.view();
    assert_eq!(view.phase, Phase::Playing);
    assert_eq!(levels(&view.seats), [None, Some(2), Some(2), Some(5)]);
    // A seat number the room does not have is refused, not a crash.
    assert!(alice.cycle_cpu(Seat(9)).is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cpu_move_the_store_refused_is_tried_again_once_it_is_back() {
    let store = Arc::new(MemoryStore::new());
    let clock = Clock::manual(1_700_000_000_000);
    let hall = open_hall(&store, &clock);
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.mode = banmen::hall::Mode::VsComputer;
    settings.cpu_level = 1;
    let mut alice = hall.create_room(&player("alice"), settings).unwrap();
    assert_eq!(alice.view().phase, Phase::Playing);
    // Alice's move is stored; the store goes away before the CPU answers.
    store.fail_commits_after(Some(1));
    common::play(&alice, "7g7f");
    let refused = tokio::time::timeout(common::WAIT, async {
        while store.refused_commits() == 0 {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
    });
    refused.await.expect("the CPU tried to move");
    assert_eq!(
        alice.view().moves.len(),
        1,
        "nothing shown that was not stored"
    );
    // The store is back: the next ticks let the CPU try again.
    store.fail_commits_after(None);
    clock.advance(1000);
    hall.tick();
    common::wait_for(&mut alice, |v| v.moves.len() == 2).await;
}
