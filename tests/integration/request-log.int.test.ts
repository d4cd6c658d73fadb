/**
 * The API's log as an operator's shipper reads it (issue 41): every line is JSON, each request is
 * logged once at `info` with its method, route pattern, status, time and request id, and nothing
 * personal (no path or query, address, headers or body); the start-up line is a JSON line too.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@wenyan/api/src/app.ts';
import { readApiEnv } from '@wenyan/api/src/config.ts';
import { createRuntime, type Runtime } from '@wenyan/api/src/runtime.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../support/pglite-template.ts';
import { createTestDatabase } from '../support/test-db.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USERNAME = `log_${process.pid.toString(36)}`;
const PASSWORD = 'correct horse battery';
const EMAIL = 'amy.chan@example.hk';

let runtime: Runtime;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  const env = readApiEnv({ LOG_LEVEL: 'info' });
  runtime = await createRuntime(env, {
    serveWeb: false,
    pgliteDataDir: 'memory://',
    pgliteTemplate: await pgliteTemplate(),
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ ...runtime.deps, logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
});

type LogLine = Record<string, unknown> & { msg?: string; level?: number; reqId?: string };

/** The lines logged while `run` ran, parsed (each must be JSON). */
async function logged(run: () => Promise<unknown>): Promise<{ raw: string; parsed: LogLine[] }> {
  const from = lines.length;
  await run();
  const raw = lines.slice(from);
  return { raw: raw.join('\n'), parsed: raw.map((line) => JSON.parse(line) as LogLine) };
}

describe('the request log', () => {
  it('has one info line per request: method, route pattern, status, time and request id', async () => {
    const { parsed } = await logged(async () => {
      await app.inject({ method: 'GET', url: '/api/health' });
      await app.inject({ method: 'GET', url: '/api/lessons/1' });
    });
    const requests = parsed.filter((line) => line.msg === 'request completed');
    expect(requests).toHaveLength(2);
    expect(parsed.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const [health, lesson] = requests;
    expect(health).toMatchObject({ level: 30, method: 'GET', route: '/api/health', status: 200 });
    expect(lesson?.route).toMatch(/^\/api\/lessons\/:/);
    for (const line of requests) {
      expect(typeof line.responseTime).toBe('number');
      expect(line.reqId).toEqual(expect.any(String));
    }
    expect(health?.reqId).not.toBe(lesson?.reqId);
  });

  it('names no person: no path, query, address, headers or body', async () => {
    const { raw, parsed } = await logged(async () => {
      await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { cookie: 'wyt_session=secret-cookie', 'user-agent': 'agent-of-amy' },
        payload: { username: USERNAME, password: PASSWORD, firstName: '陳', email: EMAIL },
      });
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: USERNAME, password: 'wrong one!' },
      });
      await app.inject({ method: 'GET', url: `/api/no-such-route?email=${encodeURIComponent(EMAIL)}` });
    });
    expect(parsed.filter((line) => line.msg === 'request completed')).toHaveLength(3);
    expect(parsed.at(-1)).toMatchObject({ route: null, status: 404 });
    for (const secret of [
      USERNAME,
      PASSWORD,
      EMAIL,
      'amy.chan',
      'secret-cookie',
      'agent-of-amy',
      '127.0.0.1',
      'no-such-route',
    ]) {
      expect(raw, secret).not.toContain(secret);
    }
    for (const line of parsed) {
      expect(line).not.toHaveProperty('req');
      expect(line).not.toHaveProperty('res');
    }
  });
});

describe('the start-up line', () => {
  it('is a JSON log line saying where the API listens', async () => {
    const database = await createTestDatabase();
    // The embedded mode (no Redis) on a Postgres database of its own.
    const { REDIS_URL: _redis, ...inherited } = process.env;
    const child = spawn(process.execPath, [path.join(root, 'apps/api/src/main.ts')], {
      env: {
        ...inherited,
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    try {
      let out = '';
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = out.split('\n').find((l) => l.includes('is running'));
          if (found) resolve(found);
        });
        child.on('exit', (code) => reject(new Error(`the API exited (${code}): ${out}${errors}`)));
      });
      const parsed = JSON.parse(line) as LogLine;
      expect(parsed.level).toBe(30);
      expect(parsed.msg).toContain('文言通 is running');
      expect(parsed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      for (const other of out.split('\n').filter(Boolean))
        expect(() => JSON.parse(other), other).not.toThrow();
    } finally {
      child.kill('SIGTERM');
      await exited;
      await database.drop();
    }
  });
});
