import type { DecideContext } from '@wenyan/domain';
import { findQuestion } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';

type QuestionRow = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

type Facts = Omit<DecideContext, 'now'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** What `decide` needs to know about the content (question counts, roadmap node types). */
    learnerContext(): Promise<Facts>;
    /** Forget the cached facts (after an import or a new question). */
    invalidateContent(): void;
    /** A stored question by id, cached (the answer route's hot path reads one per answer). */
    questionById(id: string): Promise<QuestionRow | undefined>;
    /**
     * A content read (lessons, a lesson's questions) cached under `key` like the facts: for a minute,
     * forgotten on `invalidateContent`. Every learner's lobby and session start read the same rows.
     */
    cachedContent<T>(key: string, load: () => Promise<T>): Promise<T>;
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
  // Questions change only through imports and the add-question form, which invalidate the cache.
  const questions = new Map<string, { row: QuestionRow | undefined; at: number }>();
  app.decorate('questionById', async (id: string) => {
    const hit = questions.get(id);
    if (hit && Date.now() - hit.at < 60_000) return hit.row;
    const row = await findQuestion(app.deps.db, id);
    if (questions.size > 5000) questions.clear();
    questions.set(id, { row, at: Date.now() });
    return row;
  });
  const reads = new Map<string, { value: Promise<unknown>; at: number }>();
  app.decorate('cachedContent', <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = reads.get(key);
    if (hit && Date.now() - hit.at < 60_000) return hit.value as Promise<T>;
    const value = load();
    reads.set(key, { value, at: Date.now() });
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (reads.get(key)?.value === value) reads.delete(key);
    });
    return value;
  });
  app.decorate('invalidateContent', () => {
    cached = null;
    questions.clear();
    reads.clear();
  });
}
