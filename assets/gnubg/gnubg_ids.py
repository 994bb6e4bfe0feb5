"""GNU Backgammon Match IDs, written from the documented bit layout (a 72-bit key,
least-significant bit first, in standard base64 without padding):
cube log 0-3, cube owner 4-5 (0, 1, or 3 = centred), player on roll 6, Crawford game 7,
game state 8-10 (1 = playing), player to decide 11, double offered 12, resignation 13-14,
die 1 15-17, die 2 18-20, match length 21-35, player 0's score 36-50, player 1's 51-65,
*no* Jacoby 66.  Plain Python (no gnubg needed), used by the fixture scripts."""

import base64

FIELDS = [("cube_log", 4), ("owner", 2), ("on_roll", 1), ("crawford", 1), ("state", 3),
          ("turn", 1), ("doubled", 1), ("resigned", 2), ("die1", 3), ("die2", 3),
          ("length", 15), ("score0", 15), ("score1", 15), ("no_jacoby", 1)]


def encode(**f):
    """The Match ID of the fields (missing ones: 0; turn defaults to on_roll, state to 1)."""
    f.setdefault("turn", f.get("on_roll", 0))
    f.setdefault("state", 1)
    key, at = 0, 0
    for name, width in FIELDS:
        v = int(f.get(name, 0))
        assert 0 <= v < (1 << width), (name, v)
        key |= v << at
        at += width
    return base64.b64encode(key.to_bytes(9, "little")).decode()


def decode(mid):
    key = int.from_bytes(base64.b64decode(mid), "little")
    out, at = {}, 0
    for name, width in FIELDS:
        out[name] = (key >> at) & ((1 << width) - 1)
        at += width
    return out


def match_id(length, score, on_roll, cube=1, owner=None, crawford=False, dice=None,
             jacoby=False):
    """The Match ID of a game in play: `length` 0 for money, `score` (player 0's, player
    1's), `owner` None (centred), 0 or 1, `dice` (high, low) or None before the roll."""
    d1, d2 = (max(dice), min(dice)) if dice else (0, 0)
    return encode(cube_log=cube.bit_length() - 1, owner=3 if owner is None else owner,
                  on_roll=on_roll, crawford=int(crawford), length=length,
                  score0=score[0], score1=score[1], die1=d1, die2=d2,
                  no_jacoby=0 if jacoby else 1)


if __name__ == "__main__":
    for mid in ["MAGgABAAIAAE", "MAGgACAAIAAE", "cAkAAAAAAAAE", "cIkFAAAAAAAE"]:
        d = decode(mid)
        again = encode(**d)
        print(mid, d, again == mid)
