//! Perft suites for two-player shogi. The counts in `data/shogi_perft.txt`
//! were computed with independent implementations (see the file's header);
//! the normal run (optimised, see `[profile.test]`) checks every line up to
//! `FAST_LIMIT` nodes, and the ignored tests (`cargo test -- --ignored`)
//! the rest, with the start position's depths 5 and 6.

use banmen::rules::shogi::Position;

const FAST_LIMIT: u64 = 60_000_000;

struct Case {
    id: String,
    sfen: String,
    depth: u32,
    nodes: u64,
}

fn suite() -> Vec<Case> {
    let text = include_str!("data/shogi_perft.txt");
    let mut cases = Vec::new();
    let (mut id, mut sfen) = (String::new(), String::new());
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("id:") {
            id = rest.trim().to_string();
        } else if let Some(rest) = line.strip_prefix("sfen:") {
            sfen = rest.trim().to_string();
        } else if let Some(rest) = line.strip_prefix("perft:") {
            let mut parts = rest.split_whitespace().map(|n| n.parse::<u64>().unwrap());
            let (depth, nodes) = (parts.next().unwrap(), parts.next().unwrap());
            let (id, sfen) = (id.clone(), sfen.clone());
            cases.push(Case {
                id,
                sfen,
                depth: depth as u32,
                nodes,
            });
        }
    }
    assert!(
        cases.len() >= 40,
        "the suite looks truncated: {} lines",
        cases.len()
    );
    cases
}

fn run(filter: impl Fn(&Case) -> bool) {
    let mut failures = Vec::new();
    for case in suite().into_iter().filter(|c| filter(c)) {
        let mut pos =
            Position::from_sfen(&case.sfen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let got = pos.perft(case.depth);
        if got != case.nodes {
            failures.push(format!(
                "{} depth {}: {} expected, {} counted",
                case.id, case.depth, case.nodes, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn suite_up_to_a_few_million_nodes() {
    run(|c| c.nodes <= FAST_LIMIT);
}

#[test]
#[ignore = "the matsuri depth-4 line: run with -- --ignored"]
fn suite_deep_lines() {
    run(|c| c.nodes > FAST_LIMIT);
}

#[test]
fn start_position_to_depth_4() {
    let mut pos = Position::startpos();
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [30, 900, 25_470, 719_731]);
}

#[test]
#[ignore = "seconds in release, long in debug: run with --release -- --ignored"]
fn start_position_depth_5_and_6() {
    let mut pos = Position::startpos();
    assert_eq!(pos.perft(5), 19_861_490);
    assert_eq!(pos.perft(6), 547_581_517);
}

#[test]
#[ignore = "seconds in release: run with --release -- --ignored"]
fn matsuri_depth_4() {
    let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
    assert_eq!(Position::from_sfen(sfen).unwrap().perft(4), 516_925_165);
}
