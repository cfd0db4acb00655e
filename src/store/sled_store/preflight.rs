//! Looking at a data directory before sled does. sled 0.34 is not careful
//! with files it does not recognise: it creates `blobs/` before reading its
//! config, overwrites a config of 8 bytes or fewer, and given a `db` file
//! in which no log segment starts validly it silently starts an empty
//! database over it. So a directory is checked here first, and refused
//! without anything in it being created or changed.

use super::{corrupt, foreign};
use crate::store::StoreError;
use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

/// The length of a sled 0.34 segment header: a CRC-32 (little-endian,
/// inverted) of the 16 bytes after it, which hold two LSNs.
const SEGMENT_HEADER_LEN: usize = 20;

/// Refuses a path that is not a directory, a non-empty directory without a
/// sled config, a config sled did not write, and a `db` file in which no
/// segment header is valid. A missing or empty directory passes: sled
/// creates a fresh database there.
pub(super) fn preflight(dir: &Path) -> Result<(), StoreError> {
    let io = |e: io::Error| StoreError::Io(format!("cannot read {}: {e}", dir.display()));
    let meta = match fs::metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        other => other.map_err(io)?,
    };
    if !meta.is_dir() {
        return Err(foreign(dir, "it is a file, not a directory"));
    }
    if fs::read_dir(dir).map_err(io)?.next().is_none() {
        return Ok(());
    }
    let conf = match fs::read(dir.join("conf")) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(foreign(
                dir,
                "the directory is not empty and holds no database",
            ));
        }
        other => other.map_err(io)?,
    };
    let Some(segment_size) = sled_conf_segment_size(&conf) else {
        let detail = "its `conf` file is not a sled configuration";
        return Err(corrupt(dir, detail.into()));
    };
    if has_valid_segment(&dir.join("db"), segment_size).map_err(io)? {
        Ok(())
    } else {
        let detail = "its `db` file holds no valid sled log segment";
        Err(corrupt(dir, detail.into()))
    }
}

/// The segment size named by a config as sled 0.34 writes it (`key: value`
/// lines naming segment_size, use_compression and version, then their
/// CRC-32, little-endian), or `None` if `bytes` is not such a config.
fn sled_conf_segment_size(bytes: &[u8]) -> Option<u64> {
    let (body, crc) = bytes.split_last_chunk::<4>()?;
    if crc32(body) != u32::from_le_bytes(*crc) {
        return None;
    }
    let text = std::str::from_utf8(body).ok()?;
    let value = |key: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix(": "))
    };
    value("use_compression")?;
    value("version")?;
    value("segment_size")?
        .parse()
        .ok()
        .filter(|&size: &u64| size > 0)
}

/// Whether a segment header with a valid checksum starts at some multiple
/// of `segment_size` in the `db` file. A missing or empty file passes (sled
/// had not written yet). One 20-byte read per segment: cheap.
fn has_valid_segment(db: &Path, segment_size: u64) -> io::Result<bool> {
    let mut file = match File::open(db) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(true),
        other => other?,
    };
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(true);
    }
    let mut header = [0u8; SEGMENT_HEADER_LEN];
    let mut at = 0;
    while at + SEGMENT_HEADER_LEN as u64 <= len {
        file.seek(SeekFrom::Start(at))?;
        file.read_exact(&mut header)?;
        let (crc, rest) = header.split_at(4);
        let stored = u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]) ^ 0xFFFF_FFFF;
        if stored == crc32(rest) {
            return Ok(true);
        }
        at += segment_size;
    }
    Ok(false)
}

/// CRC-32 (IEEE, as sled's crc32fast computes it), bit by bit: only a
/// config and a few headers are ever checked.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}
