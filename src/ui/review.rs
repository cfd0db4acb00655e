//! The review screen: a finished game replayed move by move beside the
//! CPU's review of it ([`crate::cpu::review`]). The board shows the game
//! after the chosen move (the move played marked as the last move, the
//! CPU's better move as the cursor on its square and its destination);
//! beside it the evaluation graph (one line for shogi, from sente's view;
//! one per seat, its material, for the four-player games) with the chosen
//! move marked, the move and its mark, the better move and the CPU's line,
//! the moves around it, and each player's summary. While the CPU works a
//! progress bar shows how far it got, and the moves fill in as they are
//! reviewed. ←→ step, Home/End-like `[` `]` jump, Esc goes back.

use super::Theme;
use super::app::Action;
use super::boards::{self, Marks};
use super::game_view::seat_name;
use super::input::{Event, Key};
use super::text::put;
use crate::cpu::review::{Mark, PlyReview, Review, positions};
use crate::hall::review::Reviewing;
use crate::i18n::Msg;
use crate::msg;
use crate::rules::AnyGame;
use crate::rules::shogi::notation::Notation;
use crate::rules::vocab::{Move, Seat, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::widgets::{Axis, Chart, Dataset, Gauge, GraphType, Widget};

/// The review screen's state.
pub struct ReviewScreen {
    /// The game's id.
    pub game_id: String,
    reviewing: Reviewing,
    /// The game after each move (0: the start).
    positions: Vec<AnyGame>,
    /// The move chosen (1-based: 0 is the start).
    ply: usize,
    /// The reviewed moves as last written, and in which notation (a long
    /// game is not written again at every frame).
    written: std::cell::RefCell<(Notation, Vec<String>)>,
}

/// The narrowest panel beside the board.
const SIDE_MIN: u16 = 28;

/// The colours of the graph's lines, seat by seat.
const LINE_COLORS: [Color; 4] = [Color::Red, Color::Blue, Color::Yellow, Color::Green];

/// A mark's name.
pub fn mark_msg(mark: Mark) -> Msg {
    match mark {
        Mark::Good => msg!("review-mark-good"),
        Mark::Inaccuracy => msg!("review-mark-inaccuracy"),
        Mark::Mistake => msg!("review-mark-mistake"),
        Mark::Blunder => msg!("review-mark-blunder"),
    }
}

/// The squares a move in the vocabulary touches.
fn squares(mv: Option<Move>) -> [Option<Square>; 2] {
    match mv {
        Some(Move::Step { from, to, .. }) => [Some(from), Some(to)],
        Some(Move::Drop { to, .. }) => [None, Some(to)],
        None => [None, None],
    }
}

impl ReviewScreen {
    /// The screen for a game being reviewed, at its first move.
    pub fn new(game_id: &str, reviewing: Reviewing) -> ReviewScreen {
        let positions = positions(&reviewing.game);
        ReviewScreen {
            game_id: game_id.to_string(),
            reviewing,
            positions,
            ply: 1,
            written: std::cell::RefCell::new((Notation::Usi, Vec::new())),
        }
    }

    /// The review so far.
    pub fn review(&self) -> Review {
        self.reviewing
            .review
            .lock()
            .map(|r| r.clone())
            .unwrap_or_else(|e| e.into_inner().clone())
    }

    /// The moves in the game.
    fn total(&self) -> usize {
        self.positions.len().saturating_sub(1)
    }

    /// ←→ step through the game, `[` `]` to its start and end, Esc back.
    pub fn update(&mut self, event: &Event) -> Action {
        match event {
            Event::Key(Key::Left) | Event::Key(Key::Up) => self.ply = self.ply.saturating_sub(1),
            Event::Key(Key::Right) | Event::Key(Key::Down) => {
                self.ply = (self.ply + 1).min(self.total());
            }
            Event::Key(Key::Char('[')) => self.ply = 0,
            Event::Key(Key::Char(']')) => self.ply = self.total(),
            Event::Key(Key::Esc) | Event::Key(Key::Char('q')) => return Action::CloseReview,
            Event::Hit(super::input::Hit::Button(Key::Esc)) => return Action::CloseReview,
            Event::Hit(super::input::Hit::Button(key)) => {
                return self.update(&Event::Key(*key));
            }
            _ => {}
        }
        Action::None
    }

    /// The reviewed moves in the player's notation, written again only when
    /// the notation or the number of moves reviewed changed.
    fn reviewed_moves(&self, plies: &[PlyReview], theme: Theme) -> Vec<String> {
        let mut cache = self.written.borrow_mut();
        if cache.0 != theme.notation || cache.1.len() != plies.len() {
            let played = plies.iter().map(|p| p.played.as_str());
            *cache = (theme.notation, self.written(0, played, theme));
        }
        cache.1.clone()
    }

    /// `moves` (as the review keeps them) played from the position after
    /// `ply` moves, written in the player's notation: two-player shogi's
    /// USI, Japanese or Western; the other games keep their own.
    fn written<'a>(
        &self,
        ply: usize,
        moves: impl IntoIterator<Item = &'a str>,
        theme: Theme,
    ) -> Vec<String> {
        let moves: Vec<&str> = moves.into_iter().collect();
        match self.positions.get(ply) {
            Some(from) => from.write_moves(&moves, theme.notation),
            None => moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    /// The hints line.
    pub fn hints(&self) -> Vec<(&'static str, Msg, Key)> {
        vec![
            ("←→", msg!("hint-review-step"), Key::Right),
            ("[ ]", msg!("hint-review-ends"), Key::Char(']')),
            ("Esc", msg!("hint-back"), Key::Esc),
        ]
    }

    /// Draws the screen into `area`.
    pub fn render(&self, buf: &mut Buffer, area: Rect, theme: Theme) {
        let review = self.review();
        let Some(game) = self.positions.get(self.ply).or(self.positions.last()) else {
            return;
        };
        let chosen = self.ply.checked_sub(1).and_then(|i| review.plies.get(i));
        // The move played, as the last move; the better move, as the
        // cursor on its square and its destination.
        let played = self.ply.checked_sub(1).and_then(|i| {
            let before = self.positions.get(i)?;
            let text = &chosen?.played;
            before.parse_text(text).ok()
        });
        let better = chosen.filter(|p| p.mark != Mark::Good).and_then(|p| {
            let before = self.positions.get(self.ply - 1)?;
            before.parse_text(p.best.as_deref()?).ok()
        });
        let [from, to] = squares(better);
        let targets: Vec<Square> = to.into_iter().collect();
        let marks = Marks {
            cursor: from.or(to),
            picked: None,
            targets: &targets,
            last: squares(played),
        };
        // The board on the left when it leaves the panel room enough;
        // else (four-player boards in a narrow terminal) the panel alone.
        let min_board = boards::min_width(game);
        let (bw, _) = if area.width >= min_board + 1 + SIDE_MIN {
            let board_w = (area.width / 2)
                .max(min_board)
                .min(area.width - SIDE_MIN - 1);
            let board_area = Rect::new(area.x, area.y, board_w, area.height);
            let (bw, bh) = boards::size(game, board_area);
            boards::render(
                buf,
                Rect::new(area.x, area.y, bw, bh),
                game,
                0,
                &marks,
                theme,
            );
            (bw + 1, bh)
        } else {
            (0, 0)
        };
        let x = area.x + bw;
        let side = Rect::new(x, area.y, area.right().saturating_sub(x), area.height);
        if side.width < 10 {
            return;
        }
        let mut y = side.y;
        let line = |buf: &mut Buffer, y: &mut u16, text: &str, style: Style| {
            if *y < side.bottom() {
                put(buf, side, side.x, *y, text, style);
                *y += 1;
            }
        };
        let total = self.total();
        if review.plies.len() < total {
            let done = review.plies.len();
            let label = theme.text(&msg!(
                "review-analysing",
                done = done.to_string(),
                total = total.to_string()
            ));
            line(buf, &mut y, &label, theme.title());
            let ratio = if total == 0 {
                1.0
            } else {
                done as f64 / total as f64
            };
            Gauge::default()
                .ratio(ratio.clamp(0.0, 1.0))
                .label("")
                .gauge_style(theme.title())
                .render(Rect::new(side.x, y, side.width, 1), buf);
            y += 1;
        } else {
            line(
                buf,
                &mut y,
                &theme.text(&msg!("review-complete")),
                theme.dim(),
            );
        }

        // The graph.
        let graph_h = if side.height >= 18 { 7 } else { 5 };
        let graph = Rect::new(
            side.x,
            y,
            side.width,
            graph_h.min(side.bottom().saturating_sub(y)),
        );
        self.graph(buf, graph, &review, theme);
        y += graph.height;

        // The move chosen, its mark, the better move and the line.
        let seat_of = |seat: u8| seat_name(game, Seat(seat), theme);
        let written = self.reviewed_moves(&review.plies, theme);
        match chosen {
            Some(p) => {
                let head = theme.text(&msg!(
                    "review-move",
                    ply = self.ply.to_string(),
                    total = total.to_string(),
                    seat = seat_of(p.mover),
                    played = written[self.ply - 1].as_str()
                ));
                line(buf, &mut y, &head, theme.title());
                let mark = theme.text(&mark_msg(p.mark));
                let style = if p.mark == Mark::Good {
                    Style::new()
                } else {
                    theme.alert()
                };
                let loss = theme.text(&msg!("review-loss", mark = mark, loss = p.loss.to_string()));
                line(buf, &mut y, &loss, style);
                if let Some(best) = p.best.as_deref().filter(|b| *b != p.played) {
                    let best = self.written(self.ply - 1, [best], theme).join("");
                    line(
                        buf,
                        &mut y,
                        &theme.text(&msg!("review-better", best = best)),
                        Style::new(),
                    );
                    let pv = self.written(self.ply - 1, p.pv.iter().map(String::as_str), theme);
                    let pv = pv.join(" ");
                    line(
                        buf,
                        &mut y,
                        &theme.text(&msg!("review-line", pv = pv)),
                        theme.dim(),
                    );
                }
            }
            None if self.ply == 0 => {
                line(buf, &mut y, &theme.text(&msg!("review-start")), theme.dim());
            }
            None => line(
                buf,
                &mut y,
                &theme.text(&msg!("review-waiting")),
                theme.dim(),
            ),
        }
        line(
            buf,
            &mut y,
            &moves_strip(&review.plies, &written, self.ply, side.width),
            Style::new(),
        );

        // Each player's summary.
        if y < side.bottom() {
            line(
                buf,
                &mut y,
                &theme.text(&msg!("review-summary")),
                theme.title(),
            );
        }
        for s in review.summary() {
            let text = theme.text(&msg!(
                "review-summary-line",
                seat = seat_of(s.seat),
                good = s.counts[0].to_string(),
                inaccuracy = s.counts[1].to_string(),
                mistake = s.counts[2].to_string(),
                blunder = s.counts[3].to_string(),
                loss = s.average_loss.to_string()
            ));
            line(buf, &mut y, &text, theme.seat(Seat(s.seat)));
        }
    }

    /// The evaluation graph with the chosen move marked.
    fn graph(&self, buf: &mut Buffer, area: Rect, review: &Review, theme: Theme) {
        if area.height < 3 {
            return;
        }
        let lines = review.lines.max(1);
        let series: Vec<Vec<(f64, f64)>> = (0..lines)
            .map(|l| {
                review
                    .plies
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        (
                            (i + 1) as f64,
                            f64::from(p.graph.get(l).copied().unwrap_or(0)),
                        )
                    })
                    .collect()
            })
            .collect();
        // Two-player: around 0 (even); four-player: the seats' range.
        let values = series.iter().flatten().map(|(_, v)| *v);
        let first = if lines == 1 {
            0.0
        } else {
            values.clone().next().unwrap_or(0.0)
        };
        let lo = values.clone().fold(first, f64::min);
        let hi = values.fold(first, f64::max);
        let pad = ((hi - lo) / 10.0).max(1.0);
        let (lo, hi) = (lo - pad, hi + pad);
        let x_hi = self.total().max(1) as f64;
        let cursor = vec![(self.ply as f64, lo), (self.ply as f64, hi)];
        let mut sets: Vec<Dataset> = series
            .iter()
            .enumerate()
            .map(|(l, data)| {
                let color = if lines == 1 {
                    Color::Reset
                } else {
                    LINE_COLORS[l % 4]
                };
                let style = if theme.color {
                    Style::new().fg(color)
                } else {
                    Style::new()
                };
                Dataset::default()
                    .marker(Marker::Braille)
                    .graph_type(GraphType::Line)
                    .style(style)
                    .data(data)
            })
            .collect();
        sets.push(
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Line)
                .style(theme.alert())
                .data(&cursor),
        );
        let title = theme.text(&if lines == 1 {
            msg!("review-graph-sente")
        } else {
            msg!("review-graph-material")
        });
        Chart::new(sets)
            .x_axis(Axis::default().bounds([0.0, x_hi]))
            .y_axis(Axis::default().bounds([lo, hi]))
            .render(
                Rect::new(area.x, area.y + 1, area.width, area.height - 1),
                buf,
            );
        let mut x = put(buf, area, area.x, area.y, &title, theme.dim());
        // The legend: each seat's mark in its line's colour.
        if lines > 1 {
            for (l, color) in LINE_COLORS.iter().enumerate().take(lines) {
                let name = self
                    .positions
                    .first()
                    .map(|g| seat_name(g, Seat(l as u8), theme))
                    .unwrap_or_default();
                let mark = name.split_whitespace().next().unwrap_or("").to_string();
                let style = if theme.color {
                    Style::new().fg(*color)
                } else {
                    Style::new()
                };
                x = put(buf, area, x + 1, area.y, &mark, style);
            }
        }
    }
}

/// The moves around the chosen one (`ply`, 1-based), each with its mark's
/// sign, the chosen one in brackets, fitting `width` columns; `written`
/// are the moves in the player's notation.
fn moves_strip(plies: &[PlyReview], written: &[String], ply: usize, width: u16) -> String {
    let item = |i: usize, p: &PlyReview| {
        let played = written.get(i).unwrap_or(&p.played);
        let text = format!("{}.{played}{}", i + 1, p.mark.sign());
        if i + 1 == ply {
            format!("[{text}]")
        } else {
            text
        }
    };
    let at = ply.saturating_sub(1).min(plies.len());
    let (mut lo, mut hi) = (at, at);
    let mut out = plies.get(at).map(|p| item(at, p)).unwrap_or_default();
    loop {
        let mut grew = false;
        if hi + 1 < plies.len() {
            let next = format!("{out} {}", item(hi + 1, &plies[hi + 1]));
            if super::text::width(&next) <= width {
                out = next;
                hi += 1;
                grew = true;
            }
        }
        if lo > 0 {
            let next = format!("{} {out}", item(lo - 1, &plies[lo - 1]));
            if super::text::width(&next) <= width {
                out = next;
                lo -= 1;
                grew = true;
            }
        }
        if !grew {
            return out;
        }
    }
}
