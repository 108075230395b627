#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: Debian's PostgreSQL 15 (`apt-get install
# postgresql-15`), a cluster made with initdb in a temporary directory, listening on a free
# loopback port, trusted for local connections only.
#
#   eval "$(Tests/postgres-server.sh start)"   # exports VIGIL_TEST_POSTGRES_URL and VIGIL_TEST_POSTGRES_DIR
#   swift test                                  # the PostgreSQL variants run too
#   Tests/postgres-server.sh stop "$VIGIL_TEST_POSTGRES_DIR"
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
    # Durable commits as the hub requires (fsync and synchronous_commit stay on); enough
    # connections for every test hub of a parallel run.
    as_owner "$bin/pg_ctl" --pgdata="$directory/data" --log="$directory/server.log" --wait \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$directory -c max_connections=400" start >/dev/null
    echo "export VIGIL_TEST_POSTGRES_URL=postgres://vigil@127.0.0.1:$port/postgres"
    echo "export VIGIL_TEST_POSTGRES_DIR=$directory"
    ;;
stop)
    directory="${2:?the directory start printed}"
    as_owner "$bin/pg_ctl" --pgdata="$directory/data" --mode=fast --wait stop >/dev/null
    rm -rf "$directory"
    ;;
*)
    echo "usage: $0 start | stop DIRECTORY" >&2
    exit 2
    ;;
esac
