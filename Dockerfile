# syntax=docker/dockerfile:1
# The images of the distributed deployment (docker-compose.yml):
#   app  (default): the API (`node apps/api/src/main.ts --distributed`) or, with another command, the worker
#   web: nginx serving the built client and proxying /api to the API replicas
# Build: docker build -t wenyan-tong .   |   docker build --target web -t wenyan-tong-web .
# The build context is filtered by .dockerignore: backups, .data, env files, caches and test output
# never reach the daemon, so they cannot end up in an image.
#
# Base images: pin them by digest in production, so a rebuild gets the same bytes. This file names
# tags only because it was written without a registry to ask (a digest copied from memory would be a
# guess, and a wrong digest fails the build). To pin, and later to update, run for each base image:
#   docker buildx imagetools inspect node:24.11-bookworm-slim --format '{{json .Manifest.Digest}}'
#   docker buildx imagetools inspect nginx:1.28-alpine --format '{{json .Manifest.Digest}}'
# and write `FROM node:24.11-bookworm-slim@sha256:<digest>` (the tag stays for readers; the digest
# wins). Update on a schedule (monthly, and on a base-image security advisory): bump the tag within the
# same major (Node 24, the project's engine; nginx stable), re-run the commands, rebuild and run the
# tests. Renovate or Dependabot ("docker" ecosystem) can open these updates as pull requests.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.28-alpine

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The dependency layer: the manifests of the root and of every workspace (the root package.json's
# "workspaces"), then `npm ci`. It is rebuilt only when a manifest or the lockfile changes.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/domain/package.json packages/domain/
COPY packages/store/package.json packages/store/
COPY content/package.json content/
COPY infra/package.json infra/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/worker/package.json apps/worker/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web && npm prune --omit=dev --no-audit --no-fund

FROM ${NGINX_IMAGE} AS web
COPY infra/nginx/default.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
HEALTHCHECK --interval=10s --timeout=3s --retries=10 CMD wget -qO- http://127.0.0.1/ >/dev/null || exit 1

# Only what runs: the production modules and the API, worker, packages, content and migrations (infra).
# No tests, load scripts, docs or web sources. The files stay owned by root and read-only to the `node`
# user that runs them, so a compromised process cannot rewrite the code.
FROM ${NODE_IMAGE} AS app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/content ./content
COPY --from=build /app/infra ./infra
COPY --from=build /app/apps/api ./apps/api
COPY --from=build /app/apps/worker ./apps/worker
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --retries=10 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/api/src/main.ts", "--distributed"]
