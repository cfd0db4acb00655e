//! `cargo bench --bench ratings_sim`: which rating model should rate
//! banmen's four-player games? Decided by measurement on simulated players
//! whose true strength is known, instead of by reputation.
//!
//! 200 players have a true skill drawn from Normal(0, 1). A game picks four
//! of them at random; each plays with performance = skill + Normal(0, sd)
//! noise, and the places follow the performances. In the individual
//! scenarios every player is its own side; in the pairs scenarios the four
//! form two teams of two, a team's performance is the sum of its players'
//! and both players of the better team share first place.
//!
//! Models, all with skillratings' default configurations:
//! - Weng-Lin (OpenSkill, Bradley-Terry): `weng_lin_multi_team`, the places
//!   (and teams) given natively;
//! - TrueSkill: `trueskill_multi_team`, likewise native;
//! - Glicko-2 pairwise: a game becomes its pairwise results against every
//!   opponent (not the partner), the better place winning, and each player
//!   gets one `glicko2_rating_period` over them per game;
//! - true skill: the simulation's own skills, the ceiling no model can beat
//!   (the games' noise alone keeps it below 100%).
//!
//! Each model learns from the first N games of one fixed stream, then is
//! scored, ratings frozen, on the same 2,000 fresh games: `winner` is how
//! often the side with the highest rating (a team's: the sum of its
//! players') placed first; `pairs` is the fraction of pairs of opponents
//! (players on different sides) that the ratings order as the game did;
//! `spearman` is the rank correlation of all 200 ratings with the true
//! skills; `µs/game` is the training time per game. Every number is the
//! mean of `RUNS` independent runs.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
use skillratings::trueskill::{TrueSkillConfig, TrueSkillRating, trueskill_multi_team};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};
use std::time::{Duration, Instant};

const PLAYERS: usize = 200;
/// Training lengths; the models learn incrementally, so each N extends the last.
const TRAIN: [usize; 3] = [2_000, 5_000, 20_000];
const TEST: usize = 2_000;
/// Independent repetitions (new players, new games): a single run's 2,000
/// test games cannot tell apart models that differ by a few tenths of a percent.
const RUNS: usize = 10;

struct Scenario {
    name: &'static str,
    /// 1: four players each on their own; 2: two teams of two.
    team_size: usize,
    /// Standard deviation of a player's per-game performance noise.
    noise: f64,
}

const SCENARIOS: [Scenario; 6] = [
    Scenario {
        name: "individual",
        team_size: 1,
        noise: 0.5,
    },
    Scenario {
        name: "individual",
        team_size: 1,
        noise: 1.0,
    },
    Scenario {
        name: "individual",
        team_size: 1,
        noise: 2.0,
    },
    Scenario {
        name: "pairs",
        team_size: 2,
        noise: 0.5,
    },
    Scenario {
        name: "pairs",
        team_size: 2,
        noise: 1.0,
    },
    Scenario {
        name: "pairs",
        team_size: 2,
        noise: 2.0,
    },
];

/// One played game: its sides (a player alone, or a team) and each side's
/// place, 1 = first; sides that performed equally share a place.
struct Game {
    sides: Vec<Vec<usize>>,
    places: Vec<usize>,
}

/// A standard normal sample by Box-Muller (no extra crate needed).
fn normal(rng: &mut StdRng) -> f64 {
    // `random` is in [0, 1), so `1 - u` is in (0, 1] and its log is finite.
    let u = 1.0 - rng.random::<f64>();
    let v: f64 = rng.random();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

fn play(rng: &mut StdRng, skills: &[f64], scenario: &Scenario) -> Game {
    let picked = rand::seq::index::sample(rng, PLAYERS, 4).into_vec();
    let sides: Vec<Vec<usize>> = picked
        .chunks(scenario.team_size)
        .map(<[usize]>::to_vec)
        .collect();
    let performance: Vec<f64> = sides
        .iter()
        .map(|side| {
            side.iter()
                .map(|&p| skills[p] + scenario.noise * normal(rng))
                .sum()
        })
        .collect();
    let places = performance
        .iter()
        .map(|mine| 1 + performance.iter().filter(|other| *other > mine).count())
        .collect();
    Game { sides, places }
}

enum Model {
    WengLin(Vec<WengLinRating>),
    TrueSkill(Vec<TrueSkillRating>),
    Glicko2(Vec<Glicko2Rating>),
    Truth(Vec<f64>),
}

impl Model {
    fn all(skills: &[f64]) -> [Model; 4] {
        [
            Model::WengLin(vec![WengLinRating::new(); PLAYERS]),
            Model::TrueSkill(vec![TrueSkillRating::new(); PLAYERS]),
            Model::Glicko2(vec![Glicko2Rating::new(); PLAYERS]),
            Model::Truth(skills.to_vec()),
        ]
    }

    fn name(&self) -> &'static str {
        match self {
            Model::WengLin(_) => "Weng-Lin",
            Model::TrueSkill(_) => "TrueSkill",
            Model::Glicko2(_) => "Glicko-2 pairwise",
            Model::Truth(_) => "(true skill)",
        }
    }

    /// The rating's mean: what a leaderboard would sort by.
    fn mean(&self, player: usize) -> f64 {
        match self {
            Model::WengLin(r) => r[player].rating,
            Model::TrueSkill(r) => r[player].rating,
            Model::Glicko2(r) => r[player].rating,
            Model::Truth(skills) => skills[player],
        }
    }

    fn train(&mut self, game: &Game) {
        match self {
            Model::WengLin(r) => update_teams(r, game, |teams| {
                weng_lin_multi_team(teams, &WengLinConfig::new())
            }),
            Model::TrueSkill(r) => update_teams(r, game, |teams| {
                trueskill_multi_team(teams, &TrueSkillConfig::new(), None)
                    .expect("without weights there are no invalid weights")
            }),
            Model::Glicko2(r) => update_pairwise(r, game),
            Model::Truth(_) => {}
        }
    }
}

/// Feeds a game to a multi-team model: sides as teams, places as ranks.
fn update_teams<R: Copy>(
    ratings: &mut [R],
    game: &Game,
    rate: impl Fn(&[(&[R], MultiTeamOutcome)]) -> Vec<Vec<R>>,
) {
    let teams: Vec<Vec<R>> = game
        .sides
        .iter()
        .map(|side| side.iter().map(|&p| ratings[p]).collect())
        .collect();
    let ranked: Vec<(&[R], MultiTeamOutcome)> = teams
        .iter()
        .zip(&game.places)
        .map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place)))
        .collect();
    for (side, team) in game.sides.iter().zip(rate(&ranked)) {
        for (&player, rating) in side.iter().zip(team) {
            ratings[player] = rating;
        }
    }
}

/// Glicko-2 knows only one-on-one results: each player gets a rating period
/// of its results against every opponent, all rated from before the game.
fn update_pairwise(ratings: &mut [Glicko2Rating], game: &Game) {
    let before: &[Glicko2Rating] = ratings;
    let mut updated = Vec::new();
    for (side, &place) in game.sides.iter().zip(&game.places) {
        for &player in side {
            let results: Vec<(Glicko2Rating, Outcomes)> = game
                .sides
                .iter()
                .zip(&game.places)
                .filter(|(other, _)| !other.contains(&player))
                .flat_map(|(other, &their)| {
                    let outcome = match place.cmp(&their) {
                        std::cmp::Ordering::Less => Outcomes::WIN,
                        std::cmp::Ordering::Equal => Outcomes::DRAW,
                        std::cmp::Ordering::Greater => Outcomes::LOSS,
                    };
                    other.iter().map(move |&q| (before[q], outcome))
                })
                .collect();
            updated.push((
                player,
                glicko2_rating_period(&before[player], &results, &Glicko2Config::new()),
            ));
        }
    }
    for (player, rating) in updated {
        ratings[player] = rating;
    }
}

struct Score {
    winner: f64,
    pairs: f64,
    spearman: f64,
}

/// Scores frozen ratings on the test games. Equal ratings count as half
/// right, so an untrained model scores chance rather than zero or one.
fn evaluate(model: &Model, tests: &[Game], skills: &[f64]) -> Score {
    let (mut winner, mut right, mut pairs) = (0.0, 0.0, 0.0);
    for game in tests {
        let strength: Vec<f64> = game
            .sides
            .iter()
            .map(|side| side.iter().map(|&p| model.mean(p)).sum())
            .collect();
        let top = strength.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let favourites: Vec<usize> = (0..strength.len())
            .filter(|&i| strength[i] == top)
            .collect();
        let won = favourites.iter().filter(|&&i| game.places[i] == 1).count();
        winner += won as f64 / favourites.len() as f64;
        for i in 0..game.sides.len() {
            for j in i + 1..game.sides.len() {
                if game.places[i] == game.places[j] {
                    continue;
                }
                for &p in &game.sides[i] {
                    for &q in &game.sides[j] {
                        let predicted = model.mean(p).partial_cmp(&model.mean(q));
                        let happened = game.places[j].partial_cmp(&game.places[i]);
                        right += match predicted {
                            Some(std::cmp::Ordering::Equal) | None => 0.5,
                            order if order == happened => 1.0,
                            _ => 0.0,
                        };
                        pairs += 1.0;
                    }
                }
            }
        }
    }
    let means: Vec<f64> = (0..PLAYERS).map(|p| model.mean(p)).collect();
    Score {
        winner: winner / tests.len() as f64,
        pairs: right / pairs,
        spearman: pearson(&ranks(&means), &ranks(skills)),
    }
}

/// Ranks (1-based), ties sharing their average rank, for Spearman's rho.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && values[order[end]] == values[order[start]] {
            end += 1;
        }
        for &i in &order[start..end] {
            ranks[i] = (start + end + 1) as f64 / 2.0;
        }
        start = end;
    }
    ranks
}

fn pearson(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let cov: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let vx: f64 = x.iter().map(|a| (a - mx).powi(2)).sum();
    let vy: f64 = y.iter().map(|b| (b - my).powi(2)).sum();
    if vx == 0.0 || vy == 0.0 {
        0.0
    } else {
        cov / (vx * vy).sqrt()
    }
}

fn main() {
    let started = Instant::now();
    println!(
        "{:<10} {:>4} {:>6}  {:<17} {:>7} {:>7} {:>8} {:>7}",
        "scenario", "sd", "N", "model", "winner", "pairs", "spearman", "µs/game"
    );
    let mut verdicts = Vec::new();
    for (index, scenario) in SCENARIOS.iter().enumerate() {
        // scores[model][n][run], and the training time per model and N.
        let mut scores: Vec<Vec<Vec<Score>>> = Vec::new();
        let mut spent = Vec::new();
        for run in 0..RUNS {
            // Fixed seeds: every model sees the same players and games.
            let seed = 1_000 * index as u64 + 2 * run as u64;
            let mut rng = StdRng::seed_from_u64(seed);
            let skills: Vec<f64> = (0..PLAYERS).map(|_| normal(&mut rng)).collect();
            let train: Vec<Game> = (0..TRAIN[TRAIN.len() - 1])
                .map(|_| play(&mut rng, &skills, scenario))
                .collect();
            let mut rng = StdRng::seed_from_u64(seed + 1);
            let tests: Vec<Game> = (0..TEST)
                .map(|_| play(&mut rng, &skills, scenario))
                .collect();
            for (m, mut model) in Model::all(&skills).into_iter().enumerate() {
                if run == 0 {
                    scores.push((0..TRAIN.len()).map(|_| Vec::new()).collect());
                    spent.push(vec![Duration::ZERO; TRAIN.len()]);
                }
                let (mut trained, mut clock) = (0, Duration::ZERO);
                for (k, n) in TRAIN.into_iter().enumerate() {
                    let start = Instant::now();
                    for game in &train[trained..n] {
                        model.train(game);
                    }
                    clock += start.elapsed();
                    trained = n;
                    spent[m][k] += clock;
                    scores[m][k].push(evaluate(&model, &tests, &skills));
                }
            }
        }
        let names = Model::all(&[0.0; PLAYERS]).map(|model| model.name());
        for (m, name) in names.iter().enumerate() {
            for (k, n) in TRAIN.into_iter().enumerate() {
                let runs = &scores[m][k];
                println!(
                    "{:<10} {:>4.1} {:>6}  {:<17} {:>6.1}% {:>6.1}% {:>8.3} {:>7.2}",
                    scenario.name,
                    scenario.noise,
                    n,
                    name,
                    100.0 * mean(runs.iter().map(|s| s.winner)),
                    100.0 * mean(runs.iter().map(|s| s.pairs)),
                    mean(runs.iter().map(|s| s.spearman)),
                    spent[m][k].as_secs_f64() * 1e6 / (n * RUNS) as f64
                );
            }
        }
        // The ceiling (true skill, the last model) takes no part in the verdict.
        let candidates = names.len() - 1;
        verdicts.push(format!(
            "best for {} sd {:.1}: {}",
            scenario.name,
            scenario.noise,
            verdict(&names[..candidates], &scores[..candidates])
        ));
    }
    println!();
    for line in verdicts {
        println!("{line}");
    }
    println!(
        "(means of {RUNS} runs, each with new players, {} training and {TEST} test games; total {:.1} s)",
        TRAIN[TRAIN.len() - 1],
        started.elapsed().as_secs_f64()
    );
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, count) = values.fold((0.0, 0), |(sum, count), v| (sum + v, count + 1));
    sum / count as f64
}

/// Picks the model whose ratings predict the test games best: pair accuracy
/// averaged over all N (quick learning counts as well as the end result).
/// The models are compared run by run on the same games, and a lead of
/// less than two standard errors of that paired difference is a tie, which
/// the ratings' Spearman correlation with the true skills (averaged over
/// N) decides. Returns the winner and the numbers behind it, on one line.
fn verdict(names: &[&str], scores: &[Vec<Vec<Score>>]) -> String {
    // Per model and run: (pairs, spearman), each averaged over N.
    let per_run: Vec<Vec<(f64, f64)>> = scores
        .iter()
        .map(|by_n| {
            (0..RUNS)
                .map(|r| {
                    (
                        mean(by_n.iter().map(|runs| runs[r].pairs)),
                        mean(by_n.iter().map(|runs| runs[r].spearman)),
                    )
                })
                .collect()
        })
        .collect();
    let average = |m: usize, pick: fn(&(f64, f64)) -> f64| mean(per_run[m].iter().map(pick));
    let leader = (0..names.len())
        .max_by(|&a, &b| average(a, |x| x.0).total_cmp(&average(b, |x| x.0)))
        .unwrap_or(0);
    // Mean and standard error of the leader's pair-accuracy lead over `m`.
    let lead = |m: usize| {
        let diffs: Vec<f64> = (0..RUNS)
            .map(|r| per_run[leader][r].0 - per_run[m][r].0)
            .collect();
        let d = mean(diffs.iter().copied());
        let var = diffs.iter().map(|x| (x - d).powi(2)).sum::<f64>() / (RUNS - 1) as f64;
        (d, (var / RUNS as f64).sqrt())
    };
    let best = (0..names.len())
        .filter(|&m| {
            let (d, se) = lead(m);
            d <= 2.0 * se
        })
        .max_by(|&a, &b| average(a, |x| x.1).total_cmp(&average(b, |x| x.1)))
        .unwrap_or(leader);
    let tied = (0..names.len())
        .filter(|&m| m != leader && lead(m).0 <= 2.0 * lead(m).1)
        .count()
        > 0;
    let why = if tied {
        "pairs tied within 2 SE, higher spearman"
    } else {
        "best pairs beyond 2 SE"
    };
    let numbers: Vec<String> = (0..names.len())
        .map(|m| {
            let (d, se) = lead(m);
            format!(
                "{} {:.2}% (-{:.2}±{:.2}) ρ {:.3}",
                names[m],
                100.0 * average(m, |x| x.0),
                100.0 * d,
                100.0 * se,
                average(m, |x| x.1)
            )
        })
        .collect();
    format!(
        "{} ({why}; pairs avg over N, lead ± SE in pp: {})",
        names[best],
        numbers.join(", ")
    )
}
