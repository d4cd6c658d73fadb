/**
 * Logical backups: every table that holds what cannot be derived (the event log, streams, identity,
 * classes, content, idempotency keys), one JSON line a row, gzipped. The read models and the states'
 * parts are left out: they are projections, rebuilt from the log after a restore (a restored stream's
 * snapshot is cleared, so its state is refolded at its next command). The same file
 * restores into PGlite or Postgres, whichever made it.
 */

import { once } from 'node:events';
import { createReadStream, createWriteStream, fchmodSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import { keyRingOf } from './learner-keys.ts';
import { READ_MODEL_TABLES } from './projections.ts';

export const BACKUP_FORMAT = 'wenyan-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** A backup file's permissions: owner read and write only. */
export const BACKUP_FILE_MODE = 0o600;

/** Tables a backup leaves out: read models and caches (rebuilt), and the migrator's own bookkeeping. */
const NOT_BACKED_UP = new Set<string>([
  ...READ_MODEL_TABLES,
  'learner_replay_snapshots',
  // A state's parts beside its snapshot (issue 38): derived, and a restore refolds the states.
  'stream_parts',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** Columns the database fills again on restore: an event's transaction id must be the new database's. */
const REGENERATED: Record<string, readonly string[]> = { events: ['tx_id'] };

/** Rows read or inserted per statement. */
const PAGE = 500;

interface Column {
  name: string;
  dataType: string;
  identity: boolean;
}

export interface TablePlan {
  table: string;
  columns: Column[];
  /** Primary-key columns, the order rows are read in. */
  key: string[];
}

type Header = { format: typeof BACKUP_FORMAT; version: number; migrations: string[]; createdAt: string };
type TableLine = { table: string; columns: string[] };
type RowLine = { row: unknown[] };

/** The tables to back up, each after the tables its foreign keys point to. */
export async function backupPlan(db: Db): Promise<TablePlan[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables t
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      -- A partition's rows are its parent's (the event log's months, migration 0023).
      and not exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = t.table_schema and c.relname = t.table_name and c.relispartition)
    order by table_name`.execute(db);
  const names = tables.rows.map((r) => r.table_name).filter((name) => !NOT_BACKED_UP.has(name));
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_identity: string;
  }>`
    -- A column filled by its own sequence counts as an identity (the partitioned log's position).
    select table_name, column_name, data_type,
      case when column_default like 'nextval(%' then 'YES' else is_identity end as is_identity
    from information_schema.columns
    where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
  const keys = await sql<{ table_name: string; column_name: string }>`
    select kcu.table_name, kcu.column_name from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
    order by kcu.table_name, kcu.ordinal_position`.execute(db);
  const references = await sql<{ child: string; parent: string }>`
    select distinct tc.table_name as child, ccu.table_name as parent
    from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.table_schema = current_schema() and tc.constraint_type = 'FOREIGN KEY'`.execute(db);

  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const ref of references.rows) {
      if (ref.child === name && ref.parent !== name && names.includes(ref.parent)) visit(ref.parent);
    }
    ordered.push(name);
  };
  for (const name of names) visit(name);

  return ordered.map((table) => {
    const skipped = REGENERATED[table] ?? [];
    return {
      table,
      columns: columns.rows
        .filter((c) => c.table_name === table && !skipped.includes(c.column_name))
        .map((c) => ({ name: c.column_name, dataType: c.data_type, identity: c.is_identity === 'YES' })),
      key: keys.rows.filter((k) => k.table_name === table).map((k) => k.column_name),
    };
  });
}

const isJson = (column: Column) => column.dataType === 'json' || column.dataType === 'jsonb';

/** A value as JSON can carry it (bytes as base64, timestamps as ISO strings). */
function encode(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function decode(value: unknown, column: Column): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && value !== null && '$bytes' in value && column.dataType === 'bytea') {
    return Buffer.from(String((value as { $bytes: string }).$bytes), 'base64');
  }
  // A JSON value goes in as text: the driver would send a JS array as a Postgres array.
  if (isJson(column)) return JSON.stringify(value);
  return value;
}

/** Every line of a backup of the database, in restore order. */
export async function* backupLines(db: Db, now = new Date()): AsyncGenerator<string> {
  // The log as stored: a learner's sealed free text stays sealed (learner-keys.ts), never opened here.
  db = db.withoutPlugins();
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`
    .execute(db)
    .catch(() => ({ rows: [] as { name: string }[] }));
  const header: Header = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    migrations: migrations.rows.map((m) => m.name),
    createdAt: now.toISOString(),
  };
  yield JSON.stringify(header);
  for (const plan of await backupPlan(db)) {
    const tableLine: TableLine = { table: plan.table, columns: plan.columns.map((c) => c.name) };
    yield JSON.stringify(tableLine);
    const order = plan.key.length > 0 ? plan.key : plan.columns.map((c) => c.name);
    const selected = sql.join(plan.columns.map((c) => sql.ref(c.name)));
    for (let offset = 0; ; offset += PAGE) {
      const page = await sql<Record<string, unknown>>`
        select ${selected} from ${sql.table(plan.table)}
        order by ${sql.join(order.map((c) => sql.ref(c)))} limit ${PAGE} offset ${offset}`.execute(db);
      for (const row of page.rows) {
        const line: RowLine = { row: plan.columns.map((c) => encode(row[c.name])) };
        yield JSON.stringify(line);
      }
      if (page.rows.length < PAGE) break;
    }
  }
}

/**
 * Writes a gzipped backup to a file; returns the rows written per table. The file is readable by its
 * owner only (0600): it holds password hashes, e-mails and names. A file that already exists is made
 * 0600 too, before anything is written to it.
 */
export async function writeBackup(db: Db, file: string): Promise<Record<string, number>> {
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: BACKUP_FILE_MODE });
  out.on('open', (fd: number) => fchmodSync(fd, BACKUP_FILE_MODE));
  gzip.pipe(out);
  const counts: Record<string, number> = {};
  let table = '';
  let first = true;
  for await (const line of backupLines(db)) {
    if (!first) {
      const parsed = JSON.parse(line) as Partial<TableLine & RowLine>;
      if (parsed.table) {
        table = parsed.table;
        counts[table] = 0;
      } else counts[table] = (counts[table] ?? 0) + 1;
    }
    first = false;
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  }
  gzip.end();
  await once(out, 'finish');
  return counts;
}

export class BackupRefused extends Error {
  readonly code = 'BACKUP_REFUSED';
}

/**
 * Restores a backup into a database that has the schema but no learners' data yet (an empty database
 * just migrated: content rows the start-up import wrote are replaced). One transaction: a failure
 * leaves the database as it was. Returns the rows restored per table; rebuild the read models after.
 */
export async function restoreBackup(db: Db, file: string): Promise<Record<string, number>> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const iterator = lines[Symbol.asyncIterator]();
  const headerLine = await iterator.next();
  const header = headerLine.done ? null : (JSON.parse(headerLine.value) as Partial<Header>);
  if (header?.format !== BACKUP_FORMAT || header.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupRefused(`${file} is not a ${BACKUP_FORMAT} file of version ${BACKUP_FORMAT_VERSION}`);
  }
  const plans = new Map((await backupPlan(db)).map((plan) => [plan.table, plan]));
  const existing = await sql<{ n: string }>`select count(*) as n from events`.execute(db);
  if (Number(existing.rows[0]?.n ?? 0) > 0) {
    throw new BackupRefused('the database already holds events: restore into an empty database');
  }

  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    // The start-up import's content rows (and anything else) give way to the backup's, children first.
    for (const plan of [...plans.values()].reverse()) {
      if (plan.table !== 'events') await sql`delete from ${sql.table(plan.table)}`.execute(trx);
    }
    let plan: TablePlan | undefined;
    let columns: Column[] = [];
    let batch: unknown[][] = [];
    const flush = async () => {
      if (!plan || batch.length === 0) return;
      const rows = batch.map(
        (row) => sql`(${sql.join(row.map((value, i) => decode(value, columns[i] as Column)))})`,
      );
      await sql`insert into ${sql.table(plan.table)} (${sql.join(columns.map((c) => sql.ref(c.name)))})
        overriding system value values ${sql.join(rows)}`.execute(trx);
      batch = [];
    };
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (next.value.trim() === '') continue;
      const line = JSON.parse(next.value) as Partial<TableLine & RowLine>;
      if (line.table !== undefined) {
        await flush();
        plan = plans.get(line.table);
        if (!plan) throw new BackupRefused(`the backup has a table this database lacks: ${line.table}`);
        const byName = new Map(plan.columns.map((c) => [c.name, c]));
        columns = (line.columns ?? []).map((name) => {
          const column = byName.get(name);
          if (!column)
            throw new BackupRefused(`the backup has a column this database lacks: ${line.table}.${name}`);
          return column;
        });
        counts[plan.table] = 0;
      } else if (line.row && plan) {
        batch.push(line.row);
        counts[plan.table] = (counts[plan.table] ?? 0) + 1;
        if (batch.length >= PAGE) await flush();
      }
    }
    await flush();
    // The snapshots' parts are not in the backup: each state is refolded from the log at its next command.
    await sql`update streams set snapshot = null`.execute(trx);
    // Identity columns continue after the restored rows.
    for (const table of plans.values()) {
      for (const column of table.columns.filter((c) => c.identity)) {
        await sql`select setval(pg_get_serial_sequence(${table.table}, ${column.name}),
          coalesce((select max(${sql.ref(column.name)}) from ${sql.table(table.table)}), 0) + 1, false)`.execute(
          trx,
        );
      }
    }
  });
  // The learners' data keys came with the backup: a ring that had them all loaded loads them again.
  await keyRingOf(db)?.reload();
  return counts;
}
