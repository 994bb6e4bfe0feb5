//! The hint panel (`H`): the strongest bot's ranking of every play, or its cube advice. A
//! line of the ranking can be chosen (Up/Down and Enter, or its number) to play it.

use crate::bot::expert::RankedPlay;
use crate::bot::expert::net::{LOSE_BACKGAMMON, LOSE_GAMMON, WIN, WIN_BACKGAMMON, WIN_GAMMON};
use crate::engine::{Play, format_play};

/// How many plays the panel shows at once (it scrolls to the chosen one).
pub const SHOWN: usize = 10;

/// One play of the ranking: the play and its line.
#[derive(Debug, Clone)]
pub struct HintPlay {
    /// The play.
    pub play: Play,
    /// Its line, without its number.
    pub text: String,
}

/// The hint panel.
#[derive(Debug, Clone)]
pub struct HintPanel {
    /// The panel's title.
    pub title: String,
    /// Lines above the plays (column heads, cube advice).
    pub head: Vec<String>,
    /// The ranked plays, best first (none for cube advice).
    pub plays: Vec<HintPlay>,
    /// The play chosen with Up/Down.
    pub selected: usize,
}

impl HintPanel {
    /// A panel of advice lines only.
    #[must_use]
    pub fn advice(title: String, lines: Vec<String>) -> HintPanel {
        HintPanel {
            title,
            head: lines,
            plays: Vec::new(),
            selected: 0,
        }
    }

    /// The expert's ranking (every play with its depth, best first): equity, loss against
    /// the best, and the chances.
    #[must_use]
    pub fn expert(title: String, ranked: &[RankedPlay]) -> HintPanel {
        let best = ranked.first().map_or(0.0, RankedPlay::equity);
        let percent = |x: f32| format!("{:5.1}", 100.0 * x);
        let plays = ranked
            .iter()
            .map(|r| {
                let p = &r.chances;
                let loss = best - r.equity();
                HintPlay {
                    play: r.play,
                    text: format!(
                        "{:<20} {:+.3} {:>6} {} {} {} {} {} {}-ply",
                        play_text(&r.play),
                        r.equity(),
                        if loss > 0.0005 {
                            format!("-{loss:.3}")
                        } else {
                            String::new()
                        },
                        percent(p[WIN]),
                        percent(p[WIN_GAMMON]),
                        percent(p[WIN_BACKGAMMON]),
                        percent(p[LOSE_GAMMON]),
                        percent(p[LOSE_BACKGAMMON]),
                        r.ply
                    ),
                }
            })
            .collect();
        HintPanel {
            title,
            head: vec![format!(
                "    {:<20} {:>6} {:>6} {:>5} {:>5} {:>5} {:>5} {:>5}",
                "play", "equity", "loss", "win%", "gam", "bg", "lgam", "lbg"
            )],
            plays,
            selected: 0,
        }
    }

    /// Another bot's ranking: each play with its score.
    #[must_use]
    pub fn scored(title: String, ranked: &[(Play, f64)]) -> HintPanel {
        HintPanel {
            title,
            head: Vec::new(),
            plays: ranked
                .iter()
                .map(|(play, score)| HintPlay {
                    play: *play,
                    text: format!("{:<22} {score:+.3}", play_text(play)),
                })
                .collect(),
            selected: 0,
        }
    }

    /// Moves the choice one line up or down (staying in the list).
    pub fn step(&mut self, down: bool) {
        self.selected = if down {
            (self.selected + 1).min(self.plays.len().saturating_sub(1))
        } else {
            self.selected.saturating_sub(1)
        };
    }

    /// The lines the panel shows: the head, then the plays around the chosen one (marked),
    /// numbered from 1, then how to choose.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut out = self.head.clone();
        if self.plays.is_empty() {
            return out;
        }
        let first = self
            .selected
            .saturating_sub(SHOWN - 1)
            .min(self.plays.len().saturating_sub(SHOWN));
        for (i, p) in self.plays.iter().enumerate().skip(first).take(SHOWN) {
            let mark = if i == self.selected { '>' } else { ' ' };
            out.push(format!("{mark}{:>2} {}", i + 1, p.text));
        }
        out.push(format!(
            "{} plays; Up/Down and Enter, or 1-9, plays one; other keys close",
            self.plays.len()
        ));
        out
    }
}

fn play_text(play: &Play) -> String {
    let text = format_play(play);
    if text.is_empty() {
        "cannot move".to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;

    fn panel_of(n: usize) -> HintPanel {
        let ranked: Vec<(Play, f64)> = (0..n)
            .map(|i| (Play::empty(Position::START), -(i as f64) / 100.0))
            .collect();
        HintPanel::scored("Hint".to_string(), &ranked)
    }

    #[test]
    fn the_panel_scrolls_to_the_chosen_line_and_stays_in_the_list() {
        let mut panel = panel_of(25);
        assert_eq!(panel.lines().len(), SHOWN + 1);
        assert!(panel.lines()[0].starts_with("> 1 "));
        for _ in 0..14 {
            panel.step(true);
        }
        let lines = panel.lines();
        assert!(lines.iter().any(|l| l.starts_with(">15 ")), "{lines:?}");
        assert!(lines[0].starts_with("  6 "), "{lines:?}");
        for _ in 0..40 {
            panel.step(true);
        }
        assert_eq!(panel.selected, 24);
        assert!(panel.lines()[SHOWN - 1].starts_with(">25 "));
        for _ in 0..40 {
            panel.step(false);
        }
        assert_eq!(panel.selected, 0);
        // Advice alone: its lines, nothing to choose.
        let advice = HintPanel::advice("Hint".to_string(), vec!["no double: roll".to_string()]);
        assert_eq!(advice.lines(), vec!["no double: roll".to_string()]);
    }
}
