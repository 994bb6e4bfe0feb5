#!/bin/sh
# slow-start.sh SECONDS: an engine that takes its time to shake hands. After SECONDS of
# silence it answers UBGI's handshake (`ubgi` ... `ubgiok`, `isready` ... `readyok`) and
# nothing else: enough to be seated, not to play.
sleep "$1"
while read -r line; do
  case "$line" in
    ubgi) echo "id name slow-start"; echo "ubgiok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
