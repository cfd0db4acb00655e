//! The fit: finds the weights under which `sigmoid(eval / K)` best
//! predicts the results of the positions self-play wrote (least squares,
//! as in "Texel" tuning), starting from the weights compiled in, and
//! writes them as the Rust source of the game's `weights.rs`.
//!
//! `K` is fitted first to the starting weights and then held, so the
//! evaluation keeps its scale (a pawn stays near its value) and the
//! search's margins keep their meaning. Adam does the descent; a tenth of
//! the positions is held out and the weights of the epoch that predicted
//! them best are kept.

use super::{Tunable, TuneGame};
use std::io::{self, BufRead};
use std::path::PathBuf;

/// Lines per held-out block (a few games' worth).
const HELD_BLOCK: usize = 200;

/// `banmen tune fit`'s options.
#[derive(Clone, Debug, clap::Args)]
pub struct Options {
    /// The game whose evaluation is fitted.
    #[arg(long, value_enum, default_value_t = TuneGame::Shogi)]
    pub game: TuneGame,
    /// Files written by `banmen tune selfplay`.
    #[arg(long = "data", value_name = "PATH", required = true)]
    pub data: Vec<PathBuf>,
    /// Where the weights' Rust source is written (by default the game's
    /// `weights.rs` under `src/`).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Passes over the positions.
    #[arg(long, default_value_t = 300)]
    pub epochs: u32,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// How much a weight's squared distance from its starting value (in
    /// centipawns) costs: keeps rarely seen features near the hand-made
    /// values they started from.
    #[arg(long, default_value_t = 1e-7)]
    pub l2: f64,
}

/// The positions as sparse feature rows with their results.
#[derive(Default)]
struct Set {
    starts: Vec<usize>,
    index: Vec<u16>,
    value: Vec<f32>,
    result: Vec<f32>,
}

impl Set {
    /// Adds `pos`'s features (as game `T` counts them) and its result.
    fn push<T: Tunable>(&mut self, pos: &T::Position, result: f32) {
        self.starts.push(self.index.len());
        T::visit(pos, &mut |i, v| {
            self.index.push(i as u16);
            self.value.push(v as f32);
        });
        self.result.push(result);
    }

    fn len(&self) -> usize {
        self.result.len()
    }

    fn row(&self, n: usize) -> (&[u16], &[f32]) {
        let end = self.starts.get(n + 1).copied().unwrap_or(self.index.len());
        let start = self.starts[n];
        (&self.index[start..end], &self.value[start..end])
    }

    fn eval(&self, n: usize, w: &[f64]) -> f64 {
        let (idx, val) = self.row(n);
        idx.iter()
            .zip(val)
            .map(|(&i, &v)| w[i as usize] * f64::from(v))
            .sum()
    }

    /// Mean squared error of the predictions under `w` and `k`.
    fn loss(&self, w: &[f64], k: f64) -> f64 {
        let total: f64 = (0..self.len())
            .map(|n| (f64::from(self.result[n]) - sigmoid(self.eval(n, w) / k)).powi(2))
            .sum();
        total / self.len().max(1) as f64
    }

    /// The loss's gradient for each weight.
    fn gradient(&self, w: &[f64], k: f64, grad: &mut [f64]) {
        grad.fill(0.0);
        for n in 0..self.len() {
            let p = sigmoid(self.eval(n, w) / k);
            let d = 2.0 * (p - f64::from(self.result[n])) * p * (1.0 - p) / k;
            let (idx, val) = self.row(n);
            for (&i, &v) in idx.iter().zip(val) {
                grad[i as usize] += d * f64::from(v);
            }
        }
        let n = self.len().max(1) as f64;
        grad.iter_mut().for_each(|g| *g /= n);
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Reads the data, fits, writes the weights to `options.out` or else
/// the game's [`Tunable::WEIGHTS_PATH`]; reports progress to `log`.
pub fn run<T: Tunable>(options: &Options, log: &dyn Fn(&str)) -> io::Result<()> {
    let (train, held) = read::<T>(&options.data, log)?;
    let fitted = descend(&train, &held, compiled::<T>(), options, log);
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| T::WEIGHTS_PATH.into());
    std::fs::write(out, source::<T>(&fitted))
}

/// The weights built in, in centipawns.
fn compiled<T: Tunable>() -> Vec<f64> {
    T::WEIGHTS
        .iter()
        .map(|&x| f64::from(x) / f64::from(T::SCALE))
        .collect()
}

/// Fits `K` to the `start` weights, then the weights by Adam; returns
/// the weights of the epoch that predicted `held` best.
fn descend(
    train: &Set,
    held: &Set,
    start: Vec<f64>,
    options: &Options,
    log: &dyn Fn(&str),
) -> Vec<f64> {
    let k = fit_k(train, &start);
    let mut best = (held.loss(&start, k), start.clone(), 0);
    log(&format!(
        "{} positions to fit, {} held out; K = {k:.1}; held-out loss {:.6}",
        train.len(),
        held.len(),
        best.0
    ));
    let mut w = start.clone();
    let mut adam = Adam::new(options.rate);
    let mut grad = vec![0.0; w.len()];
    for epoch in 1..=options.epochs {
        train.gradient(&w, k, &mut grad);
        for ((g, x), x0) in grad.iter_mut().zip(&w).zip(&start) {
            *g += 2.0 * options.l2 * (x - x0);
        }
        adam.step(&mut w, &grad);
        if epoch % 10 == 0 || epoch == options.epochs {
            let loss = held.loss(&w, k);
            log(&format!("epoch {epoch}: held-out loss {loss:.6}"));
            if loss < best.0 {
                best = (loss, w.clone(), epoch);
            }
        }
    }
    log(&format!(
        "kept epoch {}: held-out loss {:.6}",
        best.2, best.0
    ));
    best.1
}

/// Reads every `POSITION;RESULT` line. Every tenth block of
/// [`HELD_BLOCK`] lines is held out: whole stretches of games, since
/// neighbouring positions of one game predict each other.
fn read<T: Tunable>(paths: &[PathBuf], log: &dyn Fn(&str)) -> io::Result<(Set, Set)> {
    let (mut train, mut held) = (Set::default(), Set::default());
    let mut skipped = 0;
    for path in paths {
        let file = io::BufReader::new(std::fs::File::open(path)?);
        for line in file.lines() {
            let line = line?;
            let Some((pos, result)) = parse::<T>(&line) else {
                skipped += 1;
                continue;
            };
            let set = match (train.len() + held.len()) / HELD_BLOCK % 10 {
                0 => &mut held,
                _ => &mut train,
            };
            set.push::<T>(&pos, result);
        }
    }
    if skipped > 0 {
        log(&format!("{skipped} lines skipped (not POSITION;RESULT)"));
    }
    Ok((train, held))
}

fn parse<T: Tunable>(line: &str) -> Option<(T::Position, f32)> {
    let (text, result) = line.split_once(';')?;
    let result: f32 = result.trim().parse().ok()?;
    let pos = T::parse(text)?;
    (0.0..=1.0).contains(&result).then_some((pos, result))
}

/// The `K` that best fits the starting weights (a scan, then a finer one).
fn fit_k(set: &Set, w: &[f64]) -> f64 {
    let mut best = (f64::MAX, 100.0);
    let mut step = 64.0;
    let mut centre = 256.0;
    while step >= 1.0 {
        for i in -4..=4 {
            let k = centre + f64::from(i) * step;
            if k > 1.0 {
                let loss = set.loss(w, k);
                if loss < best.0 {
                    best = (loss, k);
                }
            }
        }
        centre = best.1;
        step /= 4.0;
    }
    best.1
}

/// Adam's moment estimates.
struct Adam {
    rate: f64,
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    fn new(rate: f64) -> Adam {
        Adam {
            rate,
            m: Vec::new(),
            v: Vec::new(),
            t: 0,
        }
    }

    fn step(&mut self, w: &mut [f64], grad: &[f64]) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        self.t += 1;
        self.m.resize(w.len(), 0.0);
        self.v.resize(w.len(), 0.0);
        let (c1, c2) = (1.0 - B1.powi(self.t), 1.0 - B2.powi(self.t));
        for i in 0..w.len() {
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * grad[i];
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * grad[i] * grad[i];
            let (m, v) = (self.m[i] / c1, self.v[i] / c2);
            w[i] -= self.rate * m / (v.sqrt() + 1e-12);
        }
    }
}

/// The Rust source of the weights module.
pub fn source<T: Tunable>(w: &[f64]) -> String {
    let mut text = format!(
        "//! The evaluation's weights, indexed as in [`super::features`], in\n\
         //! [`SCALE`]ths of a centipawn. Written by `banmen tune fit`\n\
         //! (docs/cpu.md); not edited by hand.\n\n\
         /// Weights are in this fraction of a centipawn.\n\
         pub const SCALE: i32 = {};\n\n\
         /// One weight per feature.\n",
        T::SCALE
    );
    text += &format!("pub static WEIGHTS: [i16; {}] = [\n", w.len());
    for chunk in w.chunks(10) {
        let row: Vec<String> = chunk
            .iter()
            .map(|x| {
                let scaled = (x * f64::from(T::SCALE)).round();
                format!("{}", scaled.clamp(-32767.0, 32767.0) as i16)
            })
            .collect();
        text += &format!("    {},\n", row.join(", "));
    }
    text + "];\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::shogi::features::HAND;
    use crate::cpu::shogi::tune::Shogi;

    fn options(epochs: u32) -> Options {
        Options {
            data: Vec::new(),
            out: None,
            game: TuneGame::Shogi,
            epochs,
            rate: 2.0,
            l2: 0.0,
        }
    }

    /// Positions where sente holds an extra pawn, all lost by sente: the
    /// fit must lower the first hand pawn's weight.
    #[test]
    fn the_fit_follows_the_results() {
        let mut set = Set::default();
        for line in [
            "lnsgkgsnl/1r5b1/ppppppp1p/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1;0",
            "lnsgkgsnl/1r5b1/pppppp1pp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w P 1;0",
            "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1;0",
        ] {
            let (pos, result) = parse::<Shogi>(line).unwrap();
            set.push::<Shogi>(&pos, result);
        }
        let start = compiled::<Shogi>();
        let k = fit_k(&set, &start);
        let fitted = descend(&set, &set, start.clone(), &options(50), &|_| {});
        assert!(
            fitted[HAND] < start[HAND] - 20.0,
            "{} -> {}",
            start[HAND],
            fitted[HAND]
        );
        assert!(set.loss(&fitted, k) < set.loss(&start, k));
    }

    #[test]
    fn bad_lines_are_refused() {
        assert!(
            parse::<Shogi>("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1;2")
                .is_none()
        );
        assert!(parse::<Shogi>("not a position;1").is_none());
        assert!(
            parse::<Shogi>("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
                .is_none()
        );
        assert!(
            parse::<Shogi>("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1;0.5")
                .is_some()
        );
    }

    /// The written source holds the weights it was given, rounded to
    /// [`SCALE`]ths of a centipawn.
    #[test]
    fn the_source_holds_the_weights() {
        let text = source::<Shogi>(&compiled::<Shogi>());
        let body = &text[text.find("= [").unwrap() + 3..text.find("];").unwrap()];
        let read: Vec<i16> = body
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(read, Shogi::WEIGHTS.to_vec());
    }
}
