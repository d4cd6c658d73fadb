import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '@wenyan/store';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { withDatabase } from './global-setup.ts';

let counter = 0;

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A fresh database for one test file: a clone of the run's migrated, seeded template. */
export async function createTestDatabase(): Promise<TestDatabase> {
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

/**
 * `createTestDatabase` for the tests of the enclosing `describe` (or file): created in a `beforeAll`,
 * dropped in an `afterAll`, so after the `afterAll`s registered later (which close their own handles on
 * it first). The returned database reads through to the created one, so use it inside hooks and tests
 * only (`const database = useTestDatabase()`, then `database.handle.db` in an `it`).
 */
export function useTestDatabase(): Pick<TestDatabase, 'url' | 'handle'> {
  let created: TestDatabase | undefined;
  const current = (): TestDatabase => {
    if (!created) throw new Error('the test database is created in beforeAll: use it in a hook or a test');
    return created;
  };
  beforeAll(async () => {
    created = await createTestDatabase();
  });
  afterAll(async () => {
    await created?.drop();
  });
  return {
    get url() {
      return current().url;
    },
    get handle() {
      return current().handle;
    },
  };
}

/** A Redis key prefix no other test run or file shares. */
export function testRedisPrefix(): string {
  return `wyt-test-${inject('runId')}-${process.pid}-${counter++}`;
}
