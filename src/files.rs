//! Files written so that nothing is lost: atomic replacement through a temporary file in the
//! same folder, new files that never replace another's, bounded reads of regular files only,
//! and the one error type for all of it. The autosave and records ([`crate::store`]) and the
//! journal ([`crate::journal`]) stand on these; this module needs neither.
//!
//! Every write of a regular file goes to a temporary file in the same folder, is flushed to
//! the disk, and is then renamed over the target, so a crash or a kill at any moment leaves
//! either the old file or the new one, never a broken or empty one. Only regular files are
//! read: a FIFO, a device or a folder is refused at once (a FIFO with no writer would wait
//! for ever), and every read is bounded.

use crate::record::RecordError;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a file could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not a record this program can play (see [`crate::record::load`]).
    #[error("{path}: {source}")]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: RecordError,
    },
    /// There is no home or data directory to keep saved games in.
    #[error("no data directory: set XDG_DATA_HOME or HOME")]
    NoDataDir,
}

impl StoreError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> StoreError {
        StoreError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Reads a text file of at most `limit` bytes.
///
/// # Errors
/// [`StoreError::Io`] when it cannot be read, is larger, or is not UTF-8.
pub fn read_text(path: &Path, limit: usize) -> Result<String, StoreError> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, limit as u64 + 1), &mut bytes)
        .map_err(|e| StoreError::io(path, e))?;
    if bytes.len() > limit {
        return Err(StoreError::io(
            path,
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("the file is larger than {limit} bytes"),
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        StoreError::io(
            path,
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "not UTF-8 text (byte {} is not valid)",
                    e.utf8_error().valid_up_to() + 1
                ),
            ),
        )
    })
}

/// Opens `path` for reading if it is a regular file (following symbolic links). It is
/// opened without waiting, so a FIFO with no writer is refused, not waited on.
///
/// # Errors
/// [`StoreError::Io`] when it cannot be opened or is not a regular file.
pub fn open_regular(path: &Path) -> Result<std::fs::File, StoreError> {
    crate::regular_file::open(path).map_err(|e| StoreError::io(path, e))
}

/// The error for `path`, which is not a regular file.
pub(crate) fn not_regular(path: &Path, meta: &std::fs::Metadata) -> StoreError {
    StoreError::io(path, crate::regular_file::not_regular(meta))
}

pub(crate) use crate::regular_file::O_NONBLOCK;

/// `ENXIO`: what opening a FIFO for writing without waiting gives when no one reads it.
#[cfg(unix)]
pub(crate) const ENXIO: i32 = 6;
#[cfg(not(unix))]
pub(crate) const ENXIO: i32 = -1;

/// Writes `bytes` to `path` atomically: into a temporary file in the same folder, flushed to
/// the disk, then renamed over `path`. The folder is created if need be. On error `path` is
/// as it was, and no temporary file is left behind.
///
/// # Errors
/// [`StoreError::Io`].
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    write_atomic_with(path, &mut |out| out.write_all(bytes))
}

/// [`write_atomic`] of what `write` writes, as it writes it.
///
/// # Errors
/// [`StoreError::Io`], with `write`'s own error when it fails.
pub fn write_atomic_with(
    path: &Path,
    write: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), StoreError> {
    let temp = written_temp(path, write)?;
    temp.persist(path)
        .map_err(|e| StoreError::io(path, e.error))?;
    sync_folder(path);
    Ok(())
}

/// Writes `bytes` to `path` as [`write_atomic`] does, but only if `path` does not exist
/// yet: a file there (even one made a moment ago by another process) is never replaced.
/// Returns the file, open for reading and writing.
///
/// # Errors
/// [`StoreError::Io`]; its source's kind is [`std::io::ErrorKind::AlreadyExists`] when
/// `path` is taken (nothing is written then).
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<std::fs::File, StoreError> {
    let temp = written_temp(path, &mut |out| out.write_all(bytes))?;
    let file = temp
        .persist_noclobber(path)
        .map_err(|e| StoreError::io(path, e.error))?;
    sync_folder(path);
    Ok(file)
}

/// Writes `bytes` under a name not yet taken in `dir`: `name`, else `STEM-2.EXT`,
/// `STEM-3.EXT`, ... (`name` is `STEM.EXT`), each name taken only if no file has it at that
/// moment, so two processes writing at once never replace each other's file. Returns the
/// path written.
///
/// # Errors
/// [`StoreError::Io`] when the folder or file cannot be written, or when
/// [`MAX_NAME_TRIES`] names are all taken.
pub fn write_unused(dir: &Path, name: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
    let first = dir.join(name);
    let mut temp = written_temp(&first, &mut |out| out.write_all(bytes))?;
    for n in 1..=MAX_NAME_TRIES {
        let path = dir.join(numbered(name, n));
        match temp.persist_noclobber(&path) {
            Ok(_) => {
                sync_folder(&path);
                return Ok(path);
            }
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => temp = e.file,
            Err(e) => return Err(StoreError::io(&path, e.error)),
        }
    }
    Err(all_taken(&first))
}

/// How many names [`write_unused`] and the autosave's setting aside try (`name`, `STEM-2.EXT`,
/// ...) before giving up.
pub const MAX_NAME_TRIES: usize = 10_000;

/// The error when every name is taken.
pub(crate) fn all_taken(path: &Path) -> StoreError {
    StoreError::io(
        path,
        std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!(
                "this name and the next {} numbered ones are all taken",
                MAX_NAME_TRIES - 1
            ),
        ),
    )
}

/// The `n`th name for `name` (`STEM.EXT`): `name` itself for 1, then `STEM-n.EXT`.
#[must_use]
pub fn numbered(name: &str, n: usize) -> String {
    if n <= 1 {
        return name.to_string();
    }
    match name.find('.') {
        Some(dot) if dot > 0 => format!("{}-{n}{}", &name[..dot], &name[dot..]),
        _ => format!("{name}-{n}"),
    }
}

/// A temporary file in `path`'s folder (created if need be) holding what `write` wrote,
/// forced to the disk: ready to be persisted as `path`.
fn written_temp(
    path: &Path,
    write: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> Result<tempfile::NamedTempFile, StoreError> {
    let fail = |e| StoreError::io(path, e);
    let dir = folder_of(path);
    std::fs::create_dir_all(dir).map_err(fail)?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".bg-tui-").suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(permissions_for(path));
    let mut temp = builder.tempfile_in(dir).map_err(fail)?;
    {
        let mut out = std::io::BufWriter::new(temp.as_file_mut());
        write(&mut out).map_err(fail)?;
        out.flush().map_err(fail)?;
    }
    temp.as_file().sync_all().map_err(fail)?;
    Ok(temp)
}

/// The folder `path` is in (`.` for a bare name).
pub(crate) fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Makes a rename into `path`'s folder durable where the system allows it.
pub(crate) fn sync_folder(path: &Path) {
    if let Ok(folder) = std::fs::File::open(folder_of(path)) {
        let _ = folder.sync_all();
    }
}

/// The permissions a written file gets: those of the file it replaces, else read and write
/// for the owner and read for others, as files usually are (a temporary file alone would be
/// the owner's only).
#[cfg(unix)]
fn permissions_for(path: &Path) -> std::fs::Permissions {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => meta.permissions(),
        _ => std::os::unix::fs::PermissionsExt::from_mode(0o644),
    }
}

/// Writes a command's output to `path` (`-o`), as `write` produces it:
///
/// * a regular file, or a name not yet taken, is replaced atomically (see
///   [`write_atomic`]); a symbolic link is followed, and its target replaced, not the link;
/// * anything else (a FIFO, a device such as `/dev/null`, `/dev/stdout`) is written into
///   as it is, never replaced;
/// * `path` may not be `input`, the file the command reads.
///
/// # Errors
/// [`StoreError::Io`] when it cannot be written, or names the input.
pub fn write_output(
    path: &Path,
    input: Option<&Path>,
    write: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), StoreError> {
    if let Some(input) = input
        && same_file(input, path)
    {
        return Err(StoreError::io(
            path,
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "this is the input file; write the output to another file",
            ),
        ));
    }
    let target = follow_links(path);
    // The system's own files (`/dev/stdout`, `/proc/self/fd/1`) lead to whatever the
    // process has open: write into that, never replace it.
    let special = [path, target.as_path()]
        .iter()
        .any(|p| p.starts_with("/dev") || p.starts_with("/proc"));
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() || special => {
            // Without waiting first: a FIFO no one reads is refused, not waited on (the
            // game would freeze, deaf to Ctrl-C and signals, until someone reads it).
            let mut probe = std::fs::OpenOptions::new();
            probe.append(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::custom_flags(&mut probe, O_NONBLOCK);
            // Held open until the file is opened again below, so a reader that came does
            // not see the end of the data in between.
            let _probe = probe.open(path).map_err(|e| {
                let fifo = std::fs::metadata(path)
                    .is_ok_and(|m| crate::regular_file::kind(&m) == "a FIFO");
                if fifo && e.raw_os_error() == Some(ENXIO) {
                    StoreError::io(
                        path,
                        std::io::Error::new(
                            std::io::ErrorKind::NotConnected,
                            "a FIFO that no one reads",
                        ),
                    )
                } else {
                    StoreError::io(path, e)
                }
            })?;
            // Append: for standard output redirected to a file, write after what is there.
            let file = std::fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(|e| StoreError::io(path, e))?;
            let mut out = std::io::BufWriter::new(file);
            write(&mut out)
                .and_then(|()| out.flush())
                .map_err(|e| StoreError::io(path, e))
        }
        _ => write_atomic_with(&target, write),
    }
}

/// Whether `a` and `b` name the same existing file (the same device and inode).
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// `path` with its symbolic links followed, as far as they lead (also to a target that does
/// not exist yet); `path` itself when it is not a link.
fn follow_links(path: &Path) -> PathBuf {
    let mut current = path.to_path_buf();
    // A loop of links gives up after as many steps as the system does.
    for _ in 0..40 {
        match std::fs::read_link(&current) {
            Ok(target) => {
                current = match current.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            Err(_) => break,
        }
    }
    current
}
