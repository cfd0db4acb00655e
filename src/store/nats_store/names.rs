//! Names in NATS: the hall's stream, subjects and buckets, and keys made
//! safe for them.
//!
//! NATS subjects and KV keys allow few characters, so every id is written
//! with letters, digits, `-` and `_` as they are and every other byte as
//! `=` and two hex digits (`guest:abc` → `guest=3Aabc`); decoding is exact.

use crate::store::StoreError;

/// The names of one hall's stream and buckets.
#[derive(Clone, Debug)]
pub(super) struct Names {
    hall: String,
}

impl Names {
    /// The names for the hall called `hall` (letters, digits, `-`, `_`).
    pub(super) fn new(hall: &str) -> Result<Names, StoreError> {
        let ok = !hall.is_empty()
            && hall.len() <= 32
            && hall
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !ok {
            return Err(StoreError::Io(format!(
                "the hall name {hall:?} must be 1 to 32 letters, digits, '-' or '_'"
            )));
        }
        Ok(Names { hall: hall.into() })
    }

    /// The hall's name.
    pub(super) fn hall(&self) -> &str {
        &self.hall
    }

    /// The stream of room events and journal lines.
    pub(super) fn stream(&self) -> String {
        format!("{}_log", self.hall)
    }

    /// The subject of `room`'s events.
    pub(super) fn room(&self, room: &str) -> String {
        format!("{}.room.{}", self.hall, encode(room))
    }

    /// The subjects of every room's events.
    pub(super) fn rooms(&self) -> String {
        format!("{}.room.>", self.hall)
    }

    /// The room whose events are on `subject`.
    pub(super) fn room_of(&self, subject: &str) -> Option<String> {
        let token = subject.strip_prefix(&format!("{}.room.", self.hall))?;
        decode(token)
    }

    /// The subject of journal lines.
    pub(super) fn journal(&self) -> String {
        format!("{}.journal", self.hall)
    }

    /// The subject of commands to node `node`.
    pub(super) fn command(&self, node: &str) -> String {
        format!("{}.cmd.{}", self.hall, encode(node))
    }

    /// The subject of room `room`'s live changes.
    pub(super) fn live(&self, room: &str) -> String {
        format!("{}.live.{}", self.hall, encode(room))
    }

    /// The subject of a broadcast on `topic`.
    pub(super) fn cast(&self, topic: &str) -> String {
        format!("{}.cast.{}", self.hall, encode(topic))
    }

    /// The last token of `subject` after `H.<kind>.`, decoded.
    pub(super) fn token_of(&self, kind: &str, subject: &str) -> Option<String> {
        let prefix = format!("{}.{kind}.", self.hall);
        decode(subject.strip_prefix(&prefix)?)
    }

    /// Every subject of `H.<kind>.`.
    pub(super) fn all(&self, kind: &str) -> String {
        format!("{}.{kind}.*", self.hall)
    }

    /// A bucket of the hall (`meta`, `tokens`, …).
    pub(super) fn bucket(&self, what: &str) -> String {
        format!("{}_{what}", self.hall)
    }
}

/// `text` as a subject token or KV key (see the module doc).
pub(super) fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
            out.push(b as char);
        } else {
            out.push_str(&format!("={b:02X}"));
        }
    }
    out
}

/// The text [`encode`] wrote as `token`, if it is one.
pub(super) fn decode(token: &str) -> Option<String> {
    let bytes = token.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' {
            let hex = token.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_through_safe_tokens() {
        for id in [
            "abc123",
            "guest:x y",
            "key:SHA256:a/b+c=",
            "名前",
            "a.b*c>d",
            "",
        ] {
            let token = encode(id);
            assert!(
                token
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(&b))
            );
            assert_eq!(decode(&token).as_deref(), Some(id));
        }
        assert_eq!(decode("=G1"), None);
        assert_eq!(decode("=4"), None);
    }

    #[test]
    fn hall_names_are_checked() {
        assert!(Names::new("banmen").is_ok());
        assert!(Names::new("a.b").is_err());
        assert!(Names::new("").is_err());
        let names = Names::new("h").unwrap();
        assert_eq!(
            names.room_of(&names.room("guest:1")).as_deref(),
            Some("guest:1")
        );
        assert_eq!(names.room_of("h.journal"), None);
    }
}
