"""Joins money games (one .mat file each, as `bg-tui export` writes a bot-match game) into
one money session: the first file's header, then each game renumbered, with the session's
running score on each game's score line.  Plain Python:

    python3 assets/gnubg/join_mat.py OUT.mat GAME1.mat GAME2.mat ...
"""

import re
import sys


def games_of(text):
    """The header lines and each game's lines (its ' Game N' line first)."""
    lines = text.splitlines()
    starts = [i for i, l in enumerate(lines) if re.match(r"^ Game \d+\s*$", l)]
    header = lines[:starts[0]]
    games = [lines[a:b] for a, b in zip(starts, starts[1:] + [len(lines)])]
    return header, games


def main():
    out, files = sys.argv[1], sys.argv[2:]
    header, joined = None, []
    score = [0, 0]
    names = None
    for path in files:
        with open(path, encoding="utf-8") as f:
            h, games = games_of(f.read())
        if header is None:
            header = h
        for g in games:
            m = re.match(r"^ (.*?) : (\d+)\s+(.*?) : (\d+)\s*$", g[1])
            if not m:
                raise SystemExit("%s: no score line: %r" % (path, g[1]))
            if names is None:
                names = (m.group(1), m.group(3))
            elif names != (m.group(1), m.group(3)):
                raise SystemExit("%s: other players %r" % (path, (m.group(1), m.group(3))))
            left = " %s : %d" % (names[0], score[0])
            g = [" Game %d" % (len(joined) + 1), "%-31s %s : %d" % (left, names[1], score[1])] \
                + g[2:]
            # The winner: "Wins N point(s)" in the left (player 0) or right column.
            for line in g:
                w = re.search(r"Wins (\d+) points?", line)
                if w:
                    side = 0 if line.index("Wins") < 30 else 1
                    score[side] += int(w.group(1))
            joined.append(g)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(header) + "\n")
        for g in joined:
            f.write("\n".join(g).rstrip("\n") + "\n\n")
    print("%s: %d games, score %d-%d" % (out, len(joined), score[0], score[1]))


main()
