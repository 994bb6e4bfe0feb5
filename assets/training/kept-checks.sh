# Sourced by go-no-go.sh and ship-checks.sh: a round's checks, each run once and kept, so
# that a round stopped and run again goes on where it stopped. Needs `out` (the round's
# folder, with a checks/ folder), `summary` (the file the checks' lines go to) and `tui`
# (the bg-tui the strength checks run).

# once NAME COMMAND...: what COMMAND prints, kept in $out/checks/NAME.txt (a later run of
# the round reads it from there), into the summary and on stdout. NAME must say everything
# the lines depend on: nets_key names the nets by their contents, and a check's games go
# in its name.
once() {
    local kept=$out/checks/$1.txt
    shift
    if [ ! -e "$kept" ]; then
        "$@" > "$kept.new"
        mv "$kept.new" "$kept"
    fi
    tee -a "$summary" < "$kept"
}

# nets_key FILE: the nets file's name and the start of its contents' SHA-256, so that two
# nets files of one name (from two rounds' folders), or a nets file fitted again, never
# share a kept check.
nets_key() {
    local sum
    sum=$(sha256sum < "$1")
    echo "$(basename "$1" .bgnet)-${sum:0:10}"
}

# against_pubeval NETS SEED GAMES: NETS at 0-ply against pubeval, GAMES games on SEED.
against_pubeval() {
    local line
    line=$("$tui" bot-match "expert:0@$1" pubeval --games "$3" --seed "$2" --threads 2 \
        | grep 'points per game')
    echo "$1 against pubeval, seed $2, $3 games: $line"
}
