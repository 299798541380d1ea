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

report=$(mktemp)
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$report" || true
rm -f "$report"
exit $status
