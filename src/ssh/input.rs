//! Turning the bytes a client types into input events.
//!
//! SSH delivers whatever the client's terminal wrote, cut into packets at
//! arbitrary points: half an escape sequence, several keys, or the middle
//! of a UTF-8 character. `termwiz`'s parser keeps state between calls, but
//! it reads a mouse report cut in two as Alt-`[` and loose characters, so
//! [`InputDecoder`] frames the stream itself first: it holds back an
//! incomplete tail (an escape sequence without its final byte, half a UTF-8
//! character) until the rest arrives, and hands termwiz only complete
//! input. A tail that may also be complete as it is (a lone `ESC` is the
//! Escape key or the start of a sequence) is taken as typed once the client
//! has been quiet for [`ESCAPE_TIMEOUT`], as terminals themselves do.

use std::sync::{LazyLock, Mutex};
use std::time::Duration;
use termwiz::input::{InputEvent, InputParser};

/// One parser for every session. termwiz builds a table of every key
/// sequence in each `InputParser` (about 690 KiB), which would dominate an
/// idle session's memory. Sharing one is safe because [`InputDecoder`] only
/// ever hands it complete, valid UTF-8 input with `maybe_more = false`, so
/// no state is left in it between calls; a call takes microseconds under
/// the lock. (Invalid UTF-8 must never reach it: termwiz 0.23 keeps a byte
/// it cannot decode at the front of its buffer, and every later byte of
/// every session would queue behind it.)
static PARSER: LazyLock<Mutex<InputParser>> = LazyLock::new(|| Mutex::new(InputParser::new()));

/// How long a possibly incomplete sequence (a lone `ESC`) waits for the rest
/// before it is taken as typed.
pub const ESCAPE_TIMEOUT: Duration = Duration::from_millis(30);

/// How long a paste waits for its end marker after the client went quiet;
/// then it is taken as typed (its end was lost, e.g. cut by the input
/// limit).
pub const PASTE_TIMEOUT: Duration = Duration::from_secs(1);

/// The per-session input parser.
pub struct InputDecoder {
    /// Bytes held back: an incomplete escape sequence or UTF-8 character,
    /// or a paste waiting for its end.
    held: Vec<u8>,
    /// Where in `held` a paste starts whose end has not come (what
    /// [`open_paste`] finds in it), as of its first `scanned` bytes: kept
    /// between packets, so that a paste sent a byte per packet is scanned
    /// once, not once per packet (which took time growing with the square
    /// of its length).
    paste: Option<usize>,
    scanned: usize,
    /// Bytes looked at for paste markers, for the tests.
    #[cfg(test)]
    examined: usize,
}

/// Longest tail held back; anything longer is garbage and is let through.
const MAX_HELD: usize = 64;

impl Default for InputDecoder {
    fn default() -> Self {
        InputDecoder::new()
    }
}

impl InputDecoder {
    /// A decoder with nothing buffered.
    pub fn new() -> InputDecoder {
        InputDecoder {
            held: Vec::new(),
            paste: None,
            scanned: 0,
            #[cfg(test)]
            examined: 0,
        }
    }

    /// Feeds one packet; returns the events it completes. An ambiguous tail
    /// stays buffered until more bytes come or [`InputDecoder::flush`].
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<InputEvent> {
        self.held.extend_from_slice(bytes);
        if let Some(start) = self.open_paste() {
            if self.held.len() - start <= MAX_PASTE {
                // Wait for the paste's end marker: the shared parser must
                // never be left inside a paste.
                let rest = self.held.split_off(start);
                let ready = std::mem::replace(&mut self.held, rest);
                (self.paste, self.scanned) = (Some(0), self.held.len());
                return self.parse(&ready);
            }
            // Too long to hold: deliver it as typed text, without the marker.
            self.held.drain(start..start + PASTE_START.len());
        }
        let cut = incomplete_tail(&self.held);
        let cut = if self.held.len() - cut > MAX_HELD {
            self.held.len()
        } else {
            cut
        };
        let rest = self.held.split_off(cut);
        let ready = std::mem::replace(&mut self.held, rest);
        // What is held now is a short tail (at most `MAX_HELD` bytes).
        (self.paste, self.scanned) = (open_paste(&self.held), self.held.len());
        self.parse(&ready)
    }

    /// [`open_paste`] of `held`, looking only at the bytes that came since
    /// the last call (and the few before them a marker may straddle).
    fn open_paste(&mut self) -> Option<usize> {
        let from = self.scanned.saturating_sub(PASTE_START.len() - 1);
        let new = &self.held[from..];
        #[cfg(test)]
        {
            self.examined += new.len();
        }
        let ends = |bytes: &[u8]| bytes.windows(PASTE_END.len()).any(|w| w == PASTE_END);
        if let Some(i) = new
            .windows(PASTE_START.len())
            .rposition(|w| w == PASTE_START)
        {
            // A later start: whether it is open is all that counts.
            let start = from + i;
            self.paste = (!ends(&self.held[start..])).then_some(start);
        } else if let Some(start) = self.paste {
            if ends(&self.held[from.max(start)..]) {
                self.paste = None;
            }
        }
        self.scanned = self.held.len();
        self.paste
    }

    /// How long the client may stay quiet before [`InputDecoder::flush`]
    /// decides what is held: [`ESCAPE_TIMEOUT`] for a tail,
    /// [`PASTE_TIMEOUT`] for a paste without its end; `None` if nothing is.
    pub fn flush_after(&self) -> Option<Duration> {
        match (self.held.is_empty(), self.paste) {
            (true, _) => None,
            (false, None) => Some(ESCAPE_TIMEOUT),
            (false, Some(_)) => Some(PASTE_TIMEOUT),
        }
    }

    /// Decides what is held (the client went quiet): a tail as typed, and
    /// a paste whose end never came as typed text, without its marker
    /// (`parse` drops a paste start no end follows).
    pub fn flush(&mut self) -> Vec<InputEvent> {
        let held = std::mem::take(&mut self.held);
        (self.paste, self.scanned) = (None, 0);
        self.parse(&held)
    }

    fn parse(&mut self, bytes: &[u8]) -> Vec<InputEvent> {
        if bytes.is_empty() {
            return Vec::new();
        }
        // Only valid UTF-8 reaches the shared parser (see `PARSER`): bytes
        // no character can start with are dropped; and never a paste start
        // without its end, which would leave the parser inside a paste with
        // every other session's keys.
        let valid: Vec<u8> = bytes
            .utf8_chunks()
            .flat_map(|chunk| chunk.valid().as_bytes())
            .copied()
            .collect();
        let closed = without_open_pastes(valid);
        let mut parser = PARSER.lock().unwrap_or_else(|e| e.into_inner());
        parser.parse_as_vec(&closed, false)
    }
}

/// The bracketed-paste markers a terminal puts around pasted text.
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// The longest paste held back whole; a longer one arrives as typed text.
const MAX_PASTE: usize = 16 * 1024;

/// `bytes` without the paste starts that no paste end follows.
fn without_open_pastes(mut bytes: Vec<u8>) -> Vec<u8> {
    while let Some(start) = open_paste(&bytes) {
        bytes.drain(start..start + PASTE_START.len());
    }
    bytes
}

/// Where a paste starts whose end marker has not arrived yet.
fn open_paste(buf: &[u8]) -> Option<usize> {
    let start = buf
        .windows(PASTE_START.len())
        .rposition(|w| w == PASTE_START)?;
    let ended = buf[start..]
        .windows(PASTE_END.len())
        .any(|w| w == PASTE_END);
    (!ended).then_some(start)
}

/// Where the incomplete tail of `buf` starts (`buf.len()` if none): from the
/// last `ESC` if its sequence lacks its final byte, else from the start of
/// a UTF-8 character that lacks continuation bytes.
fn incomplete_tail(buf: &[u8]) -> usize {
    if let Some(esc) = buf.iter().rposition(|&b| b == 0x1b) {
        if !escape_complete(&buf[esc..]) {
            return esc;
        }
    }
    utf8_tail(buf)
}

/// Whether `seq` (starting with `ESC`) is a complete sequence: `ESC [ …
/// final` (CSI, also SGR mouse and the paste markers), `ESC O x` (SS3), or
/// `ESC x` (Alt-x).
fn escape_complete(seq: &[u8]) -> bool {
    match seq.get(1) {
        None => false,
        Some(b'[') => seq[2..].iter().any(|b| (0x40..=0x7e).contains(b)),
        Some(b'O') => seq.len() >= 3,
        Some(_) => true,
    }
}

/// Where a trailing partial UTF-8 character starts, or `buf.len()`.
fn utf8_tail(buf: &[u8]) -> usize {
    let start = buf.len().saturating_sub(3);
    for i in (start..buf.len()).rev() {
        let b = buf[i];
        if b & 0xc0 == 0x80 {
            continue; // a continuation byte: look further back
        }
        let needed = match b {
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf7 => 4,
            _ => 1,
        };
        return if buf.len() - i < needed { i } else { buf.len() };
    }
    buf.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use termwiz::input::{KeyCode, KeyEvent, Modifiers};

    /// Keys, an arrow, Alt-x, UTF-8 (two and three byte characters), an SGR
    /// mouse report, a bracketed paste, Ctrl-C and Enter.
    const STREAM: &[u8] =
        b"ab\x1b[A\x1bx\xc3\xa9\xe7\x9b\xa4\x1b[<0;12;5M\x1b[200~pa\x1bste\x1b[201~\x03\r";

    fn key(c: char) -> InputEvent {
        InputEvent::Key(KeyEvent {
            key: KeyCode::Char(c),
            modifiers: Modifiers::NONE,
        })
    }

    fn whole() -> Vec<InputEvent> {
        let mut d = InputDecoder::new();
        let mut events = d.feed(STREAM);
        events.extend(d.flush());
        events
    }

    #[test]
    fn the_whole_stream_decodes_as_expected() {
        let events = whole();
        assert_eq!(events[0], key('a'));
        assert_eq!(events[1], key('b'));
        assert!(matches!(&events[2], InputEvent::Key(k) if k.key == KeyCode::UpArrow));
        assert!(
            matches!(&events[3], InputEvent::Key(k) if k.key == KeyCode::Char('x') && k.modifiers == Modifiers::ALT)
        );
        assert_eq!(events[4], key('é'));
        assert_eq!(events[5], key('盤'));
        assert!(matches!(&events[6], InputEvent::Mouse(m) if m.x == 12 && m.y == 5));
        assert_eq!(events[7], InputEvent::Paste("pa\x1bste".to_string()));
        assert!(
            matches!(&events[8], InputEvent::Key(k) if k.key == KeyCode::Char('c') && k.modifiers == Modifiers::CTRL)
        );
        assert!(matches!(&events[9], InputEvent::Key(k) if k.key == KeyCode::Enter));
        assert_eq!(events.len(), 10, "{events:?}");
    }

    #[test]
    fn every_two_piece_split_decodes_the_same() {
        let expected = whole();
        for cut in 0..=STREAM.len() {
            let mut d = InputDecoder::new();
            let mut events = d.feed(&STREAM[..cut]);
            events.extend(d.feed(&STREAM[cut..]));
            events.extend(d.flush());
            assert_eq!(events, expected, "cut at byte {cut}");
        }
    }

    #[test]
    fn byte_by_byte_decodes_the_same() {
        let mut d = InputDecoder::new();
        let mut events = Vec::new();
        for b in STREAM {
            events.extend(d.feed(std::slice::from_ref(b)));
        }
        events.extend(d.flush());
        assert_eq!(events, whole());
    }

    #[test]
    fn a_lone_escape_waits_for_the_flush() {
        let mut d = InputDecoder::new();
        assert!(d.feed(b"\x1b").is_empty());
        assert_eq!(d.flush_after(), Some(ESCAPE_TIMEOUT));
        let events = d.flush();
        assert!(matches!(&events[..], [InputEvent::Key(k)] if k.key == KeyCode::Escape));
        assert_eq!(d.flush_after(), None);
    }

    #[test]
    fn plain_keys_come_out_at_once() {
        let mut d = InputDecoder::new();
        assert_eq!(d.feed(b"q"), vec![key('q')]);
    }

    #[test]
    fn a_paste_split_across_packets_never_swallows_another_session_s_keys() {
        let (mut pasting, mut typing) = (InputDecoder::new(), InputDecoder::new());
        assert!(pasting.feed(b"\x1b[200~hel").is_empty());
        assert_eq!(
            pasting.flush_after(),
            Some(PASTE_TIMEOUT),
            "a paste waits for its end, not the escape timeout"
        );
        // The parser is shared: another session types meanwhile.
        assert_eq!(typing.feed(b"q"), vec![key('q')]);
        let events = pasting.feed(b"lo\x1b[201~");
        assert_eq!(events, vec![InputEvent::Paste("hello".to_string())]);
    }

    #[test]
    fn invalid_utf8_is_dropped_and_never_blocks_anyone() {
        let (mut bad, mut good) = (InputDecoder::new(), InputDecoder::new());
        for garbage in [
            &b"\xff"[..],
            b"\xc3q",
            b"\xe9",
            b"\x80\x80",
            b"\xf8\x88\x80\x80\x80",
        ] {
            let mut events = bad.feed(garbage);
            events.extend(bad.flush());
            assert!(
                events.iter().all(|e| *e == key('q')),
                "{garbage:?}: {events:?}"
            );
            assert_eq!(good.feed(b"q"), vec![key('q')], "after {garbage:?}");
            assert_eq!(bad.feed(b"a"), vec![key('a')], "after {garbage:?}");
        }
    }

    #[test]
    fn a_second_paste_start_never_leaves_the_shared_parser_in_a_paste() {
        let (mut bad, mut good) = (InputDecoder::new(), InputDecoder::new());
        for garbage in [&b"\x1b[200~\x1b[200~"[..], b"\x1b[200~A\x1b[200~B"] {
            bad.feed(garbage);
            bad.flush();
            assert_eq!(good.feed(b"q"), vec![key('q')], "after {garbage:?}");
            let end = bad.feed(b"\x1b[201~");
            assert!(
                end.iter()
                    .all(|e| !matches!(e, InputEvent::Paste(p) if p.contains('q'))),
                "another session's key leaked: {end:?}"
            );
        }
    }

    #[test]
    fn a_paste_whose_end_never_comes_is_typed_after_a_pause() {
        let mut d = InputDecoder::new();
        assert!(d.feed(b"\x1b[200~hel").is_empty());
        assert_eq!(d.flush_after(), Some(PASTE_TIMEOUT));
        assert_eq!(d.flush(), vec![key('h'), key('e'), key('l')]);
        assert_eq!(d.flush_after(), None);
        assert_eq!(d.feed(b"q"), vec![key('q')]);
    }

    #[test]
    fn a_paste_sent_a_byte_per_packet_is_scanned_once() {
        let mut d = InputDecoder::new();
        let text = "x".repeat(MAX_PASTE - 100);
        let pasted = format!("\x1b[200~{text}\x1b[201~");
        let mut events = Vec::new();
        for byte in pasted.as_bytes() {
            events.extend(d.feed(std::slice::from_ref(byte)));
        }
        assert_eq!(events, vec![InputEvent::Paste(text)]);
        // Each byte is looked at with the few before it a marker may
        // straddle, not the whole paste again.
        assert!(
            d.examined <= PASTE_START.len() * pasted.len(),
            "{} bytes examined for a paste of {}",
            d.examined,
            pasted.len()
        );
        assert_eq!(d.feed(b"q"), vec![key('q')]);
    }

    #[test]
    fn an_endless_paste_arrives_as_typed_text() {
        let mut d = InputDecoder::new();
        let mut bytes = b"\x1b[200~".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', MAX_PASTE + 1));
        let events = d.feed(&bytes);
        assert_eq!(events.len(), MAX_PASTE + 1);
        assert!(events.iter().all(|e| *e == key('x')));
        assert_eq!(d.feed(b"q"), vec![key('q')]);
    }
}
