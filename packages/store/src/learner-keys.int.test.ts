import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db.ts';
import { appendToStream, learnerStreamId, readStream } from './event-store.ts';
import { ERASED_TEXT, keyRingOf } from './learner-keys.ts';

/** A learner's free text sealed at the store boundary (embedded PGlite: the ring holds every key). */
describe('sealed free text in the event log', () => {
  let handle: DatabaseHandle;
  let userId: string;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    const made = await handle.db
      .insertInto('users')
      .values({ username: 'sealer', roles: ['student'] } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = String(made.id);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const raw = async () =>
    (
      await sql<{
        data: string;
      }>`select data::text as data from events where stream_id = ${learnerStreamId(userId)}
        order by version`.execute(handle.db.withoutPlugins())
    ).rows.map((r) => r.data);

  it('seals an appeal’s note and answer, and an error-book note, and opens them on every read', async () => {
    const events = [
      {
        type: 'AnswerAppealed',
        schemaVersion: 1,
        data: { answerVersion: 1, selectedAnswer: '陳大文答', note: '我叫陳大文' },
      },
      { type: 'ErrorNoteSaved', schemaVersion: 1, data: { questionId: 'q1', note: '陳大文的筆記' } },
      { type: 'XpAwarded', schemaVersion: 1, data: { amount: 10 } },
    ];
    // Inside a transaction too (the key is made through the appender's own handle).
    await handle.db
      .transaction()
      .execute((trx) => appendToStream(trx, learnerStreamId(userId), 0, events, { actor: userId }));
    const stored = await raw();
    expect(stored.join('\n')).not.toContain('陳大文');
    expect(stored[2]).toContain('"amount": 10');
    const read = await readStream(handle.db, learnerStreamId(userId));
    expect(read.map((e) => e.data)).toEqual(events.map((e) => e.data));
  });

  it('reads the sealed text as erased once the key is gone, and leaves other streams alone', async () => {
    await handle.db.deleteFrom('learner_keys').where('user_id', '=', userId).execute();
    keyRingOf(handle.db)?.forget(userId);
    const read = await readStream(handle.db, learnerStreamId(userId));
    expect(read[0]?.data).toMatchObject({ selectedAnswer: ERASED_TEXT, note: ERASED_TEXT });
    expect(read[1]?.data).toMatchObject({ note: ERASED_TEXT });
    await appendToStream(
      handle.db,
      'class-1',
      0,
      [{ type: 'HomeworkSet', schemaVersion: 1, data: { note: '功課' } }],
      {
        actor: userId,
      },
    );
    expect((await readStream(handle.db, 'class-1'))[0]?.data).toEqual({ note: '功課' });
  });
});
