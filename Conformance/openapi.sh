#!/usr/bin/env bash
# HTTP API conformance: Schemathesis (PyPI) reads the OpenAPI document the hub serves
# (/api/openapi.json, from docs/openapi.yaml), generates requests for every operation (examples,
# boundary and invalid values, then random ones) and sends them to a live hub, once with an admin
# token, once with an operator token and once with none. It fails on any 5xx and on any answer
# whose status, content type or body the document does not give for that operation.
#
#   Conformance/openapi.sh               # needs: schemathesis (pip install schemathesis==4.32.5), curl, python3
#   MAX_EXAMPLES=200 Conformance/openapi.sh   # more random requests per operation (default 25)
#   STATEFUL_SECONDS=300 Conformance/openapi.sh   # longer sequences of requests (default 40 s a token)
#   REPORT_DIR=out Conformance/openapi.sh     # keep the JUnit reports
set -euo pipefail
cd "$(dirname "$0")/.."

MAX_EXAMPLES="${MAX_EXAMPLES:-25}"
STATEFUL_SECONDS="${STATEFUL_SECONDS:-40}"
# Fixed so that a failure in CI can be reproduced; SEED=N draws other requests.
SEED="${SEED:-2026}"

source Conformance/hub.sh
prepare schemathesis curl python3
report="$(realpath -m "${REPORT_DIR:-$work/report}")"

# A scratch database with two sites, and the two tokens the run uses (the secret is the last line).
data=(--data-dir "$work/data")
"$vigil" site create hq "${data[@]}" >/dev/null
"$vigil" site create depot "${data[@]}" >/dev/null
admin="$("$vigil" token create --role admin --all-sites --name admin "${data[@]}" | tail -n 1)"
operator="$("$vigil" token create --role operator --site hq --name op1 "${data[@]}" | tail -n 1)"

port="$(free_port)"
start_hub "$port" --legacy-http-port "$(free_port)" "${data[@]}" --public-dir public --api-document docs/openapi.yaml --log-level error
base="https://localhost:$port"

mkdir -p "$report"
# check NAME TOKEN [options...]: one Schemathesis run with TOKEN as the bearer (none when empty);
# its log in $work/NAME.log.
# One worker: with two, CPython 3.11.7 may fail its own AST checks while Hypothesis describes
# strategies in parallel threads ("AST constructor recursion depth mismatch").
status=0
check() {
    local name="$1" bearer=()
    [ -z "$2" ] || bearer=(-H "Authorization: Bearer $2")
    shift 2
    local started
    started=$(date +%s)
    # From the scratch directory: Schemathesis keeps a cache where it runs.
    (cd "$work" && schemathesis run "$base/api/openapi.json" --tls-verify "$ca" "${bearer[@]}" \
        --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
        --max-examples "$MAX_EXAMPLES" --seed "$SEED" --workers 1 \
        --request-timeout 10 --suppress-health-check all --output-truncate true \
        --report junit --report-junit-path "$report/$name.xml" "$@") >"$work/$name.log" 2>&1 || status=1
    echo "openapi: $name: schemathesis ran for $(( $(date +%s) - started )) s"
    sed -n '/^=* SUMMARY =*$/,$p' "$work/$name.log"
    [ "$status" = 0 ] || sed -n '/^=* FAILURES =*$/,/^=* SUMMARY =*$/p' "$work/$name.log"
}
# /ws is left out: a WebSocket upgrade is no request Schemathesis makes (the WebSocket has its own
# run, Conformance/run.sh). Each token runs the document's examples, the coverage phase (boundary
# and invalid values) and random requests, then sequences that feed what one answer gives (a
# site, a token, a region) to the next operation, for STATEFUL_SECONDS. Revoking a token is
# checked last, alone: the admin may revoke any token, its own included, which would leave the
# other operations nothing but 401 to answer.
for role in admin operator; do
    exclude=(--exclude-path /ws --exclude-path '/api/tokens/{token}/revoke')
    check "$role" "${!role}" --phases examples,coverage,fuzzing "${exclude[@]}"
    check "$role-stateful" "${!role}" --phases stateful --max-time "$STATEFUL_SECONDS" "${exclude[@]}"
done
for role in operator admin; do
    check "$role-revoke" "${!role}" --phases examples,coverage,fuzzing --include-path '/api/tokens/{token}/revoke'
done
# And without a token: 401 where one is needed, the open routes within the per-address rate (429).
check anonymous "" --phases examples,coverage,fuzzing --exclude-path /ws
hub_still_up "$port"
exit "$status"
