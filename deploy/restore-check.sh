#!/usr/bin/env bash
# Proves a backup restores and holds consistent money: restores the dump into a new scratch database,
# runs deploy/invariants.sql on the copy (ledger balanced, balances on the right side of zero, each
# payment's postings match its status, each bill's paid and scheduled amounts match its payments), prints
# each check with its count of violations, and drops the scratch database.
#
#   deploy/restore-check.sh FILE.dump
#
# The server to restore on: DATABASE_URL (any database of that server; the scratch one is made beside
# it), else libpq's PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE. The user needs CREATEDB. Prefer a
# server other than production's: the restore reads the whole dump and writes a full copy.
# KEEP_SCRATCH=1 keeps the scratch database for a look (its name is printed).
# Exit status: 0 every check passed, 1 a check found violations, 2 the restore or a check failed to run.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
  echo "usage: $0 FILE.dump   (a pg_dump custom-format file, e.g. from deploy/backup.sh)" >&2
  exit 2
fi
dump=$1
here=$(cd "$(dirname "$0")" && pwd)
started=$(date +%s)

scratch="ferry_restore_check_$(date -u +%Y%m%d%H%M%S)_$$"

# psql/pg_restore connection arguments for a database of the same server.
connect_to() {
  if [ -n "${DATABASE_URL:-}" ]; then
    # postgres://user:password@host:port/database?options: swap the database, keep the rest.
    printf '%s' "$DATABASE_URL" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$1#"
  else
    printf 'dbname=%s' "$1"
  fi
}
admin=${DATABASE_URL:-dbname=${PGDATABASE:-postgres}}
copy=$(connect_to "$scratch")

psql_admin() { psql -X -q -v ON_ERROR_STOP=1 --dbname="$admin" "$@"; }

drop_scratch() {
  if [ "${KEEP_SCRATCH:-}" = 1 ]; then
    echo "restore-check: kept the scratch database $scratch"
  else
    psql_admin -c "drop database if exists \"$scratch\" with (force)" >/dev/null ||
      echo "restore-check: could not drop the scratch database $scratch: drop it by hand" >&2
  fi
}

psql_admin -c "create database \"$scratch\"" >/dev/null
trap drop_scratch EXIT
echo "restore-check: restoring $dump into the scratch database $scratch"

# One transaction, stop at the first error: a dump that does not restore whole fails here (without
# these, pg_restore goes on past errors and a table whose rows break a constraint is left empty).
if ! pg_restore --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname="$copy" "$dump"; then
  echo "restore-check: FAILED: the dump did not restore" >&2
  exit 2
fi

summary=$(psql -X -q -A -t -F ' ' -v ON_ERROR_STOP=1 --dbname="$copy" -c "
  select (select count(*) from drizzle.__drizzle_migrations) || ' migrations, '
    || (select count(*) from businesses) || ' businesses, '
    || (select count(*) from bills) || ' bills, '
    || (select count(*) from payments) || ' payments, '
    || (select count(*) from ledger_transactions) || ' ledger transactions, '
    || (select count(*) from ledger_entries) || ' ledger entries'")
echo "restore-check: restored in $(($(date +%s) - started)) s: $summary"

if ! results=$(psql -X -q -A -t -F $'\t' -v ON_ERROR_STOP=1 --dbname="$copy" -f "$here/invariants.sql"); then
  echo "restore-check: FAILED: the invariant checks did not run" >&2
  exit 2
fi

failed=0
checks=0
while IFS=$'\t' read -r name violations examples; do
  [ -n "$name" ] || continue
  checks=$((checks + 1))
  if [ "$violations" = 0 ]; then
    printf '  ok    %6s  %s\n' "$violations" "$name"
  else
    failed=$((failed + 1))
    printf '  FAIL  %6s  %s (e.g. %s)\n' "$violations" "$name" "$examples"
  fi
done <<<"$results"

if [ "$checks" = 0 ]; then
  echo "restore-check: FAILED: the invariant checks printed nothing" >&2
  exit 2
fi
echo "restore-check: $((checks - failed)) passed, $failed failed ($(($(date +%s) - started)) s)"
[ "$failed" = 0 ] || exit 1
