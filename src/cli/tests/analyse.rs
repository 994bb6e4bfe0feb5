//! `bg-tui analyse`'s reading of its file.

#[test]
fn a_file_that_does_not_read_is_one_error_naming_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let missing = dir.path().join("missing.json");
    let err = crate::cli::analyse::run(&missing, 0, bg_tui::analysis::Judging::default(), false)
        .expect_err("no such file")
        .to_string();
    assert!(err.contains("missing.json") && !err.contains('\n'), "{err}");
    let bad = dir.path().join("bad.mat");
    std::fs::write(&bad, "not a match file\n").expect("written");
    let err = crate::cli::analyse::run(&bad, 0, bg_tui::analysis::Judging::default(), false)
        .expect_err("not a .mat")
        .to_string();
    assert!(err.contains("bad.mat"), "{err}");
}

/// The judging the options of `analyse F` followed by `options` ask for.
fn judging(options: &[&str]) -> bg_tui::analysis::Judging {
    use clap::Parser;
    let args = ["bg-tui", "analyse", "match.json"]
        .into_iter()
        .chain(options.iter().copied());
    match crate::cli::Cli::try_parse_from(args) {
        Ok(crate::cli::Cli {
            command: Some(crate::cli::Command::Analyse(a)),
            ..
        }) => a.judging(),
        Ok(_) => panic!("{options:?}: not the analyse command"),
        Err(e) => panic!("{options:?}: {e}"),
    }
}

#[test]
fn analysis_prunes_the_replies_unless_no_prune_comes_last() {
    assert!(judging(&[]).prune_replies);
    assert!(!judging(&["--no-prune"]).prune_replies);
    assert!(judging(&["--no-prune", "--prune"]).prune_replies);
    assert!(!judging(&["--prune", "--no-prune"]).prune_replies);
    assert_eq!(judging(&[]), bg_tui::analysis::Judging::default());
    let settled = judging(&["--close-rollouts", "3"]);
    assert_eq!(settled.close.map(|c| c.seconds), Some(3.0));
    assert!(judging(&[]).close.is_none());
}
