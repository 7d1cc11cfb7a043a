# Starts a throwaway PostgreSQL cluster in a temporary folder on a free loopback port and exports
# TEST_DATABASE_URL for the server-postgres tests; stop_throwaway_postgres removes it again.
# If it cannot start, the run stops loudly: the PostgreSQL half of the suite is never skipped.
# shellcheck shell=bash

PG_DIR=""
PG_BIN=""

run_as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_throwaway_postgres() {
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  PG_DIR=$(mktemp -d /tmp/evidence-pg.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
  local port
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  if ! run_as_postgres "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1; then
    cat "$PG_DIR/initdb.log" >&2
    echo "!! PostgreSQL could not be initialised (see above): the PostgreSQL tests cannot run." >&2
    exit 1
  fi
  # fsync stays on: the crash-safety promises are tested against real durability settings.
  if ! run_as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
      -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null; then
    cat "$PG_DIR/server.log" >&2
    echo "!! PostgreSQL could not be started (see above): the PostgreSQL tests cannot run." >&2
    exit 1
  fi
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "==> Throwaway PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($PG_DIR)"
}

stop_throwaway_postgres() {
  [ -n "$PG_DIR" ] || return 0
  run_as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
