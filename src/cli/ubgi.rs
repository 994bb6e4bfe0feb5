//! `bg-tui ubgi`: the expert as an engine other programs drive, speaking UBGI v0.2 (the
//! Universal Backgammon Interface of the bgci project: one command a line on standard input,
//! answers on standard output).
//!
//! [`Session`] is the protocol without the I/O: it takes one line and gives the lines to
//! answer, so the tests drive it directly; [`run`] reads standard input (lines of at most
//! [`MAX_LINE`] bytes) and writes each answer with a flush. A malformed line gets one
//! `error <code> <detail>` line with one of the four codes of the spec (`bad_command`,
//! `bad_value`, `bad_state`, `unsupported`); nothing the controller sends panics or stops
//! the engine but `quit` and the end of input.
//!
//! `engine.ply` is root-inclusive as the spec defines it: UBGI 1-ply is the expert's 0-ply.

use bg_tui::advisor::Advisor;
use bg_tui::bot::expert::MAX_PLY;
use bg_tui::bot::expert::cube::Holder;
use bg_tui::bot::ubgi::protocol;
use bg_tui::engine::{
    Dice, GameStateCode, MatchIdFields, MatchState, Position, RuleSet, Side, Variant,
    match_id_fields, match_state_from_ids, parse_xgid, position_from_id,
};
use std::io::{BufRead, Write};

/// The longest line read; a longer one is answered `error bad_command` and skipped.
pub(crate) const MAX_LINE: usize = 4096;

/// The engine's name on `id name`.
const NAME: &str = "bg-tui";

/// The match state the controller gave, from the view of the player on roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Context {
    /// Points to win the match; 0 for money play.
    length: u32,
    /// The player on roll's score and the opponent's.
    score: (u32, u32),
    /// The cube's value.
    cube: u32,
    /// Who holds the cube.
    holder: Holder,
    /// This is the Crawford game.
    crawford: bool,
    /// Money play with the Jacoby rule.
    jacoby: bool,
}

impl Default for Context {
    fn default() -> Context {
        Context {
            length: 0,
            score: (0, 0),
            cube: 1,
            holder: Holder::Centre,
            crawford: false,
            jacoby: false,
        }
    }
}

impl Context {
    /// The state a Match ID or an XGID describes (seen from its player on roll).
    fn of_fields(f: &MatchIdFields) -> Context {
        let me = f.on_roll;
        Context {
            length: f.match_length,
            score: (f.score[me.index()], f.score[me.opponent().index()]),
            cube: f.cube_value(),
            holder: match f.cube_owner {
                None => Holder::Centre,
                Some(side) if side == me => Holder::Me,
                Some(_) => Holder::Opponent,
            },
            crawford: f.crawford,
            jacoby: f.jacoby,
        }
    }
}

/// One engine session: the position, the dice, the settings and the bot.
#[derive(Debug)]
pub(crate) struct Session {
    advisor: Option<Advisor>,
    /// Why the expert could not be made, when it could not.
    unavailable: String,
    /// UBGI's root-inclusive depth: the expert's ply plus one.
    ply: u8,
    variant: Variant,
    position: Option<Position>,
    dice: Option<Dice>,
    context: Context,
    quit: bool,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

/// The keys the engine knows, as `key` lines.
fn key_lines() -> Vec<String> {
    vec![
        format!(
            "key engine.ply int 1..{} {} root-inclusive decision depth (1 = the expert's 0-ply)",
            MAX_PLY + 1,
            bg_tui::bot::EXPERT_DEFAULT_PLY + 1
        ),
        "key game.variant enum backgammon|portes|plakoto|fevga|jacquet backgammon the rule set"
            .to_string(),
        "key game.length int 0..64 0 match length in points (0: money play)".to_string(),
        "key game.score.me int 0..63 0 the score of the player on roll".to_string(),
        "key game.score.opp int 0..63 0 the score of the opponent".to_string(),
        "key game.cube int 1..32768 1 the cube's value".to_string(),
        "key game.cube.owner enum centre|me|opp centre who holds the cube".to_string(),
        "key game.crawford bool false this is the Crawford game".to_string(),
        "key game.jacoby bool false money play with the Jacoby rule".to_string(),
    ]
}

/// An `error` line.
fn error(code: &str, detail: impl std::fmt::Display) -> Vec<String> {
    let detail = crate::cli::printable(&detail.to_string(), 200);
    vec![format!("error {code} {detail}")]
}

impl Session {
    /// A new session with the shipped nets (loaded now, so `isready` is quick).
    #[must_use]
    pub(crate) fn new() -> Session {
        let (advisor, unavailable) = match Advisor::standard() {
            Ok(advisor) => (Some(advisor), String::new()),
            Err(e) => (None, e.to_string()),
        };
        Session {
            advisor,
            unavailable,
            ply: bg_tui::bot::EXPERT_DEFAULT_PLY + 1,
            variant: Variant::Backgammon,
            position: None,
            dice: None,
            context: Context::default(),
            quit: false,
        }
    }

    /// `quit` was received.
    #[must_use]
    pub(crate) const fn has_quit(&self) -> bool {
        self.quit
    }

    /// The answer to one line (no lines for `set` that succeeds, `newgame`, `position`,
    /// `dice` and blank lines).
    pub(crate) fn handle(&mut self, line: &str) -> Vec<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => Vec::new(),
            [protocol::HELLO] => {
                let mut out = vec![
                    format!("id name {NAME} {}", env!("CARGO_PKG_VERSION")),
                    "id author the bg-tui developers".to_string(),
                    "proto 0.2".to_string(),
                ];
                out.extend(key_lines());
                out.push(protocol::HELLO_OK.to_string());
                out
            }
            [protocol::IS_READY] => vec![protocol::READY_OK.to_string()],
            ["quit"] => {
                self.quit = true;
                Vec::new()
            }
            [protocol::NEW_GAME] => {
                self.position = None;
                self.dice = None;
                Vec::new()
            }
            ["keys"] => key_lines(),
            ["set", key, value] => self.set(key, value),
            ["set", ..] => error("bad_command", "expected: set <key> <value>"),
            ["get", key] => self.get(key),
            ["get", ..] => error("bad_command", "expected: get <key>"),
            ["position", kind, rest @ ..] if !rest.is_empty() => {
                self.position(kind, &rest.join(" "))
            }
            ["position", ..] => error(
                "bad_command",
                "expected: position gnubgid <ID> | position xgid <XGID>",
            ),
            ["dice", a, b] => self.dice(a, b),
            ["dice", ..] => error("bad_command", "expected: dice <d1> <d2>"),
            ["go"] | ["go", "chequer"] => self.go_chequer(),
            ["go", "cube"] => self.go_cube(),
            ["go", "turn"] => self.go_turn(),
            ["go", ..] => error(
                "bad_command",
                "expected: go | go chequer | go cube | go turn",
            ),
            [command, ..] => error("bad_command", format!("unknown command {command}")),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Vec<String> {
        let number = |range: std::ops::RangeInclusive<u32>| {
            value.parse::<u32>().ok().filter(|n| range.contains(n))
        };
        let flag = match value {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        let bad = |expected: &str| error("bad_value", format!("{key} must be {expected}"));
        match key {
            "engine.ply" => match number(1..=u32::from(MAX_PLY) + 1) {
                Some(n) => self.ply = n as u8,
                None => return bad(&format!("1..{}", MAX_PLY + 1)),
            },
            "game.variant" => match value.parse::<Variant>() {
                Ok(v) => {
                    self.variant = v;
                    self.position = None;
                }
                Err(_) => return bad("backgammon|portes|plakoto|fevga|jacquet"),
            },
            "game.length" => match number(0..=64) {
                Some(n) => self.context.length = n,
                None => return bad("0..64"),
            },
            "game.score.me" => match number(0..=63) {
                Some(n) => self.context.score.0 = n,
                None => return bad("0..63"),
            },
            "game.score.opp" => match number(0..=63) {
                Some(n) => self.context.score.1 = n,
                None => return bad("0..63"),
            },
            "game.cube" => match number(1..=32768).filter(|n| n.is_power_of_two()) {
                Some(n) => self.context.cube = n,
                None => return bad("a power of two 1..32768"),
            },
            "game.cube.owner" => {
                self.context.holder = match value {
                    "centre" | "center" => Holder::Centre,
                    "me" => Holder::Me,
                    "opp" => Holder::Opponent,
                    _ => return bad("centre|me|opp"),
                }
            }
            "game.crawford" => match flag {
                Some(b) => self.context.crawford = b,
                None => return bad("true|false"),
            },
            "game.jacoby" => match flag {
                Some(b) => self.context.jacoby = b,
                None => return bad("true|false"),
            },
            _ => return error("unsupported", format!("key {key}")),
        }
        Vec::new()
    }

    fn get(&self, key: &str) -> Vec<String> {
        let c = &self.context;
        let value = match key {
            "engine.ply" => self.ply.to_string(),
            "game.variant" => self.variant.name().to_string(),
            "game.length" => c.length.to_string(),
            "game.score.me" => c.score.0.to_string(),
            "game.score.opp" => c.score.1.to_string(),
            "game.cube" => c.cube.to_string(),
            "game.cube.owner" => match c.holder {
                Holder::Centre => "centre",
                Holder::Me => "me",
                Holder::Opponent => "opp",
            }
            .to_string(),
            "game.crawford" => c.crawford.to_string(),
            "game.jacoby" => c.jacoby.to_string(),
            _ => return error("unsupported", format!("key {key}")),
        };
        vec![format!("value {key} {value}")]
    }

    fn position(&mut self, kind: &str, text: &str) -> Vec<String> {
        let answer = self.read_position(kind, text);
        if answer.is_empty()
            && let Some(p) = self.position
            && (p.mover_has_won() || p.opponent_has_won())
        {
            self.position = None;
            return error(
                "bad_value",
                "a side has borne off every checker: the game is over",
            );
        }
        if answer.is_empty()
            && let Some(p) = self.position
            && let Err(e) = self.variant.check_playable(&p)
        {
            self.position = None;
            return error("bad_value", e.to_string());
        }
        answer
    }

    fn read_position(&mut self, kind: &str, text: &str) -> Vec<String> {
        let moves_as_backgammon = bg_tui::bot::moves_as_backgammon(self.variant);
        match kind {
            "gnubgid" | "xgid" if !moves_as_backgammon => error(
                "unsupported",
                format!(
                    "{kind} cannot hold a {} position: use position board",
                    self.variant
                ),
            ),
            "gnubgid" => {
                // A Position ID, or GNU Backgammon's `POSITION_ID:MATCH_ID`.
                let (pid, mid) = match text.split_once(':') {
                    Some((p, m)) => (p, Some(m)),
                    None => (text, None),
                };
                let position = match position_from_id(pid) {
                    Ok(p) => p,
                    Err(e) => return error("bad_value", format!("position id: {e}")),
                };
                if let Some(mid) = mid {
                    match match_id_fields(mid) {
                        Ok(f) => {
                            self.context = Context::of_fields(&f);
                            self.dice = f.dice;
                        }
                        Err(e) => return error("bad_value", format!("match id: {e}")),
                    }
                }
                self.position = Some(position);
                Vec::new()
            }
            "xgid" => match parse_xgid(text) {
                Ok(x) => {
                    self.context = Context::of_fields(&x.fields);
                    self.dice = x.fields.dice;
                    self.position = Some(x.position);
                    Vec::new()
                }
                Err(e) => error("bad_value", format!("xgid: {e}")),
            },
            // bg-tui's own board JSON, which holds any rule set's position.
            "board" => match crate::cli::parse_board(self.variant, text)
                .map_err(|e| e.to_string())
                .and_then(|spec| spec.to_position(self.variant).map_err(|e| e.to_string()))
            {
                Ok(position) => {
                    self.position = Some(position);
                    Vec::new()
                }
                Err(e) => error("bad_value", format!("board: {e}")),
            },
            other => error("unsupported", format!("position {other}")),
        }
    }

    fn dice(&mut self, a: &str, b: &str) -> Vec<String> {
        let die = |t: &str| t.parse::<u8>().ok().filter(|d| (1..=6).contains(d));
        match (die(a), die(b)) {
            (Some(a), Some(b)) => {
                self.dice = Dice::new(a, b).ok();
                Vec::new()
            }
            _ => error("bad_value", "dice must be two numbers 1..6"),
        }
    }

    /// The advisor at the session's depth.
    fn advisor(&mut self) -> Result<&mut Advisor, Vec<String>> {
        let ply = self.ply.saturating_sub(1);
        let unavailable = &self.unavailable;
        match self.advisor.as_mut() {
            Some(advisor) => {
                advisor.expert().set_ply(ply);
                Ok(advisor)
            }
            None => Err(error("unsupported", format!("the expert: {unavailable}"))),
        }
    }

    /// The match state the session describes: the position with the player on roll as
    /// White, the context's cube and score, `dice` rolled if given.
    fn state(&self, dice: Option<Dice>) -> Result<MatchState, Vec<String>> {
        let Some(position) = self.position else {
            return Err(error("bad_state", "missing position"));
        };
        let c = self.context;
        let fields = MatchIdFields {
            cube_log: c.cube.max(1).ilog2().min(15) as u8,
            cube_owner: match c.holder {
                Holder::Centre => None,
                Holder::Me => Some(Side::White),
                Holder::Opponent => Some(Side::Black),
            },
            on_roll: Side::White,
            crawford: c.crawford,
            game_state: GameStateCode::Playing,
            turn: Side::White,
            doubled: false,
            resigned: 0,
            dice,
            match_length: c.length,
            score: [c.score.0, c.score.1],
            jacoby: c.jacoby,
        };
        match_state_from_ids(RuleSet::of_variant(self.variant), position, &fields, false)
            .map_err(|e| error("bad_state", e))
    }

    fn best_move(&mut self) -> Result<String, Vec<String>> {
        if self.position.is_none() {
            return Err(error("bad_state", "missing position"));
        }
        let Some(dice) = self.dice else {
            return Err(error("bad_state", "missing dice"));
        };
        let m = self.state(Some(dice))?;
        if m.game().legal_plays().is_empty() {
            return Ok("pass".to_string());
        }
        let best = self
            .advisor()?
            .best_play(&m)
            .map_err(|e| error("unsupported", e))?;
        Ok(best.map_or_else(
            || protocol::PASS.to_string(),
            |play| protocol::format_move(&play),
        ))
    }

    fn go_chequer(&mut self) -> Vec<String> {
        match self.best_move() {
            Ok(payload) => vec![format!("{}{payload}", protocol::BEST_MOVE)],
            Err(e) => e,
        }
    }

    /// Whether the player on roll should double now (the advisor's verdict: a double, an
    /// optional one included).
    fn should_double(&mut self) -> Result<bool, Vec<String>> {
        if !self.variant.has_cube() {
            return Err(error(
                "unsupported",
                format!("{} has no cube", self.variant),
            ));
        }
        let m = self.state(None)?;
        if m.game().may_double().is_err() {
            return Ok(false);
        }
        let advice = self
            .advisor()?
            .cube(&m)
            .map_err(|e| error("unsupported", e))?;
        Ok(advice.double() && !advice.verdict.optional())
    }

    fn go_cube(&mut self) -> Vec<String> {
        match self.should_double() {
            Ok(true) => vec![protocol::BEST_CUBE_DOUBLE.to_string()],
            Ok(false) => vec![protocol::BEST_CUBE_NO_DOUBLE.to_string()],
            Err(e) => e,
        }
    }

    fn go_turn(&mut self) -> Vec<String> {
        let double = match self.should_double() {
            Ok(d) => d,
            // No cube in this rule set: the turn is the move.
            Err(_) if !self.variant.has_cube() => false,
            Err(e) => return e,
        };
        if double {
            return vec!["bestturn cube=double move=pass".to_string()];
        }
        match self.best_move() {
            Ok(payload) => vec![format!("bestturn cube=nodouble move={payload}")],
            Err(e) => e,
        }
    }
}

/// `bg-tui ubgi`: no options.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub(crate) struct UbgiArgs {}

impl UbgiArgs {
    /// Answers standard input until `quit` or its end; a reader that goes away (a closed
    /// pipe) ends the session without an error.
    ///
    /// # Errors
    /// [`super::CliError::Ubgi`] when standard input or output fails.
    pub(crate) fn run(&self) -> Result<(), super::CliError> {
        match run() {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(super::CliError::Ubgi(e)),
            _ => Ok(()),
        }
    }
}

/// `bg-tui ubgi`: answers standard input until `quit` or its end.
///
/// # Errors
/// An I/O error writing standard output (a closed pipe ends the session quietly).
pub(crate) fn run() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut session = Session::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        // Read one line, keeping at most MAX_LINE + 1 bytes of it.
        let mut too_long = false;
        let read = loop {
            let buf = input.fill_buf()?;
            if buf.is_empty() {
                break !line.is_empty() || too_long;
            }
            let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1),
                None => (buf, buf.len()),
            };
            let room = (MAX_LINE + 1).saturating_sub(line.len());
            line.extend_from_slice(&chunk[..chunk.len().min(room)]);
            too_long |= chunk.len() > room;
            let ended = done <= buf.len() && buf.get(done - 1) == Some(&b'\n');
            input.consume(done);
            if ended {
                break true;
            }
        };
        if !read {
            return Ok(());
        }
        let answer = if too_long || line.len() > MAX_LINE {
            error("bad_command", format!("a line is at most {MAX_LINE} bytes"))
        } else {
            match std::str::from_utf8(&line) {
                Ok(text) => session.handle(text.trim_end_matches('\r')),
                Err(_) => error("bad_command", "not UTF-8"),
            }
        };
        for a in answer {
            writeln!(out, "{a}")?;
        }
        out.flush()?;
        if session.has_quit() {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(session: &mut Session, lines: &[&str]) -> Vec<String> {
        lines.iter().flat_map(|l| session.handle(l)).collect()
    }

    #[test]
    fn handshake_keys_and_settings() {
        let mut s = Session::new();
        let out = answers(&mut s, &["ubgi", "isready"]);
        assert!(out[0].starts_with("id name bg-tui"));
        assert!(out.contains(&"proto 0.2".to_string()));
        assert!(
            out.iter()
                .any(|l| l.starts_with("key engine.ply int 1..4 3"))
        );
        assert_eq!(&out[out.len() - 2..], ["ubgiok", "readyok"]);
        assert!(answers(&mut s, &["set engine.ply 1"]).is_empty());
        assert_eq!(answers(&mut s, &["get engine.ply"]), ["value engine.ply 1"]);
        assert_eq!(
            answers(&mut s, &["set engine.ply 9"]),
            ["error bad_value engine.ply must be 1..4"]
        );
        assert_eq!(
            answers(&mut s, &["set engine.colour red"]),
            ["error unsupported key engine.colour"]
        );
        assert_eq!(
            answers(&mut s, &["flip"]),
            ["error bad_command unknown command flip"]
        );
        assert_eq!(
            answers(&mut s, &["go"]),
            ["error bad_state missing position"]
        );
    }

    #[test]
    fn best_moves_from_a_position_id_and_an_xgid() {
        let mut s = Session::new();
        let out = answers(
            &mut s,
            &[
                "set engine.ply 1",
                "position gnubgid 4HPwATDgc/ABMA",
                "dice 3 1",
                "go",
            ],
        );
        // The expert makes its 5-point with 3-1 at the start.
        assert_eq!(out, ["bestmove 8/5 6/5"]);
        let out = answers(
            &mut s,
            &[
                "position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10",
                "go chequer",
            ],
        );
        assert_eq!(out, ["bestmove 8/5 6/5"]);
        // On the bar against a closed board: no move.
        let out = answers(
            &mut s,
            &[
                // O on roll with a checker on the bar; X holds its whole home board.
                "position xgid XGID=aBBBBBBC----------------n-:0:0:-1:00:0:0:0:0:10",
                "dice 6 6",
                "go",
            ],
        );
        assert_eq!(out, ["bestmove pass"]);
        assert_eq!(
            answers(&mut s, &["dice 7 1"]),
            ["error bad_value dice must be two numbers 1..6"]
        );
        assert!(answers(&mut s, &["position gnubgid nonsense"])[0].starts_with("error bad_value"));
    }

    #[test]
    fn cube_and_turn() {
        let mut s = Session::new();
        // Money, the opening position: no double; the turn is the move.
        let out = answers(
            &mut s,
            &[
                "set engine.ply 1",
                "position gnubgid 4HPwATDgc/ABMA",
                "go cube",
            ],
        );
        assert_eq!(out, ["bestcube nodouble"]);
        let out = answers(&mut s, &["dice 3 1", "go turn"]);
        assert_eq!(out, ["bestturn cube=nodouble move=8/5 6/5"]);
        // A bear-off race: two checkers on the 6 and 5 points against three on the
        // opponent's 6, 5 and 4, on roll: about nine games in ten won, no gammons: double.
        let out = answers(
            &mut s,
            &[
                "position xgid XGID=-----AA------------aaa----:0:0:1:00:0:0:0:0:10",
                "go cube",
            ],
        );
        assert_eq!(out, ["bestcube double"]);
        assert_eq!(
            answers(
                &mut s,
                &[
                    "set game.variant portes",
                    "position gnubgid 4HPwATDgc/ABMA",
                    "go cube"
                ]
            ),
            ["error unsupported Portes has no cube"]
        );
    }

    #[test]
    fn plakoto_positions_come_as_boards() {
        let mut s = Session::new();
        let board = r#"{"mine":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15],"theirs":[15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}"#;
        let out = answers(
            &mut s,
            &[
                "set game.variant plakoto",
                &format!("position board {board}"),
                "dice 6 5",
                "set engine.ply 1",
                "go",
            ],
        );
        assert_eq!(out.len(), 1);
        assert!(out[0].starts_with("bestmove 24/"), "{out:?}");
        assert!(
            answers(&mut s, &["position gnubgid 4HPwATDgc/ABMA"])[0]
                .starts_with("error unsupported")
        );
    }
}
