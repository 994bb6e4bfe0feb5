//! Games that could go on for ever (issue 34, item 1): a position from which neither side
//! can ever move is refused at the door, and a game that reaches the most actions a record
//! holds ends there, drawn, so that its record, its journal, `resume` and `replay` read it.

use bg_tui::engine::{
    Action, BoardSpec, Ending, Game, MAX_GAME_ACTIONS, MatchState, Position, PositionIdError,
    Rules, SetupError, Side, SpecError, Variant, VariantError, WinKind, position_from_id,
    position_id,
};
use bg_tui::journal::Journal;
use bg_tui::record::{self, PlayerInfo, Recorder};

/// Both sides on the bar (three checkers each) against the other's closed home board.
fn both_on_the_bar_against_closed_boards() -> Position {
    let mut board = [0i8; 26];
    for point in 1..=6 {
        board[point] = 2;
        board[point + 18] = -2;
    }
    board[25] = 3;
    board[0] = -3;
    Position::from_board(board).expect("15 checkers a side")
}

#[test]
fn a_position_nobody_can_ever_move_from_is_refused_at_the_door() {
    let stuck = both_on_the_bar_against_closed_boards();
    assert!(!Variant::Backgammon.someone_can_move(&stuck));
    assert_eq!(
        Variant::Backgammon.check_playable(&stuck),
        Err(VariantError::NobodyCanMove)
    );
    assert_eq!(
        Game::from_position(
            Rules::money(),
            false,
            stuck,
            Side::White,
            bg_tui::engine::Cube::CENTRED
        )
        .err(),
        Some(SetupError::Position(VariantError::NobodyCanMove))
    );
    assert_eq!(
        BoardSpec::of_position(&stuck).to_position(Variant::Backgammon),
        Err(SpecError::Variant(VariantError::NobodyCanMove))
    );
    // One side stuck is a game: the other moves, and opens its board in time. The player
    // on roll is on the bar against a closed board; the opponent's three on the mover's
    // 13-point move freely.
    let mut board = [0i8; 26];
    board[1..=6].fill(2);
    board[19..=24].fill(-2);
    board[25] = 3;
    board[13] = -3;
    let one_stuck = Position::from_board(board).expect("a position");
    assert!(Variant::Backgammon.someone_can_move(&one_stuck));
    assert!(Variant::Backgammon.check_playable(&one_stuck).is_ok());
    // A Position ID cannot bring it in: its reader refuses it, as GNU Backgammon's does.
    assert_eq!(
        position_from_id(&position_id(&stuck)),
        Err(PositionIdError::BothOnBarAgainstClosedBoards)
    );
}

/// A money session whose first game is played to the action limit: the player on roll
/// offers to resign, the other declines, again and again.
fn played_to_the_limit() -> (MatchState, Recorder) {
    let rules = Rules::money();
    let mut m = MatchState::new(rules).expect("money");
    let mut recorder = Recorder::new(
        [PlayerInfo::human("Alice"), PlayerInfo::human("Bob")],
        rules,
        Some(1),
    );
    recorder
        .apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .expect("the opening");
    while m.game().result().is_none() {
        let action = if m.game().resignation().is_some() {
            Action::DeclineResignation
        } else {
            Action::Resign(WinKind::Single)
        };
        recorder.apply(&mut m, action).expect("legal");
    }
    (m, recorder)
}

#[test]
fn a_game_that_reaches_the_action_limit_ends_drawn_and_its_record_reads() {
    let (m, recorder) = played_to_the_limit();
    let result = m.game().result().expect("over");
    assert_eq!(result.winner, None);
    assert_eq!(result.ending, Ending::ActionLimit);
    assert_eq!(result.points, 0);
    assert_eq!(m.game().actions(), MAX_GAME_ACTIONS);
    assert_eq!([m.score(Side::White), m.score(Side::Black)], [0, 0]);
    let game = &recorder.as_record().games[0];
    assert_eq!(game.actions.len(), record::MAX_ACTIONS);
    assert!(game.result.is_some());
    // The record and the journal read back, as resume and replay read them.
    let json = record::to_json(recorder.as_record());
    let (read, state) = record::load(&json).expect("the record reads");
    assert_eq!(&read, recorder.as_record());
    assert_eq!(state, m);
    let dir = tempfile::tempdir().expect("a folder");
    let journal = dir.path().join("autosave.jsonl");
    drop(Journal::create(&journal, recorder.as_record()).expect("written"));
    let (read, _) = bg_tui::store::read_record(&journal).expect("the journal reads");
    assert_eq!(&read, recorder.as_record());
    // A .mat file cannot say a game nobody won: the export says so in one line.
    let refusal = bg_tui::mat::write_mat(recorder.as_record()).expect_err("refused");
    assert!(
        matches!(
            refusal,
            bg_tui::mat::MatWriteError::Unsupported { game: 1, .. }
        ),
        "{refusal:?}"
    );
    assert_eq!(
        refusal.to_string(),
        "game 1: the game stopped at 100000 actions with nobody winning, which a .mat file cannot say"
    );
    // The session goes on with the next game, and its record still reads.
    let (mut m, mut recorder) = (state, recorder);
    recorder.next_game(&mut m).expect("the next game");
    assert_eq!(m.game().actions(), 0);
    recorder
        .apply(&mut m, Action::OpeningRoll { white: 6, black: 5 })
        .expect("its opening");
    let (read, state) = record::load(&record::to_json(recorder.as_record())).expect("it reads");
    assert_eq!(read.games.len(), 2);
    assert_eq!(state, m);
    assert_eq!(state.game().result(), None);
}

/// The whole program: `replay` and `resume` read the file of a game stopped at the limit
/// (they refused it: "a game has at most 100000 actions").
#[cfg(feature = "tui")]
#[test]
fn replay_reads_a_game_stopped_at_the_action_limit() {
    let (_, recorder) = played_to_the_limit();
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("endless.json");
    bg_tui::store::write_record(&path, recorder.as_record()).expect("written");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_bg-tui"))
        .args(["replay", path.to_str().expect("UTF-8"), "--text"])
        .output()
        .expect("bg-tui runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("the game stops at 100000 actions, the most a game may have: nobody wins"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
}
