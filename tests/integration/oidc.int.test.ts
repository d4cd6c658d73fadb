import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app-harness.ts';
import { freePort } from '../support/throwaway.ts';

/** A minimal OpenID Connect provider on localhost: discovery, authorize, token, JWKS. */
async function startFakeProvider() {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; clientId: string }>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = `code-${codes.size + 1}`;
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        clientId: url.searchParams.get('client_id') ?? '',
      });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const code = new URLSearchParams(raw).get('code') ?? '';
      const grant = codes.get(code);
      if (!grant) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: 'invalid_grant' }));
      }
      const idToken = await new SignJWT({
        nonce: grant.nonce,
        email: 'chan.taiman@school.edu.hk',
        given_name: '大文',
        family_name: '陳',
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuer)
        .setSubject('student-42')
        .setAudience(grant.clientId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('signing in through a school OpenID Connect provider', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await startTestApp('embedded', {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'wenyan-test',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_ALLOW_INSECURE: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('redirects /api/login to the provider and signs the learner in on the way back', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const checksCookie = String(start.headers['set-cookie']).split(';')[0]!;

    const atProvider = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(String(atProvider.headers.get('location')));
    expect(back.pathname).toBe('/api/login/callback');

    const done = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: checksCookie },
    });
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe('/');
    const session = (
      Array.isArray(done.headers['set-cookie'])
        ? done.headers['set-cookie']
        : [String(done.headers['set-cookie'])]
    )
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('wyt_session='))!;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'chan.taiman@school.edu.hk',
      firstName: '大文',
      lastName: '陳',
    });
  });

  it('refuses a callback without the sign-in it belongs to, and keeps the local form at ?local=1', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/login/callback?code=code-1&state=x' });
    expect(forged.statusCode).toBe(400);
    const local = await t.app.inject({ method: 'GET', url: '/api/login?local=1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('以學校帳戶登入');
  });
});
