//! Hand-built positions for each rule of four-player shogi (docs/rules.md §2):
//! movement by facing, captures, promotion, nifu, pawn-drop mate, king
//! safety, check priority, checkmate with credit and transfer, SFEN4, and
//! perft cross-checks (hand counts, and a 90° rotation that must not change
//! anything).
//!
//! Seats: South 0, West 1, North 2, East 3. Squares: columns a–i left to
//! right, rows 1–9 bottom to top as South sees the board.

use banmen::rules::shogi4::{Format, Kind4, Piece4, Play4, Position4, START4, Sq4};

// --- helpers -----------------------------------------------------------------

const SEATS: [char; 4] = ['s', 'w', 'n', 'e'];

/// A square from its name, `e5`.
fn sq(name: &str) -> Sq4 {
    Sq4::parse(name.as_bytes()).unwrap_or_else(|| panic!("bad square {name}"))
}

/// The board field of an SFEN4 from `(square, piece)` pairs such as
/// `("e5", "Gne")`; the piece texts are written as SFEN4 writes them.
fn board(pieces: &[(&str, &str)]) -> String {
    let mut grid: [[Option<&str>; 9]; 9] = [[None; 9]; 9];
    for (square, piece) in pieces {
        let s = sq(square);
        assert!(
            grid[s.y() as usize][s.x() as usize].is_none(),
            "{square} twice"
        );
        grid[s.y() as usize][s.x() as usize] = Some(piece);
    }
    let mut rows = Vec::new();
    for y in (0..9).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in grid[y] {
            match cell {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(p);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A whole SFEN4: board, seat to move, hands (`S,W,N,E`), move number 1.
fn sfen(pieces: &[(&str, &str)], seat: char, hands: &str) -> String {
    format!("{} {seat} {hands} 1", board(pieces))
}

/// Reads an SFEN4 and checks that it writes back exactly (docs/rules.md §2,
/// Records: every position in this file is canonical).
fn pos_with(text: &str, play: Play4) -> Position4 {
    let p = Position4::from_sfen4(text, play).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(p.to_sfen4(), text, "SFEN4 round trip");
    p
}

fn pos(text: &str) -> Position4 {
    pos_with(text, Play4::default())
}

fn play_rules(format: Format, mates_to_end: u8, ownerless: bool) -> Play4 {
    Play4 {
        format,
        mates_to_end,
        ownerless,
    }
}

/// Every legal move as text, sorted.
fn moves(p: &Position4) -> Vec<String> {
    let mut out: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    out.sort();
    out
}

/// The legal moves of the piece on `from`, sorted.
fn moves_from(p: &Position4, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// Whether `mv` is legal, checking that `parse_move` agrees with the list.
fn legal(p: &Position4, mv: &str) -> bool {
    let listed = moves(p).iter().any(|m| m == mv);
    assert_eq!(
        p.parse_move(mv).is_ok(),
        listed,
        "parse_move and the list on {mv}"
    );
    listed
}

/// Plays moves given as text.
fn play(p: &mut Position4, line: &str) {
    for mv in line.split_whitespace() {
        let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        p.play(m);
    }
}

fn piece(p: &Position4, at: &str) -> Piece4 {
    p.piece_at(sq(at))
        .unwrap_or_else(|| panic!("no piece on {at}"))
}

/// Four kings out of the way in the corners.
const CORNERS: [(&str, &str); 4] = [("a1", "Ks"), ("a9", "Kw"), ("i9", "Kn"), ("i1", "Ke")];

fn with_corners<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut all = CORNERS.to_vec();
    all.extend_from_slice(extra);
    all
}

fn strings(list: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

/// The position turned by 90° clockwise (seen from above, South's pieces
/// go to West's edge): seat s → s+1 for owners, facings, hands and the seat
/// to move; square (x, y) → (y, 8 − x). Nothing in the rules may notice.
fn rotate(p: &Position4) -> Position4 {
    let seat = |s: u8| SEATS[((s + 1) % 4) as usize];
    let mut cells: Vec<(String, String)> = Vec::new();
    for y in 0..9u8 {
        for x in 0..9u8 {
            let Some(pc) = p.piece_at(Sq4::new(x, y)) else {
                continue;
            };
            let to = Sq4::new(y, 8 - x).to_string();
            let text = if pc.flipped {
                format!("X{}", seat(pc.owner.unwrap()))
            } else {
                let mut t = String::new();
                if pc.promoted {
                    t.push('+');
                }
                t.push(pc.kind.letter());
                match pc.owner {
                    Some(o) => {
                        t.push(seat(o));
                        if o != pc.facing {
                            t.push(seat(pc.facing));
                        }
                    }
                    None => {
                        t.push('-');
                        t.push(seat(pc.facing));
                    }
                }
                t
            };
            cells.push((to, text));
        }
    }
    let pairs: Vec<(&str, &str)> = cells
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let hands: Vec<String> = (0..4u8)
        .map(|s| {
            // The new seat s held what the old seat s − 1 held.
            let old = (s + 3) % 4;
            let mut t = String::new();
            for kind in Kind4::HAND {
                match p.hand_count(old, kind) {
                    0 => {}
                    1 => t.push(kind.letter()),
                    n => t.push_str(&format!("{n}{}", kind.letter())),
                }
            }
            if t.is_empty() { "-".to_string() } else { t }
        })
        .collect();
    let number = p.to_sfen4().rsplit(' ').next().unwrap().to_string();
    let text = format!(
        "{} {} {} {number}",
        board(&pairs),
        seat(p.to_move()),
        hands.join(",")
    );
    pos_with(&text, p.play_rules())
}

/// Counts the pieces on the board (flipped kings too) and in hands, by kind.
fn census(p: &Position4) -> [u32; 5] {
    let mut n = [0u32; 5];
    let index = |k: Kind4| match k {
        Kind4::King => 0,
        Kind4::Rook => 1,
        Kind4::Gold => 2,
        Kind4::Silver => 3,
        Kind4::Pawn => 4,
    };
    for i in 0..81u8 {
        if let Some(pc) = p.piece_at(Sq4(i)) {
            n[index(pc.kind)] += 1;
        }
    }
    for s in 0..4u8 {
        for k in Kind4::HAND {
            n[index(k)] += p.hand_count(s, k) as u32;
        }
    }
    n
}

/// A seeded game from `p`: `moves[(i * 7 + 3) % len]`, calling `each` on
/// every position reached, for at most `plies` moves.
fn seeded_game(mut p: Position4, seed: usize, plies: usize, each: &mut dyn FnMut(&Position4)) {
    for i in 0..plies {
        each(&p);
        let list = p.legal_moves();
        if list.is_empty() {
            break;
        }
        p.play(list[(i * 7 + 3 + seed) % list.len()]);
    }
    each(&p);
}

// --- 1. movement by facing -----------------------------------------------------

/// "Movement as in shogi, relative to the piece's facing"; South's pieces
/// move up, West's right, North's down, East's left.
#[test]
fn pawns_move_forward_by_their_facing() {
    for (seat, expected) in [('s', "e5e6"), ('w', "e5f5"), ('n', "e5e4"), ('e', "e5d5")] {
        let pawn = format!("P{seat}");
        let p = pos(&sfen(&with_corners(&[("e5", &pawn)]), seat, "-,-,-,-"));
        assert_eq!(moves_from(&p, "e5"), strings(&[expected]), "{pawn}");
    }
}

/// Silver and gold of East and North turned by their facing.
#[test]
fn silver_and_gold_move_by_their_facing() {
    let east = pos(&sfen(&with_corners(&[("e5", "Se")]), 'e', "-,-,-,-"));
    assert_eq!(
        moves_from(&east, "e5"),
        strings(&["e5d5", "e5d6", "e5d4", "e5f6", "e5f4"])
    );
    let north = pos(&sfen(&with_corners(&[("e5", "Gn")]), 'n', "-,-,-,-"));
    assert_eq!(
        moves_from(&north, "e5"),
        strings(&["e5e4", "e5d4", "e5f4", "e5d5", "e5f5", "e5e6"])
    );
    let west = pos(&sfen(&with_corners(&[("e5", "Sw")]), 'w', "-,-,-,-"));
    assert_eq!(
        moves_from(&west, "e5"),
        strings(&["e5f5", "e5f6", "e5f4", "e5d6", "e5d4"])
    );
}

/// An inherited piece (owner ≠ facing) moves by its facing, not its owner's:
/// `Gne` is North's gold moving as East's, `Psw` South's pawn moving right.
#[test]
fn inherited_pieces_move_by_their_facing() {
    let gold = pos(&sfen(&with_corners(&[("e5", "Gne")]), 'n', "-,-,-,-"));
    assert_eq!(
        moves_from(&gold, "e5"),
        strings(&["e5d5", "e5d6", "e5d4", "e5e6", "e5e4", "e5f5"])
    );
    let pawn = pos(&sfen(&with_corners(&[("e5", "Psw")]), 's', "-,-,-,-"));
    assert_eq!(moves_from(&pawn, "e5"), strings(&["e5f5"]));
    // Dragon: rook lines plus one diagonal step, whatever the facing.
    let dragon = pos(&sfen(&with_corners(&[("e5", "+Rwn")]), 'w', "-,-,-,-"));
    let m = moves_from(&dragon, "e5");
    assert_eq!(m.len(), 16 + 4);
    assert!(m.contains(&"e5d4".to_string()) && m.contains(&"e5e9".to_string()));
}

/// Attacks follow the facing too: a West pawn on d5 checks a king on e5, an
/// East-facing silver of South on f5 checks it, a South silver on f5 does not.
#[test]
fn checks_follow_the_facing() {
    let king_at_e5 = [("a1", "Ks"), ("a9", "Kw"), ("e5", "Kn"), ("i1", "Ke")];
    let check = |extra: (&str, &str)| {
        let mut all = king_at_e5.to_vec();
        all.push(extra);
        pos(&sfen(&all, 's', "-,-,-,-")).in_check(2)
    };
    assert!(check(("d5", "Pw")));
    assert!(!check(("d5", "Pe")));
    assert!(check(("f5", "Sse")));
    assert!(!check(("f5", "Ss")));
    assert!(check(("e6", "Psn")) && !check(("e6", "Ps")));
}

// --- 2. captures, kings, ownerless pieces ---------------------------------------

/// "Moving onto an opponent's piece captures it: it goes to your hand
/// unpromoted, and when you drop it later it faces your direction."
#[test]
fn captures_go_to_hand_unpromoted_and_drop_facing_the_dropper() {
    let mut p = pos(&sfen(
        &with_corners(&[("e2", "Rs"), ("e7", "+Swe")]),
        's',
        "-,-,-,-",
    ));
    assert!(legal(&p, "e2e7") && legal(&p, "e2e7+") && !legal(&p, "e2e8"));
    play(&mut p, "e2e7");
    assert_eq!(p.hand_count(0, Kind4::Silver), 1);
    assert_eq!(piece(&p, "e7"), Piece4::new(Kind4::Rook, 0));
    assert_eq!(p.to_move(), 1);
    play(&mut p, "a9b9 i9h9 i1h1 S*c5");
    let dropped = piece(&p, "c5");
    assert_eq!(dropped, Piece4::new(Kind4::Silver, 0));
    assert_eq!(p.hand_count(0, Kind4::Silver), 0);
    // A West drop faces West.
    let mut w = pos(&sfen(&with_corners(&[]), 'w', "-,G,-,-"));
    play(&mut w, "G*e5");
    assert_eq!(piece(&w, "e5"), Piece4::new(Kind4::Gold, 1));
}

/// "Kings are never captured: no move may land on a king's square, active
/// or flipped"; a flipped king blocks and attacks nothing.
#[test]
fn kings_live_or_flipped_are_never_captured() {
    for north in ["Kn", "Xn"] {
        let p = pos(&sfen(
            &[
                ("a1", "Ks"),
                ("a9", "Kw"),
                ("e7", north),
                ("i1", "Ke"),
                ("e2", "Rs"),
                ("d6", "Gs"),
            ],
            's',
            "-,-,-,-",
        ));
        assert!(!legal(&p, "e2e7") && !legal(&p, "e2e8") && legal(&p, "e2e6"));
        assert!(!legal(&p, "d6e7"));
    }
    // A live king next to a flipped one is not in check and may stay there.
    let p = pos(&sfen(
        &[("d6", "Ks"), ("a9", "Kw"), ("e7", "Xn"), ("i1", "Ke")],
        's',
        "-,-,-,-",
    ));
    assert!(!p.in_check(0) && legal(&p, "d6d7") && !legal(&p, "d6e7"));
}

/// Ownerless pieces "stay where they are, never move or check, and any
/// player may capture them into hand".
#[test]
fn ownerless_pieces_are_captured_by_anyone_and_never_move_or_check() {
    let pieces = [
        ("a1", "Ks"),
        ("d5", "Kw"),
        ("i9", "Kn"),
        ("i1", "Ke"),
        ("e5", "P-e"),
        ("e2", "Rs"),
        ("g5", "Rw"),
    ];
    for seat in SEATS {
        if seat == 'w' {
            continue;
        }
        let p = pos(&sfen(&pieces, seat, "-,-,-,-"));
        assert!(moves_from(&p, "e5").is_empty());
        // P-e faces East: it would attack d5, but attacks nothing.
        assert!(!p.in_check(1));
    }
    let w = pos(&sfen(&pieces, 'w', "-,-,-,-"));
    assert!(legal(&w, "g5e5") && moves_from(&w, "e5").is_empty());
    let mut s = pos(&sfen(&pieces, 's', "-,-,-,-"));
    play(&mut s, "e2e5");
    assert_eq!(s.hand_count(0, Kind4::Pawn), 1);
    assert_eq!(piece(&s, "e5"), Piece4::new(Kind4::Rook, 0));
}

// --- 3. promotion -----------------------------------------------------------------

/// "Promotion … in the three furthest rows in the direction the piece faces
/// (its facing, not its current owner's)."
#[test]
fn promotion_zone_follows_the_facing_not_the_owner() {
    // South's pawn facing West promotes entering column g…
    let p = pos(&sfen(&with_corners(&[("f5", "Psw")]), 's', "-,-,-,-"));
    assert_eq!(moves_from(&p, "f5"), strings(&["f5g5", "f5g5+"]));
    // …but not on row 7, South's own zone.
    let p = pos(&sfen(&with_corners(&[("e7", "Psw")]), 's', "-,-,-,-"));
    assert_eq!(moves_from(&p, "e7"), strings(&["e7f7"]));
    // A North-facing pawn of West promotes on rows 1–3.
    let p = pos(&sfen(&with_corners(&[("e4", "Pwn")]), 'w', "-,-,-,-"));
    assert_eq!(moves_from(&p, "e4"), strings(&["e4e3", "e4e3+"]));
    // Leaving the zone promotes too: a South silver from e7 back to d6.
    let p = pos(&sfen(&with_corners(&[("e7", "Ss")]), 's', "-,-,-,-"));
    assert!(legal(&p, "e7d6+") && legal(&p, "e7d6"));
    // A silver on its last row may stay unpromoted.
    let p = pos(&sfen(&with_corners(&[("e8", "Ss")]), 's', "-,-,-,-"));
    assert!(legal(&p, "e8e9") && legal(&p, "e8e9+"));
}

/// "A pawn must promote where it would have no further move."
#[test]
fn pawns_promote_on_their_last_row() {
    let p = pos(&sfen(&with_corners(&[("h5", "Pw")]), 'w', "-,-,-,-"));
    assert_eq!(moves_from(&p, "h5"), strings(&["h5i5+"]));
    let p = pos(&sfen(&with_corners(&[("e2", "Pn")]), 'n', "-,-,-,-"));
    assert_eq!(moves_from(&p, "e2"), strings(&["e2e1+"]));
    let p = pos(&sfen(&with_corners(&[("e2", "Pse")]), 's', "-,-,-,-"));
    assert_eq!(moves_from(&p, "e2"), strings(&["e2d2"]));
    let p = pos(&sfen(&with_corners(&[("b2", "Pse")]), 's', "-,-,-,-"));
    assert_eq!(moves_from(&p, "b2"), strings(&["b2a2+"]));
    // Drops on the last row are refused.
    let p = pos(&sfen(&with_corners(&[]), 'e', "-,-,-,P"));
    assert!(!legal(&p, "P*a5") && legal(&p, "P*b5"));
}

/// "A pawn placed (dropped, or moved without promotion) … directly in front
/// of a flipped king" is illegal.
#[test]
fn no_pawn_is_placed_in_front_of_a_flipped_king() {
    let p = pos(&sfen(
        &[
            ("a1", "Ks"),
            ("a9", "Kw"),
            ("e8", "Xn"),
            ("i1", "Ke"),
            ("e6", "Ps"),
        ],
        's',
        "-,-,-,-",
    ));
    assert_eq!(moves_from(&p, "e6"), strings(&["e6e7+"]));
    let p = pos(&sfen(
        &[("a1", "Ks"), ("c5", "Xw"), ("i9", "Kn"), ("i1", "Ke")],
        's',
        "P,-,-,-",
    ));
    assert!(!legal(&p, "P*c4") && legal(&p, "P*d4") && legal(&p, "P*c6"));
    let p = pos(&sfen(
        &[("a1", "Ks"), ("a9", "Kw"), ("e5", "Xn"), ("i1", "Ke")],
        'w',
        "-,P,-,-",
    ));
    assert!(!legal(&p, "P*d5") && legal(&p, "P*d6") && legal(&p, "P*e4"));
}

// --- 4. nifu ------------------------------------------------------------------------

/// Nifu along the mover's own lines, counting every unpromoted pawn the
/// mover owns whatever its facing; promoted pawns do not count.
#[test]
fn nifu_counts_the_movers_pawns_on_its_own_lines() {
    let p = pos(&sfen(&with_corners(&[("e3", "Ps")]), 's', "P,-,-,-"));
    assert!(!legal(&p, "P*e5") && legal(&p, "P*d5"));
    let p = pos(&sfen(&with_corners(&[("c6", "Psw")]), 's', "P,-,-,-"));
    assert!(!legal(&p, "P*c4") && legal(&p, "P*d6"));
    let p = pos(&sfen(&with_corners(&[("e3", "+Ps")]), 's', "P,-,-,-"));
    assert!(legal(&p, "P*e5"));
    // Another seat's pawn on the column does not count.
    let p = pos(&sfen(&with_corners(&[("e3", "Pn")]), 's', "P,-,-,-"));
    assert!(legal(&p, "P*e5"));
    // West counts rows: its own pawn and its South-facing pawn.
    let p = pos(&sfen(
        &with_corners(&[("c5", "Pw"), ("c7", "Pws")]),
        'w',
        "-,P,-,-",
    ));
    assert!(!legal(&p, "P*g5") && !legal(&p, "P*g7"));
    assert!(legal(&p, "P*g6") && legal(&p, "P*c4"));
}

/// "A pawn moving along that line itself never creates a pair … a promoting
/// move is never refused for nifu."
#[test]
fn nifu_on_moves_along_and_across_the_line() {
    // Along: South's North-facing pawn walks down column e past Ps e3.
    let p = pos(&sfen(
        &with_corners(&[("e7", "Psn"), ("e3", "Ps")]),
        's',
        "-,-,-,-",
    ));
    assert!(legal(&p, "e7e6"));
    // Across: South's West-facing pawn steps onto column e.
    let p = pos(&sfen(
        &with_corners(&[("d5", "Psw"), ("e3", "Ps")]),
        's',
        "-,-,-,-",
    ));
    assert!(moves_from(&p, "d5").is_empty());
    // Across with promotion: only the promoting move remains.
    let p = pos(&sfen(
        &with_corners(&[("f5", "Psw"), ("g3", "Ps")]),
        's',
        "-,-,-,-",
    ));
    assert_eq!(moves_from(&p, "f5"), strings(&["f5g5+"]));
    // West: its East-facing pawn moving left stays on its row (a line).
    let p = pos(&sfen(
        &with_corners(&[("f5", "Pwe"), ("c5", "Pw")]),
        'w',
        "-,-,-,-",
    ));
    assert!(legal(&p, "f5e5"));
}

// --- 5. pawn-drop mate ----------------------------------------------------------------

/// North's king on e9 boxed in: silvers c8/g8 and a gold on e7.
fn drop_mate_pieces(with_g8: bool) -> Vec<(&'static str, &'static str)> {
    let mut all = vec![
        ("a1", "Ks"),
        ("a5", "Kw"),
        ("e9", "Kn"),
        ("i1", "Ke"),
        ("c8", "Ss"),
        ("e7", "Gs"),
    ];
    if with_g8 {
        all.push(("g8", "Ss"));
    }
    all
}

/// "Checkmate by a pawn drop: a pawn drop that checks a king whose owner
/// would have no legal reply" is illegal; the same drop with an escape is
/// legal; a mate by a gold drop is legal.
#[test]
fn pawn_drop_mate_is_refused_other_drops_mate() {
    let mate = pos(&sfen(&drop_mate_pieces(true), 's', "P,-,-,-"));
    assert!(!legal(&mate, "P*e8"));
    assert!(legal(&mate, "P*d7"));
    let escape = pos(&sfen(&drop_mate_pieces(false), 's', "P,-,-,-"));
    assert!(legal(&escape, "P*e8"));
    let mut after = escape.clone();
    play(&mut after, "P*e8");
    assert!(after.in_check(2) && after.to_move() == 2);
    assert_eq!(moves(&after), strings(&["e9f9"]));
    let mut gold = pos(&sfen(&drop_mate_pieces(true), 's', "G,-,-,-"));
    play(&mut gold, "G*e8");
    assert!(!gold.is_active(2));
    assert_eq!(gold.mates(), [1, 0, 0, 0]);
}

// --- 6. king safety, pins, pairs ---------------------------------------------------------

/// "Leaving your own king in check" is illegal, including pins by the rook
/// of a seat that is not next.
#[test]
fn pinned_pieces_and_attacked_squares() {
    // North's rook pins South's gold on column e.
    let p = pos(&sfen(
        &[
            ("e1", "Ks"),
            ("a8", "Kw"),
            ("i9", "Kn"),
            ("i1", "Ke"),
            ("e3", "Gs"),
            ("e9", "Rn"),
        ],
        's',
        "-,-,-,-",
    ));
    assert_eq!(moves_from(&p, "e3"), strings(&["e3e2", "e3e4"]));
    // East's rook pins it on row 2.
    let p = pos(&sfen(
        &[
            ("b2", "Ks"),
            ("a9", "Kw"),
            ("e9", "Kn"),
            ("i5", "Ke"),
            ("d2", "Gs"),
            ("h2", "Re"),
        ],
        's',
        "-,-,-,-",
    ));
    assert_eq!(moves_from(&p, "d2"), strings(&["d2c2", "d2e2"]));
    // West's pawn on c2 guards d2.
    let p = pos(&sfen(
        &[
            ("e1", "Ks"),
            ("a9", "Kw"),
            ("i9", "Kn"),
            ("i1", "Ke"),
            ("c2", "Pw"),
        ],
        's',
        "-,-,-,-",
    ));
    assert!(!legal(&p, "e1d2") && legal(&p, "e1f2") && legal(&p, "e1d1"));
}

/// "In pairs: creating a new check on your partner's king with your own
/// move" is illegal (South and North are partners).
#[test]
fn pairs_forbid_checking_the_partner() {
    let text = sfen(
        &[
            ("a1", "Ks"),
            ("i7", "Kw"),
            ("c9", "Kn"),
            ("i3", "Ke"),
            ("a5", "Rs"),
        ],
        's',
        "-,-,-,-",
    );
    let pairs = pos_with(&text, play_rules(Format::Pairs, 2, false));
    assert!(!legal(&pairs, "a5c5") && !legal(&pairs, "a5a9") && legal(&pairs, "a5b5"));
    let single = pos(&text);
    assert!(legal(&single, "a5c5") && legal(&single, "a5a9"));
    // A check on the partner counts as check on oneself too: North may not
    // step into its partner's rook line.
    let text = sfen(
        &[
            ("a1", "Ks"),
            ("i7", "Kw"),
            ("c9", "Kn"),
            ("i3", "Ke"),
            ("b5", "Rs"),
        ],
        'n',
        "-,-,-,-",
    );
    let pairs = pos_with(&text, play_rules(Format::Pairs, 2, false));
    assert!(!legal(&pairs, "c9b9") && legal(&pairs, "c9d9"));
    assert!(legal(&pos(&text), "c9d8"));
}

// --- 7. check priority ---------------------------------------------------------------------

/// "The checked player nearest clockwise from the player who just moved
/// plays next, at once, out of turn; play then continues clockwise from that
/// player. Skipped turns are not given back."
#[test]
fn a_checked_seat_plays_out_of_turn() {
    let kings = [("a1", "Ks"), ("a9", "Kw"), ("e9", "Kn"), ("i5", "Ke")];
    let mut p = pos(&sfen(&kings, 's', "R,-,-,-"));
    play(&mut p, "R*c5");
    assert!(p.in_check(3) && !p.in_check(1) && !p.in_check(2));
    assert_eq!(p.to_move(), 3);
    play(&mut p, "i5i4");
    assert_eq!(p.to_move(), 0, "West and North are skipped");
}

#[test]
fn two_checks_at_once_the_nearest_clockwise_plays_first() {
    let kings = [("a1", "Ks"), ("a9", "Kw"), ("e9", "Kn"), ("i5", "Ke")];
    let mut p = pos(&sfen(&kings, 's', "R,-,-,-"));
    play(&mut p, "R*e5");
    assert!(p.in_check(2) && p.in_check(3));
    assert_eq!(p.to_move(), 2);
    play(&mut p, "e9d9");
    assert_eq!(p.to_move(), 3);
    play(&mut p, "i5i4");
    assert_eq!(p.to_move(), 0);
    // Counting wraps past South: East checks South and North, South first.
    let kings = [("e1", "Ks"), ("a6", "Kw"), ("e9", "Kn"), ("i9", "Ke")];
    let mut p = pos(&sfen(&kings, 'e', "-,-,-,R"));
    play(&mut p, "R*e5");
    assert!(p.in_check(0) && p.in_check(2) && !p.in_check(1));
    assert_eq!(p.to_move(), 0);
    play(&mut p, "e1d1");
    assert_eq!(p.to_move(), 2, "North still in check: West is skipped");
    play(&mut p, "e9d9");
    assert_eq!(p.to_move(), 3);
}

// --- 8. checkmate ---------------------------------------------------------------------------

/// The gold-drop mate of North, with North holding a pawn on a7, a silver on
/// h3 and a silver in hand.
fn north_mate(extra_east: &'static str) -> String {
    let mut all = drop_mate_pieces(true);
    all.retain(|(s, _)| *s != "i1");
    all.push(("i1", extra_east));
    all.push(("a7", "Pn"));
    all.push(("h3", "Sn"));
    sfen(&all, 's', "G,-,S,-")
}

/// "Their king is turned over … credit … the mated player's hand goes to the
/// mating player. Their pieces on the board also go to the mating player and
/// keep their facing"; "eliminated seats are skipped"; the game goes on.
#[test]
fn checkmate_flips_the_king_and_transfers_everything() {
    let mut p = pos(&north_mate("Ke"));
    play(&mut p, "G*e8");
    assert!(!p.is_active(2) && !p.is_over());
    assert_eq!(p.mates(), [1, 0, 0, 0]);
    assert_eq!(p.mated(), &[2]);
    assert_eq!(p.to_move(), 1);
    assert_eq!(
        p.to_sfen4(),
        "4Xn4/2Ss1Gs1Ss2/Psn3Gs4/9/Kw8/9/7Ssn1/9/Ks7Ke w S,-,-,- 2"
    );
    let pawn = piece(&p, "a7");
    assert_eq!((pawn.owner, pawn.facing), (Some(0), 2));
    // South now moves the inherited pawn down, as North's pawns move.
    play(&mut p, "a5b5");
    assert_eq!(p.to_move(), 3, "North is skipped");
    play(&mut p, "i1h1");
    assert_eq!(p.to_move(), 0);
    assert!(legal(&p, "a7a6") && !legal(&p, "a7a8"));
    // Nobody moves onto, or moves, the flipped king.
    assert!(moves(&p).iter().all(|m| !m.contains("e9")));
}

/// Room rule: "or become ownerless — they stay where they are"; the hand
/// still goes to the mating player.
#[test]
fn checkmate_with_ownerless_pieces() {
    let mut p = pos_with(&north_mate("Ke"), play_rules(Format::Individual, 2, true));
    play(&mut p, "G*e8");
    assert_eq!(
        p.to_sfen4(),
        "4Xn4/2Ss1Gs1Ss2/P-n3Gs4/9/Kw8/9/7S-n1/9/Ks7Ke w S,-,-,- 2"
    );
    assert_eq!(piece(&p, "a7").owner, None);
    assert_eq!(p.hand_count(0, Kind4::Silver), 1);
}

/// North's king on a9 in check from South's rook (a2) and East's rook (i9),
/// with b8 free; West covers b8 with a silver drop on c7.
fn double_check_text(seat: char) -> String {
    sfen(
        &[
            ("g1", "Ks"),
            ("e5", "Kw"),
            ("a9", "Kn"),
            ("g5", "Ke"),
            ("a2", "Rs"),
            ("i9", "Re"),
        ],
        seat,
        "-,S,G,-",
    )
}

/// "When pieces of several players give it, to the first of them counting
/// counter-clockwise from the player who made the move (that player first)":
/// West moves, South and East check → South (West, South, East, North).
#[test]
fn credit_with_several_checkers_goes_counter_clockwise_from_the_mover() {
    let mut p = pos(&double_check_text('w'));
    assert_eq!(moves(&pos(&double_check_text('n'))), strings(&["a9b8"]));
    play(&mut p, "S*c7");
    assert!(!p.is_active(2));
    assert_eq!(p.mates(), [1, 0, 0, 0]);
    assert_eq!(
        p.hand_count(0, Kind4::Gold),
        1,
        "North's hand went to South"
    );
    assert_eq!(p.to_move(), 3);
}

/// "A player who has no legal move when their turn comes is checkmated
/// (even when not in check) … When the king was not in check, the player who
/// made the move gets it."
#[test]
fn mate_without_check_credits_the_mover() {
    let text = sfen(
        &[
            ("e1", "Ks"),
            ("e5", "Kw"),
            ("a9", "Kn"),
            ("i5", "Ke"),
            ("b2", "Rs"),
        ],
        'w',
        "-,G,-,-",
    );
    let mut p = pos(&text);
    play(&mut p, "G*a7");
    assert!(!p.is_active(2));
    assert_eq!(p.mates(), [0, 1, 0, 0]);
    assert_eq!(p.to_move(), 3);
    assert_eq!(piece(&p, "a9").owner, Some(2));
    assert!(piece(&p, "a9").flipped);
}

/// "By default the game ends when two players have been checkmated"; with
/// "play on until one player is left" it goes on; pairs end at the first
/// mate.
#[test]
fn when_the_game_ends() {
    let text = north_mate("Xe");
    let mut two = pos(&text);
    play(&mut two, "G*e8");
    assert!(two.is_over() && two.legal_moves().is_empty() && two.perft(1) == 0);
    assert_eq!(two.mated(), &[3, 2]);
    assert_eq!(two.to_move(), 1, "the seat that would be next");
    assert!(two.parse_move("a5b5").is_err());
    let mut three = pos_with(&text, play_rules(Format::Individual, 3, false));
    play(&mut three, "G*e8");
    assert!(!three.is_over() && three.to_move() == 1 && !three.legal_moves().is_empty());
    // Pairs: West mates North (not its partner) and the game is over.
    let pairs = play_rules(Format::Pairs, 2, false);
    let mut p = pos_with(&double_check_text('w'), pairs);
    play(&mut p, "S*c7");
    assert!(p.is_over() && p.legal_moves().is_empty());
    let mut single = pos(&double_check_text('w'));
    play(&mut single, "S*c7");
    assert!(!single.is_over());
}

/// "When one move mates two seats, the second mate is judged after the
/// first one's pieces have changed hands": South's gold drop mates North;
/// East, already in check from North's silver on h2 and with no move, is
/// mated next, and the credit goes to the silver's new owner, South (before
/// the transfer it would have been North).
fn double_mate_text() -> String {
    let mut all = drop_mate_pieces(true);
    all.extend([("h2", "Sn"), ("h3", "Gs"), ("i3", "Gs")]);
    sfen(&all, 's', "G,-,-,-")
}

#[test]
fn one_move_can_mate_twice() {
    let mut p = pos(&double_mate_text());
    assert!(p.in_check(3));
    play(&mut p, "G*e8");
    assert_eq!(p.mated(), &[2, 3]);
    assert_eq!(p.mates(), [2, 0, 0, 0]);
    assert!(p.is_over() && p.to_move() == 1);
    // Played on, West moves next.
    let mut on = pos_with(
        &double_mate_text(),
        play_rules(Format::Individual, 3, false),
    );
    play(&mut on, "G*e8");
    assert!(!on.is_over() && on.to_move() == 1);
    // Ownerless: the silver stops checking, East escapes to h1.
    let mut free = pos_with(&double_mate_text(), play_rules(Format::Individual, 2, true));
    play(&mut free, "G*e8");
    assert_eq!(free.mated(), &[2]);
    assert!(free.is_active(3) && free.to_move() == 1);
}

// --- 9. conservation ---------------------------------------------------------------------------

/// Pieces are conserved: every one of the 36 is on the board (flipped
/// kings included) or in a hand, whatever happens.
#[test]
fn random_games_conserve_the_36_pieces() {
    let rules = [
        Play4::default(),
        play_rules(Format::Individual, 3, false),
        play_rules(Format::Individual, 3, true),
        play_rules(Format::Pairs, 2, false),
    ];
    let mut mates_seen = 0;
    for (r, rule) in rules.iter().enumerate() {
        for seed in 0..3 {
            let start = Position4::from_sfen4(START4, *rule).unwrap();
            let mut last = start.clone();
            seeded_game(start, seed * 5 + r, 400, &mut |p| {
                assert_eq!(census(p), [4, 4, 8, 8, 12], "{}", p.to_sfen4());
                last = p.clone();
            });
            mates_seen += last.mated().len();
        }
    }
    assert!(mates_seen > 0, "the games reach mates");
}

// --- 10. SFEN4 and move parsing --------------------------------------------------------------

/// "<hands>: … any order is read, and a letter given twice adds up."
#[test]
fn sfen4_hands_in_any_order() {
    let kings = board(&CORNERS);
    let p =
        Position4::from_sfen4(&format!("{kings} s PGR2S,P2P,-,SPGP 7"), Play4::default()).unwrap();
    assert_eq!(p.to_sfen4(), format!("{kings} s RG2SP,3P,-,GS2P 7"));
    assert_eq!(p.hand_count(3, Kind4::Pawn), 2);
}

/// Malformed SFEN4 is an error, never a panic.
#[test]
fn malformed_sfen4_is_refused() {
    let kings = board(&CORNERS);
    let bad = [
        String::new(),
        kings.clone(),
        format!("{kings} s"),
        format!("{kings} s -,-,-,-"),
        format!("{kings} s -,-,-,- 1 extra"),
        format!("{kings} x -,-,-,- 1"),
        format!("{kings} sw -,-,-,- 1"),
        format!("{kings} s -,-,- 1"),
        format!("{kings} s -,-,-,-,- 1"),
        format!("{kings} s K,-,-,- 1"),
        format!("{kings} s 2,-,-,- 1"),
        format!("{kings} s 0P,-,-,- 1"),
        format!("{kings} s Q,-,-,- 1"),
        format!("{kings} s 99P,-,-,- 1"),
        format!("{kings} s -,-,-,- 0"),
        format!("{kings} s -,-,-,- x"),
        "Kw7Kn/9/9/9/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/9/9/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/9/9/9/9/Ks7Ke1 s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/9/9/9/9/Ks6Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/9/9/9/9/Ks6KeP s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/Bs8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/Px8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/P8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/P-8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/+Gs8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/+Ks8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/K-s8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/8+/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/X8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/ps8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/09/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        // Two kings for South, none for East; a live and a flipped North.
        "Kw7Kn/9/9/9/9/9/9/9/Ks7Ks s -,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/Xn8/9/9/9/Ks7Ke s -,-,-,- 1".to_string(),
        // The seat to move is mated while the game goes on.
        "Kw7Xn/9/9/9/9/9/9/9/Ks7Ke n -,-,-,- 1".to_string(),
        // A mated seat owns nothing: its pieces and hand changed hands.
        "Kw7Xn/9/9/9/9/9/9/4Gn4/Ks7Ke s -,-,-,- 1".to_string(),
        "Kw7Xn/9/9/9/9/9/9/9/Ks7Ke s -,-,P,- 1".to_string(),
        "Kw7Kn/9/9/9/9/9/9/9/Ks7Ke s p,-,-,- 1".to_string(),
        "Kw7Kn/9/9/9/9/9/9/9/Ks7Ke s -,,-,- 1".to_string(),
    ];
    for text in bad {
        assert!(
            Position4::from_sfen4(&text, Play4::default()).is_err(),
            "accepted {text:?}"
        );
    }
}

/// Every position of a few seeded games writes and reads back the same.
#[test]
fn sfen4_round_trips_along_games() {
    for seed in 0..3 {
        let start = Position4::from_sfen4(START4, Play4::default()).unwrap();
        seeded_game(start, seed, 150, &mut |p| {
            let text = p.to_sfen4();
            let back = Position4::from_sfen4(&text, Play4::default()).unwrap();
            assert_eq!(back.to_sfen4(), text);
            assert_eq!(back.legal_moves(), p.legal_moves(), "{text}");
        });
    }
}

/// "parse_move" refuses bad syntax and moves that are not legal.
#[test]
fn bad_moves_are_refused() {
    let p = pos(&sfen(&with_corners(&[("e3", "Ps")]), 's', "P,-,-,-"));
    for text in [
        "", "e3", "e3e", "e3e4x", "e3e4++", "e3e10", "j3j4", "E3E4", "e0e4", "K*e5", "p*e5", "P*",
        "P*e", "P*j5", "P-e5", "*e5", "e3-e4",
    ] {
        assert!(p.parse_move(text).is_err(), "{text:?}");
    }
    for text in [
        "e3e5", "e3e4+", "G*e5", "P*e4", "P*e9", "i1h1", "a9b9", "e4e5",
    ] {
        assert!(p.parse_move(text).is_err(), "{text:?}");
    }
    assert!(p.parse_move("e3e4").is_ok() && p.parse_move("P*d4").is_ok());
}

// --- 11. perft --------------------------------------------------------------------------------

/// Counted by hand: South (king e1, a pawn in hand) and North (king e9),
/// West and East flipped on a5 and i5, play on to the last player.
/// Depth 1: 5 king moves + 67 pawn drops (77 empty squares, less the 8 empty
/// ones of row 9, less a4 and i4 under the flipped kings). Depth 2: North's
/// king has 5 moves, 4 after a drop on d8, f8 (taking away d9/f9 but
/// capturable), d7, e7, f7 (guarding d8, e8, f8): 25 + 62·5 + 5·4 = 355.
#[test]
fn perft_of_a_tiny_position_counted_by_hand() {
    let text = sfen(
        &[("e1", "Ks"), ("a5", "Xw"), ("e9", "Kn"), ("i5", "Xe")],
        's',
        "P,-,-,-",
    );
    let p = pos_with(&text, play_rules(Format::Individual, 3, false));
    assert_eq!(p.perft(1), 72);
    assert_eq!(p.perft(2), 355);
    let bare = sfen(
        &[("e1", "Ks"), ("a5", "Xw"), ("e9", "Kn"), ("i5", "Xe")],
        's',
        "-,-,-,-",
    );
    let p = pos_with(&bare, play_rules(Format::Individual, 3, false));
    // South's king reaches squares with 5, 5, 8, 8, 8 moves; North's 5.
    assert_eq!([p.perft(1), p.perft(2), p.perft(3)], [5, 25, 5 * 34]);
}

/// Positions with mates, inheritance, drops and ownerless pieces.
fn perft_positions() -> Vec<(String, Play4)> {
    let default = Play4::default();
    let play_on = play_rules(Format::Individual, 3, false);
    let ownerless = play_rules(Format::Individual, 3, true);
    let pairs = play_rules(Format::Pairs, 2, false);
    let mut out = vec![
        (north_mate("Ke"), default),
        (north_mate("Ke"), ownerless),
        (north_mate("Xe"), play_on),
        (double_mate_text(), play_on),
        (double_mate_text(), ownerless),
        (double_check_text('w'), default),
        (double_check_text('w'), pairs),
        (sfen(&drop_mate_pieces(true), 's', "P,-,-,-"), default),
        (
            sfen(
                &[
                    ("a1", "Ks"),
                    ("d5", "Kw"),
                    ("i9", "Kn"),
                    ("i1", "Ke"),
                    ("e5", "P-e"),
                    ("e2", "Rs"),
                    ("g5", "Rw"),
                    ("c7", "+Pne"),
                    ("f7", "Psw"),
                ],
                'w',
                "P,GP,S,R",
            ),
            ownerless,
        ),
    ];
    // Middle games from the start, with hands and (later) mates.
    for (seed, plies) in [(0, 60), (1, 120), (2, 200)] {
        let start = Position4::from_sfen4(START4, default).unwrap();
        let mut at = None;
        let mut n = 0;
        seeded_game(start, seed, plies, &mut |p| {
            n += 1;
            if n == plies || !p.legal_moves().is_empty() {
                at = Some(p.to_sfen4());
            }
        });
        out.push((at.unwrap(), default));
    }
    out
}

/// Turning the board by 90° (seat s → s+1) changes no count: this catches a
/// rule written for one facing only, at any depth where it matters.
#[test]
fn perft_is_unchanged_by_rotating_the_board() {
    for (text, rule) in perft_positions() {
        let p = Position4::from_sfen4(&text, rule).unwrap();
        let mut r = p.clone();
        let counts = [p.perft(1), p.perft(2)];
        for turn in 1..=4 {
            r = rotate(&r);
            assert_eq!([r.perft(1), r.perft(2)], counts, "{text} turned {turn}×");
        }
        assert_eq!(r.to_sfen4(), p.to_sfen4(), "four turns are the identity");
    }
}

/// Depth 3 on the small positions, and along random games: the legal-move
/// count of every position equals that of its rotation.
#[test]
fn rotation_deeper_and_along_games() {
    for (text, rule) in perft_positions().into_iter().take(7) {
        let p = Position4::from_sfen4(&text, rule).unwrap();
        assert_eq!(rotate(&p).perft(3), p.perft(3), "{text}");
    }
    let rules = [
        Play4::default(),
        play_rules(Format::Individual, 3, true),
        play_rules(Format::Pairs, 2, false),
    ];
    for (seed, rule) in rules.iter().cycle().take(6).enumerate() {
        let start = Position4::from_sfen4(START4, *rule).unwrap();
        seeded_game(start, seed, 300, &mut |p| {
            let r = rotate(p);
            assert_eq!(
                r.legal_moves().len(),
                p.legal_moves().len(),
                "{}",
                p.to_sfen4()
            );
            assert_eq!(r.to_move(), (p.to_move() + 1) % 4);
        });
    }
}

/// perft(n) is the sum over the legal moves of perft(n − 1) after `play`,
/// and `play` never changes the count of pieces.
#[test]
fn perft_is_the_sum_over_moves() {
    for (text, rule) in perft_positions() {
        let p = Position4::from_sfen4(&text, rule).unwrap();
        let sum: u64 = p
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut q = p.clone();
                q.play(m);
                assert_eq!(census(&q), census(&p));
                q.perft(1)
            })
            .sum();
        assert_eq!(p.perft(2), sum, "{text}");
    }
}
