import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (the built client, the sign-in page, the API docs):
 * scripts only from this origin (no inline script, no eval), no plugins, never framed by another page
 * (`frame-ancestors 'none'`, and X-Frame-Options for old browsers), forms and <base> only to this origin.
 * Styles allow inline: Radix's dialog and sonner's toasts insert <style> elements at run time; a style
 * cannot run code. Images may come over https (a school sign-in's profile picture). `connect-src
 * 'self'` covers the websocket of the same host. Kept in step with infra/nginx/default.conf, which sends
 * the same policy with the client it serves itself.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** The policy as a header value, with more script sources (a page's own inline script, by its hash). */
export function contentSecurityPolicy(extraScriptSources: readonly string[] = []): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, sources]) =>
      [name, ...sources, ...(name === 'script-src' ? extraScriptSources : [])].join(' '),
    )
    .join('; ');
}

/** `Strict-Transport-Security` on answers served over https: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`, Cross-Origin-Opener/Resource-Policy
 * same-origin; HSTS only when the request came over https (directly, or from a trusted proxy's
 * X-Forwarded-Proto), since a browser ignores it over http and a plain-http deployment must stay usable.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
