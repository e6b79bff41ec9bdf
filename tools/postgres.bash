# Sourced by scripts that need PostgreSQL (scripts/test-server), from the workspace root.
#
#   start_postgres
#
# Starts a private PostgreSQL cluster (made with initdb on first use, under
# target/postgres/, owned by the postgres user when run as root) on a free loopback port,
# stopped when the calling script exits; makes an empty database `ishi_test` and exports
# its URL as ISHI_TEST_POSTGRES. Nothing listens beyond 127.0.0.1.

start_postgres() {
    local bin dir port run_as=()
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        echo "postgres: not installed (scripts/setup postgres)" >&2
        exit 1
    fi
    dir="$PWD/target/postgres"
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres "$dir"
        run_as=(runuser -u postgres --)
    fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        "${run_as[@]}" "$bin/initdb" -D "$dir/data" -A trust -U ishi --no-sync >"$dir/initdb.log" 2>&1 || {
            cat "$dir/initdb.log" >&2
            exit 1
        }
    fi
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c max_connections=200" start >/dev/null || {
        cat "$dir/server.log" >&2
        exit 1
    }
    postgres_stop="${run_as[*]} $bin/pg_ctl -D $dir/data -m fast stop"
    trap '$postgres_stop >/dev/null 2>&1 || true' EXIT
    "$bin/dropdb" -h 127.0.0.1 -p "$port" -U ishi --if-exists ishi_test
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U ishi ishi_test
    export ISHI_TEST_POSTGRES="postgres://ishi@127.0.0.1:$port/ishi_test"
    echo "postgres: $ISHI_TEST_POSTGRES"
}
