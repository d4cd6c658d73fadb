import type { DecideContext } from '@wenyan/domain';
import {
  anyClassOnlyQuestions,
  findMarkedQuestion,
  practiceQuestionCounts,
  type QuestionViewer,
  readExamDates,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

type QuestionRow = NonNullable<Awaited<ReturnType<typeof findMarkedQuestion>>>;

type Facts = Omit<DecideContext, 'now'>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What `decide` needs to know about the content and the school year (question counts, roadmap node
     * types, the admin's exam dates): what is served to everyone, plus, for `learnerId`, the
     * unpublished questions of their classes' teachers.
     */
    learnerContext(learnerId?: string): Promise<Facts>;
    /**
     * Whom a question read is for: the learner's id while any teacher's question is served to its
     * classes only, else null (everyone is served the same, and one cached read serves them all).
     */
    questionViewer(learnerId: string): Promise<QuestionViewer>;
    /** Forget every cached content read, here and in every other API process (an import, a new question). */
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

/** How long a content read is kept; a change made through the API is forgotten at once, in every process. */
const CONTENT_TTL_MS = 60_000;

/**
 * Content reads cached in the instance: the decider's facts, stored questions (the answer route reads
 * one per answer), lessons and a lesson's questions. One cache of promises, so concurrent misses share a
 * read; every entry lives a minute and `invalidateContent` forgets them all, here and (through
 * `contentNotices`) in every other API process.
 */
export async function registerContentFacts(app: FastifyInstance): Promise<void> {
  async function loadFacts(only?: string): Promise<Facts> {
    const [rows, examDates] = await Promise.all([
      practiceQuestionCounts(app.deps.db, only),
      only === undefined ? readExamDates(app.deps.db) : Promise.resolve([]),
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
        // A node's session draws every question of its type (nodeSessionQuestions).
        [row.type]: row.count,
      };
    }
    for (const types of Object.values(lessonNodeTypes)) types.sort();
    return { lessonQuestionCounts, lessonNodeTypes, nodeQuestionCounts, adminExamDates };
  }

  /** The facts for everyone plus a learner's own extra questions (their teachers' unpublished ones). */
  function withExtra(base: Facts, extra: Facts): Facts {
    const lessonQuestionCounts = { ...base.lessonQuestionCounts };
    const lessonNodeTypes = { ...base.lessonNodeTypes };
    const nodeQuestionCounts = { ...base.nodeQuestionCounts };
    for (const [lesson, count] of Object.entries(extra.lessonQuestionCounts ?? {})) {
      const id = Number(lesson);
      lessonQuestionCounts[id] = (lessonQuestionCounts[id] ?? 0) + count;
      lessonNodeTypes[id] = [
        ...new Set([...(lessonNodeTypes[id] ?? []), ...(extra.lessonNodeTypes?.[id] ?? [])]),
      ].sort();
      const nodes = { ...nodeQuestionCounts[id] };
      for (const [type, n] of Object.entries(extra.nodeQuestionCounts?.[id] ?? {}))
        nodes[type] = (nodes[type] ?? 0) + n;
      nodeQuestionCounts[id] = nodes;
    }
    return { ...base, lessonQuestionCounts, lessonNodeTypes, nodeQuestionCounts };
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
  const classOnly = () => cachedContent('class-only-questions', () => anyClassOnlyQuestions(app.deps.db));
  const questionViewer = async (learnerId: string) => ((await classOnly()) ? learnerId : null);
  app.decorate('questionViewer', questionViewer);
  app.decorate('learnerContext', async (learnerId?: string) => {
    const base = await cachedContent('facts', () => loadFacts());
    const viewer = learnerId === undefined ? null : await questionViewer(learnerId);
    if (viewer === null) return base;
    // Cached a minute like every content read; joining or leaving a class forgets it (`invalidateContent`).
    const extra = await cachedContent(`facts:${viewer}`, () => loadFacts(viewer));
    return Object.keys(extra.lessonQuestionCounts ?? {}).length === 0 ? base : withExtra(base, extra);
  });
  app.decorate('questionById', (id: string) =>
    cachedContent(`question:${id}`, () => findMarkedQuestion(app.deps.db, id)),
  );
  // Every process forgets on a change made in any of them (its own notice comes back: harmless). Not
  // awaited: a Redis that is away must not hold the start; the minute's lifetime bounds a lost notice.
  const notices = app.deps.contentNotices;
  const subscription = notices.subscribe(() => reads.clear()).catch(() => async () => {});
  app.addHook('onClose', async () => {
    await (await subscription)();
  });
  app.decorate('invalidateContent', () => {
    reads.clear();
    notices.publish({ changed: 'content' }).catch(() => {});
  });
}
