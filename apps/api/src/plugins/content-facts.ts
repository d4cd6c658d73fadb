import type { DecideContext } from '@wenyan/domain';
import type { FastifyInstance } from 'fastify';

type Facts = Omit<DecideContext, 'now'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** What `decide` needs to know about the content (question counts, roadmap node types). */
    learnerContext(): Promise<Facts>;
    /** Forget the cached facts (after an import or a new question). */
    invalidateContent(): void;
  }
}

const PRACTICE_ORIGINS = ['bank', 'user'];

/** Content facts for the decider, read from the question bank and cached for a minute. */
export async function registerContentFacts(app: FastifyInstance): Promise<void> {
  let cached: { facts: Facts; at: number } | null = null;
  let loading: Promise<Facts> | null = null;

  async function load(): Promise<Facts> {
    const rows = await app.deps.db
      .selectFrom('questions')
      .select(['lesson_id', 'type', (eb) => eb.fn.countAll<string>().as('n')])
      .where('origin', 'in', PRACTICE_ORIGINS)
      .groupBy(['lesson_id', 'type'])
      .execute();
    const lessonQuestionCounts: Record<number, number> = {};
    const lessonNodeTypes: Record<number, string[]> = {};
    for (const row of rows) {
      lessonQuestionCounts[row.lesson_id] = (lessonQuestionCounts[row.lesson_id] ?? 0) + Number(row.n);
      lessonNodeTypes[row.lesson_id] = [...(lessonNodeTypes[row.lesson_id] ?? []), row.type];
    }
    for (const types of Object.values(lessonNodeTypes)) types.sort();
    return { lessonQuestionCounts, lessonNodeTypes };
  }

  app.decorate('learnerContext', async () => {
    if (cached && Date.now() - cached.at < 60_000) return cached.facts;
    loading ??= load().finally(() => {
      loading = null;
    });
    const facts = await loading;
    cached = { facts, at: Date.now() };
    return facts;
  });
  app.decorate('invalidateContent', () => {
    cached = null;
  });
}
