//! `bg-tui drill`: the worst decisions of the analysed matches in the records folder asked
//! again as a quiz in the terminal, or `--list`ed (the drill is [`bg_tui::drill`], its
//! screen `tui::drill`).

use super::CliError;
use crate::tui::drill::{self, DrillOptions, Prepared, folder_note, prepare};
use crate::tui::theme::Palette;
use bg_tui::drill::DEFAULT_MIN_LOSS;
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

/// `bg-tui drill [--dir DIR] [--list] [--min-loss X] [--ascii] [--theme THEME]`.
#[derive(Debug, Clone, PartialEq, Args)]
pub(crate) struct DrillArgs {
    /// The folder of the records (the save folder by default); the schedule is kept there
    /// as drill.json.
    #[arg(long, value_name = "DIR")]
    pub(crate) dir: Option<PathBuf>,
    /// Print the due items, one a line, instead of asking them.
    #[arg(long)]
    pub(crate) list: bool,
    /// The least equity (EMG) a decision lost to be drilled: 0.04 (doubtful) by default.
    #[arg(long, value_name = "EMG", default_value_t = DEFAULT_MIN_LOSS, value_parser = min_loss)]
    pub(crate) min_loss: f64,
    /// First analyse the records and `.mat` files that have no saved analysis (as `replay
    /// --analyse` does, saved beside each file), at `--ply`.
    #[arg(long)]
    pub(crate) analyse: bool,
    /// How deep the expert looks for `--analyse` (0 to 3 plies).
    #[arg(long, default_value_t = bg_tui::bot::EXPERT_DEFAULT_PLY, value_parser = clap::value_parser!(u8).range(0..=3), requires = "analyse")]
    pub(crate) ply: u8,
    /// Draw with ASCII only, no Unicode.
    #[arg(long)]
    pub(crate) ascii: bool,
    /// The colours: dark (for a dark background) or light (for a light one).
    #[arg(long, value_name = "THEME", value_enum, default_value_t = Palette::Dark)]
    pub(crate) theme: Palette,
}

/// A loss threshold: a number from 0 to 10.
fn min_loss(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if (0.0..=10.0).contains(&x) => Ok(x),
        _ => Err(format!("a number from 0 to 10, not {text:?}")),
    }
}

impl DrillArgs {
    /// The records folder: `--dir`, else the save folder.
    fn folder(&self) -> Result<PathBuf, CliError> {
        match &self.dir {
            Some(dir) => Ok(dir.clone()),
            None => bg_tui::store::data_dir().map_err(CliError::Store),
        }
    }

    /// `bg-tui drill`: the due items as text with `--list`, else the quiz in the terminal;
    /// returns what to print.
    ///
    /// # Errors
    /// [`CliError::Drill`] when the folder or the schedule cannot be read, or the terminal
    /// cannot be used.
    pub(crate) fn run(&self) -> Result<String, CliError> {
        let dir = self.folder()?;
        if self.analyse {
            analyse_missing(&dir, self.ply)?;
        }
        if self.list {
            let prepared = prepare(&dir, self.min_loss)?;
            return Ok(list(&prepared, drill::system_now()));
        }
        let options = DrillOptions {
            ascii: self.ascii,
            color: crate::tui::color_wanted(),
            palette: self.theme,
            ..DrillOptions::default()
        };
        let (hits, misses) = drill::run(drill::drill_of(&dir, self.min_loss, options)?)?;
        Ok(format!("drill: {hits} right, {misses} wrong\n"))
    }
}

/// `--list`: a line on the folder, then each due item in the order the drill asks them:
/// its key, box, the loss in the match, the question and the rule set and score.
pub(crate) fn list(p: &Prepared, now: u64) -> String {
    let mut out = String::new();
    if let Some(note) = &p.loaded.note {
        let _ = writeln!(out, "note: {note}");
    }
    for problem in &p.collected.problems {
        let _ = writeln!(out, "note: {problem}");
    }
    let items = &p.collected.items;
    let schedule = &p.loaded.schedule;
    let keys: Vec<&str> = items.iter().map(|i| i.key.as_str()).collect();
    let due = schedule.due_order(&keys, now);
    let _ = writeln!(out, "{} due of {}", due.len(), folder_note(&p.collected));
    for i in due {
        let Some(item) = items.get(i) else { continue };
        let level = schedule.card(&item.key).map_or(1, |c| c.level);
        let _ = writeln!(
            out,
            "box {level}  loss {:.3} {}  {}  {}",
            item.judged.loss,
            item.equity_unit(),
            bg_tui::printable::printable(&item.question(), 200),
            item.setting()
        );
    }
    out
}

/// `--analyse`: analyses each record of `dir` without a saved analysis at any depth and
/// saves it beside the record, saying on standard error which it analyses; a record that
/// cannot be analysed is said and skipped.
///
/// # Errors
/// [`CliError::Folder`] when the folder cannot be listed.
fn analyse_missing(dir: &std::path::Path, ply: u8) -> Result<(), CliError> {
    use bg_tui::analysis::cache;
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            return Err(CliError::Folder {
                option: Some("--dir"),
                path: dir.to_path_buf(),
                source,
            });
        }
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(bg_tui::drill::is_match_file_name)
        })
        .collect();
    paths.sort();
    for path in paths {
        let Ok((record, text)) = bg_tui::store::read_match_file(&path) else {
            continue;
        };
        let saved = cache::path_for(&path);
        let shown = super::printable(&path.display().to_string(), 120);
        if (0..=3).any(|p| cache::load(&saved, text.as_bytes(), p).is_ok()) {
            continue;
        }
        eprintln!("bg-tui: analysing {shown} at {ply}-ply");
        match bg_tui::analysis::analyse(&record, ply) {
            Ok(a) => {
                if let Err(e) = cache::save(&saved, text.as_bytes(), ply, &a) {
                    eprintln!("bg-tui: {}", super::printable(&e.to_string(), 300));
                }
            }
            Err(e) => eprintln!("bg-tui: {shown}: {}", super::printable(&e.to_string(), 300)),
        }
    }
    Ok(())
}
