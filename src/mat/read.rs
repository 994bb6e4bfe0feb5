//! Reading a `.mat` text into a record (see the [module docs](super)).

use super::{MAX_BYTES, MatFault, MatReadError, UNCAPPED};
use crate::engine::{
    Action, Dice, Game, MatchState, Phase, Place, Play, Position, Rules, Side, TurnBuilder,
    WinKind, format_play, parse_play,
};
use crate::record::{
    self, GameRecord, PlayerInfo, Record, RecordSide, RecordedAction, ResultRecord, shorten,
};

/// The rules the header's comment lines give.
#[derive(Debug, Clone, Copy, Default)]
struct HeaderRules {
    crawford: Option<bool>,
    jacoby: Option<bool>,
    beaver: Option<bool>,
    cube_limit: Option<u32>,
}

/// The file cut into games and column entries, before the rules see it.
#[derive(Debug, Default)]
struct MatFile {
    header: HeaderRules,
    length: u32,
    length_line: usize,
    games: Vec<GameText>,
}

#[derive(Debug)]
struct GameText {
    header_line: usize,
    score_line: usize,
    names: [String; 2],
    scores: [u32; 2],
    events: Vec<Event>,
}

/// One column's entry.
#[derive(Debug, Clone)]
struct Event {
    line: usize,
    move_number: Option<u32>,
    side: Side,
    kind: EventKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum EventKind {
    /// A roll and the play written after it (empty when none is written).
    Roll {
        dice: [u8; 2],
        play: String,
    },
    Double,
    Beaver,
    Take,
    Drop,
    /// `Wins N`; `None` when no number is written.
    Wins(Option<u32>),
}

/// Reads a `.mat` text (see the module docs): a record that replays through the rules.
///
/// # Errors
/// [`MatReadError`] naming the line, game and move number and what is wrong: not a `.mat`
/// text, a line that cannot be read, an action the rules refuse, a score that does not
/// follow from the games before it.
pub fn read_mat(text: &str) -> Result<Record, MatReadError> {
    if text.len() > MAX_BYTES {
        return Err(MatReadError::whole_file(MatFault::TooLarge {
            bytes: text.len(),
        }));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let file = parse_file(text)?;
    build_record(&file)
}

/// The text's lines without their ends: `\n`, `\r\n`, or `\r` alone.
fn split_lines(text: &str) -> Vec<&str> {
    if text.contains('\n') {
        text.split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect()
    } else {
        text.split('\r').collect()
    }
}

fn parse_file(text: &str) -> Result<MatFile, MatReadError> {
    let lines = split_lines(text);
    let mut file = MatFile::default();
    let mut numbered = lines.iter().enumerate().map(|(i, l)| (i + 1, *l));
    read_header(&mut numbered, &mut file)?;
    let mut current: Option<GameText> = None;
    let mut expect_scores = false;
    for (n, line) in numbered {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let game = file.games.len() + usize::from(current.is_some());
        if is_game_header(trimmed) {
            if expect_scores {
                return Err(MatReadError::at_line(n, Some(game), MatFault::NoScoreLine));
            }
            if let Some(done) = current.take() {
                file.games.push(done);
            }
            if file.games.len() >= record::MAX_GAMES {
                return Err(MatReadError::at_line(
                    n,
                    None,
                    MatFault::TooManyGames(record::MAX_GAMES),
                ));
            }
            current = Some(GameText {
                header_line: n,
                score_line: 0,
                names: [String::new(), String::new()],
                scores: [0, 0],
                events: Vec::new(),
            });
            expect_scores = true;
            continue;
        }
        let Some(game_text) = current.as_mut() else {
            // Before the first game: skipped, as GNU Backgammon skips it.
            continue;
        };
        if expect_scores {
            let (names, scores) = score_line(trimmed)
                .map_err(|reason| MatReadError::at_line(n, Some(game), reason))?;
            game_text.names = names;
            game_text.scores = scores;
            game_text.score_line = n;
            expect_scores = false;
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix([';', '#']) {
            if comment.trim_start().starts_with("Set Pos") {
                return Err(MatReadError::at_line(n, Some(game), MatFault::SetPosition));
            }
            continue;
        }
        if game_text.events.len() >= record::MAX_ACTIONS {
            return Err(MatReadError::at_line(
                n,
                Some(game),
                MatFault::TooManyMoves(record::MAX_ACTIONS),
            ));
        }
        read_move_line(line, n, game, &mut game_text.events)?;
    }
    if expect_scores {
        let game = file.games.len() + 1;
        return Err(MatReadError::at_line(
            current.as_ref().map_or(0, |g| g.header_line),
            Some(game),
            MatFault::EndsAfterHeader,
        ));
    }
    if let Some(done) = current.take() {
        file.games.push(done);
    }
    Ok(file)
}

/// The header: comments, then ` N point match` (its line numbered), read into `file`;
/// other lines are skipped.
fn read_header<'a>(
    numbered: &mut impl Iterator<Item = (usize, &'a str)>,
    file: &mut MatFile,
) -> Result<(), MatReadError> {
    for (n, line) in numbered {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix([';', '#']) {
            read_header_comment(comment, &mut file.header);
            continue;
        }
        if let Some(length) = match_length(trimmed) {
            file.length = length.map_err(|reason| MatReadError::at_line(n, None, reason))?;
            file.length_line = n;
            return Ok(());
        }
    }
    Err(MatReadError::whole_file(MatFault::NoMatchLength))
}

/// `[Crawford "On"]` and the like; other comments are skipped.
fn read_header_comment(comment: &str, header: &mut HeaderRules) {
    let Some(inner) = comment
        .trim()
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
    else {
        return;
    };
    let Some((key, value)) = inner.split_once(' ') else {
        return;
    };
    let value = value.trim().trim_matches('"').trim();
    let flag = || match value.to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Some(true),
        "off" | "no" | "false" | "0" => Some(false),
        _ => None,
    };
    match key.to_ascii_lowercase().as_str() {
        "crawford" => header.crawford = flag().or(header.crawford),
        "jacoby" => header.jacoby = flag().or(header.jacoby),
        "beaver" => header.beaver = flag().or(header.beaver),
        "cubelimit" => header.cube_limit = value.parse().ok().or(header.cube_limit),
        _ => {}
    }
}

/// `5 point match`: `Some(Ok(5))`; a line of another kind: `None`.
fn match_length(line: &str) -> Option<Result<u32, MatFault>> {
    let mut words = line.split_whitespace();
    let (number, point, matched) = (words.next()?, words.next()?, words.next()?);
    if !point.eq_ignore_ascii_case("point") || !matched.eq_ignore_ascii_case("match") {
        return None;
    }
    let digits = number.strip_prefix('+').unwrap_or(number);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Err(MatFault::LengthNotANumber(shorten(number))));
    }
    Some(
        digits
            .parse::<u32>()
            .map_err(|_| MatFault::LengthTooLong(shorten(number))),
    )
}

fn is_game_header(trimmed: &str) -> bool {
    trimmed
        .strip_prefix("Game ")
        .is_some_and(|rest| rest.trim_start().starts_with(|c: char| c.is_ascii_digit()))
}

/// ` Alice : 0          Bob : 2`: the names and the scores.
fn score_line(line: &str) -> Result<([String; 2], [u32; 2]), MatFault> {
    let bad = || MatFault::ScoreLine(shorten(line));
    let (first_name, rest) = line.split_once(':').ok_or_else(bad)?;
    let rest = rest.trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(bad());
    }
    let first_score: u32 = rest[..digits].parse().map_err(|_| bad())?;
    // GNU Backgammon skips the rest of the score's word, then spaces.
    let rest = rest
        .trim_start_matches(|c: char| !c.is_whitespace())
        .trim_start();
    let (second_name, rest) = rest.split_once(':').ok_or_else(bad)?;
    let rest = rest.trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(bad());
    }
    let second_score: u32 = rest[..digits].parse().map_err(|_| bad())?;
    let name = |text: &str, fallback: &str| {
        let name: String = text
            .trim()
            .chars()
            .map(|c| if c.is_whitespace() { ' ' } else { c })
            .collect();
        if name.is_empty() {
            fallback.to_string()
        } else {
            name
        }
    };
    Ok((
        [name(first_name, "White"), name(second_name, "Black")],
        [first_score, second_score],
    ))
}

/// Splits a move line into its two columns as GNU Backgammon's `ImportGame` does.
fn split_columns(line: &str) -> (&str, Option<&str>) {
    let bytes = line.as_bytes();
    // Two colons (a roll in each column): the right column starts two before the second.
    if let Some(first) = line.find(':')
        && let Some(offset) = line[first + 1..].find(':')
    {
        let second = first + 1 + offset;
        if second > 3 {
            let right_start = second - 2;
            let left_end = right_start - 1;
            if line.is_char_boundary(right_start) && line.is_char_boundary(left_end) {
                return (&line[..left_end], Some(&line[right_start..]));
            }
        }
    }
    // Otherwise the right column starts at the first two spaces from the 16th byte on.
    if bytes.len() > 15
        && let Some(at) = bytes[15..].windows(2).position(|w| w == b"  ")
    {
        let at = 15 + at;
        return (&line[..at], Some(&line[at + 1..]));
    }
    (line, None)
}

/// The move number `12)` at the start of the left column, and what follows it.
fn strip_move_number(left: &str) -> (Option<u32>, &str) {
    let trimmed = left.trim_start();
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && trimmed[digits..].starts_with(')') {
        (trimmed[..digits].parse().ok(), &trimmed[digits + 1..])
    } else if let Some(rest) = trimmed.strip_prefix(')') {
        (None, rest)
    } else {
        (None, left)
    }
}

fn read_move_line(
    line: &str,
    n: usize,
    game: usize,
    events: &mut Vec<Event>,
) -> Result<(), MatReadError> {
    let (left, right) = split_columns(line);
    let (move_number, left) = strip_move_number(left);
    for (side, column) in [(Side::White, Some(left)), (Side::Black, right)] {
        let Some(column) = column else { continue };
        let kind = column_event(column)
            .map_err(|reason| MatReadError::at(n, Some(game), move_number, reason))?;
        if let Some(kind) = kind {
            events.push(Event {
                line: n,
                move_number,
                side,
                kind,
            });
        }
    }
    Ok(())
}

/// What one column says; `None` for nothing (or a line GNU Backgammon skips).
fn column_event(column: &str) -> Result<Option<EventKind>, MatFault> {
    let text = column.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let bytes = text.as_bytes();
    let die = |b: u8| (b'1'..=b'6').contains(&b).then(|| b - b'0');
    if bytes.len() >= 3
        && bytes[2] == b':'
        && let (Some(a), Some(b)) = (die(bytes[0]), die(bytes[1]))
    {
        let rest = text[3..].trim();
        // eXtreme Gammon: `???` for a roll before a resignation, `Cannot Move` for a dance.
        let rest = rest.trim_start_matches('?').trim();
        let lower = rest.to_ascii_lowercase();
        if lower.starts_with("cannot move") {
            return Ok(Some(EventKind::Roll {
                dice: [a, b],
                play: String::new(),
            }));
        }
        if lower.starts_with("illegal play") {
            return Err(MatFault::IllegalPlayEntry);
        }
        return Ok(Some(EventKind::Roll {
            dice: [a, b],
            play: rest.to_string(),
        }));
    }
    let lower = text.to_ascii_lowercase();
    let kind = if lower.starts_with("double") {
        EventKind::Double
    } else if lower.starts_with("beaver") {
        EventKind::Beaver
    } else if lower.starts_with("raccoon") {
        return Err(MatFault::Raccoon);
    } else if lower.starts_with("take") {
        EventKind::Take
    } else if lower.starts_with("drop") {
        EventKind::Drop
    } else if lower.starts_with("win") {
        let rest = lower.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let rest = rest.trim_start();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        EventKind::Wins(rest[..digits].parse().ok())
    } else if lower.starts_with("resign") {
        return Ok(None);
    } else {
        return Err(MatFault::Unreadable(shorten(text)));
    };
    Ok(Some(kind))
}

/// The rules the file gives (see the module docs).
fn file_rules(file: &MatFile) -> Result<Rules, MatReadError> {
    let header = file.header;
    let money = file.length == 0;
    let any_beaver = file
        .games
        .iter()
        .flat_map(|g| &g.events)
        .any(|e| e.kind == EventKind::Beaver);
    let (cube, cube_cap) = match header.cube_limit {
        Some(0 | 1) => (false, Rules::default().cube_cap),
        Some(limit) => (true, prev_power_of_two(limit.min(UNCAPPED))),
        None => (true, UNCAPPED),
    };
    let rules = Rules {
        match_length: (!money).then_some(file.length),
        cube,
        cube_cap,
        crawford: if money {
            Rules::default().crawford
        } else {
            header.crawford.unwrap_or(true)
        },
        jacoby: money && header.jacoby.unwrap_or(false),
        beaver: money && cube && (header.beaver.unwrap_or(false) || any_beaver),
        ..Rules::default()
    };
    rules
        .validate()
        .map_err(|e| MatReadError::at_line(file.length_line, None, MatFault::Rules(e)))?;
    Ok(rules)
}

/// The highest power of two at most `n` (`n` at least 1).
fn prev_power_of_two(n: u32) -> u32 {
    if n.is_power_of_two() {
        n
    } else {
        n.checked_next_power_of_two().map_or(1 << 31, |p| p / 2)
    }
}

fn build_record(file: &MatFile) -> Result<Record, MatReadError> {
    let rules = file_rules(file)?;
    let mut m = MatchState::new(rules)
        .map_err(|e| MatReadError::at_line(file.length_line, None, MatFault::Rules(e)))?;
    let names = file.games.first().map_or_else(
        || ["White".to_string(), "Black".to_string()],
        |g| g.names.clone(),
    );
    let mut games: Vec<GameRecord> = Vec::new();
    let count = file.games.len();
    for (index, game) in file.games.iter().enumerate() {
        let number = index + 1;
        if let Some(length) = rules.match_length
            && game.scores.iter().any(|&s| s >= length)
        {
            // The match was over before this game: GNU Backgammon ignores the rest.
            break;
        }
        if index > 0 {
            if let Some(r) = m.game().result().map(ResultRecord::from) {
                m.next_game().map_err(|source| {
                    MatReadError::at_line(
                        game.header_line,
                        Some(number),
                        MatFault::NoNextGame {
                            game: number - 1,
                            result: r,
                            source: Box::new(source),
                        },
                    )
                })?;
            } else {
                return Err(MatReadError::at_line(
                    game.header_line,
                    Some(number),
                    MatFault::NoResult(number - 1),
                ));
            }
        }
        if rules.match_length.is_some() {
            let actual = [m.score(Side::White), m.score(Side::Black)];
            if game.scores != actual {
                return Err(MatReadError::at_line(
                    game.score_line,
                    Some(number),
                    MatFault::ScoreMismatch {
                        names: game.names.clone(),
                        written: game.scores,
                        actual,
                    },
                ));
            }
        }
        let actions = replay_game(&mut m, game, number, number == count)?;
        games.push(GameRecord {
            variant: Some(m.game().variant()),
            start: None,
            actions,
            result: m.game().result().map(ResultRecord::from),
            players: None,
            seat_changes: Vec::new(),
        });
    }
    if games.is_empty() {
        games.push(GameRecord::of(rules.rule_set.variant_of_game(0)));
    }
    let mut record = Record::new(
        [PlayerInfo::human(&names[0]), PlayerInfo::human(&names[1])],
        rules,
        None,
    );
    record.games = games;
    // Every action went through the rules above; replaying the record checks its form too.
    record::replay(&record).map_err(|e| MatReadError::whole_file(MatFault::NotReplayed(e)))?;
    Ok(record)
}

/// Applies one game's entries to `m`: the record's actions.
fn replay_game(
    m: &mut MatchState,
    game: &GameText,
    number: usize,
    last_game: bool,
) -> Result<Vec<RecordedAction>, MatReadError> {
    let mut actions = Vec::new();
    for (k, event) in game.events.iter().enumerate() {
        let fail = |reason: MatFault| {
            MatReadError::at(event.line, Some(number), event.move_number, reason)
        };
        let next = game.events.get(k + 1);
        replay_event(m, event, next, last_game, &mut actions).map_err(fail)?;
    }
    Ok(actions)
}

/// Applies `action` to `m` and notes it; the rules' refusal as a message.
fn apply(
    m: &mut MatchState,
    action: Action,
    recorded: RecordedAction,
    actions: &mut Vec<RecordedAction>,
    what: &str,
) -> Result<(), MatFault> {
    m.apply(action).map_err(|source| MatFault::Refused {
        what: what.to_string(),
        source: Box::new(source),
    })?;
    actions.push(recorded);
    Ok(())
}

fn replay_event(
    m: &mut MatchState,
    event: &Event,
    next: Option<&Event>,
    last_game: bool,
    actions: &mut Vec<RecordedAction>,
) -> Result<(), MatFault> {
    let side = event.side;
    let column = if side == Side::White { "left" } else { "right" };
    if let Some(result) = m.game().result() {
        return match event.kind {
            EventKind::Wins(_) if result.is_won_by(side) => Ok(()),
            EventKind::Wins(_) => Err(MatFault::NotTheWinner { column, side }),
            _ => Err(MatFault::AfterTheEnd(ResultRecord::from(result))),
        };
    }
    let turn = |m: &MatchState, what: &str| check_turn(m, side, column, what);
    match &event.kind {
        EventKind::Roll { dice, play } => {
            replay_roll(m, side, *dice, play, next, last_game, actions)
        }
        EventKind::Double => {
            turn(m, "a double")?;
            if m.game().phase() == Phase::DoubleOffered {
                // Doubling back at once is a beaver (GNU Backgammon reads it so).
                apply(m, Action::Beaver, RecordedAction::Beaver, actions, "beaver")
            } else {
                apply(
                    m,
                    Action::Double,
                    RecordedAction::Double { side: side.into() },
                    actions,
                    "double",
                )
            }
        }
        EventKind::Beaver => {
            turn(m, "a beaver")?;
            apply(m, Action::Beaver, RecordedAction::Beaver, actions, "beaver")
        }
        EventKind::Take => {
            turn(m, "a take")?;
            apply(m, Action::Take, RecordedAction::Take, actions, "take")
        }
        EventKind::Drop => {
            turn(m, "a drop")?;
            apply(m, Action::Drop, RecordedAction::Drop, actions, "drop")
        }
        EventKind::Wins(points) => replay_resignation(m, side, column, *points, actions),
    }
}

/// Whether it is `side`'s turn to act (`column` and `what` for the message).
fn check_turn(
    m: &MatchState,
    side: Side,
    column: &'static str,
    what: &str,
) -> Result<(), MatFault> {
    match m.game().to_act() {
        Some(to_act) if to_act != side => Err(MatFault::NotTheirTurn {
            column,
            side,
            what: what.to_string(),
            to_act,
        }),
        _ => Ok(()),
    }
}

/// A column's roll and the play written after it (the opening roll in a game's first
/// column): the roll, then the play it names, or the one the rules leave.
fn replay_roll(
    m: &mut MatchState,
    side: Side,
    dice: [u8; 2],
    play: &str,
    next: Option<&Event>,
    last_game: bool,
    actions: &mut Vec<RecordedAction>,
) -> Result<(), MatFault> {
    replay_dice(m, side, dice, actions)?;
    let game = m.game();
    let Some(roll) = game.dice() else {
        return Err(MatFault::RollNotMade(dice));
    };
    let legal = game.legal_plays();
    let position = *game.position();
    let chosen = if play.is_empty() {
        let resigns_next =
            next.is_some_and(|e| e.side != side && matches!(e.kind, EventKind::Wins(_)));
        if resigns_next {
            // The roll alone: its player resigns.
            None
        } else if legal.is_empty() {
            Some(Play::empty(position))
        } else if next.is_none() && last_game {
            // The roll alone: the file stops here.
            None
        } else if let [only] = legal {
            Some(*only)
        } else {
            return Err(MatFault::NoPlayWritten {
                dice,
                plays: legal.len(),
            });
        }
    } else {
        if legal.is_empty() {
            return Err(MatFault::NotPlayable {
                dice,
                play: shorten(play),
            });
        }
        Some(read_play(m.game(), &position, roll, play)?)
    };
    match chosen {
        Some(chosen) => replay_play(m, side, dice, chosen, actions),
        None => Ok(()),
    }
}

/// A roll of `dice` in `side`'s column: the opening roll (the higher die `side`'s), or
/// `side`'s roll (after taking a beaver, when the doubler rolls).
fn replay_dice(
    m: &mut MatchState,
    side: Side,
    dice: [u8; 2],
    actions: &mut Vec<RecordedAction>,
) -> Result<(), MatFault> {
    let [a, b] = dice;
    if m.game().phase() == Phase::Opening {
        if a == b {
            return Err(MatFault::DoubleOpening(dice));
        }
        let (high, low) = (a.max(b), a.min(b));
        let (white, black) = if side == Side::White {
            (high, low)
        } else {
            (low, high)
        };
        return apply(
            m,
            Action::OpeningRoll { white, black },
            RecordedAction::Opening([white, black]),
            actions,
            &format!("opening roll {a}{b}"),
        );
    }
    if m.game().phase() == Phase::Beavered && m.game().to_act() == Some(side) {
        // The doubler rolls: the beaver was taken.
        apply(m, Action::Take, RecordedAction::Take, actions, "take")?;
    }
    let column = if side == Side::White { "left" } else { "right" };
    check_turn(m, side, column, &format!("a roll of {a}{b}"))?;
    let roll = Dice::new(a, b).map_err(MatFault::Dice)?;
    apply(
        m,
        Action::Roll(roll),
        RecordedAction::Roll {
            side: side.into(),
            dice,
        },
        actions,
        &format!("roll {a}{b}"),
    )
}

/// `side`'s play of `dice` (a dance when it has no steps), applied and recorded.
fn replay_play(
    m: &mut MatchState,
    side: Side,
    dice: [u8; 2],
    chosen: Play,
    actions: &mut Vec<RecordedAction>,
) -> Result<(), MatFault> {
    let [a, b] = dice;
    let steps: Vec<(u8, u8, bool)> = chosen
        .steps()
        .iter()
        .map(|s| (s.from.number(), s.to.number(), s.hit))
        .collect();
    let notation = if steps.is_empty() {
        String::new()
    } else {
        format_play(&chosen)
    };
    let what = if steps.is_empty() {
        format!("dance with {a}{b}")
    } else {
        format!("play {notation} with {a}{b}")
    };
    apply(
        m,
        Action::Play(chosen),
        RecordedAction::Play {
            side: side.into(),
            dice,
            notation,
            steps,
        },
        actions,
        &what,
    )
}

/// `Wins N` in a column while the game goes on: the other player resigned, a level read
/// from `N` and the cube.
fn replay_resignation(
    m: &mut MatchState,
    side: Side,
    column: &'static str,
    points: Option<u32>,
    actions: &mut Vec<RecordedAction>,
) -> Result<(), MatFault> {
    // The game is not over: the other player resigned.
    let resigner = side.opponent();
    let Some(points) = points else {
        return Err(MatFault::WinsWithoutPoints { column, side });
    };
    let game = m.game();
    match game.to_act() {
        Some(to_act) if to_act == resigner => {}
        _ => {
            return Err(MatFault::MayNotResign {
                column,
                side,
                points,
            });
        }
    }
    let cube = game.cube().value();
    let level = if points <= cube {
        WinKind::Single
    } else if points <= cube.saturating_mul(2) {
        WinKind::Gammon
    } else {
        WinKind::Backgammon
    };
    apply(
        m,
        Action::Resign(level),
        RecordedAction::Resign {
            side: RecordSide::from(resigner),
            level,
        },
        actions,
        &format!("resignation of a {level}"),
    )?;
    apply(
        m,
        Action::AcceptResignation,
        RecordedAction::Accept,
        actions,
        "accepting the resignation",
    )
}

/// The legal play `text` gives: its steps as written when they are single dice played in
/// that order, else the play [`parse_play`] reads.
fn read_play(game: &Game, position: &Position, roll: Dice, text: &str) -> Result<Play, MatFault> {
    if let Some(steps) = written_steps(text)
        && let Some(play) =
            TurnBuilder::for_game(game).and_then(|mut turn| turn.play_steps(&steps).ok())
    {
        return Ok(play);
    }
    parse_play(text, position, roll).map_err(|source| MatFault::Play {
        text: shorten(text),
        dice: [roll.first(), roll.second()],
        source,
    })
}

/// `24/18* 13/9(2)` as single moves `(from, to)`: chains cut at each point, counts
/// repeated; `None` when the text is not that simple.
fn written_steps(text: &str) -> Option<Vec<(Place, Place)>> {
    let mut steps = Vec::new();
    for word in text.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
        let (path, count) = match word.strip_suffix(')').and_then(|w| w.rsplit_once('(')) {
            Some((path, count)) => (
                path,
                count
                    .parse::<usize>()
                    .ok()
                    .filter(|c| (1..=4).contains(c))?,
            ),
            None => (word, 1),
        };
        let points: Vec<Place> = path
            .split('/')
            .map(
                |p| match p.trim_end_matches('*').to_ascii_lowercase().as_str() {
                    "bar" | "b" => Some(Place::BAR),
                    "off" | "o" => Some(Place::OFF),
                    digits => digits.parse::<u8>().ok().and_then(Place::new),
                },
            )
            .collect::<Option<_>>()?;
        if points.len() < 2 {
            return None;
        }
        for _ in 0..count {
            for pair in points.windows(2) {
                steps.push((pair[0], pair[1]));
            }
        }
        if steps.len() > 4 {
            return None;
        }
    }
    Some(steps)
}
