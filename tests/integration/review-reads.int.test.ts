/**
 * The review cards' read for a learner or a class (`readCardsOf`: the forecast, the error book's
 * mastery, the progress page, a class's forecast) looks the learners asked for up by key, however many
 * other learners have cards: the planner must not scan every learner's cards or error-book rows.
 */
import { cardsOfQuery, type DatabaseHandle, readCardsOf } from '@wenyan/store';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/test-db.ts';

const LEARNERS = 3000;
const CARDS_EACH = 40;

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** Every node of a plan from `explain (format json)`. */
function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

describe('the review cards read', () => {
  const database = useTestDatabase();
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = database.handle;
    // Cards and error-book rows of many learners (the read models need no account row).
    await sql`
      insert into review_cards (user_id, question_id, lesson_id, question_type, state, stability, difficulty,
        reps, correct, lapses, last_rating, last_review, due)
      select u, 'probe-' || q, 1, 'word_interpretation', 'review', 2.3, 5.1, 1, 1, 0, 'good',
        now() - interval '1 day', now() + make_interval(mins => q * 7 + u % 11)
      from generate_series(1, ${LEARNERS}::integer) u, generate_series(1, ${CARDS_EACH}::integer) q
    `.execute(handle.db);
    await sql`
      insert into error_questions (user_id, question_id, attempt_count, incorrect_answer, correct_answer,
        is_active, first_error_at, last_attempt_at)
      select u, 'probe-' || q, 1, 'A', 'B', q % 2 = 0, now(), now()
      from generate_series(1, ${LEARNERS}::integer) u, generate_series(1, 5) q
    `.execute(handle.db);
    await sql`analyze review_cards`.execute(handle.db);
    await sql`analyze error_questions`.execute(handle.db);
  });

  const explain = async (ids: string[]) => {
    const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${cardsOfQuery(ids)}`.execute(
      handle.db,
    );
    return rows[0]!['QUERY PLAN'] as { Plan: PlanNode }[];
  };
  const seqScans = (plan: { Plan: PlanNode }[], ...tables: string[]) =>
    planNodes(plan[0]!.Plan).filter(
      (n) => n['Node Type'] === 'Seq Scan' && tables.includes(String(n['Relation Name'])),
    );

  it("reads one learner's cards and error-book rows by key, scanning neither table", async () => {
    expect(seqScans(await explain(['17']), 'review_cards', 'error_questions')).toEqual([]);
  });

  it("reads a class's cards by key, knowing how many learners it reads", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => String(100 + i * 37));
    const plan = await explain(ids);
    expect(seqScans(plan, 'review_cards')).toEqual([]);
    // 30 learners of 40 cards; a json array of ids read as a hundred learners' 4,000.
    const estimated = Number(plan[0]!.Plan['Plan Rows']);
    expect(estimated).toBeGreaterThan(30 * CARDS_EACH * 0.5);
    expect(estimated).toBeLessThan(30 * CARDS_EACH * 2);
  });

  it('gives each learner asked for their own cards, soonest due first, with their error-book state', async () => {
    const cards = await readCardsOf(handle.db, ['17', '18', '999999']);
    expect([...cards.keys()]).toEqual(['17', '18', '999999']);
    expect(cards.get('999999')).toEqual([]);
    for (const id of ['17', '18']) {
      const mine = cards.get(id)!;
      expect(mine).toHaveLength(CARDS_EACH);
      const dues = mine.map((c) => Date.parse(c.due));
      expect(dues).toEqual([...dues].sort((a, b) => a - b));
      const open = mine.filter((c) => c.inErrorBook).map((c) => c.questionId);
      expect(open.sort()).toEqual(['probe-2', 'probe-4']);
    }
  });
});
