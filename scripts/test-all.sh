#!/usr/bin/env bash
# Runs every test: the type check and the linter, contract rules, the API suite on PGlite and on
# PostgreSQL, the admin app's unit tests and the browser journeys. Installs what is missing
# first, so it works on a fresh clone. The last line reads "N passed, N failed".
#
# Two lanes share the machine's two cores, each about as long as the other. The first runs the
# API suites, one file at a time: they keep a core busy. The second builds the admin app and the
# storefront script, runs the browser journeys two files at a time (they wait on the browser and
# the app more than they compute: one at a time used under half a core), checks types, lints,
# then runs the lighter projects. Every vitest project is in one lane; scripts/test-lanes.test.ts
# keeps it so. Each run prints its time per project (scripts/project-times-reporter.ts); the
# second lane's output follows the first's once both are done.
set -euo pipefail
cd "$(dirname "$0")/.."

SUITE_PROJECTS=(server-pglite server-postgres)
LIGHT_PROJECTS=(contract popup-view storefront scripts web)

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/ensure-postgres.sh
bash scripts/ensure-browser.sh

second_log=$(mktemp)
suite_report=$(mktemp)
e2e_report=$(mktemp)
light_report=$(mktemp)
trap 'rm -f "$second_log" "$suite_report" "$e2e_report" "$light_report"' EXIT
started=$SECONDS
took() { echo "$1 took $((SECONDS - $2)) s."; }

# One vitest run of the named projects, its JSON report written to $1.
run_projects() {
  local report=$1; shift
  local projects=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do projects+=(--project "$1"); shift; done
  [ $# -gt 0 ] && shift
  npx vitest run "${projects[@]}" --passWithNoTests --reporter=default --reporter=json --outputFile.json="$report" \
    --reporter=./scripts/project-times-reporter.ts "$@"
}

second_lane() {
  local t=$SECONDS status=0
  npm run --silent build -w @storecast/web >/dev/null
  npm run --silent build -w @storecast/storefront >/dev/null
  took "Building the admin app and the storefront script" "$t"
  run_projects "$e2e_report" e2e -- "$@" || status=$?
  t=$SECONDS
  echo "Type-checking…"
  npm run --silent typecheck || status=$?
  took "The type check" "$t"
  t=$SECONDS
  echo "Linting…"
  npm run --silent lint || status=$?
  took "The linter" "$t"
  run_projects "$light_report" "${LIGHT_PROJECTS[@]}" -- "$@" || status=$?
  took "The second lane" "$started"
  return $status
}

status=0
second_lane "$@" >"$second_log" 2>&1 &
second_pid=$!

run_projects "$suite_report" "${SUITE_PROJECTS[@]}" -- "$@" || status=$?
took "The API suites (from the start)" "$started"
wait "$second_pid" || status=$?
echo "Browser journeys, the type check, the linter and the lighter projects:"
cat "$second_log"
took "Everything" "$started"
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0, skipped = 0;
  const names = ["the API suites", "the browser journeys", "the lighter projects"];
  for (const [i, file] of process.argv.slice(1).entries()) {
    const r = fs.statSync(file).size ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
    if (!r) { failed += 1; console.log(`No report from ${names[i]}: that run did not finish.`); continue; }
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$suite_report" "$e2e_report" "$light_report" || true
exit $status
