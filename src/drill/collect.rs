//! Gathering the drill items: a person's worst decisions from the analyses saved beside
//! the records of a folder.

use super::Item;
use crate::analysis::{Analysis, Judged, cache};
use crate::engine::MatchState;
use crate::record::{self, ActionStep, PlayerKind, Record, Visitor};
use crate::store::MatchFileError;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::Path;

/// The least loss a decision is drilled for by default: gnubg's doubtful decision (`?!`).
pub const DEFAULT_MIN_LOSS: f64 = crate::advisor::Mark::DOUBTFUL_AT;

/// The depths a saved analysis is looked for at, deepest first.
const PLIES: [u8; 4] = [3, 2, 1, 0];

/// The largest number of files of a folder looked at.
const MAX_FILES: usize = 10_000;

/// The items of `record` (its file named `name`) from its `analysis`: each decision of a
/// person (a player the record calls a bot is not drilled) that lost at least `min_loss`,
/// worst first, with the match as it stood.
#[must_use]
pub fn items_of(record: &Record, analysis: &Analysis, name: &str, min_loss: f64) -> Vec<Item> {
    let wanted: HashMap<(usize, usize), &Judged> = analysis
        .judged
        .iter()
        .filter(|j| j.loss >= min_loss && j.game >= 1 && j.action >= 1)
        .filter(|j| by_person(record, j))
        .map(|j| ((j.game - 1, j.action - 1), j))
        .collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let mut finder = Finder {
        wanted: &wanted,
        found: Vec::new(),
    };
    // A record the rules refuse gives the items found before the refusal.
    let _ = record::walk(record, &mut finder);
    let names = crate::replay::display_names(&record.players);
    let mut items: Vec<Item> = finder
        .found
        .into_iter()
        .map(|(j, before)| {
            let side = j.side;
            Item {
                key: format!("{name}:{}:{}", j.game, j.action),
                record: name.to_string(),
                player: names[side.index()].clone(),
                names: names.clone(),
                side,
                judged: j.clone(),
                before,
            }
        })
        .collect();
    items.sort_by(|a, b| b.judged.loss.total_cmp(&a.judged.loss));
    items
}

/// Whether a person (not a bot) made the decision `judged` of `record`: whoever played
/// its side at its action ([`Record::player_at`]).
fn by_person(record: &Record, judged: &Judged) -> bool {
    let (game, action) = (
        judged.game.saturating_sub(1),
        judged.action.saturating_sub(1),
    );
    matches!(
        record.player_at(game, action, judged.side).kind,
        PlayerKind::Human
    )
}

/// Finds the match before each wanted action.
struct Finder<'a> {
    wanted: &'a HashMap<(usize, usize), &'a Judged>,
    found: Vec<(&'a Judged, MatchState)>,
}

impl Visitor for Finder<'_> {
    type Break = std::convert::Infallible;

    fn action(&mut self, step: &ActionStep<'_>) -> ControlFlow<Self::Break> {
        if let Some(j) = self.wanted.get(&(step.game, step.index)) {
            self.found.push((j, step.before.clone()));
        }
        ControlFlow::Continue(())
    }
}

/// What [`collect`] found in a folder.
#[derive(Debug, Clone, Default)]
pub struct Collected {
    /// The items, worst first.
    pub items: Vec<Item>,
    /// How many records have a saved analysis that was used.
    pub analysed: usize,
    /// The records without a usable saved analysis (file names).
    pub unanalysed: Vec<String>,
    /// One line for each file that could not be used, saying why.
    pub problems: Vec<String>,
    /// The decisions of bots the analyses judged to lose at least the threshold: not
    /// drilled (the drill is of people's mistakes), counted so that a folder of bots'
    /// matches can say why it has nothing to drill.
    pub bots_errors: usize,
}

/// Whether a file of this name in a records folder is a match to drill: a game record
/// (`*.json`, not an analysis or the drill's own file) or a Jellyfish match file (`*.mat`,
/// any case).
#[must_use]
pub fn is_match_file_name(name: &str) -> bool {
    (name.ends_with(".json") && !name.ends_with(".analysis.json") && name != super::FILE_NAME)
        || crate::store::is_mat_file(Path::new(name))
}

/// The items of every record in `dir` (a game record `*.json` or a match file `*.mat` with
/// its analysis saved beside it, `NAME.analysis.json`, at any depth: the deepest used), each
/// decision of a person that lost at least `min_loss`, worst first.
///
/// # Errors
/// [`std::io::Error`] when the folder cannot be listed.
pub fn collect(dir: &Path, min_loss: f64) -> Result<Collected, std::io::Error> {
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| is_match_file_name(n))
        .take(MAX_FILES)
        .collect();
    names.sort();
    let mut out = Collected::default();
    for name in names {
        let path = dir.join(&name);
        let shown = crate::printable::printable(&name, 80);
        let (record, text) = match crate::store::read_match_file(&path) {
            Ok(read) => read,
            Err(MatchFileError::Mat { source, .. }) => {
                // A match file that does not read: said, as a damaged analysis is.
                let why = crate::printable::printable(&source.to_string(), 200);
                out.problems.push(format!("{shown}: {why}"));
                continue;
            }
            // Not a regular readable file, or another kind of JSON file: not a record.
            Err(_) => continue,
        };
        let cache_path = cache::path_for(&path);
        if !cache_path.exists() {
            out.unanalysed.push(shown);
            continue;
        }
        let mut why = None;
        let analysis =
            PLIES.iter().find_map(
                |&ply| match cache::load(&cache_path, text.as_bytes(), ply) {
                    Ok(a) => Some(a),
                    Err(e) => {
                        if !matches!(e, cache::CacheError::Stale(_, "another depth")) {
                            why = Some(e.to_string().replace("; analysing again", ""));
                        }
                        None
                    }
                },
            );
        match analysis {
            Some(a) => {
                out.analysed += 1;
                out.items.extend(items_of(&record, &a, &name, min_loss));
                out.bots_errors += a
                    .judged
                    .iter()
                    .filter(|j| j.loss >= min_loss && !by_person(&record, j))
                    .count();
            }
            None => {
                if let Some(why) = why {
                    out.problems.push(why);
                }
                out.unanalysed.push(shown);
            }
        }
    }
    out.items
        .sort_by(|a, b| b.judged.loss.total_cmp(&a.judged.loss));
    Ok(out)
}
