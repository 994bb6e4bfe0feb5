"""Which depth of bg-tui's cube advice agrees best with rollouts (issue 31, part 3): every
cube decision of tests/fixtures/gnubg/{money,match}-cube.jsonl judged by `bg-tui hint
ID:MATCHID --json --ply P` for each P given, each verdict compared with GNU Backgammon's 2-ply
and with the "truth": gnubg's cubeful rollout where the position was rolled out (the
cube_rollouts.py files given with --rollouts, comma-separated), else gnubg's 2-ply verdict.
Prints, per depth, the agreement with each, the time a decision takes (the whole process),
and the rows where the depth differs from gnubg 2-ply with no rollout to settle them (roll
those out with cube_rollouts.py and run again). Run from the crate's root:
  python3 assets/gnubg/cube_depths.py --plies 0,1,2,3 \\
      --rollouts tests/fixtures/gnubg/cube-rollouts.jsonl
$BG_TUI names the program (default target/release/bg-tui)."""
import argparse, json, os, subprocess, time

FIX = 'tests/fixtures/gnubg/'
NORM = {'no double': 'ND', 'double, take': 'D/T', 'double, pass': 'D/P',
        'too good, pass': 'TG', 'too good, take': 'TG', 'no cube': 'nc'}


def category(words):
    """bg-tui's verdict in gnubg's words, as the fixtures' categories."""
    v = words.lower()
    if 'dead' in v or 'not available' in v:
        return 'nc'
    if 'too good' in v:
        return 'TG'
    if v.startswith('no '):
        return 'ND'
    return 'D/T' if 'take' in v else 'D/P'


def verdict(nd, dt, dp=1.0):
    """The doubler's verdict from cubeful equities (its view)."""
    if min(dt, dp) <= nd:
        return 'TG' if nd > dp else 'ND'
    return 'D/T' if dt < dp else 'D/P'


def rollout_verdicts(files, fixtures):
    out = {}
    for f in files:
        for line in open(f):
            r = json.loads(line)
            if r['nd'][0] is None or r['dt'][0] is None:
                continue
            fx = fixtures[r['id']]
            if r['id'].startswith('match'):
                nd = float(r['nd'][0].rstrip('%')) / 100
                dt = float(r['dt'][0].rstrip('%')) / 100
                out[r['id']] = verdict(nd, dt, fx['gnubg']['mwc']['double_pass'])
            else:
                # gnubg prints a double/take per unit of the doubled cube.
                out[r['id']] = verdict(float(r['nd'][0]), 2 * float(r['dt'][0]))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--plies', default='0,1,2,3')
    ap.add_argument('--rollouts', default=FIX + 'cube-rollouts.jsonl')
    args = ap.parse_args()
    program = os.environ.get('BG_TUI', 'target/release/bg-tui')
    fixtures = {}
    for name in ['money-cube', 'match-cube']:
        for line in open(FIX + name + '.jsonl'):
            r = json.loads(line)
            fixtures[r['id']] = r
    truth = rollout_verdicts(args.rollouts.split(','), fixtures)
    plies = args.plies.split(',')
    judged = {}
    for id_, r in fixtures.items():
        if NORM[r['gnubg']['category']] == 'nc':
            continue
        judged[id_] = {}
        for p in plies:
            started = time.time()
            o = subprocess.run([program, 'hint', f"{r['position_id']}:{r['match_id']}",
                                '--json', '--ply', p], capture_output=True, text=True, check=True)
            judged[id_][p] = (category(json.loads(o.stdout)['verdict']), time.time() - started)
    for kind in ['money', 'match']:
        ids = [i for i in judged if i.startswith(kind)]
        g = {i: NORM[fixtures[i]['gnubg']['category']] for i in ids}
        t = {i: truth.get(i, g[i]) for i in ids}
        rolled = sum(1 for i in ids if i in truth)
        hits = sum(1 for i in ids if g[i] == t[i])
        print(f"{kind}: {len(ids)} decisions, {rolled} rolled out; gnubg 2-ply agrees with the "
              f"truth in {hits} ({100 * hits / len(ids):.1f}%)")
        for p in plies:
            same_g = sum(1 for i in ids if judged[i][p][0] == g[i])
            same_t = sum(1 for i in ids if judged[i][p][0] == t[i])
            secs = sorted(judged[i][p][1] for i in ids)
            open_ = [i for i in ids if i not in truth and judged[i][p][0] != g[i]]
            print(f"  {p}-ply: gnubg's verdict {100 * same_g / len(ids):.1f}%, the truth "
                  f"{100 * same_t / len(ids):.1f}% ({same_t}); {sum(secs) / len(secs):.2f} s a "
                  f"decision on average, {secs[-1]:.2f} s at most; unsettled: "
                  f"{' '.join(open_) if open_ else 'none'}")


if __name__ == '__main__':
    main()
