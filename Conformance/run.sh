#!/usr/bin/env bash
# WebSocket conformance: runs every Autobahn TestSuite case (driven by kosoku) against the hub's
# test-only echo endpoint, served by the real TLS listener with the hub's WebSocket configuration.
# kosoku speaks only plain ws://, so socat relays each connection into TLS on loopback (with
# TCP_NODELAY on both legs: without it the relay's own Nagle delay turns each small round trip
# into 40 ms and the 1000-message latency cases 9.7/9.8 time out).
# Exits non-zero on any case that Conformance/check_report.py does not accept.
#
#   Conformance/run.sh            # needs: kosoku (pip install kosoku), socat, curl
#   REPORT_DIR=out Conformance/run.sh   # keep the HTML/JSON report somewhere
set -euo pipefail
cd "$(dirname "$0")/.."

# The number of cases in the pinned kosoku release; a run reporting fewer fails.
EXPECTED_CASES=517
PARALLELISM="${PARALLELISM:-4}"

for tool in kosoku socat curl; do
    command -v "$tool" >/dev/null || { echo "conformance: $tool is required" >&2; exit 2; }
done

swift build --product vigil
vigil="$(swift build --show-bin-path)/vigil"
work="$(mktemp -d)"
report="${REPORT_DIR:-$work/report}"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

hub_port="$(free_port)"
mkdir -p "$work/public"
"$vigil" serve --port "$hub_port" --data-dir "$work/data" --cert-dir "$work/certs" --public-dir "$work/public" \
    --log-level error --conformance-echo >"$work/hub.log" 2>&1 &
pids+=($!)
ca="$work/certs/vigil-dev-ca.pem"
for _ in $(seq 1 300); do
    if [ -f "$ca" ] && curl -sf --cacert "$ca" "https://localhost:$hub_port/healthz" >/dev/null; then break; fi
    sleep 0.1
done
curl -sf --cacert "$ca" "https://localhost:$hub_port/healthz" >/dev/null || { echo "conformance: the hub did not start" >&2; cat "$work/hub.log" >&2; exit 1; }

relay_port="$(free_port)"
socat "TCP-LISTEN:$relay_port,bind=127.0.0.1,reuseaddr,fork,nodelay" \
    "OPENSSL:localhost:$hub_port,cafile=$ca,verify=1,commonname=localhost,nodelay" 2>"$work/relay.log" &
pids+=($!)
for _ in $(seq 1 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$relay_port") 2>/dev/null && break
    sleep 0.1
done

started=$(date +%s)
# kosoku exits non-zero whenever a case is not OK/NON-STRICT/INFORMATIONAL, which includes the
# expected refusals; the verdict is check_report.py's.
kosoku "ws://127.0.0.1:$relay_port/conformance/echo" --parallelism "$PARALLELISM" --outdir "$report" \
    >"$work/kosoku.log" 2>&1 || true
echo "conformance: kosoku ran for $(( $(date +%s) - started )) s"
tail -n 3 "$work/kosoku.log"
if ! curl -sf --cacert "$ca" "https://localhost:$hub_port/healthz" >/dev/null; then
    echo "conformance: the hub is no longer up after the run" >&2
    cat "$work/hub.log" >&2
    exit 1
fi
python3 Conformance/check_report.py "$report" "$EXPECTED_CASES"
