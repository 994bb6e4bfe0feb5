"""Hand-chosen positions for the gnubg fixtures, by theme: the player on roll's checkers and
the opponent's, each side in its own numbering (1-24, 25 the bar; checkers not listed are
borne off).  Plain Python: `board(theme)` gives gnubg's board (opponent, player on roll)."""

THEMES = [
    # Bear-ins against a checker on the bar.
    ("bear-in: 5-point board, 3 outside, 1 on the bar",
     {6: 3, 5: 3, 4: 2, 3: 2, 2: 2, 9: 2, 11: 1}, {25: 1, 13: 4, 8: 3, 6: 4, 5: 3}),
    ("bear-in: closed board, 3 outside, 1 on the bar",
     {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 8: 2, 10: 1}, {25: 1, 13: 5, 8: 3, 6: 4, 4: 2}),
    ("bear-in: 4-point board against the bar and an ace anchor",
     {6: 4, 5: 3, 4: 3, 3: 2, 8: 2, 9: 1}, {25: 1, 24: 2, 13: 4, 8: 2, 6: 4, 5: 2}),
    ("bear-in: 4-point board, 2 on the bar and a blot",
     {6: 3, 5: 2, 4: 2, 2: 2, 7: 1, 8: 3, 13: 2}, {25: 2, 22: 1, 13: 4, 8: 2, 6: 4, 5: 2}),
    ("bear-in: all home, ace blot, 1 on the bar (gammonish)",
     {6: 4, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}, {25: 1, 13: 6, 8: 4, 6: 4}),
    ("bear-in: 4-point board against a 3-point board",
     {6: 3, 5: 3, 4: 3, 3: 2, 9: 2, 10: 2}, {25: 1, 13: 3, 8: 1, 6: 4, 5: 3, 4: 3}),
    # A big racing lead against a back game.
    ("racing lead against a 1-3 back game",
     {6: 4, 5: 4, 4: 3, 8: 2, 9: 2}, {24: 2, 22: 2, 13: 2, 6: 3, 5: 3, 4: 3}),
    ("racing lead against a 1-2 back game",
     {6: 3, 5: 3, 4: 3, 3: 2, 7: 2, 11: 2}, {24: 2, 23: 2, 12: 2, 6: 3, 5: 3, 3: 3}),
    ("bearing off against an ace-point game",
     {6: 4, 5: 3, 4: 3, 3: 3, 2: 2}, {24: 2, 8: 3, 6: 4, 5: 3, 4: 3}),
    ("racing lead against a back game with timing",
     {6: 3, 5: 3, 4: 2, 8: 3, 10: 2, 13: 2}, {24: 2, 22: 2, 18: 2, 6: 3, 5: 3, 4: 3}),
    # Gammonish blitzes.
    ("blitz: 5-point board, 2 on the bar and an ace blot",
     {6: 3, 5: 2, 4: 2, 3: 2, 2: 2, 8: 2, 13: 2}, {25: 2, 24: 1, 13: 4, 8: 3, 6: 5}),
    ("blitz: 4-point board against an ace anchor and 1 on the bar",
     {6: 2, 5: 2, 4: 2, 3: 2, 7: 2, 8: 2, 13: 3}, {25: 1, 24: 2, 13: 5, 8: 2, 6: 5}),
    ("blitz: 3 on the bar against a 4-point board",
     {6: 3, 5: 2, 4: 3, 2: 2, 8: 2, 9: 1, 13: 2}, {25: 3, 13: 4, 8: 3, 6: 5}),
    ("early blitz: 1 on the bar, 2 blots in the board",
     {6: 4, 5: 2, 4: 2, 8: 3, 13: 4}, {25: 1, 24: 1, 23: 1, 13: 5, 8: 3, 6: 4}),
    # Races, long and short.
    ("long race, the roller 4 pips behind",
     {6: 4, 5: 3, 4: 2, 8: 2, 9: 2, 13: 2}, {6: 3, 5: 3, 4: 3, 7: 2, 9: 2, 13: 2}),
    ("long race, the roller about 20% ahead",
     {6: 4, 5: 4, 4: 2, 8: 2, 10: 1, 13: 2}, {6: 3, 5: 2, 8: 3, 9: 3, 11: 2, 13: 2}),
    ("long race, the roller about 8% ahead",
     {6: 4, 5: 3, 4: 3, 7: 2, 9: 2, 12: 1}, {6: 3, 5: 3, 4: 2, 8: 3, 10: 2, 11: 2}),
    ("medium race, the roller 18 pips ahead",
     {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 8: 2}, {6: 3, 5: 3, 4: 3, 3: 2, 9: 2, 10: 2}),
    ("short race: 6 checkers against 6",
     {3: 2, 2: 2, 1: 2}, {4: 2, 3: 2, 2: 2}),
    ("short race: 5 checkers against 7",
     {6: 2, 5: 1, 4: 2}, {6: 2, 4: 2, 3: 2, 1: 1}),
    ("last rolls: 2 checkers against 2",
     {5: 1, 2: 1}, {6: 1, 1: 1}),
    ("last rolls: 3 checkers against 2",
     {4: 1, 3: 1, 1: 1}, {5: 1, 3: 1}),
    # Holding games and primes.
    ("holding game on the opponent's 5-point",
     {6: 5, 8: 3, 13: 3, 7: 2, 4: 2}, {20: 2, 13: 3, 8: 3, 6: 5, 7: 2}),
    ("a 6-point prime against 1 checker",
     {9: 2, 8: 2, 7: 2, 6: 3, 5: 2, 4: 2, 13: 2}, {24: 1, 13: 5, 8: 3, 6: 4, 5: 2}),
    ("prime against prime",
     {8: 2, 7: 2, 6: 3, 5: 2, 4: 2, 13: 2, 24: 2}, {8: 2, 7: 2, 6: 3, 5: 2, 4: 2, 13: 2, 24: 2}),
    ("mutual holding games on the 20-points",
     {20: 2, 13: 4, 8: 3, 6: 4, 4: 2}, {20: 2, 13: 4, 8: 3, 6: 4, 3: 2}),
]


def board(theme):
    """gnubg's board (opponent, player on roll) of a theme, checked: 15 checkers at most a
    side, no point held by both."""
    name, mine, theirs = theme
    me, opp = [0] * 25, [0] * 25
    for p, n in mine.items():
        me[p - 1] += n
    for p, n in theirs.items():
        opp[p - 1] += n
    for side, counts in (("mine", me), ("theirs", opp)):
        if not 0 < sum(counts) <= 15:
            raise ValueError("%s: %s has %d checkers" % (name, side, sum(counts)))
    for p in range(1, 25):
        if me[p - 1] and opp[24 - p]:
            raise ValueError("%s: point %d held by both" % (name, p))
    return (opp, me)


if __name__ == "__main__":
    for t in THEMES:
        board(t)
    print(len(THEMES), "themes check")
