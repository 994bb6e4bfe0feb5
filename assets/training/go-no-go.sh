#!/bin/bash
# The go/no-go round of issue 46, as the notebook fixed it before it was measured
# ("The 50k round's protocol", assets/training/README.md, and the rounds after it): from
# the shipped nets, the contact net alone, 5% held out, steps 0.1 falling to 0.003 over 400
# passes, the best pass kept; once each with the plain, the rich and the extra inputs; the
# candidate is the one with the lowest held-out error. Then the candidate is judged once on
# the validation set (the bar) and, where it is over the bar, by the strength checks.
#
# Run by hand from the source folder, never in CI (an hour or two of two cores):
#   cargo build --release --features lab
#   bash assets/training/go-no-go.sh OUT_DIR
# (EPOCHS and GAMES change the passes and the checks' games, for a quick try of the script
# itself; INPUTS, "plain rich extra" by default, the inputs fitted: the 150k round fits
# "extra" alone, from the shipped nets, which read them since the 100k round; JOBS, 2 by
# default, the fits run at once, each on one core; WAIT_FOR, a number of positions the
# first run waits for the shards to hold.) It writes its nets, logs and a summary
# (OUT_DIR/summary.txt) into OUT_DIR; the shards it fits are every complete-line
# backgammon-s0NN.txt of the database (not the validation set), for the second candidate
# (the 100k round on) the decisions shards backgammon-d2NN.txt beside them, and for the
# third (the 150k round on) the crashed 1-ply shards backgammon-c1NN.txt beside those.
#
# A round can be stopped and run again with the same OUT_DIR: it goes on where it stopped.
# Its first run names the shards and the whole lines it took in OUT_DIR/shards.txt, and
# every later run copies those lines again (the database may have grown since); a fit that
# finished is kept (OUT_DIR/NAME.done holds its log's last line), one cut off starts again
# from the shipped nets; each check's lines are kept in OUT_DIR/checks/. Kept in the
# repository (OUT_DIR/.gitignore leaves out the copies of the shards), a round even goes on
# from a fresh clone.
set -euo pipefail
out=${1:?"give a folder for the nets and logs"}
mkdir -p "$out/shards" "$out/checks"
printf 'shards/\n*.new\n' > "$out/.gitignore"
lab=${BG_LAB:-target/release/bg-lab}
tui=${BG_TUI:-target/release/bg-tui}
db=assets/training/rollouts
jobs_at_once=${JOBS:-2}
games=${GAMES:-4000}
summary=$out/summary.txt
: > "$summary"

# The round's shards: on its first run, every whole line of each (a shard being grown may
# end in half a line; wc counts newlines), named in shards.txt; then those lines, copied.
manifest=$out/shards.txt
# The database's shards now, looked for afresh at each call: a shard started while the
# round waits counts too.
database() {
    local f
    for f in "$db"/backgammon-s0*.txt "$db"/backgammon-d2*.txt "$db"/backgammon-c1*.txt; do
        [ -e "$f" ] && echo "$f"
    done
    return 0
}
# The positions in the whole lines of the database's shards now.
whole_positions() {
    local f n=0
    for f in $(database); do
        n=$((n + $(head -n "$(wc -l < "$f")" "$f" | grep -vc '^#' || true)))
    done
    echo "$n"
}
if [ ! -s "$manifest" ]; then
    # WAIT_FOR=N: the first run waits, looking every minute, until the shards hold N
    # positions (the round's threshold), so that it starts as soon as they do.
    until (($(whole_positions) >= ${WAIT_FOR:-0})); do
        sleep 60
    done
    for f in $(database); do
        echo "$(basename "$f") $(wc -l < "$f")"
    done > "$manifest.new"
    mv "$manifest.new" "$manifest"
fi
shards=()
decision_shards=()
crashed_shards=()
while read -r name lines; do
    copy=$out/shards/$name
    if [ ! -e "$copy" ] || [ "$(wc -l < "$copy")" -ne "$lines" ]; then
        if [ ! -e "$db/$name" ] || [ "$(wc -l < "$db/$name")" -lt "$lines" ]; then
            echo "go-no-go: $db/$name has fewer than the $lines lines the round took" >&2
            exit 2
        fi
        head -n "$lines" "$db/$name" > "$copy.new"
        mv "$copy.new" "$copy"
    fi
    case $name in
        backgammon-s0*) shards+=(--supervised-db "$copy") ;;
        backgammon-d2*) decision_shards+=(--supervised-db "$copy") ;;
        backgammon-c1*) crashed_shards+=(--supervised-db "$copy") ;;
    esac
done < "$manifest"
# The positions in the shards named by `--supervised-db` options.
lines_in() {
    local files=()
    while (($#)); do files+=("$2"); shift 2; done
    cat "${files[@]}" | grep -vc '^#'
}
echo "the database: $(lines_in "${shards[@]}") positions in $((${#shards[@]} / 2)) shards" \
    | tee -a "$summary"

# fit NAME INPUTS SHARD_OPTIONS...: the shipped nets, widened to INPUTS, fitted to the
# shards (the contact net alone, 5% held out, steps 0.1 falling to 0.003 over 400 passes,
# the best pass kept) into NAME.bgnet; nothing when NAME.done says it finished.
fit() {
    local name=$1 inputs=$2
    shift 2
    [ -s "$out/$name.done" ] && return 0
    local nets=$out/$name.bgnet
    rm -f "$out/$name.log" "$out/$name-widen.log"
    case $inputs in
        plain) cp assets/expert.bgnet "$nets" ;;
        *) "$lab" train --from assets/expert.bgnet "--$inputs" --games 1 --alpha 0.1 \
               --check-every 0 --checkpoint "$nets" --log "$out/$name-widen.log" --overwrite ;;
    esac
    "$lab" train --resume --checkpoint "$nets" --log "$out/$name.log" "$@" \
        --contact-only --epochs "${EPOCHS:-400}" --alpha 0.1 --alpha-end 0.003 --holdout 0.05 \
        --check-every 0 --check-games 0 2> "$out/$name.passes"
    tail -n 1 "$out/$name.log" > "$out/$name.done.new"
    mv "$out/$name.done.new" "$out/$name.done"
}
# The fits, JOBS at a time (each runs on one core; a failed fit stops the round).
running=0
trap 'kill $(jobs -p) 2> /dev/null || true' EXIT
start_fit() {
    fit "$@" &
    running=$((running + 1))
    if ((running >= jobs_at_once)); then
        wait -n
        running=$((running - 1))
    fi
}
finish_fits() {
    while ((running > 0)); do
        wait -n
        running=$((running - 1))
    done
}

inputs_fitted=${INPUTS:-plain rich extra}
read -r -a inputs_list <<< "$inputs_fitted"
for inputs in "${inputs_list[@]}"; do
    start_fit "$inputs" "$inputs" "${shards[@]}"
done
# The candidate: the lowest held-out error (the log line's "held out N positions: error
# A -> B"); with one kind of inputs, it is known before its fit ends, and the further fits
# start beside it.
if ((${#inputs_list[@]} == 1)); then
    best=${inputs_list[0]}
else
    finish_fits
    best=$(for inputs in "${inputs_list[@]}"; do
        sed -E 's/.*held out [0-9]+ positions: error [0-9.]+ -> ([0-9.]+).*/\1/' "$out/$inputs.done" \
            | sed "s/$/ $inputs/"
    done | sort -n | head -n 1 | cut -d' ' -f2)
fi
candidates=("$best")

# The 100k round's addition (fixed 2026-12-01, before the database reached 100k; the
# notebook's "The 100k round's protocol"): the candidate's inputs fitted again from the
# shipped nets, the same passes and steps, with every whole line of the decisions shards
# (backgammon-d2NN.txt) beside the s-shards: a second candidate, "$best-decisions".
if ((${#decision_shards[@]})); then
    start_fit "$best-decisions" "$best" "${shards[@]}" "${decision_shards[@]}"
    candidates+=("$best-decisions")
fi
# The 150k round's addition (fixed 2026-12-01 12:46 UTC, before the database reached 150k;
# the notebook's "The 150k round's protocol"): the same fit again with every whole line of
# the crashed shards (backgammon-c1NN.txt, crashed positions rolled out at 1-ply) beside the
# s- and d-shards: a third candidate, "$best-decisions-crashed".
if ((${#decision_shards[@]})) && ((${#crashed_shards[@]})); then
    start_fit "$best-decisions-crashed" "$best" "${shards[@]}" "${decision_shards[@]}" \
        "${crashed_shards[@]}"
    candidates+=("$best-decisions-crashed")
fi
finish_fits

for inputs in "${inputs_list[@]}"; do tee -a "$summary" < "$out/$inputs.done"; done
echo "the candidate: $best" | tee -a "$summary"
if ((${#decision_shards[@]})); then
    echo "with the decisions: $(lines_in "${decision_shards[@]}") lines" | tee -a "$summary"
    tee -a "$summary" < "$out/$best-decisions.done"
fi
if ((${#decision_shards[@]})) && ((${#crashed_shards[@]})); then
    echo "with the crashed shards: $(lines_in "${crashed_shards[@]}") lines" | tee -a "$summary"
    tee -a "$summary" < "$out/$best-decisions-crashed.done"
fi

# shellcheck source=kept-checks.sh
source "$(dirname "$0")/kept-checks.sh"
validation() {
    "$lab" eval-db "$1" "$db/backgammon-324.jsonl" --gnubg "$db/backgammon-324.gnubg-2ply.txt"
}
named_validation() {
    echo "$1:"
    validation "$out/$1.bgnet"
}
decisions_judged() {
    local line
    line=$("$lab" eval-db "$1" "$2" | grep '^decisions')
    echo "$1 on $(basename "$2"): $line"
}
head_to_head() {
    local line
    line=$("$tui" bot-match "expert:0@$out/$1.bgnet" expert:0@assets/expert.bgnet \
        --games "$games" --seed 26 --threads 2 | grep 'points per game')
    echo "$1 against the shipped nets: $line"
}
checker_choices() {
    BG_TUI="$tui" python3 assets/training/experiments/checker-choices-against-gnubg.py \
        "${@/#/expert@}"
}

# Each candidate on the validation set (the bar), the shipped nets beside.
for nets in "${candidates[@]}"; do
    once "validation-$nets" named_validation "$nets"
done
once validation-shipped validation shipped
# The decisions judge, beside the verdict, not in it (the second candidate is fitted on
# these lines).
for f in "$out"/shards/backgammon-d2*.txt; do
    [ -e "$f" ] || continue
    for nets in shipped "${candidates[@]/%/.bgnet}"; do
        [ "$nets" = shipped ] || nets="$out/$nets"
        once "decisions-$(basename "$nets" .bgnet)-$(basename "$f" .txt)" \
            decisions_judged "$nets" "$f"
    done
done

# The strength checks, on seeds no fit has used (17 and 18), the same dice for all nets;
# and (from the 100k round) the 0-ply choices of gnubg's 240 checker decisions, judged by
# gnubg 2-ply's ranking, which pick between two candidates over the bar.
nets_files=(assets/expert.bgnet)
for nets in "${candidates[@]}"; do nets_files+=("$out/$nets.bgnet"); done
for nets in "${nets_files[@]}"; do
    for seed in 17 18; do
        once "pubeval-$(nets_key "$nets")-$seed-$games" against_pubeval "$nets" "$seed" "$games"
    done
done
# (From the 150k round) each candidate head to head against the shipped nets at 0-ply, in
# mirrored pairs on a seed of its own (26).
for nets in "${candidates[@]}"; do
    once "head-to-head-$nets-$games" head_to_head "$nets"
done
once checker-choices checker_choices "${nets_files[@]}"
