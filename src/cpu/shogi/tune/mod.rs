//! Fitting the shogi evaluation's weights to game results ("Texel"
//! tuning, [`crate::cpu::tune`]): [`selfplay`] writes quiet positions of
//! the CPU's own games with their results, and the shared fit finds the
//! weights under which the evaluation best predicts them.

pub mod selfplay;

use super::{features, weights};
use crate::cpu::tune::Tunable;
use crate::rules::shogi::Position;

/// Two-player shogi's evaluation, positions as SFEN, results for sente.
pub struct Shogi;

impl Tunable for Shogi {
    type Position = Position;
    const WEIGHTS: &'static [i16] = &weights::WEIGHTS;
    const SCALE: i32 = weights::SCALE;
    const WEIGHTS_PATH: &'static str = "src/cpu/shogi/weights.rs";

    fn visit(pos: &Position, visit: &mut dyn FnMut(usize, i32)) {
        features::visit(pos, visit);
    }

    fn parse(text: &str) -> Option<Position> {
        Position::from_sfen(text).ok()
    }
}
