//! The analysis of a record saved beside it (`FILE.analysis.json`), so the replay viewer's
//! analysis board opens at once the next time.
//!
//! The file holds the analysis with what it was made from: a fingerprint of the record's
//! bytes, the depth (ply) and a fingerprint of the program's nets. A file whose record,
//! depth or nets differ is stale, and one that does not read is damaged: either way the
//! analysis is made again, never trusted blindly. The file is written atomically.

use super::Analysis;
use crate::store::{self, StoreError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The `format` field of the file.
pub const FORMAT: &str = "bg-tui-analysis";
/// The file's format version: 2 since the statistics are counted as GNU Backgammon counts
/// them, 3 since a play is judged against the advisor's wide ranking rather than the bot's
/// filtered choice (an analysis of an earlier version is made again). Since 2026-11-29 the
/// ranking is GNU Backgammon's analysis filter: the plays it leaves out of the 2-ply look
/// were judged at 2-ply by version 3 as well, so its files are as good and still read.
pub const VERSION: u32 = 3;
/// The largest cache file read.
const MAX_BYTES: usize = 64 << 20;

/// The saved file.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct CacheFile {
    format: String,
    version: u32,
    /// [`fingerprint`] of the record's bytes.
    record: String,
    /// The expert's depth.
    ply: u8,
    /// [`nets_identity`] of the program that made it.
    nets: String,
    analysis: Analysis,
}

/// The file's first fields, read alone to tell an earlier version from a damaged file.
#[derive(Debug, Clone, Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// Why a saved analysis was not used.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    /// There is no saved analysis.
    #[error("no saved analysis")]
    Missing,
    /// The file (named printable) could not be read, or is not a saved analysis.
    #[error("the saved analysis {0} is damaged ({1}); analysing again")]
    Damaged(String, #[source] Damage),
    /// The file is of another record, depth or program's nets.
    #[error("the saved analysis {0} is of {1}; analysing again")]
    Stale(String, &'static str),
}

/// What is wrong with a saved analysis that does not read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Damage {
    /// The file could not be read.
    #[error(transparent)]
    Read(std::io::Error),
    /// It could not be read as a text file.
    #[error(transparent)]
    Store(StoreError),
    /// It is not JSON of a saved analysis.
    #[error(transparent)]
    Json(serde_json::Error),
    /// It is of another format or version.
    #[error("not a {FORMAT} file of version {VERSION}")]
    NotThisFormat,
}

/// Where the analysis of the record at `record` is saved: beside it, its name followed by
/// `.analysis.json`.
#[must_use]
pub fn path_for(record: &Path) -> PathBuf {
    let mut name = record.as_os_str().to_os_string();
    name.push(".analysis.json");
    PathBuf::from(name)
}

/// A fingerprint of `bytes`: FNV-1a (64 bits) in hex, with the length.
#[must_use]
pub fn fingerprint(bytes: &[u8]) -> String {
    format!(
        "fnv1a64:{:016x}:{}",
        fnv1a(0xcbf2_9ce4_8422_2325, bytes),
        bytes.len()
    )
}

fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// A fingerprint of the nets built into the program (every rule set's).
#[must_use]
pub fn nets_identity() -> String {
    static ID: OnceLock<String> = OnceLock::new();
    ID.get_or_init(|| {
        let mut hash = 0xcbf2_9ce4_8422_2325;
        let mut len = 0;
        for bytes in crate::bot::expert::shipped_nets_bytes() {
            hash = fnv1a(hash, bytes);
            len += bytes.len();
        }
        format!("fnv1a64:{hash:016x}:{len}")
    })
    .clone()
}

/// The analysis saved at `path`, if it was made of a record of these bytes at `ply` with
/// this program's nets.
///
/// # Errors
/// [`CacheError::Missing`] when there is no file, [`CacheError::Damaged`] when it does not
/// read as a saved analysis, [`CacheError::Stale`] when it is of something else.
pub fn load(path: &Path, record_bytes: &[u8], ply: u8) -> Result<Analysis, CacheError> {
    let name = crate::printable::printable(&path.display().to_string(), 120);
    if !path.exists() {
        return Err(CacheError::Missing);
    }
    let damaged = |why: Damage| CacheError::Damaged(name.clone(), why);
    let text = store::read_text(path, MAX_BYTES).map_err(|e| match e {
        StoreError::Io { source, .. } => damaged(Damage::Read(source)),
        other => damaged(Damage::Store(other)),
    })?;
    let stale = |what| CacheError::Stale(name.clone(), what);
    // An analysis saved by an earlier version is stale, not damaged.
    if let Ok(header) = serde_json::from_str::<Header>(&text)
        && header.format == FORMAT
        && header.version < VERSION
    {
        return Err(stale("an earlier version of the analysis"));
    }
    let file: CacheFile = serde_json::from_str(&text).map_err(|e| damaged(Damage::Json(e)))?;
    if file.format != FORMAT || file.version != VERSION {
        return Err(damaged(Damage::NotThisFormat));
    }
    if file.record != fingerprint(record_bytes) {
        return Err(stale("another record (the record has changed)"));
    }
    if file.ply != ply {
        return Err(stale("another depth"));
    }
    if file.nets != nets_identity() {
        return Err(stale("other nets"));
    }
    Ok(file.analysis)
}

/// Saves `analysis` of a record of these bytes at `ply` to `path`, atomically.
///
/// # Errors
/// [`StoreError::Io`] when it cannot be written.
pub fn save(
    path: &Path,
    record_bytes: &[u8],
    ply: u8,
    analysis: &Analysis,
) -> Result<(), StoreError> {
    let file = CacheFile {
        format: FORMAT.to_string(),
        version: VERSION,
        record: fingerprint(record_bytes),
        ply,
        nets: nets_identity(),
        analysis: analysis.clone(),
    };
    let text = serde_json::to_string(&file).map_err(|e| StoreError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e),
    })?;
    store::write_atomic(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_tell_bytes_apart() {
        // FNV-1a's published test values.
        assert_eq!(fingerprint(b""), "fnv1a64:cbf29ce484222325:0");
        assert_eq!(fingerprint(b"a"), "fnv1a64:af63dc4c8601ec8c:1");
        assert_ne!(fingerprint(b"ab"), fingerprint(b"ba"));
        assert_eq!(
            path_for(Path::new("/tmp/m.json")),
            PathBuf::from("/tmp/m.json.analysis.json")
        );
    }

    /// An analysis saved by version 1 (before gnubg's statistics) or 2 (judged against the
    /// bot's filtered choice) is stale: made again with a word saying why, not called
    /// damaged. A file that is not one is damaged.
    #[test]
    fn an_earlier_version_is_stale_not_damaged() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("m.json.analysis.json");
        for version in [1, 2] {
            std::fs::write(
                &path,
                format!(
                    r#"{{"format":"bg-tui-analysis","version":{version},"record":"x","ply":2,"nets":"y","analysis":{{}}}}"#
                ),
            )
            .expect("written");
            assert!(matches!(load(&path, b"", 2), Err(CacheError::Stale(_, _))));
        }
        std::fs::write(&path, "not json").expect("written");
        assert!(matches!(
            load(&path, b"", 2),
            Err(CacheError::Damaged(_, Damage::Json(_)))
        ));
    }
}
