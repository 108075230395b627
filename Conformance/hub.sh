# What the conformance scripts share, sourced by them from the repository's root: `prepare` checks
# the tools a script needs, builds `vigil` ($vigil) and makes a scratch directory ($work) removed on
# exit with every process started ($pids); then free loopback ports, and a hub started on one and
# waited for.

# prepare TOOL...: fails (exit 2) when a tool is missing.
prepare() {
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "$(basename "$0"): $tool is required" >&2; exit 2; }
    done
    swift build --product vigil
    vigil="$(swift build --show-bin-path)/vigil"
    work="$(mktemp -d)"
    pids=()
    trap cleanup EXIT
}

cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_hub PORT [serve options...]: `vigil serve` on PORT with a development certificate made in
# $work/certs ($ca, its CA), logging to $work/hub.log; returns once it answers /healthz.
start_hub() {
    local port="$1"
    shift
    "$vigil" serve --port "$port" --cert-dir "$work/certs" "$@" >"$work/hub.log" 2>&1 &
    pids+=($!)
    ca="$work/certs/vigil-dev-ca.pem"
    for _ in $(seq 1 300); do
        if [ -f "$ca" ] && hub_is_up "$port"; then return 0; fi
        sleep 0.1
    done
    hub_is_up "$port" || { echo "$(basename "$0"): the hub did not start" >&2; cat "$work/hub.log" >&2; exit 1; }
}

hub_is_up() {
    curl -sf --cacert "$ca" "https://localhost:$1/healthz" >/dev/null
}

# hub_still_up PORT: fails the script, with the hub's log, when the hub no longer answers.
hub_still_up() {
    if ! hub_is_up "$1"; then
        echo "$(basename "$0"): the hub is no longer up after the run" >&2
        cat "$work/hub.log" >&2
        exit 1
    fi
}
