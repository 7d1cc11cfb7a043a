#!/usr/bin/env bash
# `npm test`: every test of the platform in one run — import boundaries, types, unit, component
# (jsdom), server against SQLite and against a throwaway PostgreSQL, and end to end in real headless
# Chromium against the built client and a real server. Extra arguments go to vitest (e.g. --project unit).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/system-packages.sh
source scripts/lib/system-packages.sh
# shellcheck source=lib/throwaway-postgres.sh
source scripts/lib/throwaway-postgres.sh
# shellcheck source=lib/throwaway-redis.sh
source scripts/lib/throwaway-redis.sh

if [ ! -d node_modules ]; then
  echo "==> Installing npm dependencies"
  npm ci --no-audit --no-fund
fi
ensure_system_packages

trap 'stop_throwaway_postgres; stop_throwaway_redis' EXIT
start_throwaway_postgres
start_throwaway_redis

# The type check is one process on one core: it runs beside the boundary check and the client
# build instead of before them. The end-to-end project's global setup compiles the server itself
# (a second or two), so no run ever tests a stale dist-server/.
phase_started=$SECONDS
type_check_log=$(mktemp)
echo "==> Type check (beside the next two steps)"
npx tsc --noEmit -p tsconfig.json >"$type_check_log" 2>&1 &
type_check=$!

echo "==> Import boundaries (DESIGN.md §2, .dependency-cruiser.cjs)"
npm run --silent lint:boundaries
echo "    boundaries check took $((SECONDS - phase_started)) s"

echo "==> Building the client for the end-to-end tests"
npx vite build --logLevel warn

if ! wait "$type_check"; then
  cat "$type_check_log"
  echo "!! The type check failed (above)." >&2
  exit 1
fi
rm -f "$type_check_log"
echo "    type check, boundaries and client build took $((SECONDS - phase_started)) s"

# Each project's own time is printed at the end by tests/support/project-times-reporter.ts.
phase_started=$SECONDS
echo "==> Tests"
npx vitest run "$@"
echo "    tests took $((SECONDS - phase_started)) s; the whole npm test $SECONDS s"
