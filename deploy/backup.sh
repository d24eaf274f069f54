#!/usr/bin/env bash
# A logical backup of Ferry's PostgreSQL database: pg_dump's custom format (compressed; pg_restore can
# restore all of it or single tables), one file per run, named by UTC time.
#
#   deploy/backup.sh [DIR]        # DIR: $BACKUP_DIR, else ./backups
#
# The database: DATABASE_URL when set, else libpq's PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE (as
# compose's `backup` service sets them). pg_dump must be of the server's major version or newer.
# BACKUP_KEEP_DAYS=N deletes this folder's dumps older than N days after a successful dump.
# Then check the dump: deploy/restore-check.sh DIR/ferry-<time>.dump
set -euo pipefail

dir=${1:-${BACKUP_DIR:-./backups}}
# Dumps hold personal data and sealed bank account numbers: owner only.
umask 077
mkdir -p "$dir"

stamp=$(date -u +%Y%m%dT%H%M%SZ)
file="$dir/ferry-$stamp.dump"
# Two runs in one second: the second one is told apart by its process id, never written over the first.
[ ! -e "$file" ] || file="$dir/ferry-$stamp-$$.dump"
partial="$file.partial"
trap 'rm -f "$partial"' EXIT

connection=()
if [ -n "${DATABASE_URL:-}" ]; then connection=(--dbname="$DATABASE_URL"); fi

started=$(date +%s)
# --no-owner / --no-privileges at restore time instead: the dump keeps them for a like-for-like restore.
pg_dump --format=custom --compress=6 --file="$partial" "${connection[@]}"
mv "$partial" "$file"
trap - EXIT

size=$(du -h "$file" | cut -f1)
echo "backup: $file ($size, $(($(date +%s) - started)) s, $(pg_dump --version))"

if [ -n "${BACKUP_KEEP_DAYS:-}" ]; then
  find "$dir" -maxdepth 1 -name 'ferry-*.dump' -type f -mtime "+$BACKUP_KEEP_DAYS" -print -delete |
    sed 's/^/backup: deleted (older than '"$BACKUP_KEEP_DAYS"' days) /'
fi
