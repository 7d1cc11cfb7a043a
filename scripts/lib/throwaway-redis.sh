# The Redis of the multi-process tests (issue 20), exported as TEST_REDIS_URL: the one the caller
# names in TEST_REDIS_URL, else the machine's on 127.0.0.1:6379 when it answers (every test works in
# a namespace of its own and deletes it, tests/multi-process/support/test-redis.ts), else a throwaway
# one on a free loopback port, nothing kept on disk, which stop_throwaway_redis stops again. If none
# can be had, the run stops loudly.
# shellcheck shell=bash

REDIS_DIR=""
REDIS_PORT=""

start_throwaway_redis() {
  if [ -n "${TEST_REDIS_URL:-}" ]; then
    echo "==> Redis of TEST_REDIS_URL"
    return 0
  fi
  if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    export TEST_REDIS_URL="redis://127.0.0.1:6379"
    echo "==> The machine's Redis on 127.0.0.1:6379 (each test in a namespace of its own)"
    return 0
  fi
  REDIS_DIR=$(mktemp -d /tmp/evidence-redis.XXXXXX)
  REDIS_PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  if ! redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no --dir "$REDIS_DIR" \
      --daemonize yes --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" >/dev/null; then
    echo "!! Redis could not be started: the multi-process tests cannot run." >&2
    exit 1
  fi
  for _ in $(seq 1 50); do
    redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    cat "$REDIS_DIR/redis.log" >&2
    echo "!! Redis did not answer (see above): the multi-process tests cannot run." >&2
    exit 1
  fi
  export TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
  echo "==> Throwaway Redis $(redis-server --version | awk '{print $3}' | cut -d= -f2) on 127.0.0.1:$REDIS_PORT ($REDIS_DIR)"
}

stop_throwaway_redis() {
  [ -n "$REDIS_DIR" ] || return 0
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  rm -rf "$REDIS_DIR"
}
