#!/usr/bin/env bash
# Tests what a change touches: the test files changed since a base, and every test file that
# imports a changed file, in every suite but the browser journeys (the API suites on both
# databases, the unit suites and the admin's tests). The base defaults to main when on another
# branch, and to the uncommitted changes on main. A change to package.json or the vitest config
# runs everything. `npm run test:journeys -- e2e/<name>.test.ts` runs a journey on demand.
# Usage: npm run test:changed [-- <base>]
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-}"
if [ -z "$base" ] && [ "$(git rev-parse --abbrev-ref HEAD)" != main ] && git rev-parse -q --verify main >/dev/null; then
  base=main
fi
bash scripts/ensure-postgres.sh
if [ -n "$base" ]; then
  exec npx vitest run --project '!e2e' --passWithNoTests --changed "$base"
fi
exec npx vitest run --project '!e2e' --passWithNoTests --changed
