//! The scripts README.md's figures depend on are files under `assets/`, and the files the
//! docs name are there. GNU Backgammon's UBGI adapter (`assets/gnubg/gnubg_ubgi.py`, the
//! opponent of the figures against GNU Backgammon) runs inside GNU Backgammon, which the
//! tests never need: it is run by `python3` with a stand-in for gnubg's Python module, and
//! must speak UBGI as bg-tui's client expects (skipped where there is no `python3`).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const ADAPTER: &str = "assets/gnubg/gnubg_ubgi.py";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The paths under `assets/` that `text` names (in backquotes, links or commands).
fn asset_paths(text: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("assets/") {
        let tail = &rest[at..];
        let end = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || "/._-".contains(c)))
            .unwrap_or(tail.len());
        let path = tail[..end].trim_end_matches(['.', '/']);
        // A pattern (`assets/strength/*.jsonl`) or a folder named in passing is left out.
        if path.contains('.') && !paths.iter().any(|p| p == path) {
            paths.push(path.to_string());
        }
        rest = &tail[end..];
    }
    paths
}

#[test]
fn the_readme_and_the_strength_log_name_the_adapter_and_it_is_there() {
    assert!(root().join(ADAPTER).is_file(), "{ADAPTER} is missing");
    for doc in ["README.md", "assets/strength/README.md"] {
        let text = read(doc);
        assert!(
            text.contains(&format!("-p {ADAPTER}")),
            "{doc} does not run {ADAPTER}"
        );
        assert!(
            !text.contains("```python"),
            "{doc} keeps a script in a code block: make it a file under assets/"
        );
    }
}

#[test]
fn every_file_under_assets_the_readme_names_is_there() {
    let names = asset_paths(&read("README.md"));
    assert!(names.len() >= 5, "{names:?}");
    for name in names {
        assert!(
            root().join(&name).exists(),
            "README.md names {name}, which is not there"
        );
    }
}

#[test]
fn the_asset_path_reader_finds_paths_and_leaves_folders_out() {
    let text = "see [it](assets/gnubg/gnubg_ubgi.py), `assets/expert.bgnet`. and assets/strength/";
    assert_eq!(
        asset_paths(text),
        ["assets/gnubg/gnubg_ubgi.py", "assets/expert.bgnet"]
    );
}

/// A stand-in for GNU Backgammon's `gnubg` module: `findbestmove` answers by the dice set
/// (a plain play, a play from the bar and off, no play), and only after the board and the
/// dice were set by `command`.
const STAND_IN: &str = r#"
set_board = None
set_dice = None
def command(line):
    global set_board, set_dice
    if line.startswith("set board "):
        set_board = line.split()[2]
    elif line.startswith("set dice "):
        set_dice = tuple(int(d) for d in line.split()[2:])
def board():
    return "board"
def cubeinfo():
    return "cubeinfo"
def findbestmove(b, ci, ec):
    assert set_board == "4HPwATDgc/ABMA", set_board
    assert ec["cubeful"] == 0 and ec["plies"] == 0, ec
    return {(3, 1): [8, 5, 6, 5], (6, 3): [25, 19, 3, 0], (6, 6): [0, 0, 0, 0]}[set_dice]
"#;

#[test]
fn the_gnubg_adapter_speaks_ubgi() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("gnubg.py"), STAND_IN).expect("the stand-in");
    let child = Command::new("python3")
        .arg(root().join(ADAPTER))
        .env("PYTHONPATH", dir.path())
        .env_remove("GNUBG_PLIES")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        eprintln!("no python3: the adapter is not run");
        return;
    };
    let input = "ubgi\nisready\nnewgame\nset beavers off\n\
                 position gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA\ndice 3 1\ngo chequer\n\
                 dice 6 3\ngo chequer\ndice 6 6\ngo chequer\ngo cube\nquit\n";
    child
        .stdin
        .take()
        .expect("its input")
        .write_all(input.as_bytes())
        .expect("written");
    let out = child.wait_with_output().expect("it ends");
    assert_printed(
        &out,
        &[
            "id name gnubg 0-ply (adapter)",
            "ubgiok",
            "readyok",
            "bestmove 8/5 6/5",
            "bestmove bar/19 3/off",
            "bestmove pass",
            "bestcube nodouble",
        ],
    );
}

/// The script behind `out` ended well and printed `expected`, line by line.
fn assert_printed(out: &std::process::Output, expected: &[&str]) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines, expected, "{said}");
}

/// A rustdoc JSON of a crate with a public module holding a documented function, an
/// undocumented struct with one field, a private function and a method; a `Debug`
/// implementation (not counted), and another crate's item re-exported (not counted).
const RUSTDOC_JSON: &str = r#"{
  "root": 0,
  "index": {
    "0": {"crate_id": 0, "name": "demo", "visibility": "public", "docs": "The crate.",
          "inner": {"module": {"items": [1, 9]}}},
    "1": {"crate_id": 0, "name": "board", "visibility": "public", "docs": "A module.",
          "inner": {"module": {"items": [2, 3, 4]}}},
    "2": {"crate_id": 0, "name": "roll", "visibility": "public", "docs": "Rolls.",
          "inner": {"function": {}}},
    "3": {"crate_id": 0, "name": "Point", "visibility": "public", "docs": null,
          "span": {"filename": "src/board.rs"},
          "inner": {"struct": {"kind": {"plain": {"fields": [5]}}, "impls": [6, 8]}}},
    "4": {"crate_id": 0, "name": "hidden", "visibility": "crate", "docs": null,
          "inner": {"function": {}}},
    "5": {"crate_id": 0, "name": "count", "visibility": "public", "docs": "Checkers.",
          "inner": {"struct_field": {}}},
    "6": {"crate_id": 0, "name": null, "visibility": "default", "docs": null,
          "inner": {"impl": {"trait": null, "items": [7]}}},
    "7": {"crate_id": 0, "name": "is_blot", "visibility": "public", "docs": "One checker.",
          "inner": {"function": {}}},
    "8": {"crate_id": 0, "name": null, "visibility": "default", "docs": null,
          "inner": {"impl": {"trait": {"path": "Debug"}, "items": [10]}}},
    "9": {"crate_id": 0, "name": "Rng", "visibility": "public", "docs": null,
          "inner": {"use": {"name": "Rng", "id": 11}}},
    "10": {"crate_id": 0, "name": "fmt", "visibility": "default", "docs": null,
          "inner": {"function": {}}},
    "11": {"crate_id": 1, "name": "Rng", "visibility": "public", "docs": "Theirs.",
          "inner": {"trait": {"items": []}}}
  }
}"#;

/// `assets/scripts/public_items.py`, which counts the library's face for README's "Library
/// use", counts what a crate user reaches and names what has no doc comment.
#[test]
fn the_public_item_counter_counts_what_a_user_reaches() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let json = dir.path().join("demo.json");
    std::fs::write(&json, RUSTDOC_JSON).expect("the JSON");
    let out = Command::new("python3")
        .arg(root().join("assets/scripts/public_items.py"))
        .arg(&json)
        .output();
    let Ok(out) = out else {
        eprintln!("no python3: the counter is not run");
        return;
    };
    assert_printed(
        &out,
        &[
            "5 public items (2 function, 2 module, 1 struct)",
            "and 0 enum variants, 1 struct fields",
            "1 without a doc comment",
            "  struct Point (src/board.rs)",
        ],
    );
}
