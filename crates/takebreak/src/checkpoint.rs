//! Checkpoints: the values of an interrupted run, to resume it bit for bit.
//!
//! Format (version 1, little endian): the magic `SPRGTBCP`, the version (u32),
//! the game identity (u32 length + UTF-8, e.g. `octal 0.77`, `grundy`), the
//! storage width in bytes (u8: 1, 2 or 4), the number of values (u64), the
//! values, and a CRC-32 of everything before it (the `crc32fast` crate). A file
//! is written to `FILE.tmp`, flushed to disk and renamed over `FILE`, so a
//! kill at any moment leaves either the old checkpoint or the new one. A file of
//! another game, another version, a truncated or a corrupt file is refused with
//! a [`CheckpointError`], never used. The CRC guards against accidents, not
//! forgery: altered values with a recomputed CRC are accepted (see
//! docs/takebreak-measurements.md).

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::rule::TakeBreak;
use crate::table::{TableRef, ValueTable};

const MAGIC: &[u8; 8] = b"SPRGTBCP";
/// The checkpoint format version written by this build.
pub const VERSION: u32 = 1;

/// A checkpoint's path as an error message quotes it (its end kept, control characters
/// escaped).
pub(crate) fn shown_path(path: &std::path::Path) -> String {
    sprague_textfile::quote::quoted_path(&path.display().to_string())
}

/// A checkpoint that cannot be written or used.
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// Reading or writing the file failed.
    #[error("checkpoint {}: {source}", crate::checkpoint::shown_path(.path))]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// The file is not a sprague checkpoint.
    #[error("{} is not a sprague take-and-break checkpoint", crate::checkpoint::shown_path(.path))]
    NotACheckpoint {
        /// The file.
        path: PathBuf,
    },
    /// Written by another version of the format.
    #[error("checkpoint {} has format version {found}; this sprague reads version {VERSION}", crate::checkpoint::shown_path(.path))]
    Version {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u32,
    },
    /// Written for another game.
    #[error("checkpoint {} is for the game '{}', not '{}'", crate::checkpoint::shown_path(.path), sprague_textfile::quoted(.found), sprague_textfile::quoted(.expected))]
    OtherGame {
        /// The file.
        path: PathBuf,
        /// The game of this run.
        expected: String,
        /// The game in the file.
        found: String,
    },
    /// Shorter than its header says.
    #[error("checkpoint {} is truncated: {found} bytes where {expected} are needed", crate::checkpoint::shown_path(.path))]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Bytes needed.
        expected: u64,
        /// Bytes present.
        found: u64,
    },
    /// The file is larger than the memory that may be used to read it.
    #[error("checkpoint {}: {source}", crate::checkpoint::shown_path(.path))]
    Memory {
        /// The file.
        path: PathBuf,
        /// The memory check that failed.
        source: sprague_engine::memory::MemoryError,
    },
    /// The checksum does not match the contents.
    #[error("checkpoint {} is corrupt: {reason}", crate::checkpoint::shown_path(.path))]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What does not match.
        reason: String,
    },
}

/// Writes the values of `rule` in `table` to `path` atomically.
///
/// # Errors
/// [`CheckpointError::Io`] when the file cannot be written.
///
/// ```
/// use sprague_takebreak::{read_checkpoint, write_checkpoint, TakeBreak, ValueTable};
/// let path = std::env::temp_dir().join(format!("doc-{}.ckpt", std::process::id()));
/// let kayles = TakeBreak::octal("0.77").unwrap();
/// write_checkpoint(&path, &kayles, ValueTable::U8(vec![0, 1, 2, 3]).as_table_ref()).unwrap();
/// assert_eq!(read_checkpoint(&path, &kayles).unwrap().to_vec(), vec![0, 1, 2, 3]);
/// assert!(read_checkpoint(&path, &TakeBreak::grundy()).is_err());
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn write_checkpoint(
    path: &Path,
    rule: &TakeBreak,
    table: TableRef<'_>,
) -> Result<(), CheckpointError> {
    if is_special_file(path) {
        // Renaming the new checkpoint onto a device such as /dev/null would replace it.
        return Err(CheckpointError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::other("not a regular file (a device, pipe or socket)"),
        });
    }
    let identity = rule.identity();
    let mut header = Vec::with_capacity(32 + identity.len());
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&(identity.len() as u32).to_le_bytes());
    header.extend_from_slice(identity.as_bytes());
    header.push(table.bytes_per_value() as u8);
    header.extend_from_slice(&(table.len() as u64).to_le_bytes());
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let io = |source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    };
    // Streamed: the table is not copied, however large it is.
    let mut file = BufWriter::new(File::create(&temporary).map_err(io)?);
    let mut crc = crc32fast::Hasher::new();
    crc.update(&header);
    file.write_all(&header).map_err(io)?;
    table
        .for_each_le_chunk(|bytes| {
            crc.update(bytes);
            file.write_all(bytes)
        })
        .map_err(io)?;
    file.write_all(&crc.finalize().to_le_bytes()).map_err(io)?;
    let file = file.into_inner().map_err(|error| io(error.into_error()))?;
    file.sync_all().map_err(io)?;
    drop(file);
    fs::rename(&temporary, path).map_err(io)
}

/// Whether `path` names something other than a regular file, a directory or a
/// symbolic link — a device (`/dev/null`), pipe or socket, which a checkpoint
/// written by renaming onto it would replace.
pub(crate) fn is_special_file(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| {
        let kind = m.file_type();
        !(kind.is_file() || kind.is_dir() || kind.is_symlink())
    })
}

/// Reads a checkpoint of `rule` from `path`, checking game, version and checksum.
///
/// The file must be a regular file (not a pipe or a device such as `/dev/zero`) whose
/// size, twice over (the bytes read and the values made from them), fits in memory;
/// both are checked before anything is read.
///
/// # Errors
/// A [`CheckpointError`] saying what is wrong with the file.
pub fn read_checkpoint(path: &Path, rule: &TakeBreak) -> Result<ValueTable, CheckpointError> {
    let io = |source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    };
    let metadata = fs::metadata(path).map_err(io)?;
    if !metadata.is_file() {
        return Err(CheckpointError::NotACheckpoint {
            path: path.to_path_buf(),
        });
    }
    sprague_engine::memory::check_allocation(
        u128::from(metadata.len()) * 2,
        "reading the checkpoint",
    )
    .map_err(|source| CheckpointError::Memory {
        path: path.to_path_buf(),
        source,
    })?;
    let bytes = fs::read(path).map_err(io)?;
    parse_checkpoint(&bytes, path, rule)
}

/// The values of `rule` in the checkpoint `bytes` (the contents of the file `path`,
/// named in errors), checking game, version and checksum.
///
/// # Errors
/// A [`CheckpointError`] saying what is wrong with the bytes.
///
/// ```
/// use std::path::Path;
/// use sprague_takebreak::checkpoint::{parse_checkpoint, CheckpointError};
/// use sprague_takebreak::TakeBreak;
/// let error = parse_checkpoint(b"SPRGTBCP\x01", Path::new("x.ckpt"), &TakeBreak::grundy());
/// assert!(matches!(error, Err(CheckpointError::NotACheckpoint { .. })));
/// ```
pub fn parse_checkpoint(
    bytes: &[u8],
    path: &Path,
    rule: &TakeBreak,
) -> Result<ValueTable, CheckpointError> {
    let path_buf = || path.to_path_buf();
    if bytes.len() < 12 || &bytes[..8] != MAGIC {
        return Err(CheckpointError::NotACheckpoint { path: path_buf() });
    }
    let word = |at: usize| -> Option<u32> {
        Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    let truncated = |expected: u64| CheckpointError::Truncated {
        path: path_buf(),
        expected,
        found: bytes.len() as u64,
    };
    let version = word(8).ok_or_else(|| truncated(12))?;
    if version != VERSION {
        return Err(CheckpointError::Version {
            path: path_buf(),
            found: version,
        });
    }
    let name_length = word(12).ok_or_else(|| truncated(16))? as usize;
    let header = 16 + name_length + 1 + 8;
    if bytes.len() < header {
        return Err(truncated(header as u64));
    }
    let found = String::from_utf8_lossy(&bytes[16..16 + name_length]).to_string();
    let width = bytes[16 + name_length];
    let count_bytes: [u8; 8] = bytes[16 + name_length + 1..header]
        .try_into()
        .map_err(|_| truncated(header as u64))?;
    let count = u64::from_le_bytes(count_bytes);
    if ![1, 2, 4].contains(&width) {
        return Err(CheckpointError::Corrupt {
            path: path_buf(),
            reason: format!("value width {width} is not 1, 2 or 4 bytes"),
        });
    }
    let expected = (header as u128) + u128::from(count) * u128::from(width) + 4;
    if (bytes.len() as u128) < expected {
        return Err(truncated(expected.min(u128::from(u64::MAX)) as u64));
    }
    if (bytes.len() as u128) > expected {
        return Err(CheckpointError::Corrupt {
            path: path_buf(),
            reason: format!("{} bytes where {expected} were expected", bytes.len()),
        });
    }
    let body = bytes.len() - 4;
    let stored = word(body).unwrap_or(0);
    if crc32fast::hash(&bytes[..body]) != stored {
        return Err(CheckpointError::Corrupt {
            path: path_buf(),
            reason: "the CRC-32 checksum does not match the contents".to_string(),
        });
    }
    let expected_identity = rule.identity();
    if found != expected_identity {
        return Err(CheckpointError::OtherGame {
            path: path_buf(),
            expected: expected_identity,
            found,
        });
    }
    let data = &bytes[header..body];
    Ok(match width {
        1 => ValueTable::U8(data.to_vec()),
        2 => ValueTable::U16(
            data.chunks_exact(2)
                .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
                .collect(),
        ),
        _ => ValueTable::U32(
            data.chunks_exact(4)
                .map(|quad| u32::from_le_bytes([quad[0], quad[1], quad[2], quad[3]]))
                .collect(),
        ),
    })
}

/// The game identity written in the header of the checkpoint at `path`
/// (`octal 0.77`, `hex 0.F`, `grundy`), reading only the header: enough to
/// tell whether a file may be overwritten, without reading its values.
///
/// # Errors
/// [`CheckpointError::Io`] when the file cannot be read,
/// [`CheckpointError::NotACheckpoint`], [`CheckpointError::Version`] or
/// [`CheckpointError::Truncated`] when its header is not one this build writes.
///
/// ```
/// use sprague_takebreak::checkpoint::read_identity;
/// use sprague_takebreak::{write_checkpoint, TakeBreak, ValueTable};
/// let path = std::env::temp_dir().join(format!("doc-identity-{}.ckpt", std::process::id()));
/// let table = ValueTable::U8(vec![0, 0, 0, 1]);
/// write_checkpoint(&path, &TakeBreak::grundy(), table.as_table_ref()).unwrap();
/// assert_eq!(read_identity(&path).unwrap(), "grundy");
/// std::fs::write(&path, "a note").unwrap();
/// assert!(read_identity(&path).is_err());
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn read_identity(path: &Path) -> Result<String, CheckpointError> {
    use std::io::Read;
    /// Longer identities are not written by any rule (at most 64 digits).
    const LONGEST_IDENTITY: u32 = 4096;
    let io = |source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = File::open(path).map_err(io)?;
    let mut header = [0u8; 16];
    let mut filled = 0;
    while filled < header.len() {
        match file.read(&mut header[filled..]).map_err(io)? {
            0 => break,
            read => filled += read,
        }
    }
    if filled < 12 || &header[..8] != MAGIC {
        return Err(CheckpointError::NotACheckpoint {
            path: path.to_path_buf(),
        });
    }
    let word = |at: usize| {
        u32::from_le_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let version = word(8);
    if version != VERSION {
        return Err(CheckpointError::Version {
            path: path.to_path_buf(),
            found: version,
        });
    }
    let truncated = |expected: u64, found: u64| CheckpointError::Truncated {
        path: path.to_path_buf(),
        expected,
        found,
    };
    if filled < 16 {
        return Err(truncated(16, filled as u64));
    }
    let length = word(12);
    if length > LONGEST_IDENTITY {
        return Err(CheckpointError::Corrupt {
            path: path.to_path_buf(),
            reason: format!("a game identity of {length} bytes is longer than any game's"),
        });
    }
    let mut name = Vec::with_capacity(length as usize);
    file.take(u64::from(length))
        .read_to_end(&mut name)
        .map_err(io)?;
    if name.len() < length as usize {
        return Err(truncated(16 + u64::from(length), 16 + name.len() as u64));
    }
    Ok(String::from_utf8_lossy(&name).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temporary(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("sprague-{}-{name}.ckpt", std::process::id()))
    }

    #[test]
    fn round_trip_and_refusals() {
        let path = temporary("round");
        let grundy = TakeBreak::grundy();
        let table = ValueTable::U16(vec![0, 0, 0, 1, 0, 2, 300]);
        write_checkpoint(&path, &grundy, table.as_table_ref()).unwrap();
        assert_eq!(read_checkpoint(&path, &grundy).unwrap(), table);
        let kayles = TakeBreak::octal("0.77").unwrap();
        assert!(matches!(
            read_checkpoint(&path, &kayles),
            Err(CheckpointError::OtherGame { .. })
        ));
        let bytes = fs::read(&path).unwrap();
        // Truncated.
        fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        assert!(matches!(
            read_checkpoint(&path, &grundy),
            Err(CheckpointError::Truncated { .. })
        ));
        // One value flipped.
        let mut flipped = bytes.clone();
        let at = flipped.len() - 6;
        flipped[at] ^= 1;
        fs::write(&path, &flipped).unwrap();
        assert!(matches!(
            read_checkpoint(&path, &grundy),
            Err(CheckpointError::Corrupt { .. })
        ));
        // Another version.
        let mut other = bytes.clone();
        other[8] = 9;
        fs::write(&path, &other).unwrap();
        assert!(matches!(
            read_checkpoint(&path, &grundy),
            Err(CheckpointError::Version { found: 9, .. })
        ));
        fs::write(&path, b"hello").unwrap();
        assert!(matches!(
            read_checkpoint(&path, &grundy),
            Err(CheckpointError::NotACheckpoint { .. })
        ));
        fs::remove_file(&path).unwrap();
    }
}
