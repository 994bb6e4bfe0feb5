"""GNU Backgammon's analysis of whole matches and sessions (match-analysis/).

    FIX_RECORDS=LIST FIX_OUTDIR=tests/fixtures/gnubg/match-analysis \
        gnubg -t -q -p assets/gnubg/analyse_matches.py

LIST has lines `NAME RECORD.json FILE.mat`: a bg-tui game record and the .mat file
`bg-tui export` wrote of it.  For each: the .mat is imported and checked against the record
(every play's roll and the position after it, every cube action, every game's result and
score: the import loses nothing), then `analyse match` at 2-ply (fixture_common.SETTINGS)
and `show statistics match`.  Written: NAME.mat (the file analysed), NAME.stats.txt (the
statistics page as gnubg prints it), NAME.stats.json (the page parsed: per player, the
figures of each line) and NAME.moves.jsonl (per decision: gnubg's luck of the roll and its
mark, the error of the play or cube action and whether gnubg counts it).

FIX_NO_ANALYSIS=1 only checks the imports (and writes the pages unanalysed); FIX_REPARSE=1
parses the kept NAME.stats.txt pages again into NAME.stats.json (after a change to the
parser), analysing nothing."""

import json
import os
import re
import shutil
import sys

sys.path.insert(0, "assets/gnubg")
import gnubg  # noqa: E402
from fixture_common import apply_move, capture, setup, write_jsonl  # noqa: E402

# gnubg's luck marks (gnubg.c arLuckLevel): a roll's luck (EMG) above 0.6 very lucky, above
# 0.3 lucky, below -0.3 unlucky, below -0.6 very unlucky.
def luck_mark(r):
    if r > 0.6:
        return "very lucky"
    if r > 0.3:
        return "lucky"
    if r < -0.6:
        return "very unlucky"
    if r < -0.3:
        return "unlucky"
    return None


def check_import(record, m):
    """Compares gnubg's import of the .mat with the bg-tui record; returns what differs."""
    problems = []
    games = record["games"]
    if len(games) != len(m["games"]):
        return ["%d games in the record, %d imported" % (len(games), len(m["games"]))]
    for gi, (rg, gg) in enumerate(zip(games, m["games"])):
        plays = [a["play"] for a in rg["actions"] if isinstance(a, dict) and "play" in a]
        cube = [a if isinstance(a, str) else "double" for a in rg["actions"]
                if a in ("take", "drop") or (isinstance(a, dict) and "double" in a)]
        moves = [mv for mv in gg["game"] if mv["action"] == "move"]
        gcube = [mv["action"] if mv["action"] != "drop" else "drop" for mv in gg["game"]
                 if mv["action"] in ("double", "take", "drop")]
        if len(plays) != len(moves):
            problems.append("game %d: %d plays, %d imported" % (gi + 1, len(plays), len(moves)))
            continue
        if cube != gcube:
            problems.append("game %d: cube actions %s, imported %s" % (gi + 1, cube, gcube))
        for pi, (p, mv) in enumerate(zip(plays, moves)):
            side = 0 if p["side"] == "white" else 1
            player = 0 if mv["player"] == "X" else 1
            if side != player or sorted(p["dice"]) != sorted(mv["dice"]):
                problems.append("game %d play %d: %s %s, imported %s %s" % (
                    gi + 1, pi + 1, p["side"], p["dice"], mv["player"], mv["dice"]))
                continue
            board = gnubg.positionfromid(mv["board"])
            ours = apply_move(board, [(f, t) for f, t, _ in p["steps"]])
            theirs = apply_move(board, mv["move"])
            if gnubg.positionid(ours) != gnubg.positionid(theirs):
                problems.append("game %d play %d: %s imported as %s" % (
                    gi + 1, pi + 1, p["notation"], mv["move"]))
        result = rg.get("result")
        info = gg["info"]
        if result and result.get("winner") is not None:
            winner = "X" if result["winner"] == "white" else "O"
            if info.get("winner") != winner or info.get("points-won") != result["points"]:
                problems.append("game %d: %s wins %s, imported %s wins %s" % (
                    gi + 1, winner, result["points"], info.get("winner"),
                    info.get("points-won")))
    return problems


NUMBER = r"([-+]?\d+(?:\.\d+)?)"


def parse_stats(text):
    """The statistics page as {section: {line: [player 0's, player 1's]}}, each figure parsed
    (a count; an EMG or points figure with its MWC in brackets; a rating's words)."""
    out, section, players = {}, None, None
    for line in text.splitlines():
        if not line.strip():
            continue
        if line.startswith("Player"):
            players = [line[41:64].strip(), line[65:].strip()]
            continue
        if line.rstrip() in ("Chequerplay statistics", "Luck statistics", "Cube statistics",
                             "Overall statistics"):
            section = line.strip()
            out[section] = {}
            continue
        if section is None:
            continue
        label, cells = line[:41].strip(), [line[41:65], line[65:]]
        out[section][label] = [parse_cell(c) for c in cells]
    return {"players": players, "sections": out}


def parse_cell(cell):
    c = cell.strip()
    if re.fullmatch(r"\d+", c):
        return int(c)
    m = re.fullmatch(r"(\d+) \(" + NUMBER + r" \(\s*" + NUMBER + r"(%?)\)\)", c)
    if m:  # a count of cube errors with their EMG (MWC)
        return {"count": int(m.group(1)), "emg": float(m.group(2)),
                "mwc" if m.group(4) else "points": float(m.group(3))}
    m = re.fullmatch(NUMBER + r"\s+\(\s*" + NUMBER + r"(%?)\)", c)
    if m:  # EMG or mEMG with MWC (percent) or points in brackets
        return {"emg": float(m.group(1)),
                "mwc" if m.group(3) else "points": float(m.group(2))}
    m = re.fullmatch(NUMBER + r"%", c)
    if m:
        return {"mwc": float(m.group(1))}
    if re.fullmatch(NUMBER, c):
        return float(c)
    return c


def digest(m):
    """Per decision: gnubg's luck of the roll, the error and whether gnubg counts it."""
    rows = []
    for gi, g in enumerate(m["games"]):
        for ai, mv in enumerate(g["game"]):
            an = mv.get("analysis", {})
            row = {"game": gi + 1, "action": ai + 1, "player": 0 if mv["player"] == "X" else 1,
                   "kind": mv["action"]}
            if "dice" in mv:
                row["dice"] = sorted(mv["dice"], reverse=True)
            if "luck-value" in an:
                row["luck"] = round(an["luck-value"], 6)
                row["luck_mark"] = luck_mark(an["luck-value"])
            if mv["action"] == "move" and "moves" in an:
                ml = an["moves"]
                played = an.get("imove", 0)
                row["choices"] = len(ml)
                if len(ml) > 1 and played < len(ml):
                    row["error"] = round(ml[0]["score"] - ml[played]["score"], 6)
            if "nd-cubeful-eq" in an:
                row["cube_nd"] = round(an["nd-cubeful-eq"], 6)
                row["cube_dt"] = round(an["dt-cubeful-eq"], 6)
            if "skill" in an:
                row["skill"] = an["skill"]
            rows.append(row)
    return rows


def main():
    version = setup()
    out = os.environ["FIX_OUTDIR"]
    os.makedirs(out, exist_ok=True)
    with open(os.environ["FIX_RECORDS"], encoding="utf-8") as f:
        listing = [line.split() for line in f if line.strip()]
    summary = []
    for name, record_path, mat in listing:
        with open(record_path, encoding="utf-8") as f:
            record = json.load(f)
        if os.environ.get("FIX_REPARSE"):
            # Parse the pages kept again (after a change to the parser), analysing nothing.
            path = os.path.join(out, name + ".stats.json")
            with open(path, encoding="utf-8") as f:
                old = json.load(f)
            with open(os.path.join(out, name + ".stats.txt"), encoding="utf-8") as f:
                parsed = parse_stats(f.read())
            for key in ("gnubg", "match_length", "games"):
                parsed[key] = old[key]
            with open(path, "w", encoding="utf-8") as f:
                json.dump(parsed, f, indent=1)
                f.write("\n")
            continue
        gnubg.command("import mat " + mat)
        problems = check_import(record, gnubg.match(0, 1, 0, 0))
        if problems:
            raise SystemExit("%s does not import without loss: %s" % (mat, problems[:5]))
        if not os.environ.get("FIX_NO_ANALYSIS"):
            gnubg.command("analyse match")
        text = capture("show statistics match")
        shutil.copyfile(mat, os.path.join(out, name + ".mat"))
        with open(os.path.join(out, name + ".stats.txt"), "w", encoding="utf-8") as f:
            f.write(text.strip("\n") + "\n")
        parsed = parse_stats(text)
        parsed["gnubg"] = version
        parsed["match_length"] = record["rules"]["match_length"] or 0
        parsed["games"] = len(record["games"])
        with open(os.path.join(out, name + ".stats.json"), "w", encoding="utf-8") as f:
            json.dump(parsed, f, indent=1)
            f.write("\n")
        write_jsonl(os.path.join(out, name + ".moves.jsonl"), digest(gnubg.match(1, 0, 0, 0)))
        summary.append(name)
        print("analysed", name)
    print(version, summary)


main()
