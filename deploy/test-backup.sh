#!/usr/bin/env bash
# Tests backup.sh and restore-check.sh for real, on PostgreSQL:
#   1. loads the demo account (90 days of bills, payments and their ledger) into a scratch database with
#      apps/server/dist/demo.js (`npm run build -w @ferry/server` first), dumps it with backup.sh, and
#      restore-check.sh must pass every check (exit 0);
#   2. corrupts a copy as only a bug or a hand edit could (one leg of a settlement grows by $1, a bill's
#      balance drops by a cent, a scheduled payment's amount grows by $5 without its bill), and
#      restore-check.sh must fail exactly the four checks those break (exit 1);
#   3. a truncated dump must not restore (exit 2).
#
#   DATABASE_URL=postgres://postgres:password@127.0.0.1:5432/postgres deploy/test-backup.sh
#
# DATABASE_URL: a superuser (the corruption goes around the ledger's append-only triggers); the scratch
# databases are made beside the named one and dropped at the end.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
deploy=$repo/deploy
if [ -z "${DATABASE_URL:-}" ]; then
  echo "test-backup: set DATABASE_URL to a PostgreSQL superuser's connection" >&2
  exit 2
fi
[ -f "$repo/apps/server/dist/demo.js" ] || {
  echo "test-backup: build the server first (npm run build -w @ferry/server)" >&2
  exit 2
}

started=$(date +%s)
base="ferry_backup_test_$(date -u +%Y%m%d%H%M%S)_$$"
url_of() { printf '%s' "$DATABASE_URL" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$1#"; }
admin() { psql -X -q -v ON_ERROR_STOP=1 --dbname="$DATABASE_URL" -c "$1" >/dev/null; }
work=$(mktemp -d)
cleanup() {
  admin "drop database if exists \"$base\" with (force)" || true
  admin "drop database if exists \"${base}_corrupt\" with (force)" || true
  rm -rf "$work"
}
trap cleanup EXIT

passed=0
failed=0
expect() {
  local what=$1 want=$2 got=$3
  if [ "$got" = "$want" ]; then
    passed=$((passed + 1))
    echo "  ok    $what"
  else
    failed=$((failed + 1))
    echo "  FAIL  $what: wanted $want, got $got"
  fi
}
# Runs restore-check.sh on a dump: its output in $output, its exit status in $status.
restore_check() {
  status=0
  output=$("$deploy/restore-check.sh" "$1" 2>&1) || status=$?
}

admin "create database \"$base\""
(cd "$repo" && DATABASE_URL=$(url_of "$base") node apps/server/dist/demo.js >"$work/demo.log" 2>&1) || {
  cat "$work/demo.log"
  echo "test-backup: the demo data did not load" >&2
  exit 1
}
echo "test-backup: demo data loaded in $(($(date +%s) - started)) s"

DATABASE_URL=$(url_of "$base") "$deploy/backup.sh" "$work/good" >/dev/null
restore_check "$(ls "$work"/good/ferry-*.dump)"
echo "$output" | sed 's/^/    /'
expect "the demo data's dump restores and passes every check (exit status)" 0 "$status"
expect "checks that found violations" 0 "$(grep -c '^  FAIL' <<<"$output" || true)"

admin "create database \"${base}_corrupt\" template \"$base\""
psql -X -q -v ON_ERROR_STOP=1 --dbname="$(url_of "${base}_corrupt")" >/dev/null <<'SQL'
set session_replication_role = replica; -- past the ledger's append-only triggers
do $$
begin
  update ledger_entries set amount_cents = amount_cents + 100
   where id = (select e.id from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
               where t.kind = 'PAYMENT_SETTLE' and e.amount_cents > 0 order by e.id limit 1);
  if not found then raise exception 'no settled payment to corrupt'; end if;
  update bills set balance_cents = balance_cents - 1
   where id = (select id from bills where balance_cents - scheduled_cents >= 1 order by id limit 1);
  if not found then raise exception 'no bill to corrupt'; end if;
  update payments set amount_cents = amount_cents + 500
   where id = (select id from payments where method is not null and status in
               ('PENDING', 'IN_APPROVAL', 'APPROVED', 'SCHEDULED', 'IN_QUEUE', 'BANK_UNDER_VERIFICATION', 'HOLD')
               order by id limit 1);
  if not found then raise exception 'no payment in flight to corrupt'; end if;
end
$$;
SQL
DATABASE_URL=$(url_of "${base}_corrupt") "$deploy/backup.sh" "$work/bad" >/dev/null
restore_check "$(ls "$work"/bad/ferry-*.dump)"
echo "$output" | grep '^  FAIL' | sed 's/^/    /'
expect "the corrupted copy fails (exit status)" 1 "$status"
expect "the checks that fail on it" \
  "ledger transactions that do not sum to zero per currency;payments whose ledger postings disagree with their status;bills whose paid amount is not the sum of their delivered and marked-as-paid payments;bills whose scheduled amount is not the sum of their payments in flight" \
  "$(grep '^  FAIL' <<<"$output" | sed -E 's/^  FAIL +[0-9]+  //; s/ \(e\.g\. .*//' | paste -sd ';')"

head -c 100000 "$(ls "$work"/good/ferry-*.dump)" >"$work/truncated.dump"
restore_check "$work/truncated.dump"
expect "a truncated dump does not restore (exit status)" 2 "$status"

echo "test-backup: $passed passed, $failed failed ($(($(date +%s) - started)) s)"
[ "$failed" = 0 ]
