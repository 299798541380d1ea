#!/usr/bin/env bash
# Tests what a change touches (scripts/changed/select-tests.ts says how it is chosen): in every
# suite but the browser journeys, on both databases. The base defaults to main when on another
# branch, and to the uncommitted changes on main; a change to package.json, the vitest config or
# a migration runs everything. `npm run test:journeys -- e2e/<name>.test.ts` runs a journey.
# Usage: npm run test:changed [-- <base>]
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-}"
if [ -z "$base" ] && [ "$(git rev-parse --abbrev-ref HEAD)" != main ] && git rev-parse -q --verify main >/dev/null; then
  base=main
fi
mapfile -t files < <(npx tsx scripts/changed/select-changed-tests.ts $base)
if [ ${#files[@]} -eq 0 ]; then
  echo "No test imports what changed."
  exit 0
fi
bash scripts/ensure-postgres.sh
if [ "${files[0]}" = --all ]; then
  echo "The test configuration or a dependency changed: running every suite."
  exec npx vitest run --project '!e2e'
fi
echo "Testing ${#files[@]} files that touch the change."
exec npx vitest run --project '!e2e' "${files[@]}"
