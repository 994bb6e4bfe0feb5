#!/bin/bash
# "What ships", the last step of a round's protocol (the notebook's "The 150k round's
# protocol", step 4), for nets files that passed the round's checks and for the shipped
# nets beside them, on the same dice: four fresh seeds of 20,000 games against pubeval at
# 0-ply (27 to 30), and the default level against GNU Backgammon 2-ply (500 cubeless games
# in mirrored pairs, seed 31, through `ubgi`). The rollout's speed, side by side, is timed
# by hand.
#
# Run by hand from the source folder, never in CI (about half an hour of two cores a nets
# file; GNU Backgammon installed as /usr/games/gnubg):
#   bash assets/training/ship-checks.sh OUT_DIR NETS.bgnet...
# (GAMES and GNUBG_GAMES change the games, for a quick try of the script itself.) Each
# check's lines are kept in OUT_DIR/checks/ and a later run with the same OUT_DIR reads them
# from there, so that it can be stopped and run again; OUT_DIR/ship-summary.txt holds them
# all, each nets file's lines together. A kept check is named by the nets file's contents
# and its games, so a quick try and the real run can share a folder.
set -euo pipefail
out=${1:?"give a folder for the checks (a round's OUT_DIR)"}
shift
(($#)) || { echo "ship-checks: name one nets file or more" >&2; exit 2; }
tui=${BG_TUI:-target/release/bg-tui}
gnubg=${GNUBG:-/usr/games/gnubg}
games=${GAMES:-20000}
gnubg_games=${GNUBG_GAMES:-500}
mkdir -p "$out/checks"
summary=$out/ship-summary.txt
: > "$summary"

# shellcheck source=kept-checks.sh
source "$(dirname "$0")/kept-checks.sh"
against_gnubg() {
    local report
    report=$(GNUBG_PLIES=2 "$tui" bot-match "expert@$1" \
        "ubgi:$gnubg -t -q -p assets/gnubg/gnubg_ubgi.py" --games "$2" --seed 31 --threads 2)
    echo "$1 (the default level) against gnubg 2-ply, seed 31, $2 games:"
    echo "$report"
}

for nets in "$@"; do
    [ -f "$nets" ] || { echo "ship-checks: $nets is not a file" >&2; exit 2; }
    key=$(nets_key "$nets")
    for seed in 27 28 29 30; do
        once "ship-$key-pubeval-$seed-$games" against_pubeval "$nets" "$seed" "$games"
    done
    once "ship-$key-gnubg-31-$gnubg_games" against_gnubg "$nets" "$gnubg_games"
done
