# syntax=docker/dockerfile:1
# The Surf Catalog API: the snapshot is built from content/ in the image build, and the
# runtime image holds only what `node dist/server.mjs` needs. BuildKit is required
# (the default builder of current Docker and of docker/build-push-action).
#
#   docker build --build-arg MEDIA_BASE_URL=https://media.example.com -t surf-catalog-api .
#   docker run --rm -p 3000:3000 surf-catalog-api
#
# Debian slim rather than Alpine: the same glibc as the Debian machines that run the
# tests, so esbuild's and TypeScript's prebuilt binaries, and V8's behaviour, match.
# Pin the major only: rebuilds pick up Node and Debian security fixes.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------
# Every dependency, dev included: the build runs on tsx and esbuild.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Only the manifests, so this layer (the slow one) is reused until dependencies change.
# tools/openapi-types is a workspace (openapi-typescript with its own TypeScript 5).
COPY package.json package-lock.json ./
COPY tools/openapi-types/package.json ./tools/openapi-types/
# The cache mount keeps npm's download cache between builds without putting it in a layer.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# ---------------------------------------------------------------------------------------
# content/ -> dist/snapshot.json, its pieces, dist/openapi.json (and .d.ts); runtime/ -> dist/*.mjs.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/tools ./tools
COPY package.json package-lock.json tsconfig.json ./
# What the two builds read, and nothing else (no tests/): add a folder here if the
# build starts reading one.
COPY core ./core
COPY tools ./tools
COPY build ./build
COPY runtime ./runtime
COPY scripts ./scripts
COPY openapi ./openapi
COPY content ./content
# Where media object keys point (object storage or CDN). Baked into the snapshot, so it
# is a build argument, not a runtime variable; empty means the build's default.
ARG MEDIA_BASE_URL=""
# No tests here: CI runs them before it builds the image. `npm run build` runs the
# content check first and fails the image build on any content problem.
RUN MEDIA_BASE_URL="${MEDIA_BASE_URL}" npm run build && npm run build:server

# ---------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# Set here only: in the stages above NODE_ENV=production would make `npm ci` skip the
# dev dependencies the build needs.
# NODE_OPTIONS, an operator's setting (change or drop it here; nothing else reads it): V8's
# young generation held to two semi-spaces of 8 MiB. V8 starts marking the old generation
# as soon as the room left under its limit is no more than the young generation's
# capacity. This server keeps its catalog in buffers, not objects, so its old generation
# is small and that room too: with larger semi-spaces (Node 20's default, and Node 24's,
# which grow further under load) a stream of never-repeated requests keeps a full marking
# running most of the time (docs/benchmarks.md, "The young generation"). The server runs
# without it too: the bench and the tests start it with plain `node dist/server.mjs`.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-semi-space-size=8" \
    PORT=3000 \
    HOST=0.0.0.0 \
    SOCIAL_CACHE_FILE=/var/cache/surf/social.json \
    METRICS_PORT=9464
WORKDIR /app
# The social cache lives outside the (read-only) app folder, in a folder the `node`
# user owns: the server writes it too (the first feed fetch, live media during a live
# event). Mount a shared volume here when several containers run (deploy/README.md).
RUN mkdir -p /var/cache/surf && chown node:node /var/cache/surf
# Owned by root and not writable by `node`: the process cannot change its own code or
# snapshot. package.json names the app and its version for whoever inspects the image.
COPY package.json ./
# What the runtime reads: the snapshot, its pieces file (named by its hash), the
# description, the two compiled programs with their dependencies bundled in (no
# node_modules: scripts/build-server.ts) and those dependencies' licences; not the
# source maps, which embed the sources.
COPY --from=build /app/dist/*.json /app/dist/*.pieces /app/dist/*.mjs /app/dist/*.txt ./dist/

# The non-root user the official Node images ship (uid 1000, gid 1000).
USER node
# 3000: the API, for the CDN. 9464: /metrics only (METRICS_PORT above), for Prometheus:
# publish it to the monitoring network, never to the CDN (README.md, Operations, Metrics).
EXPOSE 3000 9464

# Docker and Compose use this; Kubernetes ignores it and uses the probes in
# deploy/deployment.yaml. Slim images have no curl: node's built-in fetch does it.
# 127.0.0.1 works while HOST binds all addresses (0.0.0.0 or ::), the default.
# /healthz answers 503 while shutting down, so the container turns unhealthy then.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The default, stated because the server depends on it: on SIGTERM it answers /healthz
# with 503 (and keeps serving for SHUTDOWN_DRAIN_MS, default 0), stops accepting,
# finishes in-flight requests and exits within 10 s of the signal (`docker stop`'s
# default wait; give terminationGracePeriodSeconds more). SIGUSR2 reloads the snapshot.
STOPSIGNAL SIGTERM
# Exec form, so node is PID 1 and receives the signals itself (a shell form would put
# /bin/sh in between and swallow them). PID 1 ignores signals it does not handle;
# the server handles SIGTERM, SIGINT, SIGHUP and SIGUSR2, and it starts no child processes, so
# it needs no init to reap them (`docker run --init` adds one if you prefer).
CMD ["node", "dist/server.mjs"]
