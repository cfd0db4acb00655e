//! The bot's decisions, event by event, as in docs/bots.md §6.

use super::send::{MAX_FALLBACKS, MAX_RESENDS};
use super::*;
use crate::rules::shogi::START;

fn policy(game: GameKind, accept: Accept, seek: bool) -> Policy {
    Policy { game, accept, seek }
}

fn bot(game: GameKind) -> Bot {
    let mut bot = Bot::new(policy(game, Accept::Any, false));
    bot.on_event(&json!({"event": "hello", "name": "randy"}));
    bot
}

/// The commands among `actions`.
fn sent(actions: &[Action]) -> Vec<Value> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Send(v) => Some(v.clone()),
            _ => None,
        })
        .collect()
}

fn think(actions: &[Action]) -> Think {
    match actions {
        [Action::Think(t)] => t.clone(),
        other => panic!("one Think wanted, got {other:?}"),
    }
}

fn one_command(actions: &[Action]) -> Value {
    match sent(actions).as_slice() {
        [cmd] if actions.len() == 1 => cmd.clone(),
        _ => panic!("one command wanted, got {actions:?}"),
    }
}

fn game_start(room: &str, game: &str, start: &str, moves: &[&str]) -> Value {
    json!({"event": "game_start", "room": room, "game_id": format!("{room}-1"),
           "game": game, "rules": {}, "start": start, "moves": moves,
           "position": start, "you": [1], "turn_seconds": 30})
}

fn your_turn(room: &str, ply: u64, legal: &[&str]) -> Value {
    json!({"event": "your_turn", "room": room, "seat": 1, "ply": ply,
           "position": "…", "legal_moves": legal.len(), "legal": legal,
           "time_left_ms": 29_998})
}

fn moved(room: &str, ply: u64, mv: &str) -> Value {
    json!({"event": "move", "room": room, "seat": 0, "move": mv, "ply": ply,
           "position": "…", "by_cpu": false})
}

/// A shogi bot to move at ply 1 in room `r`, after 7g7f.
fn shogi_turn() -> (Bot, Think) {
    let mut bot = bot(GameKind::Shogi);
    bot.on_event(&game_start("r", "shogi", START, &[]));
    bot.on_event(&moved("r", 1, "7g7f"));
    let t = think(&bot.on_event(&your_turn("r", 1, &["3c3d", "8c8d"])));
    (bot, t)
}

#[test]
fn challenge_policy() {
    let any = policy(GameKind::Shogi, Accept::Any, false);
    let rated = policy(GameKind::Shogi, Accept::Rated, false);
    let casual = policy(GameKind::Shogi, Accept::Casual, false);
    assert_eq!(judge(&any, "shogi", true), Ok(()));
    assert_eq!(judge(&any, "shogi", false), Ok(()));
    assert_eq!(judge(&rated, "shogi", true), Ok(()));
    assert_eq!(judge(&casual, "shogi", false), Ok(()));
    assert_eq!(
        judge(&rated, "shogi", false),
        Err("this bot plays only rated games".into())
    );
    assert_eq!(
        judge(&casual, "shogi", true),
        Err("this bot plays only casual games".into())
    );
    assert_eq!(
        judge(&any, "chess4", false),
        Err("this bot plays only shogi".into())
    );
}

#[test]
fn a_challenge_is_accepted_or_declined_with_the_reason() {
    let mut bot = Bot::new(policy(GameKind::Chess4, Accept::Rated, false));
    let challenge = |id: &str, game: &str, ranked: bool| {
        json!({"event": "challenge", "challenge": id, "room": "k", "from": "alice",
               "game": game, "rules": {}, "seat": 1, "ranked": ranked})
    };
    let cmd = one_command(&bot.on_event(&challenge("c1", "chess4", true)));
    assert_eq!(cmd, json!({"cmd": "accept", "challenge": "c1", "id": 1}));
    let cmd = one_command(&bot.on_event(&challenge("c2", "chess4", false)));
    assert_eq!(
        cmd,
        json!({"cmd": "decline", "challenge": "c2", "id": 2,
               "reason": "this bot plays only rated games"})
    );
    let cmd = one_command(&bot.on_event(&challenge("c3", "shogi", true)));
    assert_eq!(cmd["cmd"], "decline");
    assert_eq!(cmd["reason"], "this bot plays only chess4");
}

#[test]
fn your_turn_asks_the_engine_with_the_whole_game() {
    let (_, t) = shogi_turn();
    assert_eq!(t.room, "r");
    assert_eq!(t.game_id, "r-1");
    assert_eq!(t.ply, 1);
    assert_eq!(t.position, "position startpos moves 7g7f");
    assert_eq!(t.time_left, Some(Duration::from_millis(29_998)));
}

#[test]
fn a_game_rejoined_midway_keeps_its_moves() {
    let mut bot = bot(GameKind::Chess4);
    let fen4 = crate::rules::chess4::fen4::START_FEN4;
    let mut start = game_start("r", "chess4", fen4, &["h2-h3", "b7-c7"]);
    start["rules"] = json!({"type": "ffa"});
    bot.on_event(&start);
    bot.on_event(&moved("r", 3, "g13-g12"));
    let t = think(&bot.on_event(&your_turn("r", 3, &["n7-m7"])));
    assert_eq!(t.options, ["setoption name Type value ffa"]);
    assert_eq!(
        t.position,
        format!("position fen {fen4} moves h2-h3 b7-c7 g13-g12")
    );
}

#[test]
fn out_of_step_the_bot_takes_the_hall_s_position() {
    let mut bot = bot(GameKind::Shogi);
    bot.on_event(&game_start("r", "shogi", START, &[]));
    // The move of ply 1 never came.
    let mut turn = your_turn("r", 1, &["3c3d"]);
    turn["position"] = json!("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    let t = think(&bot.on_event(&turn));
    assert_eq!(
        t.position,
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    );
    // And goes on from there.
    bot.on_event(&moved("r", 2, "3c3d"));
    bot.on_event(&moved("r", 3, "2g2f"));
    let t = think(&bot.on_event(&your_turn("r", 3, &["4a3b"])));
    assert!(
        t.position.ends_with("w - 2 moves 3c3d 2g2f"),
        "{}",
        t.position
    );
}

#[test]
fn the_engine_s_move_is_played() {
    let (mut bot, t) = shogi_turn();
    let cmd = one_command(&bot.on_answer(&t, Answer::Best("8c8d".into())));
    assert_eq!(
        cmd,
        json!({"cmd": "move", "room": "r", "move": "8c8d", "id": 1})
    );
    // Once only.
    assert!(bot.on_answer(&t, Answer::Best("8c8d".into())).is_empty());
}

#[test]
fn a_late_answer_is_dropped() {
    let (mut bot, t) = shogi_turn();
    // The CPU played the turn meanwhile.
    bot.on_event(&moved("r", 2, "3c3d"));
    assert!(bot.on_answer(&t, Answer::Best("8c8d".into())).is_empty());
    // A game that ended, or a connection that dropped, forget the turn.
    let (mut bot, t) = shogi_turn();
    bot.on_event(&json!({"event": "game_end", "room": "r", "result": "…"}));
    assert!(bot.on_answer(&t, Answer::Best("8c8d".into())).is_empty());
    let (mut bot, t) = shogi_turn();
    bot.on_disconnect();
    assert!(bot.on_answer(&t, Answer::Best("8c8d".into())).is_empty());
}

#[test]
fn no_move_from_the_engine_resigns_in_shogi() {
    for word in ["resign", "win", "(none)"] {
        let (mut bot, t) = shogi_turn();
        let cmd = one_command(&bot.on_answer(&t, Answer::Best(word.into())));
        assert_eq!(cmd, json!({"cmd": "resign", "room": "r", "id": 1}));
    }
}

#[test]
fn four_player_shogi_plays_a_random_move_instead_of_resigning() {
    let mut bot = bot(GameKind::Shogi4);
    let sfen4 = crate::rules::shogi4::START4;
    bot.on_event(&game_start("r", "shogi4", sfen4, &[]));
    let t = think(&bot.on_event(&your_turn("r", 0, &["e3e4", "d3d4"])));
    assert_eq!(t.position, format!("position sfen4 {sfen4}"));
    let cmd = one_command(&bot.on_answer(&t, Answer::Best("resign".into())));
    assert_eq!(cmd["cmd"], "move");
    assert!(["e3e4", "d3d4"].contains(&cmd["move"].as_str().unwrap()));
}

#[test]
fn an_engine_failure_plays_a_random_legal_move() {
    let (mut bot, t) = shogi_turn();
    let cmd = one_command(&bot.on_answer(&t, Answer::Failed));
    assert_eq!(cmd["cmd"], "move");
    assert!(["3c3d", "8c8d"].contains(&cmd["move"].as_str().unwrap()));
}

#[test]
fn an_illegal_move_falls_back_to_random_legal_moves_a_few_times() {
    let (mut bot, t) = shogi_turn();
    let mut id = one_command(&bot.on_answer(&t, Answer::Best("3c3e".into())))["id"].clone();
    for _ in 0..MAX_FALLBACKS {
        let error = json!({"event": "error", "to": "move", "code": "illegal-move",
                           "message": "no", "id": id});
        let cmd = one_command(&bot.on_event(&error));
        assert!(["3c3d", "8c8d"].contains(&cmd["move"].as_str().unwrap()));
        id = cmd["id"].clone();
    }
    let error = json!({"event": "error", "to": "move", "code": "illegal-move", "id": id});
    assert!(bot.on_event(&error).is_empty());
}

#[test]
fn other_errors_ask_for_nothing_but_replaced_stops() {
    let (mut bot, t) = shogi_turn();
    let id = one_command(&bot.on_answer(&t, Answer::Best("3c3d".into())))["id"].clone();
    let error = json!({"event": "error", "to": "move", "code": "not-your-turn", "id": id});
    assert!(bot.on_event(&error).is_empty());
    let bad = json!({"event": "error", "code": "bad-json", "message": "?"});
    assert!(bot.on_event(&bad).is_empty());
    let replaced = json!({"event": "error", "code": "replaced"});
    assert!(matches!(
        bot.on_event(&replaced).as_slice(),
        [Action::Stop(_)]
    ));
}

#[test]
fn unknown_events_and_rooms_are_ignored() {
    let mut bot = bot(GameKind::Shogi);
    assert!(
        bot.on_event(&json!({"event": "news", "text": "hi"}))
            .is_empty()
    );
    assert!(bot.on_event(&json!({"no": "event"})).is_empty());
    assert!(bot.on_event(&moved("elsewhere", 1, "7g7f")).is_empty());
    let end = json!({"event": "game_end", "room": "elsewhere"});
    assert!(bot.on_event(&end).is_empty());
    let ok = json!({"event": "ok", "to": "ping"});
    assert!(bot.on_event(&ok).is_empty());
}

#[test]
fn seek_when_idle_and_again_after_each_game() {
    let mut bot = Bot::new(policy(GameKind::Shogi, Accept::Any, true));
    assert!(bot.on_tick().is_empty(), "not before hello");
    assert!(bot.on_event(&json!({"event": "hello"})).is_empty());
    let seek = one_command(&bot.on_tick());
    assert_eq!(seek, json!({"cmd": "seek", "game": "shogi", "id": 1}));
    assert!(bot.on_tick().is_empty(), "one seek at a time");
    bot.on_event(&json!({"event": "ok", "to": "seek", "id": 1, "room": "r"}));
    assert!(bot.on_tick().is_empty(), "waiting in its room");
    bot.on_event(&game_start("r", "shogi", START, &[]));
    assert!(bot.on_tick().is_empty(), "playing");
    let end = json!({"event": "game_end", "room": "r", "result": "sente wins"});
    let seek = one_command(&bot.on_event(&end));
    assert_eq!(seek, json!({"cmd": "seek", "game": "shogi", "id": 2}));
}

#[test]
fn a_refused_seek_is_tried_again_on_a_later_tick() {
    let mut bot = Bot::new(policy(GameKind::Chess4, Accept::Any, true));
    bot.on_event(&json!({"event": "hello"}));
    let id = one_command(&bot.on_tick())["id"].clone();
    let error = json!({"event": "error", "to": "seek", "code": "too-many-games", "id": id});
    assert!(bot.on_event(&error).is_empty(), "not at once");
    assert_eq!(one_command(&bot.on_tick())["game"], "chess4");
}

#[test]
fn no_seek_without_the_option_or_while_a_game_goes_on() {
    let mut bot = bot(GameKind::Shogi);
    assert!(bot.on_tick().is_empty());
    let mut bot = Bot::new(policy(GameKind::Shogi, Accept::Any, true));
    bot.on_event(&json!({"event": "hello"}));
    bot.on_event(&game_start("r", "shogi", START, &[]));
    assert!(bot.on_tick().is_empty());
}

#[test]
fn a_flooded_move_is_sent_again_while_its_turn_is_open() {
    let (mut bot, t) = shogi_turn();
    let first = one_command(&bot.on_answer(&t, Answer::Best("8c8d".into())));
    let flood = |id: &Value| json!({"event": "error", "to": "move", "code": "flood", "id": id});
    let again = one_command(&bot.on_event(&flood(&first["id"])));
    assert_eq!(again["move"], "8c8d");
    assert_ne!(again["id"], first["id"]);
    // Not once the turn is over.
    bot.on_event(&moved("r", 2, "8c8d"));
    assert!(bot.on_event(&flood(&again["id"])).is_empty());
}

#[test]
fn flooded_commands_are_sent_again_a_few_times_only() {
    let mut bot = Bot::new(policy(GameKind::Shogi, Accept::Any, true));
    bot.on_event(&json!({"event": "hello"}));
    let mut seek = one_command(&bot.on_tick());
    for _ in 0..MAX_RESENDS {
        let flood = json!({"event": "error", "to": "seek", "code": "flood", "id": seek["id"]});
        seek = one_command(&bot.on_event(&flood));
        assert_eq!(seek["cmd"], "seek");
    }
    let flood = json!({"event": "error", "to": "seek", "code": "flood", "id": seek["id"]});
    assert!(bot.on_event(&flood).is_empty());
    // A later tick looks again.
    assert_eq!(one_command(&bot.on_tick())["cmd"], "seek");
}
