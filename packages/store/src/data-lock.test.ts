import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder } from './data-lock.ts';

describe('the embedded data folder has one owner', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'wyt-lock-'));
  const dataDir = path.join(base, 'pglite');
  afterEach(() => rmSync(`${dataDir}.lock`, { force: true }));

  it('writes the owner’s pid, and the release removes it', () => {
    const release = lockDataFolder(dataDir, 'api server');
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'api server',
    });
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses a second process while the owner lives, naming it', () => {
    // The parent of this test process is alive and is not this process.
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: process.ppid, command: 'npm start', since: '' }));
    let refusal: unknown;
    try {
      lockDataFolder(dataDir, 'npm run roles');
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    expect((refusal as Error).message).toContain(`pid ${process.ppid}: npm start`);
    // The owner's lock is untouched.
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8')).pid).toBe(process.ppid);
  });

  it('takes over a lock left by a process that died', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: dead, command: 'crashed server', since: '' }));
    const release = lockDataFolder(dataDir, 'api server');
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over an unreadable lock', () => {
    writeFileSync(`${dataDir}.lock`, 'not json');
    lockDataFolder(dataDir, 'api server')();
  });
});
