//! When each drill item comes back: Leitner's boxes, kept in a small JSON file beside the
//! records.
//!
//! A new item starts in box 1, due at once. A right answer moves it up a box (at most
//! [`BOXES`]) and makes it due again after that box's interval ([`INTERVALS`]: a day, then
//! 3, 7, 14 and 30 days); a wrong one sends it back to box 1, due again in
//! [`MISS_AGAIN`] (ten minutes), so the items missed come back sooner and more often.
//! Times are seconds since the Unix epoch, handed in (the schedule reads no clock).

use super::KeptRollout;
use crate::store::{self, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The schedule's file name, in the records folder.
pub const FILE_NAME: &str = "drill.json";
/// The `format` field of the file.
pub const FORMAT: &str = "bg-tui-drill";
/// The file's format version.
pub const VERSION: u32 = 1;
/// The number of boxes.
pub const BOXES: u8 = 5;
/// How long after a right answer an item in each box (1 to [`BOXES`]) comes back, in
/// seconds: 1, 3, 7, 14 and 30 days.
pub const INTERVALS: [u64; BOXES as usize] = [DAY, 3 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];
/// How long after a wrong answer an item comes back, in seconds.
pub const MISS_AGAIN: u64 = 10 * 60;
const DAY: u64 = 86_400;
/// The largest schedule file read.
const MAX_BYTES: usize = 16 << 20;
/// The name a damaged file is kept under (numbered when taken).
const DAMAGED_NAME: &str = "drill-damaged.json";

/// One item's place in the schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its box, 1 to [`BOXES`].
    #[serde(rename = "box")]
    pub level: u8,
    /// When it is due (seconds since the Unix epoch).
    pub due: u64,
    /// Right answers so far.
    pub hits: u32,
    /// Wrong answers so far.
    pub misses: u32,
}

impl Card {
    /// A new card: box 1, due at `now`.
    #[must_use]
    pub const fn new(now: u64) -> Card {
        Card {
            level: 1,
            due: now,
            hits: 0,
            misses: 0,
        }
    }

    /// The card after an answer at `now`: a hit moves it up a box and away for the box's
    /// interval, a miss back to box 1 for [`MISS_AGAIN`].
    #[must_use]
    pub fn answered(self, hit: bool, now: u64) -> Card {
        if hit {
            let level = (self.level.max(1) + 1).min(BOXES);
            Card {
                level,
                due: now.saturating_add(INTERVALS[usize::from(level - 1)]),
                hits: self.hits.saturating_add(1),
                misses: self.misses,
            }
        } else {
            Card {
                level: 1,
                due: now.saturating_add(MISS_AGAIN),
                hits: self.hits,
                misses: self.misses.saturating_add(1),
            }
        }
    }
}

/// Every item's card, by the item's key, and the rollouts made of items.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Schedule {
    cards: BTreeMap<String, Card>,
    rollouts: BTreeMap<String, KeptRollout>,
}

/// The file.
#[derive(Debug, Serialize, Deserialize)]
struct ScheduleFile {
    format: String,
    version: u32,
    cards: BTreeMap<String, Card>,
    /// Absent in files written before rollouts were kept (and when there is none).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    rollouts: BTreeMap<String, KeptRollout>,
}

/// The file's first fields, read alone to tell a newer version from a damaged file.
#[derive(Debug, Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// Why the schedule could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ScheduleError {
    /// The file could not be read, written or set aside.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The file is of a newer version of bg-tui: left as it is.
    #[error(
        "the drill schedule {0} was written by a newer bg-tui (version {1}); it is left as it is"
    )]
    Newer(String, u32),
}

/// A schedule read from its file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Loaded {
    /// The schedule (empty when there was no file, or it was damaged).
    pub schedule: Schedule,
    /// One line to tell the user, if the file was damaged: why, and where it was kept.
    pub note: Option<String>,
}

impl Schedule {
    /// The card of the item `key`, if it was ever answered.
    #[must_use]
    pub fn card(&self, key: &str) -> Option<&Card> {
        self.cards.get(key)
    }

    /// The rollout kept of the item `key`, if one was made.
    #[must_use]
    pub fn rollout(&self, key: &str) -> Option<&KeptRollout> {
        self.rollouts.get(key)
    }

    /// Keeps `rollout` as the item `key`'s (in place of an older one).
    pub fn keep_rollout(&mut self, key: &str, rollout: KeptRollout) {
        self.rollouts.insert(key.to_string(), rollout);
    }

    /// How many items were ever answered.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// No item was ever answered.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The item `key` is due at `now`: never answered, or its time has come.
    #[must_use]
    pub fn is_due(&self, key: &str, now: u64) -> bool {
        self.cards.get(key).is_none_or(|c| c.due <= now)
    }

    /// Notes an answer to the item `key` at `now`; returns its card after it.
    pub fn answer(&mut self, key: &str, hit: bool, now: u64) -> Card {
        let card = self
            .cards
            .get(key)
            .copied()
            .unwrap_or_else(|| Card::new(now))
            .answered(hit, now);
        self.cards.insert(key.to_string(), card);
        card
    }

    /// The due items of `keys` (in the order given, worst first) in the order to ask them:
    /// those answered before, the lowest box and the longest due first, then the new ones
    /// in their order. Returns indices into `keys`.
    #[must_use]
    pub fn due_order(&self, keys: &[&str], now: u64) -> Vec<usize> {
        let mut due: Vec<usize> = (0..keys.len())
            .filter(|&i| self.is_due(keys[i], now))
            .collect();
        // A stable sort: the new ones keep their order (worst first).
        due.sort_by_key(|&i| {
            self.cards
                .get(keys[i])
                .map_or((1, 0, 0), |c| (0, c.level, c.due))
        });
        due
    }

    /// Reads the schedule at `path`: empty when there is none. A file that does not read
    /// as a schedule is copied aside (as `drill-damaged.json`, numbered if taken, in the
    /// same folder) before the schedule starts afresh, and the note says so.
    ///
    /// # Errors
    /// [`ScheduleError::Store`] when the file cannot be read or the damaged one cannot be
    /// kept; [`ScheduleError::Newer`] for a file of a newer version.
    pub fn load(path: &Path) -> Result<Loaded, ScheduleError> {
        if !path.exists() {
            return Ok(Loaded::default());
        }
        let name = crate::printable::printable(&path.display().to_string(), 120);
        let why = match store::read_text(path, MAX_BYTES) {
            Ok(text) => match serde_json::from_str::<ScheduleFile>(&text) {
                Ok(file) if file.format == FORMAT && file.version == VERSION => {
                    let mut cards = file.cards;
                    // A box out of range is taken as the nearest one.
                    for card in cards.values_mut() {
                        card.level = card.level.clamp(1, BOXES);
                    }
                    return Ok(Loaded {
                        schedule: Schedule {
                            cards,
                            rollouts: file.rollouts,
                        },
                        note: None,
                    });
                }
                Ok(file) if file.format == FORMAT && file.version > VERSION => {
                    return Err(ScheduleError::Newer(name, file.version));
                }
                Ok(_) => format!("not a {FORMAT} file of version {VERSION}"),
                Err(e) => match serde_json::from_str::<Header>(&text) {
                    Ok(h) if h.format == FORMAT && h.version > VERSION => {
                        return Err(ScheduleError::Newer(name, h.version));
                    }
                    _ => e.to_string(),
                },
            },
            // Bad UTF-8 or too big: damaged; a file that cannot be read at all is an error.
            Err(StoreError::Io { source, .. })
                if source.kind() == std::io::ErrorKind::InvalidData =>
            {
                source.to_string()
            }
            Err(e) => return Err(e.into()),
        };
        let kept = set_aside(path)?;
        Ok(Loaded {
            schedule: Schedule::default(),
            note: Some(crate::printable::printable(
                &format!(
                    "the drill schedule {name} is damaged ({why}); it is kept as {} and the drill starts afresh",
                    kept.display()
                ),
                400,
            )),
        })
    }

    /// Writes the schedule to `path`, atomically.
    ///
    /// # Errors
    /// [`StoreError::Io`] when it cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), StoreError> {
        let file = ScheduleFile {
            format: FORMAT.to_string(),
            version: VERSION,
            cards: self.cards.clone(),
            rollouts: self.rollouts.clone(),
        };
        let text = serde_json::to_string_pretty(&file).map_err(|e| StoreError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::other(e),
        })?;
        store::write_atomic(path, (text + "\n").as_bytes())
    }
}

/// Copies the damaged file at `path` under a name not taken beside it; returns where.
fn set_aside(path: &Path) -> Result<PathBuf, StoreError> {
    let bytes = std::fs::read(path).map_err(|source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    store::write_unused(dir, DAMAGED_NAME, &bytes)
}
