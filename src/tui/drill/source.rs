//! Where the drill's items and schedule come from: the records folder.

use super::DrillError;
use bg_tui::drill::{Collected, FILE_NAME, Schedule};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The items of a folder and its schedule, read for the drill.
pub(crate) struct Prepared {
    /// What the folder gave.
    pub(crate) collected: Collected,
    /// The schedule, with the note of a damaged file set aside.
    pub(crate) loaded: bg_tui::drill::Loaded,
    /// The schedule's file.
    pub(crate) schedule_file: PathBuf,
}

/// Reads the items of the records in `dir` and the schedule beside them.
///
/// # Errors
/// [`DrillError::Folder`] when the folder cannot be listed, [`DrillError::Schedule`] when
/// the schedule cannot be read (or is of a newer version).
pub(crate) fn prepare(dir: &Path, min_loss: f64) -> Result<Prepared, DrillError> {
    let shown = || bg_tui::printable::printable(&dir.display().to_string(), 120);
    let collected = match bg_tui::drill::collect(dir, min_loss) {
        Ok(c) => c,
        // No folder yet: nothing saved, nothing to drill.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Collected::default(),
        Err(e) => return Err(DrillError::Folder(shown(), e)),
    };
    let schedule_file = dir.join(FILE_NAME);
    let loaded = Schedule::load(&schedule_file)?;
    Ok(Prepared {
        collected,
        loaded,
        schedule_file,
    })
}

/// One line on what the folder held: the records analysed and those without an analysis.
pub(crate) fn folder_note(c: &Collected) -> String {
    let mut note = format!(
        "{} item{} from {} analysed record{}",
        c.items.len(),
        plural(c.items.len()),
        c.analysed,
        plural(c.analysed)
    );
    if c.bots_errors > 0 {
        let _ = write!(
            note,
            "; {} error{} by bots, not drilled",
            c.bots_errors,
            plural(c.bots_errors)
        );
    }
    if !c.unanalysed.is_empty() {
        let _ = write!(
            note,
            "; {} record{} without a saved analysis (bg-tui replay FILE --analyse saves one)",
            c.unanalysed.len(),
            plural(c.unanalysed.len())
        );
    }
    note
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A drill of the records in `dir` with `options`, its schedule kept beside them: the
/// first line says what the folder held (and a damaged schedule set aside, a saved
/// analysis that could not be used).
///
/// # Errors
/// As [`prepare`].
pub(crate) fn drill_of(
    dir: &Path,
    min_loss: f64,
    mut options: super::DrillOptions,
) -> Result<super::Drill, DrillError> {
    let p = prepare(dir, min_loss)?;
    let mut notes: Vec<String> = p.loaded.note.iter().cloned().collect();
    notes.extend(p.collected.problems.first().cloned());
    notes.push(folder_note(&p.collected));
    options.schedule_file = Some(p.schedule_file);
    options.note = notes.join("; ");
    Ok(super::Drill::new(
        p.collected.items,
        p.loaded.schedule,
        options,
    ))
}
