#!/usr/bin/env bash
# Runs one module's tests: a server module's suites on PGlite and on PostgreSQL, the admin
# feature of the same name, and the package of that name. Browser journeys are not included;
# `npm run test:journeys -- e2e/<name>.test.ts` runs those.
# Usage: npm run test:module -- <name>      e.g. delivery, billing, segment-send, contract
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:?name a module: a folder of apps/server/src/modules, apps/web/src/features or packages}"
paths=()
for dir in "apps/server/src/modules/$name" "apps/server/src/$name" "apps/web/src/features/$name" "packages/$name" "apps/$name"; do
  [ -d "$dir" ] && paths+=("$dir/")
done
if [ ${#paths[@]} -eq 0 ]; then
  echo "No module named \"$name\" under apps/server/src/modules, apps/web/src/features or packages." >&2
  exit 1
fi
bash scripts/ensure-postgres.sh
echo "Testing ${paths[*]}"
exec npx vitest run --project '!e2e' --passWithNoTests "${paths[@]}"
