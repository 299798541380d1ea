#!/usr/bin/env bash
# Runs every test: the type check and the linter, contract rules, the API suite on PGlite and on
# PostgreSQL, the admin app's unit tests and the browser journeys. Installs what is missing
# first, so it works on a fresh clone. The last line reads "N passed, N failed".
#
# Two lanes share the machine's two cores. The first checks types, then runs the suites; the
# second builds the admin app and the storefront script, runs the browser journeys (which keep
# Chromium and the app busy on the other core), then the linter, the lane's work being lighter. Each suite prints its time
# per project at its end (scripts/project-times-reporter.ts); the journeys' output follows the
# rest's once both lanes are done.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/ensure-postgres.sh
bash scripts/ensure-browser.sh

e2e_log=$(mktemp)
e2e_report=$(mktemp)
rest_report=$(mktemp)
trap 'rm -f "$e2e_log" "$e2e_report" "$rest_report"' EXIT
started=$SECONDS
took() { echo "$1 took $((SECONDS - $2)) s."; }

journeys() {
  local t=$SECONDS
  npm run --silent build -w @storecast/web >/dev/null
  npm run --silent build -w @storecast/storefront >/dev/null
  took "Building the admin app and the storefront script" "$t"
  local status=0
  npx vitest run --project e2e --passWithNoTests --reporter=default --reporter=json --outputFile.json="$e2e_report" \
    --reporter=./scripts/project-times-reporter.ts "$@" || status=$?
  t=$SECONDS
  echo "Linting…"
  npm run --silent lint || status=$?
  took "The linter" "$t"
  return $status
}

status=0
journeys "$@" >"$e2e_log" 2>&1 &
e2e_pid=$!

t=$SECONDS
echo "Type-checking…"
npm run --silent typecheck || status=$?
took "The type check" "$t"
npx vitest run --project '!e2e' --passWithNoTests --reporter=default --reporter=json --outputFile.json="$rest_report" \
  --reporter=./scripts/project-times-reporter.ts "$@" || status=$?
took "The suites (from the start)" "$started"
wait "$e2e_pid" || status=$?
echo "Browser journeys and the linter:"
cat "$e2e_log"
took "Everything" "$started"
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0, skipped = 0;
  for (const [name, file] of [["the suites", process.argv[1]], ["the browser journeys", process.argv[2]]]) {
    const r = fs.statSync(file).size ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
    if (!r) { failed += 1; console.log(`No report from ${name}: that run did not finish.`); continue; }
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$rest_report" "$e2e_report" || true
exit $status
