import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The one inline script of the client's index.html (apps/web/index.html: the theme before first paint,
 * inline so that the first paint waits for no request), allowed by its digest: any other inline script,
 * an injected one included, has another digest and does not run. `tests/unit/csp.test.ts` checks it
 * against the page and infra/nginx/default.conf.
 */
export const THEME_SCRIPT_HASH = "'sha256-rtd0mACMK16CVMfenQcmhxTYoBdt+D2Bp4EMZJOYXs4='";

/**
 * The Content-Security-Policy of every answer (the built client, the sign-in page, the API docs):
 * scripts only from this origin (no inline script, no eval; the client's page and the sign-in page widen
 * it by their one inline script's hash), no plugins, never framed by another page (`frame-ancestors
 * 'none'`, and X-Frame-Options for old browsers), forms and <base> only to this origin. Styles allow
 * inline (the client's entry stylesheet is inlined into its index.html): Radix's dialog and sonner's
 * toasts insert <style> elements at run time; a style cannot run code. Images may come over https (a school sign-in's profile picture). `connect-src
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

/** The policy of the client's page (index.html): the app's, with its theme script allowed by its hash. */
export const CLIENT_PAGE_POLICY = contentSecurityPolicy([THEME_SCRIPT_HASH]);

/** `Strict-Transport-Security` on answers served over https: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: 'deny' },
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet sets with these options, computed once. They depend on nothing in the request,
 * and @fastify/helmet rebuilt them (parsing the CSP directives) on every request: a measurable share of
 * an answer's CPU in `npm run bench`.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  let done = false;
  // helmet reads nothing of the request and only sets and removes headers on the response.
  helmet(options)({} as IncomingMessage, res as ServerResponse, (err?: unknown) => {
    failure = err ?? null;
    done = true;
  });
  if (!done || failure) throw new Error(`helmet did not set its headers synchronously: ${String(failure)}`);
  return headers;
}

/**
 * Security headers on every answer (helmet's, computed once): the CSP above, `X-Content-Type-Options:
 * nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`, Cross-Origin-Opener/Resource-Policy
 * same-origin; HSTS only when the request came over https (directly, or from a trusted proxy's
 * X-Forwarded-Proto), since a browser ignores it over http and a plain-http deployment must stay usable.
 * A route may still replace one (the sign-in page widens the CSP by its inline script's hash).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
