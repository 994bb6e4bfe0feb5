"""Reads bot games (.mat files written by `bg-tui export`) into GNU Backgammon and writes
every decision of them as a candidate position: the Position ID (the player on roll's
view), the Match ID before the roll (a cube decision) and with the roll (a checker play),
and where it came from.

    FIX_MATS=LIST FIX_OUT=candidates.jsonl gnubg -t -q -p assets/gnubg/extract_positions.py

LIST is a file of lines `TAG PATH.mat`.  Each game's cube is followed through its doubles
and takes; the score and the Crawford game are gnubg's own (from the import)."""

import os
import sys

sys.path.insert(0, "assets/gnubg")
import gnubg  # noqa: E402
from fixture_common import apply_move, match_id, setup, write_jsonl  # noqa: E402

setup()
rows = []
with open(os.environ["FIX_MATS"], encoding="utf-8") as f:
    listing = [line.split() for line in f if line.strip()]
for tag, path in listing:
    gnubg.command("import mat " + path)
    m = gnubg.match(0, 1, 0, 0)
    length = m["match-info"]["match-length"]
    for gi, g in enumerate(m["games"]):
        info = g["info"]
        score = (info.get("score-X", 0), info.get("score-O", 0)) if length else (0, 0)
        crawford = bool(info.get("crawford", False))
        cube, owner = 1, None
        doubler = None
        for ai, mv in enumerate(g["game"]):
            player = 0 if mv["player"] == "X" else 1
            action = mv["action"]
            where = "%s game %d action %d" % (tag, gi + 1, ai + 1)
            if action == "double":
                doubler = player
                rows.append({
                    "source": where, "kind": "double", "pid": mv["board"],
                    "mid": match_id(length, score, player, cube, owner, crawford),
                    "length": length, "score": score, "on_roll": player, "cube": cube,
                    "owner": owner, "crawford": crawford,
                })
            elif action == "take":
                cube, owner = cube * 2, player
            elif action == "move":
                dice = tuple(sorted(mv["dice"], reverse=True))
                # The board is the mover's view: the move must fit it.
                board = gnubg.positionfromid(mv["board"])
                apply_move(board, mv["move"])
                first = ai == 0
                rows.append({
                    "source": where, "kind": "move", "pid": mv["board"],
                    "mid": match_id(length, score, player, cube, owner, crawford),
                    "mid_dice": match_id(length, score, player, cube, owner, crawford,
                                         dice=dice),
                    "dice": dice, "first": first, "length": length, "score": score,
                    "on_roll": player, "cube": cube, "owner": owner,
                    "crawford": crawford,
                })
write_jsonl(os.environ["FIX_OUT"], rows)
print("candidates:", len(rows))
