/**
 * `npm run backup` and `npm run restore`: a backup of the embedded store, made while learners have a
 * history, restores into an empty Postgres database (the other engine) with the same event log, and
 * the read models rebuilt there equal the ones the source projected.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BackupRefused,
  createLocalBroadcast,
  createProjector,
  type Db,
  openDatabase,
  rebuildProjections,
  restoreBackup,
  sqlLeaderboard,
  writeBackup,
} from '@wenyan/store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app-harness.ts';
import { createTestDatabase } from '../support/test-db.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READ_MODELS = [
  'user_totals',
  'user_lesson_stats',
  'completed_activities',
  'error_questions',
  'vocabulary_records',
];

let source: TestApp;
let work: string;
let backupFile: string;
let sourceEvents = 0;

async function eventLog(db: Db) {
  const rows = await sql<Record<string, unknown>>`
    select position, event_id, stream_id, version, type, schema_version, data, metadata, recorded_at
    from events order by position`.execute(db);
  return rows.rows.map((row) => ({
    ...row,
    position: String(row.position),
    recorded_at: new Date(String(row.recorded_at)).toISOString(),
  }));
}

/** A value as both engines can agree on it (PGlite gives int8 as a number, node-postgres as a string). */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return value;
}

async function readModels(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const table of READ_MODELS) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows.rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            // updated_at is when the projector wrote the row, not what the row says.
            Object.entries(row)
              .filter(([k]) => k !== 'updated_at')
              .map(([k, v]) => [k, comparable(v)]),
          ),
        ),
      )
      .sort();
  }
  return out;
}

async function waitForProjection(db: Db) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const behind = await sql<{ n: string }>`
      select count(*) as n from streams s left join learner_projections p
        on p.user_id = cast(substring(s.stream_id from 9) as bigint)
      where s.stream_id like 'learner-%' and coalesce(p.checkpoint, 0) < s.version`.execute(db);
    if (Number(behind.rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('projection did not catch up');
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'wyt-backup-'));
  backupFile = path.join(work, 'wenyan.ndjson.gz');
  source = await startTestApp('embedded');
  const db = source.runtime.deps.db;
  const bank = await sql<{ id: string; correct_answer: string; options: string[] }>`
    select id, correct_answer, options from questions where options is not null order by id limit 6`.execute(
    db,
  );
  for (const name of ['backup_a', 'backup_b']) {
    const learner = await signUp(source.app, name);
    for (const [i, question] of bank.rows.entries()) {
      const wrong = question.options.find((option) => option !== question.correct_answer) ?? 'x';
      const res = await source.app.inject({
        method: 'POST',
        url: '/api/users/answers',
        headers: { ...learner.headers, 'idempotency-key': `${name}-${i}` },
        payload: {
          userId: learner.id,
          questionId: question.id,
          selectedAnswer: i % 3 === 0 ? wrong : question.correct_answer,
          timeSpent: 5,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  await waitForProjection(db);
});

afterAll(async () => {
  await source?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a backup restored into an empty database of the other engine', () => {
  it('has the same event log, and read models rebuilt from it equal the source', async () => {
    const counts = await writeBackup(source.runtime.deps.db, backupFile);
    // Password hashes, e-mails and names: readable by the owner only.
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    sourceEvents = (await eventLog(source.runtime.deps.db)).length;
    expect(sourceEvents).toBeGreaterThanOrEqual(12);
    expect(counts.events).toBe(sourceEvents);
    expect(counts.users).toBe(2);
    expect(counts.user_totals).toBeUndefined();

    const target = await createTestDatabase();
    const handle = await openDatabase({ databaseUrl: target.url });
    try {
      const restored = await restoreBackup(handle.db, backupFile);
      expect(restored.events).toBe(sourceEvents);
      expect(await eventLog(handle.db)).toEqual(await eventLog(source.runtime.deps.db));
      const leaderboard = sqlLeaderboard(handle.db);
      const projector = createProjector({
        db: handle.db,
        broadcast: createLocalBroadcast(),
        leaderboard,
        nextVersion: async () => 0,
      });
      await rebuildProjections(handle.db, projector, leaderboard);
      expect(await readModels(handle.db)).toEqual(await readModels(source.runtime.deps.db));
      const logins = await sql<{
        n: string;
      }>`select count(*) as n from users where password_hash is not null`.execute(handle.db);
      expect(Number(logins.rows[0]?.n)).toBe(2);
      // The daily reminder's VAPID key pair travels with the data: the restored deployment signs as the
      // old one, so the learners' subscriptions (bound to its public key) keep working.
      const vapid = async (db: Db) =>
        (await sql<Record<string, unknown>>`select public_key, private_key from vapid_keys`.execute(db)).rows;
      expect(await vapid(source.runtime.deps.db)).toHaveLength(1);
      expect(await vapid(handle.db)).toEqual(await vapid(source.runtime.deps.db));

      // New rows continue after the restored ones: a learner signs up and answers on the restored database.
      const next = await sql<{
        id: string;
      }>`insert into users (username) values ('after_restore') returning id`.execute(handle.db);
      const highest = await sql<{
        id: string;
      }>`select max(id) as id from users where username <> 'after_restore'`.execute(handle.db);
      expect(BigInt(String(next.rows[0]?.id))).toBeGreaterThan(BigInt(String(highest.rows[0]?.id)));

      await expect(restoreBackup(handle.db, backupFile)).rejects.toBeInstanceOf(BackupRefused);
    } finally {
      await handle.close();
      await target.drop();
    }
  });

  it('runs as the npm commands an operator uses, into Postgres', async () => {
    const target = await createTestDatabase();
    try {
      const env = { ...process.env, DATABASE_URL: target.url, INIT_CWD: work };
      const out = execFileSync(
        process.execPath,
        [path.join(root, 'packages/store/src/cli/restore.ts'), backupFile],
        {
          env,
          encoding: 'utf8',
        },
      );
      expect(out).toContain(`restored ${sourceEvents} events and 2 users`);
      // Into a file that exists world-readable, in a folder the command creates: both become the owner's.
      const again = path.join(work, 'fresh-folder', 'again.ndjson.gz');
      const stale = path.join(work, 'stale.ndjson.gz');
      writeFileSync(stale, 'old', { mode: 0o644 });
      execFileSync(process.execPath, [path.join(root, 'packages/store/src/cli/backup.ts'), stale], { env });
      expect(statSync(stale).mode & 0o777).toBe(0o600);
      const backedUp = execFileSync(
        process.execPath,
        [path.join(root, 'packages/store/src/cli/backup.ts'), again],
        {
          env,
          encoding: 'utf8',
        },
      );
      expect(backedUp).toContain(`${sourceEvents} events, 2 users`);
      expect(statSync(again).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(again)).mode & 0o777).toBe(0o700);
    } finally {
      await target.drop();
    }
  });

  it('refuses a file that is not a backup, and changes nothing', async () => {
    const target = await createTestDatabase();
    const handle = await openDatabase({ databaseUrl: target.url });
    try {
      const notABackup = path.join(work, 'not-a-backup.gz');
      execFileSync('sh', ['-c', `echo '{"hello":1}' | gzip > ${notABackup}`]);
      await expect(restoreBackup(handle.db, notABackup)).rejects.toThrow(/not a wenyan-backup file/);
    } finally {
      await handle.close();
      await target.drop();
    }
  });
});
