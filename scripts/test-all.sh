#!/usr/bin/env bash
# Runs every test: the type check, the linter, contract rules, the API suite on PGlite and on
# PostgreSQL, the admin app's unit tests and the browser journeys. Installs what is missing
# first, so it works on a fresh clone. The last line reads "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/ensure-postgres.sh
bash scripts/ensure-browser.sh

echo "Type-checking…"
npm run --silent typecheck
echo "Linting…"
npm run --silent lint
echo "Building the admin app…"
npm run --silent build -w @storecast/web >/dev/null
echo "Building the storefront script…"
npm run --silent build -w @storecast/storefront >/dev/null

# The browser journeys run one file at a time in a vitest of their own, beside everything else:
# they spend most of their time waiting on Chromium and the app, which leaves room on the other
# core for the API and unit suites (which take vitest's default, one file fewer than the cores:
# two files at once beside the journeys overload two cores, and journeys then time out). The
# journeys' output follows the rest's once both are done.
e2e_log=$(mktemp)
e2e_report=$(mktemp)
rest_report=$(mktemp)
trap 'rm -f "$e2e_log" "$e2e_report" "$rest_report"' EXIT
status=0
npx vitest run --project e2e --passWithNoTests --reporter=default --reporter=json --outputFile.json="$e2e_report" "$@" >"$e2e_log" 2>&1 &
e2e_pid=$!
npx vitest run --project '!e2e' --passWithNoTests --reporter=default --reporter=json --outputFile.json="$rest_report" "$@" || status=$?
wait "$e2e_pid" || status=$?
echo "Browser journeys:"
cat "$e2e_log"
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
