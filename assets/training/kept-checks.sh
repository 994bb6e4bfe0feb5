# Sourced by go-no-go.sh and ship-checks.sh: a round's checks, each run once and kept, so
# that a round stopped and run again goes on where it stopped. Needs `out` (the round's
# folder, with a checks/ folder) and `summary` (the file the checks' lines go to).

# once NAME COMMAND...: what COMMAND prints, kept in $out/checks/NAME.txt (a later run of
# the round reads it from there), into the summary and on stdout.
once() {
    local kept=$out/checks/$1.txt
    shift
    if [ ! -e "$kept" ]; then
        "$@" > "$kept.new"
        mv "$kept.new" "$kept"
    fi
    tee -a "$summary" < "$kept"
}
