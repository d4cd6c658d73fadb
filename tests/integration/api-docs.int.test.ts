/**
 * The API docs (issue 41, item 4): Swagger UI at /api/docs, served by the API itself (no CDN) under the
 * app's Content-Security-Policy as it is, on the OpenAPI document of /api/docs/json, whose every
 * `required` key is one of its schema's `properties`.
 */
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '@wenyan/api/src/plugins/security.ts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app-harness.ts';

/** Every schema (any object with a `required` list) whose required keys are not all in its `properties`. */
function requiredKeysUndefined(node: unknown, at = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => requiredKeysUndefined(item, `${at}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  const schema = node as Record<string, unknown>;
  const own = Array.isArray(schema.required)
    ? (schema.required as string[])
        .filter((key) => !Object.hasOwn((schema.properties as object | undefined) ?? {}, key))
        .map((key) => `${at}: ${key}`)
    : [];
  return [
    ...own,
    ...Object.entries(schema).flatMap(([key, child]) => requiredKeysUndefined(child, `${at}/${key}`)),
  ];
}

/** A policy's directives, however the header separates them (helmet writes `;` with no space). */
const directives = (csp: unknown) => String(csp).split(/;\s*/);
const APP_POLICY = directives(contentSecurityPolicy());

describe('the API docs', () => {
  const t = useTestApp('embedded');

  it('serves Swagger UI at /api/docs: 200 HTML under the CSP, with no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // The app's policy, not widened: scripts only from this origin, no eval, no inline script.
    expect(directives(res.headers['content-security-policy'])).toEqual(APP_POLICY);
    expect(CONTENT_SECURITY_POLICY['script-src']).toEqual(["'self'"]);
    expect(res.body).toContain('<div id="swagger-ui">');
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(res.body).not.toMatch(/\son[a-z]+=/);
  });

  it("serves every file the page loads itself, from this origin (no CDN), with the viewer's code", async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/api/docs' })).body;
    // Every address the page loads (the empty `data:` icon loads nothing).
    const urls = [...page.matchAll(/\s(?:src|href)="([^"]+)"/g)]
      .map((m) => m[1] ?? '')
      .filter((url) => !url.startsWith('data:'));
    expect(urls.length).toBe(3);
    for (const url of urls) {
      expect(url, url).toMatch(/^\/api\/docs\//);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(
        url.includes('.css') ? /^text\/css/ : /^text\/javascript/,
      );
      expect(directives(res.headers['content-security-policy']), url).toEqual(APP_POLICY);
      expect(res.body, url).not.toMatch(/https?:\/\/(unpkg|cdn\.jsdelivr|cdnjs)/);
    }
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js' });
    expect(bundle.body).toContain('SwaggerUIBundle');
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/docs/json'");
    expect(init.body).toContain('validatorUrl: null');
    for (const url of ['/api/docs/assets/package.json', '/api/docs/assets/..%2Fpackage.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('keeps /api/docs/json, whose every required key is a property of its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/users/me/export');
    expect(requiredKeysUndefined(doc)).toEqual([]);
  });
});
