#!/usr/bin/env bash
# Builds the admin app and the storefront script, then runs the browser journeys (all, or the
# files named): what the full test command runs beside the other suites.
# Usage: npm run test:journeys [-- e2e/<name>.test.ts …]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-browser.sh
npm run --silent build -w @storecast/web >/dev/null
npm run --silent build -w @storecast/storefront >/dev/null
exec npx vitest run --project e2e "$@"
