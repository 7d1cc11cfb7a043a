# The PostgreSQL of the server-postgres, multi-process and scale tests, exported as TEST_DATABASE_URL:
# the one the caller names there, else the machine's on 127.0.0.1:5432 when it answers and allows
# the connections a run opens at once (every file works in databases of its own and drops them),
# else a throwaway cluster in a temporary folder on a free loopback port, which
# stop_throwaway_postgres removes again. If none can be had, the run stops loudly: the PostgreSQL
# half of the suite is never skipped.
# shellcheck shell=bash

PG_DIR=""
PG_BIN=""
# Two server files at a time, each with its pools, its apps' pools and the ledger writer's.
PG_CONNECTIONS_NEEDED=200

run_as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_throwaway_postgres() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    echo "==> PostgreSQL of TEST_DATABASE_URL"
    return 0
  fi
  local machine="postgres://postgres@127.0.0.1:5432/postgres" allowed
  if allowed=$(psql "$machine" -Atc "show max_connections" 2>/dev/null); then
    if [ "$allowed" -ge "$PG_CONNECTIONS_NEEDED" ]; then
      export TEST_DATABASE_URL="$machine"
      echo "==> The machine's PostgreSQL on 127.0.0.1:5432 (each file in databases of its own)"
      return 0
    fi
    echo "==> The machine's PostgreSQL allows $allowed connections, a run needs $PG_CONNECTIONS_NEEDED: a throwaway cluster instead"
  fi
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
      -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=$PG_CONNECTIONS_NEEDED" start >/dev/null; then
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
