//! `bg-lab filter-study`: the report's lines for the expert's filter and each one given,
//! a filter that keeps every play never cutting the best, and bad filters refused in one
//! line.

use crate::common::{bg_lab, one_line_from};

/// The report's line of the filter written `name`.
fn line_of<'a>(report: &'a str, name: &str) -> &'a str {
    report
        .lines()
        .find(|l| l.starts_with(name))
        .unwrap_or_else(|| panic!("no line for {name} in:\n{report}"))
}

#[test]
fn each_filter_has_its_line_and_one_that_keeps_every_play_cuts_nothing() {
    let o = bg_lab(&[
        "filter-study",
        "--pairs",
        "6",
        "--seed",
        "3",
        "--filter",
        "100:10,100:10,100:10",
        "--filter",
        "1:0,1:0",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report = String::from_utf8_lossy(&o.stdout);
    assert!(report.starts_with("move filters of a 2-ply decision on 6 (position, roll) pairs"));
    line_of(&report, "8:0.16,3:0.06 (race 6:0.16)");
    // Keeping every play, the filtered decision is the reference's: nothing cut, nothing
    // lost.
    let all = line_of(&report, "100:10.00,100:10.00");
    assert!(
        all.contains(" 0.0% (0 / 0)") && all.contains("0.0000"),
        "{all}"
    );
    // Keeping one play at 0-ply, the 2-ply look sees only it: the reference's best is cut
    // wherever the 0-ply choice differs from it (it does in some of six positions).
    let one = line_of(&report, "1:0.00,1:0.00");
    assert!(!one.contains(" 0.0% (0 / 0)"), "{one}");
}

#[test]
fn a_bad_filter_is_one_line_and_status_2() {
    for (filter, expected) in [
        ("8:0.16", "MOST:WINDOW,MOST:WINDOW"),
        ("8:0.16,3:0.06,6:0.16,1:1", "MOST:WINDOW,MOST:WINDOW"),
        ("0:0.1,3:0.06", "1 to 100 plays"),
        ("8:x,3:0.06", "window is 0 to 10"),
    ] {
        let o = bg_lab(&["filter-study", "--filter", filter]);
        assert_eq!(o.status.code(), Some(2), "{filter}");
        let err = one_line_from(&o, "bg-lab");
        assert!(err.contains(expected), "{filter}: {err}");
        assert!(o.stdout.is_empty());
    }
}
