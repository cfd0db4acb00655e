//! Ranked games (docs/rules.md §4): which finished games and seats are rated,
//! everyone's current ratings, and the leaderboards and profiles players
//! see. The formulas are in `crate::ratings`.
//!
//! A game is rated when its room is ranked and every person in it has a
//! key (guests have no stable identity); bots count as keyed, but in a
//! pool of their own (`ratings::rate`), and leaderboards list people only. CPU seats are never rated, nor is
//! a seat the CPU played for most of the game (its player was away), nor a
//! person playing several seats. Places come from the rules' verdict: a
//! win is first against second, a draw shares first.

use super::bots::is_bot_id;
use super::state::RoomState;
use super::view::{Mode, Occupant};
use super::{Hall, HallError, HallInner, lock};
use crate::i18n::Arg;
use crate::msg;
use crate::ratings::{self, Category, Entrant, RatedGame, Rating, Table};
use crate::rules::vocab::{Seat, Verdict};
use std::collections::{HashMap, HashSet};

/// Results kept per player for the profile.
const RECENT: usize = 10;

/// Everyone's ratings and the rated games they came from.
#[derive(Default)]
pub(crate) struct Ranked {
    table: Table,
    /// Every rated game, oldest first.
    games: Vec<RatedGame>,
    ids: HashSet<String>,
    /// The name each identity played its latest rated game under (kept
    /// here: leaderboards are drawn on every key).
    names: HashMap<String, String>,
}

impl Ranked {
    /// From the stored records (rated already).
    pub(crate) fn load(records: &[Vec<u8>]) -> Ranked {
        let games = decode(records);
        let table = ratings::latest(&games);
        Ranked::new(games, table)
    }

    /// From rated games, oldest first, and the ratings they leave.
    fn new(games: Vec<RatedGame>, table: Table) -> Ranked {
        let mut ranked = Ranked {
            table,
            ..Ranked::default()
        };
        for game in games {
            ranked.note(&game);
            ranked.games.push(game);
        }
        ranked
    }

    fn add(&mut self, game: RatedGame) {
        for e in &game.entrants {
            self.table.insert((e.id.clone(), game.category), e.after);
        }
        self.note(&game);
        self.games.push(game);
    }

    /// Remembers `game`'s id and its players' names.
    fn note(&mut self, game: &RatedGame) {
        self.ids.insert(game.game_id.clone());
        for e in &game.entrants {
            self.names.insert(e.id.clone(), e.name.clone());
        }
    }
}

/// Stored records as rated games in rating order; one that does not
/// decode is left out with a warning.
fn decode(records: &[Vec<u8>]) -> Vec<RatedGame> {
    let mut games: Vec<RatedGame> = records
        .iter()
        .filter_map(|r| match RatedGame::decode(r) {
            Ok(game) => Some(game),
            Err(e) => {
                tracing::warn!("a rated game does not decode: {e}");
                None
            }
        })
        .collect();
    games.sort_by_key(RatedGame::key);
    games
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The identity.
    pub id: String,
    /// The name of their latest game.
    pub name: String,
    /// Their rating.
    pub rating: Rating,
}

/// One of a player's recent rated games.
#[derive(Clone, Debug, PartialEq)]
pub struct RecentResult {
    /// The game (for `export`); `None` for a private room's game shown to
    /// someone who did not play it.
    pub game_id: Option<String>,
    /// Its category.
    pub category: Category,
    /// When it ended (ms since the epoch).
    pub at: u64,
    /// The player's place (1 = first) of how many sides.
    pub place: u8,
    /// Sides in the game.
    pub sides: usize,
    /// The rating before and after.
    pub before: Rating,
    /// After.
    pub after: Rating,
}

/// A player's ratings and recent results.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// The identity.
    pub id: String,
    /// Their latest name.
    pub name: String,
    /// Their rating per category they played (others are the initial).
    pub ratings: Vec<(Category, Option<Rating>)>,
    /// Their latest rated games, newest first.
    pub recent: Vec<RecentResult>,
}

impl Hall {
    /// The best-rated players of `category`, best first.
    pub fn leaderboard(&self, category: Category, limit: usize) -> Vec<Standing> {
        let ranked = lock(&self.inner.ranked);
        let mut list: Vec<Standing> = ranked
            .table
            .iter()
            // People's leaderboards: bots are rated in a pool of their own.
            .filter(|((id, c), _)| *c == category && !is_bot_id(id))
            .map(|((id, _), rating)| Standing {
                id: id.clone(),
                name: ranked.names.get(id).unwrap_or(id).clone(),
                rating: *rating,
            })
            .collect();
        list.sort_by(|a, b| {
            b.rating
                .value
                .total_cmp(&a.rating.value)
                .then_with(|| a.name.cmp(&b.name))
        });
        list.truncate(limit);
        list
    }

    /// The profile of identity `id` (`name` when they have no rated game),
    /// as `viewer` (an identity id) sees it: a private room's games keep
    /// their ids from anyone who did not play them.
    pub fn profile(&self, id: &str, name: &str, viewer: &str) -> Profile {
        let ranked = lock(&self.inner.ranked);
        let ratings = Category::ALL
            .iter()
            .map(|c| (*c, ranked.table.get(&(id.to_string(), *c)).copied()))
            .collect();
        let recent = ranked
            .games
            .iter()
            .rev()
            .filter_map(|g| recent_result(g, id, viewer))
            .take(RECENT)
            .collect();
        Profile {
            id: id.to_string(),
            name: ranked
                .names
                .get(id)
                .map_or(name, String::as_str)
                .to_string(),
            ratings,
            recent,
        }
    }

    /// Recomputes every rating from the rated games, in order, and stores
    /// the results; a summary line.
    pub fn rebuild_ratings(&self) -> Result<String, HallError> {
        let store = &self.inner.shared.store;
        let mut games = decode(&store.rated()?);
        let table = ratings::rebuild(&mut games);
        let mut changed = 0;
        let old = lock(&self.inner.ranked).table.clone();
        for game in &games {
            store.put_rated(&game.key(), &game.encode())?;
        }
        for (key, rating) in &table {
            if old.get(key) != Some(rating) {
                changed += 1;
            }
        }
        let players: HashSet<&String> = table.keys().map(|(id, _)| id).collect();
        let summary = format!(
            "rebuilt the ratings of {} players from {} rated games ({changed} ratings changed)",
            players.len(),
            games.len()
        );
        *lock(&self.inner.ranked) = Ranked::new(games, table);
        Ok(summary)
    }
}

impl HallInner {
    /// Rates the game `s` just finished, if it counts, stores it and says
    /// what changed on the room's status line.
    pub(crate) fn rate_finished(&self, s: &mut RoomState) {
        self.rate(s, true);
    }

    /// Rates a game another node finished (and stored): this node's
    /// tables follow without writing it again.
    pub(crate) fn rate_replica(&self, s: &mut RoomState) {
        self.rate(s, false);
    }

    fn rate(&self, s: &mut RoomState, store: bool) {
        let at = self.shared.clock.now_ms();
        let mut ranked = lock(&self.ranked);
        if ranked.ids.contains(&s.game_id()) {
            return;
        }
        let Some(mut game) = rated_game(s, &ranked.table, at) else {
            return;
        };
        game.seq = ranked.games.len() as u64;
        ratings::rate(&mut game);
        let stored = match store {
            true => self.shared.store.put_rated(&game.key(), &game.encode()),
            false => Ok(()),
        };
        if let Err(e) = stored {
            tracing::warn!(game = %game.game_id, "the rated game was not stored: {e}");
            return;
        }
        s.status = msg!(
            "status-rated",
            result = s.status.clone(),
            changes = changes(&game)
        );
        ranked.add(game);
    }
}

/// The game as it will be rated (entrants with their `before`), or `None`
/// when it does not count.
fn rated_game(s: &RoomState, table: &Table, at: u64) -> Option<RatedGame> {
    if !s.settings.ranked || s.settings.mode != Mode::Online {
        return None;
    }
    let humans: Vec<&str> = s
        .seats
        .iter()
        .filter_map(|o| match o {
            Occupant::Human { id, .. } => Some(id.as_str()),
            _ => None,
        })
        .collect();
    let distinct: HashSet<&str> = humans.iter().copied().collect();
    let rated_id = |id: &&str| id.starts_with("key:") || is_bot_id(id);
    if !humans.iter().all(rated_id) || distinct.len() != humans.len() {
        return None;
    }
    let places = places(s)?;
    let category = Category::of(s.settings.kind, &s.settings.rules);
    let teams = matches!(category, Category::Shogi4Pairs | Category::Chess4Teams);
    let entrants: Vec<Entrant> = s
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, o)| {
            let Occupant::Human { id, name, .. } = o else {
                return None;
            };
            let (human, cpu) = s.moves_by.get(i).copied().unwrap_or_default();
            if cpu > human {
                return None;
            }
            let before = *table
                .get(&(id.clone(), category))
                .unwrap_or(&Rating::initial(category));
            Some(Entrant {
                id: id.clone(),
                name: name.clone(),
                seat: i as u8,
                place: places[i],
                team: if teams { i as u8 % 2 } else { i as u8 },
                before,
                after: before,
                bot: is_bot_id(id),
            })
        })
        .collect();
    let sides: HashSet<u8> = entrants.iter().map(|e| e.team).collect();
    (sides.len() >= 2).then(|| RatedGame {
        game_id: s.game_id(),
        category,
        at,
        seq: 0,
        entrants,
        private: s.is_private(),
    })
}

/// Each seat's place (1 = first) from the verdict.
fn places(s: &RoomState) -> Option<Vec<u8>> {
    let outcome = s.game.outcome()?;
    let count = s.seats.len();
    Some(match &outcome.verdict {
        Verdict::Draw => vec![1; count],
        Verdict::Win(winners) => (0..count as u8)
            .map(|i| if winners.contains(Seat(i)) { 1 } else { 2 })
            .collect(),
        Verdict::Placings(list) => (0..count as u8)
            .map(|i| {
                list.iter()
                    .find(|p| p.seat == Seat(i))
                    .map_or(count as u8, |p| p.place)
            })
            .collect(),
    })
}

/// "Ratings: alice 1662 (+162), bob 1338 (-162)." (short: it follows the
/// result on an 80-column status line).
fn changes(game: &RatedGame) -> Arg {
    // Names and figures: one list, the same in every language.
    let parts: Vec<String> = game
        .entrants
        .iter()
        .map(|e| {
            let (after, change) = (e.after.value_text(), e.after.change_from(&e.before));
            format!("{} {after} ({change})", e.name)
        })
        .collect();
    Arg::Text(parts.join(", "))
}

/// `id`'s result in `game`, if they played it, as `viewer` sees it.
fn recent_result(game: &RatedGame, id: &str, viewer: &str) -> Option<RecentResult> {
    let e = game.entrants.iter().find(|e| e.id == id)?;
    let shown = !game.private || game.entrants.iter().any(|e| e.id == viewer);
    let sides: HashSet<u8> = game.entrants.iter().map(|e| e.team).collect();
    Some(RecentResult {
        game_id: shown.then(|| game.game_id.clone()),
        category: game.category,
        at: game.at,
        place: e.place,
        sides: sides.len(),
        before: e.before,
        after: e.after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::events::{Event, Record};
    use crate::hall::view::{Identity, Privacy, RoomSettings};
    use crate::rules::GameKind;

    fn who(name: &str) -> Identity {
        Identity {
            id: format!("key:{name}"),
            name: name.into(),
            keyed: true,
        }
    }

    /// A ranked shogi game between alice and bob: `cpu_for_bob` of bob's
    /// three moves are the CPU's (he is away), then alice resigns.
    fn game(cpu_for_bob: usize) -> RoomState {
        let mut settings = RoomSettings::new(GameKind::Shogi);
        settings.ranked = true;
        settings.privacy = Privacy::Private;
        settings.rules.set("swap-sides", "off").unwrap();
        let mut s = RoomState::create("r".into(), "C".into(), &who("alice"), settings, 0).unwrap();
        let apply = |s: &mut RoomState, event: Event| {
            s.apply(&Record { at: 1, event }).unwrap();
        };
        apply(
            &mut s,
            Event::Joined {
                seat: 1,
                who: who("bob"),
            },
        );
        if cpu_for_bob > 0 {
            apply(
                &mut s,
                Event::Away {
                    id: "key:bob".into(),
                },
            );
            apply(&mut s, Event::CpuTakeover { seat: 1 });
        }
        let moves = ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e"];
        for (i, text) in moves.iter().enumerate() {
            if i == 2 * cpu_for_bob + 1 && cpu_for_bob > 0 {
                apply(
                    &mut s,
                    Event::Back {
                        id: "key:bob".into(),
                    },
                );
                apply(&mut s, Event::TookBack { seat: 1 });
            }
            let seat = (i % 2) as u8;
            apply(
                &mut s,
                Event::Moved {
                    seat,
                    text: text.to_string(),
                },
            );
        }
        apply(&mut s, Event::Resigned { seat: 0 });
        s
    }

    #[test]
    fn a_seat_the_cpu_played_most_of_is_not_rated() {
        let table = Table::new();
        let fair = rated_game(&game(0), &table, 0).expect("rated");
        assert_eq!(fair.entrants.len(), 2);
        assert_eq!(fair.entrants[1].place, 1, "bob won");
        let one_move = rated_game(&game(1), &table, 0).expect("bob played 2 of 3");
        assert_eq!(one_move.entrants.len(), 2);
        // Two of bob's three moves by the CPU: his seat is out, and alice
        // alone is no game.
        assert!(rated_game(&game(2), &table, 0).is_none());
    }
}
