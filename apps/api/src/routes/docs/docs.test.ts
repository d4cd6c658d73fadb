import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { apiDocument } from './index.ts';

describe('the API’s OpenAPI document', () => {
  const document = apiDocument('https://wenyan.example.hk');

  it('names the session cookie the API really sets', () => {
    expect(SESSION_COOKIE).toBe('wyt_session');
    expect(document.components?.securitySchemes?.sessionCookie).toMatchObject({
      in: 'cookie',
      name: SESSION_COOKIE,
    });
  });

  it('lists the server it is served from', () => {
    expect(document.servers).toEqual([{ url: 'https://wenyan.example.hk', description: '文言通 API' }]);
  });

  it('documents the Idempotency-Key on the answer call', () => {
    const parameters = document.paths?.['/api/users/answers']?.post?.parameters ?? [];
    expect(parameters.map((p) => ('name' in p ? `${p.in}:${p.name}` : ''))).toContain(
      'header:Idempotency-Key',
    );
  });
});
