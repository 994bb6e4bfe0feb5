//! A rollout of an item's choices, kept in the schedule's file beside the item's card so
//! that it is shown at once the next time the item comes back.

use crate::bot::expert::Chances;
use serde::{Deserialize, Serialize};

/// A rollout of an item's choices (the best and the one answered, or the cube decision).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeptRollout {
    /// How it was played, in words: "324 trials, 0-ply, cut at 11 turns".
    pub how: String,
    /// The trials played of each choice.
    pub trials: u32,
    /// Each choice rolled out, with its cubeless equity for the player who decides.
    #[serde(default)]
    pub choices: Vec<RolledChoice>,
    /// A cube decision from the rolled-out chances, in lines (EMG at the item's score and
    /// cube); empty for plays.
    #[serde(default)]
    pub cube: Vec<String>,
    /// When it was made (seconds since the Unix epoch).
    pub at: u64,
}

/// One choice of a [`KeptRollout`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RolledChoice {
    /// The choice in words (a play in notation).
    pub choice: String,
    /// Its cubeless equity for the player who decides.
    pub equity: f64,
    /// The equity's standard error.
    pub std_err: f64,
    /// Its chances for the same player: win, win a gammon, win a backgammon, lose a
    /// gammon, lose a backgammon (0 to 1).
    pub chances: [f64; 5],
}

impl KeptRollout {
    /// The rollout in lines for a narrow panel: its settings, each choice with its cubeless
    /// equity ± its standard error and its winning chances, then the cube lines.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!("rollout ({}):", self.how)];
        if !self.choices.is_empty() {
            out.push("cubeless equity ± s.e., win%:".to_string());
        }
        for c in &self.choices {
            out.push(format!(
                "{} {:+.3} ± {:.3} {:.1}%",
                c.choice,
                c.equity,
                c.std_err,
                100.0 * c.chances.win()
            ));
        }
        out.extend(self.cube.iter().cloned());
        out
    }
}
