"""GNU Backgammon's cubeless 2-ply chances of the positions of a rollout database: the judge
`bg-lab eval-db --gnubg FILE` holds nets against beside the rollouts.

Run from the repository root inside GNU Backgammon, naming the database (a shard, or the
first database's JSON lines) and the output in the environment:

    BG_DB=assets/training/rollouts/backgammon-324.jsonl \
    BG_OUT=assets/training/rollouts/backgammon-324.gnubg-2ply.txt \
      /usr/games/gnubg -t -q -p assets/gnubg/eval_positions.py

Each line of the output is a Position ID (the player on roll before rolling) and gnubg's
chances for that player: win, win gammon, win backgammon, lose gammon, lose backgammon (four
places), each distinct position once, in the database's order. The first line says how it
was made."""

import json
import os
import sys

import gnubg

# gnubg's "world class" evaluation, cubeless: 2-ply, pruning, no noise.
EVAL = {"cubeful": 0, "plies": 2, "deterministic": 1, "prune": 1, "noise": 0.0}


def ids(path):
    """The database's Position IDs, each once, in order."""
    seen = set()
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            pid = json.loads(line)["position_id"] if line.startswith("{") else line.split()[1]
            if pid not in seen:
                seen.add(pid)
                yield pid


def main():
    src, out = os.environ["BG_DB"], os.environ["BG_OUT"]
    gnubg.command("set display off")
    gnubg.command("new session")
    ci = gnubg.cubeinfo()
    rows = []
    for pid in ids(src):
        p = gnubg.evaluate(gnubg.positionfromid(pid), ci, EVAL)
        rows.append("%s %s" % (pid, " ".join("%.4f" % x for x in p[:5])))
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write("# gnubg-eval rules=backgammon plies=2 cubeful=no prune=yes source=%s\n"
                % os.path.basename(src))
        f.write("\n".join(rows) + "\n")
    os.replace(tmp, out)
    sys.stderr.write("%d positions\n" % len(rows))


main()
