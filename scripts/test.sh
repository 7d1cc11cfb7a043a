#!/usr/bin/env bash
# `npm test`: every test of the platform in one run — types, unit, component (jsdom), server
# against SQLite and against a throwaway PostgreSQL, and end to end in real headless Chromium
# against the built client and a real server. Extra arguments go to vitest (e.g. --project unit).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/system-packages.sh
source scripts/lib/system-packages.sh
# shellcheck source=lib/throwaway-postgres.sh
source scripts/lib/throwaway-postgres.sh

if [ ! -d node_modules ]; then
  echo "==> Installing npm dependencies"
  npm ci --no-audit --no-fund
fi
ensure_system_packages

trap stop_throwaway_postgres EXIT
start_throwaway_postgres

echo "==> Type check"
npx tsc --noEmit -p tsconfig.json

echo "==> Building the client for the end-to-end tests"
npx vite build --logLevel warn

echo "==> Tests"
npx vitest run "$@"
