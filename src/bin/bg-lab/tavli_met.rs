//! `bg-lab tavli-met`: the Tavli match equity table.

use bg_tui::bot::expert::tavli::{MAX_AWAY, RATES, TavliMet};
use clap::Args;

/// `bg-lab tavli-met [--length N]`.
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub(crate) struct TavliMetArgs {
    /// The longest match to show, in points (1-25).
    #[arg(long, value_name = "N", default_value_t = 7,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_AWAY)))]
    pub(crate) length: u32,
}

/// The table, in percent, for scores up to `--length` away.
pub(crate) fn tavli_met(args: &TavliMetArgs) -> String {
    let length = args.length.clamp(1, MAX_AWAY);
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
    out
}
