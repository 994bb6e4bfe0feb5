//! Which game writes the autosave: two games running at once never write over each other.
//! The first takes a lock on [`LOCK_NAME`] and writes [`AUTOSAVE_NAME`]; another writes a
//! file of its own. Also the autosave set aside for a new match, and the temporary files a
//! killed process left behind.

use super::{AUTOSAVE_NAME, LEGACY_AUTOSAVE_NAME, StoreError, finished_name};
use crate::files::{
    MAX_NAME_TRIES, all_taken, not_regular, numbered, open_regular, same_file, sync_folder,
    write_unused,
};
use crate::record::Record;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A temporary file older than this in the data folder was left by a process that was
/// killed while writing: it is removed when a game starts.
pub const STALE_TEMP_AGE: Duration = Duration::from_secs(60);

/// The lock file beside the autosave: the game that holds a lock on it writes the autosave.
pub const LOCK_NAME: &str = "autosave.lock";

/// The file a game autosaves to, and the lock that makes it that game's alone.
#[derive(Debug)]
pub struct AutosaveClaim {
    /// Where to write: [`AUTOSAVE_NAME`], or when another game holds it (or the folder's
    /// file system cannot lock files) a file of this game's own, `autosave-PID.jsonl`
    /// (this process's id; `autosave-PID-2.jsonl`, ... when that name is taken: a name is
    /// never taken from a file already there). Until the journal is written, the first name
    /// this game will try.
    pub path: PathBuf,
    /// The game writes a file of its own, not [`AUTOSAVE_NAME`] (see [`AutosaveClaim::why`]).
    pub elsewhere: bool,
    /// Why the game writes a file of its own; `None` for [`AUTOSAVE_NAME`].
    pub why: Option<Elsewhere>,
    /// The journal written at `path`, once the game has saved something.
    pub journal: Option<crate::journal::Journal>,
    /// The folder.
    dir: PathBuf,
    /// The locked [`LOCK_NAME`] file, or this game's own autosave, held while the claim
    /// lives (the system lets go of it when the process ends, however it ends).
    lock: Option<std::fs::File>,
}

/// Why a game autosaves to a file of its own rather than [`AUTOSAVE_NAME`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Elsewhere {
    /// Another game (another process) holds the autosave's lock.
    Busy,
    /// Files cannot be locked in the folder (some network or FUSE file systems): no game can
    /// tell whether another writes [`AUTOSAVE_NAME`], so each writes a file of its own.
    NoLocks(String),
    /// The game goes on with a file of its own that it was resumed from (an earlier game's
    /// `autosave-PID.jsonl`).
    Resumed,
}

/// How [`claim_autosave_with`] tries a lock: [`std::fs::File::try_lock`], or a stand-in
/// (a test's file system that cannot lock).
pub type TryLock = dyn Fn(&std::fs::File) -> Result<(), std::fs::TryLockError>;

/// Claims the autosave in `dir` for this game, so two games running at once never write
/// over each other: the first takes a lock on [`LOCK_NAME`] and writes [`AUTOSAVE_NAME`];
/// another finds the lock held and writes a file of its own (see [`AutosaveClaim::path`]).
/// Where the file system cannot lock, every game writes a file of its own. `resumed`: a
/// file of a game's own that this game was resumed from (an `autosave-PID.jsonl` in `dir`):
/// it goes on writing it, unless another game holds it. Temporary files a killed process
/// left in `dir` are removed first (see [`remove_stale_temps`]). The lock file is opened
/// without waiting: a FIFO or a device in its place is refused, never waited on.
///
/// # Errors
/// [`StoreError::Io`] when the folder or the lock file cannot be made, or the lock file is
/// not a regular file.
pub fn claim_autosave(dir: &Path, resumed: Option<&Path>) -> Result<AutosaveClaim, StoreError> {
    claim_autosave_with(dir, resumed, &|file| file.try_lock())
}

/// [`claim_autosave`], with `try_lock` trying each lock.
///
/// # Errors
/// As [`claim_autosave`].
pub fn claim_autosave_with(
    dir: &Path,
    resumed: Option<&Path>,
    try_lock: &TryLock,
) -> Result<AutosaveClaim, StoreError> {
    std::fs::create_dir_all(dir).map_err(|e| StoreError::io(dir, e))?;
    remove_stale_temps(dir, SystemTime::now());
    let claim =
        |path: PathBuf, why: Option<Elsewhere>, lock: Option<std::fs::File>| AutosaveClaim {
            path,
            elsewhere: why.is_some(),
            why,
            journal: None,
            dir: dir.to_path_buf(),
            lock,
        };
    if let Some(own) = resumed
        && let Ok(file) = open_regular(own)
        && try_lock(&file).is_ok()
    {
        return Ok(claim(
            own.to_path_buf(),
            Some(Elsewhere::Resumed),
            Some(file),
        ));
    }
    let lock_path = dir.join(LOCK_NAME);
    let lock = open_lock(&lock_path)?;
    Ok(match try_lock(&lock) {
        Ok(()) => claim(dir.join(AUTOSAVE_NAME), None, Some(lock)),
        Err(std::fs::TryLockError::WouldBlock) => {
            claim(dir.join(own_autosave_name()), Some(Elsewhere::Busy), None)
        }
        Err(std::fs::TryLockError::Error(e)) => claim(
            dir.join(own_autosave_name()),
            Some(Elsewhere::NoLocks(e.to_string())),
            None,
        ),
    })
}

/// Opens (creating it if need be) the lock file at `path` without waiting, and checks that
/// it is a regular file.
fn open_lock(path: &Path) -> Result<std::fs::File, StoreError> {
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        return Err(not_regular(path, &meta));
    }
    let mut options = std::fs::OpenOptions::new();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, crate::files::O_NONBLOCK);
    let file = options.open(path).map_err(|e| StoreError::io(path, e))?;
    let meta = file.metadata().map_err(|e| StoreError::io(path, e))?;
    if !meta.is_file() {
        return Err(not_regular(path, &meta));
    }
    Ok(file)
}

/// Whether the lock on [`LOCK_NAME`] in `dir` is held by another game now. A lock file that
/// is not there, or not a regular file, or a file system that cannot lock: not held.
#[must_use]
pub fn autosave_busy(dir: &Path) -> bool {
    open_regular(&dir.join(LOCK_NAME))
        .is_ok_and(|lock| matches!(lock.try_lock(), Err(std::fs::TryLockError::WouldBlock)))
}

/// The first name of this game's own autosave: `autosave-PID.jsonl`.
fn own_autosave_name() -> String {
    format!("autosave-{}.jsonl", std::process::id())
}

/// Whether `path` is a game's own autosave in `dir` (`autosave-*.jsonl`), not
/// [`AUTOSAVE_NAME`].
#[must_use]
pub fn is_own_autosave(dir: &Path, path: &Path) -> bool {
    let named = path
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|name| {
            name.starts_with("autosave-") && name.ends_with(".jsonl") && name != AUTOSAVE_NAME
        });
    named && path.parent().is_some_and(|parent| same_file(parent, dir))
}

impl Drop for AutosaveClaim {
    /// Lets go of the lock explicitly, so that a child process forked meanwhile (an engine
    /// being started, which holds the open file until it runs its program) cannot keep it
    /// held after the claim is gone.
    fn drop(&mut self) {
        if let Some(lock) = &self.lock {
            // Nothing to do about a failure: the lock goes with the last copy of the file.
            let _ = lock.unlock();
        }
    }
}

impl AutosaveClaim {
    /// Starts the journal of `record` (see [`crate::journal::Journal`]): goes on with the
    /// one at [`AutosaveClaim::path`] when `continues` (the match was resumed from it) and
    /// it is there; a file of this game's own is made under a name no file has; the
    /// autosave is written afresh.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn start_journal(&mut self, record: &Record, continues: bool) -> std::io::Result<()> {
        use crate::journal::Journal;
        let continues = continues || self.why == Some(Elsewhere::Resumed);
        if continues && self.path.is_file() {
            let mut journal = Journal::resume(&self.path, record)?;
            journal.save(record)?;
            self.journal = Some(journal);
            return Ok(());
        }
        if !self.elsewhere {
            self.journal = Some(Journal::create(&self.path, record)?);
            return Ok(());
        }
        let first = own_autosave_name();
        for n in 1..=MAX_NAME_TRIES {
            let path = self.dir.join(numbered(&first, n));
            match Journal::create_new(&path, record) {
                Ok(journal) => {
                    // Held while this game writes it: a `resume` of it meanwhile leaves it be.
                    if self.lock.is_none()
                        && let Ok(file) = open_regular(&path)
                        && file.try_lock().is_ok()
                    {
                        self.lock = Some(file);
                    }
                    self.path = path;
                    self.journal = Some(journal);
                    return Ok(());
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
        Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!(
                "{first} and the next {} numbered names are all taken",
                MAX_NAME_TRIES - 1
            ),
        ))
    }
}

/// Moves the autosave in `dir`, if there is one, out of the way of a new match:
/// renamed to `unfinished-YYYY-MM-DD-HHMMSS.jsonl` (UTC, at `time`; `.json` for an autosave
/// of the versions before the journal), where `bg-tui resume FILE` can go on with it.
/// Returns the new name.
///
/// # Errors
/// [`StoreError::Io`] when it cannot be renamed (then it is left as it is).
pub fn set_aside_autosave(dir: &Path, time: SystemTime) -> Result<Option<PathBuf>, StoreError> {
    let Some(autosave) = existing_autosave(dir) else {
        return Ok(None);
    };
    let name = finished_name(time).replacen("match-", "unfinished-", 1);
    let name = if autosave.extension().is_some_and(|e| e == "jsonl") {
        name.replace(".json", ".jsonl")
    } else {
        name
    };
    // A new name for the same file, taken only if free (a hard link fails on a name that
    // exists, where a rename would replace it); then the old name goes.
    for n in 1..=MAX_NAME_TRIES {
        let path = dir.join(numbered(&name, n));
        match std::fs::hard_link(&autosave, &path) {
            Ok(()) => {
                std::fs::remove_file(&autosave).map_err(|e| StoreError::io(&autosave, e))?;
                sync_folder(&path);
                return Ok(Some(path));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(_) => {
                // A file system without hard links: a copy under a free name, then the
                // autosave goes.
                let bytes = std::fs::read(&autosave).map_err(|e| StoreError::io(&autosave, e))?;
                let path = write_unused(dir, &name, &bytes)?;
                std::fs::remove_file(&autosave).map_err(|e| StoreError::io(&autosave, e))?;
                return Ok(Some(path));
            }
        }
    }
    Err(all_taken(&dir.join(name)))
}

/// Which file an autosave is (its device and inode on Unix): the same match keeps it when
/// it is set aside (a hard link) or played on (appended to), and no other file has it
/// while it is there. A question about the autosave remembers it, so that its answer acts
/// on the match it named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileMark {
    dev: u64,
    ino: u64,
}

impl FileMark {
    /// The mark of the file at `path` (following links), if it can be read (always `None`
    /// off Unix).
    #[must_use]
    pub fn of(path: &Path) -> Option<FileMark> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            std::fs::metadata(path).ok().map(|m| FileMark {
                dev: m.dev(),
                ino: m.ino(),
            })
        }
        #[cfg(not(unix))]
        {
            let _ = path;
            None
        }
    }

    /// Whether the file at `path` is this one.
    #[must_use]
    pub fn is(&self, path: &Path) -> bool {
        FileMark::of(path) == Some(*self)
    }

    /// The file in `dir` that is this one (a match set aside under a dated name), if any.
    #[must_use]
    pub fn find_in(&self, dir: &Path) -> Option<PathBuf> {
        std::fs::read_dir(dir)
            .ok()?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .find(|path| self.is(path))
    }
}

/// [`set_aside_autosave`], but only while no game holds the autosave's lock (it is taken
/// meanwhile) and only if the autosave is still the file `mark` says (`None`: whatever it
/// holds): the match a question named, not one that took its place since. Returns the new
/// name, or `None` when there was nothing to set aside or it was not that match.
///
/// # Errors
/// As [`set_aside_autosave`]; [`StoreError::Io`] when the lock file cannot be opened.
pub fn set_aside_marked(
    dir: &Path,
    mark: Option<FileMark>,
    time: SystemTime,
) -> Result<Option<PathBuf>, StoreError> {
    let lock = open_lock(&dir.join(LOCK_NAME))?;
    match lock.try_lock() {
        Ok(()) | Err(std::fs::TryLockError::Error(_)) => {}
        // Another game plays it now.
        Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
    }
    let named = existing_autosave(dir).is_some_and(|path| mark.is_none_or(|m| m.is(&path)));
    if !named {
        return Ok(None);
    }
    set_aside_autosave(dir, time)
}

/// The autosave in `dir`, if there is one: [`AUTOSAVE_NAME`], else the
/// [`LEGACY_AUTOSAVE_NAME`] of earlier versions.
#[must_use]
pub fn existing_autosave(dir: &Path) -> Option<PathBuf> {
    [AUTOSAVE_NAME, LEGACY_AUTOSAVE_NAME]
        .iter()
        .map(|name| dir.join(name))
        .find(|path| path.symlink_metadata().is_ok())
}

/// Removes the temporary files (`.bg-tui-*.tmp`) in `dir` older than [`STALE_TEMP_AGE`]:
/// a write takes far less, so such a file was left by a process killed while writing.
/// Returns how many were removed; what cannot be read or removed is left alone.
pub fn remove_stale_temps(dir: &Path, now: SystemTime) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(".bg-tui-") && name.ends_with(".tmp")) {
            continue;
        }
        let stale = entry
            .metadata()
            .ok()
            .filter(std::fs::Metadata::is_file)
            .and_then(|meta| meta.modified().ok())
            .and_then(|modified| now.duration_since(modified).ok())
            .is_some_and(|age| age >= STALE_TEMP_AGE);
        if stale && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}
