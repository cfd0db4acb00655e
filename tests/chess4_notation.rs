//! Four-player chess records (docs/rules.md §3, "Records and a cross-check"):
//! PGN4 moves and games written and read back, and FEN4's other spellings
//! (corner runs, dead pieces, the en passant extension) and its errors.

use banmen::rules::chess4::pgn4::{
    Pgn4Error, advance, move_san, parse_move, read_game, replay, write_game,
};
use banmen::rules::chess4::types::Special;
use banmen::rules::chess4::{Fen4Error, Kind, Move, Position, START_FEN4, Variant};

mod chess4_support;
use chess4_support::{fen4_with, sq};

/// The four kings on their start squares.
const KINGS: [(&str, &str); 4] = [("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")];

/// A teams position: the four kings plus `pieces`, `turn` to move, no
/// castling rights.
fn position(turn: &str, pieces: &[(&str, &str)]) -> Position {
    let all: Vec<(&str, &str)> = KINGS.iter().chain(pieces).copied().collect();
    let text = fen4_with(turn, "0,0,0,0", "0,0,0,0", &all);
    Position::from_fen4(&text, Variant::Teams).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The move `text` must name, and how `move_san` writes it back.
fn read_and_write(pos: &Position, text: &str, written: &str) -> Move {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(
        move_san(pos, mv),
        written,
        "{text} is written back as {written}"
    );
    mv
}

/// A deterministic line: a capture of anything but a king when there is
/// one (so the record has `x` moves), else a move picked by the ply.
fn deterministic_line(plies: usize) -> (Position, Vec<Move>) {
    let start = Position::start(Variant::Teams);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for ply in 0..plies {
        let legal = pos.legal_moves();
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|mv| pos.piece_at(mv.to).is_some_and(|p| p.kind != Kind::King))
            .collect();
        let mv = match captures.first() {
            Some(&mv) => mv,
            None => legal[(ply * 7 + 3) % legal.len()],
        };
        assert!(!advance(&mut pos, mv), "the line does not end the game");
        moves.push(mv);
    }
    (start, moves)
}

#[test]
fn a_24_move_line_from_the_start_round_trips_through_pgn4() {
    let (start, moves) = deterministic_line(24);
    let text = write_game(
        &start,
        &moves,
        &[("Site", "banmen"), ("Red", "a \"quoted\" name")],
    );
    assert!(text.starts_with(&format!(
        "[Variant \"Teams\"]\n[StartFen4 \"{START_FEN4}\"]\n[Site \"banmen\"]\n"
    )));
    assert!(text.contains("[Red \"a \\\"quoted\\\" name\"]\n\n1. "));
    let rounds: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('['))
        .collect();
    assert_eq!(rounds.len(), 6, "24 moves are six rounds of four:\n{text}");
    assert!(rounds.iter().all(|r| r.matches(" .. ").count() == 3));
    assert!(text.contains('x'), "the line has a capture:\n{text}");

    let (read_start, read_moves) = read_game(&text, Variant::Teams).unwrap();
    assert_eq!(read_start, start);
    assert_eq!(read_moves, moves);
    assert_eq!(
        replay(&read_start, &read_moves).to_fen4(),
        replay(&start, &moves).to_fen4()
    );
}

#[test]
fn rounds_are_numbered_with_four_moves_each() {
    let start = Position::start(Variant::Teams);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for text in ["h2-h3", "b7-c7", "i13-i12", "m8-l8", "Qg1-h2"] {
        let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        advance(&mut pos, mv);
        moves.push(mv);
    }
    let text = write_game(&start, &moves, &[("StartFen4", "ignored")]);
    let movetext = text.split("\n\n").nth(1).unwrap();
    assert_eq!(
        movetext,
        "1. h2-h3 .. b7-c7 .. i13-i12 .. m8-l8\n2. Qg1-h2\n"
    );
    assert_eq!(
        text.matches("StartFen4").count(),
        1,
        "the caller's StartFen4 is dropped"
    );
}

#[test]
fn castling_is_read_after_clearing_the_squares() {
    let back_rank = "x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";
    let king_side = START_FEN4.replace(back_rank, "x,x,x,rR,rN,rB,rQ,rK,2,rR,x,x,x");
    let pos = Position::from_fen4(&king_side, Variant::Teams).unwrap();
    let mv = read_and_write(&pos, "O-O", "O-O");
    assert_eq!((mv.from, mv.to), (sq("h1"), sq("j1")));
    assert_eq!(
        mv.special,
        Special::Castle {
            rook_from: sq("k1"),
            rook_to: sq("i1")
        }
    );
    assert_eq!(
        parse_move(&pos, "h1-j1"),
        Ok(mv),
        "the king's plain move is castling"
    );
    assert_eq!(parse_move(&pos, "O-O#"), Ok(mv));
    assert!(matches!(
        parse_move(&pos, "O-O-O"),
        Err(Pgn4Error::Illegal { seat: "Red", .. })
    ));

    let queen_side = START_FEN4.replace(back_rank, "x,x,x,rR,3,rK,rB,rN,rR,x,x,x");
    let pos = Position::from_fen4(&queen_side, Variant::Teams).unwrap();
    let mv = read_and_write(&pos, "O-O-O", "O-O-O");
    assert_eq!((mv.from, mv.to), (sq("h1"), sq("f1")));
    let after = replay(&pos, &[mv]);
    assert_eq!(after.piece_at(sq("g1")).map(|p| p.kind), Some(Kind::Rook));
    assert_eq!(after.to_move(), 1, "Blue moves next");
}

#[test]
fn a_capture_is_written_with_x_and_the_captured_letter() {
    let pos = position(
        "R",
        &[("g5", "rQ"), ("g9", "gR"), ("e4", "rP"), ("d5", "bP")],
    );
    let mv = read_and_write(&pos, "Qg5xRg9", "Qg5xRg9");
    assert_eq!((mv.from, mv.to), (sq("g5"), sq("g9")));
    assert_eq!(parse_move(&pos, "g5-g9"), Ok(mv), "the plain form is read");
    assert_eq!(
        parse_move(&pos, "Qg5xg9"),
        Ok(mv),
        "the captured letter may be left out"
    );
    assert!(matches!(
        parse_move(&pos, "Qg5xNg9"),
        Err(Pgn4Error::Illegal { .. })
    ));
    // A pawn captured: `x` alone, and no letter for the moving pawn.
    read_and_write(&pos, "e4xd5", "e4xd5");
    assert!(matches!(
        parse_move(&pos, "Qg5xg7"),
        Err(Pgn4Error::Illegal { .. })
    ));
}

#[test]
fn en_passant_is_written_as_a_pawn_capture() {
    let pos = position("R", &[("e2", "rP"), ("d4", "bP")]);
    let double = read_and_write(&pos, "e2-e4", "e2-e4");
    let after = replay(&pos, &[double]);
    assert_eq!(after.to_move(), 1);
    let take = read_and_write(&after, "d4xe3", "d4xe3");
    assert_eq!(take.special, Special::EnPassant { pawn: sq("e4") });
    assert_eq!(replay(&after, &[take]).piece_at(sq("e4")), None);
}

#[test]
fn checks_get_one_plus_per_enemy_king() {
    let pos = position("R", &[("m5", "rQ")]);
    // m7 sees Blue's king along rank 7 and touches Green's on n8.
    read_and_write(&pos, "Qm5-m7", "Qm5-m7++");
    // m8 checks Green; the diagonal to Yellow's king on g14 is a partner's.
    read_and_write(&pos, "m5-m8", "Qm5-m8+");
    read_and_write(&pos, "Qm5-m6", "Qm5-m6");
}

#[test]
fn promotions_are_written_and_must_be_named() {
    let pos = position("R", &[("d10", "rP")]);
    read_and_write(&pos, "d10-d11=N", "d10-d11=N");
    read_and_write(&pos, "d10-d11=Q+", "d10-d11=Q");
    assert!(matches!(
        parse_move(&pos, "d10-d11"),
        Err(Pgn4Error::Illegal { .. })
    ));
    assert!(matches!(
        parse_move(&pos, "d10-d11=K"),
        Err(Pgn4Error::Illegal { .. })
    ));
}

#[test]
fn illegal_and_garbled_moves_give_typed_errors() {
    let pos = Position::start(Variant::Teams);
    for illegal in [
        "h2-h5", "Qg1-g2", "Nh2-h3", "b7-c7", "O-O", "h2xh3", "g1-a7",
    ] {
        assert!(
            matches!(parse_move(&pos, illegal), Err(Pgn4Error::Illegal { .. })),
            "{illegal}"
        );
    }
    for garbled in [
        "", "h2", "h2-", "a1-a2", "h2-h3=", "h2-h3x", "e2--e4", "o-o", "h+2-h3",
    ] {
        assert_eq!(
            parse_move(&pos, garbled),
            Err(Pgn4Error::Syntax(garbled.to_string())),
            "{garbled}"
        );
    }
    let text = "1. h2-h3 .. b7-c7 .. i13-i12 .. m8-l8\n2. h3-h4 .. b7-c7";
    match read_game(text, Variant::Teams) {
        Err(Pgn4Error::Move {
            round: 2,
            seat: "Blue",
            text,
            source,
        }) => {
            assert_eq!(text, "b7-c7");
            assert!(matches!(*source, Pgn4Error::Illegal { .. }));
        }
        other => panic!("expected a failed move in round 2, got {other:?}"),
    }
}

#[test]
fn chess_com_style_records_are_read() {
    let text = "[GameNr \"1\"]\n[Variant \"Teams\"]\n[Site \"www.chess.com/4-player-chess\"]\n\n\
        1. h2-h3 { date=2020-07-17 clock=178312 } .. b7-c7 ( .. b8-c8 { a variation } ) \
        .. i13-i12 .. m8-l8\n2.Qg1-h2 .. Na5-c6 .. Qh14-i13 .. Qn7-m8 1-0";
    let (start, moves) = read_game(text, Variant::Teams).unwrap();
    assert_eq!(start, Position::start(Variant::Teams));
    let written: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let expected = [
        "h2-h3", "b7-c7", "i13-i12", "m8-l8", "g1-h2", "a5-c6", "h14-i13", "n7-m8",
    ];
    assert_eq!(written, expected);

    // An end marker ends the game; a move after it is an error.
    let resigned = "1. h2-h3 .. R\n2. b7-c7";
    assert!(matches!(
        read_game(resigned, Variant::Teams),
        Err(Pgn4Error::AfterEnd { round: 2, .. })
    ));
    assert!(matches!(
        read_game("1. h2-h3 {never closed", Variant::Teams),
        Err(Pgn4Error::Unclosed('{'))
    ));
    assert!(matches!(
        read_game("[StartFen4 \"R-0\"]\n1. h2-h3", Variant::Teams),
        Err(Pgn4Error::StartFen4(Fen4Error::MissingField(_)))
    ));
    assert!(matches!(
        read_game("[Variant Teams]", Variant::Teams),
        Err(Pgn4Error::Tag(_))
    ));
}

#[test]
fn a_king_capture_ends_the_record() {
    // Green's king on n8 stands in check from Red's rook on d8.
    let pos = position("R", &[("d8", "rR"), ("k13", "yP")]);
    let take = read_and_write(&pos, "Rd8xKn8", "Rd8xKn8");
    let after = replay(&pos, &[take]);
    assert_eq!(after.king_square(3), None);
    let later = Move {
        from: sq("k13"),
        to: sq("k12"),
        promotion: None,
        special: Special::None,
    };
    let text = write_game(&pos, &[take, later], &[]);
    assert!(text.ends_with("\n\n1. Rd8xKn8\n"), "{text}");
    let extra = format!("{text} .. k13-k12");
    assert!(matches!(
        read_game(&extra, Variant::Teams),
        Err(Pgn4Error::AfterEnd { .. })
    ));
    let (read_start, read_moves) = read_game(&text, Variant::Teams).unwrap();
    assert_eq!((read_start, read_moves), (pos, vec![take]));
}

#[test]
fn a_free_for_all_king_capture_puts_a_seat_out_and_the_record_goes_on() {
    let all: Vec<(&str, &str)> = KINGS.iter().chain(&[("d8", "rR")]).copied().collect();
    let text = fen4_with("R", "0,0,0,0", "0,0,0,0", &all);
    let pos = Position::from_fen4(&text, Variant::FreeForAll).unwrap();
    let take = read_and_write(&pos, "Rd8xKn8", "Rd8xKn8");
    let mut after = pos.clone();
    assert!(!advance(&mut after, take), "three players are still in");
    assert!(after.is_out(3), "Green is out");
    assert_eq!(after.to_move(), 1, "Blue plays next");
    let mut moves = vec![take];
    for _ in 0..3 {
        let mv = after.legal_moves()[0];
        assert!(!advance(&mut after, mv));
        moves.push(mv);
    }
    let record = write_game(&pos, &moves, &[]);
    assert!(record.contains("1. Rd8xKn8 .. K"), "{record}");
    let (read_start, read_moves) = read_game(&record, Variant::FreeForAll).unwrap();
    assert_eq!((read_start, read_moves), (pos, moves), "{record}");
}

/// A small deterministic generator (xorshift), so the junk is the same on
/// every run.
struct Junk(u64);

impl Junk {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn string(&mut self, alphabet: &[char], max_len: u64) -> String {
        let len = self.next() % (max_len + 1);
        (0..len)
            .map(|_| alphabet[(self.next() % alphabet.len() as u64) as usize])
            .collect()
    }
}

#[test]
fn junk_never_panics() {
    let pos = Position::start(Variant::Teams);
    let fixed = [
        "",
        " ",
        "-",
        "x",
        "=",
        "O",
        "O-",
        "O-O-O-O",
        "Qx",
        "a0-a1",
        "n14-n15",
        "é4-é5",
        "h2-h3=",
        "h2-h3=QQ",
        "99.",
        "1.",
        "1..",
        "[",
        "[a",
        "[a \"",
        "[a \"b\"",
        "{",
        "(",
        "((()",
        ")",
        "}",
        "..",
        "1-0 h2-h3",
        "#",
        "R#",
        "e18446744073709551616-e4",
        "h2\u{0}h3",
        "🦀",
    ];
    let alphabet: Vec<char> = "abcdefghijklmnopxyzKQRBNPO0123456789-x=+#.[]{}()\"\\ \n;$é🦀"
        .chars()
        .collect();
    let mut junk = Junk(0x9E37_79B9_7F4A_7C15);
    let generated: Vec<String> = (0..3000).map(|_| junk.string(&alphabet, 24)).collect();
    for text in fixed
        .iter()
        .copied()
        .chain(generated.iter().map(String::as_str))
    {
        let _ = parse_move(&pos, text);
        let _ = read_game(text, Variant::Teams);
        let _ = read_game(text, Variant::FreeForAll);
        let _ = Position::from_fen4(text, Variant::Teams);
    }
    // Damaged FEN4s: a few characters of the start replaced or cut.
    let start: Vec<char> = START_FEN4.chars().collect();
    for _ in 0..3000 {
        let mut text = start.clone();
        for _ in 0..=junk.next() % 3 {
            let at = (junk.next() % text.len() as u64) as usize;
            match junk.next() % 3 {
                0 => text[at] = alphabet[(junk.next() % alphabet.len() as u64) as usize],
                1 => text.truncate(at.max(1)),
                _ => {
                    text.remove(at);
                }
            }
        }
        let text: String = text.into_iter().collect();
        if let Ok(pos) = Position::from_fen4(&text, Variant::Teams) {
            let _ = parse_move(&pos, "h2-h3");
            let _ = read_game(&format!("[StartFen4 \"{text}\"]\n1. h2-h3"), Variant::Teams);
        }
    }
}

// FEN4.

#[test]
fn corners_written_as_runs_read_like_walls() {
    let runs = START_FEN4
        .replace("x,x,x,8,x,x,x", "14")
        .replace("x,x,x", "3");
    assert!(!runs.contains('x'));
    let pos = Position::from_fen4(&runs, Variant::Teams).unwrap();
    assert_eq!(pos, Position::start(Variant::Teams));
    assert_eq!(pos.to_fen4(), START_FEN4, "banmen writes corners as x");
}

#[test]
fn dead_pieces_are_read_in_both_spellings() {
    // Red is out of a free-for-all game: its pieces are grey, written the
    // chess.com way (`dK`, owner unknown) and banmen's way (`drQ`).
    let red = "x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";
    let text = START_FEN4
        .replacen("R-0,0,0,0", "B-1,0,0,0", 1)
        .replace(red, "x,x,x,drR,drN,drB,drQ,dK,drB,drN,drR,x,x,x")
        .replace("rP", "drP");
    let pos = Position::from_fen4(&text, Variant::FreeForAll).unwrap();
    let king = pos.piece_at(sq("h1")).unwrap();
    assert!(king.dead && king.kind == Kind::King);
    let queen = pos.piece_at(sq("g1")).unwrap();
    assert!(queen.dead && queen.kind == Kind::Queen && queen.owner == 0);
    assert!(pos.is_out(0));
    assert_eq!(pos.king_square(0), None);
    let written = pos.to_fen4();
    assert!(written.contains(",drQ,drK,"), "{written}");
    assert_eq!(Position::from_fen4(&written, Variant::FreeForAll), Ok(pos));
}

#[test]
fn the_en_passant_extension_is_read_and_written_back() {
    let start = Position::start(Variant::Teams);
    let double = parse_move(&start, "e2-e4").unwrap();
    let after = replay(&start, &[double]);
    let text = START_FEN4
        .replacen("R-", "B-", 1)
        .replacen("-0-x", "-0-{'enPassant':('e3:e4','','','')}-x", 1)
        .replace(
            "x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x",
            "x,x,x,rP,1,rP,rP,rP,rP,rP,rP,x,x,x",
        )
        .replace("bR,bP,10,gP,gR/x", "bR,bP,2,rP,7,gP,gR/x");
    let pos = Position::from_fen4(&text, Variant::Teams).unwrap();
    assert_eq!(pos, after);
    assert_eq!(pos.to_fen4(), text);
    assert_eq!(after.to_fen4(), text);
}

#[test]
fn bad_fen4_gives_typed_errors() {
    let read = |text: &str| Position::from_fen4(text, Variant::Teams);
    let thirteen_ranks = START_FEN4.replacen("x,x,x,8,x,x,x/", "", 1);
    assert_eq!(read(&thirteen_ranks), Err(Fen4Error::RankCount(13)));
    let bad_token = START_FEN4.replacen("yN", "yZ", 1);
    assert_eq!(read(&bad_token), Err(Fen4Error::BadToken("yZ".into())));
    let on_corner = START_FEN4.replacen("-x,x,x,yR", "-yP,x,x,yR", 1);
    assert!(matches!(read(&on_corner), Err(Fen4Error::WallMismatch(_))));
    let wide = START_FEN4.replacen("bQ,bP,10,gP,gK", "bQ,bP,11,gP,gK", 1);
    assert_eq!(
        read(&wide),
        Err(Fen4Error::FileCount { rank: 8, files: 15 })
    );
    let huge = START_FEN4.replacen("x,x,x,8,x,x,x", "x,x,x,18446744073709551615,x,x,x", 1);
    assert!(matches!(read(&huge), Err(Fen4Error::BadToken(_))));
    let backwards = START_FEN4.replacen("-0-x", "-0-{'enPassant'):(}-x", 1);
    assert!(matches!(read(&backwards), Err(Fen4Error::BadExtension(_))));
    let clock = START_FEN4.replacen("-0-x", "-4294967295-x", 1);
    assert!(matches!(read(&clock), Err(Fen4Error::BadList { .. })));
}

/// Teams games played with random moves to a king capture: the FEN4 of
/// the final position (a seat without a king) reads back and writes
/// again the same, and so does the PGN4 of the whole game.
#[test]
fn finished_teams_games_export_fen4_and_pgn4_that_read_back() {
    use banmen::rules::chess4::{Chess4Rules, ChessGame4};
    use banmen::rules::vocab::EndReason;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(12);
    let mut finished = 0;
    for _ in 0..200 {
        let mut game = ChessGame4::new(Chess4Rules::default(), 0);
        while game.outcome().is_none() && game.moves().len() < 600 {
            let moves = game.legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if game.outcome().map(|o| o.reason) != Some(EndReason::KingCaptured) {
            continue;
        }
        finished += 1;
        let fen = game.position().to_fen4();
        let back = Position::from_fen4(&fen, Variant::Teams).expect("a finished game's FEN4");
        assert_eq!(back.to_fen4(), fen);
        // The seat without a king is out: the rules engine lists the
        // moves of what is left without trouble.
        let _ = back.legal_moves();
        let _ = ChessGame4::from_position(Chess4Rules::default(), back);
        let pgn = write_game(game.start(), game.moves(), &[]);
        let (start, moves) = read_game(&pgn, Variant::Teams).expect("a finished game's PGN4");
        assert_eq!(moves, game.moves());
        assert_eq!(write_game(&start, &moves, &[]), pgn);
        if finished == 5 {
            break;
        }
    }
    assert!(
        finished >= 3,
        "only {finished} games ended by a king capture"
    );
}
