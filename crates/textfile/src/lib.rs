//! Input files read whole, but never more than a limit; and input quoted in error
//! messages, shortened and escaped ([`quote`]).
//!
//! Every file sprague reads (games in `.nfg`, CSV or JSON, game trees,
//! coalition tables, edge lists) is small text; a user may still name
//! `/dev/zero`, a named pipe or a `/proc` file, whose reported size is 0 while
//! the stream never ends. Checking the metadata's size is not enough:
//! [`read_bounded`] reads through [`std::io::Read::take`] with one byte more
//! than the limit, so too much input is known after `limit + 1` bytes, whatever
//! the file says of itself. Written by hand: the standard library has the
//! parts (`take`, `read_to_string`) but not the refusal.

use std::io::Read;

pub mod quote;
pub use quote::quoted;

/// The default limit on an input file: 16 MiB.
pub const FILE_LIMIT: u64 = 16 << 20;

/// Why a file was not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file has more than `limit` bytes.
    #[error("it has more than {limit} bytes, the limit for an input file")]
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// Opening or reading failed (the system's message), or the text is not UTF-8.
    #[error("{0}")]
    Io(std::io::Error),
}

/// The whole text of the file at `path`, refused past `limit` bytes.
///
/// ```
/// use sprague_textfile::{read_bounded, ReadError};
///
/// let path = std::env::temp_dir().join("sprague-textfile-doc.txt");
/// std::fs::write(&path, "NFG 1 R").unwrap();
/// assert_eq!(read_bounded(&path, 100).unwrap(), "NFG 1 R");
/// assert!(matches!(read_bounded(&path, 3), Err(ReadError::TooLarge { limit: 3 })));
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn read_bounded(path: impl AsRef<std::path::Path>, limit: u64) -> Result<String, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut text = String::new();
    file.take(limit.saturating_add(1))
        .read_to_string(&mut text)
        .map_err(ReadError::Io)?;
    if text.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_refused_after_the_limit() {
        if std::path::Path::new("/dev/zero").exists() {
            assert!(matches!(
                read_bounded("/dev/zero", 1 << 20),
                Err(ReadError::TooLarge { limit }) if limit == 1 << 20
            ));
        }
    }

    #[test]
    fn a_file_of_exactly_the_limit_is_read() {
        let path = std::env::temp_dir().join(format!("sprague-textfile-{}", std::process::id()));
        std::fs::write(&path, "abcd").unwrap();
        assert_eq!(read_bounded(&path, 4).unwrap(), "abcd");
        assert!(read_bounded(&path, 3).is_err());
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(read_bounded(&path, 3), Err(ReadError::Io(_))));
    }
}
