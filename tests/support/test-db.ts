import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '@wenyan/store';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from './global-setup.ts';

let counter = 0;

/** A fresh database for one test file: a clone of the run's migrated, seeded template. */
export async function createTestDatabase(): Promise<{
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}> {
  const adminUrl = inject('databaseAdminUrl');
  const template = inject('templateDatabase');
  const name = `wyt_${inject('runId')}_${process.pid}_${counter++}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 10 });
  return {
    url,
    handle,
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A Redis key prefix no other test run or file shares. */
export function testRedisPrefix(): string {
  return `wyt-test-${inject('runId')}-${process.pid}-${counter++}`;
}
