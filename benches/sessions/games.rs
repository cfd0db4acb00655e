//! Games the load benchmarks type: legal moves that do not end the game.

use banmen::rules::{AnyGame, GameKind, RuleValues};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A legal two-player shogi game of `plies` moves that does not end, as
/// typed texts (drawn from `seed`).
pub fn legal_game(seed: u64, plies: usize) -> Vec<String> {
    let kind = GameKind::Shogi;
    let rules = RuleValues::defaults(kind.rule_specs());
    let mut rng = StdRng::seed_from_u64(seed);
    'again: loop {
        let mut game = AnyGame::new(kind, &rules, None).expect("a game");
        let mut moves = Vec::new();
        while moves.len() < plies {
            let texts = game.legal_move_texts();
            let text = texts[rng.random_range(0..texts.len())].clone();
            game.play_text(&text).expect("legal");
            if game.outcome().is_some() {
                continue 'again;
            }
            moves.push(text);
        }
        return moves;
    }
}
