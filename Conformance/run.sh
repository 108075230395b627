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

source Conformance/hub.sh
prepare kosoku socat curl
report="${REPORT_DIR:-$work/report}"

hub_port="$(free_port)"
mkdir -p "$work/public"
# Messages of up to 192 KiB: the compression cases (12.*, 13.*) echo messages of 131,072
# characters (up to 131,099 bytes of UTF-8); the cases over it (9.1.2 on, 256 KiB and more) are
# refused with 1009 (check_report.py). Pings every 10 minutes: the compression cases end as soon
# as a ping arrives (the suite's Case.onPing closes when no events are expected), and under load
# some take longer than the hub's usual 30 s.
start_hub "$hub_port" --data-dir "$work/data" --public-dir "$work/public" --log-level error --conformance-echo \
    --max-message-bytes 196608 --ping-interval 600

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
hub_still_up "$hub_port"
python3 Conformance/check_report.py "$report" "$EXPECTED_CASES"
