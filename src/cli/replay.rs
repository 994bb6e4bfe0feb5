//! `bg-tui replay`: the arguments, the record read into its timeline, and `--text`.

use super::CliError;
use crate::tui::theme::Palette;
use bg_tui::replay::Timeline;
use clap::Args;
use std::path::{Path, PathBuf};

/// `bg-tui replay FILE [--text] [--ascii] [--analyse]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub(crate) struct ReplayArgs {
    /// The game record (JSON, as bg-tui saves it) or a Jellyfish .mat file (by its name's
    /// ending, as `analyse` reads it).
    pub(crate) file: PathBuf,
    /// Print the match as text, one line per turn, instead of opening the viewer.
    #[arg(long)]
    pub(crate) text: bool,
    /// Draw with ASCII only, no Unicode (the viewer).
    #[arg(long)]
    pub(crate) ascii: bool,
    /// The viewer's colours: dark (for a dark background) or light (for a light one).
    #[arg(long, value_name = "THEME", value_enum, default_value_t = Palette::Dark)]
    pub(crate) theme: Palette,
    /// Open the viewer with the analysis board shown (`A`): every decision judged by the
    /// expert, saved beside the record as FILE.analysis.json.
    #[arg(long, conflicts_with = "text")]
    pub(crate) analyse: bool,
    /// How deep the expert looks in the viewer's analysis (0 to 3 plies).
    #[arg(long, default_value_t = bg_tui::bot::EXPERT_DEFAULT_PLY, value_parser = clap::value_parser!(u8).range(0..=3), conflicts_with = "text")]
    pub(crate) ply: u8,
}

/// Reads a game record and builds its timeline: errors name the file, the game, the action
/// and the reason.
///
/// # Errors
/// [`CliError`] when the file cannot be read or is not a playable record.
pub(crate) fn read_timeline(path: &Path) -> Result<(bg_tui::record::Record, Timeline), CliError> {
    read_timeline_text(path).map(|(record, timeline, _)| (record, timeline))
}

/// [`read_timeline`], with the file's text as read (which names the analysis saved beside
/// it).
///
/// # Errors
/// As [`read_timeline`].
pub(crate) fn read_timeline_text(
    path: &Path,
) -> Result<(bg_tui::record::Record, Timeline, String), CliError> {
    let (record, text) = read_record_text(path)?;
    let timeline = Timeline::new(&record).map_err(|source| CliError::Record {
        path: path.to_path_buf(),
        source,
    })?;
    Ok((record, timeline, text))
}

/// Reads a game record (JSON, as bg-tui saves it) or, for a file whose name ends in `.mat`,
/// a Jellyfish match file read into a record; with the file's text as read
/// ([`bg_tui::store::read_match_file`]). A JSON record is parsed without the replay `load`
/// makes ([`Timeline::new`] replays it with every check).
///
/// # Errors
/// [`CliError::Store`] when the file cannot be read; [`CliError::MatchFile`] when its text
/// is not a record or a match file.
pub(crate) fn read_record_text(path: &Path) -> Result<(bg_tui::record::Record, String), CliError> {
    bg_tui::store::read_match_file(path).map_err(|e| match e {
        bg_tui::store::MatchFileError::Read(e) => CliError::Store(e),
        e => CliError::MatchFile(e),
    })
}

/// `bg-tui replay FILE --text`: the match as text (see [`bg_tui::replay::text`]).
///
/// # Errors
/// As [`read_timeline`].
pub(crate) fn replay_text(path: &Path) -> Result<String, CliError> {
    let (record, timeline) = read_timeline(path)?;
    Ok(bg_tui::replay::text::render(&record, &timeline))
}

impl ReplayArgs {
    /// `--text`: the match as text to print.
    ///
    /// # Errors
    /// As [`read_timeline`].
    pub(crate) fn text(&self) -> Result<String, CliError> {
        replay_text(&self.file)
    }

    /// `bg-tui replay`: the match as text with `--text`, else the replay viewer in the
    /// terminal (with the analysis saved beside the record found by the record's bytes).
    /// Returns what to print (nothing after the viewer).
    ///
    /// # Errors
    /// As [`read_timeline`], and [`CliError::Viewer`] when the terminal could not be used.
    pub(crate) fn run(&self) -> Result<String, CliError> {
        use crate::tui::viewer;
        if self.text {
            return self.text();
        }
        let (record, timeline, text) = read_timeline_text(&self.file)?;
        let source = Some(viewer::analysis_board::RecordSource {
            path: self.file.clone(),
            bytes: std::sync::Arc::new(text.into_bytes()),
        });
        let options = viewer::ViewOptions {
            ascii: self.ascii,
            color: crate::tui::color_wanted(),
            palette: self.theme,
            clock: record.clock,
            analyse: self.analyse,
            ply: self.ply,
            source,
        };
        Ok(viewer::run(timeline, options)?)
    }
}
