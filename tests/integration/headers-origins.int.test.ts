/**
 * Headers and origins (issue 23, item 3), through the API in both modes: security headers and a CSP
 * the sign-in page passes, HSTS only over https from a trusted proxy, a cross-site GET /api/logout that
 * does nothing, metrics only with a token or on loopback, and the websocket's Origin check, sockets per
 * user and per-socket message limit (a flood degrades only the flooder).
 */
import { createHash } from 'node:crypto';
import { WS_LIMITS } from '@wenyan/api/src/routes/leaderboard/pacing.ts';
import type { ClientMessage } from '@wenyan/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { MODES, useTestApp } from '../support/app-harness.ts';

describe.each(MODES)('headers and origins (%s mode)', (mode) => {
  let base: string;
  const t = useTestApp(mode, { TRUST_PROXY: '10.50.0.1' });
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  describe('security headers', () => {
    it('sends a CSP without inline script, frame-ancestors none, nosniff and DENY on every answer', async () => {
      for (const url of ['/api/health', '/api/lessons', '/api/no-such-route']) {
        const res = await t.app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toMatch(/script-src 'self'(;|$)/);
        expect(csp, url).not.toContain('unsafe-eval');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['x-frame-options'], url).toBe('DENY');
      }
    });

    it('allows the sign-in page its one inline script by hash, and nothing else inline', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/login' });
      expect(res.statusCode).toBe(200);
      const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
      expect(scripts).toHaveLength(1);
      const digest = createHash('sha256')
        .update(scripts[0] ?? '')
        .digest('base64');
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(scriptSrc).toBe(`'self' 'sha256-${digest}'`);
      expect(res.body).not.toMatch(/\son[a-z]+="/);
    });

    it('sends HSTS only for https, as told by a trusted proxy', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const viaProxy = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '10.50.0.1',
      });
      expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '10.9.9.9',
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('GET /api/logout', () => {
    const me = (who: TestAccount) =>
      t.app.inject({ method: 'GET', url: '/api/auth/user', headers: who.headers });

    it('does nothing for a request from another site', async () => {
      const learner = await signUp(t.app, 'logoutx');
      for (const headers of [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://evil.example' },
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/logout',
          headers: { ...learner.headers, ...headers },
        });
        expect(res.statusCode).toBe(302);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect((await me(learner)).statusCode).toBe(200);
      }
    });

    it('signs out from the app itself (same-origin navigation) as before', async () => {
      const learner = await signUp(t.app, 'logouts');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { ...learner.headers, 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect((await me(learner)).statusCode).toBe(401);
    });
  });

  describe('GET /api/metrics without a token', () => {
    it('answers a caller on loopback that came through no proxy, and 404 to anyone else', async () => {
      const local = await t.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(local.statusCode).toBe(200);
      expect(local.body).toContain('wyt_websocket_connections');
      const remote = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.1.2.3' });
      expect(remote.statusCode).toBe(404);
      const proxied = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(proxied.statusCode).toBe(404);
      expect(proxied.body).not.toContain('wyt_');
    });
  });

  describe('the websocket', () => {
    const wsUrl = () => `${base.replace(/^http/, 'ws')}/api/ws`;
    const open = (who: TestAccount, origin?: string) =>
      new Promise<{ ws: WebSocket; first: Promise<unknown> } | { refused: number }>((resolve) => {
        const ws = new WebSocket(wsUrl(), { headers: { ...who.headers, ...(origin ? { origin } : {}) } });
        const first = new Promise((r) => ws.once('message', (data) => r(JSON.parse(String(data)))));
        ws.once('open', () => resolve({ ws, first }));
        ws.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
      });
    const closed = (ws: WebSocket) =>
      new Promise<number>((r) => {
        if (ws.readyState === WebSocket.CLOSED) r(-1);
        ws.once('close', (code) => r(code));
      });

    it('refuses another site’s Origin and accepts its own', async () => {
      const learner = await signUp(t.app, 'wsorigin');
      expect(await open(learner, 'https://evil.example')).toEqual({ refused: 403 });
      const own = await open(learner, base);
      expect('ws' in own).toBe(true);
      if ('ws' in own) {
        expect(await own.first).toMatchObject({ type: 'welcome' });
        own.ws.close();
      }
    });

    it(`keeps at most ${WS_LIMITS.socketsPerUser} sockets per user open`, async () => {
      const learner = await signUp(t.app, 'wsmany');
      const sockets: WebSocket[] = [];
      for (let i = 0; i < WS_LIMITS.socketsPerUser; i++) {
        const s = await open(learner, base);
        if (!('ws' in s)) throw new Error('refused');
        expect(await s.first).toMatchObject({ type: 'welcome' });
        sockets.push(s.ws);
      }
      const extra = await open(learner, base);
      if (!('ws' in extra)) throw new Error('refused at the handshake');
      expect(await closed(extra.ws)).toBe(4429);
      // Another user is not affected by this one's sockets.
      const other = await open(await signUp(t.app, 'wsother'), base);
      expect('ws' in other && (await other.first)).toMatchObject({ type: 'welcome' });
      if ('ws' in other) other.ws.close();
      // One closed, one may open again.
      const gone = closed(sockets[0]!);
      sockets[0]?.close();
      await gone;
      await new Promise((r) => setTimeout(r, 50));
      const again = await open(learner, base);
      expect('ws' in again && (await again.first)).toMatchObject({ type: 'welcome' });
      for (const s of [...sockets.slice(1), ...('ws' in again ? [again.ws] : [])]) s.close();
    });

    // How much the flood slows the others' reads and grows the heap is a benchmark's question, not a
    // functional test's (wall clock and heap vary with the machine): `npm run bench:ws-flood`.
    it('a flood of subscribes from one socket closes it and costs a bounded number of reads', async () => {
      const flooder = await signUp(t.app, 'wsflood');
      const reader = await signUp(t.app, 'wsreader');
      const index = t.runtime.deps.leaderboard;
      let reads = 0;
      const ranks = index.ranks.bind(index);
      index.ranks = (ids) => {
        reads++;
        return ranks(ids);
      };
      const readOnce = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard', headers: reader.headers });
        expect(res.statusCode).toBe(200);
      };
      for (let i = 0; i < 5; i++) await readOnce();
      reads = 0;

      const s = await open(flooder, base);
      if (!('ws' in s)) throw new Error('refused');
      await s.first;
      const end = closed(s.ws);
      // A valid subscribe each (an invalid one would cost no read and prove nothing).
      const subscribe = JSON.stringify({ type: 'subscribe', channel: 'leaderboard' } satisfies ClientMessage);
      for (let i = 0; i < 5000 && s.ws.readyState === WebSocket.OPEN; i++) s.ws.send(subscribe);
      for (let i = 0; i < 5; i++) await readOnce();
      expect(await end).toBe(1008);

      // The reader's own reads are 5 + 5; the flood added at most the bucket's burst.
      expect(reads).toBeLessThanOrEqual(10 + WS_LIMITS.burst);
      index.ranks = ranks;
    });
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  const token = 'a-long-metrics-token-for-tests';
  const t = useTestApp('embedded', { METRICS_TOKEN: token });

  it('needs the bearer token, from anywhere', async () => {
    const get = (headers: Record<string, string>, remoteAddress = '10.1.2.3') =>
      t.app.inject({ method: 'GET', url: '/api/metrics', headers, remoteAddress });
    expect((await get({})).statusCode).toBe(404);
    expect((await get({}, '127.0.0.1')).statusCode).toBe(404);
    expect((await get({ authorization: 'Bearer wrong' })).statusCode).toBe(404);
    expect((await get({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });
});
