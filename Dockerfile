# Vigie's production image: dependencies and both builds (client and server, `npm run build`) made
# once here, so a container starts the compiled server at once (no compiler, no build at launch).
# `docker compose up` (docker-compose.yml) runs two of them behind nginx.
FROM node:20-bookworm
# Debian's chromium renders the PDFs (CHROMIUM_PATH); no browser is downloaded by the tools.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium \
 && rm -rf /var/lib/apt/lists/*
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Then only what the server needs at run time stays (vite, tsx and typescript are dependencies:
# `npm run migrate` and the other CLI commands still work in the container).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund
# A heap bound of 256 MB (the live heap is ~50 MB) makes V8 collect before the process grows: under a
# 16-connection load the process peaks at ~200 MB instead of ~340 MB, at the same throughput
# (docs/bench.md, « Mémoire »). Raise it through NODE_OPTIONS for very large exports.
ENV NODE_ENV=production PORT=3000 NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=8"
EXPOSE 3000
# node itself, not `npm start`: no npm process beside the server, and SIGTERM reaches the server.
CMD ["node", "dist/server/main.js"]
