//! The room-setup form a host fills in: the game, each of its room rules
//! (from the game's `rule_specs()`, so a new rule appears here by itself),
//! privacy, ranked or casual, the turn time limit, what happens while a
//! player is away, the mode and the CPU level.

use super::Theme;
use super::app::Action;
use super::input::Hint;
use super::input::{Dir, Event, Hit, Hits, Key};
use super::text::{put, row, width};
use crate::hall::{AwayPolicy, Mode, Privacy, RoomSettings, TimeLimit};
use crate::msg;
use crate::rules::GameKind;
use crate::rules::room_rules::{Choices, RuleSpec};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// The values a none-or-count rule cycles through (move limits).
const COUNTS: [&str; 6] = ["none", "100", "150", "200", "256", "300"];
const TIMES: [TimeLimit; 3] = [TimeLimit::None, TimeLimit::Seconds30, TimeLimit::Seconds60];
const MODES: [Mode; 3] = [Mode::Online, Mode::VsComputer, Mode::SameDevice];
/// CPU levels, weakest first.
const CPU_LEVELS: [u8; crate::cpu::MAX_LEVEL as usize] = [1, 2, 3, 4, 5];
/// `None` is the room's default (see `RoomSettings::away_policy`).
const AWAY: [Option<AwayPolicy>; 3] = [None, Some(AwayPolicy::Cpu), Some(AwayPolicy::Wait)];

/// One line of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Game,
    Rule(usize),
    Privacy,
    Ranked,
    Time,
    Away,
    Mode,
    Cpu,
    Create,
}

/// The form's state: the settings being edited and the selected line.
#[derive(Clone, Debug)]
pub struct SetupScreen {
    /// The settings so far.
    pub settings: RoomSettings,
    /// The selected line.
    pub row: usize,
}

fn mode_word(mode: Mode) -> &'static str {
    match mode {
        Mode::Online => "online (others join)",
        Mode::VsComputer => "vs computer",
        Mode::SameDevice => "same device",
    }
}

/// The next (`step` = 1) or previous (`step` = -1) item after `current`.
fn cycle<T: PartialEq + Copy>(items: &[T], current: T, step: isize) -> T {
    let n = items.len() as isize;
    let i = items.iter().position(|x| *x == current).unwrap_or(0) as isize;
    items[((i + step).rem_euclid(n.max(1))) as usize]
}

impl SetupScreen {
    /// A form for `mode` with the defaults of the first game.
    pub fn new(mode: Mode) -> SetupScreen {
        let kind = GameKind::HALL[0];
        let mut settings = RoomSettings::new(kind);
        settings.mode = mode;
        SetupScreen { settings, row: 0 }
    }

    fn specs(&self) -> &'static [RuleSpec] {
        self.settings.kind.rule_specs()
    }

    fn fields(&self) -> Vec<Field> {
        let mut fields = vec![Field::Game];
        fields.extend((0..self.specs().len()).map(Field::Rule));
        fields.extend([
            Field::Privacy,
            Field::Ranked,
            Field::Time,
            Field::Away,
            Field::Mode,
            Field::Cpu,
            Field::Create,
        ]);
        fields
    }

    /// The key hints (also buttons).
    pub fn hints(&self) -> Vec<Hint> {
        vec![
            ("←→/Space", msg!("hint-change"), Key::Char(' ')),
            ("c", msg!("hint-create"), Key::Char('c')),
            ("?", msg!("hint-help"), Key::Char('?')),
            ("Esc", msg!("hint-back"), Key::Esc),
        ]
    }

    /// Updates the form for one event.
    pub fn update(&mut self, event: &Event) -> Action {
        let count = self.fields().len();
        let key = match event {
            Event::Key(k) | Event::Hit(Hit::Button(k)) => *k,
            Event::Hit(Hit::Row(i)) => {
                if *i == self.row {
                    return self.change(1);
                }
                self.row = (*i).min(count - 1);
                return Action::None;
            }
            _ => return Action::None,
        };
        match key.dir() {
            Some(Dir::Up) => self.row = (self.row + count - 1) % count,
            Some(Dir::Down) => self.row = (self.row + 1) % count,
            Some(Dir::Left) => return self.change(-1),
            Some(Dir::Right) => return self.change(1),
            None => {}
        }
        match key {
            Key::Tab => self.row = (self.row + 1) % count,
            Key::BackTab => self.row = (self.row + count - 1) % count,
            Key::Enter | Key::Char(' ') => return self.change(1),
            Key::Char('c') => return Action::Create(self.settings.clone()),
            Key::Char('?') => return Action::Help,
            Key::Esc => return Action::Back,
            Key::Interrupt => return Action::Quit,
            _ => {}
        }
        Action::None
    }

    /// Changes the selected line's value (or creates, on the last line).
    fn change(&mut self, step: isize) -> Action {
        let fields = self.fields();
        let Some(field) = fields.get(self.row).copied() else {
            return Action::None;
        };
        let s = &mut self.settings;
        match field {
            Field::Game => {
                let kind = cycle(&GameKind::HALL, s.kind, step);
                if kind != s.kind {
                    let mode = s.mode;
                    *s = RoomSettings::new(kind);
                    s.mode = mode;
                }
            }
            Field::Rule(i) => {
                if let Some(spec) = self.specs().get(i) {
                    let next = next_value(spec, self.settings.rules.get(spec.name), step);
                    // Values come from the spec itself, so this cannot fail;
                    // a refusal would just leave the old value.
                    let _ = self.settings.rules.set(spec.name, &next);
                }
            }
            Field::Privacy => {
                s.privacy = cycle(&[Privacy::Public, Privacy::Private], s.privacy, step)
            }
            Field::Ranked => s.ranked = !s.ranked,
            Field::Time => s.time_limit = cycle(&TIMES, s.time_limit, step),
            Field::Away => s.away = cycle(&AWAY, s.away, step),
            Field::Mode => s.mode = cycle(&MODES, s.mode, step),
            Field::Cpu => s.cpu_level = cycle(&CPU_LEVELS, s.cpu_level, step),
            Field::Create => return Action::Create(self.settings.clone()),
        }
        Action::None
    }

    fn field_text(&self, field: Field) -> (String, String, String) {
        let s = &self.settings;
        let (label, value, about) = match field {
            Field::Game => (
                "game".into(),
                s.kind.title().into(),
                "the game this room plays".into(),
            ),
            Field::Rule(i) => match self.specs().get(i) {
                Some(spec) => (
                    spec.name.to_string(),
                    s.rules.get(spec.name).to_string(),
                    format!("{} (default {})", spec.about, spec.default),
                ),
                None => Default::default(),
            },
            Field::Privacy => {
                let v = match s.privacy {
                    Privacy::Public => "public (listed in the lobby)",
                    Privacy::Private => "private (invite code only)",
                };
                ("room".into(), v.into(), String::new())
            }
            Field::Ranked => {
                let v = if s.ranked { "ranked" } else { "casual" };
                ("rating".into(), v.into(), String::new())
            }
            Field::Time => (
                "time/turn".into(),
                s.time_limit.label().into(),
                "when it runs out the CPU moves".into(),
            ),
            Field::Away => {
                let policy = s.away_policy().label();
                let value = match s.away {
                    None => format!("default ({policy})"),
                    Some(_) => policy.to_string(),
                };
                let about = "while a player is away: after a grace period the CPU plays for \
                             them, or the game waits (default: wait in private shogi rooms)";
                ("when away".into(), value, about.into())
            }
            Field::Mode => (
                "mode".into(),
                mode_word(s.mode).into(),
                "who plays the other seats".into(),
            ),
            Field::Cpu => (
                "CPU level".into(),
                s.cpu_level.to_string(),
                "strength of CPU players, 1 (beginner) to 5 (strongest)".into(),
            ),
            Field::Create => (String::new(), "[ Create room ]".into(), String::new()),
        };
        (label, value, about)
    }

    /// Draws the form into `area`.
    pub fn render(&self, buf: &mut Buffer, area: Rect, theme: Theme, hits: &mut Hits) {
        put(
            buf,
            area,
            area.x + 2,
            area.y,
            "Create a room",
            theme.title(),
        );
        let fields = self.fields();
        let texts: Vec<_> = fields.iter().map(|f| self.field_text(*f)).collect();
        let label_w = texts.iter().map(|t| width(&t.0)).max().unwrap_or(0);
        // Two lines at the bottom describe the selected line.
        let visible = area.height.saturating_sub(5).max(1) as usize;
        let first = self.row.saturating_sub(visible - 1);
        for (i, (label, value, _)) in texts.iter().enumerate().skip(first).take(visible) {
            let r = row(area, 2 + (i - first) as u16);
            let selected = i == self.row;
            let style = if selected {
                theme.cursor()
            } else {
                Style::new()
            };
            let marker = if selected { ">" } else { " " };
            let pad = " ".repeat(usize::from(label_w.saturating_sub(width(label))));
            let x = put(
                buf,
                area,
                r.x,
                r.y,
                &format!("{marker} {label}{pad}  "),
                style,
            );
            put(buf, area, x, r.y, value, style);
            hits.add(r, Hit::Row(i));
        }
        if let Some((_, _, about)) = texts.get(self.row) {
            let y = area.y + 3 + visible.min(texts.len()) as u16;
            let about_area = Rect::new(area.x + 2, y, area.width.saturating_sub(4), 2);
            let text = Paragraph::new(about.as_str())
                .style(theme.dim())
                .wrap(Wrap { trim: true });
            text.render(about_area.intersection(area), buf);
        }
    }
}

/// The value after `current` for a rule.
fn next_value(spec: &RuleSpec, current: &str, step: isize) -> String {
    match spec.choices {
        Choices::OnOff => if current == "on" { "off" } else { "on" }.to_string(),
        Choices::OneOf(words) => cycle(words, current, step).to_string(),
        Choices::NoneOrCount => cycle(&COUNTS, current, step).to_string(),
    }
}
