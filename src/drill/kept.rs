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
    /// Each choice rolled out, with its cubeful value at the item's cube and score and its
    /// cubeless equity, for the player who decides.
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
    /// Its cubeful value at the item's cube and score from the rolled-out chances (the cube
    /// model): the cubeful equity in money play, EMG in a match; `None` in a game without a
    /// cube, and in rollouts kept before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cubeful: Option<f64>,
    /// In a match, its match-winning chances (0 to 1) from the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mwc: Option<f64>,
    /// The equity's standard error.
    pub std_err: f64,
    /// Its chances for the same player: win, win a gammon, win a backgammon, lose a
    /// gammon, lose a backgammon (0 to 1).
    pub chances: [f64; 5],
}

impl KeptRollout {
    /// The rollout in lines for a narrow panel: its settings, each choice with its cubeful
    /// value (MWC and EMG in a match, the cubeful equity in money play) where it has one, its
    /// cubeless equity ± its standard error and its winning chances, then the cube lines.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!("rollout ({}):", self.how)];
        let cubeful = !self.choices.is_empty() && self.choices.iter().all(|c| c.cubeful.is_some());
        let in_match = cubeful && self.choices.iter().all(|c| c.mwc.is_some());
        if !self.choices.is_empty() {
            out.push(
                match (cubeful, in_match) {
                    (true, true) => "MWC, EMG, cubeless equity ± s.e., win%:",
                    (true, false) => "cubeful, cubeless equity ± s.e., win%:",
                    _ => "cubeless equity ± s.e., win%:",
                }
                .to_string(),
            );
        }
        for c in &self.choices {
            let value = match (cubeful, in_match, c.cubeful, c.mwc) {
                (true, true, Some(emg), Some(mwc)) => format!("{:.1}% {emg:+.3} ", 100.0 * mwc),
                (true, false, Some(equity), _) => format!("{equity:+.3} "),
                _ => String::new(),
            };
            out.push(format!(
                "{} {value}{:+.3} ± {:.3} {:.1}%",
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
