# Checker choices against gnubg 2-ply's rankings (the notebook, "The 50k go/no-go"). Run from the source folder; BG_TUI names the bg-tui binary (target/release/bg-tui by default).
import json, os, subprocess, sys
rows=[json.loads(l) for l in open(os.environ.get('FIXTURE', 'tests/fixtures/gnubg/match-checker.jsonl'))]
bots=sys.argv[1:]
tot={b:[0,0,0.0,0] for b in bots}  # agree, known, loss sum, outside
for r in rows:
    pid=r['position_id']+':'+r['match_id']
    dice='%d%d'%tuple(r['dice'])
    g=r['gnubg']['plays']
    best=g[0]['equity']
    eq={p['move']:p['equity'] for p in g}
    for b in bots:
        out=subprocess.run([os.environ.get('BG_TUI', 'target/release/bg-tui'),'hint',pid,dice,'--ply',b.split('|')[1] if '|' in b else '0','--json','--bot',b.split('|')[0]],capture_output=True,text=True)
        try:
            play=json.loads(out.stdout)['plays'][0]['play']
        except Exception as e:
            print('ERR',r['id'],b,out.stderr[:200]); continue
        t=tot[b]
        if play in eq:
            t[1]+=1; t[2]+=best-eq[play]; t[0]+= (play==g[0]['move'])
        else:
            t[3]+=1
for b in bots:
    a,k,l,o=tot[b]
    print(f"{b}: agrees with gnubg 2-ply's best in {a}/{len(rows)}; mean loss {l/max(k,1):.4f} over {k} found in gnubg's list; {o} outside its list")
