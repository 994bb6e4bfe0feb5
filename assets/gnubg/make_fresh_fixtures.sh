#!/bin/sh
# Makes tests/fixtures/gnubg/fresh-money-cube.jsonl and fresh-match-cube.jsonl: GNU
# Backgammon's 2-ply cube verdicts on 60 money and 80 match position-scores of bot games
# played on seeds no other fixture used, leaving out every position of the other fixture
# files and the hand-chosen themes: the positions "not seen" that issue 49's goals are
# measured on (never tuned on).  Run from the repository root with a release build of bg-tui
# and GNU Backgammon 1.07 installed; about half an hour on one busy core.
#
#   sh assets/gnubg/make_fresh_fixtures.sh [WORK_DIR]
set -eu
BG=${BG:-target/release/bg-tui}
GNUBG=${GNUBG:-/usr/games/gnubg}
WORK=${1:-/tmp/bg-tui-gnubg-fresh}
OUT=tests/fixtures/gnubg
mkdir -p "$WORK/games"
G="$WORK/games"
NICE=10
. assets/gnubg/fixture_steps.sh

games money-e0-pub expert:0 pubeval --cube --games 16 --seed 133
games money-e-gr expert greedy --cube --games 8 --seed 132
games money-e-e expert expert --cube --games 4 --seed 131
games m5-e-gr expert greedy --match 5 --cube --games 2 --seed 143
games m7-e0-pub expert:0 pubeval --match 7 --cube --games 2 --seed 145
games m7-e-e0 expert expert:0 --match 7 --cube --games 2 --seed 142

export_mats
extract_candidates

FIX_CANDIDATES="$WORK/candidates.jsonl" FIX_OUTDIR="$OUT" FIX_SEED=49 \
    FIX_SIZES=money=60,match=80 FIX_NO_THEMES=1 FIX_PREFIX=fresh- \
    FIX_EXCLUDE="$OUT/money-cube.jsonl,$OUT/match-cube.jsonl,$OUT/match-checker.jsonl" \
    nice -n 10 "$GNUBG" -t -q -p assets/gnubg/make_cube_fixtures.py > "$WORK/cube.log"
echo "fixtures written to $OUT/fresh-*-cube.jsonl"
