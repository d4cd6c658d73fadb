/**
 * The shipped nginx config (infra/nginx/default.conf, the Compose deployment's web service) run by
 * Debian's nginx in front of a real API: sign-up through it passes the API's same-origin check (the
 * Host keeps its port), the client's files are compressed and cached as the delivery issue asks, and
 * errors heal (issue 41): a missing file is a 404 like the API's, and no error is cached as immutable.
 * nginx comes from Debian (`apt-get install nginx-light`; .ci/run installs it when missing).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { CLIENT_PAGE_POLICY } from '@wenyan/api/src/plugins/security.ts';
import { createRuntime, type Runtime } from '@wenyan/api/src/runtime.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../support/pglite-template.ts';
import { freePort } from '../support/throwaway.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((bin) => spawnSync(bin, ['-v']).status === 0);
const ASSET = 'assets/index-Zz98Yy76.js';
const assetSource = `console.log(${JSON.stringify('文言通'.repeat(400))});`;

let work: string;
let runtime: Runtime;
let app: FastifyInstance;
let nginx: ChildProcess;
let base: string;
const nginxLog: string[] = [];

/** The shipped config with the machine's addresses in place of the Compose service names. */
function shippedConfig(apiPort: number, webPort: number, html: string): string {
  const shipped = readFileSync(path.join(root, 'infra/nginx/default.conf'), 'utf8');
  // The replicas are re-resolved through Docker's DNS (`resolve`, nginx 1.27.3+); Debian's nginx is
  // older and the test has one fixed address, so that one line is replaced.
  expect(shipped).toMatch(/^\s*server api:3000 resolve;/m);
  expect(shipped).toMatch(/^resolver 127\.0\.0\.11 /m);
  const adapted = shipped
    .replace('server api:3000 resolve;', `server 127.0.0.1:${apiPort};`)
    .replace(/listen 80[^;]*;/, `listen 127.0.0.1:${webPort};`)
    .replace('root /usr/share/nginx/html;', `root ${html};`);
  expect(adapted).not.toContain('api:3000');
  return adapted;
}

async function waitForNginx(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer: ${nginxLog.join('')}`);
}

beforeAll(async () => {
  if (!NGINX) throw new Error("nginx is missing: apt-get install nginx-light (Debian's nginx)");
  work = mkdtempSync(path.join(tmpdir(), 'wyt-nginx-'));
  const html = path.join(work, 'html');
  mkdirSync(path.join(html, 'assets'), { recursive: true });
  writeFileSync(path.join(html, 'index.html'), '<!doctype html><title>文言通</title>');
  writeFileSync(path.join(html, ASSET), assetSource);
  writeFileSync(path.join(html, `${ASSET}.gz`), gzipSync(assetSource));
  writeFileSync(path.join(html, 'manifest.webmanifest'), JSON.stringify({ name: '文言通' }));

  const env = readApiEnv({ LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
  runtime = await createRuntime(env, {
    serveWeb: false,
    pgliteDataDir: 'memory://',
    pgliteTemplate: await pgliteTemplate(),
  });
  app = await buildApp({ ...runtime.deps, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const apiPort = typeof address === 'object' && address ? address.port : 0;

  const webPort = await freePort();
  base = `http://127.0.0.1:${webPort}`;
  const temp = (name: string) => `${name} ${path.join(work, name)};`;
  const conf = [
    'daemon off;',
    'worker_processes 1;',
    process.getuid?.() === 0 ? 'user root;' : '',
    `pid ${path.join(work, 'nginx.pid')};`,
    `error_log ${path.join(work, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  access_log off;',
    `  ${temp('client_body_temp_path')} ${temp('proxy_temp_path')} ${temp('fastcgi_temp_path')}`,
    `  ${temp('uwsgi_temp_path')} ${temp('scgi_temp_path')}`,
    shippedConfig(apiPort, webPort, html),
    '}',
  ].join('\n');
  writeFileSync(path.join(work, 'nginx.conf'), conf);
  nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stderr?.on('data', (chunk: Buffer) => nginxLog.push(chunk.toString()));
  await waitForNginx(`${base}/`);
});

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await app?.close();
  await runtime?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the shipped nginx in front of the API', () => {
  it('lets a browser on the published port sign up (the Host keeps its port for the same-origin check)', async () => {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        username: `nginx_${process.pid}`,
        password: 'correct horse battery',
        firstName: '陳',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('set-cookie')).toContain('HttpOnly');
  });

  it('still refuses a sign-up posted from another site', async () => {
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ username: `nginx_x_${process.pid}`, password: 'correct horse battery' }),
    });
    expect(res.status).toBe(403);
  });

  it('serves a hashed asset from its gzip copy, cached for a year as immutable', async () => {
    const res = await fetch(`${base}/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(assetSource);
  });

  it('serves index.html for client routes, never cached stale, its theme script allowed by its hash', async () => {
    for (const url of ['/', '/lesson/3/types', '/index.html']) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), url).toBe(CLIENT_PAGE_POLICY);
      expect(await res.text()).toContain('文言通');
    }
  });

  it('compresses large API answers on the fly', async () => {
    const res = await fetch(`${base}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers 404 for a missing file, as the API does, and index.html only for navigations', async () => {
    const api = await fetch(`${base}/api/no-such-route`);
    expect(api.status).toBe(404);
    for (const url of ['/x.png', '/icons/none.svg', '/sw-old.js']) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('文言通');
    }
  });

  it('never caches a missing hashed asset as immutable (a rolling deploy heals on retry)', async () => {
    const res = await fetch(`${base}/assets/index-Missing1.js`);
    expect(res.status).toBe(404);
    const cacheControl = res.headers.get('cache-control') ?? '';
    expect(cacheControl).not.toContain('immutable');
    expect(cacheControl).not.toContain('max-age=31536000');
    expect(cacheControl).toBe('no-store');
  });

  it('serves the manifest as application/manifest+json, revalidated', async () => {
    const res = await fetch(`${base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('does not tell its version in Server:', async () => {
    for (const url of ['/', '/x.png', '/api/health']) {
      const res = await fetch(`${base}${url}`);
      expect(res.headers.get('server'), url).toBe('nginx');
    }
  });
});
