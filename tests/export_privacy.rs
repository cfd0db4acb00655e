//! Who may read a game's record: a public room's games are anyone's; a
//! private room's game going on is its players' and its watchers' by code,
//! a finished one only its players'; anyone else is told there is no such
//! game (as for a wrong id). Game ids do not lead from one game to the
//! next. Over SSH, `export` applies the same rules to the asking key.

mod common;
use banmen::hall::view::Privacy;
use banmen::hall::{Hall, HallError, Identity, Reader, RoomHandle, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::memory::MemoryStore;
use common::*;
use std::sync::Arc;

fn room(hall: &Hall, host: &Identity, privacy: Privacy) -> RoomHandle {
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.privacy = privacy;
    settings.rules.set("swap-sides", "off").ok();
    hall.create_room(host, settings).unwrap()
}

fn reads(hall: &Hall, game: &str, who: &Identity) -> bool {
    match hall.export(game, Some("usi"), Reader::Player(who)) {
        Ok(text) => text.contains("7g7f"),
        Err(HallError::NoSuchGame(_)) => false,
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test]
async fn a_private_game_is_read_only_by_its_players_and_its_watchers_by_code() {
    let store = Arc::new(MemoryStore::new());
    let hall = open_hall(&store, &banmen::hall::Clock::system());
    let (alice, bob) = (player("alice"), player("bob"));
    let (carol, dave) = (player("carol"), guest("dave"));
    let a = room(&hall, &alice, Privacy::Private);
    let code = a.view().code.clone();
    let b = hall.join(&code, &bob).unwrap();
    let _watching = hall.watch(&code, &dave).unwrap();
    play(&a, "7g7f");
    let game = a.view().game_id.clone();

    // Going on: the players and the watcher by code, not a stranger.
    assert!(reads(&hall, &game, &alice) && reads(&hall, &game, &bob));
    assert!(reads(&hall, &game, &dave));
    assert!(!reads(&hall, &game, &carol));
    // A stranger's answer is the one for a game that does not exist.
    let stranger = hall.export(&game, None, Reader::Player(&carol));
    let nothing = hall.export("nope-1-aaaaaa", None, Reader::Player(&carol));
    assert_eq!(
        stranger.unwrap_err().to_string().replace(&game, "ID"),
        nothing
            .unwrap_err()
            .to_string()
            .replace("nope-1-aaaaaa", "ID")
    );

    // Finished: only its players (and admins).
    b.resign().unwrap();
    assert!(reads(&hall, &game, &alice) && reads(&hall, &game, &bob));
    assert!(!reads(&hall, &game, &dave) && !reads(&hall, &game, &carol));
    assert!(hall.export(&game, None, Reader::Admin).is_ok());

    // Kept in the store after the room is gone: the same.
    hall.close_by_admin(&code, "root").unwrap();
    assert!(reads(&hall, &game, &alice));
    assert!(!reads(&hall, &game, &carol) && !reads(&hall, &game, &dave));
    assert!(hall.export(&game, None, Reader::Admin).is_ok());
}

#[tokio::test]
async fn a_public_game_is_anyones() {
    let hall = Hall::new(1);
    let a = room(&hall, &player("alice"), Privacy::Public);
    let b = hall.join(&a.view().code, &player("bob")).unwrap();
    play(&a, "7g7f");
    let game = a.view().game_id.clone();
    assert!(reads(&hall, &game, &guest("anyone")));
    b.resign().unwrap();
    assert!(reads(&hall, &game, &guest("anyone")));
}

/// The next game's id cannot be made from this one's: `ROOM-1-TAG` does
/// not lead to `ROOM-2-…`.
#[tokio::test]
async fn game_ids_do_not_lead_to_the_next_game() {
    let hall = Hall::new(1);
    let a = room(&hall, &player("alice"), Privacy::Private);
    let b = hall.join(&a.view().code, &player("bob")).unwrap();
    let first = a.view().game_id.clone();
    b.resign().unwrap();
    a.new_round().unwrap();
    b.new_round().unwrap();
    let second = a.view().game_id.clone();
    let room_id = first.split('-').next().unwrap();
    assert!(second.starts_with(&format!("{room_id}-2-")), "{second}");
    assert_ne!(second, first.replacen("-1-", "-2-", 1));
    assert_ne!(second, format!("{room_id}-2"));
    let tag = second.rsplit('-').next().unwrap();
    assert_eq!(tag.len(), 6, "{second}");
}

/// Over SSH: another key's `export` of a private game is told there is no
/// such game; the player's own key gets the record.
#[tokio::test]
async fn export_over_ssh_follows_the_same_rules() {
    let dir = temp_dir();
    let hall = Hall::new(1);
    let server = TestServer::start_options(
        &dir.join("host_key"),
        banmen::ui::App::new,
        hall.clone(),
        |_| {},
    )
    .await;
    let alice_ssh = with_key_seed(server.addr, "alice", 1).await;
    let mut alice = Term::open(&alice_ssh, 100, 30).await;
    let code = create_private_room(&mut alice).await;
    let bob = player("bob");
    let _bob = hall.join(&code, &bob).unwrap();
    alice.wait_text("Your move").await;
    type_move(&mut alice, "7g7f").await;
    alice.wait_text("7g7f").await;
    let game = game_id(&alice.text());

    let (out, _, status) = exec_command(&alice_ssh, &format!("export {game} --format usi")).await;
    assert_eq!(status, Some(0));
    assert!(out.contains("7g7f"), "{out}");
    let mallory_ssh = with_key_seed(server.addr, "mallory", 9).await;
    let (out, err, status) = exec_command(&mallory_ssh, &format!("export {game}")).await;
    assert_eq!(status, Some(1));
    assert!(
        out.is_empty() && err.contains("No game has the id"),
        "{err}"
    );
    server.stop().await;
}
