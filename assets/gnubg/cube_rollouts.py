"""Rolls out, in GNU Backgammon, the no-double and the double/take positions of the cube
decisions named in $IDS (ids of tests/fixtures/gnubg/{money,match}-cube.jsonl and
fresh-{money,match}-cube.jsonl, those of them in the current folder): cubeful, 0-ply, variance reduction, quasi-random dice, seed 1, $TRIALS
trials, one thread. Appends to gnubg-cube-rollouts.jsonl (ids already there are skipped).
Run it under a pty (gnubg prints a rollout's results only to a terminal), with this folder on
the module path for fixture_common's capture and match_id, from a folder holding the two
fixture files and the ids:
  PYTHONPATH=CRATE/assets/gnubg IDS=ids.txt TRIALS=648 \
    script -qc "gnubg -t -q -p CRATE/assets/gnubg/cube_rollouts.py" /dev/null
"""
import json, os, re
import gnubg
from fixture_common import capture, match_id
ids = set(open(os.environ.get("IDS", "disagree.txt")).read().split())
rows = []
for f in ["money-cube.jsonl", "match-cube.jsonl", "fresh-money-cube.jsonl", "fresh-match-cube.jsonl"]:
    if not os.path.exists(f):
        continue
    for l in open(f):
        r = json.loads(l)
        if r["id"] in ids:
            rows.append(r)
for c in ["set player 0 human", "set player 1 human", "set display off", "set jacoby off", "set beavers 0",
          "set threads 1", "set rollout trials %s" % os.environ.get("TRIALS", "1296"), "set rollout cubeful on",
          "set rollout varredn on", "set rollout quasirandom on", "set rollout truncation enable off",
          "set rollout chequerplay plies 0", "set rollout cubedecision plies 0", "set rollout seed 1",
          "set output mwc on"]:
    gnubg.command(c)
done = set()
if os.path.exists("gnubg-cube-rollouts.jsonl"):
    done = {json.loads(l)["id"] for l in open("gnubg-cube-rollouts.jsonl")}
out = open("gnubg-cube-rollouts.jsonl", "a")
def cf(text):
    vals, ses = [], []
    for line in text.splitlines():
        m = re.search(r"CL\s+([-+]?[\d.]+%?)\s+CF\s+([-+]?[\d.]+%?)", line)
        if not m:
            continue
        (ses if line.strip().startswith("[") else vals).append(m.group(2))
    return (vals[-1] if vals else None), (ses[-1] if ses else None)
for r in rows:
    if r["id"] in done:
        continue
    on = r["player_on_roll"]
    owner = {"centre": None, "player on roll": on, "opponent": 1 - on}[r["cube"]["owner"]]
    cube = r["cube"]["value"]
    res = {}
    for name, c, o in [("nd", cube, owner), ("dt", 2 * cube, 1 - on)]:
        mid = match_id(r["match_length"], r["score"], on, c, o, r["crawford_game"])
        gnubg.command("new match %d" % r["match_length"] if r["match_length"] else "new session")
        gnubg.command("set gnubgid %s:%s" % (r["position_id"], mid))
        text = capture("rollout")
        res[name] = cf(text)
        res[name + "_raw"] = text[-700:]
    rec = {"id": r["id"], "position_id": r["position_id"], "match_id": r["match_id"], "trials": int(os.environ.get("TRIALS", "1296")), "nd": res["nd"], "dt": res["dt"], "raw": [res["nd_raw"], res["dt_raw"]]}
    out.write(json.dumps(rec) + "\n"); out.flush()
