import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { migrateToLatest } from '@wenyan/infra';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataFolder } from './data-lock.ts';
import { ensureEventPartitions } from './event-store.ts';
import { keyRingOf, LearnerKeyRing } from './learner-keys.ts';
import { preparingPool } from './prepared.ts';
import type { Database, Db } from './tables.ts';

// bigint (int8) columns come back as strings; counts and ids stay exact that way. numeric → number.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type { Db };

export interface DatabaseHandle {
  db: Db;
  /** 'postgres' for a server given by URL, 'pglite' for the embedded engine. */
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball (`loadDataDir` starts another engine from it). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface OpenDatabaseOptions {
  /** A Postgres connection string; without it the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; `memory://` keeps it in memory. A folder is locked to this process. */
  dataDir?: string | undefined;
  /** Who holds the folder, as the lock tells a second process (default: this process's command line). */
  owner?: string;
  /** Pool size for Postgres. */
  poolSize?: number | undefined;
  /** Run the migrations before returning (default true). */
  migrate?: boolean | undefined;
  /**
   * PGlite only: start from this data folder (a `dumpDataDir` tarball) instead of an empty one. Tests
   * load a migrated, seeded template so that each in-memory app skips the migrations and the seed.
   */
  loadDataDir?: Blob | undefined;
}

/** How often a process makes the event log's coming months' partitions (they exist three months ahead). */
const PARTITION_CHECK_MS = 24 * 60 * 60 * 1000;

/** Opens the database (Postgres by URL, else embedded PGlite) and migrates it to the newest schema. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      application_name: 'wenyan',
    });
    // A dropped connection (a Postgres restart) must not crash the process: the query in flight fails
    // (the caller answers 503 and the client retries with its idempotency key); the pool reconnects.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
      plugins: [new LearnerKeyRing()],
    });
    handle = { db, kind: 'postgres', close: () => db.destroy() };
  } else {
    const dataDir = options.dataDir ?? 'memory://';
    let release = () => {};
    if (!dataDir.startsWith('memory://')) {
      mkdirSync(dataDir, { recursive: true });
      // One process per data folder: a second one refuses here, before it opens anything.
      release = lockDataFolder(dataDir, options.owner ?? process.argv.slice(1).join(' '));
    }
    let pglite: PGlite;
    try {
      pglite = await PGlite.create(
        dataDir,
        options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined,
      );
    } catch (err) {
      release();
      throw err;
    }
    const db = new Kysely<Database>({
      dialect: new PGliteDialect({ pglite }),
      plugins: [new LearnerKeyRing()],
    });
    handle = {
      db,
      kind: 'pglite',
      dumpDataDir: () => pglite.dumpDataDir('none'),
      close: async () => {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
        release();
      },
    };
  }
  if (options.migrate !== false) {
    await migrateToLatest(handle.db as Kysely<unknown>);
    // The event log's months ahead (migration 0023), now and daily while the process runs.
    await ensureEventPartitions(handle.db);
    const partitions = setInterval(() => {
      ensureEventPartitions(handle.db).catch(() => {});
    }, PARTITION_CHECK_MS);
    partitions.unref();
    const close = handle.close;
    handle.close = () => {
      clearInterval(partitions);
      return close();
    };
  }
  // The learners' data keys: all of them now for the embedded engine (this process is its one user).
  await keyRingOf(handle.db)
    ?.attach(handle.db, handle.kind === 'pglite')
    .catch(() => {});
  return handle;
}

/**
 * A read-only Kysely over a replica (`DATABASE_READ_URL`) for the reads that tolerate its lag: no
 * migration, no learner key ring (its reads hold no sealed text, and it would write a key), a pool of
 * its own. Every write and every read right after one stays on `openDatabase`'s handle.
 */
export function openReadDatabase(databaseUrl: string, poolSize = 10): { db: Db; close(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    application_name: 'wenyan-read',
    // A replica refuses writes anyway; this makes a primary given here refuse them too.
    options: '-c default_transaction_read_only=on',
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, close: () => db.destroy() };
}
