# syntax=docker/dockerfile:1
#
# The service image: one image for every role (API instance, worker instance, single all-in-one
# container); WORKERS and the store URLs choose the role at run time (see docker-compose.yml).
#
#   docker build -t facturacion-backend .
#   docker run -p 3000:3000 -v facturacion-data:/data facturacion-backend   # embedded SQLite, workers thread
#
# TypeScript runs directly under tsx (a runtime dependency), so the service has no compile step: the build
# stage installs the production dependencies, compiling better-sqlite3's native addon, and bundles the web
# console (console/src → console/dist, esbuild and preact being production dependencies for that reason).

# Node 26, the active LTS line since 2026-10-28 (24 is in maintenance since 2026-10-20, and 20 reached end of life on
# 2026-04-30), on Debian 13 (trixie): Debian 12 left regular security support on 2026-06-10. The whole suite passes on
# 26.12.1 (`npm run test:node -- 26.12.1`), and on it the service's documents cost a tenth to a fifth less CPU than
# on 20.20.2, as on 24 (README, "Performance"). Any Node at or above package.json's engines floor (>= 20.19) runs it:
# `docker build --build-arg NODE_IMAGE=node:24-trixie-slim .`
ARG NODE_IMAGE=node:26.12.1-trixie-slim

# ---------------------------------------------------------------------------------------------
# build: production node_modules, native addons compiled against this exact Node and glibc
# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build

# Compilers for node-gyp; they stay in this stage.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# node-gyp uses the headers that ship with the image's Node instead of downloading them, and
# better-sqlite3 compiles from the source in its npm tarball instead of fetching a prebuilt binary
# from GitHub: the build reaches only the npm registry (and Debian's, for the compilers).
ENV npm_config_nodedir=/usr/local \
    npm_config_build_from_source=better-sqlite3

COPY package.json package-lock.json ./

# --omit=dev keeps tsx (it is in "dependencies"). The compiler's intermediate files and
# better-sqlite3's bundled SQLite sources are not needed once the addon is built.
RUN npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/better-sqlite3/build/Release/obj \
           node_modules/better-sqlite3/build/Release/obj.target \
           node_modules/better-sqlite3/build/Release/.deps \
           node_modules/better-sqlite3/deps \
 && node -e "require('better-sqlite3')(':memory:').close()"

# The web console, built once here; the runtime image serves console/dist and never rebuilds it.
COPY console ./console
COPY scripts/build-console.mjs ./scripts/build-console.mjs
RUN node scripts/build-console.mjs

# ---------------------------------------------------------------------------------------------
# runtime: same base, no compilers, non-root
# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000

WORKDIR /app

# Code and dependencies stay owned by root: the service (user node) can read them, not change them.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/console/dist ./console/dist
COPY package.json package-lock.json tsconfig.json ./
COPY api ./api
COPY application ./application
COPY domain ./domain
COPY infrastructure ./infrastructure
COPY projections ./projections
COPY scripts ./scripts

# DATA_DIR: SQLite files when no store URL is set, the .eml outbox when SMTP_URL is unset, and
# demo-key.json. A named volume mounted here starts with this ownership.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]

USER node

EXPOSE 3000

# Liveness only (GET /health answers while the process serves HTTP); /health/ready also checks the
# stores and subscriptions. Slim images have no curl: Node's own fetch does the request.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# Not `npm start`: its dependency check is for fresh clones. Node is PID 1 and handles SIGTERM
# itself (graceful shutdown in api/main.ts).
CMD ["node", "--import", "tsx", "api/main.ts"]
