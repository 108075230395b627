#!/usr/bin/env bash
# Stops the servers Benchmarks/servers.sh started in DIR (a server that does not stop within
# five seconds is killed).
set -u
DIR="$1"
for name in vigil nchan mosquitto; do
    [ -f "$DIR/$name.pid" ] || continue
    pid="$(cat "$DIR/$name.pid")"
    kill "$pid" 2>/dev/null
    for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null
    rm -f "$DIR/$name.pid"
done
