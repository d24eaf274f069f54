# Ferry's production image: API, job worker and the built web app in one image; the role is picked at
# start (`--role=api`, `--role=worker`, or both by default). See "Run in production" in README.md and
# compose.yaml. deploy/check-image.sh runs the same steps outside a container: keep the two in step.
#
#   docker build -t ferry .
#   docker run --env-file .env -p 3000:3000 ferry node apps/server/dist/main.js --role=api

# The current Node LTS, the one CI runs the PostgreSQL suites on (.ci/run).
ARG NODE_VERSION=26.12.1

# 1. deps: every workspace's dependencies, dev included (the build needs Vite, esbuild, TypeScript).
#    Only the manifests are copied first, so this layer is rebuilt only when they change.
FROM node:${NODE_VERSION}-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund

# 2. build: the web app (apps/web/dist, precompressed .br/.gz beside each file) and the server bundle
#    (apps/server/dist/main.js; npm packages stay external, the domain package is bundled in).
FROM deps AS build
COPY . .
RUN NODE_ENV=production npm run build

# 3. runtime: the server's production dependencies, the two builds and the SQL migrations; nothing
#    else from the source tree. Runs as the unprivileged `node` user of the base image.
FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# @freshbooks/api (the FreshBooks SDK) lists TypeScript among its dependencies although its built code
# never loads it: the compiler (about 23 MB) is removed from the runtime.
RUN npm ci --omit=dev --workspace=@ferry/server --no-audit --no-fund \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
 && npm cache clean --force
COPY apps/server/drizzle apps/server/drizzle
COPY deploy/healthcheck.mjs deploy/healthcheck.mjs
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: uploaded files (FILES_PROVIDER=local) and, without DATA_ENCRYPTION_KEY, the generated key.
# A volume mounted here starts with this folder's owner, so the `node` user can write to it.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# GET /api/health: 200 when the database answers and the migrations are current. The worker role
# serves no HTTP: compose.yaml turns the check off for it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs"]
CMD ["node", "apps/server/dist/main.js"]
