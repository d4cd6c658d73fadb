/**
 * The hot statements (an answer's read and append, a projection batch's lock, read and write) run as
 * prepared statements of their connection: parsed and planned once, then only executed.
 */
import {
  createLocalBroadcast,
  createProjector,
  type DatabaseHandle,
  handleCommand,
  openDatabase,
  PREPARED,
  sqlLeaderboard,
} from '@wenyan/store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateHistory, insertLearner, loadBank } from '../support/history.ts';
import { useTestDatabase } from '../support/test-db.ts';

describe('prepared statements', () => {
  const database = useTestDatabase();
  // One connection, so the session that prepared the statements is the one asked about them.
  let single: DatabaseHandle;

  beforeAll(async () => {
    single = await openDatabase({ databaseUrl: database.url, poolSize: 1, migrate: false });
  });
  afterAll(async () => {
    await single?.close();
  });

  const prepared = async () => {
    const { rows } = await sql<{ statement: string }>`
      select statement from pg_prepared_statements order by prepare_time
    `.execute(single.db);
    return rows.map((r) => r.statement);
  };

  /** A new learner with a short history, projected through the single connection: what it applied. */
  const projectNewLearner = async (username: string, seed: number, start: string) => {
    const userId = await insertLearner(single.db, username);
    await generateHistory(single.db, userId, {
      seed,
      actions: 4,
      days: 1,
      start: new Date(start),
      bank: await loadBank(single.db),
    });
    const projector = createProjector({
      db: single.db,
      broadcast: createLocalBroadcast(),
      leaderboard: sqlLeaderboard(single.db),
      nextVersion: async () => 0,
    });
    return (await projector.projectLearners([userId])).get(userId)?.applied ?? 0;
  };

  it('prepares a marked statement once per connection and leaves the others unprepared', async () => {
    for (let i = 0; i < 3; i++) {
      const { rows } = await sql<{ n: number }>`${sql.raw(PREPARED)} select ${i}::integer + 1 as n`.execute(
        single.db,
      );
      expect(rows[0]!.n).toBe(i + 1);
      await sql`select ${i}::integer as unmarked`.execute(single.db);
    }
    const statements = await prepared();
    expect(statements.filter((s) => s.includes('+ 1 as n'))).toHaveLength(1);
    expect(statements.some((s) => s.includes('unmarked'))).toBe(false);
  });

  it("prepares an answer's read and append, and a projection's lock, read and write", async () => {
    const before = new Set(await prepared());
    const stream = 'tally-prepared';
    const model = {
      initialState: { n: 0 },
      evolve: (s: { n: number }) => ({ n: s.n + 1 }),
      snapshotSchema: 1,
    };
    for (const key of ['key-one-1', 'key-two-2']) {
      const outcome = await handleCommand(
        single.db,
        stream,
        model,
        () => ({
          ok: true,
          events: [{ type: 'Counted', schemaVersion: 1, data: {} }],
          reply: (next) => next,
        }),
        { metadata: { actor: '7' }, idempotency: { userId: '7', key, requestHash: 'h' } },
      );
      expect(outcome.ok && outcome.appended).toBe(1);
    }
    expect(await projectNewLearner('prepared_learner', 3, '2026-09-01T01:00:00Z')).toBeGreaterThan(0);

    const added = (await prepared()).filter((s) => !before.has(s));
    const has = (fragment: string) => added.some((s) => s.startsWith(PREPARED) && s.includes(fragment));
    expect(has('left join idempotency_keys k')).toBe(true); // the answer's read
    expect(has('insert into streams')).toBe(true); // a stream's first append
    expect(has('update streams')).toBe(true); // every later append
    expect(has('pg_advisory_xact_lock')).toBe(true);
    expect(has('from json_array_elements_text')).toBe(true); // the batch's read
    expect(has('insert into learner_projections')).toBe(true); // the batch's write
    expect(added.every((s) => s.startsWith(PREPARED))).toBe(true);
  });

  it("reads a batch's projections by key, not by scanning every learner's (however many there are)", async () => {
    // Enough projections that a hash join over a scan of the table looks cheap to the planner, which
    // guesses a hundred ids for the batch's json array.
    await sql`
      insert into learner_projections (user_id, checkpoint, view, view_schema, last_event_at, projected_at)
      select 1000000 + g, 1, '{}'::json, 1, now(), now() from generate_series(1, 20000) g
    `.execute(single.db);
    await sql`analyze learner_projections`.execute(single.db);
    // And learners with thousands of error-book records and cards each, of which a batch reads the few
    // its events name (issue 38).
    await sql`
      insert into error_questions (user_id, question_id, attempt_count, incorrect_answer, correct_answer,
        user_explanation, is_active, mastered_at, first_error_at, last_attempt_at)
      select 1000001 + g % 10, 'q' || g, 1, 'x', 'y', null, true, null, now(), now()
      from generate_series(1, 30000) g
    `.execute(single.db);
    await sql`
      insert into review_cards (user_id, question_id, lesson_id, question_type, state, stability, difficulty,
        reps, correct, lapses, last_rating, last_review, due)
      select 1000001 + g % 10, 'q' || g, 1, 'word_interpretation', 'review', 3, 5, 1, 1, 0, 'good', now(), now()
      from generate_series(1, 30000) g
    `.execute(single.db);
    await sql`analyze error_questions`.execute(single.db);
    await sql`analyze review_cards`.execute(single.db);
    expect(await projectNewLearner('prepared_scan', 5, '2026-09-02T01:00:00Z')).toBeGreaterThan(0);
    const { rows } = await sql<{ name: string; parameter_types: string }>`
      select name, parameter_types::text from pg_prepared_statements
      where statement like '%as w(user_id)%'
    `.execute(single.db);
    expect(rows).toHaveLength(1);
    // Its parameters, in order: the view's version, the events' limit, the learners' ids.
    expect(rows[0]!.parameter_types).toBe('{integer,integer,json}');
    const ids = JSON.stringify(['1000001', '1000002']);
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await sql`set plan_cache_mode = ${sql.raw(mode)}`.execute(single.db);
      const plan = await sql<{ 'QUERY PLAN': string }>`
        explain execute ${sql.id(rows[0]!.name)}(1, 50, ${sql.lit(ids)}::json)
      `.execute(single.db);
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('learner_projections_pkey');
      expect(text).not.toMatch(/Seq Scan on learner_projections/);
      // The error-book and card rows the new events name, by key too (issue 38).
      expect(text).toMatch(
        /error_questions_pkey[^\n]*\n\s*Index Cond: \(\(user_id = [^\n]*question_id = ANY/,
      );
      expect(text).toMatch(/review_cards_pkey[^\n]*\n\s*Index Cond: \(\(user_id = [^\n]*question_id = ANY/);
    }
    await sql`reset plan_cache_mode`.execute(single.db);
  });
});
