import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildOpenApiDocument } from '@wenyan/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';

/**
 * The viewer is Swagger UI (`swagger-ui-dist`), served by the API itself: no CDN, and no inline script,
 * so the page runs under the app's Content-Security-Policy as it is (`script-src 'self'`).
 */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_VERSION = (
  createRequire(import.meta.url)('swagger-ui-dist/package.json') as { version: string }
).version;

/** The viewer's files, at `/api/docs/assets/<name>`, with their types. */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/**
 * The viewer's start (a file, not an inline script): the document from /api/docs/json, its `$ref`s
 * resolved by Swagger UI, no validator badge (it would send the document's address to
 * validator.swagger.io), requests tried from the page carrying the session cookie.
 */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/docs/json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    defaultModelsExpandDepth: 1,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>文言通 API</title>
<link rel="icon" href="data:," /><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css?v=${SWAGGER_UI_VERSION}" />
</head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js?v=${SWAGGER_UI_VERSION}"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

/**
 * The API's OpenAPI document: the contracts' document with the real session cookie and the server it
 * is served from (`PUBLIC_ORIGIN` when set, else the origin the request came to).
 */
export function apiDocument(origin: string): ReturnType<typeof buildOpenApiDocument> {
  return buildOpenApiDocument({
    sessionCookieName: SESSION_COOKIE,
    servers: [{ url: origin, description: '文言通 API' }],
  });
}

function originOf(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

/**
 * `GET /api/docs/json` (the OpenAPI document built from the contracts), `GET /api/docs` (Swagger UI on
 * it) and the viewer's files (`/api/docs/init.js`, `/api/docs/assets/*`), all under the app's CSP.
 */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const documents = new Map<string, unknown>();
  app.get('/api/docs/json', async (request) => {
    const origin = originOf(request, app.deps.env.PUBLIC_ORIGIN);
    let document = documents.get(origin);
    if (!document) {
      document = apiDocument(origin);
      // A handful of origins at most (the public one, or the hosts a proxy forwards); never unbounded.
      if (documents.size < 16) documents.set(origin, document);
    }
    return document;
  });
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/api/docs/init.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT_SCRIPT),
  );
  // Read from swagger-ui-dist on first use (about 2 MB, compressed on the way out), then kept.
  const assets = new Map<string, Promise<Buffer>>();
  app.get<{ Params: { name: string } }>('/api/docs/assets/:name', async (request, reply) => {
    const { name } = request.params;
    const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!type) throw notFound('docs asset');
    let body = assets.get(name);
    if (!body) {
      body = readFile(path.join(SWAGGER_UI_DIR, name));
      assets.set(name, body);
    }
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=86400')
      .send(await body);
  });
}
