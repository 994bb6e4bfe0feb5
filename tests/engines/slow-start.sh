#!/bin/sh
# slow-start.sh SECONDS BG_TUI: bg-tui's own engine, after SECONDS of silence (an engine
# that takes its time to shake hands).
sleep "$1"
exec "$2" ubgi
