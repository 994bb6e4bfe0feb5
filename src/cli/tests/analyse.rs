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
