#!/bin/sh
# Makes tests/fixtures/gnubg/ from scratch: bot games, their .mat files, GNU Backgammon's
# answers.  Run from the repository root with a release build of bg-tui and GNU Backgammon
# 1.07 installed (/usr/games/gnubg); it takes about an hour on one busy core.
#
#   sh assets/gnubg/make_fixtures.sh [WORK_DIR]
#
# tests/fixtures/gnubg/README.md says what each file holds and how it was made.
set -eu
BG=${BG:-target/release/bg-tui}
GNUBG=${GNUBG:-/usr/games/gnubg}
WORK=${1:-/tmp/bg-tui-gnubg-fixtures}
OUT=tests/fixtures/gnubg
mkdir -p "$WORK/games" "$OUT/match-analysis"
G="$WORK/games"
NICE=19
. assets/gnubg/fixture_steps.sh

# 1. Bot games: money sessions and 3-, 5- and 7-point matches, all with the cube (mirrored
#    pairs: the same dice with the sides swapped; an expert against itself plays each game
#    twice, so only half of its games are new).
games money-e0-pub expert:0 pubeval --cube --games 40 --seed 33
games money-gr-pub greedy pubeval --cube --games 40 --seed 34
games money-e-gr expert greedy --cube --games 20 --seed 32
games money-e-e expert expert --cube --games 10 --seed 31
games m3-e-gr expert greedy --match 3 --cube --games 6 --seed 43
games m3-e1-e0 expert:1 expert:0 --match 3 --cube --games 4 --seed 46
games m5-gr-pub greedy pubeval --match 5 --cube --games 6 --seed 44
games m5-e-e expert expert --match 5 --cube --games 2 --seed 41
games m7-e0-pub expert:0 pubeval --match 7 --cube --games 4 --seed 45
games m7-e-e0 expert expert:0 --match 7 --cube --games 2 --seed 42

# 2. Each record as a .mat file, and the list of them for gnubg.
export_mats

# 3. The candidate positions: every decision of every game, with gnubg's IDs.
extract_candidates

# 4. The cube and checker-play fixtures.
FIX_CANDIDATES="$WORK/candidates.jsonl" FIX_OUTDIR="$OUT" FIX_SEED=31 \
    "$GNUBG" -t -q -p assets/gnubg/make_cube_fixtures.py > "$WORK/cube.log"
FIX_CANDIDATES="$WORK/candidates.jsonl" FIX_OUTDIR="$OUT" FIX_SEED=31 \
    "$GNUBG" -t -q -p assets/gnubg/make_checker_fixtures.py > "$WORK/checker.log"

# 5. Whole matches and sessions analysed: two money sessions (the odd games, where the
#    players sit as in the first, joined), and matches of 3, 5 and 7 points.
python3 assets/gnubg/join_mat.py "$WORK/session-e0-pub.mat" \
    "$G"/money-e0-pub/game-000[13579].mat "$G"/money-e0-pub/game-001[135].mat
python3 assets/gnubg/join_mat.py "$WORK/session-e-gr.mat" \
    "$G"/money-e-gr/game-000[13579].mat "$G"/money-e-gr/game-0011.mat
"$BG" import "$WORK/session-e0-pub.mat" -o "$WORK/session-e0-pub.json"
"$BG" import "$WORK/session-e-gr.mat" -o "$WORK/session-e-gr.json"
cat > "$WORK/analysis.txt" <<EOF
session-expert0-pubeval $WORK/session-e0-pub.json $WORK/session-e0-pub.mat
session-expert-greedy $WORK/session-e-gr.json $WORK/session-e-gr.mat
m3-expert-greedy $G/m3-e-gr/match-0001.json $G/m3-e-gr/match-0001.mat
m3-expert1-expert0 $G/m3-e1-e0/match-0001.json $G/m3-e1-e0/match-0001.mat
m5-greedy-pubeval $G/m5-gr-pub/match-0001.json $G/m5-gr-pub/match-0001.mat
m5-pubeval-greedy $G/m5-gr-pub/match-0002.json $G/m5-gr-pub/match-0002.mat
m5-expert-expert $G/m5-e-e/match-0001.json $G/m5-e-e/match-0001.mat
m7-expert0-pubeval $G/m7-e0-pub/match-0001.json $G/m7-e0-pub/match-0001.mat
m7-expert-expert0 $G/m7-e-e0/match-0001.json $G/m7-e-e0/match-0001.mat
EOF
FIX_RECORDS="$WORK/analysis.txt" FIX_OUTDIR="$OUT/match-analysis" \
    "$GNUBG" -t -q -p assets/gnubg/analyse_matches.py > "$WORK/analysis.log"
echo "fixtures written to $OUT"
