# syntax=docker/dockerfile:1
# The images of the distributed deployment (docker-compose.yml):
#   app  (default): the API (`node apps/api/src/main.ts --distributed`) or, with another command, the worker
#   web: nginx serving the built client and proxying /api to the API replicas
# Build: docker build -t wenyan-tong .   |   docker build --target web -t wenyan-tong-web .

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm run build:web \
  && npm prune --omit=dev --no-audit --no-fund

FROM nginx:1.27-alpine AS web
COPY infra/nginx/default.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
HEALTHCHECK --interval=10s --timeout=3s --retries=10 CMD wget -qO- http://127.0.0.1/ >/dev/null || exit 1

FROM node:24-bookworm-slim AS app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --retries=10 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/api/src/main.ts", "--distributed"]
