"""GNU Backgammon's cube decisions (2-ply, cubeful) for money-cube.jsonl and
match-cube.jsonl.

    FIX_CANDIDATES=candidates.jsonl FIX_OUTDIR=tests/fixtures/gnubg FIX_SEED=31 \
        gnubg -t -q -p assets/gnubg/make_cube_fixtures.py

The candidates are the bot games' decisions (extract_positions.py) and the hand-chosen themes
(themes.py).  Money: each position with its own cube, and some with the cube at 2 or 4 on
either side.  Matches: each position at its own score and at scores drawn from SCORES below
(pre- and post-Crawford, the Crawford game, double match point, 2-away 2-away, cubes at 2
and 4 on either side).  Every candidate is first judged at 0-ply to draw a pool balanced by
gnubg's verdict; the pool is judged at 2-ply and the final rows drawn to quotas by gnubg's
2-ply verdict (QUOTAS), with a seeded generator: the same inputs and seed give the same
files."""

import os
import random
import re
import sys

sys.path.insert(0, "assets/gnubg")
import gnubg  # noqa: E402
from fixture_common import (EVAL, capture, match_id, read_jsonl, set_state,  # noqa: E402
                            setup, split, write_jsonl)
from themes import THEMES, board  # noqa: E402

DECISIONS = ["DOUBLE_TAKE", "DOUBLE_PASS", "NODOUBLE_TAKE", "TOOGOOD_TAKE", "TOOGOOD_PASS",
             "DOUBLE_BEAVER", "NODOUBLE_BEAVER", "REDOUBLE_TAKE", "REDOUBLE_PASS",
             "NO_REDOUBLE_TAKE", "TOOGOODRE_TAKE", "TOOGOODRE_PASS", "NO_REDOUBLE_BEAVER",
             "NODOUBLE_DEADCUBE", "NO_REDOUBLE_DEADCUBE", "NOT_AVAILABLE",
             "OPTIONAL_DOUBLE_TAKE", "OPTIONAL_REDOUBLE_TAKE", "OPTIONAL_DOUBLE_BEAVER",
             "OPTIONAL_DOUBLE_PASS", "OPTIONAL_REDOUBLE_PASS"]

# gnubg's decision (eval.h's cubedecision, in order) as a category of cube action.
CATEGORY = {
    "DOUBLE_TAKE": "double, take", "REDOUBLE_TAKE": "double, take",
    "OPTIONAL_DOUBLE_TAKE": "double, take", "OPTIONAL_REDOUBLE_TAKE": "double, take",
    "DOUBLE_BEAVER": "double, take", "OPTIONAL_DOUBLE_BEAVER": "double, take",
    "DOUBLE_PASS": "double, pass", "REDOUBLE_PASS": "double, pass",
    "OPTIONAL_DOUBLE_PASS": "double, pass", "OPTIONAL_REDOUBLE_PASS": "double, pass",
    "NODOUBLE_TAKE": "no double", "NO_REDOUBLE_TAKE": "no double",
    "NODOUBLE_BEAVER": "no double", "NO_REDOUBLE_BEAVER": "no double",
    "TOOGOOD_TAKE": "too good, take", "TOOGOODRE_TAKE": "too good, take",
    "TOOGOOD_PASS": "too good, pass", "TOOGOODRE_PASS": "too good, pass",
    "NODOUBLE_DEADCUBE": "no cube", "NO_REDOUBLE_DEADCUBE": "no cube",
    "NOT_AVAILABLE": "no cube",
}

# Scores a match position is judged at besides its own: (length, on roll's points away,
# the opponent's, "pre" / "crawford" / "post", cube, owner: None, "me" or "them").
SCORES = [
    (3, 3, 3, "pre", 1, None), (3, 2, 3, "pre", 1, None), (3, 3, 2, "pre", 1, None),
    (3, 2, 2, "pre", 1, None), (3, 1, 2, "crawford", 1, None), (3, 2, 1, "crawford", 1, None),
    (3, 2, 1, "post", 1, None), (3, 3, 1, "post", 1, None), (3, 1, 1, "post", 1, None),
    (3, 3, 3, "pre", 2, "me"), (3, 3, 3, "pre", 2, "them"), (3, 3, 2, "pre", 2, "them"),
    (5, 5, 5, "pre", 1, None), (5, 4, 5, "pre", 1, None), (5, 5, 4, "pre", 1, None),
    (5, 3, 5, "pre", 1, None), (5, 5, 3, "pre", 1, None), (5, 2, 4, "pre", 1, None),
    (5, 4, 2, "pre", 1, None), (5, 3, 3, "pre", 1, None), (5, 2, 2, "pre", 1, None),
    (5, 2, 3, "pre", 1, None), (5, 3, 2, "pre", 1, None),
    (5, 1, 3, "crawford", 1, None), (5, 3, 1, "crawford", 1, None),
    (5, 4, 1, "post", 1, None), (5, 3, 1, "post", 1, None), (5, 2, 1, "post", 1, None),
    (5, 1, 2, "post", 1, None), (5, 1, 1, "post", 1, None),
    (5, 4, 4, "pre", 2, "me"), (5, 4, 4, "pre", 2, "them"), (5, 5, 3, "pre", 2, "me"),
    (5, 3, 4, "pre", 2, "them"), (5, 5, 5, "pre", 4, "me"), (5, 4, 5, "pre", 2, "me"),
    (7, 7, 7, "pre", 1, None), (7, 6, 6, "pre", 1, None), (7, 5, 7, "pre", 1, None),
    (7, 7, 5, "pre", 1, None), (7, 3, 6, "pre", 1, None), (7, 6, 3, "pre", 1, None),
    (7, 4, 4, "pre", 1, None), (7, 2, 5, "pre", 1, None), (7, 5, 2, "pre", 1, None),
    (7, 2, 2, "pre", 1, None), (7, 1, 4, "crawford", 1, None), (7, 6, 1, "post", 1, None),
    (7, 4, 1, "post", 1, None), (7, 2, 1, "post", 1, None), (7, 1, 1, "post", 1, None),
    (7, 7, 7, "pre", 2, "me"), (7, 6, 5, "pre", 2, "them"), (7, 5, 5, "pre", 4, "me"),
    (7, 6, 6, "pre", 4, "them"),
]

# Rows of each category drawn from the 2-ply pool (money, then match); what a category
# lacks is filled from the others, so the files reach their sizes.
QUOTAS = {
    "money": {"no double": 75, "double, take": 55, "double, pass": 45, "too good, pass": 40,
              "too good, take": 10, "no cube": 15},
    "match": {"no double": 110, "double, take": 80, "double, pass": 60, "too good, pass": 40,
              "too good, take": 15, "no cube": 55},
}
SIZES = {"money": 240, "match": 360}

PLY0 = dict(EVAL, plies=0)


def owner_index(on_roll, owner):
    return None if owner is None else (on_roll if owner == "me" else 1 - on_roll)


def judge(pid, length, score, on_roll, cube, owner, crawford, ec):
    """gnubg's cube decision for the player on roll (before rolling); `owner` None, 0 or 1."""
    mid = match_id(length, score, on_roll, cube, owner, crawford)
    set_state(pid, mid)
    ci = gnubg.cubeinfo()
    if ci["jacoby"] or ci["beavers"]:
        raise SystemExit("Jacoby or beavers on: %r" % ci)
    b = gnubg.board()
    cf = gnubg.cfevaluate(b, ci, ec)
    return mid, ci, cf


LINE = re.compile(r"^\d\. (No double|Double, take|Double, pass)\s+([-+]?\d+\.\d+)")


def full_row(c):
    """The 2-ply row of candidate `c` (with its gnubg IDs, cube and score)."""
    mid, ci, cf = judge(c["pid"], c["length"], c["score"], c["on_roll"], c["cube"],
                        c["owner"], c["crawford"], EVAL)
    ev = gnubg.evaluate(gnubg.board(), ci, EVAL)
    text = capture("hint")
    proper = re.search(r"Proper cube action: (.*)", text)
    cubeless = re.search(r"cubeless (?:equity|MWC)\s+(\S+)(?: \(Money: (\S+)\))?", text)
    ranking = []
    for line in text.splitlines():
        m = LINE.match(line.strip())
        if m:
            ranking.append([m.group(1), float(m.group(2))])
    decision = DECISIONS[cf[4]]
    length = c["length"]
    me, them = c["on_roll"], 1 - c["on_roll"]
    owner = c["owner"]
    row = {
        "source": c["source"],
        "theme": c.get("theme"),
        "position_id": c["pid"],
        "match_id": mid,
        "player_on_roll": c["on_roll"],
        "match_length": length,
        "score": list(c["score"]),
        "away": [length - c["score"][me], length - c["score"][them]] if length else None,
        "crawford_game": bool(c["crawford"]),
        "post_crawford": bool(length and not c["crawford"]
                              and length - 1 in c["score"]),
        "cube": {"value": c["cube"],
                 "owner": "centre" if owner is None else
                 ("player on roll" if owner == me else "opponent")},
        "split": split(c["pid"]),
        "gnubg": {
            "probs": [round(x, 6) for x in ev[:5]],
            "cubeless_equity": round(ev[5], 6),
            "no_double": round(cf[1], 6),
            "double_take": round(cf[2], 6),
            "double_pass": round(cf[3], 6),
            "optimal": round(cf[0], 6),
            "decision": decision,
            # gnubg has no words where the cube is not the roller's to turn (its Python
            # says "Unknown cube decision"; `hint` shows no cube analysis).
            "verdict": None if decision == "NOT_AVAILABLE" else cf[5],
            "category": CATEGORY[decision],
            "proper_cube_action": proper.group(1).strip() if proper else None,
            "shown_cubeless": cubeless.group(1) if cubeless else None,
            "shown_ranking": ranking,
        },
    }
    if length:
        row["gnubg"]["mwc"] = {k: round(gnubg.eq2mwc(cf[i], ci), 6) for i, k in
                               ((1, "no_double"), (2, "double_take"), (3, "double_pass"),
                                (0, "optimal"))}
        row["gnubg"]["unit"] = "EMG (normalised); mwc in match-winning chances"
    return row


def with_score(c, setting):
    """Candidate `c` moved to the score `setting` (see SCORES)."""
    length, mine, theirs, state, cube, owner = setting
    me = c["on_roll"]
    score = [0, 0]
    score[me], score[1 - me] = length - mine, length - theirs
    d = dict(c)
    d.update(length=length, score=tuple(score), cube=cube,
             owner=owner_index(me, owner), crawford=state == "crawford",
             source=c["source"] + " at %d-away %d-away%s" % (
                 mine, theirs, {"pre": "", "crawford": " (Crawford game)",
                                "post": " (post-Crawford)"}[state]) +
             ("" if cube == 1 else ", cube %d %s" % (cube, "mine" if owner == "me"
                                                      else "theirs")))
    return d


def draw(rng, rows, quotas, size):
    """Rows drawn to the category quotas (then filled to `size` from the rest)."""
    rng.shuffle(rows)
    chosen, rest = [], []
    taken = {k: 0 for k in quotas}
    seen = set()
    for r in rows:
        key = (r["position_id"], r["match_id"])
        if key in seen:
            continue
        seen.add(key)
        cat = r["gnubg"]["category"]
        if taken.get(cat, 0) < quotas.get(cat, 0):
            taken[cat] += 1
            chosen.append(r)
        else:
            rest.append(r)
    chosen.extend(rest[:max(0, size - len(chosen))])
    return chosen


def settings_from_env():
    """The sizes, quotas, themes and excluded positions of this run (see the docstring)."""
    sizes, quotas = dict(SIZES), {k: dict(v) for k, v in QUOTAS.items()}
    for part in filter(None, os.environ.get("FIX_SIZES", "").split(",")):
        kind, size = part.split("=")
        scale = int(size) / SIZES[kind]
        sizes[kind] = int(size)
        quotas[kind] = {cat: max(1, round(n * scale)) for cat, n in QUOTAS[kind].items()}
    excluded = set()
    for path in filter(None, os.environ.get("FIX_EXCLUDE", "").split(",")):
        excluded |= {r["position_id"] for r in read_jsonl(path)}
    themes = [] if os.environ.get("FIX_NO_THEMES") else THEMES
    return sizes, quotas, themes, excluded, os.environ.get("FIX_PREFIX", "")


def main():
    version = setup()
    sizes, quotas, themes, excluded, prefix = settings_from_env()
    seed = int(os.environ.get("FIX_SEED", "31"))
    rng = random.Random(seed)
    out = os.environ["FIX_OUTDIR"]
    # Cubes of 32 and more are left out: bg-tui caps the cube at 64 (gnubg does not).
    cands = [c for c in read_jsonl(os.environ["FIX_CANDIDATES"])
             if not c.get("first") and c["kind"] in ("move", "double") and c["cube"] <= 16
             and c["pid"] not in excluded]
    for c in cands:
        c["score"] = tuple(c["score"])
    themed = []
    for t in themes:
        pid = gnubg.positionid(board(t))
        themed.append({"source": "theme", "theme": t[0], "pid": pid, "on_roll": 0,
                       "length": 0, "score": (0, 0), "cube": 1, "owner": None,
                       "crawford": False})
    # Money: the games' positions with their own cube, some with the cube turned; the themes
    # centred, at 2 on either side and at 4 the roller's.
    money = [c for c in cands if c["length"] == 0]
    rng.shuffle(money)
    money_pool = money[:1500]
    for c in money_pool[:200]:
        d = dict(c, cube=rng.choice([2, 2, 4]), owner=c["on_roll"] if rng.random() < 0.75
                 else 1 - c["on_roll"])
        d["source"] = c["source"] + ", cube %d %s" % (
            d["cube"], "mine" if d["owner"] == c["on_roll"] else "theirs")
        money_pool.append(d)
    for t in themed:
        money_pool.append(t)
        for cube, owner in ((2, 0), (2, 1), (4, 0)):
            money_pool.append(dict(t, cube=cube, owner=owner,
                                   source="theme, cube %d %s" % (cube, "mine" if owner == 0
                                                                 else "theirs")))
    # Matches: the games' positions at their own score and at two drawn scores; the themes
    # at six drawn scores.
    games = [c for c in cands if c["length"] > 0]
    rng.shuffle(games)
    match_pool = []
    for c in games[:900]:
        match_pool.append(c)
        for setting in rng.sample(SCORES, 2):
            match_pool.append(with_score(c, setting))
    for t in themed:
        for setting in rng.sample(SCORES, 6):
            match_pool.append(dict(with_score(t, setting), theme=t["theme"]))
    for kind, pool in (("money", money_pool), ("match", match_pool)):
        # 0-ply verdicts draw a pool balanced by category for the 2-ply judge.
        by_cat = {}
        for c in pool:
            _, _, cf = judge(c["pid"], c["length"], c["score"], c["on_roll"], c["cube"],
                             c["owner"], c["crawford"], PLY0)
            by_cat.setdefault(CATEGORY[DECISIONS[cf[4]]], []).append(c)
        print(kind, "0-ply pool", {k: len(v) for k, v in by_cat.items()})
        judged = []
        for cat, cs in sorted(by_cat.items()):
            rng.shuffle(cs)
            # Themes always go; of the games' positions, up to twice the quota (more where
            # 0-ply says little about 2-ply: the no-double side of the window).
            keep = [c for c in cs if c.get("theme")]
            keep += [c for c in cs if not c.get("theme")][:int(2.2 * quotas[kind].get(cat, 20))]
            for c in keep:
                judged.append(full_row(c))
        rows = draw(rng, judged, quotas[kind], sizes[kind])
        rows.sort(key=lambda r: (r["match_length"], r["source"]))
        for i, r in enumerate(rows):
            r["id"] = "%s%s-cube-%04d" % (prefix, kind, i + 1)
        counts = {}
        for r in rows:
            counts[r["gnubg"]["category"]] = counts.get(r["gnubg"]["category"], 0) + 1
        print(kind, len(rows), counts)
        write_jsonl(os.path.join(out, "%s%s-cube.jsonl" % (prefix, kind)),
                    [dict(id=r.pop("id"), **r) for r in rows])
    print(version)


main()
