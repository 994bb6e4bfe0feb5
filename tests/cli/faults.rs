//! Nothing lost, part three (issue 34): engines that flood, hang or outlive their game,
//! positions nobody can ever move from, full disks at quit, threads that cannot start, and
//! the smaller faults found beside them. Each test makes the fault happen: a hostile engine
//! is a small script in `tests/engines`, a thread that cannot start is a thread whose stack
//! cannot be mapped (see [`no_threads`]).

use crate::common;
use common::bg_tui;

/// Item 10: `bench-autosave --games 2` says what it built (game 1 only), not "games 2 to 1".
#[test]
fn bench_autosave_of_two_games_says_what_it_built() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let o = bg_tui(&[
        "bench-autosave",
        "--games",
        "2",
        "--dir",
        dir.path().to_str().expect("a UTF-8 path"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(!text.contains("games 2 to 1"), "{text}");
    assert!(
        text.contains("(game 1, each line forced to the disk)"),
        "{text}"
    );
}

/// The path of a hostile engine's script in `tests/engines`.
fn engine(script: &str) -> String {
    format!("{}/tests/engines/{script}", env!("CARGO_MANIFEST_DIR"))
}

/// Item 4: an engine that prints while nobody asks it anything is read a bounded number of
/// lines ahead; then it waits (its pipe full), and the program does not grow.
#[test]
fn an_engine_that_floods_its_output_is_read_a_bounded_way_ahead() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mark = dir.path().join("all-read");
    let command = format!("ubgi:sh {} {}", engine("flood.sh"), mark.display());
    let bot = bg_tui::bot::make(&command, 1).expect("it shakes hands");
    // 200,000 lines: an unbounded reader takes them all in a fraction of a second.
    std::thread::sleep(std::time::Duration::from_secs(2));
    assert!(
        !mark.exists(),
        "the engine's 200,000 lines were all read though nobody asked for them"
    );
    drop(bot);
}
