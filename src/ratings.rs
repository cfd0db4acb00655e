//! Ratings (docs/rules.md §4): one per player and game type, changed by ranked
//! games. Pure: the hall decides which games and seats count and stores the
//! results; this module only turns places into new ratings, with the
//! `skillratings` crate's formulas.
//!
//! - Two-player shogi: Glicko-2 (Glickman), each game one rating period.
//! - Four-player games: TrueSkill, which takes a game's placings, ties and
//!   teams as they are. Chosen by measurement on simulated players of known
//!   strength (`cargo bench --bench ratings_sim`, docs/benchmarks.md): it ordered
//!   opponents best in every scenario (individual and pairs, three noise
//!   levels), 0.1–0.3 points ahead of Weng-Lin (OpenSkill) and 0.3–1.0
//!   ahead of pairwise Glicko-2, and learned fastest from few games (rank
//!   correlation with the true skills 0.905 against 0.862 and 0.890 after
//!   2,000 noisy games). Its dynamics factor also adds a little
//!   uncertainty each game, so players who improve are followed, which
//!   this crate's Weng-Lin cannot do.
//!
//! A game is rated from its entrants' ratings before it (`before`); the
//! result (`after`) is stored with the game, so a player's rating is the
//! `after` of their latest rated game, and [`rebuild`] replays every rated
//! game in order to recompute them all.

use crate::i18n::Msg;
use crate::rules::{GameKind, RuleValues};
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
use skillratings::trueskill::{TrueSkillConfig, TrueSkillRating, trueskill_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};
use std::collections::HashMap;
use thiserror::Error;

/// Why a stored rated game could not be read back.
#[derive(Debug, Error)]
pub enum RatingsError {
    /// The bytes are not a rated game.
    #[error("{0}")]
    Decode(#[from] serde_json::Error),
}

/// What a rating is kept for: a game type, with the four-player games'
/// formats apart (a pairs result says little about individual play).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// Two-player shogi.
    Shogi,
    /// Four-player shogi, everyone for themselves.
    Shogi4,
    /// Four-player shogi in pairs.
    Shogi4Pairs,
    /// Four-player chess in teams.
    Chess4Teams,
    /// Four-player chess, free-for-all.
    Chess4Ffa,
}

impl Category {
    /// Every category, in the order screens list them.
    pub const ALL: [Category; 5] = [
        Category::Shogi,
        Category::Shogi4,
        Category::Shogi4Pairs,
        Category::Chess4Teams,
        Category::Chess4Ffa,
    ];

    /// The category of a game of `kind` under `rules`.
    pub fn of(kind: GameKind, rules: &RuleValues) -> Category {
        match kind {
            GameKind::Shogi => Category::Shogi,
            GameKind::Shogi4 if rules.get("format") == "pairs" => Category::Shogi4Pairs,
            GameKind::Shogi4 => Category::Shogi4,
            GameKind::Chess4 if rules.get("type") == "ffa" => Category::Chess4Ffa,
            GameKind::Chess4 => Category::Chess4Teams,
        }
    }

    /// The category's name as the reader's language says it
    /// (`category-shogi`, …): the leaderboard's title, a profile's lines.
    pub fn title_msg(self) -> Msg {
        Msg::new(match self {
            Category::Shogi => "category-shogi",
            Category::Shogi4 => "category-shogi4",
            Category::Shogi4Pairs => "category-shogi4-pairs",
            Category::Chess4Teams => "category-chess4-teams",
            Category::Chess4Ffa => "category-chess4-ffa",
        })
    }

    /// A short name for a column of a profile's recent games.
    pub fn short_msg(self) -> Msg {
        Msg::new(match self {
            Category::Shogi => "category-short-shogi",
            Category::Shogi4 => "category-short-shogi4",
            Category::Shogi4Pairs => "category-short-shogi4-pairs",
            Category::Chess4Teams => "category-short-chess4-teams",
            Category::Chess4Ffa => "category-short-chess4-ffa",
        })
    }

    /// A title in English (logs and tests; screens show
    /// [`Category::title_msg`]).
    pub fn title(self) -> &'static str {
        match self {
            Category::Shogi => "Shogi",
            Category::Shogi4 => "Four-player shogi",
            Category::Shogi4Pairs => "Four-player shogi, pairs",
            Category::Chess4Teams => "Four-player chess, teams",
            Category::Chess4Ffa => "Four-player chess, free-for-all",
        }
    }

    /// Whether Glicko-2 rates it (else TrueSkill).
    fn glicko(self) -> bool {
        self == Category::Shogi
    }
}

/// A player's rating in one category.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The estimate: Glicko-2 (1500 to start) or TrueSkill's mu (25).
    pub value: f64,
    /// Its uncertainty: Glicko-2's deviation (350) or TrueSkill's sigma
    /// (25/3).
    pub deviation: f64,
    /// Glicko-2's volatility (0.06 to start; unused by TrueSkill).
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

impl Rating {
    /// A new player's rating in `category`.
    pub fn initial(category: Category) -> Rating {
        if category.glicko() {
            let g = Glicko2Rating::new();
            Rating {
                value: g.rating,
                deviation: g.deviation,
                volatility: g.volatility,
                games: 0,
            }
        } else {
            let t = TrueSkillRating::new();
            Rating {
                value: t.rating,
                deviation: t.uncertainty,
                volatility: 0.0,
                games: 0,
            }
        }
    }

    /// `1512 ±84` or `27.3 ±6.1`, as screens show it.
    pub fn text(&self) -> String {
        let places = self.decimals();
        format!("{} ±{:.*}", self.value_text(), places, self.deviation)
    }

    /// The value alone, as precise as [`Rating::text`]: `1512`, `27.3`.
    pub fn value_text(&self) -> String {
        format!("{:.*}", self.decimals(), self.value)
    }

    /// The change from `before`, as precise as [`Rating::text`]: `+162`
    /// or `-1.4`.
    pub fn change_from(&self, before: &Rating) -> String {
        format!("{:+.*}", self.decimals(), self.value - before.value)
    }

    /// Glicko-2's ratings read in whole points, TrueSkill's to a tenth.
    fn decimals(&self) -> usize {
        if self.value.abs() >= 100.0 { 0 } else { 1 }
    }

    fn glicko2(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.value,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn trueskill(&self) -> TrueSkillRating {
        TrueSkillRating {
            rating: self.value,
            uncertainty: self.deviation,
        }
    }

    fn with_glicko2(&self, g: Glicko2Rating) -> Rating {
        Rating {
            value: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games: self.games + 1,
        }
    }

    fn with_trueskill(&self, t: TrueSkillRating) -> Rating {
        Rating {
            value: t.rating,
            deviation: t.uncertainty,
            volatility: 0.0,
            games: self.games + 1,
        }
    }
}

/// One rated player of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// The identity (`key:SHA256:…`).
    pub id: String,
    /// The name they played under.
    pub name: String,
    /// Their seat.
    pub seat: u8,
    /// 1 for first; equal places share a rank (a draw: everyone 1).
    pub place: u8,
    /// Their side: partners share it; in individual games, the seat.
    pub team: u8,
    /// Their rating before the game.
    pub before: Rating,
    /// Their rating after it.
    pub after: Rating,
    /// Whether they are a bot (rated in the bots' own pool).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// A rated game: who played, how they placed, and what it did to their
/// ratings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedGame {
    /// The game's id (`ROOM-N`), for export.
    pub game_id: String,
    /// Its category.
    pub category: Category,
    /// When it ended (ms since the epoch).
    pub at: u64,
    /// Its number among the rated games (0 first): the order they were
    /// rated in, which a rebuild keeps.
    #[serde(default)]
    pub seq: u64,
    /// The rated players (CPU seats and seats that do not count left out;
    /// teams keep their CPU partners out too).
    pub entrants: Vec<Entrant>,
    /// Played in a private room: its id is shown only to its players.
    #[serde(default)]
    pub private: bool,
}

impl RatedGame {
    /// The stored bytes.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).unwrap_or_default()
    }

    /// Reads stored bytes.
    pub fn decode(bytes: &[u8]) -> Result<RatedGame, RatingsError> {
        Ok(serde_json::from_slice(bytes)?)
    }

    /// The key it is stored under: keys sort in rating order.
    pub fn key(&self) -> String {
        format!("{:012}-{}", self.seq, self.game_id)
    }
}

/// Sets every entrant's `after` from the `before`s and places. A game
/// with fewer than two sides leaves the ratings as they were.
pub fn rate(game: &mut RatedGame) {
    let mut sides: Vec<u8> = game.entrants.iter().map(|e| e.team).collect();
    sides.sort_unstable();
    sides.dedup();
    if sides.len() < 2 {
        for e in &mut game.entrants {
            e.after = e.before;
        }
        return;
    }
    if game.category.glicko() && game.entrants.len() == 2 {
        rate_glicko2(&mut game.entrants);
    } else {
        rate_trueskill(&mut game.entrants, &sides);
    }
    keep_people_out_of_the_bot_pool(&mut game.entrants);
}

/// Bots are rated in a pool of their own: in a game of people and bots
/// the bots' ratings move (against the people's as they stand) and the
/// people's do not, so no bot can lift or sink a person's rating.
fn keep_people_out_of_the_bot_pool(entrants: &mut [Entrant]) {
    if entrants.iter().any(|e| e.bot) {
        for e in entrants.iter_mut().filter(|e| !e.bot) {
            e.after = e.before;
        }
    }
}

/// Two players, each game one Glicko-2 rating period.
fn rate_glicko2(entrants: &mut [Entrant]) {
    let (a, b) = (entrants[0].before, entrants[1].before);
    let score = match entrants[0].place.cmp(&entrants[1].place) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    };
    entrants[0].after = glicko2_period(&a, &[(b, score)]);
    entrants[1].after = glicko2_period(&b, &[(a, 1.0 - score)]);
}

/// A Glicko-2 rating period of `player` against opponents with the
/// player's scores (1 a win, ½ a draw, 0 a loss), τ = 0.5 (Glickman's
/// suggestion; his worked example uses it).
pub fn glicko2_period(player: &Rating, results: &[(Rating, f64)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(opponent, score)| {
            let outcome = match score {
                s if *s > 0.75 => Outcomes::WIN,
                s if *s < 0.25 => Outcomes::LOSS,
                _ => Outcomes::DRAW,
            };
            (opponent.glicko2(), outcome)
        })
        .collect();
    let new = glicko2_rating_period(&player.glicko2(), &results, &Glicko2Config::new());
    player.with_glicko2(new)
}

/// Any number of sides (players or teams) with their places.
fn rate_trueskill(entrants: &mut [Entrant], sides: &[u8]) {
    let teams: Vec<(Vec<usize>, Vec<TrueSkillRating>, usize)> = sides
        .iter()
        .map(|side| {
            let members: Vec<usize> = (0..entrants.len())
                .filter(|&i| entrants[i].team == *side)
                .collect();
            let ratings = members
                .iter()
                .map(|&i| entrants[i].before.trueskill())
                .collect();
            let place = members
                .iter()
                .map(|&i| entrants[i].place)
                .min()
                .unwrap_or(1);
            (members, ratings, usize::from(place))
        })
        .collect();
    let input: Vec<(&[TrueSkillRating], MultiTeamOutcome)> = teams
        .iter()
        .map(|(_, ratings, place)| (&ratings[..], MultiTeamOutcome::new(*place)))
        .collect();
    // Without weights the call cannot fail; if it did, nobody's rating
    // would change rather than the server stopping.
    let rated = trueskill_multi_team(&input, &TrueSkillConfig::new(), None).unwrap_or_default();
    for e in entrants.iter_mut() {
        e.after = e.before;
    }
    for ((members, _, _), new) in teams.iter().zip(rated) {
        for (&i, t) in members.iter().zip(new) {
            entrants[i].after = entrants[i].before.with_trueskill(t);
        }
    }
}

/// Everyone's current rating, by identity and category.
pub type Table = HashMap<(String, Category), Rating>;

/// Replays `games` (oldest first): each entrant's `before` is set from
/// the ratings so far, then the game is rated. Returns the final table.
pub fn rebuild(games: &mut [RatedGame]) -> Table {
    games.sort_by_key(RatedGame::key);
    let mut table = Table::new();
    for game in games.iter_mut() {
        for e in &mut game.entrants {
            e.before = *table
                .entry((e.id.clone(), game.category))
                .or_insert_with(|| Rating::initial(game.category));
        }
        rate(game);
        for e in &game.entrants {
            table.insert((e.id.clone(), game.category), e.after);
        }
    }
    table
}

/// The table as `games` (rated already, oldest first) leave it: each
/// player's latest `after`.
pub fn latest(games: &[RatedGame]) -> Table {
    let mut table = Table::new();
    for game in games {
        for e in &game.entrants {
            table.insert((e.id.clone(), game.category), e.after);
        }
    }
    table
}
