#!/bin/sh
# flood.sh MARK: a UBGI engine that shakes hands, then prints 200,000 lines nobody asked
# for and only then writes MARK. A client that reads an engine's output without bound gets
# there at once (and grows by what it read); one that queues a bounded number of lines
# leaves it waiting on a full pipe.
read -r line; echo ubgiok
read -r line; echo readyok
yes info | head -n 200000
echo done > "$1"
exec sleep 600
