#!/bin/sh
# stubborn.sh PIDS BG_TUI: a UBGI engine that will not go. It starts a child of its own and
# plays through bg-tui's own engine (`BG_TUI ubgi`), but the `quit` it is sent never reaches
# that engine, neither does the end of its input, and it ignores SIGHUP, SIGINT and SIGTERM
# (and so does all it starts). It appends "its process id, its child's, its process group"
# to PIDS. Only killing every process of it ends it. It plays at UBGI 1-ply (the expert's
# 0-ply, set after the handshake's first line): the tests need its moves, not its strength.
trap '' HUP INT TERM
sleep 600 &
echo "$$ $! $(awk '{print $5}' /proc/$$/stat)" >> "$1"
{ read -r first; printf '%s\nset engine.ply 1\n' "$first"; cat; exec sleep 600; } |
  grep --line-buffered -v '^quit$' | "$2" ubgi
