//! Every lesson step holds: its position is legal, its task is fulfilled
//! by exactly the moves its file lists (as the engine judges them), and
//! its texts exist.

use banmen::i18n::Lang;
use banmen::learn::{Goal, lessons, square};
use banmen::rules::GameKind;
use std::collections::BTreeSet;

#[test]
fn every_game_has_a_lesson_of_some_substance() {
    for kind in [GameKind::Shogi, GameKind::Shogi4, GameKind::Chess4] {
        let lesson = lessons().iter().find(|l| l.game == kind);
        let steps = lesson.map_or(0, |l| l.steps.len());
        assert!(steps >= 12, "{}: {steps} steps", kind.name());
    }
}

#[test]
fn step_ids_are_unique() {
    let mut seen = BTreeSet::new();
    for step in lessons().iter().flat_map(|l| &l.steps) {
        assert!(seen.insert(step.id.clone()), "{} twice", step.id);
    }
}

#[test]
fn every_step_is_legal_and_fulfilled_by_exactly_its_answers() {
    let mut problems = Vec::new();
    for lesson in lessons() {
        for step in &lesson.steps {
            let id = &step.id;
            let game = match lesson.setup(step) {
                Ok(game) => game,
                Err(e) => {
                    problems.push(format!("{id}: the position does not set up: {e}"));
                    continue;
                }
            };
            let Some(mover) = game.to_move() else {
                problems.push(format!("{id}: nobody is to move"));
                continue;
            };
            let named = matches!(step.goal, Goal::Move | Goal::Reach);
            match (&step.square, named) {
                (Some(name), true) => match square::parse(lesson.game, name) {
                    None => problems.push(format!("{id}: {name} is not a square")),
                    Some(sq) if step.goal == Goal::Move => {
                        let owner = game.piece_at(sq).and_then(|p| p.owner);
                        if owner != Some(mover) {
                            problems.push(format!("{id}: no piece of the mover on {name}"));
                        }
                    }
                    Some(_) => {}
                },
                (None, true) => problems.push(format!("{id}: the goal needs a square")),
                (Some(_), false) => problems.push(format!("{id}: a square the goal ignores")),
                (None, false) => {}
            }
            let mut claimed = step.answers.clone();
            claimed.sort();
            let found = step.fulfilling(&game);
            if found.is_empty() {
                problems.push(format!("{id}: no move fulfils the task"));
            }
            if found != claimed {
                problems.push(format!(
                    "{id}: the file says {claimed:?}, the engine finds {found:?}"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_step_has_its_texts_in_english() {
    for step in lessons().iter().flat_map(|l| &l.steps) {
        for msg in [step.text(), step.hint(), step.done()] {
            let text = Lang::En.text(&msg);
            assert!(
                !text.is_empty() && text != msg.key,
                "{} is missing",
                msg.key
            );
        }
    }
}
