#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: Debian's PostgreSQL 15 (`apt-get install
# postgresql-15`), a cluster made with initdb in a temporary directory, listening on a free
# loopback port, trusted for local connections only.
#
#   eval "$(Tests/postgres-server.sh start)"   # exports VIGIL_TEST_POSTGRES_URL, _DIR and _CA
#   swift test                                  # the PostgreSQL variants run too
#   Tests/postgres-server.sh stop "$VIGIL_TEST_POSTGRES_DIR"
#
# `restart DIRECTORY` restarts a server as an operator's `pg_ctl restart` does (fast mode: every
# session is ended), on the same port, for the tests of a store that goes away and comes back.
#
# The server also takes TLS, with a certificate for localhost and 127.0.0.1 from a CA of its own
# (VIGIL_TEST_POSTGRES_CA), for the tests of `?sslmode=`; the plain URL stays plain.
#
# initdb refuses to run as root: as root, the cluster belongs to the `postgres` user the Debian
# package makes.
set -euo pipefail

bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$bin/initdb" ] || { echo "no PostgreSQL server installed (apt-get install postgresql-15)" >&2; exit 1; }

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
start)
    directory="$(mktemp -d /tmp/vigil-postgres-XXXXXX)"
    [ "$(id -u)" = 0 ] && chown postgres: "$directory"
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    as_owner "$bin/initdb" --pgdata="$directory/data" --username=vigil --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$directory/initdb.log"
    tls="$directory/tls"
    as_owner mkdir "$tls"
    as_owner openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 7 -subj "/CN=Vigil test PostgreSQL CA" \
        -keyout "$tls/ca-key.pem" -out "$tls/ca.pem" 2>/dev/null
    as_owner openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=localhost" \
        -keyout "$tls/server-key.pem" -out "$tls/server.csr" 2>/dev/null
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' | as_owner tee "$tls/server.ext" >/dev/null
    as_owner openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca-key.pem" -CAcreateserial -days 7 \
        -extfile "$tls/server.ext" -out "$tls/server.pem" 2>/dev/null
    # Durable commits as the hub requires (fsync and synchronous_commit stay on); enough
    # connections for every test hub of a parallel run.
    as_owner "$bin/pg_ctl" --pgdata="$directory/data" --log="$directory/server.log" --wait \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$directory -c max_connections=1000 -c ssl=on -c ssl_cert_file=$tls/server.pem -c ssl_key_file=$tls/server-key.pem" start >/dev/null
    echo "export VIGIL_TEST_POSTGRES_URL=postgres://vigil@127.0.0.1:$port/postgres"
    echo "export VIGIL_TEST_POSTGRES_DIR=$directory"
    echo "export VIGIL_TEST_POSTGRES_CA=$tls/ca.pem"
    ;;
restart)
    directory="${2:?the directory start printed}"
    as_owner "$bin/pg_ctl" --pgdata="$directory/data" --log="$directory/server.log" --mode=fast --wait restart >/dev/null
    ;;
stop)
    directory="${2:?the directory start printed}"
    as_owner "$bin/pg_ctl" --pgdata="$directory/data" --mode=fast --wait stop >/dev/null
    rm -rf "$directory"
    ;;
*)
    echo "usage: $0 start | restart DIRECTORY | stop DIRECTORY" >&2
    exit 2
    ;;
esac
