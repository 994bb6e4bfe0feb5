"""What the fixture scripts share: GNU Backgammon's settings for the judge, capturing a
command's printed output, boards, Match IDs and the dev/holdout split.

Run inside GNU Backgammon (`gnubg -t -q -p SCRIPT`); the scripts find this module through
`sys.path.insert(0, "assets/gnubg")`, so run them from the repository root."""

import ctypes
import hashlib
import json
import os
import tempfile

import gnubg

from gnubg_ids import match_id  # noqa: F401 (re-exported for the scripts)

# The judge: GNU Backgammon's "world class" (2-ply, cubeful, pruning, no noise) for checker
# play and cube decisions, in `eval`/`hint` and in `analyse`.
EVAL = {"cubeful": 1, "plies": 2, "deterministic": 1, "prune": 1, "noise": 0.0}
SETTINGS = [
    "set player 0 human",
    "set player 1 human",
    "set display off",
    # bg-tui's defaults (src/engine/rules.rs, Rules::default): no Jacoby rule, no beavers.
    "set jacoby off",
    "set beavers 0",
    "set evaluation chequerplay evaluation plies 2",
    "set evaluation chequerplay evaluation cubeful on",
    "set evaluation chequerplay evaluation prune on",
    "set evaluation chequerplay evaluation noise 0",
    "set evaluation chequerplay evaluation deterministic on",
    "set evaluation cubedecision evaluation plies 2",
    "set evaluation cubedecision evaluation cubeful on",
    "set evaluation cubedecision evaluation prune on",
    "set evaluation cubedecision evaluation noise 0",
    "set evaluation cubedecision evaluation deterministic on",
    "set analysis chequerplay evaluation plies 2",
    "set analysis chequerplay evaluation cubeful on",
    "set analysis chequerplay evaluation prune on",
    "set analysis chequerplay evaluation noise 0",
    "set analysis cubedecision evaluation plies 2",
    "set analysis cubedecision evaluation cubeful on",
    "set analysis cubedecision evaluation prune on",
    "set analysis cubedecision evaluation noise 0",
    "set output mwc off",
]

# The seed of the dev/holdout split (see split()).
SPLIT_SEED = "bg-tui-gnubg-judge-2026"

_libc = ctypes.CDLL(None)


def capture(command):
    """Runs a gnubg command and returns what it printed."""
    _libc.fflush(None)
    fd, path = tempfile.mkstemp()
    saved = os.dup(1)
    os.dup2(fd, 1)
    try:
        gnubg.command(command)
        _libc.fflush(None)
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(fd)
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    os.unlink(path)
    return text


def setup():
    """Applies the judge's settings and checks the match equity table is Kazaross-XG2 (the
    table bg-tui uses, src/bot/expert/met.rs). Returns gnubg's version line."""
    for c in SETTINGS:
        gnubg.command(c)
    met = capture("show matchequitytable 2")
    if "Kazaross XG2" not in met:
        raise SystemExit("gnubg's match equity table is not Kazaross-XG2: " + met[:200])
    version = capture("show version").strip().splitlines()[0]
    return version


def set_state(pid, mid, dice=None):
    """Sets the board and match state from a Position ID and Match ID (and the dice)."""
    gnubg.command("set gnubgid %s:%s" % (pid, mid))
    if dice:
        gnubg.command("set dice %d %d" % (dice[0], dice[1]))


def split(key):
    """'dev' or 'holdout', by a seeded hash of `key` (the Position ID, with the dice for a
    checker play): every score and cube of one position falls on the same side."""
    h = hashlib.sha256((SPLIT_SEED + ":" + key).encode()).hexdigest()
    return "dev" if int(h[:8], 16) % 2 == 0 else "holdout"


def apply_move(board, move):
    """The board after `move` (gnubg.parsemove's tuple of (from, to), 25 the bar, 0 off) for
    the player on roll: board = (opponent, player on roll), each 25 counts in its own
    numbering (index 24 the bar). Returns the board from the mover's view."""
    opp, me = list(board[0]), list(board[1])
    for frm, to in move:
        me[frm - 1] -= 1
        if me[frm - 1] < 0:
            raise ValueError("no checker on %d" % frm)
        if to > 0:
            me[to - 1] += 1
            there = 24 - to  # the opponent's index of my point `to`
            if opp[there] == 1:
                opp[there] = 0
                opp[24] += 1
            elif opp[there] > 1:
                raise ValueError("point %d is the opponent's" % to)
    return (opp, me)


def write_jsonl(path, rows):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, sort_keys=False) + "\n")
    os.replace(tmp, path)


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
