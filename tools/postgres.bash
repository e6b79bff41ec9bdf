# Sourced by scripts that need PostgreSQL (scripts/test-server), from the workspace root.
#
#   start_postgres
#
# Starts a private PostgreSQL cluster (made with initdb on first use, under
# target/postgres/) on a free loopback port, stopped when the calling script exits; makes an
# empty database `ishi_test` and exports its URL as ISHI_TEST_POSTGRES. Nothing listens
# beyond 127.0.0.1. PostgreSQL refuses to run as root: as root, the cluster belongs to the
# postgres user, and when that user cannot reach target/ (a checkout in a private folder)
# it lives in a fresh folder under /tmp instead, deleted at exit.

start_postgres() {
    local bin dir port run_as=()
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        echo "postgres: not installed (scripts/setup postgres)" >&2
        exit 1
    fi
    dir="$PWD/target/postgres"
    mkdir -p "$dir"
    postgres_cleanup=
    if [ "$(id -u)" -eq 0 ]; then
        run_as=(runuser -u postgres --)
        chown postgres "$dir"
        if ! (cd / && runuser -u postgres -- test -w "$dir"); then
            dir=$(mktemp -d /tmp/ishi-postgres-XXXXXX)
            chown postgres "$dir"
            postgres_cleanup="$dir"
            echo "postgres: the postgres user cannot reach target/; the cluster is in $dir"
        fi
    fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        (cd / && "${run_as[@]}" "$bin/initdb" -D "$dir/data" -A trust -U ishi --no-sync) >"$dir/initdb.log" 2>&1 || {
            cat "$dir/initdb.log" >&2
            exit 1
        }
    fi
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    (cd / && "${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c max_connections=200" start) >/dev/null || {
        cat "$dir/server.log" >&2
        exit 1
    }
    postgres_stop="${run_as[*]} $bin/pg_ctl -D $dir/data -m fast stop"
    trap '(cd / && $postgres_stop >/dev/null 2>&1) || true; [ -z "$postgres_cleanup" ] || rm -rf "$postgres_cleanup"' EXIT
    "$bin/dropdb" -h 127.0.0.1 -p "$port" -U ishi --if-exists ishi_test
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U ishi ishi_test
    export ISHI_TEST_POSTGRES="postgres://ishi@127.0.0.1:$port/ishi_test"
    echo "postgres: $ISHI_TEST_POSTGRES"
}
