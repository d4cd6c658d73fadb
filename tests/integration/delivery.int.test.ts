/**
 * Delivery: compressed responses and a cache policy that never serves a stale page after a deploy.
 * The embedded API serves a client folder made here (a hashed asset with the brotli and gzip copies the
 * build writes, and index.html), so the test does not depend on a build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { CLIENT_PAGE_POLICY, contentSecurityPolicy } from '@wenyan/api/src/plugins/security.ts';
import { createRuntime, type Runtime } from '@wenyan/api/src/runtime.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import { pgliteTemplate } from '../support/pglite-template.ts';

const ASSET = 'assets/index-Ab12Cd34.js';
const assetSource = `console.log(${JSON.stringify('文言通'.repeat(400))});`;

let dist: string;
let runtime: Runtime;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'wyt-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const page = '<!doctype html><title>文言通</title>';
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(page));
  writeFileSync(path.join(dist, ASSET), assetSource);
  writeFileSync(path.join(dist, `${ASSET}.br`), brotliCompressSync(assetSource));
  writeFileSync(path.join(dist, `${ASSET}.gz`), gzipSync(assetSource));
  const env = readApiEnv({ LOG_LEVEL: 'silent', WEB_DIST: dist });
  runtime = await createRuntime(env, { pgliteDataDir: 'memory://', pgliteTemplate: await pgliteTemplate() });
  app = await buildApp({ ...runtime.deps, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built client', () => {
  it('serves a hashed asset as brotli when the browser accepts it, cached for a year as immutable', async () => {
    const res = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(assetSource) / 10);
  });

  it('serves gzip to a browser without brotli, and the file as it is to one without either', async () => {
    const gz = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(assetSource);
    const plain = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetSource);
  });

  it('never lets index.html go stale, at the root or under a client route', async () => {
    for (const url of ['/', '/lesson/3/types', '/index.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('文言通');
    }
  });

  it("allows index.html its theme script by its hash, and every other file only the app's policy", async () => {
    for (const url of ['/', '/lesson/3/types', '/index.html']) {
      // As it is, and its brotli and gzip copies.
      for (const encoding of ['identity', 'br', 'gzip']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, `${url} ${encoding}`).toBe(200);
        expect(res.headers['content-security-policy'], `${url} ${encoding}`).toBe(CLIENT_PAGE_POLICY);
      }
    }
    const asset = await app.inject({ url: `/${ASSET}` });
    expect(asset.statusCode).toBe(200);
    expect(String(asset.headers['content-security-policy']).split(/;\s*/)).toEqual(
      contentSecurityPolicy().split('; '),
    );
  });
});

async function signedInCookie(): Promise<string> {
  return (await signUp(app, 'delivery')).cookie;
}

describe('a deploy under the running server', () => {
  it('serves a file the new build added after start, from its precompressed copy', async () => {
    const added = 'assets/LessonRoadmapPage-NewHash2.js';
    writeFileSync(path.join(dist, added), assetSource);
    writeFileSync(path.join(dist, `${added}.br`), brotliCompressSync(assetSource));
    const res = await app.inject({ url: `/${added}`, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('is a 404 for a file of the old build that the deploy removed', async () => {
    rmSync(path.join(dist, `${ASSET}.br`));
    rmSync(path.join(dist, `${ASSET}.gz`));
    rmSync(path.join(dist, ASSET));
    const res = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('a file the build no longer has', () => {
  it('is a 404, not index.html, so an old page notices the deploy', async () => {
    const res = await app.inject({ url: '/assets/LessonRoadmapPage-OldHash1.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>');
  });
});

describe('API responses', () => {
  it('compresses a large JSON answer and leaves a small one as it is', async () => {
    const cookie = await signedInCookie();
    const big = await app.inject({ url: '/api/lessons', headers: { 'accept-encoding': 'gzip', cookie } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).length).toBe(16);
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
