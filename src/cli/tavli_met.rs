//! `bg-tui tavli-met`: the Tavli match equity table.

use super::CliError;
use clap::Args;

/// `bg-tui tavli-met [--length N]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct TavliMetArgs {
    /// The longest match to show, in points (1-25).
    #[arg(long, value_name = "N", default_value_t = 7)]
    pub length: u32,
}

impl TavliMetArgs {
    /// The table to print.
    ///
    /// # Errors
    /// As [`tavli_met`].
    pub fn run(&self) -> Result<String, CliError> {
        tavli_met(self.length)
    }
}

/// `bg-tui tavli-met`: the table, in percent, for scores up to `length` away.
///
/// # Errors
/// [`CliError`] for a length outside 1-25.
pub fn tavli_met(length: u32) -> Result<String, CliError> {
    use crate::bot::expert::tavli::{MAX_AWAY, RATES, TavliMet};
    if !(1..=MAX_AWAY).contains(&length) {
        return Err(CliError::range(
            "--length",
            format!("1 to {MAX_AWAY} points"),
            length,
        ));
    }
    let met = TavliMet::shared();
    let mut out = String::from(
        "Tavli match equity: the chance (%) that the side needing the row's points wins the\n\
         match against the side needing the column's, before the game named.\n",
    );
    for (g, name) in ["Portes", "Plakoto", "Fevga"].iter().enumerate() {
        out += &format!(
            "\n{name} next (double wins {:.1}% of wins, draws {:.1}%)\n{:>6}",
            100.0 * RATES[g].double,
            100.0 * RATES[g].draw,
            "away"
        );
        for b in 1..=length {
            out += &format!("{b:>7}");
        }
        out.push('\n');
        for a in 1..=length {
            out += &format!("{a:>6}");
            for b in 1..=length {
                out += &format!("{:>7.1}", 100.0 * met.get(a, b, g));
            }
            out.push('\n');
        }
    }
    Ok(out)
}
