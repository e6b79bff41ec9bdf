# Sourced by scripts/e2e and scripts/measure-web, from the workspace root.
#
#   serve_web_build [--no-build]
#
# Builds the release web app (scripts/build-web; not with --no-build), serves it with
# tools/serve.mjs on a free port in the background, stopped when the calling script exits,
# waits until it answers and exports its address as ISHI_URL.

serve_web_build() {
    local build=1 public=target/dx/ishi/release/web/public
    case "${1:-}" in
        --no-build) build= ;;
        "") ;;
        *)
            echo "usage: $0 [--no-build]" >&2
            exit 2
            ;;
    esac

    scripts/setup web browser
    if [ -n "$build" ]; then
        scripts/build-web
    fi
    if [ ! -f "$public/index.html" ]; then
        echo "serve: no web build in $public (run scripts/build-web)" >&2
        exit 1
    fi

    ishi_server_log=$(mktemp)
    node tools/serve.mjs "$public" 0 >"$ishi_server_log" 2>&1 &
    ishi_server_pid=$!
    trap 'kill "$ishi_server_pid" 2>/dev/null || true; rm -f "$ishi_server_log"' EXIT

    local tries
    ISHI_URL=
    for tries in $(seq 100); do
        ISHI_URL=$(grep -o 'http://[^ ]*/' "$ishi_server_log" || true)
        [ -z "$ISHI_URL" ] && kill -0 "$ishi_server_pid" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$ISHI_URL" ] ||
        ! node -e 'fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$ISHI_URL"; then
        echo "serve: $public is not being served${ISHI_URL:+ at $ISHI_URL}; tools/serve.mjs said:" >&2
        cat "$ishi_server_log" >&2
        exit 1
    fi
    export ISHI_URL
    echo "serve: $public at $ISHI_URL"
}
