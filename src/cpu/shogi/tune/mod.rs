//! Fitting the shogi evaluation's weights to game results ("Texel"
//! tuning): [`selfplay`] writes quiet positions of the CPU's own games
//! with their results, and [`fit`] finds the weights under which the
//! evaluation, through a logistic curve, best predicts those results.

pub mod fit;
pub mod selfplay;
