# 拾句 — production image: the compiled server (plain node, no TypeScript loader), the built web app with its
# precompressed assets, production dependencies only (no chinese-poetry, no build tools), running as `node`.
#   docker build -t shiju .
#   docker run -p 3000:3000 -v shiju-data:/data shiju                          # embedded database in /data
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… shiju                 # PostgreSQL
# See compose.yaml for PostgreSQL + Redis + two API processes behind a proxy.

# --- the workspace manifests, shared by the two install stages
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# --- build: everything installed, then npm run build (server → apps/server/dist, web → apps/web/dist with .br/.gz
#     variants)
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies of the server alone
FROM manifests AS deps
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund

# --- runtime
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/assets apps/server/assets
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/server/config apps/server/config
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness only: a database outage makes /api/ready fail (take the instance out of rotation), not a restart.
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
