"""A UBGI adapter for GNU Backgammon, run inside it, so that bg-tui plays it as an engine:
the opponent of the figures against GNU Backgammon in README.md and the strength log
(assets/strength/README.md, "Strength and speed of the expert"). From the crate's root:

    bg-tui bot-match expert:0 "ubgi:gnubg -t -q -p assets/gnubg/gnubg_ubgi.py" \\
        --games 2000 --seed 7

Speaks the subset bg-tui's UBGI client uses: ubgi, isready, newgame, set (ignored),
position gnubgid ID[:MATCHID], dice A B, go chequer, go cube (never doubles), quit.
Checker plays by gnubg's findbestmove at the evaluation given by $GNUBG_PLIES (default 0),
cubeless. tests/cli/scripts.rs speaks to it with a stand-in for gnubg's module, so the tests
need no GNU Backgammon."""
import os, sys
import gnubg

PLIES = int(os.environ.get("GNUBG_PLIES", "0"))
out = os.fdopen(os.dup(1), "w", buffering=1)
devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(devnull, 1)
os.dup2(devnull, 2)

def say(line):
    out.write(line + "\n")
    out.flush()

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new game")
position = None
dice = None
ec = {"cubeful": 0, "plies": PLIES, "deterministic": 1, "noise": 0.0, "prune": 1 if PLIES > 0 else 0}

def place(n, to):
    if n == 25:
        return "bar"
    if n == 0 and to:
        return "off"
    return str(n)

for raw in sys.stdin:
    line = raw.strip()
    if not line:
        continue
    words = line.split()
    cmd = words[0]
    if cmd == "ubgi":
        say("id name gnubg %d-ply (adapter)" % PLIES)
        say("ubgiok")
    elif cmd == "isready":
        say("readyok")
    elif cmd in ("newgame", "set"):
        pass
    elif cmd == "position" and len(words) >= 3 and words[1] == "gnubgid":
        position = words[2].split(":")[0]
    elif cmd == "dice" and len(words) == 3:
        dice = (int(words[1]), int(words[2]))
    elif cmd == "go" and len(words) >= 2 and words[1] == "cube":
        say("bestcube nodouble")
    elif cmd == "go":
        try:
            gnubg.command("set board " + position)
            gnubg.command("set dice %d %d" % dice)
            m = gnubg.findbestmove(gnubg.board(), gnubg.cubeinfo(), ec)
            steps = ["%s/%s" % (place(m[i], False), place(m[i + 1], True))
                     for i in range(0, len(m), 2) if not (m[i] == 0 and m[i + 1] == 0)]
            say("bestmove " + (" ".join(steps) if steps else "pass"))
        except Exception as e:
            say("error internal %s" % str(e).replace("\n", " "))
    elif cmd == "quit":
        break
