//! Lines out of a byte stream. SSH delivers the server's JSON lines in
//! data packets that need not end at a line's end, so the bytes are kept
//! until a `\n` completes a line.

/// A line longer than the buffer's limit, dropped whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLong;

/// Bytes received but not yet a whole line.
#[derive(Debug)]
pub struct LineBuffer {
    buf: Vec<u8>,
    /// Bytes of `buf` already searched for `\n`, so a long line that
    /// comes in many packets is searched once.
    scanned: usize,
    max: usize,
    /// Within a line that grew past `max`: its bytes are thrown away up to
    /// its end, so it cannot hold memory.
    skipping: bool,
}

impl LineBuffer {
    /// A buffer that drops lines of more than `max` bytes.
    pub fn new(max: usize) -> LineBuffer {
        LineBuffer {
            buf: Vec::new(),
            scanned: 0,
            max,
            skipping: false,
        }
    }

    /// Adds bytes as they came.
    pub fn push(&mut self, data: &[u8]) {
        self.buf.extend_from_slice(data);
    }

    /// The next whole line without its `\n` (and `\r`), skipping empty
    /// ones; `None` until one is complete. Invalid UTF-8 is replaced, so
    /// a bad line fails as JSON instead of stalling the stream.
    pub fn next_line(&mut self) -> Option<Result<String, TooLong>> {
        loop {
            let Some(at) = self.buf[self.scanned..].iter().position(|&b| b == b'\n') else {
                self.scanned = self.buf.len();
                if self.buf.len() > self.max {
                    self.buf.clear();
                    self.scanned = 0;
                    self.skipping = true;
                }
                return None;
            };
            let end = self.scanned + at;
            let line: Vec<u8> = self.buf.drain(..=end).take(end).collect();
            self.scanned = 0;
            if std::mem::take(&mut self.skipping) || line.len() > self.max {
                return Some(Err(TooLong));
            }
            let text = String::from_utf8_lossy(&line);
            let text = text.trim_end_matches('\r');
            if !text.trim().is_empty() {
                return Some(Ok(text.to_string()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(buffer: &mut LineBuffer) -> Vec<Result<String, TooLong>> {
        std::iter::from_fn(|| buffer.next_line()).collect()
    }

    #[test]
    fn a_line_split_across_packets_comes_out_whole() {
        let mut buffer = LineBuffer::new(1000);
        buffer.push(br#"{"event":"hel"#);
        assert_eq!(buffer.next_line(), None);
        buffer.push(br#"lo"}"#);
        assert_eq!(buffer.next_line(), None);
        buffer.push(b"\n{\"event\":\"ok\"}\r\n{\"ev");
        assert_eq!(
            all(&mut buffer),
            [
                Ok(r#"{"event":"hello"}"#.to_string()),
                Ok(r#"{"event":"ok"}"#.to_string())
            ]
        );
        buffer.push(b"ent\":\"move\"}\n");
        assert_eq!(all(&mut buffer), [Ok(r#"{"event":"move"}"#.to_string())]);
    }

    #[test]
    fn one_byte_per_packet() {
        let mut buffer = LineBuffer::new(1000);
        let mut lines = Vec::new();
        for b in b"{\"a\":1}\n\n{\"b\":2}\n" {
            buffer.push(std::slice::from_ref(b));
            lines.extend(all(&mut buffer));
        }
        assert_eq!(
            lines,
            [Ok("{\"a\":1}".to_string()), Ok("{\"b\":2}".to_string())]
        );
    }

    #[test]
    fn a_line_too_long_is_dropped_and_the_next_one_read() {
        let mut buffer = LineBuffer::new(8);
        buffer.push(b"0123456789");
        assert_eq!(buffer.next_line(), None);
        buffer.push(b"abcdef\nok\n");
        assert_eq!(all(&mut buffer), [Err(TooLong), Ok("ok".to_string())]);
        buffer.push(b"0123456789\nfine\n");
        assert_eq!(all(&mut buffer), [Err(TooLong), Ok("fine".to_string())]);
    }

    #[test]
    fn invalid_utf8_is_replaced_not_fatal() {
        let mut buffer = LineBuffer::new(100);
        buffer.push(b"a\xffb\n");
        assert_eq!(all(&mut buffer), [Ok("a\u{fffd}b".to_string())]);
    }
}
