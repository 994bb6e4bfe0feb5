"""Re-judges the double-match-point rows of match-checker.jsonl with gnubg's command line.

    gnubg -t -q -p assets/gnubg/redo_dmp_checker_rows.py

At double match point (both players 1-away, post-Crawford) GNU Backgammon 1.07's Python
`gnubg.hint()` at 2-ply returns the money game's equities (+2.847 for a play whose
chances are 88% wins: twice the money equity plus one), where its command line's `hint`
prints the right ones (+0.764 for the same play: at this score only the win counts).
make_checker_fixtures.py took the Python numbers, so its 60 rows at double match point
ranked plays by gammons that cannot count. This script sets each of those rows again,
asks the command line's `hint 8` at the judge's settings (fixture_common.SETTINGS) and
writes gnubg's printed plays (equity and chances to three decimals) in place of the old
ones; then marks again, for every position and roll, whether gnubg's best play changes
with the score. The other rows are left as they are (the command line gives them the same
numbers as the Python call)."""

import os
import re
import sys

sys.path.insert(0, "assets/gnubg")
import gnubg  # noqa: E402
from fixture_common import (apply_move, capture, read_jsonl, set_state, setup,  # noqa: E402
                            write_jsonl)

PATH = os.path.join("tests", "fixtures", "gnubg", "match-checker.jsonl")
TOP = 8
PLAY = re.compile(r"^\s*(\d+)\.\s+Cubeful (\d)-ply\s+(.+?)\s+Eq\.:\s+([+-]?\d+\.\d+)")
CHANCES = re.compile(r"^\s*([\d.]+) ([\d.]+) ([\d.]+) - ([\d.]+) ([\d.]+) ([\d.]+)\s*$")


def plays_of(text):
    """gnubg's printed hint as (rank, plies, move, equity, [w, wg, wbg, lg, lbg])."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        m = PLAY.match(line)
        if not m:
            continue
        c = CHANCES.match(lines[i + 1]) if i + 1 < len(lines) else None
        if not c:
            raise SystemExit("no chances after %r" % line)
        w, wg, wbg, _, lg, lbg = (float(x) for x in c.groups())
        out.append((int(m.group(1)), int(m.group(2)), m.group(3).strip(),
                    float(m.group(4)), [w, wg, wbg, lg, lbg]))
    return out


def main():
    setup()
    rows = read_jsonl(PATH)
    redone = 0
    for r in rows:
        if r.get("away") != [1, 1]:
            continue
        set_state(r["position_id"], r["match_id"])
        ci = gnubg.cubeinfo()
        if ci["matchto"] != r["match_length"] or list(ci["score"]) != r["score"]:
            raise SystemExit("%s: gnubg's state is not the row's: %r" % (r["id"], ci))
        board = gnubg.positionfromid(r["position_id"])
        printed = plays_of(capture("hint %d" % TOP))
        if not printed:
            raise SystemExit("%s: gnubg printed no plays" % r["id"])
        plays = []
        for rank, plies, move, equity, probs in printed:
            after = apply_move(board, gnubg.parsemove(move))
            plays.append({"rank": rank, "move": move,
                          "after_position_id": gnubg.positionid(after),
                          "equity": equity, "probs": probs, "ply": plies,
                          "mwc": round(gnubg.eq2mwc(equity, ci), 6)})
        r["gnubg"]["plays"] = plays
        r["gnubg"]["source"] = "gnubg's command line `hint` (redo_dmp_checker_rows.py)"
        redone += 1
    bests = {}
    for r in rows:
        key = (r["position_id"], tuple(r["dice"]))
        bests.setdefault(key, set()).add(r["gnubg"]["plays"][0]["after_position_id"])
    for r in rows:
        r["best_differs_by_score"] = len(bests[(r["position_id"], tuple(r["dice"]))]) > 1
    write_jsonl(PATH, rows)
    print("double-match-point rows judged again:", redone)


main()
