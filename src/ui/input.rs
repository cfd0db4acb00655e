//! Input: termwiz's parsed events mapped to the UI's own small vocabulary,
//! so that no screen depends on termwiz.

use ratatui::layout::Rect;
use termwiz::input::{InputEvent, KeyCode, Modifiers, MouseButtons};

/// A key hint on the bottom line (also a button): the key as printed on
/// the keyboard, what it does, and the key it sends when clicked.
pub type Hint = (&'static str, crate::i18n::Msg, Key);

/// A key the UI reacts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter / Return.
    Enter,
    /// Tab.
    Tab,
    /// Shift-Tab.
    BackTab,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Ctrl-C: quit from anywhere.
    Interrupt,
    /// A printable character (space included).
    Char(char),
    /// F2: the next piece style (a function key, so it never clashes with typing).
    TogglePieces,
    /// F3: colors on or off.
    ToggleColor,
}

/// A direction on a grid or list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Toward the top of the screen.
    Up,
    /// Toward the bottom.
    Down,
    /// Toward the left.
    Left,
    /// Toward the right.
    Right,
}

impl Key {
    /// The direction of an arrow key or of vi's `hjkl`.
    pub fn dir(self) -> Option<Dir> {
        match self {
            Key::Up | Key::Char('k') => Some(Dir::Up),
            Key::Down | Key::Char('j') => Some(Dir::Down),
            Key::Left | Key::Char('h') => Some(Dir::Left),
            Key::Right | Key::Char('l') => Some(Dir::Right),
            _ => None,
        }
    }

    /// Whether the key activates the thing under the cursor (Enter or Space).
    pub fn activates(self) -> bool {
        matches!(self, Key::Enter | Key::Char(' '))
    }
}

/// Something on screen a mouse click can hit; screens record these while
/// rendering and receive them back as [`Event::Hit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A button that does what its key does.
    Button(Key),
    /// A row of a list (lobby rooms, setup form rows).
    Row(usize),
    /// A text field.
    Field,
    /// A board square (neutral coordinates).
    Square(crate::rules::vocab::Square),
    /// A kind in a seat's hand.
    Hand(crate::rules::vocab::Seat, crate::rules::vocab::PieceKind),
    /// Choice `.1` of row `.0` of the settings panel.
    Choice(usize, usize),
}

/// What a screen receives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A key press.
    Key(Key),
    /// A click on something drawn.
    Hit(Hit),
    /// Pasted text.
    Paste(String),
}

/// Clickable rectangles from the last render, later ones drawn on top.
#[derive(Clone, Debug, Default)]
pub struct Hits(Vec<(Rect, Hit)>);

impl Hits {
    /// Forgets the previous frame's rectangles.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Records that `hit` is drawn in `rect`.
    pub fn add(&mut self, rect: Rect, hit: Hit) {
        if rect.width > 0 && rect.height > 0 {
            self.0.push((rect, hit));
        }
    }

    /// What is drawn at the 0-based cell (`x`, `y`), topmost first.
    pub fn at(&self, x: u16, y: u16) -> Option<Hit> {
        let pos = ratatui::layout::Position::new(x, y);
        self.0
            .iter()
            .rev()
            .find(|(r, _)| r.contains(pos))
            .map(|(_, h)| h.clone())
    }
}

/// Raw input after translation: a key, a click at 0-based cell
/// coordinates, or a paste.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A key.
    Key(Key),
    /// A left click at column `x`, row `y` (0-based).
    Click(u16, u16),
    /// Mouse wheel: positive is up.
    Scroll(i8),
    /// Pasted text.
    Paste(String),
}

/// Translates a termwiz event. `button_down` remembers whether the left
/// button was already down, so a press-and-drag counts as one click.
/// termwiz reports SGR mouse coordinates 1-based, as terminals send them.
pub fn translate(event: &InputEvent, button_down: &mut bool) -> Option<Input> {
    match event {
        InputEvent::Key(k) => translate_key(&k.key, k.modifiers).map(Input::Key),
        InputEvent::Paste(text) => Some(Input::Paste(text.clone())),
        InputEvent::Mouse(m) => {
            let left = m.mouse_buttons.contains(MouseButtons::LEFT);
            let was_down = std::mem::replace(button_down, left);
            if m.mouse_buttons.contains(MouseButtons::VERT_WHEEL) {
                let up = m.mouse_buttons.contains(MouseButtons::WHEEL_POSITIVE);
                return Some(Input::Scroll(if up { 1 } else { -1 }));
            }
            (left && !was_down).then(|| Input::Click(m.x.saturating_sub(1), m.y.saturating_sub(1)))
        }
        _ => None,
    }
}

fn translate_key(code: &KeyCode, mods: Modifiers) -> Option<Key> {
    let ctrl = mods.contains(Modifiers::CTRL);
    Some(match code {
        KeyCode::Char('c') | KeyCode::Char('C') if ctrl => Key::Interrupt,
        KeyCode::Char('\u{3}') => Key::Interrupt,
        KeyCode::Char('\t') => Key::Tab,
        KeyCode::Char('\r') | KeyCode::Char('\n') => Key::Enter,
        KeyCode::Char('\u{1b}') => Key::Esc,
        KeyCode::Char('\u{7f}') | KeyCode::Char('\u{8}') => Key::Backspace,
        KeyCode::Char(c) if ctrl || c.is_control() => return None,
        KeyCode::Char(c) => Key::Char(*c),
        KeyCode::UpArrow | KeyCode::ApplicationUpArrow => Key::Up,
        KeyCode::DownArrow | KeyCode::ApplicationDownArrow => Key::Down,
        KeyCode::LeftArrow | KeyCode::ApplicationLeftArrow => Key::Left,
        KeyCode::RightArrow | KeyCode::ApplicationRightArrow => Key::Right,
        KeyCode::Enter => Key::Enter,
        KeyCode::Tab if mods.contains(Modifiers::SHIFT) => Key::BackTab,
        KeyCode::Tab => Key::Tab,
        KeyCode::Escape => Key::Esc,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Function(2) => Key::TogglePieces,
        KeyCode::Function(3) => Key::ToggleColor,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use termwiz::input::{KeyEvent, MouseEvent};

    fn key(code: KeyCode, modifiers: Modifiers) -> InputEvent {
        InputEvent::Key(KeyEvent {
            key: code,
            modifiers,
        })
    }

    #[test]
    fn keys_and_clicks_translate() {
        let mut down = false;
        let t = |e: &InputEvent, d: &mut bool| translate(e, d);
        assert_eq!(
            t(&key(KeyCode::Char('c'), Modifiers::CTRL), &mut down),
            Some(Input::Key(Key::Interrupt))
        );
        assert_eq!(
            t(&key(KeyCode::Tab, Modifiers::SHIFT), &mut down),
            Some(Input::Key(Key::BackTab))
        );
        let press = InputEvent::Mouse(MouseEvent {
            x: 5,
            y: 3,
            mouse_buttons: MouseButtons::LEFT,
            modifiers: Modifiers::NONE,
        });
        assert_eq!(t(&press, &mut down), Some(Input::Click(4, 2)));
        assert_eq!(t(&press, &mut down), None, "a drag is not a second click");
        let release = InputEvent::Mouse(MouseEvent {
            x: 5,
            y: 3,
            mouse_buttons: MouseButtons::NONE,
            modifiers: Modifiers::NONE,
        });
        assert_eq!(t(&release, &mut down), None);
        assert_eq!(t(&press, &mut down), Some(Input::Click(4, 2)));
    }
}
