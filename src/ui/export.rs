//! The export panel: the game as `position sfen … moves …` and as KIF, and
//! the command that downloads it later over SSH; for a keyless player, first
//! the seat's resume code and the command that takes the seat back.

use super::Theme;
use super::text::put;
use crate::hall::RoomView;
use crate::hall::view::ServerAddress;
use crate::i18n::Lang;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The command that fetches a finished or running game's record.
pub fn export_command(address: &ServerAddress, game_id: &str, format: &str) -> String {
    address.command(false, &format!("export {game_id} --format {format}"))
}

/// The lines that tell a keyless player how to come back to their seat.
pub fn resume_lines(code: &str, address: &ServerAddress) -> Vec<(String, bool)> {
    vec![
        (format!("Your resume code: {code}"), true),
        (
            "Back to this seat later (keep the code private):".into(),
            false,
        ),
        (address.resume_command(code), false),
        (String::new(), false),
    ]
}

/// The panel's lines: the resume code (if any), a heading per format, then
/// its text, then the command.
pub fn lines(
    view: &RoomView,
    address: &ServerAddress,
    resume: Option<&str>,
) -> Vec<(String, bool)> {
    let names: Vec<String> = view
        .seats
        .iter()
        .map(|o| Lang::En.text(&o.label()))
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut out = resume.map_or_else(Vec::new, |code| resume_lines(code, address));
    out.push((format!("Game {}", view.game_id), true));
    for format in view.game.export_formats() {
        out.push((String::new(), false));
        out.push((format!("{}:", format.to_uppercase()), true));
        let text = view.game.export(format, &names).unwrap_or_default();
        out.extend(text.lines().map(|l| (l.to_string(), false)));
    }
    out.push((String::new(), false));
    let private = view.settings.privacy == crate::hall::view::Privacy::Private;
    if private && resume.is_some() {
        // A guest is someone new on every connection: the command would
        // not let them in to a private room's game.
        let why =
            "A private room's games download only for its players' SSH keys: copy it from here.";
        out.push((why.into(), true));
        return out;
    }
    out.push(("Download later with:".into(), true));
    for format in view.game.export_formats() {
        out.push((export_command(address, &view.game_id, format), false));
    }
    out
}

/// Draws the panel from line `scroll` on; long lines wrap.
pub fn render(
    buf: &mut Buffer,
    area: Rect,
    view: &RoomView,
    address: &ServerAddress,
    resume: Option<&str>,
    scroll: usize,
    theme: Theme,
) {
    let width = usize::from(area.width.saturating_sub(4)).max(1);
    let mut rows: Vec<(String, bool)> = Vec::new();
    for (line, heading) in lines(view, address, resume) {
        let chars: Vec<char> = line.chars().collect();
        if chars.is_empty() {
            rows.push((String::new(), heading));
        }
        for chunk in chars.chunks(width) {
            rows.push((chunk.iter().collect(), heading));
        }
    }
    let start = scroll.min(rows.len().saturating_sub(1));
    for (i, (text, heading)) in rows
        .iter()
        .skip(start)
        .take(usize::from(area.height))
        .enumerate()
    {
        let style = if *heading {
            theme.title()
        } else {
            Style::new()
        };
        put(buf, area, area.x + 2, area.y + i as u16, text, style);
    }
}
