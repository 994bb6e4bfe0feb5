//! README.md's commands still run as it shows them. Every `bg-tui` and `bg-lab` command
//! line in its code blocks (and in its table of figures) is read by the program's command
//! line: run with `--help` after it, so each subcommand, option and value must be one the
//! program takes (`bg-lab`'s with the `lab` feature, which builds it). Those shown with
//! their output (`$ bg-tui ...` and the lines below it) are cheap and touch no file: they
//! are run, and each line shown must come out, in order (`...` stands for lines left out).

use crate::common::bg_tui;

/// A command line README.md shows: the program, its words after the program's name, and
/// the output shown under it (empty when none is).
#[derive(Debug)]
struct Shown {
    program: &'static str,
    words: Vec<String>,
    output: Vec<String>,
}

/// The programs this crate builds.
const PROGRAMS: [&str; 2] = ["bg-tui", "bg-lab"];

/// The program and its words on a shell line: the line split as `sh` splits it (quotes,
/// escapes, comments), and of the pipeline's commands the one that runs `bg-tui` or
/// `bg-lab` (or `cargo run --release [--bin NAME] --`, which runs one): the program and its
/// words after the program's name. `None` when no command of the line runs a program.
fn program_words(line: &str) -> Option<(&'static str, Vec<String>)> {
    shell_words(line)
        .split(|w| w == "|")
        .find_map(command_words)
}

/// The program a command runs, and its words: see [`program_words`].
fn command_words(command: &[String]) -> Option<(&'static str, Vec<String>)> {
    let named = |name: Option<&String>| PROGRAMS.into_iter().find(|p| name.is_some_and(|n| n == p));
    let (first, rest) = command.split_first()?;
    if let Some(program) = named(Some(first)) {
        return Some((program, rest.to_vec()));
    }
    if first != "cargo" || rest.first().is_none_or(|w| w != "run") {
        return None;
    }
    let end = rest.iter().position(|w| w == "--").unwrap_or(rest.len());
    let options = &rest[..end];
    let program = match options.iter().position(|w| w == "--bin") {
        Some(at) => named(options.get(at + 1))?,
        None => "bg-tui",
    };
    Some((program, rest.get(end + 1..).unwrap_or_default().to_vec()))
}

/// Runs `program` (one of [`PROGRAMS`]) with `args`; `None` for `bg-lab` in a build
/// without it.
fn run(program: &str, args: &[&str]) -> Option<std::process::Output> {
    match program {
        "bg-tui" => Some(bg_tui(args)),
        #[cfg(feature = "lab")]
        "bg-lab" => Some(crate::common::bg_lab(args)),
        _ => None,
    }
}

/// `line` split into words as `sh` splits it: single and double quotes, backslash escapes,
/// a `#` comment at the start of a word; a `|` outside quotes is a word of its own.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => words.extend(word.take()),
            '#' if word.is_none() => break,
            '|' => {
                words.extend(word.take());
                words.push("|".to_string());
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                w.extend(chars.by_ref().take_while(|&q| q != '\''));
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => w.extend(chars.next()),
                        _ => w.push(q),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).extend(chars.next()),
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// Every command line of `readme` that runs the program: in code blocks of shell (or of no
/// language), each line that runs it (with a `$ ` prompt, the lines below it up to the next
/// prompt or the block's end are its output); and in the section "Figures", each inline
/// code span that runs it.
fn shown_commands(readme: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut block: Option<bool> = None; // in a block: whether it is a shell block
    let mut section = "";
    let mut prompted = false; // the last command had a prompt: the lines below are output
    for line in readme.lines() {
        if let Some(language) = line.strip_prefix("```") {
            block = match block {
                Some(_) => None,
                None => Some(matches!(language, "" | "sh" | "bash" | "console")),
            };
            prompted = false;
            continue;
        }
        match block {
            Some(true) => {
                let prompt = line.strip_prefix("$ ");
                match program_words(prompt.unwrap_or(line)) {
                    Some((program, words)) => {
                        prompted = prompt.is_some();
                        shown.push(Shown {
                            program,
                            words,
                            output: Vec::new(),
                        });
                    }
                    None if prompted => {
                        if let Some(last) = shown.last_mut() {
                            last.output.push(line.to_string());
                        }
                    }
                    None => {}
                }
            }
            Some(false) => {}
            None => {
                if let Some(title) = line.strip_prefix("## ") {
                    section = title;
                } else if section == "Figures" {
                    for span in line.split('`').skip(1).step_by(2) {
                        if let Some((program, words)) = program_words(span) {
                            shown.push(Shown {
                                program,
                                words,
                                output: Vec::new(),
                            });
                        }
                    }
                }
            }
        }
    }
    shown
}

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md")
}

#[test]
fn shell_lines_split_as_sh_splits_them() {
    assert_eq!(
        shell_words(r#"bg-tui --vs "ubgi:bg-tui ubgi" --board '{"a": 1}' x\ y  # the end"#),
        [
            "bg-tui",
            "--vs",
            "ubgi:bg-tui ubgi",
            "--board",
            r#"{"a": 1}"#,
            "x y"
        ]
    );
    let words = |line| program_words(line).map(|(program, words)| (program, words.join(" ")));
    assert_eq!(
        words(r"printf 'ubgi\nquit\n' | bg-tui ubgi"),
        Some(("bg-tui", "ubgi".to_string()))
    );
    assert_eq!(
        words("cargo run --release -- --vs expert   # or against a bot"),
        Some(("bg-tui", "--vs expert".to_string()))
    );
    assert_eq!(
        words("cargo run --release"),
        Some(("bg-tui", String::new()))
    );
    assert_eq!(
        words("cargo run --release --features lab --bin bg-lab -- bench"),
        Some(("bg-lab", "bench".to_string()))
    );
    assert_eq!(
        words("bg-lab train --games 1"),
        Some(("bg-lab", "train --games 1".to_string()))
    );
    assert_eq!(words("cargo test --locked"), None);
    assert_eq!(words("cargo build --release --features lab"), None);
}

#[test]
fn the_readme_reader_finds_commands_prompts_and_output() {
    let text = "## Playing\n```sh\nbg-tui resume   # go on\ncargo test\n```\n\
                ```\n$ bg-tui show X\n line one\n...\n$ bg-tui moves Y 31\n```\n\
                ```json\nbg-tui not a command\n```\n\
                ## Figures\n| a | `bg-lab bench --seconds 1`, `bg-tui show` |\n";
    let shown = shown_commands(text);
    let words: Vec<String> = shown
        .iter()
        .map(|s| format!("{} {}", s.program, s.words.join(" ")))
        .collect();
    assert_eq!(
        words,
        [
            "bg-tui resume",
            "bg-tui show X",
            "bg-tui moves Y 31",
            "bg-lab bench --seconds 1",
            "bg-tui show"
        ]
    );
    assert_eq!(shown[1].output, [" line one", "..."]);
    assert!(shown[2].output.is_empty() && shown[0].output.is_empty());
}

#[test]
fn every_command_the_readme_shows_is_one_the_program_reads() {
    let shown = shown_commands(&readme());
    // The README shows the game, a command of each kind and the figures' commands.
    assert!(shown.len() >= 20, "{shown:?}");
    for command in &shown {
        let mut args: Vec<&str> = command.words.iter().map(String::as_str).collect();
        args.push("--help");
        let Some(o) = run(command.program, &args) else {
            continue; // bg-lab, not built without the `lab` feature
        };
        let usage = format!("Usage: {}", command.program);
        assert!(
            o.status.success() && String::from_utf8_lossy(&o.stdout).contains(&usage),
            "{} {}: {}",
            command.program,
            command.words.join(" "),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn the_commands_the_readme_shows_with_their_output_print_it() {
    let shown = shown_commands(&readme());
    let with_output: Vec<&Shown> = shown.iter().filter(|s| !s.output.is_empty()).collect();
    assert!(with_output.len() >= 6, "{with_output:?}");
    for command in with_output {
        let args: Vec<&str> = command.words.iter().map(String::as_str).collect();
        let Some(o) = run(command.program, &args) else {
            continue; // bg-lab, not built without the `lab` feature
        };
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "bg-tui {args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        // Each line shown comes out, in order; `...` leaves lines out.
        let mut printed = stdout.lines().map(str::trim_end);
        for line in command.output.iter().map(|l| l.trim_end()) {
            if line.trim() == "..." {
                continue;
            }
            assert!(
                printed.any(|p| p == line),
                "bg-tui {args:?} does not print, where README.md shows it:\n{line}\n\nit prints:\n{stdout}"
            );
        }
    }
}
