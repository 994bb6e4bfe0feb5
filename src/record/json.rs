//! The record written as JSON, laid out for reading.

use super::Record;
use serde::Serialize;

/// The record as JSON laid out for reading: one field per line, and each player, action
/// and result on a line of its own.
#[must_use]
pub fn to_json(record: &Record) -> String {
    // Serializing these types cannot fail: no maps with non-string keys, no foreign types.
    fn compact<T: Serialize>(value: &T) -> String {
        serde_json::to_string(value).unwrap_or_default()
    }
    let mut out = String::from("{\n");
    out.push_str(&format!("  \"format\": {},\n", compact(&record.format)));
    out.push_str(&format!("  \"version\": {},\n", record.version));
    out.push_str("  \"players\": [\n");
    out.push_str(&format!(
        "    {},\n    {}\n  ],\n",
        compact(&record.players[0]),
        compact(&record.players[1])
    ));
    let rules = serde_json::to_string_pretty(&record.rules)
        .unwrap_or_default()
        .replace('\n', "\n  ");
    out.push_str(&format!("  \"rules\": {rules},\n"));
    out.push_str(&format!("  \"seed\": {},\n", compact(&record.seed)));
    out.push_str("  \"games\": [");
    for (i, game) in record.games.iter().enumerate() {
        out.push_str(if i == 0 { "\n" } else { ",\n" });
        out.push_str("    {\n");
        if let Some(variant) = game.variant {
            out.push_str(&format!("      \"variant\": {},\n", compact(&variant)));
        }
        if let Some(start) = &game.start {
            out.push_str(&format!("      \"start\": {},\n", compact(start)));
        }
        if let Some(players) = &game.players {
            out.push_str(&format!("      \"players\": {},\n", compact(players)));
        }
        if !game.seat_changes.is_empty() {
            let changes: Vec<String> = game.seat_changes.iter().map(compact).collect();
            out.push_str(&format!(
                "      \"seat_changes\": [{}],\n",
                changes.join(", ")
            ));
        }
        out.push_str("      \"actions\": [");
        for (j, action) in game.actions.iter().enumerate() {
            out.push_str(if j == 0 { "\n        " } else { ",\n        " });
            out.push_str(&compact(action));
        }
        if !game.actions.is_empty() {
            out.push_str("\n      ");
        }
        out.push_str(&format!(
            "],\n      \"result\": {}\n    }}",
            compact(&game.result)
        ));
    }
    if !record.games.is_empty() {
        out.push_str("\n  ");
    }
    out.push(']');
    if record.stopped {
        out.push_str(",\n  \"stopped\": true");
    }
    if let Some(clock) = &record.clock {
        out.push_str(&format!(",\n  \"clock\": {}", compact(clock)));
    }
    out.push_str("\n}\n");
    out
}
