//! `bg-lab blend FROM FITTED --weight W --out FILE`: nets whose every weight is `1 - W`
//! times `FROM`'s plus `W` times `FITTED`'s, for both nets (contact and race). A fit that
//! started from `FROM` and moved far from it on positions of one kind can be drawn part of
//! the way back, keeping some of what it learnt where its data was and some of the nets it
//! came from elsewhere (the notebook's "blends").
//!
//! The two must be nets of the same rule set with nets of the same sizes, except that a
//! backgammon contact net of the plain or rich inputs is first widened (the new inputs with
//! weights of zero, so it judges as before) to the other's rich or extra inputs, as
//! `train --rich` and `--extra` widen the nets they start from.

use bg_tui::bot::BotError;
use bg_tui::bot::expert::encode::{CONTACT_INPUTS, EXTRA_CONTACT_INPUTS, RICH_CONTACT_INPUTS};
use bg_tui::bot::expert::format;
use bg_tui::bot::expert::net::Net;
use bg_tui::bot::expert::{Nets, nets_from_file, shipped_nets_for};
use bg_tui::engine::Variant;
use bg_tui::store::{StoreError, write_atomic, write_new};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// `bg-lab blend`.
#[derive(Debug, Clone, PartialEq, Args)]
pub(crate) struct BlendArgs {
    /// The nets blended from (weight `1 - W`): a `.bgnet` file, or `shipped` for the
    /// shipped nets of `FITTED`'s rule set.
    pub(crate) from: String,
    /// The nets blended towards (weight `W`): a `.bgnet` file.
    pub(crate) fitted: PathBuf,
    /// `FITTED`'s share of every weight, 0 to 1.
    #[arg(long, value_name = "W")]
    pub(crate) weight: f32,
    /// The nets file written (never over an existing file without `--overwrite`).
    #[arg(long, value_name = "FILE")]
    pub(crate) out: PathBuf,
    /// Write over `--out` if it exists.
    #[arg(long)]
    pub(crate) overwrite: bool,
}

/// What stops `blend`.
#[derive(Debug, thiserror::Error)]
pub(crate) enum BlendError {
    /// `--weight` outside 0 to 1 (or not a number).
    #[error("--weight: 0 to 1, not {0}")]
    Weight(f32),
    /// A nets file could not be read.
    #[error("nets: {0}")]
    Nets(#[from] BotError),
    /// The two are nets of different rule sets.
    #[error("{from}'s nets and {fitted}'s: blend nets of one rule set")]
    RuleSets {
        /// `FROM`'s rule set.
        from: Variant,
        /// `FITTED`'s rule set.
        fitted: Variant,
    },
    /// A net of one has other sizes than the same net of the other.
    #[error(
        "the {net} nets differ in size ({from_inputs} inputs and {from_hidden} hidden units \
         against {fitted_inputs} and {fitted_hidden})"
    )]
    Sizes {
        /// "contact" or "race".
        net: &'static str,
        /// `FROM`'s net's inputs.
        from_inputs: usize,
        /// `FROM`'s net's hidden units.
        from_hidden: usize,
        /// `FITTED`'s net's inputs.
        fitted_inputs: usize,
        /// `FITTED`'s net's hidden units.
        fitted_hidden: usize,
    },
    /// `--out` exists and `--overwrite` was not given.
    #[error("{0} exists: give --overwrite to write over it")]
    Exists(PathBuf),
    /// `--out` could not be written.
    #[error("cannot write the nets: {0}")]
    Write(#[source] StoreError),
}

/// Runs `bg-lab blend`: writes the blend and says what it wrote.
pub(crate) fn blend(args: &BlendArgs) -> Result<String, BlendError> {
    if !(0.0..=1.0).contains(&args.weight) {
        return Err(BlendError::Weight(args.weight));
    }
    let fitted = nets_from_file(&args.fitted)?;
    let from = if args.from == "shipped" {
        shipped_nets_for(fitted.variant)?
    } else {
        nets_from_file(Path::new(&args.from))?
    };
    let nets = blended(&from, &fitted, args.weight)?;
    let bytes = format::to_bytes(&nets);
    let written = if args.overwrite {
        write_atomic(&args.out, &bytes)
    } else {
        write_new(&args.out, &bytes).map(drop)
    };
    written.map_err(|e| match &e {
        StoreError::Io { source, .. } if source.kind() == std::io::ErrorKind::AlreadyExists => {
            BlendError::Exists(args.out.clone())
        }
        _ => BlendError::Write(e),
    })?;
    Ok(format!(
        "{}: {}'s nets, {} of the way from {} to {} (contact {} inputs, {} hidden units)\n",
        args.out.display(),
        nets.variant,
        args.weight,
        args.from,
        args.fitted.display(),
        nets.contact.inputs(),
        nets.contact.hidden(),
    ))
}

/// The blend of `from` and `fitted` at `weight` (see the module's page).
fn blended(from: &Arc<Nets>, fitted: &Arc<Nets>, weight: f32) -> Result<Nets, BlendError> {
    if from.variant != fitted.variant {
        return Err(BlendError::RuleSets {
            from: from.variant,
            fitted: fitted.variant,
        });
    }
    let widens = matches!(fitted.variant, Variant::Backgammon | Variant::Jacquet);
    let contact = widened_pair(&from.contact, &fitted.contact, widens);
    Ok(Nets {
        variant: fitted.variant,
        contact: mixed("contact", &contact.0, &contact.1, weight)?,
        race: mixed("race", &from.race, &fitted.race, weight)?,
        state: None,
    })
}

/// The two contact nets, the narrower widened to the other's inputs where its inputs are
/// the first of the other's (plain within rich, rich within extra); as they are otherwise.
fn widened_pair(from: &Net, fitted: &Net, widens: bool) -> (Net, Net) {
    let prefix = |narrow: usize, wide: usize| {
        widens
            && matches!(
                (narrow, wide),
                (CONTACT_INPUTS, RICH_CONTACT_INPUTS | EXTRA_CONTACT_INPUTS)
                    | (RICH_CONTACT_INPUTS, EXTRA_CONTACT_INPUTS)
            )
    };
    let (a, b) = (from.inputs(), fitted.inputs());
    if prefix(a, b) {
        (from.with_inputs(b), fitted.clone())
    } else if prefix(b, a) {
        (from.clone(), fitted.with_inputs(a))
    } else {
        (from.clone(), fitted.clone())
    }
}

/// [`Net::blend`], or why the two cannot be blended.
fn mixed(net: &'static str, from: &Net, fitted: &Net, weight: f32) -> Result<Net, BlendError> {
    from.blend(fitted, weight).ok_or(BlendError::Sizes {
        net,
        from_inputs: from.inputs(),
        from_hidden: from.hidden(),
        fitted_inputs: fitted.inputs(),
        fitted_hidden: fitted.hidden(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bg_tui::bot::expert::format::from_bytes_any;

    fn asset(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(name)
    }

    fn args(from: &str, fitted: &Path, weight: f32, out: &Path) -> BlendArgs {
        BlendArgs {
            from: from.to_string(),
            fitted: fitted.to_path_buf(),
            weight,
            out: out.to_path_buf(),
            overwrite: false,
        }
    }

    /// Plain nets (the 512-unit nets shipped until the 100k round, kept in
    /// `assets/training/`) blended with a rich fit of them: the file holds the rich inputs,
    /// the plain part of its contact net the mean of the two nets' and the new inputs half
    /// the fit's (the plain side's are zero); a second blend over it is refused without
    /// `--overwrite` and the file left as it was, and written with it. `shipped` names the
    /// shipped nets: blended with themselves they are themselves.
    #[test]
    fn plain_nets_blended_with_a_wider_fit_of_them() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let plain_path = asset("training/expert-wide512.bgnet");
        let plain = from_bytes_any(&std::fs::read(&plain_path).expect("read")).expect("nets");
        assert_eq!(plain.contact.inputs(), CONTACT_INPUTS, "plain nets");
        let mut next = {
            let mut seed = 7u32;
            move || {
                seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (seed >> 8) as f32 / (1u32 << 24) as f32
            }
        };
        let fit_contact = Net::random(RICH_CONTACT_INPUTS, plain.contact.hidden(), &mut next);
        let fit = Nets {
            variant: Variant::Backgammon,
            contact: fit_contact.clone(),
            race: plain.race.clone(),
            state: None,
        };
        let fit_path = dir.path().join("fit.bgnet");
        std::fs::write(&fit_path, format::to_bytes(&fit)).expect("written");
        let out = dir.path().join("blend.bgnet");
        let from = plain_path.to_string_lossy();
        let said = blend(&args(&from, &fit_path, 0.5, &out)).expect("blended");
        assert!(said.contains("0.5 of the way"), "{said}");
        let written = from_bytes_any(&std::fs::read(&out).expect("read")).expect("nets");
        assert_eq!(written.contact.inputs(), RICH_CONTACT_INPUTS);
        assert_eq!(
            written.race, plain.race,
            "the same race nets blend to themselves"
        );
        let widened = plain.contact.with_inputs(RICH_CONTACT_INPUTS);
        let plain_weights = CONTACT_INPUTS * widened.hidden();
        for (i, ((s, f), w)) in widened
            .weights()
            .zip(fit_contact.weights())
            .zip(written.contact.weights())
            .enumerate()
        {
            assert!((w - 0.5 * (s + f)).abs() < 1e-6, "weight {i}: {s} {f} {w}");
            if (plain_weights..RICH_CONTACT_INPUTS * widened.hidden()).contains(&i) {
                assert!((w - 0.5 * f).abs() < 1e-6, "a new input's weight {i}");
            }
        }
        let before = std::fs::read(&out).expect("read");
        let e = blend(&args(&from, &fit_path, 0.25, &out)).expect_err("exists");
        assert!(matches!(e, BlendError::Exists(_)), "{e}");
        assert_eq!(std::fs::read(&out).expect("read"), before);
        let mut again = args(&from, &fit_path, 0.25, &out);
        again.overwrite = true;
        blend(&again).expect("written over");
        assert_ne!(std::fs::read(&out).expect("read"), before);

        let itself = dir.path().join("itself.bgnet");
        blend(&args("shipped", &asset("expert.bgnet"), 0.5, &itself)).expect("blended");
        let shipped = shipped_nets_for(Variant::Backgammon).expect("the shipped nets");
        let written = from_bytes_any(&std::fs::read(&itself).expect("read")).expect("nets");
        assert_eq!(
            (&written.contact, &written.race),
            (&shipped.contact, &shipped.race)
        );
    }

    /// Nets of two rule sets, nets of other sizes and a weight out of range are refused,
    /// and nothing is written.
    #[test]
    fn nets_that_cannot_be_blended_are_refused() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("blend.bgnet");
        let e = blend(&args("shipped", &asset("expert.bgnet"), 1.5, &out)).expect_err("1.5");
        assert!(matches!(e, BlendError::Weight(_)), "{e}");
        let e = blend(&args("shipped", &asset("expert.bgnet"), f32::NAN, &out)).expect_err("NaN");
        assert!(matches!(e, BlendError::Weight(_)), "{e}");
        let plakoto = asset("plakoto.bgnet");
        let e = blend(&args(
            &asset("expert.bgnet").to_string_lossy(),
            &plakoto,
            0.5,
            &out,
        ))
        .expect_err("two rule sets");
        assert!(matches!(e, BlendError::RuleSets { .. }), "{e}");
        let shipped = shipped_nets_for(Variant::Backgammon).expect("the shipped nets");
        let smaller = Nets {
            variant: Variant::Backgammon,
            contact: shipped.contact.clone(),
            race: Net::random(shipped.race.inputs(), shipped.race.hidden() + 1, || 0.5),
            state: None,
        };
        let smaller_path = dir.path().join("other.bgnet");
        std::fs::write(&smaller_path, format::to_bytes(&smaller)).expect("written");
        let e = blend(&args("shipped", &smaller_path, 0.5, &out)).expect_err("sizes");
        assert!(matches!(e, BlendError::Sizes { net: "race", .. }), "{e}");
        assert!(!out.exists(), "nothing written");
    }
}
