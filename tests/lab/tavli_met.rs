//! `bg-lab tavli-met`: the Tavli match equity table, and a length out of range refused.

use crate::common::{bg_lab, one_line_from};

#[test]
fn the_table_holds_each_game_of_the_cycle_up_to_the_length() {
    let o = bg_lab(&["tavli-met", "--length", "3"]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout);
    for game in ["Portes next", "Plakoto next", "Fevga next"] {
        assert!(text.contains(game), "{text}");
    }
    // Each table: the header row and three rows, the diagonal even.
    let evens = text
        .lines()
        .filter(|l| l.split_whitespace().any(|w| w == "50.0"))
        .count();
    assert_eq!(evens, 9, "{text}");
}

#[test]
fn a_length_outside_one_to_twenty_five_is_refused() {
    for length in ["0", "26"] {
        let o = bg_lab(&["tavli-met", "--length", length]);
        assert_eq!(o.status.code(), Some(2), "{o:?}");
        let line = one_line_from(&o, "bg-lab");
        assert!(
            line.contains("--length") && line.contains("1..=25"),
            "{line}"
        );
    }
}
