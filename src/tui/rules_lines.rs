//! What the table shows of the rule set: its name (in Tavli, which game of the cycle),
//! Fevga's routes, and Plakoto's pinned mothers, in words.

use bg_tui::engine::{Position, RuleSet, Rules, Side, Variant};

/// The panel's lines about the rule set of game `game_index` (from 0) played under `rules`,
/// in `position` (seen from `on_roll`), with the point numbers of `bottom`'s numbering and
/// the players named by `name`. Empty for plain backgammon.
pub(crate) fn rules_lines(
    rules: &Rules,
    game_index: usize,
    position: &Position,
    on_roll: Side,
    bottom: Side,
    name: &dyn Fn(Side) -> String,
) -> Vec<String> {
    let variant = rules.rule_set.variant_of_game(game_index);
    let mut lines = Vec::new();
    let schmidt = if rules.schmidt {
        ", Schmidt scoring"
    } else {
        ""
    };
    match rules.rule_set {
        RuleSet::Backgammon if !rules.schmidt => {}
        RuleSet::Tavli => lines.push(format!(
            "Tavli game {}: {variant} ({} of 3)",
            game_index + 1,
            game_index % 3 + 1
        )),
        other => lines.push(format!("{other}{schmidt}")),
    }
    match variant {
        Variant::Fevga => {
            // In the bottom player's numbering: it runs 24 -> 1; the top player starts on
            // the bottom player's 12-point and runs 12 -> 1, then 24 -> 13.
            let top = bottom.opponent();
            lines.push(format!("{}: 24 → 1, home 1-6", name(bottom)));
            lines.push(format!("{}: 12 → 1, then 24 → 13, home 13-18", name(top)));
        }
        Variant::Plakoto => {
            // The mover's 24-point is its start; the opponent's is the mover's 1-point.
            let board = position.board();
            let mover_pinned = board[24] < 0 && position.is_pinned(24);
            let opponent_pinned = board[1] > 0 && position.is_pinned(1);
            let mover_holds_start = board[24] > 0;
            let opponent_holds_start = board[1] < 0;
            let notice = |mother: Side, pinner_holds: bool| {
                if pinner_holds {
                    format!(
                        "{}'s mother is pinned: {} wins once its 24-point is empty",
                        name(mother),
                        name(mother.opponent())
                    )
                } else {
                    format!("{}'s mother is pinned", name(mother))
                }
            };
            if mover_pinned && opponent_pinned {
                lines.push("Both mothers are pinned: a draw".to_string());
            } else if mover_pinned {
                lines.push(notice(on_roll, opponent_holds_start));
            } else if opponent_pinned {
                lines.push(notice(on_roll.opponent(), mover_holds_start));
            }
        }
        _ => {}
    }
    lines
}

/// The rows the help adds for a rule set other than backgammon: how it differs.
#[must_use]
pub(crate) fn difference_rows(variant: Variant) -> Vec<(String, String)> {
    let differences = super::rule_prose::differences(variant);
    if differences.is_empty() {
        return Vec::new();
    }
    let mut rows = vec![(String::new(), String::new())];
    rows.push((
        variant.to_string(),
        "how it differs from backgammon:".to_string(),
    ));
    rows.extend(
        differences
            .iter()
            .map(|line| (String::new(), (*line).to_string())),
    );
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use bg_tui::engine::BoardSpec;

    fn name(side: Side) -> String {
        side.to_string()
    }

    fn plakoto(mine: &[(u8, u8)], theirs: &[(u8, u8)], pinned: &[u8]) -> Position {
        BoardSpec::from_points(mine, theirs, [0, 0], pinned)
            .and_then(|spec| spec.to_position(Variant::Plakoto))
            .unwrap()
    }

    #[test]
    fn tavli_names_the_game_of_the_cycle() {
        let rules = Rules::of(RuleSet::Tavli);
        let start = Variant::Plakoto.start_position();
        let lines = rules_lines(&rules, 4, &start, Side::White, Side::White, &name);
        assert_eq!(lines, ["Tavli game 5: Plakoto (2 of 3)"]);
    }

    #[test]
    fn a_pinned_mother_is_announced_with_what_it_takes_to_win() {
        let rules = Rules::of(RuleSet::Plakoto);
        // White on roll; Black's mother (White's 1-point) is pinned and White still holds
        // its own 24-point: a pending win.
        let pending = plakoto(&[(1, 1), (24, 2), (6, 12)], &[(1, 1), (20, 14)], &[]);
        let lines = rules_lines(&rules, 0, &pending, Side::White, Side::White, &name);
        assert_eq!(
            lines[1],
            "Black's mother is pinned: White wins once its 24-point is empty"
        );
        let both = plakoto(
            &[(1, 1), (24, 1), (6, 13)],
            &[(1, 1), (24, 1), (20, 13)],
            &[24],
        );
        let lines = rules_lines(&rules, 0, &both, Side::White, Side::White, &name);
        assert_eq!(lines[1], "Both mothers are pinned: a draw");
    }

    #[test]
    fn the_help_lists_a_rule_sets_differences() {
        assert!(difference_rows(Variant::Backgammon).is_empty());
        let rows = difference_rows(Variant::Fevga);
        assert!(rows.iter().any(|(_, d)| d.contains("Start rule")));
    }
}
