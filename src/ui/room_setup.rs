//! The room-setup form a host fills in: the game, each of its room rules
//! (from the game's `rule_specs()`, so a new rule appears here by itself),
//! privacy, ranked or casual, the turn time limit, what happens while a
//! player is away, the mode and the CPU level.

use super::Theme;
use super::app::Action;
use super::input::Hint;
use super::input::{Dir, Event, Hit, Hits, Key};
use super::text::{pad, put, row, width, wrap};
use crate::hall::time_control::{PRESETS, TimeControl};
use crate::hall::{AwayPolicy, Mode, OnTime, Privacy, RoomSettings, TimeLimit};
use crate::rules::GameKind;
use crate::rules::room_rules::{Choices, RuleSpec};
use crate::{msg, tr};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The values a none-or-count rule cycles through (move limits).
const COUNTS: [&str; 6] = ["none", "100", "150", "200", "256", "300"];
const TIMES: [TimeLimit; 3] = [TimeLimit::None, TimeLimit::Seconds30, TimeLimit::Seconds60];
const MODES: [Mode; 3] = [Mode::Online, Mode::VsComputer, Mode::SameDevice];
/// CPU levels, weakest first.
const CPU_LEVELS: [u8; crate::cpu::MAX_LEVEL as usize] = [1, 2, 3, 4, 5];
/// Seconds before a bot is asked to fill an empty seat (`None`: never).
const BOT_AFTER: [Option<u32>; 4] = [None, Some(30), Some(60), Some(120)];
/// The clock's parts a host may set, one at a time.
const MAIN_MINUTES: [u64; 7] = [0, 1, 3, 5, 10, 15, 30];
const BYOYOMI_SECONDS: [u64; 5] = [0, 10, 20, 30, 60];
const PERIODS: [u8; 5] = [1, 2, 3, 4, 5];
const INCREMENT_SECONDS: [u64; 5] = [0, 2, 5, 10, 30];
const ON_TIME: [OnTime; 2] = [OnTime::Lose, OnTime::CpuMoves];

/// How a room times its turns: a per-turn limit or a game clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Timing {
    Turn(TimeLimit),
    Clock(TimeControl),
}

/// What the time row cycles through: the per-turn limits, then the clock
/// presets as players name them.
fn timings() -> Vec<Timing> {
    let turns = TIMES.iter().map(|t| Timing::Turn(*t));
    let clocks = PRESETS
        .iter()
        .map(|(m, b, p, i)| Timing::Clock(TimeControl::preset(*m, *b, *p, *i)));
    turns.chain(clocks).collect()
}

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
    Main,
    Byoyomi,
    Periods,
    Increment,
    OnTime,
    Away,
    BotAfter,
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
        fields.extend([Field::Privacy, Field::Ranked, Field::Time]);
        if let Some(tc) = &self.settings.clock {
            fields.extend([Field::Main, Field::Byoyomi]);
            if tc.byoyomi_ms > 0 {
                fields.push(Field::Periods);
            }
            fields.extend([Field::Increment, Field::OnTime]);
        }
        fields.extend([
            Field::Away,
            Field::BotAfter,
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
            Field::Time => {
                let now = match s.clock {
                    Some(tc) => Timing::Clock(tc),
                    None => Timing::Turn(s.time_limit),
                };
                match cycle(&timings(), now, step) {
                    Timing::Turn(limit) => (s.time_limit, s.clock) = (limit, None),
                    Timing::Clock(tc) => (s.time_limit, s.clock) = (TimeLimit::None, Some(tc)),
                }
            }
            Field::Main | Field::Byoyomi | Field::Periods | Field::Increment => {
                if let Some(tc) = s.clock {
                    let next = next_clock(tc, field, step);
                    s.clock = Some(if next.is_valid() { next } else { tc });
                }
            }
            Field::OnTime => s.on_time = cycle(&ON_TIME, s.on_time, step),
            Field::Away => s.away = cycle(&AWAY, s.away, step),
            Field::BotAfter => s.bot_after = cycle(&BOT_AFTER, s.bot_after, step),
            Field::Mode => s.mode = cycle(&MODES, s.mode, step),
            Field::Cpu => s.cpu_level = cycle(&CPU_LEVELS, s.cpu_level, step),
            Field::Create => return Action::Create(self.settings.clone()),
        }
        Action::None
    }

    /// A line's label, value and explanation in the reader's language.
    fn field_text(&self, field: Field, theme: Theme) -> (String, String, String) {
        let s = &self.settings;
        let t = |msg| theme.text(&msg);
        match field {
            Field::Game => (
                tr!(theme, "setup-game"),
                t(s.kind.title_msg()),
                tr!(theme, "setup-game-about"),
            ),
            Field::Rule(i) => match self.specs().get(i) {
                Some(spec) => {
                    let about = msg!(
                        "setup-rule-about",
                        about = spec.about_msg(),
                        default = spec.value_msg(spec.default)
                    );
                    (
                        t(spec.label()),
                        t(spec.value_msg(s.rules.get(spec.name))),
                        t(about),
                    )
                }
                None => Default::default(),
            },
            Field::Privacy => (
                tr!(theme, "setup-room"),
                t(s.privacy.label()),
                String::new(),
            ),
            Field::Ranked => {
                let value = if s.ranked {
                    tr!(theme, "setup-ranked")
                } else {
                    tr!(theme, "setup-casual")
                };
                (tr!(theme, "setup-rating"), value, String::new())
            }
            Field::Time => match &s.clock {
                Some(tc) => (
                    tr!(theme, "setup-time"),
                    t(tc.label()),
                    tr!(theme, "setup-clock-about"),
                ),
                None => (
                    tr!(theme, "setup-time"),
                    t(s.time_limit.label()),
                    tr!(theme, "setup-time-about"),
                ),
            },
            Field::Main | Field::Byoyomi | Field::Periods | Field::Increment => clock_text(
                s.clock.unwrap_or(TimeControl::preset(0, 0, 0, 0)),
                field,
                theme,
            ),
            Field::OnTime => {
                let value = match s.on_time {
                    OnTime::Lose => msg!("on-time-lose"),
                    OnTime::CpuMoves => msg!("on-time-cpu"),
                };
                (
                    tr!(theme, "setup-on-time"),
                    t(value),
                    tr!(theme, "setup-on-time-about"),
                )
            }
            Field::Away => {
                let policy = s.away_policy().label();
                let value = match s.away {
                    None => tr!(theme, "setup-away-default", policy = policy),
                    Some(_) => t(policy),
                };
                (
                    tr!(theme, "setup-away"),
                    value,
                    tr!(theme, "setup-away-about"),
                )
            }
            Field::BotAfter => {
                let value = match s.bot_after {
                    None => msg!("time-none"),
                    Some(seconds) => msg!("time-seconds", seconds = u64::from(seconds)),
                };
                (
                    tr!(theme, "setup-bot-after"),
                    t(value),
                    tr!(theme, "setup-bot-after-about"),
                )
            }
            Field::Mode => (
                tr!(theme, "setup-mode"),
                t(s.mode.label()),
                tr!(theme, "setup-mode-about"),
            ),
            Field::Cpu => (
                tr!(theme, "setup-cpu"),
                s.cpu_level.to_string(),
                tr!(theme, "setup-cpu-about"),
            ),
            Field::Create => (
                String::new(),
                format!("[ {} ]", tr!(theme, "setup-create")),
                String::new(),
            ),
        }
    }

    /// Draws the form into `area`: the title, the lines (scrolled to keep
    /// the selected one in view), and below them the selected line's
    /// explanation in up to [`ABOUT_LINES`] lines.
    pub fn render(&self, buf: &mut Buffer, area: Rect, theme: Theme, hits: &mut Hits) {
        let title = tr!(theme, "setup-title");
        put(buf, area, area.x + 2, area.y, &title, theme.title());
        let fields = self.fields();
        let texts: Vec<_> = fields.iter().map(|f| self.field_text(*f, theme)).collect();
        let label_w = texts.iter().map(|t| width(&t.0)).max().unwrap_or(0);
        // The title and a blank line above, a blank line and the
        // explanation below.
        let visible = area.height.saturating_sub(3 + ABOUT_LINES).max(1) as usize;
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
            let label = pad(label, label_w);
            let x = put(buf, area, r.x, r.y, &format!("{marker} {label}  "), style);
            put(buf, area, x, r.y, value, style);
            hits.add(r, Hit::Row(i));
        }
        if let Some((_, _, about)) = texts.get(self.row) {
            let y = area.y + 3 + visible.min(texts.len()) as u16;
            let lines = wrap(about, area.width.saturating_sub(4));
            for (k, line) in lines.iter().take(usize::from(ABOUT_LINES)).enumerate() {
                put(buf, area, area.x + 2, y + k as u16, line, theme.dim());
            }
        }
    }
}

/// Lines kept for the selected line's explanation.
const ABOUT_LINES: u16 = 3;

/// The value after `current` for a rule.
fn next_value(spec: &RuleSpec, current: &str, step: isize) -> String {
    match spec.choices {
        Choices::OnOff => if current == "on" { "off" } else { "on" }.to_string(),
        Choices::OneOf(words) => cycle(words, current, step).to_string(),
        Choices::NoneOrCount => cycle(&COUNTS, current, step).to_string(),
    }
}

/// The clock with one of its parts moved `step` along its choices.
fn next_clock(tc: TimeControl, field: Field, step: isize) -> TimeControl {
    let mut next = tc;
    match field {
        Field::Main => {
            next.main_ms = cycle(&MAIN_MINUTES, tc.main_ms / 60_000, step) * 60_000;
        }
        Field::Byoyomi => {
            let seconds = cycle(&BYOYOMI_SECONDS, tc.byoyomi_ms / 1000, step);
            next.byoyomi_ms = seconds * 1000;
            next.periods = if seconds > 0 { tc.periods.max(1) } else { 0 };
        }
        Field::Periods => next.periods = cycle(&PERIODS, tc.periods, step),
        Field::Increment => {
            next.increment_ms = cycle(&INCREMENT_SECONDS, tc.increment_ms / 1000, step) * 1000;
        }
        _ => {}
    }
    next
}

/// The label, value and explanation of a part of the clock.
fn clock_text(tc: TimeControl, field: Field, theme: Theme) -> (String, String, String) {
    let (label, value) = match field {
        Field::Main => (
            msg!("setup-main-time"),
            msg!("clock-minutes", minutes = tc.main_ms / 60_000),
        ),
        Field::Byoyomi => (
            msg!("setup-byoyomi"),
            msg!("time-seconds", seconds = tc.byoyomi_ms / 1000),
        ),
        Field::Periods => (
            msg!("setup-periods"),
            msg!("clock-count", count = u64::from(tc.periods)),
        ),
        _ => (
            msg!("setup-increment"),
            msg!("time-seconds", seconds = tc.increment_ms / 1000),
        ),
    };
    (theme.text(&label), theme.text(&value), String::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::ui::text::{screen_lines, solid};

    /// The form's body at the sizes of an 80×24 and a 60×20 terminal (the
    /// title bar, status and hints take three rows), in every language,
    /// every line selected in turn with each of its values: every label and
    /// value is shown whole, the explanation too, and nothing comes closer
    /// than two cells to the right edge.
    #[test]
    fn every_line_of_the_form_fits_in_every_language() {
        for lang in Lang::ALL {
            let theme = Theme {
                lang,
                ..Theme::default()
            };
            for kind in GameKind::HALL {
                for (w, h) in [(80, 21), (60, 17)] {
                    // With a clock, so that its lines are there too; each
                    // line from the same start (the time line changes
                    // which lines there are).
                    let mut base = RoomSettings::new(kind);
                    base.clock = Some(TimeControl::preset(10, 30, 3, 0));
                    let mut form = SetupScreen::new(Mode::Online);
                    form.settings = base.clone();
                    for row in 0..form.fields().len() {
                        form.settings = base.clone();
                        form.row = row;
                        let field = form.fields()[row];
                        let steps = match field {
                            Field::Game | Field::Create => 1,
                            Field::Time => timings().len(),
                            _ => 8,
                        };
                        for _ in 0..steps {
                            let area = Rect::new(0, 0, w, h);
                            let mut buf = Buffer::empty(area);
                            form.render(&mut buf, area, theme, &mut Hits::default());
                            let lines = screen_lines(&buf);
                            let (label, value, about) = form.field_text(field, theme);
                            let shown = lines
                                .iter()
                                .any(|l| l.contains(&label) && l.contains(&value));
                            let all = solid(&lines.concat());
                            let screen = lines.join("\n");
                            assert!(shown, "{lang:?} {w}x{h}: {label} {value}:\n{screen}");
                            assert!(
                                all.contains(&solid(&about)),
                                "{lang:?} {w}x{h}: {about}:\n{screen}"
                            );
                            for line in &lines {
                                assert!(width(line) <= w - 2, "{lang:?} {w}x{h}: {line}");
                            }
                            if steps > 1 {
                                form.change(1);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn english_rule_lines_show_the_words_of_the_command_line() {
        let form = SetupScreen::new(Mode::Online);
        let (label, value, about) = form.field_text(Field::Rule(1), Theme::default());
        assert_eq!((label.as_str(), value.as_str()), ("move-limit", "none"));
        assert_eq!(
            about,
            "total moves after which the game is a draw (default none)"
        );
        let ja = Theme {
            lang: Lang::Ja,
            ..Theme::default()
        };
        let (label, value, _) = form.field_text(Field::Rule(3), ja);
        assert_eq!((label.as_str(), value.as_str()), ("駒落ち", "平手"));
    }
}
