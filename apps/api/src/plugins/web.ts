import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CLIENT_PAGE_POLICY } from './security.ts';

/** Hashed build output (`assets/name-<hash>.js`): its name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the service worker, the manifest): revalidated on every load. */
const REVALIDATE = 'no-cache';

/** The cache policy of a file of the built client, by its path under the dist folder. */
export function cacheControlFor(filePath: string): string {
  const normalised = filePath.split(path.sep).join('/');
  return /(^|\/)assets\//.test(normalised) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built web client (apps/web/dist) in the embedded mode: files as they are, with the
 * brotli or gzip copy the build wrote beside each one when the browser accepts it; hashed assets
 * cached for a year as immutable, index.html (for every other non-API path, so that client-side
 * routes load) and the other unhashed files never served stale.
 */
export async function registerWebClient(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web client not built: run `npm run build:web`');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
      // index.html's one inline script (the theme before first paint) is allowed by its hash; the file
      // sent may be its brotli or gzip copy.
      if (/^index\.html(\.br|\.gz)?$/.test(path.basename(filePath))) {
        reply.header('content-security-policy', CLIENT_PAGE_POLICY);
      }
    },
  });
  const spa = (
    _req: unknown,
    reply: { header(k: string, v: string): unknown; sendFile(f: string): unknown },
  ) => {
    reply.header('cache-control', REVALIDATE);
    return reply.sendFile('index.html');
  };
  app.get('/', spa);
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') return reply.callNotFound();
    // A file, not a client route: a build file that appeared since start (a deploy replaced the folder
    // under a running server) is served as it is on disk now; one that is not there (an old page asking
    // for a chunk the deploy removed) is a 404, never index.html, so the page sees the failure and
    // reloads into the new build.
    if (pathname.startsWith('/assets/') || /\/[^/]+\.[a-z0-9]+$/i.test(pathname)) {
      let file: string;
      try {
        file = decodeURIComponent(pathname.slice(1));
      } catch {
        return reply.callNotFound();
      }
      return reply.sendFile(file);
    }
    return spa(request, reply);
  });
  return true;
}
