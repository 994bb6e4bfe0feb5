# The steps both fixture scripts share (make_fixtures.sh, make_fresh_fixtures.sh), sourced
# by them from the repository root: bot games saved as records, each record as a .mat file,
# and every decision of every game with GNU Backgammon's IDs as candidate positions.
#
# The sourcing script sets BG (bg-tui), GNUBG (gnubg), G (the games' folder), WORK (the work
# folder) and NICE (the games' niceness).

# games NAME ARGS...: `bg-tui bot-match ARGS` saved to $G/NAME, unless made already.
games() {
    name=$1; shift
    [ -d "$G/$name" ] || nice -n "$NICE" "$BG" bot-match "$@" --threads 1 --save "$G/$name" > "$G/$name.txt"
}

# export_mats: each record of $G as a .mat file beside it, listed in $WORK/mats.txt.
export_mats() {
    : > "$WORK/mats.txt"
    for f in "$G"/*/*.json; do
        mat="${f%.json}.mat"
        [ -f "$mat" ] || "$BG" export "$f" -o "$mat"
        echo "$(basename "$(dirname "$f")")/$(basename "$f" .json) $mat" >> "$WORK/mats.txt"
    done
}

# extract_candidates: every decision of every listed game, with gnubg's IDs, into
# $WORK/candidates.jsonl.
extract_candidates() {
    FIX_MATS="$WORK/mats.txt" FIX_OUT="$WORK/candidates.jsonl" \
        "$GNUBG" -t -q -p assets/gnubg/extract_positions.py > "$WORK/extract.log"
}
