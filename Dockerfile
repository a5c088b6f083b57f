# syntax=docker/dockerfile:1
# Vigie's production image, in two stages (docs/deployment.md):
# - build: every dependency, the client (vite) and the server (dist/) built once, then the
#   development dependencies pruned;
# - runtime: a slim Debian with Node, Debian's Chromium and fonts for the PDFs, the built app and
#   its production dependencies only, run by a non-root user, with a health check.
# `docker compose up` (docker-compose.yml) runs two of them behind nginx, on PostgreSQL and MinIO.

FROM node:22-bookworm AS build
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The CLI is compiled too: `node dist/server/cli/index.js migrate` (the `migrate` service).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
# Debian's chromium prints the PDFs (CHROMIUM_PATH); the fonts give them accents and widths.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-dejavu-core tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system vigie && useradd --system --gid vigie --home-dir /app --shell /usr/sbin/nologin vigie
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/views ./views
COPY --from=build --chown=root:root /app/translations ./translations
COPY --from=build --chown=root:root /app/public ./public
COPY --from=build --chown=root:root /app/docs ./docs
# The only folder the app writes: local files when STORAGE_DRIVER is not s3, the mail record in tests.
RUN mkdir -p /app/var && chown vigie:vigie /app/var
# A heap bound of 256 MB (the live heap is ~50 MB) makes V8 collect before the process grows
# (docs/bench.md, « Mémoire »). Raise it through NODE_OPTIONS for very large exports.
ENV NODE_ENV=production PORT=3000 CHROMIUM_PATH=/usr/bin/chromium PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=8"
USER vigie
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini reaps Chromium's processes and passes SIGTERM to node, which drains before it exits.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/main.js"]
