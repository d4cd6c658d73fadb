import { buildOpenApiDocument } from '@wenyan/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth.ts';

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>文言通 API</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#faf7f0;color:#1f1d1a}main{max-width:960px;margin:0 auto;padding:24px}
h1{color:#b7312c}details{background:#fff;border:1px solid #e4ddcd;border-radius:12px;margin:8px 0;padding:8px 12px}
summary{cursor:pointer;font-family:ui-monospace,monospace}.m{display:inline-block;min-width:64px;font-weight:700}
pre{overflow:auto;background:#f3efe4;padding:8px;border-radius:8px;font-size:12px}
</style></head>
<body><main><h1>文言通 API</h1><p>Generated from the zod contracts (<a href="/api/docs/json">OpenAPI JSON</a>).</p><div id="ops">Loading…</div></main>
<script>
fetch('/api/docs/json').then(r=>r.json()).then(doc=>{
  const ops=document.getElementById('ops');ops.textContent='';
  for(const [path,item] of Object.entries(doc.paths)){
    for(const [method,op] of Object.entries(item)){
      const d=document.createElement('details');const s=document.createElement('summary');
      s.innerHTML='<span class="m">'+method.toUpperCase()+'</span> '+path+' — '+(op.summary||'');
      const pre=document.createElement('pre');pre.textContent=JSON.stringify(op,null,2);
      d.append(s,pre);ops.append(d);
    }
  }
});
</script></body></html>`;

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

/** `GET /api/docs/json` (the OpenAPI document built from the contracts) and `GET /api/docs` (a browsable page). */
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
}
