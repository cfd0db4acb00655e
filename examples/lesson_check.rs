//! `cargo run --example lesson_check -- src/learn/lessons/shogi.toml`:
//! checks a lesson file as `tests/lessons.rs` does, without rebuilding the
//! binary, and prints each step's position, legal moves and the moves
//! that fulfil its task, for whoever writes or edits a lesson.

use banmen::learn::Lesson;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: lesson_check FILE.toml");
        std::process::exit(2);
    };
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let lesson = Lesson::read(&source).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let mut bad = 0;
    for step in &lesson.steps {
        println!("== {} ({:?})", step.id, step.goal);
        let game = match lesson.setup(step) {
            Ok(game) => game,
            Err(e) => {
                println!("   BAD: the position does not set up: {e}");
                bad += 1;
                continue;
            }
        };
        println!("   position: {}", game.position_text());
        println!(
            "   to move: {:?}; in check: {:?}",
            game.to_move(),
            game.checked()
        );
        println!("   legal: {}", game.legal_move_texts().join(" "));
        let found = step.fulfilling(&game);
        let mut claimed = step.answers.clone();
        claimed.sort();
        println!("   fulfilling: {}", found.join(" "));
        if found != claimed || found.is_empty() {
            println!("   BAD: the file lists {}", claimed.join(" "));
            bad += 1;
        }
    }
    println!("{} steps, {bad} bad", lesson.steps.len());
    std::process::exit(i32::from(bad > 0));
}

fn fail(why: &str) -> ! {
    eprintln!("{why}");
    std::process::exit(2);
}
