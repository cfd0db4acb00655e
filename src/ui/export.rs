//! The export panel: the game's records (for two-player shogi `position
//! sfen … moves …`, KIF and CSA, with which KIF file to pick), and the
//! commands that download them later over SSH; for a keyless player, first
//! the seat's resume code and the command that takes the seat back.
//!
//! The explanations are in the reader's language; the records are not
//! (KIF keeps its Japanese headers, the others are language-free, and the
//! players' names in them are as the hall writes them in English).

use super::Theme;
use super::text::put;
use crate::hall::RoomView;
use crate::hall::view::ServerAddress;
use crate::i18n::Lang;
use crate::rules::shogi::kif::to_cp932;
use crate::tr;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::path::{Path, PathBuf};

/// The command that fetches a finished or running game's record into the
/// file `w` would write (the name says the encoding: `.kif` or `.kifu`).
pub fn export_command(address: &ServerAddress, game_id: &str, format: &str) -> String {
    let file = file_name(game_id, format);
    address.command(
        false,
        &format!("export {game_id} --format {format} > {file}"),
    )
}

/// The lines that tell a keyless player how to come back to their seat.
pub fn resume_lines(code: &str, address: &ServerAddress, theme: Theme) -> Vec<(String, bool)> {
    vec![
        (tr!(theme, "export-resume-code", code = code), true),
        (tr!(theme, "export-resume-how"), false),
        (address.resume_command(code), false),
        (String::new(), false),
    ]
}

/// Where the records go: downloaded over SSH later, or written to files
/// in a directory (`banmen play`, which nobody connects to).
#[derive(Clone, Copy, Debug)]
pub enum Destination<'a> {
    /// The commands that download them from this server.
    Server(&'a ServerAddress),
    /// Files in this directory, on `w`.
    Files(&'a Path),
}

/// The file a record is written to: the game's id and the format as its
/// extension (`.kif` is KIF in CP932, `.kifu` KIF in UTF-8, as Japanese
/// GUIs name them).
pub fn file_name(game_id: &str, format: &str) -> String {
    let ext = format;
    let id: String = game_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{id}.{ext}")
}

/// Writes the game's record in each of its formats into `dir` (made if
/// missing); the files written.
pub fn write_files(view: &RoomView, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let names = seat_names(view);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut written = Vec::new();
    for format in view.game.export_formats() {
        let Some(text) = view.game.export(format, &names) else {
            continue;
        };
        let path = dir.join(file_name(&view.game_id, format));
        std::fs::write(&path, file_bytes(format, text))?;
        written.push(path);
    }
    Ok(written)
}

/// A record as its file holds it: `kif` in CP932 with CRLF line ends (see
/// [`to_cp932`]), the others in UTF-8 as they are.
fn file_bytes(format: &str, text: String) -> Vec<u8> {
    if format == "kif" {
        to_cp932(&text)
    } else {
        text.into_bytes()
    }
}

/// The players' names as records write them (in English).
fn seat_names(view: &RoomView) -> Vec<String> {
    view.seats
        .iter()
        .map(|o| Lang::En.text(&o.label()))
        .collect()
}

/// The panel's lines: the resume code (if any), a heading per format, then
/// its text, then the command (or where `w` writes the files).
pub fn lines(
    view: &RoomView,
    to: Destination,
    resume: Option<&str>,
    theme: Theme,
) -> Vec<(String, bool)> {
    let address = match to {
        Destination::Server(address) => address,
        Destination::Files(dir) => return with_files_note(view, dir, theme),
    };
    let mut out = resume.map_or_else(Vec::new, |code| resume_lines(code, address, theme));
    out.extend(records(view, theme));
    let private = view.settings.privacy == crate::hall::view::Privacy::Private;
    if private && resume.is_some() {
        // A guest is someone new on every connection: the command would
        // not let them in to a private room's game.
        out.push((tr!(theme, "export-private"), true));
        return out;
    }
    out.push((tr!(theme, "export-download"), true));
    for format in view.game.export_formats() {
        out.push((export_command(address, &view.game_id, format), false));
    }
    out
}

/// The game's heading and its record in each format, then an empty line.
fn records(view: &RoomView, theme: Theme) -> Vec<(String, bool)> {
    let names = seat_names(view);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut out = vec![(tr!(theme, "export-game", id = &view.game_id), true)];
    for format in view.game.export_formats() {
        out.push((String::new(), false));
        out.push((format!("{}:", format.to_uppercase()), true));
        if *format == "kif" {
            // The KIFU text again, headed for CP932: which file to pick.
            out.push((tr!(theme, "export-kif-choice"), false));
            continue;
        }
        let text = view.game.export(format, &names).unwrap_or_default();
        out.extend(text.lines().map(|l| (l.to_string(), false)));
    }
    out.push((String::new(), false));
    out
}

/// The records, then where `w` writes them.
fn with_files_note(view: &RoomView, dir: &Path, theme: Theme) -> Vec<(String, bool)> {
    let mut out = records(view, theme);
    out.push((tr!(theme, "export-files"), true));
    for format in view.game.export_formats() {
        let path = dir.join(file_name(&view.game_id, format));
        out.push((path.display().to_string(), false));
    }
    out
}

/// Draws the panel from line `scroll` on; long lines wrap.
pub fn render(
    buf: &mut Buffer,
    area: Rect,
    view: &RoomView,
    to: Destination,
    resume: Option<&str>,
    scroll: usize,
    theme: Theme,
) {
    let width = usize::from(area.width.saturating_sub(4)).max(2);
    let mut rows: Vec<(String, bool)> = Vec::new();
    for (line, heading) in lines(view, to, resume, theme) {
        rows.extend(wrap(&line, width).into_iter().map(|row| (row, heading)));
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

/// `line` cut into rows at most `width` cells wide (a kanji is two; one
/// empty row for an empty line). Records and commands have no spaces to
/// break at worth keeping, so rows are cut anywhere.
fn wrap(line: &str, width: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthChar;
    let mut rows = vec![String::new()];
    let mut used = 0;
    for c in line.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width && used > 0 {
            rows.push(String::new());
            used = 0;
        }
        if let Some(row) = rows.last_mut() {
            row.push(c);
        }
        used += w;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_wrap_by_display_width() {
        assert_eq!(wrap("", 4), [""]);
        assert_eq!(wrap("abcdef", 4), ["abcd", "ef"]);
        // A kanji is two cells: never a row wider than the width.
        assert_eq!(wrap("先手：alice", 4), ["先手", "：al", "ice"]);
        assert_eq!(wrap("手数----指手", 5), ["手数-", "---指", "手"]);
    }

    #[test]
    fn file_names_keep_the_id_and_the_format() {
        assert_eq!(file_name("ab12cd-3", "kif"), "ab12cd-3.kif");
        assert_eq!(file_name("ab12cd-3", "kifu"), "ab12cd-3.kifu");
        assert_eq!(file_name("ab12cd-3", "pgn4"), "ab12cd-3.pgn4");
        assert_eq!(file_name("../x/y", "usi"), "___x_y.usi");
    }
}
