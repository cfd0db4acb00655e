//! Ratings: a leaderboard per game type (←→ change it) and players'
//! profiles: their ratings, and their recent rated games with the command
//! that exports each (docs/rules.md §4; only keyed players in ranked rooms are
//! rated).

use super::Theme;
use super::app::Action;
use super::input::Hint;
use super::input::{Dir, Event, Hit, Hits, Key};
use super::text::{fit, pad, put, row, width};
use crate::hall::ranked::Profile;
use crate::hall::view::ServerAddress;
use crate::hall::{Hall, Identity};
use crate::i18n::Arg;
use crate::ratings::Category;
use crate::{msg, tr};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Players a leaderboard lists.
const LISTED: usize = 50;

/// The ratings screen's state.
#[derive(Clone, Debug, Default)]
pub struct RatingsScreen {
    /// Index into [`Category::ALL`].
    category: usize,
    /// The selected row of the leaderboard.
    selected: usize,
    /// Whose profile is open (identity id and name), if one is.
    profile: Option<(String, String)>,
    /// Who looks (an identity id): a private room's game ids are shown
    /// only to its players.
    viewer: String,
}

impl RatingsScreen {
    /// The screen on the leaderboard of `category`, as `viewer` (an
    /// identity id) sees it.
    pub fn new(category: Category, viewer: &str) -> RatingsScreen {
        RatingsScreen {
            viewer: viewer.to_string(),
            category: Category::ALL
                .iter()
                .position(|c| *c == category)
                .unwrap_or(0),
            ..RatingsScreen::default()
        }
    }

    fn category(&self) -> Category {
        Category::ALL[self.category % Category::ALL.len()]
    }

    /// The key hints (also buttons).
    pub fn hints(&self) -> Vec<Hint> {
        if self.profile.is_some() {
            return vec![("Esc", msg!("hint-leaderboard"), Key::Esc)];
        }
        vec![
            ("←→", msg!("hint-game"), Key::Right),
            ("Enter", msg!("hint-profile"), Key::Enter),
            ("m", msg!("hint-mine"), Key::Char('m')),
            ("Esc", msg!("hint-lobby"), Key::Esc),
        ]
    }

    /// What a key does here.
    pub fn update(&mut self, event: &Event, hall: &Hall, me: &Identity) -> Action {
        let key = match event {
            Event::Key(key) | Event::Hit(Hit::Button(key)) => *key,
            // A click selects a row; a second click opens the profile.
            Event::Hit(Hit::Row(i)) if *i != self.selected => {
                self.selected = *i;
                return Action::None;
            }
            Event::Hit(Hit::Row(_)) => Key::Enter,
            _ => return Action::None,
        };
        if self.profile.is_some() {
            if matches!(key, Key::Esc | Key::Char('q') | Key::Backspace) {
                self.profile = None;
            }
            return Action::None;
        }
        let n = Category::ALL.len();
        let board = hall.leaderboard(self.category(), LISTED);
        match (key, key.dir()) {
            (_, Some(Dir::Left)) | (Key::BackTab, _) => {
                (self.category, self.selected) = ((self.category + n - 1) % n, 0)
            }
            (_, Some(Dir::Right)) | (Key::Tab, _) => {
                (self.category, self.selected) = ((self.category + 1) % n, 0)
            }
            (_, Some(Dir::Up)) => self.selected = self.selected.saturating_sub(1),
            (_, Some(Dir::Down)) => {
                self.selected = (self.selected + 1).min(board.len().saturating_sub(1))
            }
            (Key::Enter, _) => match board.get(self.selected) {
                Some(s) => self.profile = Some((s.id.clone(), s.name.clone())),
                None => return Action::Notice(msg!("notice-nobody-rated")),
            },
            (Key::Char('m'), _) => self.profile = Some((me.id.clone(), me.name.clone())),
            (Key::Esc | Key::Char('q'), _) => return Action::Back,
            _ => {}
        }
        Action::None
    }

    /// The leaderboard, or the open profile.
    pub fn render(
        &self,
        buf: &mut Buffer,
        area: Rect,
        hall: &Hall,
        address: &ServerAddress,
        theme: Theme,
        hits: &mut Hits,
    ) {
        match &self.profile {
            Some((id, name)) => {
                let shown = hall.profile(id, name, &self.viewer);
                profile(buf, area, &shown, address, theme)
            }
            None => self.leaderboard(buf, area, hall, theme, hits),
        }
    }

    fn leaderboard(
        &self,
        buf: &mut Buffer,
        area: Rect,
        hall: &Hall,
        theme: Theme,
        hits: &mut Hits,
    ) {
        let category = self.category();
        let title = tr!(theme, "ratings-title", category = category.title_msg());
        put(buf, area, area.x + 1, area.y, &title, theme.title());
        let header = board_line(
            "#",
            &tr!(theme, "ratings-player"),
            &tr!(theme, "ratings-rating"),
            &tr!(theme, "ratings-games"),
        );
        put(buf, area, area.x + 1, area.y + 2, &header, theme.dim());
        let board = hall.leaderboard(category, LISTED);
        if board.is_empty() {
            let text = tr!(theme, "ratings-nobody");
            put(buf, area, area.x + 1, area.y + 3, &text, theme.dim());
        }
        let rows = usize::from(area.height.saturating_sub(3));
        let first = self.selected.saturating_sub(rows.saturating_sub(1));
        for (i, s) in board.iter().enumerate().skip(first).take(rows) {
            let r = row(area, 3 + (i - first) as u16);
            let style = if i == self.selected {
                theme.cursor()
            } else {
                Style::new()
            };
            let line = board_line(
                &(i + 1).to_string(),
                &s.name,
                &s.rating.text(),
                &s.rating.games.to_string(),
            );
            put(buf, r, r.x + 1, r.y, &line, style);
            hits.add(r, Hit::Row(i));
        }
    }
}

/// One line of a leaderboard: the place right-aligned in four cells, the
/// name (cut to fit) and the rating in columns by display width.
fn board_line(place: &str, name: &str, rating: &str, games: &str) -> String {
    let place = format!(
        "{}{place}",
        " ".repeat(usize::from(4u16.saturating_sub(width(place))))
    );
    format!(
        "{place}  {}{}{games}",
        pad(&fit(name, 17), 18),
        pad(rating, 16)
    )
}

/// A player's ratings and recent rated games.
fn profile(buf: &mut Buffer, area: Rect, p: &Profile, address: &ServerAddress, theme: Theme) {
    let title = tr!(theme, "profile-title", name = &p.name);
    put(buf, area, area.x + 1, area.y, &title, theme.title());
    let names: Vec<String> = p
        .ratings
        .iter()
        .map(|(c, _)| theme.text(&c.title_msg()))
        .collect();
    let name_w = names.iter().map(|n| width(n)).max().unwrap_or(0) + 2;
    let mut y = area.y + 2;
    for ((_, rating), name) in p.ratings.iter().zip(&names) {
        let text = match rating {
            Some(r) => {
                let games = tr!(theme, "profile-games", count = r.games);
                format!("{}{}{games}", pad(name, name_w.max(34)), pad(&r.text(), 16))
            }
            None => format!(
                "{}{}",
                pad(name, name_w.max(34)),
                tr!(theme, "profile-unrated")
            ),
        };
        put(buf, area, area.x + 1, y, &text, Style::new());
        y += 1;
    }
    y += 1;
    let recent = tr!(theme, "profile-recent");
    put(buf, area, area.x + 1, y, &recent, theme.title());
    y += 1;
    if p.recent.is_empty() {
        let none = tr!(theme, "profile-none");
        put(buf, area, area.x + 1, y, &none, theme.dim());
    }
    let shorts: Vec<String> = Category::ALL
        .iter()
        .map(|c| theme.text(&c.short_msg()))
        .collect();
    let short_w = shorts.iter().map(|n| width(n)).max().unwrap_or(0) + 1;
    // What fits on a line; a game's id, or the export command, that
    // does not goes on a line of its own.
    let room = area.width.saturating_sub(2);
    for r in &p.recent {
        let date = crate::hall::journal::rfc3339(r.at);
        let game = match r.game_id.as_deref() {
            Some(id) => Arg::from(id),
            None => Arg::from(msg!("profile-private")),
        };
        let result = tr!(
            theme,
            "profile-result",
            place = r.place,
            before = r.before.value_text(),
            after = r.after.value_text(),
            change = r.after.change_from(&r.before)
        );
        let game = tr!(theme, "profile-game", game = game);
        let category = theme.text(&r.category.short_msg());
        let date = date.get(..10).unwrap_or(&date);
        let line = format!("{date}  {}{result}", pad(&category, short_w));
        let whole = format!("{line}  {game}");
        if width(&whole) <= room {
            put(buf, area, area.x + 1, y, &whole, Style::new());
        } else {
            put(buf, area, area.x + 1, y, &line, Style::new());
            y += 1;
            put(buf, area, area.x + 13, y, &game, Style::new());
        }
        y += 1;
    }
    if let Some(id) = p.recent.iter().find_map(|r| r.game_id.as_deref()) {
        let command = address.command(false, &format!("export {id}"));
        let label = tr!(theme, "profile-export");
        let whole = format!("{label} {command}");
        if width(&whole) <= room {
            put(buf, area, area.x + 1, y + 1, &whole, theme.dim());
        } else {
            put(buf, area, area.x + 1, y + 1, &label, theme.dim());
            put(buf, area, area.x + 3, y + 2, &command, theme.dim());
        }
    }
}
