#!/usr/bin/env bash
# The API suite runs on PostgreSQL as well as PGlite. Start the local server when it is down.
set -euo pipefail
host=${PGHOST_TEST:-127.0.0.1}
if pg_isready -q -h "$host" -p 5432 2>/dev/null; then exit 0; fi
if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  echo "Starting PostgreSQL…"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h "$host" -p 5432 && exit 0; sleep 1; done
fi
echo "PostgreSQL is not reachable on $host:5432. Install and start it (trust auth for loopback), or set TEST_PG_URL." >&2
exit 1
