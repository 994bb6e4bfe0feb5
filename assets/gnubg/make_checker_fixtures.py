"""GNU Backgammon's checker-play rankings (2-ply, cubeful) for match-checker.jsonl.

    FIX_CANDIDATES=candidates.jsonl FIX_OUTDIR=tests/fixtures/gnubg FIX_SEED=31 \
        gnubg -t -q -p assets/gnubg/make_checker_fixtures.py

The candidates are the bot games' plays (extract_positions.py).  Those with a choice that
gnubg's 0-ply finds close (the best two plays within CLOSE) are drawn; each is judged in
money play, at double match point and at two scores drawn from SCORES, and the positions
whose best play changes with the score go first into the file, then the others, to SIZE
rows.  Each row keeps gnubg's top plays (TOP) with their cubeful equity (money, or EMG and
MWC in a match), chances, the depth they were judged at and the position after them."""

import os
import random
import sys

sys.path.insert(0, "assets/gnubg")
import gnubg  # noqa: E402
from fixture_common import (apply_move, match_id, read_jsonl, set_state, setup,  # noqa: E402
                            split, write_jsonl)

# (length, on roll's points away, the opponent's, state, cube, owner); length 0: money.
MONEY = (0, 0, 0, "money", 1, None)
DMP = (7, 1, 1, "post", 1, None)
SCORES = [
    (5, 2, 1, "post", 1, None),   # the trailer: a gammon wins the match
    (5, 1, 2, "post", 1, None),   # the leader: the opponent's gammon wins it
    (7, 7, 7, "pre", 1, None),
    (5, 4, 2, "pre", 1, None),
    (5, 2, 4, "pre", 1, None),
    (3, 2, 2, "pre", 1, None),
    (7, 3, 3, "pre", 2, "them"),
    (7, 5, 3, "pre", 2, "me"),
    (5, 4, 1, "post", 1, None),
]
CLOSE = 0.08
POSITIONS = int(os.environ.get("FIX_POSITIONS", "110"))
SIZE = 240
TOP = 8


def hint(pid, setting, on_roll, dice):
    length, mine, theirs, state, cube, owner = setting
    score = [0, 0]
    if length:
        score[on_roll], score[1 - on_roll] = length - mine, length - theirs
    own = None if owner is None else (on_roll if owner == "me" else 1 - on_roll)
    mid = match_id(length, score, on_roll, cube, own, state == "crawford", dice=dice)
    set_state(pid, mid)
    ci = gnubg.cubeinfo()
    if ci["jacoby"] or ci["beavers"]:
        raise SystemExit("Jacoby or beavers on: %r" % ci)
    h = gnubg.hint(TOP)
    return mid, ci, score, h["hint"]


def main():
    setup()
    rng = random.Random(int(os.environ.get("FIX_SEED", "31")))
    cands = [c for c in read_jsonl(os.environ["FIX_CANDIDATES"])
             if c["kind"] == "move" and not c["first"] and c["cube"] <= 16]
    rng.shuffle(cands)
    # 0-ply: plays with a close choice.
    gnubg.command("set evaluation chequerplay evaluation plies 0")
    close, seen = [], set()
    for c in cands:
        key = (c["pid"], tuple(c["dice"]))
        if key in seen:
            continue
        seen.add(key)
        _, _, _, moves = hint(c["pid"], MONEY, c["on_roll"], c["dice"])
        if len(moves) >= 2 and moves[0]["equity"] - moves[1]["equity"] < CLOSE:
            close.append(c)
        if len(close) >= POSITIONS:
            break
    gnubg.command("set evaluation chequerplay evaluation plies 2")
    groups = []
    for c in close:
        settings = [MONEY, DMP] + rng.sample(SCORES, 2)
        rows = []
        board = gnubg.positionfromid(c["pid"])
        for setting in settings:
            mid, ci, score, moves = hint(c["pid"], setting, c["on_roll"], c["dice"])
            length = setting[0]
            plays = []
            for m in moves:
                after = apply_move(board, gnubg.parsemove(m["move"]))
                p = {"rank": m["movenum"], "move": m["move"],
                     "after_position_id": gnubg.positionid(after),
                     "equity": round(m["equity"], 6),
                     "probs": [round(x, 6) for x in m["details"]["probs"]],
                     "ply": m["context"]["plies"]}
                if length:
                    p["mwc"] = round(gnubg.eq2mwc(m["equity"], ci), 6)
                plays.append(p)
            owner = setting[5]
            rows.append({
                "source": c["source"],
                "position_id": c["pid"],
                "match_id": mid,
                "dice": list(c["dice"]),
                "player_on_roll": c["on_roll"],
                "match_length": length,
                "score": score,
                "away": [setting[1], setting[2]] if length else None,
                "crawford_game": setting[3] == "crawford",
                "post_crawford": setting[3] == "post",
                "cube": {"value": setting[4],
                         "owner": "centre" if owner is None else
                         ("player on roll" if owner == "me" else "opponent")},
                "split": split("%s %d%d" % (c["pid"], c["dice"][0], c["dice"][1])),
                "gnubg": {
                    "unit": "money equity" if not length else
                    "EMG (normalised); mwc in match-winning chances",
                    "plays": plays,
                },
            })
        bests = {r["gnubg"]["plays"][0]["after_position_id"] for r in rows}
        for r in rows:
            r["best_differs_by_score"] = len(bests) > 1
        groups.append(rows)
    # The positions whose best play changes with the score first.
    groups.sort(key=lambda g: not g[0]["best_differs_by_score"])
    out = []
    for g in groups:
        if len(out) + len(g) > SIZE:
            break
        out.extend(g)
    for i, r in enumerate(out):
        r["id"] = "checker-%04d" % (i + 1)
    differing = sum(1 for r in out if r["best_differs_by_score"])
    print("checker rows", len(out), "of which the best play differs by score:", differing)
    write_jsonl(os.path.join(os.environ["FIX_OUTDIR"], "match-checker.jsonl"),
                [dict(id=r.pop("id"), **r) for r in out])


main()
