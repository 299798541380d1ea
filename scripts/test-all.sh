#!/usr/bin/env bash
# Runs every test: the type check and the linter, contract rules, the API suite on PGlite and on
# PostgreSQL, the admin app's unit tests and the browser journeys. Installs what is missing
# first, so it works on a fresh clone. The last line reads "N passed, N failed".
#
# The work is cut into jobs, and two runners share the machine's two cores, each taking the next
# job in the list as soon as it is free: whichever job runs long on a given day, the other runner
# takes up the rest, so neither waits with nothing to do while work is left. The journeys run two
# files at a time (they wait on the browser and the app more than they compute), the API suites
# one at a time. The API suite on PostgreSQL runs beside the journeys: alone it leaves a third of
# a core idle, waiting on the database, timers and paced platform calls. The PGlite suite, the
# lighter projects, the type check and the linter keep a core busy and come last, so the run
# does not end with one waiting job on an otherwise idle machine (with PostgreSQL last, the two
# runners ended 176 s apart in a 1,220 s run; in this order 93 s apart in 1,203 s, with one more
# journey file). Beside the journeys either API suite takes about three times as long as alone.
# Every vitest project is in one job; scripts/test-lanes.test.ts keeps it so. A job's output is
# printed when it ends; each vitest run prints its time per project
# (scripts/project-times-reporter.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

# Figures of a fresh-clone run on a 2-core machine, in seconds, in the order above.
JOBS=(
  journeys        # 900: builds the admin app and the storefront script, then the e2e project
  server-postgres # 915 beside the journeys, 310 alone
  server-pglite   # 680 beside the journeys, 306 beside the jobs below
  light           # 90: the projects below
  typecheck       # 60
  lint            # 50
)
LIGHT_PROJECTS=(contract popup-view storefront scripts web)
REPORTS=(server-pglite server-postgres journeys light)

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash scripts/ensure-postgres.sh
bash scripts/ensure-browser.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/queue" "$work/taken"
for i in "${!JOBS[@]}"; do touch "$work/queue/$(printf '%02d' "$i")-${JOBS[$i]}"; done
started=$SECONDS

# One vitest run of the named projects, its JSON report written to $1.
run_projects() {
  local report=$1; shift
  local projects=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do projects+=(--project "$1"); shift; done
  [ $# -gt 0 ] && shift
  npx vitest run "${projects[@]}" --passWithNoTests --reporter=default --reporter=json --outputFile.json="$report" \
    --reporter=./scripts/project-times-reporter.ts "$@"
}

run_job() {
  local job=$1; shift
  case $job in
    journeys)
      npm run --silent build -w @storecast/web >/dev/null &&
        npm run --silent build -w @storecast/storefront >/dev/null &&
        run_projects "$work/journeys.json" e2e -- "$@" ;;
    server-pglite) run_projects "$work/server-pglite.json" server-pglite -- "$@" ;;
    server-postgres) run_projects "$work/server-postgres.json" server-postgres -- "$@" ;;
    light) run_projects "$work/light.json" "${LIGHT_PROJECTS[@]}" -- "$@" ;;
    typecheck) npm run --silent typecheck ;;
    lint) npm run --silent lint ;;
  esac
}

# The next job nobody has taken: renaming it is atomic, so one runner wins it.
take_job() {
  local f
  for f in $(ls "$work/queue"); do
    if mv "$work/queue/$f" "$work/taken/$f" 2>/dev/null; then echo "${f#*-}"; return 0; fi
  done
  return 1
}

runner() {
  local job t status
  while job=$(take_job); do
    t=$SECONDS status=0
    run_job "$job" "$@" >"$work/$job.log" 2>&1 || status=$?
    echo "$status" >"$work/$job.status"
    {
      flock 9
      echo "=== $job: $( [ "$status" = 0 ] && echo passed || echo "FAILED ($status)" ) in $((SECONDS - t)) s (ended $((SECONDS - started)) s from the start)"
      cat "$work/$job.log"
    } 9>"$work/print.lock"
  done
}

runner "$@" &
first=$!
runner "$@" &
second=$!
wait "$first" "$second" || true

status=0
for job in "${JOBS[@]}"; do
  s=$(cat "$work/$job.status" 2>/dev/null || echo 1)
  [ "$s" = 0 ] || { status=1; echo "The job $job failed."; }
done
echo "Everything took $((SECONDS - started)) s."
WORK="$work" node -e '
  const fs = require("fs");
  let passed = 0, failed = 0, skipped = 0;
  const failures = [];
  const firstLine = (text) => String(text ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n").find((l) => l.trim() && !l.includes("STACK_TRACE_ERROR"))?.trim().slice(0, 300) ?? "";
  for (const name of process.argv.slice(1)) {
    const file = `${process.env.WORK}/${name}.json`;
    const r = fs.existsSync(file) && fs.statSync(file).size ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
    if (!r) { failed += 1; console.log(`No report from ${name}: that run did not finish.`); continue; }
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults) {
      const where = file.name.replace(process.cwd() + "/", "");
      const tests = file.assertionResults.filter((t) => t.status === "failed");
      // A file that failed outside its tests (a hook, an import) has no failed test to name.
      if (!tests.length && file.status === "failed") failures.push(`${where}: ${firstLine(file.message)}`);
      for (const t of tests) failures.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages.join("\n"))}`);
    }
  }
  // Repeated last, next to the count, so a log cut to its end still names what failed.
  if (failures.length) console.log(`Failed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "${REPORTS[@]}" || true
exit $status
