//! Ratings (docs/rules.md §4): Glicko-2 against the paper's worked example,
//! TrueSkill with four-player places, ties and teams, draws, and in the
//! hall: which games and seats are rated, and a rebuild that gives the
//! stored ratings back.

use banmen::hall::{Clock, Hall, Identity, Mode, Privacy, RoomSettings};
use banmen::ratings::{Category, Entrant, RatedGame, Rating, glicko2_period, rate};
use banmen::rules::GameKind;
use banmen::store::Store;
use banmen::store::memory::MemoryStore;
use std::sync::Arc;

mod common;
mod ui_support;
use common::{AsStore, guest, open_hall, play, player, stores};

fn glicko(value: f64, deviation: f64) -> Rating {
    Rating {
        value,
        deviation,
        volatility: 0.06,
        games: 0,
    }
}

#[test]
fn glicko2_matches_the_papers_worked_example() {
    // Glickman, "Example of the Glicko-2 system" (2013): a 1500 player
    // (RD 200) beats 1400 (RD 30) and loses to 1550 (RD 100) and 1700
    // (RD 300) in one rating period.
    let player = glicko(1500.0, 200.0);
    let results = [
        (glicko(1400.0, 30.0), 1.0),
        (glicko(1550.0, 100.0), 0.0),
        (glicko(1700.0, 300.0), 0.0),
    ];
    let after = glicko2_period(&player, &results);
    assert!((after.value - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    assert_eq!(after.games, 1);
}

/// A game of `category` whose entrants (all new) have these places and
/// teams.
fn game(category: Category, places_teams: &[(u8, u8)]) -> RatedGame {
    let entrants = places_teams
        .iter()
        .enumerate()
        .map(|(i, &(place, team))| Entrant {
            bot: false,
            id: format!("key:p{i}"),
            name: format!("p{i}"),
            seat: i as u8,
            place,
            team,
            before: Rating::initial(category),
            after: Rating::initial(category),
        })
        .collect();
    RatedGame {
        game_id: "r-1".into(),
        category,
        at: 0,
        seq: 0,
        entrants,
        private: false,
    }
}

fn values(game: &RatedGame) -> Vec<f64> {
    game.entrants.iter().map(|e| e.after.value).collect()
}

#[test]
fn four_player_places_order_the_new_ratings_and_ties_share_them() {
    let mut g = game(Category::Shogi4, &[(1, 0), (2, 1), (3, 2), (4, 3)]);
    rate(&mut g);
    let v = values(&g);
    assert!(v[0] > v[1] && v[1] > v[2] && v[2] > v[3], "{v:?}");
    assert!(v[0] > 25.0 && v[3] < 25.0, "{v:?}");
    assert!(
        g.entrants
            .iter()
            .all(|e| e.after.deviation < e.before.deviation)
    );
    // Second place shared: (almost) the same new rating for both (TrueSkill's
    // message passing is approximate), both between first and last.
    let mut tied = game(Category::Chess4Ffa, &[(1, 0), (2, 1), (2, 2), (4, 3)]);
    rate(&mut tied);
    let t = values(&tied);
    assert!((t[1] - t[2]).abs() < 0.05, "{t:?}");
    assert!(t[0] > t[1] && t[2] > t[3], "{t:?}");
}

#[test]
fn partners_share_the_result_of_their_team() {
    let mut g = game(Category::Shogi4Pairs, &[(1, 0), (2, 1), (1, 0), (2, 1)]);
    rate(&mut g);
    let v = values(&g);
    assert!(
        (v[0] - v[2]).abs() < 1e-9 && (v[1] - v[3]).abs() < 1e-9,
        "{v:?}"
    );
    assert!(v[0] > 25.0 && v[1] < 25.0, "{v:?}");
}

#[test]
fn a_draw_between_equals_moves_no_rating_but_narrows_both() {
    let mut g = game(Category::Shogi, &[(1, 0), (1, 1)]);
    rate(&mut g);
    for e in &g.entrants {
        assert!((e.after.value - 1500.0).abs() < 1e-6, "{e:?}");
        assert!(e.after.deviation < 350.0, "{e:?}");
    }
    let mut win = game(Category::Shogi, &[(1, 0), (2, 1)]);
    rate(&mut win);
    let v = values(&win);
    assert!(
        (v[0] - 1500.0 - (1500.0 - v[1])).abs() < 1e-6,
        "symmetric: {v:?}"
    );
    assert!(v[0] > 1600.0, "{v:?}");
}

#[test]
fn a_game_with_a_bot_moves_only_the_bot() {
    let mut rated = game(Category::Shogi, &[(1, 0), (2, 1)]);
    rated.entrants[1].bot = true;
    rated.entrants[1].id = "bot:randy".into();
    rate(&mut rated);
    let (person, bot) = (&rated.entrants[0], &rated.entrants[1]);
    assert_eq!(
        person.after, person.before,
        "a person's rating never moves against a bot"
    );
    assert!(
        bot.after.value < bot.before.value,
        "the losing bot drops: {bot:?}"
    );
    // Two bots rate each other as people do.
    let mut bots = game(Category::Shogi, &[(1, 0), (2, 1)]);
    for e in &mut bots.entrants {
        e.bot = true;
    }
    rate(&mut bots);
    assert!(bots.entrants[0].after.value > bots.entrants[0].before.value);
}

#[test]
fn one_side_alone_is_not_rated() {
    let mut g = game(Category::Shogi4Pairs, &[(1, 0), (1, 0)]);
    rate(&mut g);
    assert!(g.entrants.iter().all(|e| e.after == e.before));
}

// ---- in the hall ----

fn hall_on(store: &impl AsStore) -> Hall {
    open_hall(store, &Clock::manual(1_700_000_000_000))
}

fn ranked(kind: GameKind, ranked: bool) -> RoomSettings {
    let mut s = RoomSettings::new(kind);
    s.privacy = Privacy::Private;
    s.ranked = ranked;
    s.rules.set("swap-sides", "off").ok();
    s
}

/// A two-player game: `host` plays 7g7f, the other resigns.
fn resigned_game(hall: &Hall, host: &Identity, other: &Identity, ranked_room: bool) {
    let a = hall
        .create_room(host, ranked(GameKind::Shogi, ranked_room))
        .unwrap();
    let b = hall.join(&a.view().code, other).unwrap();
    play(&a, "7g7f");
    b.resign().unwrap();
}

#[tokio::test]
async fn ranked_games_between_keys_change_ratings_and_show_the_change() {
    let store = Arc::new(MemoryStore::new());
    let hall = hall_on(&store);
    let (alice, bob) = (player("alice"), player("bob"));
    let a = hall
        .create_room(&alice, ranked(GameKind::Shogi, true))
        .unwrap();
    let b = hall.join(&a.view().code, &bob).unwrap();
    play(&a, "7g7f");
    b.resign().unwrap();
    let status = a.view().status.to_string();
    assert!(
        status.contains("Ratings: alice 1662 (+162), bob 1338 (-162)."),
        "{status}"
    );
    let board = hall.leaderboard(Category::Shogi, 10);
    let names: Vec<&str> = board.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["alice", "bob"]);
    let profile = hall.profile("key:bob", "bob", "key:bob");
    assert_eq!(profile.recent.len(), 1);
    assert_eq!(profile.recent[0].place, 2);
    assert_eq!(profile.recent[0].game_id, Some(a.view().game_id.clone()));
    // The room was private: others see the result, not the game's id.
    let seen_by_carol = hall.profile("key:bob", "bob", "key:carol");
    assert_eq!(seen_by_carol.recent[0].place, 2);
    assert_eq!(seen_by_carol.recent[0].game_id, None);
    let shogi = profile.ratings.iter().find(|(c, _)| *c == Category::Shogi);
    assert!(shogi.unwrap().1.unwrap().value < 1500.0);
}

#[tokio::test]
async fn guests_casual_rooms_and_the_cpu_are_not_rated() {
    let store = Arc::new(MemoryStore::new());
    let hall = hall_on(&store);
    resigned_game(&hall, &player("alice"), &guest("gus"), true);
    resigned_game(&hall, &player("alice"), &player("bob"), false);
    let mut vs_cpu = ranked(GameKind::Shogi, true);
    vs_cpu.mode = Mode::VsComputer;
    let h = hall.create_room(&player("carol"), vs_cpu).unwrap();
    h.resign().unwrap();
    assert!(hall.leaderboard(Category::Shogi, 10).is_empty());
    assert!(store.rated().unwrap().is_empty());
}

#[tokio::test]
async fn a_rebuild_gives_the_stored_ratings_back() {
    for t in stores::each("rebuild-ratings") {
        eprintln!("on {}", t.name);
        a_rebuild_gives_the_stored_ratings_back_on(t.store.clone());
    }
}

fn a_rebuild_gives_the_stored_ratings_back_on(store: Arc<dyn Store>) {
    let hall = hall_on(&store);
    let (alice, bob, carol) = (player("alice"), player("bob"), player("carol"));
    resigned_game(&hall, &alice, &bob, true);
    resigned_game(&hall, &bob, &carol, true);
    resigned_game(&hall, &carol, &alice, true);
    let before = hall.leaderboard(Category::Shogi, 10);
    assert_eq!(before.len(), 3);
    let summary = hall.rebuild_ratings().unwrap();
    assert!(
        summary.contains("3 players from 3 rated games (0 ratings changed)"),
        "{summary}"
    );
    assert_eq!(hall.leaderboard(Category::Shogi, 10), before);
    // And after a restart, from the store.
    let again = hall_on(&store);
    assert_eq!(again.leaderboard(Category::Shogi, 10), before);
}

#[tokio::test]
async fn the_leaderboard_and_profiles_show_the_ratings() {
    use termwiz::input::KeyCode;
    let store = Arc::new(MemoryStore::new());
    let hall = hall_on(&store);
    resigned_game(&hall, &player("alice"), &player("bob"), true);
    let me = player("bob");
    let entry = banmen::hall::view::Entry::Lobby;
    let mut app = banmen::ui::App::new(hall.clone(), me, entry, ui_support::address());
    ui_support::chars(&mut app, "r");
    let board = ui_support::render(&mut app, 100, 30);
    assert!(board.has("Leaderboard · Shogi"), "{}", board.text());
    assert!(
        board.has("1  alice") && board.has("2  bob"),
        "{}",
        board.text()
    );
    assert!(board.has("1662 ±290"), "{}", board.text());
    ui_support::key(&mut app, KeyCode::Enter);
    let alice = ui_support::render(&mut app, 100, 30);
    assert!(alice.has("Profile · alice"), "{}", alice.text());
    assert!(alice.has("place 1"), "{}", alice.text());
    assert!(alice.has("1500 → 1662 (+162)"), "{}", alice.text());
    assert!(alice.has("export"), "{}", alice.text());
    ui_support::key(&mut app, KeyCode::Escape);
    ui_support::chars(&mut app, "m");
    let mine = ui_support::render(&mut app, 100, 30);
    assert!(
        mine.has("Profile · bob") && mine.has("place 2"),
        "{}",
        mine.text()
    );
    assert!(
        mine.has("Four-player shogi") && mine.has("not rated yet"),
        "{}",
        mine.text()
    );
}

#[tokio::test]
async fn a_game_that_ended_before_a_crash_is_rated_at_the_restart_once() {
    for t in stores::each("rated-at-restart") {
        eprintln!("on {}", t.name);
        // A copy without the rated games, on the same backend.
        let bare = t.sibling();
        a_game_that_ended_before_a_crash_is_rated_at_the_restart_once_on(
            t.store.clone(),
            bare.store.clone(),
        );
    }
}

fn a_game_that_ended_before_a_crash_is_rated_at_the_restart_once_on(
    store: Arc<dyn Store>,
    bare: Arc<dyn Store>,
) {
    let hall = hall_on(&store);
    let a = hall
        .create_room(&player("alice"), ranked(GameKind::Shogi, true))
        .unwrap();
    let b = hall.join(&a.view().code, &player("bob")).unwrap();
    play(&a, "7g7f");
    b.resign().unwrap();
    // As if the server had stopped after the game's end was written but
    // before it was rated: the room logs without the rated game.
    for (room, log) in store.logs().unwrap() {
        for (seq, event) in log.iter().enumerate() {
            bare.append(&room, seq as u64, event).unwrap();
        }
    }
    assert!(bare.rated().unwrap().is_empty());
    let hall = hall_on(&bare);
    assert_eq!(hall.leaderboard(Category::Shogi, 10).len(), 2);
    assert_eq!(bare.rated().unwrap().len(), 1);
    let again = hall_on(&bare);
    assert_eq!(bare.rated().unwrap().len(), 1, "not rated twice");
    assert_eq!(
        again.leaderboard(Category::Shogi, 10),
        hall.leaderboard(Category::Shogi, 10)
    );
}
