import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web client (apps/web/dist) in the embedded mode: files as they are, and
 * index.html for every other non-API path so that client-side routes load.
 */
export async function registerWebClient(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web client not built: run `npm run build:web`');
    return false;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h' });
  const spa = (
    _req: unknown,
    reply: { header(k: string, v: string): unknown; sendFile(f: string): unknown },
  ) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/', spa);
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.callNotFound();
    }
    return spa(request, reply);
  });
  return true;
}
