//! The shipped puzzles (src/learn/puzzles/*.txt): every line reads, every
//! puzzle is proved again by the prover with the answer its line claims,
//! the judge takes the line and refuses other moves, and the generator,
//! run on one game of each, writes files whose puzzles prove too.

mod temp_support;

use banmen::learn::puzzles::generate::{self, Options};
use banmen::learn::puzzles::{Judgement, Kind, Puzzle, parse_file, prove, puzzles};
use banmen::rules::AnyGame;
use std::collections::HashSet;

/// The fewest puzzles of each kind that ship.
fn minimum(kind: Kind) -> usize {
    match kind {
        Kind::ShogiMate1 => 150,
        Kind::ShogiMate3 => 60,
        Kind::Chess4Tactic => 80,
    }
}

/// The data file of `kind` as compiled in.
fn data(kind: Kind) -> &'static str {
    match kind {
        Kind::ShogiMate1 => include_str!("../src/learn/puzzles/shogi_mate1.txt"),
        Kind::ShogiMate3 => include_str!("../src/learn/puzzles/shogi_mate3.txt"),
        Kind::Chess4Tactic => include_str!("../src/learn/puzzles/chess4_tactics.txt"),
    }
}

/// Proves `puzzle` again: `Err` says why it is not what its line claims.
fn reprove(puzzle: &Puzzle) -> Result<(), String> {
    let start = puzzle.start().map_err(|e| format!("start: {e}"))?;
    let mover = start.to_move().ok_or("the game is over")?;
    if start.outcome().is_some() || !start.seats().active().any(|s| s == mover) {
        return Err("the solver cannot move".into());
    }
    let line = &puzzle.line;
    match puzzle.kind {
        Kind::ShogiMate1 => {
            let mv = prove::shogi_mate1(&puzzle.position).map_err(|e| format!("{e:?}"))?;
            (line[..] == [mv.as_str()])
                .then_some(())
                .ok_or(format!("proved {mv}"))
        }
        Kind::ShogiMate3 => {
            let proved = prove::shogi_mate3(&puzzle.position).map_err(|e| format!("{e:?}"))?;
            if line.len() != 3 || line[0] != proved[0] {
                return Err(format!("proved {proved:?}"));
            }
            let mut game = start.clone();
            game.play_text(&line[0]).map_err(|e| e.to_string())?;
            game.play_text(&line[1]).map_err(|e| e.to_string())?;
            let last = game.parse_text(&line[2]).map_err(|e| e.to_string())?;
            let before = game.clone();
            game.play_text(&line[2]).map_err(|e| e.to_string())?;
            game.outcome().ok_or("the last move does not mate")?;
            match puzzle.judge(&before, 2, &last) {
                Judgement::Solved => Ok(()),
                other => Err(format!("judged the mate {other:?}")),
            }
        }
        Kind::Chess4Tactic => {
            let tactic = prove::chess4_tactic(&puzzle.position, &puzzle.rules)
                .map_err(|e| format!("{e:?}"))?;
            (line[..] == [tactic.mv.as_str()])
                .then_some(())
                .ok_or(format!("proved {}", tactic.mv))
        }
    }
}

/// Whether the judge takes the line and refuses a legal move off it.
fn judged(puzzle: &Puzzle) -> Result<(), String> {
    let mut game = puzzle.start().map_err(|e| e.to_string())?;
    let first = game
        .parse_text(&puzzle.line[0])
        .map_err(|e| e.to_string())?;
    let expected = match puzzle.line.get(1) {
        Some(reply) => Judgement::Reply(reply.clone()),
        None => Judgement::Solved,
    };
    let got = puzzle.judge(&game, 0, &first);
    if got != expected {
        return Err(format!("the line's first move judged {got:?}"));
    }
    let wrong = game.legal_moves().into_iter().find(|m| *m != first);
    if let Some(wrong) = wrong
        && puzzle.judge(&game, 0, &wrong) != Judgement::Wrong
    {
        return Err(format!("{wrong:?} judged right"));
    }
    if puzzle.line.len() == 3 {
        game.play_text(&puzzle.line[0]).map_err(|e| e.to_string())?;
        game.play_text(&puzzle.line[1]).map_err(|e| e.to_string())?;
        let mate = game
            .parse_text(&puzzle.line[2])
            .map_err(|e| e.to_string())?;
        if puzzle.judge(&game, 2, &mate) != Judgement::Solved {
            return Err("the line's mate not judged solved".into());
        }
    }
    Ok(())
}

/// Checks a list of puzzles: the failures, one line each.
fn failures(list: &[Puzzle], judge_every: usize) -> Vec<String> {
    let mut failed = Vec::new();
    for (i, puzzle) in list.iter().enumerate() {
        let checked = reprove(puzzle).and_then(|()| match i % judge_every {
            0 => judged(puzzle),
            _ => Ok(()),
        });
        if let Err(why) = checked {
            failed.push(format!("{} ({}): {why}", puzzle.id(), puzzle.source));
        }
    }
    failed
}

#[test]
fn every_line_of_every_file_reads() {
    for kind in Kind::ALL {
        let (read, errors) = parse_file(kind, data(kind));
        assert!(errors.is_empty(), "{errors:#?}");
        assert_eq!(read.len(), puzzles(kind).len());
    }
}

#[test]
fn enough_puzzles_ship_each_with_its_own_position_and_id() {
    let mut positions = HashSet::new();
    let mut ids = HashSet::new();
    for kind in Kind::ALL {
        let list = puzzles(kind);
        assert!(
            list.len() >= minimum(kind),
            "{}: {}",
            kind.name(),
            list.len()
        );
        for puzzle in list {
            assert!(positions.insert(puzzle.position.clone()), "{}", puzzle.id());
            assert!(ids.insert(puzzle.id()), "{}", puzzle.id());
            assert!(puzzle.id().starts_with(kind.name()));
            assert_eq!(puzzle.line.len(), 2 * kind.solver_moves() - 1);
        }
    }
}

#[test]
fn every_shogi_mate_in_one_is_proved() {
    let failed = failures(puzzles(Kind::ShogiMate1), 5);
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn every_shogi_mate_in_three_is_proved() {
    let failed = failures(puzzles(Kind::ShogiMate3), 5);
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn every_chess4_tactic_is_proved() {
    let failed = failures(puzzles(Kind::Chess4Tactic), 5);
    assert!(failed.is_empty(), "{failed:#?}");
}

/// A cross-check by another program: the shogi CPU's search, to the
/// puzzle's depth and a ply beyond, with no noise and time to spare,
/// finds the mate at the stated depth and plays the line's first move.
#[test]
fn the_shogi_search_finds_every_mate_at_its_depth() {
    use banmen::cpu::shogi::search::{Limits, MATE, search};
    use banmen::rules::shogi::Position;
    use std::sync::atomic::AtomicBool;
    for (kind, plies) in [(Kind::ShogiMate1, 1), (Kind::ShogiMate3, 3)] {
        let limits = Limits {
            depth: plies + 1,
            time: std::time::Duration::from_secs(600),
            noise: 0,
            tt_bits: 16,
            spend_all: false,
        };
        for puzzle in puzzles(kind) {
            let pos = Position::from_sfen(&puzzle.position).unwrap();
            let found = search(&pos, &[], &limits, &AtomicBool::new(false));
            let best = found.best.map(|mv| mv.to_usi());
            assert_eq!(found.score, MATE - plies, "{}", puzzle.id());
            assert_eq!(
                best.as_deref(),
                Some(puzzle.line[0].as_str()),
                "{}",
                puzzle.id()
            );
        }
    }
}

#[test]
fn a_mate_in_three_refuses_a_wrong_last_move() {
    let puzzle = &puzzles(Kind::ShogiMate3)[0];
    let mut game: AnyGame = puzzle.start().unwrap();
    game.play_text(&puzzle.line[0]).unwrap();
    game.play_text(&puzzle.line[1]).unwrap();
    let not_mating = game.legal_moves().into_iter().find(|mv| {
        let mut next = game.clone();
        next.play(mv).unwrap();
        next.outcome().is_none()
    });
    let not_mating = not_mating.expect("some move does not mate");
    assert_eq!(puzzle.judge(&game, 2, &not_mating), Judgement::Wrong);
}

#[test]
fn a_bad_line_is_left_out_and_reported() {
    let text = "# comment\nnot a puzzle\n9/9/9 b - 1 | 7g7f | | x\n";
    let (read, errors) = parse_file(Kind::ShogiMate1, text);
    assert!(read.is_empty());
    assert_eq!(errors.len(), 2, "{errors:?}");
}

#[test]
fn the_generator_writes_files_that_prove() {
    let dir = temp_support::TempDir::new("puzzles");
    let options = Options {
        games: 1,
        seed: 5,
        out: dir.path().to_path_buf(),
        minutes: 1,
        think_ms: 5,
        max: 50,
    };
    let report = generate::generate(&options, &|_| {}).unwrap();
    assert_eq!(report.games, [1, 1]);
    for kind in Kind::ALL {
        let text = std::fs::read_to_string(dir.path().join(kind.file_name())).unwrap();
        let (read, errors) = parse_file(kind, &text);
        assert!(errors.is_empty(), "{errors:#?}");
        assert_eq!(read.len(), report.counts[kind as usize]);
        let failed = failures(&read, 1);
        assert!(failed.is_empty(), "{failed:#?}");
    }
}
