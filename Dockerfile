# syntax=docker/dockerfile:1
# The storefront as a container (decision 022). Two stages: `build` runs the same scripts as CI
# (`npm ci`, `npm run build`); the image itself has only the production install
# (`npm ci --omit=dev`) and the built client (dist/), page renderer (dist-server/) and server
# (dist-node/, with the migrations), run by the Node that package.json pins, as a non-root user.
#
#   docker build -t storefront .
#   docker run -p 3000:3000 -v storefront-data:/data \
#     -e JWT_SECRET=… -e SMS_PROVIDER=msg91 -e MSG91_AUTH_KEY=… -e MSG91_TEMPLATE_ID=… \
#     -e MSG91_SENDER_ID=… -e PUBLIC_HOST=shop.example.in storefront
#
# Settings are the README's Configuration table; the ones set here can be overridden with -e.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# Names the build (build/build-id.ts); without it, the package version (no .git in the context).
ARG BUILD_ID=
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# glibc's allocator: two arenas instead of one per thread (the server, the page renderer and
# PGlite each have one), and large buffers handed back to the system when freed (decision 046).
ENV MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=65536
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The illustrations' WebP variants are drawn with the machine's fonts (decision 048).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund --cache /tmp/npm-cache && rm -rf /tmp/npm-cache
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/dist-node ./dist-node
# The embedded database (PGlite) lives in DATA_DIR; with DATABASE_URL it stays empty.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness, not readiness: /readyz says 503 while the server sheds load, and a busy server is
# not a dead one. A load balancer reads /readyz to steer traffic away.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["/app/node_modules/.bin/node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm run serve` runs, without npm in between: the server is PID 1 and gets SIGTERM itself.
CMD ["/app/node_modules/.bin/node", "--max-semi-space-size=4", "dist-node/server.js"]
