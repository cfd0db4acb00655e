//! The message catalogs against each other and against the code: every
//! catalog parses, every language has exactly English's keys with no
//! placeable English lacks, every message renders in every language with
//! sample arguments, every key and argument the code names exists, lines
//! fit a terminal, and Polish plurals choose the right forms.

use banmen::i18n::{Arg, Lang, Msg};
use banmen::msg;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Keys only English has, on purpose (a test of the English fallback).
const ENGLISH_ONLY: &[&str] = &["test-english-only"];

/// Each message's variables (`$name`), by key, from one catalog text.
fn messages(lang: Lang, source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = match fluent_syntax::parser::parse(source) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{}: the catalog does not parse: {errors:?}", lang.code()),
    };
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(value) = &m.value {
                pattern_vars(value, &mut vars);
            }
            let fresh = out.insert(m.id.name.to_string(), vars).is_none();
            assert!(fresh, "{}: {} is defined twice", lang.code(), m.id.name);
        }
    }
    out
}

fn pattern_vars(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
        ast::Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

fn catalogs() -> Vec<(Lang, BTreeMap<String, BTreeSet<String>>)> {
    banmen::i18n::sources()
        .map(|(lang, source)| (lang, messages(lang, source)))
        .collect()
}

#[test]
fn every_catalog_file_parses_on_its_own() {
    for lang in Lang::ALL {
        let dir = Path::new("locales").join(lang.code());
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).expect("locales dir") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "ftl") {
                let text = std::fs::read_to_string(&path).expect("read");
                if let Err((_, errors)) = fluent_syntax::parser::parse(text.as_str()) {
                    panic!("{}: {errors:?}", path.display());
                }
                files += 1;
            }
        }
        assert!(files > 0, "{} has catalogs", dir.display());
    }
}

#[test]
fn every_language_has_exactly_the_english_keys_and_placeables() {
    let all = catalogs();
    let english = &all[0].1;
    let mut problems = Vec::new();
    for (lang, messages) in &all[1..] {
        for (key, vars) in english {
            match messages.get(key) {
                None if ENGLISH_ONLY.contains(&key.as_str()) => {}
                None => problems.push(format!("{}: {key} is missing", lang.code())),
                Some(theirs) => {
                    for var in theirs.difference(vars) {
                        problems.push(format!(
                            "{}: {key} uses ${var}, English has not",
                            lang.code()
                        ));
                    }
                }
            }
        }
        for key in messages.keys().filter(|k| !english.contains_key(*k)) {
            problems.push(format!("{}: {key} is not in English", lang.code()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A sample value for a variable: numbers where the name says so.
fn sample(var: &str, n: i64) -> Arg {
    const NUMBERS: &[&str] = &[
        "count", "seconds", "minutes", "hours", "days", "level", "place", "points", "needed",
        "moves", "players", "rating", "games", "wins", "losses", "draws", "seat", "n", "total",
        "taken", "limit", "rooms", "percent", "left", "number", "max", "most",
    ];
    match NUMBERS.contains(&var) {
        true => Arg::Num(n),
        false => Arg::Text(format!("<{var}>")),
    }
}

#[test]
fn every_message_renders_in_every_language_with_its_arguments() {
    let english = &catalogs()[0].1;
    for (key, vars) in english {
        for n in [1, 2, 5, 22] {
            let mut msg = Msg::new(key.clone());
            for var in vars {
                msg.args.push((var.clone().into(), sample(var, n)));
            }
            // Arguments English shows (not those it only chooses by)
            // are shown in every language.
            let english = Lang::En.text(&msg);
            for lang in Lang::ALL {
                let text = lang.text(&msg);
                assert!(!text.contains('\u{2068}'), "{key}: isolation marks");
                assert!(
                    !text.is_empty() || key.starts_with("test-"),
                    "{}: {key} is empty",
                    lang.code()
                );
                for var in vars {
                    if let Arg::Text(t) = sample(var, n)
                        && english.contains(&t)
                    {
                        let shown = text.contains(&t);
                        assert!(
                            shown,
                            "{}: {key}: ${var} not shown in {text:?}",
                            lang.code()
                        );
                    }
                }
            }
        }
    }
}

/// The `msg!("key", a = …)` and `tr!(x, "key", a = …)` calls in `src/`.
fn calls_in_source() -> Vec<(String, String, Vec<String>)> {
    let mut calls = Vec::new();
    let mut stack = vec![Path::new("src").to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("read");
                // Examples in doc comments name no real message.
                let code: Vec<&str> = text
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .collect();
                for call in macro_calls(&code.join("\n")) {
                    calls.push((path.display().to_string(), call.0, call.1));
                }
            }
        }
    }
    calls
}

/// Key and argument names of each `msg!(`/`tr!(` call in `text` whose
/// key is a literal (the macros' own definitions have none).
fn macro_calls(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for (at, _) in text
        .match_indices("msg!(")
        .chain(text.match_indices("tr!("))
    {
        // A word ending in `tr!(` (`include_str!(`) is another macro.
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let body = &text[at..];
        let Some(open) = body.find('(') else { continue };
        let Some(inner) = balanced(&body[open + 1..]) else {
            continue;
        };
        let parts = split_top(inner);
        let key_at = parts.iter().position(|p| p.trim().starts_with('"'));
        let Some(key_at) = key_at.filter(|i| *i <= 1) else {
            continue;
        };
        let key = parts[key_at].trim().trim_matches('"').to_string();
        let args = parts[key_at + 1..]
            .iter()
            .filter_map(|p| p.split_once('=').map(|(name, _)| name.trim().to_string()))
            .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .filter(|name| !name.is_empty())
            .collect();
        out.push((key, args));
    }
    out
}

/// The text up to the parenthesis that closes the one already open.
fn balanced(text: &str) -> Option<&str> {
    let (mut depth, mut quoted, mut escaped) = (1, false, false);
    for (i, c) in text.char_indices() {
        match (quoted, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (_, false, '"') => quoted = !quoted,
            (false, _, '(' | '[' | '{') => depth += 1,
            (false, _, ')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[..i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// `text` split at commas outside brackets and strings.
fn split_top(text: &str) -> Vec<&str> {
    let (mut parts, mut start, mut depth, mut quoted) = (Vec::new(), 0, 0, false);
    for (i, c) in text.char_indices() {
        match (quoted, c) {
            (_, '"') => quoted = !quoted,
            (false, '(' | '[' | '{' | '<') => depth += 1,
            (false, ')' | ']' | '}' | '>') => depth -= 1,
            (false, ',') if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

#[test]
fn every_key_and_argument_the_code_names_exists_in_english() {
    let english = &catalogs()[0].1;
    let calls = calls_in_source();
    assert!(
        calls.len() > 100,
        "the scan finds the calls ({})",
        calls.len()
    );
    let mut problems = Vec::new();
    for (file, key, args) in calls {
        let Some(vars) = english.get(&key) else {
            problems.push(format!("{file}: no message {key}"));
            continue;
        };
        for arg in args.iter().filter(|a| !vars.contains(*a)) {
            problems.push(format!("{file}: {key} has no ${arg}"));
        }
        for var in vars.iter().filter(|v| !args.contains(*v)) {
            problems.push(format!("{file}: {key} needs ${var}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Messages drawn on one line of the screen: they must fit 80 columns.
const ONE_LINE: &[&str] = &[
    "status-",
    "error-",
    "notice-",
    "phase-",
    "claim-",
    "rules-",
    "hint-",
    "title-",
    "lobby-",
    "settings-",
    "closed-",
];

#[test]
fn one_line_messages_fit_an_80_column_status_line() {
    let english = &catalogs()[0].1;
    let mut long = Vec::new();
    for (key, vars) in english {
        if !ONE_LINE.iter().any(|p| key.starts_with(p)) || key.starts_with("rules-bad") {
            continue;
        }
        let mut msg = Msg::new(key.clone());
        for var in vars {
            // Names and codes as long as players usually have them.
            let value = match sample(var, 22) {
                Arg::Text(_) => Arg::Text("abcdefghij".into()),
                number => number,
            };
            msg.args.push((var.clone().into(), value));
        }
        for lang in Lang::ALL {
            let text = lang.text(&msg);
            let width = unicode_width::UnicodeWidthStr::width(text.as_str());
            if width > 78 {
                long.push(format!("{} {key} ({width}): {text}", lang.code()));
            }
        }
    }
    assert!(long.is_empty(), "too long for a line:\n{}", long.join("\n"));
}

/// The numbers of each Polish plural form: 1; 2–4 and 22–24; 5–21.
const POLISH: [(&str, &[u64]); 3] = [
    ("one", &[1]),
    ("few", &[2, 3, 4, 22, 23, 24]),
    ("many", &[5, 6, 11, 12, 13, 14, 15, 20, 21, 25]),
];

/// Checks that `render(n)` shows the word of `n`'s form (and not the
/// words of the others).
fn polish_forms(what: &str, words: [&str; 3], render: impl Fn(u64) -> String) {
    for (i, (form, numbers)) in POLISH.iter().enumerate() {
        for n in *numbers {
            let text = render(*n);
            let found: Vec<&str> = text
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| words.contains(w))
                .collect();
            assert_eq!(found, [words[i]], "{what} {n} ({form}): {text}");
        }
    }
}

#[test]
fn polish_plurals_of_moves_seconds_and_mates_choose_one_few_and_many() {
    let pl = Lang::Pl;
    polish_forms("moves", ["ruch", "ruchy", "ruchów"], |n| {
        let args = ("r", "m", "s", "w", "l");
        pl.text(&msg!(
            "exec-admin-room",
            room = args.0,
            moves_shown = args.1,
            moves = n,
            seats = args.2,
            watchers = args.3,
            last = args.4
        ))
    });
    polish_forms("seconds", ["sekunda", "sekundy", "sekund"], |n| {
        pl.text(&msg!("notice-idle-seconds", count = n))
    });
    polish_forms("mates", ["mat", "maty", "matów"], |n| {
        pl.text(&msg!("game-mates", count = n))
    });
    polish_forms("pieces", ["figura", "figury", "figur"], |n| {
        pl.text(&msg!("claim-too-few-pieces", count = n))
    });
}

#[test]
fn a_hostile_locale_falls_back_to_english() {
    let mut locale = banmen::i18n::ClientLocale::default();
    for value in [
        "\u{1b}[31mja",
        &"ja".repeat(1000),
        "xx_YY",
        "ja\u{0}",
        "日本語",
    ] {
        locale.set("LANG", value);
        assert_eq!(locale.lang(), None, "{value:?}");
    }
}
