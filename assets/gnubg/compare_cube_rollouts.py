"""Compares GNU Backgammon's cubeful rollouts of cube decisions (cube_rollouts.py's output
files, given as arguments) with gnubg's 2-ply verdict (tests/fixtures/gnubg/money-cube.jsonl,
match-cube.jsonl) and bg-tui's (`bg-tui hint ID:MATCHID`, $BG_TUI or target/release/bg-tui),
run from the crate's root:
  python3 assets/gnubg/compare_cube_rollouts.py tests/fixtures/gnubg/cube-rollouts.jsonl
In money play a double/take line is per unit of the doubled cube as gnubg prints it: twice it
is compared, against a pass of +1. In a match the lines are match-winning chances (gnubg's
"CF" percentages), against the pass's MWC that gnubg's 2-ply gave (the match equity table's
entry for the score: the same whatever the evaluation)."""
import json, os, subprocess, sys
fix = {}
for name in ['money-cube', 'match-cube']:
    for l in open(f'tests/fixtures/gnubg/{name}.jsonl'):
        r = json.loads(l); fix[r['id']] = r
rows = []
for f in sys.argv[1:]:
    for l in open(f):
        rows.append(json.loads(l))
def verdict(nd, dt, dp=1.0):
    # the doubler's view: double when min(dt, dp) > nd
    if min(dt, dp) <= nd:
        return 'too good' if nd > dp else 'no double'
    return 'double/take' if dt < dp else 'double/pass'
def short(v):
    v = v.lower()
    for k in ['too good', 'no double', 'double, take', 'double, pass', 'redouble, take', 'redouble, pass', 'no redouble']:
        if v.startswith(k):
            return {'double, take':'double/take','double, pass':'double/pass','redouble, take':'double/take','redouble, pass':'double/pass','no redouble':'no double'}.get(k,k)
    return v
tally = {}
for r in rows:
    if r['id'] not in fix or r['nd'][0] is None or r['dt'][0] is None:
        continue
    f = fix[r['id']]
    if r['id'].startswith('match'):
        nd = float(r['nd'][0].rstrip('%')) / 100; dt = float(r['dt'][0].rstrip('%')) / 100
        ro = verdict(nd, dt, f['gnubg']['mwc']['double_pass'])
    else:
        nd = float(r['nd'][0]); dt = 2 * float(r['dt'][0])
        ro = verdict(nd, dt)
    g = short(f['gnubg']['verdict'])
    out = subprocess.run([os.environ.get('BG_TUI', 'target/release/bg-tui'), 'hint', f"{f['position_id']}:{f['match_id']}"], capture_output=True, text=True).stdout
    b = None
    vals = {}
    for line in out.splitlines():
        s = line.strip()
        for k in ['no double', 'double/take', 'double/pass']:
            if s.startswith(k):
                vals[k] = float(s.split()[-1])
    if len(vals) == 3:
        b = verdict(vals['no double'], vals['double/take'], vals['double/pass'])
    side = 'both' if ro == g == b else 'gnubg' if ro == g else 'bg-tui' if ro == b else 'neither'
    kind = 'match' if r['id'].startswith('match') else 'money'
    tally[(kind, side)] = tally.get((kind, side), 0) + 1
    print(f"{r['id']}: rollout nd {nd:+.3f} dt {dt:+.3f} ({ro}); gnubg 2-ply {g}; bg-tui 2-ply {b} -> {side}")
print(tally)
