//! `banmen migrate` (docs/protocols.md "Moving a hall"): a hall of a few
//! hundred finished games, unfinished rooms, ranked games between keys, a
//! private room and resume codes, made by the library's hall on sled, is
//! copied by the real binary sled → NATS → sled (and sled → sled), and the
//! copy holds the same data and opens as the same hall: every game's
//! export in every format, the ratings, the room logs, the resume codes.
//! And what it refuses: a target that holds data (left as it was), a
//! source a server holds, an address that does not read.
//!
//! The NATS parts skip with one line when `BANMEN_NO_NATS=1`.

use banmen::hall::{
    Clock, Hall, HallError, HallOptions, Identity, Mode, Phase, Privacy, Reader, RoomHandle,
    RoomSettings,
};
use banmen::ratings::Category;
use banmen::rules::GameKind;
use banmen::store::nats_store::{NatsOptions, NatsStore};
use banmen::store::sled_store::SledStore;
use banmen::store::{RoomLog, SeatToken, Store};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

mod nats_support;
mod temp_support;
use nats_support::NatsServer;
use temp_support::TempDir;

/// Every export format of the three games.
const FORMATS: [&str; 5] = ["usi", "kif", "sfen4", "pgn4", "fen4"];
/// When the hall "runs" (a manual clock), and when it is reopened.
const NOW: u64 = 1_767_225_600_000;

/// A sled directory as `migrate` takes it.
trait SledArg {
    fn arg(&self) -> String;
}

impl SledArg for TempDir {
    fn arg(&self) -> String {
        format!("sled:{}", self.path().display())
    }
}

fn player(name: &str) -> Identity {
    Identity {
        id: format!("key:{name}"),
        name: name.to_string(),
        keyed: true,
    }
}

fn guest(name: &str) -> Identity {
    Identity {
        id: format!("guest:{name}"),
        name: name.to_string(),
        keyed: false,
    }
}

/// One host may open every room.
fn options() -> HallOptions {
    HallOptions {
        rooms_per_player: usize::MAX,
        rooms_per_ip: usize::MAX,
        max_rooms: usize::MAX,
        ..HallOptions::default()
    }
}

fn open_sled(dir: &Path) -> SledStore {
    SledStore::open(dir).expect("open the sled store")
}

fn open_nats(url: &str, hall: &str) -> NatsStore {
    let mut options = NatsOptions::new(url);
    options.hall = hall.into();
    NatsStore::open(&options).expect("open the NATS store")
}

/// The hall on `store`, every room rebuilt.
fn open_hall(store: Arc<dyn Store>) -> Hall {
    let (hall, report) = Hall::open(store, options(), Clock::manual(NOW)).expect("the hall opens");
    assert!(report.failed.is_empty(), "{report:?}");
    hall
}

// ---- the hall that moves ----

/// What the hall was given, to ask the copy about.
struct Made {
    /// Every game's id (finished or going on).
    games: Vec<String>,
    /// Keyed players of ranked games.
    players: Vec<Identity>,
    /// Usable resume codes: the code, whose seat, which room.
    codes: Vec<(String, Identity, String)>,
    /// A code a newer one ended.
    ended: String,
}

/// Plays up to `plies` moves chosen by a fixed rule on a same-device
/// table (the handle plays every seat).
fn play_some(table: &RoomHandle, plies: usize, salt: usize) {
    for ply in 0..plies {
        let view = table.view();
        let legal = view.game.legal_moves();
        if view.phase != Phase::Playing || legal.is_empty() {
            return;
        }
        table
            .play(&legal[(ply * 7 + salt) % legal.len()])
            .expect("a legal move");
    }
}

/// Resigns for the seat to move until the game is over (four-player
/// chess goes on among those left).
fn finish(table: &RoomHandle) {
    while table.view().phase == Phase::Playing {
        table.resign().expect("resign");
    }
    assert_eq!(table.view().phase, Phase::Finished);
}

/// The games that finish by resigning (four-player shogi has no
/// resignation: its rooms are among those going on).
const RESIGNABLE: [GameKind; 2] = [GameKind::Shogi, GameKind::Chess4];

fn same_device(kind: GameKind) -> RoomSettings {
    let mut settings = RoomSettings::new(kind);
    settings.mode = Mode::SameDevice;
    settings
}

/// Builds the hall in `dir`: 200 same-device rooms of shogi and
/// four-player chess with 300 finished games among them (every other room plays a second
/// round; every fifth is then closed by an admin and every fifth left by
/// its player, which closes it too: their games are kept for export
/// only),
/// 20 rooms of the three games with a game going on, 30 ranked games between four keys, a
/// private room with a guest, and a guest whose second code ended the
/// first.
fn build_hall(dir: &Path) -> Made {
    let store = Arc::new(open_sled(dir));
    let hall = Hall::with_store(store.clone(), options(), Clock::manual(NOW - 60_000));
    let host = player("host");
    let mut games = Vec::new();
    // Handles held to the end: a finished room everybody left closes.
    let mut held = Vec::new();
    for i in 0..200 {
        let table = hall
            .create_room(&host, same_device(RESIGNABLE[i % 2]))
            .expect("a room");
        play_some(&table, 4 + i % 17, i);
        games.push(table.view().game_id.clone());
        finish(&table);
        if i % 2 == 0 {
            table.new_round().expect("a second round");
            assert_eq!(table.view().phase, Phase::Playing);
            play_some(&table, 3 + i % 5, i + 1);
            games.push(table.view().game_id.clone());
            finish(&table);
        }
        match i % 5 {
            1 => {
                let code = table.view().code.clone();
                hall.close_by_admin(&code, "root").expect("closed");
            }
            3 => drop(table),
            _ => held.push(table),
        }
    }
    for i in 0..20 {
        let table = hall
            .create_room(&host, same_device(GameKind::HALL[i % 3]))
            .expect("a room");
        play_some(&table, 3 + i, i);
        assert_eq!(table.view().phase, Phase::Playing);
        games.push(table.view().game_id.clone());
        held.push(table);
    }
    let players: Vec<Identity> = ["alice", "bob", "carol", "dave"]
        .iter()
        .map(|n| player(n))
        .collect();
    for p in &players {
        hall.remember(p.clone(), true);
    }
    for i in 0..30 {
        // Each game between two of the four, never one against itself.
        let (a, b) = (&players[i % 4], &players[(i + 1 + (i / 4) % 3) % 4]);
        let mut settings = RoomSettings::new(GameKind::Shogi);
        settings.ranked = true;
        settings.privacy = if i % 3 == 0 {
            Privacy::Private
        } else {
            Privacy::Public
        };
        settings.rules.set("swap-sides", "off").expect("a rule");
        let first = hall.create_room(a, settings).expect("a ranked room");
        let second = hall.join(&first.view().code, b).expect("joined");
        let mv = first.view().game.parse_text("7g7f").expect("7g7f");
        first.play(&mv).expect("played");
        games.push(first.view().game_id.clone());
        let loser = if i % 3 == 2 { &first } else { &second };
        loser.resign().expect("resigned");
        held.extend([first, second]);
    }
    // A private room going on, with a guest holding a resume code.
    let mut private = RoomSettings::new(GameKind::Shogi);
    private.privacy = Privacy::Private;
    private.rules.set("swap-sides", "off").expect("a rule");
    let alice = hall.create_room(&players[0], private).expect("a room");
    let code = alice.view().code.clone();
    let gus = hall.join(&code, &guest("gus")).expect("joined");
    let gus_code = gus.resume_code().expect("a resume code").to_string();
    let mv = alice.view().game.parse_text("2g2f").expect("2g2f");
    alice.play(&mv).expect("played");
    games.push(alice.view().game_id.clone());
    let private_room = alice.view().id.clone();
    // A public room where a guest came back by the invite code: a new
    // code, the first ended.
    let bob = hall
        .create_room(&players[1], RoomSettings::new(GameKind::Shogi))
        .expect("a room");
    let invite = bob.view().code.clone();
    let ann = hall.join(&invite, &guest("ann")).expect("joined");
    let ended = ann.resume_code().expect("a resume code").to_string();
    drop(ann);
    let ann = hall.join(&invite, &guest("ann")).expect("back");
    let ann_code = ann.resume_code().expect("a new code").to_string();
    let public_room = bob.view().id.clone();
    store.heartbeat(NOW - 1000).expect("a heartbeat");
    // Registered bots, one registered again and one removed.
    for (name, record) in [
        ("sente-bot", &b"first"[..]),
        ("gote bot:2", b"second"),
        ("gone", b"removed"),
        ("sente-bot", b"registered again"),
    ] {
        store.put_bot(name, record).expect("a bot");
    }
    assert!(store.remove_bot("gone").expect("removed"));
    // The hall goes first, so that the rooms stay when their players go.
    drop(hall);
    drop((held, alice, gus, bob, ann));
    Made {
        games,
        players,
        codes: vec![
            (gus_code, guest("gus"), private_room),
            (ann_code, guest("ann"), public_room),
        ],
        ended,
    }
}

// ---- what a store holds ----

/// Everything a store holds, as the trait reads it (journal lines
/// without their numbers, which the target gives).
#[derive(Debug, PartialEq)]
struct Dump {
    logs: Vec<RoomLog>,
    journal: Vec<Vec<u8>>,
    tokens: Vec<([u8; 32], SeatToken)>,
    identities: Vec<(String, String)>,
    bots: Vec<(String, Vec<u8>)>,
    games: Vec<(String, Vec<u8>)>,
    rated: Vec<(String, Vec<u8>)>,
    heartbeat: Option<u64>,
}

fn dump(store: &dyn Store) -> Dump {
    let journal = store.journal(None).map(|l| l.expect("a line").1).collect();
    Dump {
        logs: store.logs().expect("logs"),
        journal,
        tokens: store.tokens().expect("tokens"),
        identities: store.identities().expect("identities"),
        bots: store.bots().expect("bots"),
        games: store.games().expect("games"),
        rated: store.rated_keyed().expect("rated"),
        heartbeat: store.last_heartbeat().expect("heartbeat"),
    }
}

/// Compares two dumps part by part (a whole dump is too long to print).
fn assert_same(a: &Dump, b: &Dump, what: &str) {
    assert_eq!(a.logs.len(), b.logs.len(), "{what}: rooms");
    assert!(a.logs == b.logs, "{what}: the room logs differ");
    assert_eq!(a.journal.len(), b.journal.len(), "{what}: journal lines");
    assert!(a.journal == b.journal, "{what}: the journal differs");
    assert_eq!(a.tokens, b.tokens, "{what}: tokens");
    assert_eq!(a.identities, b.identities, "{what}: identities");
    assert_eq!(a.bots, b.bots, "{what}: bots");
    assert_eq!(a.games.len(), b.games.len(), "{what}: kept games");
    assert!(a.games == b.games, "{what}: the kept games differ");
    assert_eq!(a.rated, b.rated, "{what}: rated games");
    assert_eq!(a.heartbeat, b.heartbeat, "{what}: heartbeat");
}

fn dump_sled(dir: &Path) -> Dump {
    dump(&open_sled(dir))
}

// ---- the binary ----

/// Runs `banmen migrate --from FROM --to TO`: status, stdout, stderr.
fn migrate(from: &str, to: &str) -> (i32, String, String) {
    migrate_with(from, to, &[])
}

/// The same with more options.
fn migrate_with(from: &str, to: &str, more: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_banmen"))
        .args(["migrate", "--from", from, "--to", to])
        .args(more)
        .output()
        .expect("run banmen migrate");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// Runs a migration that must succeed; its summary line.
fn migrated(from: &str, to: &str) -> String {
    let (status, out, err) = migrate(from, to);
    assert_eq!(status, 0, "migrate {from} → {to}: {err}");
    assert!(err.is_empty(), "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    eprintln!("{}", out.trim_end());
    out
}

/// Runs a migration that must be refused: its one line on stderr.
fn refused(from: &str, to: &str) -> String {
    let (status, out, err) = migrate(from, to);
    assert_eq!(status, 2, "migrate {from} → {to}: {out}{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("banmen: "), "{err}");
    err
}

/// Checks the summary's counts against what the source holds.
fn assert_counts(summary: &str, d: &Dump) {
    let events: usize = d.logs.iter().map(|(_, l)| l.len()).sum();
    for part in [
        format!("{} rooms ({events} events)", d.logs.len()),
        format!("{} journal lines", d.journal.len()),
        format!("{} resume codes", d.tokens.len()),
        format!("{} identities", d.identities.len()),
        format!("{} bots", d.bots.len()),
        format!("{} games", d.games.len()),
        format!("{} rated games", d.rated.len()),
        "the last heartbeat".into(),
    ] {
        assert!(summary.contains(&part), "{part:?} in {summary}");
    }
}

// ---- the hall the copy opens as ----

/// Every answer `export` gives about the games, in every format, as an
/// admin.
fn exports(hall: &Hall, games: &[String]) -> Vec<Result<String, String>> {
    let mut all = Vec::new();
    for id in games {
        for format in FORMATS {
            let text = hall.export(id, Some(format), Reader::Admin);
            all.push(text.map_err(|e| e.to_string()));
        }
    }
    all
}

/// What the hall says about ratings: every category's leaderboard and
/// every player's profile (as they see it, and as another player does).
fn ratings(hall: &Hall, players: &[Identity]) -> String {
    let mut text = String::new();
    for category in Category::ALL {
        text += &format!("{:?}\n", hall.leaderboard(category, 100));
    }
    for p in players {
        text += &format!("{:?}\n", hall.profile(&p.id, &p.name, &p.id));
        text += &format!("{:?}\n", hall.profile(&p.id, &p.name, "key:other"));
    }
    text
}

/// What the resume codes open: whose seat, in which room, which seats.
fn resumes(hall: &Hall, made: &Made) -> Vec<(Identity, String, Vec<u8>)> {
    assert!(matches!(
        hall.resume(&made.ended),
        Err(HallError::NoSuchCode)
    ));
    made.codes
        .iter()
        .map(|(code, who, room)| {
            let (found, handle) = hall.resume(code).expect("the code resumes");
            assert_eq!(&found, who);
            assert_eq!(&handle.view().id, room);
            let seats = handle.seats().iter().map(|s| s.0).collect();
            (found, handle.view().id.clone(), seats)
        })
        .collect()
}

/// The hall as an admin and players see it.
struct Seen {
    /// Every game's export in every format.
    exports: Vec<Result<String, String>>,
    /// Leaderboards and profiles.
    ratings: String,
    /// What each resume code opens.
    resumes: Vec<(Identity, String, Vec<u8>)>,
}

fn seen(hall: &Hall, made: &Made) -> Seen {
    Seen {
        exports: exports(hall, &made.games),
        ratings: ratings(hall, &made.players),
        resumes: resumes(hall, made),
    }
}

/// Compares what two halls show, part by part.
fn assert_seen_same(a: &Seen, b: &Seen, what: &str) {
    assert_eq!(a.exports.len(), b.exports.len());
    for (i, (x, y)) in a.exports.iter().zip(&b.exports).enumerate() {
        assert!(x == y, "{what}: export {i} differs: {x:?} / {y:?}");
    }
    assert_eq!(a.ratings, b.ratings, "{what}: ratings");
    assert_eq!(a.resumes, b.resumes, "{what}: resume codes");
}

#[test]
fn a_hall_moves_from_sled_to_nats_and_back_unchanged() {
    let source = TempDir::new("source");
    let made = build_hall(source.path());
    let original = dump_sled(source.path());
    assert!(original.games.len() >= 330, "{}", original.games.len());
    assert!(original.rated.len() == 30, "{}", original.rated.len());
    // 120 same-device rooms left open, 20 going on, 30 ranked, 2 more.
    assert_eq!(original.logs.len(), 172);
    assert!(original.tokens.len() >= 2, "{:?}", original.tokens);
    let bots: Vec<&str> = original.bots.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(bots, ["gote bot:2", "sente-bot"]);

    // sled → sled.
    let copy = TempDir::new("sled-copy");
    let summary = migrated(&source.arg(), &copy.arg());
    assert_counts(&summary, &original);
    assert_same(&original, &dump_sled(copy.path()), "sled → sled");

    // sled → NATS → sled.
    let back = TempDir::new("back");
    let nats = NatsServer::start("a_hall_moves_from_sled_to_nats_and_back_unchanged");
    if let Some(nats) = &nats {
        let hall = format!("{}#moved", nats.url());
        let summary = migrated(&source.arg(), &hall);
        assert_counts(&summary, &original);
        assert_same(
            &original,
            &dump(&open_nats(&nats.url(), "moved")),
            "sled → NATS",
        );
        let summary = migrated(&hall, &back.arg());
        assert_counts(&summary, &original);
        assert_same(&original, &dump_sled(back.path()), "NATS → sled");

        // A NATS hall that holds data is refused and left alone.
        let err = refused(&copy.arg(), &hall);
        assert!(err.contains("is not empty"), "{err}");
        assert_same(
            &original,
            &dump(&open_nats(&nats.url(), "moved")),
            "refused",
        );
        // So is one a server holds (its lease), before the target is made.
        let held = open_nats(&nats.url(), "moved");
        let elsewhere = TempDir::new("elsewhere");
        let err = refused(&hall, &elsewhere.arg());
        assert!(err.contains("in use by another banmen server"), "{err}");
        assert!(!elsewhere.path().exists());
        drop(held);
    }

    // The copies open as the hall that was.
    let expected = seen(&open_hall(Arc::new(open_sled(source.path()))), &made);
    let answered = expected.exports.iter().filter(|e| e.is_ok()).count();
    assert!(answered > made.games.len(), "{answered} exports");
    assert!(expected.ratings.contains("alice"), "{}", expected.ratings);
    let copied = seen(&open_hall(Arc::new(open_sled(copy.path()))), &made);
    assert_seen_same(&expected, &copied, "sled → sled");
    if nats.is_some() {
        let moved = seen(&open_hall(Arc::new(open_sled(back.path()))), &made);
        assert_seen_same(&expected, &moved, "sled → NATS → sled");
    }
}

/// A small hall: a finished game (its room closed when its player left;
/// the game is kept for export), its journal, a kept name and a bot.
fn small_hall(dir: &Path) {
    let store = Arc::new(open_sled(dir));
    store.put_bot("lone-bot", b"a record").expect("a bot");
    let hall = Hall::with_store(store, options(), Clock::manual(NOW));
    let table = hall
        .create_room(&player("host"), same_device(GameKind::Shogi))
        .expect("a room");
    play_some(&table, 5, 0);
    finish(&table);
    hall.remember(player("host"), true);
}

#[test]
fn a_target_that_holds_data_is_refused_and_left_as_it_was() {
    let source = TempDir::new("small");
    small_hall(source.path());
    let target = TempDir::new("full");
    {
        let store = open_sled(target.path());
        store.put_identity("key:zed", "zed").expect("a name");
        store.note(b"a line").expect("a line");
    }
    let before = dump_sled(target.path());
    let err = refused(&source.arg(), &target.arg());
    assert!(err.contains("is not empty"), "{err}");
    assert_eq!(dump_sled(target.path()), before);
    // The source is only read.
    let copy = TempDir::new("copy");
    let kept = dump_sled(source.path());
    let summary = migrated(&source.arg(), &copy.arg());
    assert!(summary.contains(", 1 bot, "), "{summary}");
    assert_eq!(dump_sled(source.path()), kept);
    assert_eq!(dump_sled(copy.path()), kept);
    assert_eq!(kept.bots, [("lone-bot".to_string(), b"a record".to_vec())]);
    // A target holding only a registered bot holds data too.
    let bots_only = TempDir::new("bots-only");
    open_sled(bots_only.path())
        .put_bot("some-bot", b"record")
        .expect("a bot");
    let before = dump_sled(bots_only.path());
    let err = refused(&source.arg(), &bots_only.arg());
    assert!(err.contains("is not empty"), "{err}");
    assert_eq!(dump_sled(bots_only.path()), before);
}

#[test]
fn a_source_a_server_holds_is_refused() {
    let source = TempDir::new("held");
    small_hall(source.path());
    let held = open_sled(source.path());
    let target = TempDir::new("unmade");
    let err = refused(&source.arg(), &target.arg());
    assert!(err.contains("in use by another process"), "{err}");
    assert!(!target.path().exists());
    drop(held);
}

#[test]
fn sources_and_targets_that_cannot_be_copied_are_one_line_and_status_2() {
    let dir = TempDir::new("some");
    for (from, to, says) in [
        (
            "foo:bar",
            "sled:x",
            "expected sled:DIRECTORY or nats://HOST:PORT[#HALL]",
        ),
        (
            "sled:x",
            "http://host",
            "expected sled:DIRECTORY or nats://HOST:PORT[#HALL]",
        ),
        ("sled:", "sled:x", "expected sled:DIRECTORY"),
    ] {
        let err = refused(from, to);
        assert!(err.contains(says), "{err}");
    }
    let err = refused(&dir.arg(), "sled:elsewhere");
    assert!(err.contains("does not exist"), "{err}");
    assert!(!dir.path().exists(), "a missing source is not made");
    let err = refused(&dir.arg(), &dir.arg());
    assert!(err.contains("the same hall"), "{err}");
    // An empty store is no hall: a mistyped source copies nothing.
    drop(open_sled(dir.path()));
    let err = refused(&dir.arg(), "sled:elsewhere");
    assert!(err.contains("holds no hall"), "{err}");
}

/// `--nats-credentials` and `--replicas` reach the NATS side: a missing
/// credentials file and three copies on a single server are each refused
/// in one line, and nothing is written.
#[test]
fn nats_options_reach_the_nats_side() {
    let Some(nats) = NatsServer::start("migrate-options") else {
        return;
    };
    let source = TempDir::new("opts");
    small_hall(source.path());
    let to = nats.url();
    let (status, _, err) = migrate_with(
        &source.arg(),
        &to,
        &["--nats-credentials", "/nonexistent/banmen.creds"],
    );
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("cannot read NATS credentials"), "{err}");
    let (status, _, err) = migrate_with(&source.arg(), &to, &["--replicas", "3"]);
    assert_eq!(status, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("replicas > 1 not supported"), "{err}");
    let (status, _, err) = migrate_with(&source.arg(), &to, &["--replicas", "9"]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("replicas"), "{err}");
}
