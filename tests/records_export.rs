//! Two-player shogi records as files other software opens: `.kif` (CP932,
//! CRLF), `.kifu` (UTF-8) and `.csa` (V2.2), for games with promotions,
//! drops, a recapture (`同`), resignation, repetition, declaration and a
//! handicap start. banmen reads its USI record back; cshogi, an outside
//! reader, reads the KIF and CSA files (skipped when python3 cannot import
//! it, unless `BANMEN_REQUIRE_CSHOGI` is set, as in CI).

use banmen::rules::AnyGame;
use banmen::rules::Claim;
use banmen::rules::shogi::kif::to_cp932;
use banmen::rules::shogi::{Handicap, Position, ShogiGame, ShogiRules};
use banmen::rules::vocab::Seat;
use std::path::{Path, PathBuf};
use std::process::Command;

mod temp_support;
use temp_support::TempDir;

const NAMES: [&str; 2] = ["☗alice", "Łukasz 김"];
/// The names as the CP932 `.kif` carries them (docs/records.md).
const CP932_NAMES: [&str; 2] = ["▲alice", "?ukasz ?"];

/// A game, how it ended, and what an outside reader should make of it.
struct Case {
    name: &'static str,
    game: ShogiGame,
    /// cshogi's `endgame` for the CSA file and for the KIF files.
    csa_end: &'static str,
    kif_end: &'static str,
    /// `black`, `white` or `draw`.
    winner: &'static str,
}

fn play(game: &mut ShogiGame, moves: &str) {
    for usi in moves.split_whitespace() {
        let mv = game.position().parse_usi(usi).expect(usi);
        game.play(mv).expect(usi);
    }
}

fn from(rules: ShogiRules, sfen: Option<&str>, moves: &str) -> ShogiGame {
    let mut game = match sfen {
        Some(sfen) => ShogiGame::from_position(rules, Position::from_sfen(sfen).unwrap()),
        None => ShogiGame::new(rules),
    };
    play(&mut game, moves);
    game
}

fn cases() -> Vec<Case> {
    let even = ShogiRules::default();
    // A promotion capturing the bishop, `同　銀`, a bishop drop; gote resigns.
    let mut exchange = from(even, None, "7g7f 3c3d 8h2b+ 3a2b B*4e");
    exchange.resign(Seat(1)).unwrap();
    let cycle = "2h3h 8b7b 3h2h 7b8b ".repeat(3);
    let repetition = from(even, None, &cycle);
    let entered = "RBGGKGGSS/9/PPPPPPPPP/9/9/9/9/9/4k4 b 3P 1";
    let mut declared = from(even, Some(entered), "");
    declared.claim(Claim::EnteringKing).unwrap();
    let bishop_down = ShogiRules {
        handicap: Handicap::Bishop,
        ..even
    };
    let mut handicap = from(bishop_down, None, "3c3d 7g7f 8c8d 8h2b+");
    handicap.resign(Seat(1)).unwrap();
    let case = |name, game, csa_end, kif_end, winner| Case {
        name,
        game,
        csa_end,
        kif_end,
        winner,
    };
    vec![
        case("exchange", exchange, "%TORYO", "%TORYO", "black"),
        case(
            "repetition",
            repetition,
            "%SENNICHITE",
            "%SENNICHITE",
            "draw",
        ),
        case("declaration", declared, "%KACHI", "%KACHI", "black"),
        case("handicap", handicap, "%TORYO", "%TORYO", "black"),
    ]
}

fn export(game: &ShogiGame, format: &str) -> String {
    let any = AnyGame::Shogi(Box::new(game.clone()));
    any.export(format, &NAMES).expect(format)
}

#[test]
fn shogi_offers_usi_kifu_kif_and_csa() {
    let any = AnyGame::Shogi(Box::new(ShogiGame::new(ShogiRules::default())));
    assert_eq!(any.export_formats(), ["usi", "kifu", "kif", "csa"]);
}

#[test]
fn csa_writes_v22_moves_with_the_piece_after_the_move() {
    let csa = export(&cases().remove(0).game, "csa");
    let expected = "V2.2\nN+☗alice\nN-Łukasz 김\nPI\n+\n\
        +7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n";
    assert_eq!(csa, expected);
}

#[test]
fn csa_writes_a_handicap_start_as_a_full_board() {
    let csa = export(&cases().remove(3).game, "csa");
    assert!(csa.contains("\nP2 * -HI *  *  *  *  *  *  * \n"), "{csa}");
    assert!(csa.contains("\nP8 * +KA *  *  *  *  * +HI * \n"), "{csa}");
    assert!(csa.contains("+KY\n-\n-3334FU\n"), "gote moves first: {csa}");
    let declared = export(&cases().remove(2).game, "csa");
    assert!(
        declared.contains("\nP+00FU00FU00FU\n+\n%KACHI\n"),
        "{declared}"
    );
}

#[test]
fn kif_is_cp932_with_crlf_and_kifu_is_utf8() {
    let game = cases().remove(0).game;
    let kifu = export(&game, "kifu");
    assert!(
        kifu.starts_with("#KIF version=2.0 encoding=UTF-8\n"),
        "{kifu}"
    );
    assert!(kifu.contains("   4 同　銀(31)\n"), "{kifu}");
    let bytes = to_cp932(&export(&game, "kif"));
    let (text, _, bad) = encoding_rs::SHIFT_JIS.decode(&bytes);
    assert!(!bad);
    assert!(text.starts_with("#KIF version=2.0 encoding=Shift_JIS\r\n"));
    assert!(
        text.contains("先手：▲alice\r\n後手：?ukasz ?\r\n"),
        "{text}"
    );
    assert!(
        !text.replace("\r\n", "").contains('\n'),
        "every line ends CRLF"
    );
}

#[test]
fn banmen_reads_its_usi_record_back() {
    for case in cases() {
        let usi = export(&case.game, "usi");
        let (start, moves) = usi_parts(&usi);
        let replay = from(ShogiRules::default(), Some(&start), &moves);
        assert_eq!(replay.moves(), case.game.moves(), "{}", case.name);
        assert_eq!(replay.start().to_sfen(), case.game.start().to_sfen());
        assert_eq!(replay.position().to_sfen(), case.game.position().to_sfen());
    }
}

/// The SFEN and the moves of `position sfen … [moves …]` (or `startpos`).
fn usi_parts(usi: &str) -> (String, String) {
    let (head, moves) = usi.split_once(" moves ").unwrap_or((usi, ""));
    let start = match head.strip_prefix("position sfen ") {
        Some(sfen) => sfen.to_string(),
        None => banmen::rules::shogi::START.to_string(),
    };
    (start, moves.to_string())
}

#[test]
fn cshogi_reads_the_kif_kifu_and_csa_files() {
    if !cshogi_available() {
        return;
    }
    let dir = TempDir::created("records");
    for case in cases() {
        let files = write_files(&dir, &case);
        let usi: Vec<String> = case.game.moves().iter().map(|m| m.to_usi()).collect();
        for (path, end) in files {
            let read = cshogi_read(&path);
            let what = format!("{} ({})", case.name, path.display());
            assert_eq!(read.moves, usi, "{what}");
            assert_eq!(read.end, end(&case), "{what}");
            assert_eq!(read.winner, case.winner, "{what}");
            let names = if path.extension().unwrap() == "kif" {
                CP932_NAMES
            } else {
                NAMES
            };
            assert_eq!(read.names, names, "{what}");
        }
    }
}

type EndOf = fn(&Case) -> &'static str;

/// Writes the case's `.kif`, `.kifu` and `.csa`; each with the endgame
/// cshogi should read from it.
fn write_files(dir: &Path, case: &Case) -> Vec<(PathBuf, EndOf)> {
    let path = |ext: &str| dir.join(format!("{}.{ext}", case.name));
    std::fs::write(path("kif"), to_cp932(&export(&case.game, "kif"))).unwrap();
    std::fs::write(path("kifu"), export(&case.game, "kifu")).unwrap();
    std::fs::write(path("csa"), export(&case.game, "csa")).unwrap();
    let kif: EndOf = |c| c.kif_end;
    let csa: EndOf = |c| c.csa_end;
    vec![(path("kif"), kif), (path("kifu"), kif), (path("csa"), csa)]
}

/// What cshogi read from a record file.
struct Read {
    moves: Vec<String>,
    end: String,
    winner: String,
    names: Vec<String>,
}

const READER: &str = r#"
import sys, cshogi, cshogi.KIF, cshogi.CSA
path = sys.argv[1]
if path.endswith(".csa"):
    p = cshogi.CSA.Parser.parse_file(path, encoding="utf-8")[0]
else:
    p = cshogi.KIF.Parser.parse_file(path)
win = {cshogi.BLACK_WIN: "black", cshogi.WHITE_WIN: "white", cshogi.DRAW: "draw"}.get(p.win, "none")
print(" ".join(cshogi.move_to_usi(m) for m in p.moves))
print(p.endgame)
print(win)
for name in p.names:
    print(name)
"#;

fn cshogi_read(path: &Path) -> Read {
    let out = Command::new("python3")
        .args(["-c", READER])
        .arg(path)
        .output()
        .expect("python3");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        out.status.success(),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    Read {
        moves: lines[0].split_whitespace().map(String::from).collect(),
        end: lines[1].to_string(),
        winner: lines[2].to_string(),
        names: lines[3..].iter().map(|s| s.to_string()).collect(),
    }
}

/// Whether python3 can import cshogi; without it the check is skipped,
/// unless `BANMEN_REQUIRE_CSHOGI` is set (then it fails).
fn cshogi_available() -> bool {
    let found = Command::new("python3")
        .args(["-c", "import cshogi"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        let required = std::env::var_os("BANMEN_REQUIRE_CSHOGI").is_some();
        assert!(
            !required,
            "BANMEN_REQUIRE_CSHOGI is set but python3 cannot import cshogi"
        );
        eprintln!("skipped: python3 cannot import cshogi");
    }
    found
}
