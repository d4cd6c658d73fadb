import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.ts';
import { routeEntries, toOpenApiPath } from './routes.ts';

const document = buildOpenApiDocument();

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and survives JSON', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const json = JSON.parse(JSON.stringify(document));
    expect(json.info.title).toBe('文言通 API');
    expect(Object.keys(json.paths).length).toBeGreaterThan(0);
  });

  it.each(routeEntries())('describes %s', (name, route) => {
    const operation =
      document.paths?.[toOpenApiPath(route.path)]?.[
        route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
      ];
    expect(operation?.operationId).toBe(name);
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(Object.keys(route.responses).sort());
    expect(operation?.['x-auth']).toBe(route.auth);
  });

  it('has one operation per route and nothing else', () => {
    const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.keys(item ?? {}));
    expect(operations.length).toBe(routeEntries().length);
  });

  it('lists path and query parameters', () => {
    const operation = document.paths?.['/api/users/{id}/error-questions/{questionId}']?.patch;
    const names = (operation?.parameters ?? []).map((parameter) =>
      'name' in parameter ? parameter.name : '',
    );
    expect(names).toEqual(['id', 'questionId', 'Idempotency-Key']);
    const query = document.paths?.['/api/vocabulary/questions']?.get?.parameters ?? [];
    expect(query.map((parameter) => ('name' in parameter ? parameter.name : ''))).toEqual([
      'lessonIds',
      'sessionId',
      'lessonId',
      'limit',
    ]);
  });

  it('documents the error body and the websocket messages as components', () => {
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['ErrorBody', 'User', 'Question', 'WsClientMessage', 'WsServerMessage']),
    );
  });

  it('marks public routes as needing no session and others as needing the session cookie', () => {
    expect(document.paths?.['/api/health']?.get?.security).toEqual([]);
    expect(document.paths?.['/api/leaderboard']?.get?.security).toEqual([{ sessionCookie: [] }]);
  });

  it('serves HTML and text with their media types', () => {
    expect(Object.keys(document.paths?.['/api/login']?.get?.responses?.['200']?.content ?? {})).toEqual([
      'text/html',
    ]);
    expect(Object.keys(document.paths?.['/api/metrics']?.get?.responses?.['200']?.content ?? {})).toEqual([
      'text/plain',
    ]);
  });

  it('documents the Idempotency-Key header on every write and on no read', () => {
    for (const [, route] of routeEntries()) {
      const operation =
        document.paths?.[toOpenApiPath(route.path)]?.[
          route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
        ];
      const headers = (operation?.parameters ?? []).filter((p) => 'in' in p && p.in === 'header');
      const names = headers.map((p) => ('name' in p ? p.name : ''));
      expect(names, `${route.method} ${route.path}`).toEqual(
        route.method === 'GET' ? [] : ['Idempotency-Key'],
      );
    }
  });

  it('names the session cookie and lists the servers it is given', () => {
    const named = buildOpenApiDocument({
      sessionCookieName: 'wyt_session',
      servers: [{ url: 'https://wenyan.example.hk', description: '正式' }],
    });
    expect(named.components?.securitySchemes?.sessionCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'wyt_session',
    });
    expect(named.servers).toEqual([{ url: 'https://wenyan.example.hk', description: '正式' }]);
    expect(document.servers).toBeUndefined();
  });
});
