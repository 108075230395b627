#!/usr/bin/env bash
# Starts the three servers the benchmarks compare, on loopback, with configs generated in DIR:
#   vigil (release build) on 8443, nginx + nchan on 8444, Mosquitto (WebSockets listener) on 8445.
# All three speak TLS with the certificate vigil makes for localhost, so the load is the same.
# Installs nginx, libnginx-mod-nchan and mosquitto from Debian when they are missing.
# With SERVER_CPUS (a taskset CPU list, e.g. 0-1) every server runs on those CPUs only, so that a
# load generator on the others (compare.sh's LOADGEN_CPUS) does not take their time.
# Usage: Benchmarks/servers.sh DIR     (stop them with Benchmarks/stop.sh DIR)
set -euo pipefail
DIR="$(mkdir -p "$1" && cd "$1" && pwd)"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VIGIL="${VIGIL:-$ROOT/.build/release/vigil}"

if ! command -v nginx >/dev/null || [ ! -e /usr/lib/nginx/modules/ngx_nchan_module.so ] || ! command -v mosquitto >/dev/null; then
    apt-get update
    apt-get install -y nginx-light libnginx-mod-nchan mosquitto
fi
[ -x "$VIGIL" ] || (cd "$ROOT" && swift build -c release --product vigil)

# Every connection is a file descriptor (root may raise the hard limit too).
ulimit -Hn 1048576 2>/dev/null || true
ulimit -n "$(ulimit -Hn)"
NOFILE="$(ulimit -n)"
PIN=()
if [ -n "${SERVER_CPUS:-}" ]; then PIN=(taskset -c "$SERVER_CPUS"); fi

for port in 8443 8444 8445; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "port $port is already in use; stop what listens there first" >&2
        exit 1
    fi
done

wait_port() {
    for _ in $(seq 1 100); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "nothing listens on port $1; see $DIR/*.log" >&2
    exit 1
}

# vigil: a fresh data directory; its first start makes the development CA and certificate. Its
# store is a SQLite file there, or the PostgreSQL database VIGIL_DATABASE_URL names when set.
# The per-connection request limit (200/s by default) is raised: the other two have none.
mkdir -p "$DIR/vigil-data" "$DIR/certs" "$DIR/public"
"${PIN[@]}" "$VIGIL" serve --port 8443 --data-dir "$DIR/vigil-data" --cert-dir "$DIR/certs" --public-dir "$DIR/public" \
    --messages-per-second 1000000 --log-level warning >"$DIR/vigil.log" 2>&1 &
echo $! >"$DIR/vigil.pid"
wait_port 8443

# nginx with nchan: 2 workers (one per core), subscribers on /sub/{channel}, publishers on /pubsub/{channel}.
cat >"$DIR/nginx.conf" <<CONF
load_module /usr/lib/nginx/modules/ngx_nchan_module.so;
daemon off;
worker_processes 2;
worker_rlimit_nofile $NOFILE;
pid $DIR/nginx.pid;
error_log $DIR/nginx-error.log warn;
events { worker_connections 100000; }
http {
    access_log off;
    client_body_temp_path $DIR/nginx-tmp;
    server {
        listen 127.0.0.1:8444 ssl;
        ssl_certificate $DIR/certs/vigil-dev-server.pem;
        ssl_certificate_key $DIR/certs/vigil-dev-server-key.pem;
        location ~ ^/sub/([A-Za-z0-9_-]+)$ {
            nchan_subscriber websocket;
            nchan_channel_id \$1;
            # A new subscriber gets what is published from now on (the default replays the buffer).
            nchan_subscriber_first_message newest;
        }
        location ~ ^/pubsub/([A-Za-z0-9_-]+)$ {
            nchan_pubsub websocket;
            nchan_channel_id \$1;
            nchan_subscriber_first_message newest;
        }
    }
}
CONF
mkdir -p "$DIR/nginx-tmp"
"${PIN[@]}" nginx -p "$DIR" -c "$DIR/nginx.conf" >"$DIR/nginx.log" 2>&1 &
echo $! >"$DIR/nchan.pid"
wait_port 8444

# Mosquitto: MQTT over WebSockets with TLS, anonymous, nothing persisted. Mosquitto 2.0 does not
# start with a WebSockets listener alone, and its libwebsockets listener binds every interface,
# not an address: a plain MQTT listener on loopback comes first.
cat >"$DIR/mosquitto.conf" <<CONF
listener 18845 127.0.0.1
listener 8445
protocol websockets
socket_domain ipv4
certfile $DIR/certs/vigil-dev-server.pem
keyfile $DIR/certs/vigil-dev-server-key.pem
allow_anonymous true
# Stay the user that started it: it reads the key and writes its log in DIR.
user $(id -un)
persistence false
max_queued_messages 100000
log_dest file $DIR/mosquitto-broker.log
CONF
"${PIN[@]}" mosquitto -c "$DIR/mosquitto.conf" >"$DIR/mosquitto.log" 2>&1 &
echo $! >"$DIR/mosquitto.pid"
wait_port 8445
echo "servers up in $DIR: vigil $(cat "$DIR/vigil.pid"), nchan $(cat "$DIR/nchan.pid"), mosquitto $(cat "$DIR/mosquitto.pid")"
