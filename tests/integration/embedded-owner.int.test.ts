/**
 * One owner for the embedded data: `npm run roles` against the folder of a running embedded server
 * refuses, says who holds it and changes nothing; once the server stops, the same command works, and
 * the server sees the change when it starts again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnNode, stopChild } from '../support/throwaway.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'wyt-embedded-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
delete env.DATABASE_URL;
delete env.REDIS_URL;

function run(script: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, env });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const { child, logs } = spawnNode('apps/api/src/main.ts', [], {
    ...env,
    PORT: String(port),
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${logs.join('')}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function rolesOf(url: string, username: string): Promise<string[]> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct horse battery' }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { roles: string[] }).roles;
}

describe('one owner for the embedded data folder', () => {
  let server: { child: ChildProcess; url: string } | null = null;
  afterAll(async () => {
    if (server) await stopChild(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses `npm run roles` while the server runs, changing nothing, and works once it stopped', async () => {
    server = await startServer();
    const username = 'owner_test_teacher';
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'correct horse battery' }),
    });
    expect(registered.status).toBe(201);

    const refused = await run('packages/store/src/cli/roles.ts', ['grant', username, 'teacher']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('nothing changed');
    expect(refused.err).toContain(`pid ${server.child.pid}`);
    expect(refused.out).not.toContain('teacher');
    expect(await rolesOf(server.url, username)).toEqual(['student']);
    // The server still works after the refusal (the second process never opened the folder).
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    await stopChild(server.child);
    server = null;
    const granted = await run('packages/store/src/cli/roles.ts', ['grant', username, 'teacher']);
    expect(granted.err).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.out).toContain(`${username}: student, teacher`);

    server = await startServer();
    expect(await rolesOf(server.url, username)).toEqual(['student', 'teacher']);
  }, 180_000);
});
