import { learnerStreamId, READ_MODEL_TABLES, rebuildProjections } from '@wenyan/store';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { generateHistory, insertLearner, loadBank } from '../support/history.ts';
import { localProjection, readModelRows } from '../support/read-models.ts';
import { useTestDatabase } from '../support/test-db.ts';

describe('rebuilding the read models', () => {
  const database = useTestDatabase();

  it('gives exactly what incremental projection gave, on thousands of events across hundreds of learners', async () => {
    const db = database.handle.db;
    const bank = await loadBank(db);
    const { projector, leaderboard } = localProjection(db);
    const learners = 200;
    let events = 0;
    for (let i = 0; i < learners; i++) {
      const userId = await insertLearner(db, `gen_${i}`);
      // Project part-way through, as the worker would between bursts.
      events += await generateHistory(db, userId, {
        seed: i + 1,
        actions: 6,
        days: 3,
        start: new Date('2026-09-01T01:00:00Z'),
        bank,
      });
      await projector.projectLearner(userId);
      events += await generateHistory(db, userId, {
        seed: 1000 + i,
        actions: 8,
        days: 20,
        start: new Date('2026-09-05T01:00:00Z'),
        bank,
      });
      await projector.projectLearner(userId);
    }
    console.log(`[rebuild test] ${learners} learners, ${events} events`);
    expect(events).toBeGreaterThan(2000);
    const incremental = await readModelRows(db);
    const result = await rebuildProjections(db, projector, leaderboard);
    expect(result).toEqual({ learners, events });
    const rebuilt = await readModelRows(db);
    for (const table of READ_MODEL_TABLES) expect(rebuilt[table], table).toEqual(incremental[table]);
    expect(incremental.user_totals).toHaveLength(learners);
    // About 3,000 events written and projected one learner at a time: beside two other files on a
    // loaded machine it has taken over the project's minute.
  }, 180_000);

  it('a learner whose events cannot be folded fails alone: the rest of the batch is projected', async () => {
    const db = database.handle.db;
    const bank = await loadBank(db);
    const { projector } = localProjection(db);
    const good = await insertLearner(db, 'batch_good');
    const poisoned = await insertLearner(db, 'batch_poisoned');
    const applied = await generateHistory(db, good, {
      seed: 7,
      actions: 5,
      days: 2,
      start: new Date('2026-10-01T01:00:00Z'),
      bank,
    });
    // An event no upcaster or reducer knows (as a bad import or a bug might leave).
    await sql`insert into streams (stream_id, version) values (${learnerStreamId(poisoned)}, 1)`.execute(db);
    await sql`insert into events (event_id, stream_id, version, type, schema_version, data, metadata)
      values (gen_random_uuid(), ${learnerStreamId(poisoned)}, 1, 'NoSuchEvent', 1, '{}', '{}')`.execute(db);

    const results = await projector.projectLearners([poisoned, good]);
    expect(results.get(good)).toEqual({ applied, checkpoint: applied });
    expect(results.has(poisoned)).toBe(false);
    const totals = await db
      .selectFrom('user_totals')
      .select('user_id')
      .where('user_id', 'in', [good, poisoned])
      .execute();
    expect(totals.map((t) => String(t.user_id))).toEqual([good]);
    // Alone, the failure is reported.
    await expect(projector.projectLearner(poisoned)).rejects.toThrow();
  });
});
