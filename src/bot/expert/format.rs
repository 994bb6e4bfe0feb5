//! The nets' file format (`.bgnet`), and reading it without trusting it.
//!
//! All numbers little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | magic `BGTUINET` |
//! | 4 | format version, `u32` (2) |
//! | 4 | flags, `u32`: bit 0 set when a training state follows the nets |
//! | 4 | the rule set the nets play, `u32`: 0 backgammon (also Portes), 2 Plakoto, 3 Fevga, 4 Jacquet |
//! | 4 × 2 | contact net: inputs, hidden units (`u32`) |
//! | 4 × 2 | race net: inputs, hidden units (`u32`) |
//! | 4 × n | the contact net's weights, `f32`, in [`Net::weights`] order |
//! | 4 × n | the race net's weights |
//! | 32 | training state, if flagged: games played `u64`, seed `u64`, learning rate `f32`, reserved `u32` (0), training seconds `f64` |
//! | 8 | FNV-1a 64 checksum of every byte before it, `u64` |
//!
//! Version 1 had no rule-set field and held backgammon nets; it is still read. Every net has
//! 5 outputs. A file that is short, long, of another version or rule set, with sizes that do
//! not match the program's inputs for that rule set, with a bad checksum, a weight that is
//! not a finite number, or a training state out of range (a learning rate not above 0 and at
//! most [`MAX_ALPHA`], more than [`MAX_GAMES`] games, training seconds that are not a finite
//! number of at least 0) is refused with a [`NetFileError`]: one rule for every reader
//! (`expert@FILE`, `train --resume`, `train --from`).

use super::encode;
use super::net::Net;
use crate::engine::Variant;

/// The first eight bytes of a nets file.
pub const MAGIC: &[u8; 8] = b"BGTUINET";
/// The format version this program writes (it reads this one and version 1).
pub const VERSION: u32 = 2;
/// The largest hidden layer a file may ask for (a guard against absurd sizes).
pub const MAX_HIDDEN: usize = 1024;
/// The largest learning rate a training state may hold (larger ones overflow the weights).
pub const MAX_ALPHA: f32 = 1.0;
/// The most games a training state may have played (the count never wraps, and it is
/// exact as a double).
pub const MAX_GAMES: u64 = 1 << 53;

/// Version 1's header; version 2 adds the rule set.
const HEADER_V1: usize = 8 + 4 + 4 + 16;
const HEADER: usize = HEADER_V1 + 4;
const STATE: usize = 32;
const CHECKSUM: usize = 8;

/// Where a training run stands, saved with its nets so that it can go on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrainState {
    /// Self-play games played so far.
    pub games: u64,
    /// The run's seed (game `g` draws its dice from a generator seeded by it and `g`).
    pub seed: u64,
    /// The current learning rate.
    pub alpha: f32,
    /// Training time so far, in seconds.
    pub seconds: f64,
}

/// The nets of the expert bot, and the training state when the file is a checkpoint.
#[derive(Debug, Clone, PartialEq)]
pub struct Nets {
    /// The rule set they play: [`Variant::Backgammon`] for backgammon and Portes.
    pub variant: Variant,
    /// The net for positions with contact.
    pub contact: Net,
    /// The net for races.
    pub race: Net,
    /// The training state (checkpoints only).
    pub state: Option<TrainState>,
}

/// Why a nets file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NetFileError {
    /// Fewer bytes than the header and checksum need, or than the sizes ask for.
    #[error("the nets file is truncated: {len} bytes, {need} needed")]
    Truncated {
        /// The file's length.
        len: usize,
        /// The length the header calls for.
        need: usize,
    },
    /// More bytes than the header calls for.
    #[error("the nets file has {extra} bytes too many")]
    TrailingBytes {
        /// How many.
        extra: usize,
    },
    /// Not a nets file.
    #[error("not a bg-tui nets file (bad magic)")]
    BadMagic,
    /// A version this program does not read.
    #[error("nets file version {0}; this program reads versions 1 and {VERSION}")]
    Version(u32),
    /// Nets for another rule set (or one this program does not know).
    #[error("the nets file is for {found}, not {expected}")]
    RuleSet {
        /// The rule set the file names (its code when unknown).
        found: String,
        /// The rule set asked for.
        expected: Variant,
    },
    /// Sizes other than the program's, or absurd ones.
    #[error(
        "the {net} net has {inputs} inputs and {hidden} hidden units; expected {expected}{} inputs and 1-{MAX_HIDDEN} hidden units",
        if *rich_too { format!(" (or {}, a rich net, {}, an extra one, or {}, a raw one)", encode::RICH_CONTACT_INPUTS, encode::EXTRA_CONTACT_INPUTS, encode::RAW_CONTACT_INPUTS) } else { String::new() }
    )]
    Sizes {
        /// "contact" or "race".
        net: &'static str,
        /// Inputs in the file.
        inputs: u32,
        /// Hidden units in the file.
        hidden: u32,
        /// Inputs the program uses.
        expected: usize,
        /// Whether a rich net's 224 inputs or a raw net's 196 would do too
        /// (backgammon's and Jacquet's contact nets).
        rich_too: bool,
    },
    /// The checksum does not match: the file is damaged.
    #[error("the nets file is damaged (checksum mismatch)")]
    Checksum,
    /// A weight is infinite or not a number.
    #[error("the nets file holds a weight that is not a finite number")]
    NotFinite,
    /// The training state is out of range.
    #[error(
        "the nets file's training state is out of range: learning rate {alpha} (above 0, at \
         most {MAX_ALPHA}), {games} games (at most 2^53), {seconds} s of training"
    )]
    TrainingState {
        /// The learning rate, as written.
        alpha: String,
        /// The games played.
        games: u64,
        /// The training time, as written.
        seconds: String,
    },
}

impl TrainState {
    /// Whether every field is in range: a learning rate above 0 and at most [`MAX_ALPHA`],
    /// at most [`MAX_GAMES`] games, a finite training time of at least 0 seconds.
    #[must_use]
    pub fn in_range(&self) -> bool {
        self.alpha > 0.0
            && self.alpha <= MAX_ALPHA
            && self.games <= MAX_GAMES
            && self.seconds.is_finite()
            && self.seconds >= 0.0
    }
}

/// FNV-1a, 64 bits.
#[must_use]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The file's bytes.
#[must_use]
pub fn to_bytes(file: &Nets) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&u32::from(file.state.is_some()).to_le_bytes());
    out.extend_from_slice(&variant_code(file.variant).to_le_bytes());
    for net in [&file.contact, &file.race] {
        for n in [net.inputs(), net.hidden()] {
            out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
        }
    }
    for net in [&file.contact, &file.race] {
        for w in net.weights() {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    if let Some(s) = file.state {
        out.extend_from_slice(&s.games.to_le_bytes());
        out.extend_from_slice(&s.seed.to_le_bytes());
        out.extend_from_slice(&s.alpha.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&s.seconds.to_le_bytes());
    }
    let sum = fnv1a64(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The rule-set code of the header: the nets of backgammon serve Portes too.
const fn variant_code(variant: Variant) -> u32 {
    match variant {
        Variant::Backgammon | Variant::Portes => 0,
        Variant::Plakoto => 2,
        Variant::Fevga => 3,
        Variant::Jacquet => 4,
    }
}

/// The nets a rule set plays with: backgammon's for Portes, each other rule set its own
/// (Jacquet's have backgammon's inputs, trained on from backgammon's nets).
#[must_use]
pub const fn nets_variant(variant: Variant) -> Variant {
    match variant {
        Variant::Backgammon | Variant::Portes => Variant::Backgammon,
        other => other,
    }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(b)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(b)
}

/// Reads a nets file of `variant`'s nets (backgammon's for Portes), whose
/// contact and race nets must have the program's inputs for it.
///
/// # Errors
/// [`NetFileError`] for anything but a whole, undamaged file of this version, rule set and
/// sizes.
pub fn from_bytes(bytes: &[u8], variant: Variant) -> Result<Nets, NetFileError> {
    let variant = nets_variant(variant);
    from_bytes_sized(bytes, variant, encode::input_counts(variant))
}

/// Reads a nets file of any rule set's nets (backgammon's, Jacquet's, Plakoto's or Fevga's:
/// the file names its own), with this program's input sizes.
///
/// # Errors
/// As [`from_bytes`]; [`NetFileError::RuleSet`] when the file names no rule set this
/// program knows.
pub fn from_bytes_any(bytes: &[u8]) -> Result<Nets, NetFileError> {
    let mut first = None;
    for variant in [
        Variant::Backgammon,
        Variant::Jacquet,
        Variant::Plakoto,
        Variant::Fevga,
    ] {
        match from_bytes(bytes, variant) {
            Ok(nets) => return Ok(nets),
            Err(e @ NetFileError::RuleSet { .. }) => {
                first.get_or_insert(e);
            }
            Err(e) => return Err(e),
        }
    }
    Err(first.unwrap_or(NetFileError::BadMagic))
}

/// The contact and race nets' (inputs, hidden units), read at `at` and checked against the
/// `inputs` expected of `variant`'s nets (backgammon's and Jacquet's contact net may be a
/// rich one or a raw one).
fn net_sizes(
    bytes: &[u8],
    at: usize,
    variant: Variant,
    inputs: (usize, usize),
) -> Result<[(usize, usize); 2], NetFileError> {
    let mut sizes = [(0usize, 0usize); 2];
    for (i, (name, expected)) in [("contact", inputs.0), ("race", inputs.1)]
        .into_iter()
        .enumerate()
    {
        let (n_in, n_hidden) = (u32_at(bytes, at + 8 * i), u32_at(bytes, at + 4 + 8 * i));
        let hidden = n_hidden as usize;
        // Backgammon's (and Jacquet's) contact net may be a rich one (more inputs) or a raw
        // one (fewer; see `encode`); the other rule sets' contact nets have inputs of
        // their own.
        let rich_too = i == 0
            && matches!(variant, Variant::Backgammon | Variant::Jacquet)
            && expected == encode::CONTACT_INPUTS;
        let other_size = [
            encode::RICH_CONTACT_INPUTS,
            encode::EXTRA_CONTACT_INPUTS,
            encode::RAW_CONTACT_INPUTS,
        ]
            .into_iter()
            .find(|&n| rich_too && n_in as usize == n);
        let expected = other_size.unwrap_or(expected);
        if n_in as usize != expected || hidden == 0 || hidden > MAX_HIDDEN {
            return Err(NetFileError::Sizes {
                net: name,
                inputs: n_in,
                hidden: n_hidden,
                expected,
                rich_too,
            });
        }
        sizes[i] = (expected, hidden);
    }
    Ok(sizes)
}

/// [`from_bytes`] with the contact and race nets' `inputs` given (nets of other sizes than
/// the program's, as tests make).
///
/// # Errors
/// As [`from_bytes`].
pub fn from_bytes_sized(
    bytes: &[u8],
    variant: Variant,
    inputs: (usize, usize),
) -> Result<Nets, NetFileError> {
    let len = bytes.len();
    if len < HEADER_V1 + CHECKSUM {
        return Err(NetFileError::Truncated {
            len,
            need: HEADER_V1 + CHECKSUM,
        });
    }
    if &bytes[..8] != MAGIC {
        return Err(NetFileError::BadMagic);
    }
    let version = u32_at(bytes, 8);
    let header = match version {
        1 => HEADER_V1,
        VERSION => HEADER,
        _ => return Err(NetFileError::Version(version)),
    };
    if len < header + CHECKSUM {
        return Err(NetFileError::Truncated {
            len,
            need: header + CHECKSUM,
        });
    }
    let code = if version == 1 { 0 } else { u32_at(bytes, 16) };
    if code != variant_code(variant) {
        let found = Variant::ALL
            .into_iter()
            .find(|&v| nets_variant(v) == v && variant_code(v) == code)
            .map_or_else(|| format!("rule set code {code}"), |v| v.to_string());
        return Err(NetFileError::RuleSet {
            found,
            expected: variant,
        });
    }
    let has_state = u32_at(bytes, 12) & 1 == 1;
    let sizes = net_sizes(bytes, header - 16, variant, inputs)?;
    let counts = sizes.map(|(i, h)| Net::weight_count(i, h));
    let need = header + 4 * (counts[0] + counts[1]) + if has_state { STATE } else { 0 } + CHECKSUM;
    if len < need {
        return Err(NetFileError::Truncated { len, need });
    }
    if len > need {
        return Err(NetFileError::TrailingBytes { extra: len - need });
    }
    if fnv1a64(&bytes[..need - CHECKSUM]) != u64_at(bytes, need - CHECKSUM) {
        return Err(NetFileError::Checksum);
    }
    let floats = |from: usize, count: usize| -> Result<Vec<f32>, NetFileError> {
        let w: Vec<f32> = (0..count)
            .map(|k| f32::from_bits(u32_at(bytes, from + 4 * k)))
            .collect();
        if w.iter().all(|x| x.is_finite()) {
            Ok(w)
        } else {
            Err(NetFileError::NotFinite)
        }
    };
    let w_contact = floats(header, counts[0])?;
    let w_race = floats(header + 4 * counts[0], counts[1])?;
    let build = |(i, h): (usize, usize), w: &[f32]| {
        Net::from_weights(i, h, w).ok_or(NetFileError::Truncated { len, need })
    };
    let contact = build(sizes[0], &w_contact)?;
    let race = build(sizes[1], &w_race)?;
    let state = has_state.then(|| {
        let at = header + 4 * (counts[0] + counts[1]);
        let mut alpha = [0u8; 4];
        alpha.copy_from_slice(&bytes[at + 16..at + 20]);
        let mut secs = [0u8; 8];
        secs.copy_from_slice(&bytes[at + 24..at + 32]);
        TrainState {
            games: u64_at(bytes, at),
            seed: u64_at(bytes, at + 8),
            alpha: f32::from_le_bytes(alpha),
            seconds: f64::from_le_bytes(secs),
        }
    });
    if let Some(s) = state
        && !s.in_range()
    {
        return Err(NetFileError::TrainingState {
            alpha: s.alpha.to_string(),
            games: s.games,
            seconds: s.seconds.to_string(),
        });
    }
    Ok(Nets {
        variant,
        contact,
        race,
        state,
    })
}
