#!/usr/bin/env bash
# `npm run bench`: every benchmark under bench/, one after the other (they share two cores, so
# never in parallel). Each prints its own figures and ratios; none of them fails on a figure.
# `npm run bench -- ledger` runs only the benchmarks whose file name contains "ledger".
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-}"
# The initial-JavaScript benchmark reads the built client and starts the compiled server.
[ -d dist ] || npx vite build --logLevel warn
npm run --silent build:server
for bench in bench/*.bench.ts; do
  [[ -z "$filter" || "$bench" == *"$filter"* ]] || continue
  echo "==> $bench"
  npx tsx "$bench"
  echo
done
