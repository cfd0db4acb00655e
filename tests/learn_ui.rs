//! The learning screen as a player uses it: `l` in the lobby, a lesson
//! step answered wrong (the hint) and right (the praise), progress kept
//! for a keyed player and not for a guest, the last step leading to a game
//! against the CPU, puzzles solved with the CPU's reply, and every step
//! drawn at 80×24 and in a large window.

mod common;
mod ui_support;
use banmen::hall::view::Entry;
use banmen::hall::{Hall, Identity};
use banmen::i18n::Lang;
use banmen::learn::puzzles::{Kind, puzzles};
use banmen::learn::{lesson, lessons};
use banmen::rules::GameKind;
use banmen::store::memory::MemoryStore;
use banmen::ui::App;
use common::*;
use std::sync::Arc;
use termwiz::input::KeyCode;
use ui_support::{address, chars, key, me, render, type_move};

fn hall() -> Hall {
    let store = Arc::new(MemoryStore::new());
    open_hall(&store, &banmen::hall::Clock::system())
}

fn app(hall: &Hall, who: Identity) -> App {
    App::new(hall.clone(), who, Entry::Lobby, address())
}

/// The first line of a message's English text, as the screen wraps it.
fn first_words(key: &str) -> String {
    let text = Lang::En.text(&banmen::i18n::Msg::new(key.to_string()));
    text.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The last word of a message's text in `lang`.
fn last_word(lang: Lang, key: &str) -> String {
    let text = lang.text(&banmen::i18n::Msg::new(key.to_string()));
    let last = text.split_whitespace().last().unwrap_or_default();
    // Japanese runs on without spaces: its last few characters.
    let chars: Vec<char> = last.chars().collect();
    chars[chars.len().saturating_sub(4)..].iter().collect()
}

/// Opens the learning menu and the `row`-th series in it.
fn open_series(app: &mut App, row: usize) {
    chars(app, "l");
    for _ in 0..row {
        key(app, KeyCode::DownArrow);
    }
    key(app, KeyCode::Enter);
}

/// A legal move of the step's position that is not among its answers.
fn wrong_move(kind: GameKind, step: usize) -> Option<String> {
    let lesson = lesson(kind)?;
    let step = &lesson.steps[step];
    let game = lesson.setup(step).ok()?;
    game.legal_move_texts()
        .into_iter()
        .find(|m| !step.answers.contains(m))
}

#[test]
fn a_lesson_step_hints_after_a_wrong_move_and_praises_the_right_one() {
    let hall = hall();
    let alice = me("alice");
    let mut app = app(&hall, alice.clone());
    chars(&mut app, "l");
    let menu = render(&mut app, 80, 24);
    assert!(
        menu.has("Lessons") && menu.has("Puzzles"),
        "{}",
        menu.text()
    );
    key(&mut app, KeyCode::Enter);
    let shogi = lesson(GameKind::Shogi).expect("a shogi lesson");
    // The first step whose position has a move that is not an answer.
    let at = (0..shogi.steps.len())
        .find(|i| wrong_move(GameKind::Shogi, *i).is_some())
        .expect("a step with a wrong move");
    for _ in 0..at {
        chars(&mut app, "n");
    }
    let step = &shogi.steps[at];
    let screen = render(&mut app, 80, 24);
    assert!(
        screen.has(&first_words(&format!("lesson-{}", step.id))),
        "{}",
        screen.text()
    );
    type_move(&mut app, &wrong_move(GameKind::Shogi, at).unwrap());
    let hint = render(&mut app, 80, 24);
    assert!(
        hint.has(&first_words(&format!("lesson-{}-hint", step.id))),
        "{}",
        hint.text()
    );
    assert!(hall.progress(&alice).steps.is_empty());

    type_move(&mut app, &step.answers[0]);
    let done = render(&mut app, 80, 24);
    assert!(
        done.has(&first_words(&format!("lesson-{}-done", step.id))),
        "{}",
        done.text()
    );
    assert!(hall.progress(&alice).steps.contains(&step.id), "saved");

    // Back later: the menu counts it, and the lesson opens at the first
    // step not done.
    let mut again = app_at_menu(&hall, alice.clone());
    let menu = render(&mut again, 80, 24);
    let count = shogi.steps.len();
    assert!(menu.has(&format!("1/{count} steps")), "{}", menu.text());
    key(&mut again, KeyCode::Enter);
    let first_open = if at == 0 { 1 } else { 0 };
    let screen = render(&mut again, 80, 24);
    assert!(
        screen.has(&format!("{}/{count}", first_open + 1)),
        "{}",
        screen.text()
    );
}

fn app_at_menu(hall: &Hall, who: Identity) -> App {
    let mut app = app(hall, who);
    chars(&mut app, "l");
    app
}

#[test]
fn a_guest_learns_without_a_trace_in_the_store() {
    let hall = hall();
    let guest = guest("gus");
    let mut app = app(&hall, guest.clone());
    open_series(&mut app, 0);
    let step = &lesson(GameKind::Shogi).unwrap().steps[0];
    type_move(&mut app, &step.answers[0]);
    let screen = render(&mut app, 80, 24);
    assert!(screen.has("1/"), "{}", screen.text());
    assert!(hall.progress(&guest).steps.is_empty());
}

#[test]
fn the_last_step_of_a_lesson_leads_to_a_game_against_the_cpu() {
    for (row, kind) in [GameKind::Shogi, GameKind::Shogi4, GameKind::Chess4]
        .into_iter()
        .enumerate()
    {
        let hall = hall();
        let mut app = app(&hall, me("alice"));
        open_series(&mut app, row);
        let lesson = lesson(kind).unwrap();
        for _ in 1..lesson.steps.len() {
            chars(&mut app, "n");
        }
        let last = lesson.steps.last().unwrap();
        type_move(&mut app, &last.answers[0]);
        key(&mut app, KeyCode::Enter);
        let room = hall.seat_room(&me("alice"));
        assert!(room.is_some(), "{}: no game against the CPU", kind.name());
        let screen = render(&mut app, 100, 30);
        assert!(screen.has("CPU"), "{}", screen.text());
    }
}

#[test]
fn every_step_of_every_lesson_is_drawn_with_its_text_and_board() {
    for (row, lesson) in lessons().iter().enumerate() {
        for (w, h) in [(80, 24), (200, 60)] {
            let hall = hall();
            let mut app = app(&hall, me("alice"));
            open_series(&mut app, row);
            for (i, step) in lesson.steps.iter().enumerate() {
                let screen = render(&mut app, w, h);
                let place = format!("{}/{}", i + 1, lesson.steps.len());
                assert!(
                    screen.has(&place),
                    "{} {w}x{h}:\n{}",
                    step.id,
                    screen.text()
                );
                assert!(
                    screen.has(&first_words(&format!("lesson-{}", step.id))),
                    "{} {w}x{h}:\n{}",
                    step.id,
                    screen.text()
                );
                chars(&mut app, "n");
            }
        }
    }
}

#[test]
fn every_steps_whole_text_and_its_hint_fit_at_80x24_in_every_language() {
    for lang in Lang::ALL {
        for (row, lesson) in lessons().iter().enumerate() {
            let hall = hall();
            let mut app = app(&hall, me("alice"));
            app.apply_settings(banmen::hall::settings::Settings::for_lang(lang));
            open_series(&mut app, row);
            for (i, step) in lesson.steps.iter().enumerate() {
                let ending = last_word(lang, &format!("lesson-{}", step.id));
                let screen = render(&mut app, 80, 24);
                let flat = screen.text().replace([' ', '\n'], "");
                let code = lang.code();
                assert!(
                    flat.contains(&ending),
                    "{code} {}:\n{}",
                    step.id,
                    screen.text()
                );
                if let Some(wrong) = wrong_move(lesson.game, i) {
                    type_move(&mut app, &wrong);
                    let hint = last_word(lang, &format!("lesson-{}-hint", step.id));
                    let screen = render(&mut app, 80, 24);
                    let flat = screen.text().replace([' ', '\n'], "");
                    assert!(
                        flat.contains(&ending),
                        "{code} {}:\n{}",
                        step.id,
                        screen.text()
                    );
                    assert!(
                        flat.contains(&hint),
                        "{code} {}:\n{}",
                        step.id,
                        screen.text()
                    );
                }
                chars(&mut app, "n");
            }
        }
    }
}

#[test]
fn a_mate_in_three_is_solved_with_the_cpus_reply_between() {
    let puzzle = &puzzles(Kind::ShogiMate3)[0];
    let hall = hall();
    let alice = me("alice");
    let mut app = app(&hall, alice.clone());
    let row = lessons().len() + 1;
    open_series(&mut app, row);
    // A wrong first move: the hint, and the position as it was.
    let start = puzzle.start().unwrap();
    let wrong = start
        .legal_move_texts()
        .into_iter()
        .find(|m| *m != puzzle.line[0])
        .unwrap();
    type_move(&mut app, &wrong);
    let screen = render(&mut app, 80, 24);
    assert!(screen.has("king gets away"), "{}", screen.text());
    type_move(&mut app, &puzzle.line[0]);
    type_move(&mut app, &puzzle.line[2]);
    let screen = render(&mut app, 80, 24);
    assert!(screen.has("Solved!"), "{}", screen.text());
    assert!(hall.progress(&alice).puzzles.contains(&puzzle.id()));
}

#[test]
fn mate_in_one_and_four_player_tactics_open_and_solve() {
    for (offset, kind) in [(0, Kind::ShogiMate1), (2, Kind::Chess4Tactic)] {
        let puzzle = &puzzles(kind)[0];
        let hall = hall();
        let mut app = app(&hall, me("alice"));
        open_series(&mut app, lessons().len() + offset);
        type_move(&mut app, &puzzle.line[0]);
        let screen = render(&mut app, 80, 24);
        assert!(screen.has("Solved!"), "{}:\n{}", kind.name(), screen.text());
    }
}
