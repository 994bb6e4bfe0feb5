#!/bin/bash
# The go/no-go round of issue 46, as the notebook fixed it before it was measured
# ("The 50k round's protocol", assets/training/README.md): from the shipped nets, the
# contact net alone, 5% held out, steps 0.1 falling to 0.003 over 400 passes, the best
# pass kept; once each with the plain, the rich and the extra inputs; the candidate is the
# one with the lowest held-out error. Then the candidate is judged once on the validation
# set (the bar: validation mse of the chances at most 0.85 x the shipped nets', rms from
# gnubg 2-ply under 0.075) and, where it is over the bar, by the strength checks.
#
# Run by hand from the source folder, never in CI (about 20 minutes of two cores):
#   cargo build --release --features lab
#   bash assets/training/go-no-go.sh OUT_DIR
# (EPOCHS and GAMES change the passes and the checks' games, for a quick try of the script
# itself; INPUTS, "plain rich extra" by default, the inputs fitted: the 150k round fits
# "extra" alone, from the shipped nets, which read them since the 100k round.) It writes its nets, logs and a summary (OUT_DIR/summary.txt) into OUT_DIR; the shards it
# fits are every complete-line backgammon-s0NN.txt of the database (not the validation set),
# for the second candidate (the 100k round on) the decisions shards backgammon-d2NN.txt
# beside them, and for the third (the 150k round on) the crashed 1-ply shards
# backgammon-c1NN.txt beside those.
set -euo pipefail
out=${1:?"give a folder for the nets and logs"}
mkdir -p "$out"
lab=${BG_LAB:-target/release/bg-lab}
tui=${BG_TUI:-target/release/bg-tui}
db=assets/training/rollouts
shards=()
for f in "$db"/backgammon-s0*.txt; do
    # Only whole lines: a shard being grown may end in half a line (wc counts newlines).
    head -n "$(wc -l < "$f")" "$f" > "$out/$(basename "$f")"
    shards+=(--supervised-db "$out/$(basename "$f")")
done
positions=$(cat "$out"/backgammon-s0*.txt | grep -vc '^#')
echo "the database: $positions positions in $((${#shards[@]} / 2)) shards" | tee "$out/summary.txt"

inputs_fitted=${INPUTS:-plain rich extra}
for inputs in $inputs_fitted; do
    nets="$out/$inputs.bgnet"
    case $inputs in
        plain) cp assets/expert.bgnet "$nets" ;;
        *) "$lab" train --from assets/expert.bgnet "--$inputs" --games 1 --alpha 0.1 \
               --check-every 0 --checkpoint "$nets" --log "$out/$inputs-widen.log" --overwrite ;;
    esac
    "$lab" train --resume --checkpoint "$nets" --log "$out/$inputs.log" "${shards[@]}" \
        --contact-only --epochs "${EPOCHS:-400}" --alpha 0.1 --alpha-end 0.003 --holdout 0.05 \
        --check-every 0 --check-games 0 2> "$out/$inputs.passes"
    tail -n 1 "$out/$inputs.log" | tee -a "$out/summary.txt"
done

# The candidate: the lowest held-out error (the log line's "held out N positions: error
# A -> B").
best=$(for inputs in $inputs_fitted; do
    tail -n 1 "$out/$inputs.log" | sed -E 's/.*held out [0-9]+ positions: error [0-9.]+ -> ([0-9.]+).*/\1/' | sed "s/$/ $inputs/"
done | sort -n | head -n 1 | cut -d' ' -f2)
echo "the candidate: $best" | tee -a "$out/summary.txt"
candidates=("$best")

# A further candidate, "$best-NAME": the candidate's inputs fitted again from the shipped
# nets, the same passes and steps, on the s-shards and the shards given after NAME.
fit_beside() {
    local with="$best-$1"
    shift
    case $best in
        plain) cp assets/expert.bgnet "$out/$with.bgnet" ;;
        *) "$lab" train --from assets/expert.bgnet "--$best" --games 1 --alpha 0.1 \
               --check-every 0 --checkpoint "$out/$with.bgnet" --log "$out/$with-widen.log" \
               --overwrite ;;
    esac
    "$lab" train --resume --checkpoint "$out/$with.bgnet" --log "$out/$with.log" \
        "${shards[@]}" "$@" --contact-only --epochs "${EPOCHS:-400}" \
        --alpha 0.1 --alpha-end 0.003 --holdout 0.05 --check-every 0 --check-games 0 \
        2> "$out/$with.passes"
    tail -n 1 "$out/$with.log" | tee -a "$out/summary.txt"
    candidates+=("$with")
}

# Every whole line of the shards matching the pattern $1, copied into OUT, as
# --supervised-db options in the array named $2.
copy_shards() {
    local -n into=$2
    into=()
    for f in "$db"/$1; do
        [ -e "$f" ] || continue
        head -n "$(wc -l < "$f")" "$f" > "$out/$(basename "$f")"
        into+=(--supervised-db "$out/$(basename "$f")")
    done
}

# The 100k round's addition (fixed 2026-12-01, before the database reached 100k; the
# notebook's "The 100k round's protocol"): with every whole line of the decisions shards
# (backgammon-d2NN.txt) beside the s-shards, a second candidate, "$best-decisions".
copy_shards "backgammon-d2*.txt" decision_shards
if ((${#decision_shards[@]})); then
    echo "with the decisions: $(cat "$out"/backgammon-d2*.txt | grep -vc '^#') lines" \
        | tee -a "$out/summary.txt"
    fit_beside decisions "${decision_shards[@]}"
fi

# The 150k round's addition (fixed 2026-12-01 12:46 UTC, before the database reached 150k;
# the notebook's "The 150k round's protocol"): the same fit again with every whole line of
# the crashed shards (backgammon-c1NN.txt, crashed positions rolled out at 1-ply) beside the
# s- and d-shards: a third candidate, "$best-decisions-crashed".
copy_shards "backgammon-c1*.txt" crashed_shards
if ((${#crashed_shards[@]})); then
    echo "with the crashed shards: $(cat "$out"/backgammon-c1*.txt | grep -vc '^#') lines" \
        | tee -a "$out/summary.txt"
    fit_beside decisions-crashed "${decision_shards[@]}" "${crashed_shards[@]}"
fi

# Each candidate on the validation set (the bar), the shipped nets beside.
for nets in "${candidates[@]}"; do
    echo "$nets:" | tee -a "$out/summary.txt"
    "$lab" eval-db "$out/$nets.bgnet" "$db/backgammon-324.jsonl" \
        --gnubg "$db/backgammon-324.gnubg-2ply.txt" | tee -a "$out/summary.txt"
done
"$lab" eval-db shipped "$db/backgammon-324.jsonl" \
    --gnubg "$db/backgammon-324.gnubg-2ply.txt" | tee -a "$out/summary.txt"
# The decisions judge, beside the verdict, not in it (the second candidate is fitted on
# these lines).
for f in "$out"/backgammon-d2*.txt; do
    [ -e "$f" ] || continue
    for nets in shipped "${candidates[@]/%/.bgnet}"; do
        [ "$nets" = shipped ] || nets="$out/$nets"
        echo "$nets on $(basename "$f"): $("$lab" eval-db "$nets" "$f" | grep '^decisions')" \
            | tee -a "$out/summary.txt"
    done
done

# The strength checks, on seeds no fit has used (17 and 18), the same dice for all nets;
# and (from the 100k round) the 0-ply choices of gnubg's 240 checker decisions, judged by
# gnubg 2-ply's ranking, which pick between two candidates over the bar.
nets_files=(assets/expert.bgnet)
for nets in "${candidates[@]}"; do nets_files+=("$out/$nets.bgnet"); done
for nets in "${nets_files[@]}"; do
    for seed in 17 18; do
        echo "$nets seed $seed: $("$tui" bot-match "expert:0@$nets" pubeval --games "${GAMES:-4000}" \
            --seed "$seed" --threads 2 | grep 'points per game')" | tee -a "$out/summary.txt"
    done
done
# (From the 150k round) each candidate head to head against the shipped nets at 0-ply, in
# mirrored pairs on a seed of its own (26).
for nets in "${candidates[@]}"; do
    echo "$nets against the shipped nets: $("$tui" bot-match "expert:0@$out/$nets.bgnet" \
        expert:0@assets/expert.bgnet --games "${GAMES:-4000}" --seed 26 --threads 2 \
        | grep 'points per game')" | tee -a "$out/summary.txt"
done
BG_TUI="$tui" python3 assets/training/experiments/checker-choices-against-gnubg.py \
    "${nets_files[@]/#/expert@}" | tee -a "$out/summary.txt"
