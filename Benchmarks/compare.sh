#!/usr/bin/env bash
# Runs the same fan-out load against vigil, nginx+nchan and Mosquitto, back to back on this
# machine, and prints the table with each figure's ratio to the best peer. Extra arguments go to
# `vigil bench compare` (e.g. --subscribers 2000 --seconds 20 --json results.json).
# On a machine with cores to spare, SERVER_CPUS and LOADGEN_CPUS (taskset CPU lists) keep the
# servers and the load generator apart, e.g. SERVER_CPUS=0-1 LOADGEN_CPUS=2-3.
# With VIGIL_DATABASE_URL=postgres://USER@HOST:PORT/DATABASE (an empty database) the hub keeps its
# store there, and the benchmark makes its sites and tokens there, instead of a SQLite file.
# Usage: Benchmarks/compare.sh [options]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VIGIL="${VIGIL:-$ROOT/.build/release/vigil}"
BENCH="${BENCH:-$ROOT/.build/release/vigil}"
[ -x "$BENCH" ] || (cd "$ROOT" && swift build -c release --product vigil)
DIR="$(mktemp -d)"
trap '"$ROOT/Benchmarks/stop.sh" "$DIR"; rm -rf "$DIR"' EXIT
VIGIL="$VIGIL" "$ROOT/Benchmarks/servers.sh" "$DIR"
ulimit -n "$(ulimit -Hn)"
PIN=()
if [ -n "${LOADGEN_CPUS:-}" ]; then PIN=(taskset -c "$LOADGEN_CPUS"); fi
"${PIN[@]}" "$BENCH" bench compare --ca "$DIR/certs/vigil-dev-ca.pem" --data-dir "$DIR/vigil-data" \
    --vigil-pid "$(cat "$DIR/vigil.pid")" --nchan-pid "$(cat "$DIR/nchan.pid")" --mosquitto-pid "$(cat "$DIR/mosquitto.pid")" "$@"
