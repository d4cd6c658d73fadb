import type { DecideContext } from '@wenyan/domain';
import { findMarkedQuestion, practiceQuestionCounts, readExamDates } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

type QuestionRow = NonNullable<Awaited<ReturnType<typeof findMarkedQuestion>>>;

type Facts = Omit<DecideContext, 'now'>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What `decide` needs to know about the content and the school year (question counts, roadmap node
     * types, the admin's exam dates).
     */
    learnerContext(): Promise<Facts>;
    /** Forget every cached content read (after an import or a new question). */
    invalidateContent(): void;
    /** A stored question by id, cached (the answer route's hot path reads one per answer). */
    questionById(id: string): Promise<QuestionRow | undefined>;
    /**
     * A content read (lessons, a lesson's questions) cached under `key`, like the facts and the
     * questions: for a minute, forgotten on `invalidateContent`.
     */
    cachedContent<T>(key: string, load: () => Promise<T>): Promise<T>;
  }
}

/** How long a content read is kept; imports and the add-question form forget them at once. */
const CONTENT_TTL_MS = 60_000;

/**
 * Content reads cached in the instance: the decider's facts, stored questions (the answer route reads
 * one per answer), lessons and a lesson's questions. One cache of promises, so concurrent misses share a
 * read; every entry lives a minute and `invalidateContent` forgets them all.
 */
export async function registerContentFacts(app: FastifyInstance): Promise<void> {
  async function loadFacts(): Promise<Facts> {
    const [rows, examDates] = await Promise.all([
      practiceQuestionCounts(app.deps.db),
      readExamDates(app.deps.db),
    ]);
    const adminExamDates: Record<number, string> = {};
    for (const row of examDates) adminExamDates[row.year] = row.examDate;
    const lessonQuestionCounts: Record<number, number> = {};
    const lessonNodeTypes: Record<number, string[]> = {};
    const nodeQuestionCounts: Record<number, Record<string, number>> = {};
    for (const row of rows) {
      lessonQuestionCounts[row.lessonId] = (lessonQuestionCounts[row.lessonId] ?? 0) + row.count;
      lessonNodeTypes[row.lessonId] = [...(lessonNodeTypes[row.lessonId] ?? []), row.type];
      nodeQuestionCounts[row.lessonId] = {
        ...nodeQuestionCounts[row.lessonId],
        [row.type]: row.atLowestTier,
      };
    }
    for (const types of Object.values(lessonNodeTypes)) types.sort();
    return { lessonQuestionCounts, lessonNodeTypes, nodeQuestionCounts, adminExamDates };
  }

  const reads = new LRUCache<string, Promise<unknown>>({ max: 10_000, ttl: CONTENT_TTL_MS });
  function cachedContent<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = reads.get(key);
    if (hit) return hit as Promise<T>;
    const value = load();
    reads.set(key, value);
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (reads.get(key) === value) reads.delete(key);
    });
    return value;
  }

  app.decorate('cachedContent', cachedContent);
  app.decorate('learnerContext', () => cachedContent('facts', loadFacts));
  app.decorate('questionById', (id: string) =>
    cachedContent(`question:${id}`, () => findMarkedQuestion(app.deps.db, id)),
  );
  app.decorate('invalidateContent', () => reads.clear());
}
