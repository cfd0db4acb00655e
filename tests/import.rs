//! Importing game records (docs/records.md): banmen's own KIF and USI
//! exports read back to the same moves, KIF in Shift_JIS (CP932), CSA,
//! bad records told by line number, random bytes never panicking, and
//! `Hall::import` keeping a game only its importer can export and review.

use banmen::hall::import::ImportError;
use banmen::hall::{Hall, HallError, Identity, Reader};
use banmen::rules::shogi::import::{Ending, Format, Record, read_record};
use banmen::rules::vocab::Seat;
use banmen::rules::{AnyGame, GameKind, RuleValues};
use proptest::prelude::*;

fn player(name: &str) -> Identity {
    Identity {
        id: format!("key:{name}"),
        name: name.to_string(),
        keyed: true,
    }
}

/// A shogi game from `start` (or the handicap's) after `moves`.
fn game(handicap: &str, start: Option<&str>, moves: &[&str]) -> AnyGame {
    let mut rules = RuleValues::defaults(GameKind::Shogi.rule_specs());
    rules.set("handicap", handicap).unwrap();
    let mut game = AnyGame::new(GameKind::Shogi, &rules, start).unwrap();
    for mv in moves {
        game.play_text(mv).unwrap();
    }
    game
}

fn read(text: &str) -> Record {
    read_record(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Promotion, drop, `同`, then a resignation.
const PLAYED: [&str; 8] = [
    "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "2b3c", "4e3d", "3c3d",
];

#[test]
fn banmens_kif_and_usi_read_back_to_the_same_moves() {
    let mut played = game("none", None, &PLAYED);
    played.resign(Seat(0)).unwrap();
    let kif = played.export("kif", &["alice", "bob"]).unwrap();
    assert!(
        kif.contains("同　銀(33)") && kif.contains("４五角打"),
        "{kif}"
    );
    let record = read(&kif);
    assert_eq!(record.format, Format::Kif);
    assert_eq!(record.moves, PLAYED);
    assert_eq!(record.names, ["alice".to_string(), "bob".to_string()]);
    assert_eq!(record.ending, Some(Ending::Resignation));
    for (format, read_as) in [
        ("usi", Format::Usi),
        ("kifu", Format::Kif),
        ("csa", Format::Csa),
    ] {
        let again = read(&played.export(format, &["alice", "bob"]).unwrap());
        assert_eq!(
            (again.format, &again.moves),
            (read_as, &record.moves),
            "{format}"
        );
        if format != "usi" {
            assert_eq!(again.ending, Some(Ending::Resignation), "{format}");
        }
    }
}

#[test]
fn a_move_that_does_not_promote_reads_back() {
    let moves = ["7g7f", "3c3d", "8h2b", "3a2b"];
    let kif = game("none", None, &moves).export("kif", &["", ""]).unwrap();
    assert!(kif.contains("２二角不成(88)"), "{kif}");
    assert_eq!(read(&kif).moves, moves);
}

#[test]
fn a_handicap_start_reads_back() {
    let moves = ["3c3d", "7g7f", "4a3b"];
    let played = game("lance", None, &moves);
    let kif = played.export("kif", &["shitate", "uwate"]).unwrap();
    assert!(kif.contains("手合割：香落ち"), "{kif}");
    let record = read(&kif);
    assert_eq!(record.start, played.position_text_of_start());
    assert_eq!(record.moves, moves);
    assert_eq!(record.names[1], "uwate");
    let usi = read(&played.export("usi", &[]).unwrap());
    assert_eq!((usi.start, usi.moves), (record.start, record.moves));
}

#[test]
fn a_board_diagram_start_reads_back() {
    let start = "4k4/9/9/9/9/9/9/9/4K4 b 2Pr 1";
    let moves = ["P*5e", "R*5h", "5i4i"];
    let kif = game("none", Some(start), &moves)
        .export("kif", &["a", "b"])
        .unwrap();
    assert!(kif.contains("+---"), "{kif}");
    let record = read(&kif);
    assert_eq!(
        (record.start.as_str(), record.moves),
        (start, moves.map(String::from).to_vec())
    );
}

/// What `AnyGame` needs to say its start in these tests.
trait StartText {
    fn position_text_of_start(&self) -> String;
}

impl StartText for AnyGame {
    fn position_text_of_start(&self) -> String {
        let usi = self.export("usi", &[]).unwrap();
        let sfen = usi.strip_prefix("position sfen ").unwrap();
        sfen.split(" moves").next().unwrap().to_string()
    }
}

#[test]
fn a_shift_jis_kif_reads_like_utf8() {
    let kif = "\
開始日時：2024/01/02 10:00:00
手合割：平手
先手：羽生
後手：藤井
手数----指手---------消費時間--
*対局開始
   1 ７六歩(77)   ( 0:01/00:00:01)
   2 ３四歩(33)   ( 0:02/00:00:02)
   3 ２二角成(88)   ( 0:01/00:00:02)
   4 同　銀(31)   ( 0:01/00:00:03)
   5 ４五角打   ( 0:03/00:00:05)
   6 中断   ( 0:00/00:00:03)
まで5手で中断
";
    let (bytes, _, errors) = encoding_rs::SHIFT_JIS.encode(kif);
    assert!(!errors);
    assert!(std::str::from_utf8(&bytes).is_err());
    let record = read_record(&bytes).unwrap();
    assert_eq!(record.moves, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(record.names, ["羽生".to_string(), "藤井".to_string()]);
    assert_eq!(record.ending, Some(Ending::Abort));
    assert_eq!(record, read(kif));
}

#[test]
fn csa_reads_with_names_times_and_its_ending() {
    let csa = "\
V2.2
N+sente
N-gote
$EVENT:test
PI
+
+7776FU,T1
-3334FU
T2
+8822UM
-3122GI
'a comment
+0045KA
%TORYO
";
    let record = read(csa);
    assert_eq!(record.format, Format::Csa);
    assert_eq!(record.moves, ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(record.names, ["sente".to_string(), "gote".to_string()]);
    assert_eq!(record.ending, Some(Ending::Resignation));
}

#[test]
fn csa_board_rows_and_hands_set_the_start() {
    let csa = "\
P1 *  *  *  * -OU *  *  *  * 
P2 *  *  *  *  *  *  *  *  * 
P3 *  *  *  *  *  *  *  *  * 
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7 *  *  *  *  *  *  *  *  * 
P8 *  *  *  *  *  *  *  *  * 
P9 *  *  *  * +OU *  *  *  * 
P+00FU00FU
P-00HI
+
+0055FU
%CHUDAN
";
    let record = read(csa);
    assert_eq!(record.start, "4k4/9/9/9/9/9/9/9/4K4 b 2Pr 1");
    assert_eq!(record.moves, ["P*5e"]);
    assert_eq!(record.ending, Some(Ending::Abort));
}

#[test]
fn usi_reads_in_its_usual_forms() {
    let forms = [
        "position startpos moves 7g7f 3c3d",
        "startpos moves 7g7f 3c3d",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d",
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - moves 7g7f 3c3d",
    ];
    for text in forms {
        let record = read(text);
        assert_eq!(record.moves, ["7g7f", "3c3d"], "{text}");
    }
    assert_eq!(
        read("startpos moves 7g7f resign").ending,
        Some(Ending::Resignation)
    );
}

/// The line and reason of a record that does not read.
fn refused(text: &str) -> (usize, String) {
    let e = read_record(text.as_bytes()).expect_err(text);
    assert!(!e.to_string().contains('\n'), "{e}");
    assert_eq!(e.to_string(), format!("line {}: {}", e.line, e.reason));
    (e.line, e.reason)
}

#[test]
fn bad_records_name_their_line() {
    let kif = "先手：a\n後手：b\n手数----指手--\n   1 ７六歩(77)\n   2 ７六歩(77)\n";
    let (line, reason) = refused(kif);
    assert_eq!(line, 5);
    assert!(reason.contains("no such piece on 77"), "{reason}");
    let (line, reason) = refused("先手：a\n   1 ７五歩(77)\n");
    assert_eq!(line, 2);
    assert!(reason.contains("is not a legal move"), "{reason}");
    let (line, reason) = refused("先手：a\n   1 ７六歩(77)\n   3 ３四歩(33)\n");
    assert_eq!(line, 3);
    assert!(reason.contains("move 2 expected"), "{reason}");
    let (line, reason) = refused("手合割：平手\nhello there\n");
    assert_eq!(line, 2);
    assert!(reason.contains("not a KIF line"), "{reason}");
    let (line, reason) = refused("position startpos moves\n7g7f\n7g7x\n");
    assert_eq!(line, 3);
    assert!(reason.contains("\"7g7x\" is not a USI move"), "{reason}");
    let (line, reason) = refused("position startpos moves 7g7f 7g7f");
    assert_eq!(line, 1);
    assert!(reason.contains("7g7f is not a legal move"), "{reason}");
    let (line, reason) = refused("V2.2\nPI\n+\n+7776FU\n+3334FU\n");
    assert_eq!(line, 5);
    assert!(reason.contains("the other side is to move"), "{reason}");
    let (line, _) = refused("V2.2\nPI\n+\n+7776KA\n");
    assert_eq!(line, 4);
    assert_eq!(refused("").0, 1);
    assert_eq!(refused("手合割：九枚落ち\n").0, 1);
}

#[test]
fn bad_encodings_and_huge_records_are_refused() {
    let mut bytes = "#KIF version=2.0 encoding=UTF-8\n先手：a\n"
        .as_bytes()
        .to_vec();
    bytes.extend_from_slice(b"\xff\xfe\n");
    let e = read_record(&bytes).unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    let huge = "*\n".repeat(600_000);
    assert!(read_record(huge.as_bytes()).is_err());
    let long = format!("startpos moves {}", "5i5h 5a5b 5h5i 5b5a ".repeat(600));
    assert!(read_record(long.as_bytes()).is_err());
}

fn mutate(text: &str, cuts: &[(usize, u8)]) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    for (at, b) in cuts {
        if !bytes.is_empty() {
            let i = at % bytes.len();
            bytes[i] = *b;
        }
    }
    bytes
}

proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = read_record(&bytes);
    }

    #[test]
    fn damaged_records_never_panic(
        which in 0usize..3,
        cuts in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6),
    ) {
        let mut played = game("none", None, &PLAYED);
        played.resign(Seat(1)).unwrap();
        let csa = "V2.2\nN+a\nN-b\nPI82HI\n+\n+7776FU,T1\n-3334FU\n%TORYO\n";
        let texts = [played.export("kif", &["a", "b"]).unwrap(), played.export("usi", &[]).unwrap(), csa.to_string()];
        let _ = read_record(&mutate(&texts[which], &cuts));
    }
}

#[tokio::test]
async fn an_import_is_its_importers_to_export_and_review() {
    let hall = Hall::new(1);
    let (alice, bob) = (player("alice"), player("bob"));
    let mut played = game("none", None, &PLAYED);
    played.resign(Seat(0)).unwrap();
    let kif = played.export("kif", &["alice", "bob"]).unwrap();
    let id = hall.import(&alice, kif.as_bytes()).unwrap();
    assert!(id.starts_with("imp-"), "{id}");

    let again = hall
        .export(&id, Some("kif"), Reader::Player(&alice))
        .unwrap();
    assert_eq!(again, kif);
    let usi = hall
        .export(&id, Some("usi"), Reader::Player(&alice))
        .unwrap();
    assert_eq!(read(&usi).moves, PLAYED);
    let review = hall.review(&id, Reader::Player(&alice)).unwrap();
    assert_eq!(review.game.position_text(), played.position_text());

    let hidden = hall.export(&id, None, Reader::Player(&bob));
    assert!(matches!(hidden, Err(HallError::NoSuchGame(_))));
    assert!(matches!(
        hall.review(&id, Reader::Player(&bob)),
        Err(HallError::NoSuchGame(_))
    ));
    assert!(hall.export(&id, None, Reader::Admin).is_ok());
}

#[tokio::test]
async fn imports_keep_endings_and_refuse_guests_and_bad_records() {
    let hall = Hall::new(1);
    let alice = player("alice");
    let csa = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
    let id = hall.import(&alice, csa.as_bytes()).unwrap();
    let kif = hall
        .export(&id, Some("kif"), Reader::Player(&alice))
        .unwrap();
    assert!(kif.contains("投了") && kif.contains("後手の勝ち"), "{kif}");
    let other = hall.import(&alice, csa.as_bytes()).unwrap();
    assert_ne!(id, other);

    let guest = Identity {
        keyed: false,
        ..player("guest")
    };
    let refused = hall.import(&guest, csa.as_bytes()).unwrap_err();
    assert!(matches!(refused, ImportError::Guest));
    let bad = hall.import(&alice, b"V2.2\nPI\n+\n+7775FU\n").unwrap_err();
    assert_eq!(
        bad.to_string(),
        "line 4: +7775FU (7g7e) is not a legal move"
    );
}

#[tokio::test]
async fn the_hourly_import_limit_refuses_one_more_and_says_so() {
    use banmen::hall::{Clock, HallOptions};
    use banmen::store::memory::MemoryStore;
    let options = HallOptions {
        imports_per_player_hour: 2,
        ..Default::default()
    };
    let clock = Clock::manual(1_000_000);
    let store = std::sync::Arc::new(MemoryStore::new());
    let (hall, _) = Hall::open(store, options, clock.clone()).unwrap();
    let (alice, bob) = (player("alice"), player("bob"));
    let csa = b"V2.2\nPI\n+\n+7776FU\n%TORYO\n";
    hall.import(&alice, csa).unwrap();
    // A record that does not read counts as well.
    assert!(hall.import(&alice, b"nonsense").is_err());
    let third = hall.import(&alice, csa).unwrap_err();
    assert!(matches!(third, ImportError::TooMany(2)), "{third:?}");
    assert!(third.to_string().contains("2 records an hour"), "{third}");
    hall.import(&bob, csa).expect("another player's own limit");
    clock.advance(3_600_000);
    hall.import(&alice, csa).expect("an hour later");
}

#[tokio::test]
async fn a_game_kept_before_csa_existed_still_exports_csa() {
    use banmen::hall::{Clock, HallOptions};
    use banmen::store::Store;
    use banmen::store::memory::MemoryStore;
    let mut played = game("none", None, &PLAYED);
    played.resign(Seat(0)).unwrap();
    let names = ["alice", "bob"];
    // As games were kept then: USI and a UTF-8 KIF, nothing else.
    let old = serde_json::json!({"formats": [
        ["usi", played.export("usi", &names).unwrap()],
        ["kif", played.export("kif", &names).unwrap()],
    ]});
    let store = std::sync::Arc::new(MemoryStore::new());
    let id = "abcdef-1-k3x9qz";
    store.put_game(id, old.to_string().as_bytes()).unwrap();
    let (hall, _) = Hall::open(store, HallOptions::default(), Clock::manual(1)).unwrap();
    let csa = hall.export(id, Some("csa"), Reader::Admin).unwrap();
    assert_eq!(csa, played.export("csa", &names).unwrap());
    assert!(
        csa.contains("N+alice") && csa.ends_with("%TORYO\n"),
        "{csa}"
    );
}
