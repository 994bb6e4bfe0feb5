#!/bin/sh
# escaping.sh PIDS BG_TUI: a UBGI engine whose children leave its process group, each its
# own way, and stay: one in a session of its own (setsid), one in a process group of its
# own in the same session (setpgid, by perl), one a daemon (a double fork: its parent has
# gone, and it is in a session of its own). Each appends "its process id, its process
# group" to PIDS once it has left; then the engine plays through bg-tui's own
# (`BG_TUI ubgi`, at UBGI 1-ply, the expert's 0-ply: the tests need its moves, not its
# strength).
note='echo "$$ $(cut -d" " -f5 /proc/$$/stat)" >> "$0"; exec sleep 600'
setsid sh -c "$note" "$1" </dev/null >/dev/null 2>&1 &
perl -e 'setpgrp(0, 0); exec @ARGV' sh -c "$note" "$1" </dev/null >/dev/null 2>&1 &
( setsid sh -c "$note" "$1" </dev/null >/dev/null 2>&1 & )
# Each has noted itself before the engine shakes hands.
while [ "$(wc -l < "$1" 2>/dev/null || echo 0)" -lt 3 ]; do sleep 0.05; done
{ read -r first; printf '%s\nset engine.ply 1\n' "$first"; exec cat; } | "$2" ubgi
