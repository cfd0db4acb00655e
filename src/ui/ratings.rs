//! Ratings: a leaderboard per game type (←→ change it) and players'
//! profiles: their ratings, and their recent rated games with the command
//! that exports each (docs/rules.md §4; only keyed players in ranked rooms are
//! rated).

use super::Theme;
use super::app::Action;
use super::input::Hint;
use super::input::{Dir, Event, Hit, Hits, Key};
use super::text::{put, row};
use crate::hall::ranked::Profile;
use crate::hall::view::ServerAddress;
use crate::hall::{Hall, Identity};
use crate::msg;
use crate::ratings::Category;
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
        let title = format!("Leaderboard · {} (←→ other games)", category.title());
        put(buf, area, area.x + 1, area.y, &title, theme.title());
        let header = format!("{:>4}  {:<18}{:<16}{}", "#", "player", "rating", "games");
        put(buf, area, area.x + 1, area.y + 2, &header, theme.dim());
        let board = hall.leaderboard(category, LISTED);
        if board.is_empty() {
            let text = "Nobody is rated yet: ranked games between players with SSH keys count.";
            put(buf, area, area.x + 1, area.y + 3, text, theme.dim());
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
            let line = format!(
                "{:>4}  {:<18}{:<16}{}",
                i + 1,
                s.name,
                s.rating.text(),
                s.rating.games
            );
            put(buf, r, r.x + 1, r.y, &line, style);
            hits.add(r, Hit::Row(i));
        }
    }
}

/// A player's ratings and recent rated games.
fn profile(buf: &mut Buffer, area: Rect, p: &Profile, address: &ServerAddress, theme: Theme) {
    put(
        buf,
        area,
        area.x + 1,
        area.y,
        &format!("Profile · {}", p.name),
        theme.title(),
    );
    let mut y = area.y + 2;
    for (category, rating) in &p.ratings {
        let text = match rating {
            Some(r) => {
                let games = if r.games == 1 { "game" } else { "games" };
                format!(
                    "{:<34}{:<16}{} {games}",
                    category.title(),
                    r.text(),
                    r.games
                )
            }
            None => format!("{:<34}not rated yet", category.title()),
        };
        put(buf, area, area.x + 1, y, &text, Style::new());
        y += 1;
    }
    y += 1;
    put(
        buf,
        area,
        area.x + 1,
        y,
        "Recent rated games",
        theme.title(),
    );
    y += 1;
    if p.recent.is_empty() {
        put(buf, area, area.x + 1, y, "none yet", theme.dim());
    }
    for r in &p.recent {
        let date = crate::hall::journal::rfc3339(r.at);
        let line = format!(
            "{}  {:<12} place {}  {} → {} ({})  game {}",
            date.get(..10).unwrap_or(&date),
            category_short(r.category),
            r.place,
            r.before.value_text(),
            r.after.value_text(),
            r.after.change_from(&r.before),
            r.game_id.as_deref().unwrap_or("(private)")
        );
        put(buf, area, area.x + 1, y, &line, Style::new());
        y += 1;
    }
    if let Some(id) = p.recent.iter().find_map(|r| r.game_id.as_deref()) {
        let command = address.command(false, &format!("export {id}"));
        let export = format!("A game's record: {command}");
        put(buf, area, area.x + 1, y + 1, &export, theme.dim());
    }
}

fn category_short(c: Category) -> &'static str {
    match c {
        Category::Shogi => "shogi",
        Category::Shogi4 => "shogi4",
        Category::Shogi4Pairs => "shogi4 pairs",
        Category::Chess4Teams => "chess4 teams",
        Category::Chess4Ffa => "chess4 ffa",
    }
}
