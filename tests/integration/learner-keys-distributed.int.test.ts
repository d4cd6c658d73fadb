/**
 * The key ring on Postgres (the distributed mode: each process reads the keys it needs): a learner's
 * first sealing makes their key, another process opens the text in flat rows and in the nested events
 * of a batch read (the projector's shape), and once the key is deleted a process that did not know it
 * reads the text as erased.
 */
import {
  appendToStream,
  type DatabaseHandle,
  ERASED_TEXT,
  learnerStreamId,
  openDatabase,
  readStream,
} from '@wenyan/store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/test-db.ts';

describe('sealed free text across processes (Postgres)', () => {
  const database = useTestDatabase();
  let other: DatabaseHandle;
  const userIds: string[] = [];

  beforeAll(async () => {
    other = await openDatabase({ databaseUrl: database.url, poolSize: 2, migrate: false });
    for (const name of ['keys-a', 'keys-b']) {
      const made = await database.handle.db
        .insertInto('users')
        .values({ username: name, roles: ['student'] } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(String(made.id));
    }
  });
  afterAll(async () => {
    await other?.close();
  });

  const answer = (text: string) => ({
    type: 'AnswerSubmitted',
    schemaVersion: 1,
    data: { questionId: 'q1', selectedAnswer: text },
  });

  /** The events of both learners nested in one JSON column per learner, as the projector reads them. */
  const nested = (handle: DatabaseHandle) =>
    sql<{ stream_id: string; events: Array<{ data: { selectedAnswer: unknown } }> }>`
      select stream_id, json_agg(json_build_object('data', data) order by version) as events
      from events where stream_id in (${sql.join(userIds.map(learnerStreamId))})
      group by stream_id order by stream_id
    `.execute(handle.db);

  it('makes the key at the first sealing and opens the text in another process, flat and nested', async () => {
    await appendToStream(database.handle.db, learnerStreamId(userIds[0]!), 0, [answer('陳大文甲')], {
      actor: userIds[0]!,
    });
    await appendToStream(database.handle.db, learnerStreamId(userIds[1]!), 0, [answer('陳大文乙')], {
      actor: userIds[1]!,
    });
    // A second append under the key now known.
    await appendToStream(database.handle.db, learnerStreamId(userIds[0]!), 1, [answer('陳大文丙')], {
      actor: userIds[0]!,
    });
    const keys = await database.handle.db.withoutPlugins().selectFrom('learner_keys').selectAll().execute();
    expect(keys.map((k) => String(k.user_id)).sort()).toEqual([...userIds].sort());
    const raw = await sql<{ data: string }>`select data::text as data from events`.execute(
      database.handle.db.withoutPlugins(),
    );
    expect(raw.rows.map((r) => r.data).join('\n')).not.toContain('陳大文');

    const read = await readStream(other.db, learnerStreamId(userIds[0]!));
    expect(read.map((e) => e.data.selectedAnswer)).toEqual(['陳大文甲', '陳大文丙']);
    const rows = (await nested(other)).rows;
    expect(rows.map((r) => r.events.map((e) => e.data.selectedAnswer))).toEqual([
      ['陳大文甲', '陳大文丙'],
      ['陳大文乙'],
    ]);
  });

  it('reads the text as erased once the key is gone, in a process that did not know the key', async () => {
    await database.handle.db
      .withoutPlugins()
      .deleteFrom('learner_keys')
      .where('user_id', '=', userIds[0]!)
      .execute();
    const fresh = await openDatabase({ databaseUrl: database.url, poolSize: 1, migrate: false });
    try {
      const rows = (await nested(fresh)).rows;
      expect(rows.map((r) => r.events.map((e) => e.data.selectedAnswer))).toEqual([
        [ERASED_TEXT, ERASED_TEXT],
        ['陳大文乙'],
      ]);
      expect((await readStream(fresh.db, learnerStreamId(userIds[0]!)))[0]?.data.selectedAnswer).toBe(
        ERASED_TEXT,
      );
    } finally {
      await fresh.close();
    }
  });
});
