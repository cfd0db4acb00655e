//! `banmen play`'s export panel writes the game's records to files: one
//! per format, named after the game, holding what the panel shows.

mod common;
mod ui_support;
use banmen::hall::view::Entry;
use banmen::hall::{Mode, RoomSettings};
use banmen::rules::GameKind;
use banmen::store::memory::MemoryStore;
use banmen::ui::App;
use common::*;
use std::sync::Arc;
use termwiz::input::KeyCode;
use ui_support::{address, chars, key, me, render};

#[test]
fn w_in_the_export_panel_writes_each_record_to_a_file() {
    let store = Arc::new(MemoryStore::new());
    let hall = open_hall(&store, &banmen::hall::Clock::system());
    let alice = me("alice");
    let mut settings = RoomSettings::new(GameKind::Shogi);
    settings.mode = Mode::SameDevice;
    let room = hall.create_room(&alice, settings).expect("room");
    play(&room, "7g7f");
    play(&room, "3c3d");
    let id = room.view().code.clone();
    let mut app = App::new(hall.clone(), alice, Entry::Join(id), address());
    let dir = temp_dir();
    app.export_to_files(dir.to_path_buf());
    chars(&mut app, "e");
    let panel = render(&mut app, 120, 90);
    assert!(panel.has("writes these records"), "{}", panel.text());
    assert!(
        !panel.has("ssh "),
        "no download command offline:\n{}",
        panel.text()
    );
    chars(&mut app, "w");
    let game_id = room.view().game_id.clone();
    let usi = std::fs::read_to_string(dir.join(format!("{game_id}.usi"))).expect("usi file");
    assert!(usi.ends_with("moves 7g7f 3c3d"), "{usi}");
    let kif = std::fs::read_to_string(dir.join(format!("{game_id}.kifu"))).expect("kifu file");
    assert!(kif.contains("７六歩"), "{kif}");
    let screen = render(&mut app, 120, 90);
    assert!(screen.has("4 files written"), "{}", screen.text());

    // A directory that cannot be made: told, and the game goes on.
    let blocked = dir.join("a-file");
    std::fs::write(&blocked, "x").unwrap();
    app.export_to_files(blocked.join("sub"));
    chars(&mut app, "w");
    let screen = render(&mut app, 120, 90);
    assert!(screen.has("Could not write the files"), "{}", screen.text());
    key(&mut app, KeyCode::Escape);
    assert_eq!(room.view().moves.len(), 2);
}
