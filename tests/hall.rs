//! The hall's rules about people (docs/rules.md §4), driven through its API:
//! rooms, invite codes, seats, turns, spectators, CPU seats, new rounds and
//! exports.

use banmen::hall::Reader;
use banmen::hall::{Hall, HallError, Identity, Mode, Occupant, Phase, Privacy, RoomSettings};
use banmen::rules::GameKind;
use banmen::rules::vocab::{Move, Promotion, Seat, Square};

mod common;
use common::{guest, player, wait_for};

fn step(from: (u8, u8), to: (u8, u8)) -> Move {
    Move::Step {
        from: Square::new(from.0, from.1),
        to: Square::new(to.0, to.1),
        promotion: Promotion::None,
    }
}

/// 7g7f for sente, 3c3d for gote, in neutral coordinates.
fn sente_push() -> Move {
    step((2, 2), (2, 3))
}
fn gote_push() -> Move {
    step((6, 6), (6, 5))
}

/// The move list's moves in notation.
fn texts(view: &banmen::hall::RoomView) -> Vec<&str> {
    view.moves.iter().map(|m| m.text.as_str()).collect()
}

#[tokio::test]
async fn two_players_meet_by_invite_code_and_play() {
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.privacy = Privacy::Private;
    let alice = hall.create_room(&player("alice"), settings).unwrap();
    let view = alice.view();
    assert_eq!(view.phase, Phase::Waiting);
    assert!(
        hall.lobby().borrow().is_empty(),
        "private rooms are not listed"
    );
    assert_eq!(
        hall.join(&view.id, &player("bob")).err(),
        Some(HallError::NoEntry),
        "a private room is not joined by its id"
    );

    let bob = hall
        .join(&view.code.to_lowercase(), &player("bob"))
        .unwrap();
    let view = bob.view();
    assert_eq!(view.phase, Phase::Playing, "a full room starts by itself");
    assert_eq!(bob.seats().iter().collect::<Vec<_>>(), vec![Seat(1)]);
    assert_eq!(alice.seats().iter().collect::<Vec<_>>(), vec![Seat(0)]);

    assert_eq!(bob.play(&sente_push()).err(), Some(HallError::NotYourTurn));
    alice.play(&sente_push()).unwrap();
    assert_eq!(alice.play(&gote_push()).err(), Some(HallError::NotYourTurn));
    bob.play(&gote_push()).unwrap();
    assert_eq!(texts(&alice.view()), vec!["7g7f", "3c3d"]);

    let watcher = hall.watch(&view.code, &player("carol")).unwrap();
    assert!(watcher.is_spectator());
    assert_eq!(watcher.view().moves.len(), 2);
    assert_eq!(watcher.view().spectators, 1);
    assert!(watcher.play(&step((7, 2), (7, 3))).is_err());

    let usi = hall
        .export(&view.game_id, Some("usi"), Reader::Admin)
        .unwrap();
    assert!(usi.ends_with("moves 7g7f 3c3d"), "{usi}");
    assert!(
        hall.export(&view.game_id, Some("kif"), Reader::Admin)
            .unwrap()
            .contains("先手：alice")
    );
    // Without a format, two-player shogi's usual record: KIF in UTF-8.
    assert_eq!(
        hall.export(&view.game_id, None, Reader::Admin),
        hall.export(&view.game_id, Some("kifu"), Reader::Admin)
    );
    let wrong = hall
        .export(&view.game_id, Some("pgn"), Reader::Admin)
        .unwrap_err();
    assert!(matches!(wrong, HallError::BadFormat(..)));
    assert!(
        wrong.to_string().contains("has usi, kifu, kif, csa"),
        "{wrong}"
    );
    assert!(matches!(
        hall.export("nope-1", Some("usi"), Reader::Admin),
        Err(HallError::NoSuchGame(_))
    ));
}

#[tokio::test]
async fn public_rooms_are_listed_and_quick_play_fills_them() {
    let hall = Hall::new(1);
    let host = hall
        .create_room(&player("host"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    let lobby = hall.lobby().borrow().clone();
    assert_eq!(lobby.len(), 1);
    assert_eq!(
        (lobby[0].taken, lobby[0].total, lobby[0].host.as_str()),
        (1, 2, "host")
    );
    let guest = hall.quick_play(&player("guest"), GameKind::Shogi).unwrap();
    assert_eq!(guest.view().id, host.view().id);
    assert_eq!(hall.lobby().borrow()[0].phase, Phase::Playing);
}

/// A name a guest chose is shown as `name (guest)` wherever others see
/// it (seats, the lobby's host column); the server's `guest-N` as it is.
#[tokio::test]
async fn guests_are_marked_where_names_are_shown() {
    let hall = Hall::new(1);
    let ann = hall
        .create_room(&guest("ann"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    assert_eq!(hall.lobby().borrow()[0].host, "ann (guest)");
    let code = ann.view().code.clone();
    let other = hall.join(&code, &guest("guest-7")).unwrap();
    let view = other.view();
    assert_eq!(view.seats[0].label().to_string(), "ann (guest)");
    assert_eq!(view.seats[1].label().to_string(), "guest-7");
    let keyed = hall
        .create_room(&player("bob"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    assert_eq!(keyed.view().seats[0].label().to_string(), "bob");
}

#[tokio::test]
async fn the_host_starts_early_and_the_cpu_takes_the_empty_seat() {
    let hall = Hall::new(1);
    let mut host = hall
        .create_room(&player("host"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    assert_eq!(host.view().seats[1], Occupant::Empty);
    host.start().unwrap();
    assert_eq!(
        host.start().err(),
        Some(HallError::WrongPhase("phase-started"))
    );
    assert!(matches!(host.view().seats[1], Occupant::Cpu { .. }));
    host.play(&sente_push()).unwrap();
    wait_for(&mut host, |v| v.moves.len() == 2).await;
}

#[tokio::test]
async fn versus_computer_and_same_device_start_at_once() {
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.mode = Mode::VsComputer;
    let mut solo = hall.create_room(&player("solo"), settings).unwrap();
    assert_eq!(solo.view().phase, Phase::Playing);
    solo.play(&sente_push()).unwrap();
    wait_for(&mut solo, |v| v.moves.len() == 2).await;

    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.mode = Mode::SameDevice;
    let table = hall.create_room(&player("pair"), settings).unwrap();
    assert_eq!(table.seats().iter().count(), 2);
    table.play(&sente_push()).unwrap();
    table.play(&gote_push()).unwrap();
    assert_eq!(texts(&table.view()), vec!["7g7f", "3c3d"]);
    assert!(
        hall.lobby().borrow().is_empty(),
        "only online rooms are listed"
    );
}

#[tokio::test]
async fn a_new_round_needs_every_human_and_swaps_sides() {
    let hall = Hall::new(1);
    let alice = hall
        .create_room(&player("alice"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    let bob = hall.join(&alice.view().code, &player("bob")).unwrap();
    assert_eq!(
        bob.new_round().err(),
        Some(HallError::WrongPhase("phase-not-over"))
    );
    alice.resign().unwrap();
    let view = bob.view();
    assert_eq!(view.phase, Phase::Finished);
    assert!(
        view.status.to_string().contains("bob won"),
        "{}",
        view.status
    );
    bob.new_round().unwrap();
    assert_eq!(
        bob.view().phase,
        Phase::Finished,
        "alice has not agreed yet"
    );
    alice.new_round().unwrap();
    let view = alice.view();
    assert_eq!(view.phase, Phase::Playing);
    assert_eq!(
        view.game_id.split('-').nth(1),
        Some("2"),
        "{}",
        view.game_id
    );
    assert_eq!(
        bob.seats().iter().collect::<Vec<_>>(),
        vec![Seat(0)],
        "bob is sente now"
    );
    bob.play(&sente_push()).unwrap();
}

#[tokio::test]
async fn a_player_who_leaves_mid_game_keeps_the_seat() {
    let hall = Hall::new(1);
    let alice = hall
        .create_room(&player("alice"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    let code = alice.view().code.clone();
    let bob = hall.join(&code, &player("bob")).unwrap();
    drop(bob);
    assert_eq!(alice.view().seats[1].label().to_string(), "bob (away)");
    let bob = hall.join(&code, &player("bob")).unwrap();
    assert_eq!(bob.seats().iter().collect::<Vec<_>>(), vec![Seat(1)]);
    assert_eq!(alice.view().seats[1].label().to_string(), "bob");
    assert_eq!(
        hall.join(&code, &player("carol")).err(),
        Some(HallError::NoEntry),
        "a full room answers as an unknown code does"
    );
}

#[tokio::test]
async fn an_empty_room_closes() {
    let hall = Hall::new(1);
    let host = hall
        .create_room(&player("host"), RoomSettings::new(GameKind::Shogi))
        .unwrap();
    let code = host.view().code.clone();
    drop(host);
    assert!(hall.lobby().borrow().is_empty());
    assert_eq!(
        hall.join(&code, &player("late")).err(),
        Some(HallError::NoEntry)
    );
}

#[tokio::test]
async fn a_keyed_player_s_name_is_remembered() {
    let hall = Hall::new(1);
    let named = Identity {
        id: "key:SHA256:abc".into(),
        name: "hanako".into(),
        keyed: true,
    };
    assert_eq!(hall.remember(named.clone(), true).name, "hanako");
    let anonymous = Identity {
        name: "abc123".into(),
        ..named
    };
    assert_eq!(hall.remember(anonymous, false).name, "hanako");
    let guest = Identity {
        id: "guest:1".into(),
        name: "guest-1".into(),
        keyed: false,
    };
    assert_eq!(hall.remember(guest.clone(), false), guest);
}

#[tokio::test]
async fn a_four_player_game_is_played_to_its_placings_on_one_device() {
    use banmen::rules::vocab::Verdict;
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Shogi4);
    settings.mode = Mode::SameDevice;
    settings.rules.set("move-limit", "1500").unwrap();
    let table = hall.create_room(&player("four"), settings).unwrap();
    assert_eq!(table.seats().iter().count(), 4);
    for _ in 0..1500 {
        let view = table.view();
        if view.phase == Phase::Finished {
            break;
        }
        let mv = banmen::cpu::choose_move(&view.game, 2).expect("a move while playing");
        table.play(&mv).unwrap();
    }
    let view = table.view();
    assert_eq!(view.phase, Phase::Finished, "{}", view.status);
    let outcome = view.game.outcome().expect("an outcome");
    let Verdict::Placings(places) = &outcome.verdict else {
        panic!("individual four-player shogi ends in placings: {outcome:?}");
    };
    assert_eq!(places.len(), 4);
    assert!(places.iter().any(|p| p.place == 1));
    assert!(
        view.status.to_string().starts_with("Game over"),
        "{}",
        view.status
    );
    // One person plays every seat, so the places name the seats.
    for seat in ["South", "West", "North", "East"] {
        assert!(view.status.to_string().contains(seat), "{}", view.status);
    }
    assert!(view.status.to_string().contains("1st ") && !view.status.to_string().contains("four"));
}

/// Without a format, a four-player game exports in its own record (which
/// the profile screen's export command relies on): PGN4 for four-player
/// chess, SFEN4 for four-player shogi; KIF is refused with the formats the
/// game has.
#[tokio::test]
async fn four_player_games_export_their_own_record_by_default() {
    let hall = Hall::new(1);
    for (kind, usual, others) in [
        (GameKind::Chess4, "pgn4", "has pgn4, fen4"),
        (GameKind::Shogi4, "sfen4", "has sfen4"),
    ] {
        let mut settings = RoomSettings::new(kind);
        settings.mode = Mode::SameDevice;
        let table = hall.create_room(&player("four"), settings).unwrap();
        let mv = banmen::cpu::choose_move(&table.view().game, 1).expect("a first move");
        table.play(&mv).unwrap();
        let id = table.view().game_id.clone();
        let record = hall.export(&id, None, Reader::Admin).unwrap();
        assert_eq!(Ok(record), hall.export(&id, Some(usual), Reader::Admin));
        let kif = hall.export(&id, Some("kif"), Reader::Admin).unwrap_err();
        assert!(kif.to_string().contains(others), "{kif}");
    }
}

/// Plays a same-device four-player chess room of `kind` to its end with
/// the CPU choosing every move; returns the final view.
fn play_chess4_to_the_end(kind: &str) -> banmen::hall::RoomView {
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Chess4);
    settings.mode = Mode::SameDevice;
    settings.rules.set("type", kind).unwrap();
    settings.rules.set("move-limit", "600").unwrap();
    let table = hall.create_room(&player("four"), settings).unwrap();
    for _ in 0..700 {
        let view = table.view();
        if view.phase == Phase::Finished {
            break;
        }
        let mv = banmen::cpu::choose_move(&view.game, 3).expect("a move while playing");
        table.play(&mv).unwrap();
    }
    (*table.view()).clone()
}

#[tokio::test]
async fn four_player_chess_games_are_played_to_their_end_in_both_types() {
    use banmen::rules::vocab::Verdict;
    let teams = play_chess4_to_the_end("teams");
    assert_eq!(teams.phase, Phase::Finished, "{}", teams.status);
    let outcome = teams.game.outcome().expect("an outcome");
    assert!(
        matches!(outcome.verdict, Verdict::Win(_) | Verdict::Draw),
        "{outcome:?}"
    );
    assert!(
        teams.status.to_string().starts_with("Game over"),
        "{}",
        teams.status
    );
    let ffa = play_chess4_to_the_end("ffa");
    assert_eq!(ffa.phase, Phase::Finished, "{}", ffa.status);
    let outcome = ffa.game.outcome().expect("an outcome");
    let Verdict::Placings(places) = &outcome.verdict else {
        panic!("free-for-all ends in placings: {outcome:?}");
    };
    assert_eq!(places.len(), 4);
    assert!(ffa.status.to_string().contains("1st"), "{}", ffa.status);
    // The record exports as PGN4 and replays to the same position.
    let pgn = ffa
        .game
        .export("pgn4", &["a", "b", "c", "d"])
        .expect("pgn4");
    let (start, moves) =
        banmen::rules::chess4::pgn4::read_game(&pgn, banmen::rules::chess4::Variant::FreeForAll)
            .expect("our own PGN4 reads back");
    let rules = banmen::rules::chess4::Chess4Rules {
        variant: banmen::rules::chess4::Variant::FreeForAll,
        move_limit: Some(600),
        ..Default::default()
    };
    let mut replayed = banmen::rules::chess4::ChessGame4::from_position(rules, start);
    for mv in moves {
        replayed.play(mv).expect("each recorded move is legal");
    }
    assert_eq!(replayed.position().to_fen4(), ffa.game.position_text());
}

#[tokio::test]
async fn four_player_rooms_rotate_the_first_seat_each_new_round() {
    use banmen::rules::vocab::Seat;
    let hall = Hall::new(1);
    let mut settings = RoomSettings::new(GameKind::Chess4);
    settings.mode = Mode::SameDevice;
    settings.rules.set("move-limit", "2").unwrap();
    let table = hall.create_room(&player("four"), settings).unwrap();
    for round in 0..3u8 {
        let view = table.view();
        assert_eq!(view.game.to_move(), Some(Seat(round)), "round {round}");
        for _ in 0..2 {
            let mv = banmen::cpu::choose_move(&table.view().game, 1).expect("a move");
            table.play(&mv).unwrap();
        }
        assert_eq!(table.view().phase, Phase::Finished);
        table.new_round().unwrap();
    }
}
