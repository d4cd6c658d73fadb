/**
 * The two replay reads of the teacher API: a learner's state at a version or a moment, and a page of
 * their events with the figures right after each one.
 */
import type { AtParam, LearnerEvent, LearnerEventsQuery, LearnerState } from '@wenyan/contracts';
import {
  bookCard,
  bookCards,
  endOfHongKongDayMs,
  errorBookRecords,
  lessonStatsRecords,
  planInForce,
  reviewBookOf,
} from '@wenyan/domain';
import {
  type Db,
  findEvents,
  findQuestions,
  learnerStreamId,
  listLessons,
  readExamDates,
  readQuestionTags,
  streamVersion,
  versionAtTime,
} from '@wenyan/store';
import { toErrorRecord, toKeyedQuestion, toStatsRecord } from '../learner/mappers.ts';
import { knownTags, toReviewCard } from '../learner/reviews.ts';
import { continueFold, coreAtVersion, figuresOf, viewAtVersion } from './replay.ts';

import { type LessonTitles, summarizeEvent } from './summaries.ts';

/** The lesson titles by id, for summaries and the class table. */
export async function lessonTitles(db: Db): Promise<Map<number, string>> {
  const lessons = await listLessons(db);
  return new Map(lessons.map((lesson) => [lesson.id, lesson.title]));
}

/**
 * The learner's state at `at`: a version (the state right after that event), an ISO time (after the
 * last event at or before it, with the streak as it showed at that moment), or now when absent.
 */
export async function learnerStateAt(
  db: Db,
  learnerId: string,
  at: AtParam | undefined,
  now: string = new Date().toISOString(),
): Promise<LearnerState> {
  const streamId = learnerStreamId(learnerId);
  let version: number;
  let moment: string | undefined;
  if (at === undefined) {
    version = await streamVersion(db, streamId);
    moment = now;
  } else if (typeof at === 'number') {
    version = Math.min(at, await streamVersion(db, streamId));
  } else {
    moment = new Date(at).toISOString();
    version = await versionAtTime(db, streamId, moment);
  }
  const folded = await viewAtVersion(db, learnerId, version);
  const open = errorBookRecords(folded.view, 'active');
  // The review cards as they were: due counts at the end of the moment's Hong Kong day, recall then.
  const atMs = Date.parse(moment ?? folded.at ?? now);
  const book = reviewBookOf(folded.view);
  const adminDates = Object.fromEntries((await readExamDates(db)).map((r) => [r.year, r.examDate]));
  const plan = planInForce(book.plan, adminDates, atMs);
  const cards = bookCards(book).sort(
    (a, b) => Date.parse(a.due) - Date.parse(b.due) || a.questionId.localeCompare(b.questionId),
  );
  const dueBy = endOfHongKongDayMs(atMs);
  const listed = cards.slice(0, 200);
  const [rows, tags] = await Promise.all([
    findQuestions(
      db,
      open.map((r) => r.questionId),
    ),
    readQuestionTags(
      db,
      listed.map((c) => c.questionId),
    ),
  ]);
  const questions = new Map(rows.map((q) => [q.id, { keyed: toKeyedQuestion(q), tags: q.tags ?? [] }]));
  const openIds = new Set(open.map((r) => r.questionId));
  return {
    learnerId,
    at: { version: folded.version, recordedAt: folded.at },
    totals: figuresOf(folded.view, moment),
    lessons: lessonStatsRecords(folded.view).map(toStatsRecord),
    openErrors: open.flatMap((record) => {
      const question = questions.get(record.questionId);
      if (!question) return [];
      return [
        toErrorRecord(record, question.keyed, {
          card: bookCard(book, record.questionId),
          tags: knownTags(question.tags),
          plan,
          nowMs: atMs,
        }),
      ];
    }),
    reviews: {
      examDate: plan.examDate,
      targetRecall: plan.targetRecall,
      cardCount: cards.length,
      dueCount: cards.filter((c) => Date.parse(c.due) < dueBy).length,
      cards: listed.map((card) =>
        toReviewCard(
          { ...card, tags: tags.get(card.questionId) ?? [], inErrorBook: openIds.has(card.questionId) },
          plan,
          atMs,
        ),
      ),
    },
  };
}

/**
 * A page of the learner's events after `query.after`, filtered by type and time, in stream order,
 * each with the learner's figures right after it (folded over every event, filtered or not).
 */
export async function learnerEventPage(
  db: Db,
  learnerId: string,
  query: LearnerEventsQuery,
  titles: LessonTitles,
): Promise<{ items: LearnerEvent[]; nextAfter: number | null }> {
  const streamId = learnerStreamId(learnerId);
  const found = await findEvents(
    db,
    streamId,
    {
      after: query.after,
      types: query.types,
      from: query.from ? new Date(query.from).toISOString() : undefined,
      to: query.to ? new Date(query.to).toISOString() : undefined,
    },
    query.limit + 1,
  );
  const more = found.length > query.limit;
  const rows = found.slice(0, query.limit);
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return { items: [], nextAfter: null };

  const wanted = new Set(rows.map((r) => r.version));
  const items: LearnerEvent[] = [];
  // The page shows figures only: the core is folded, not the error book or the cards.
  const start = await coreAtVersion(db, learnerId, first.version - 1);
  await continueFold(db, learnerId, start, last.version, {
    onEvent: (row, event, view) => {
      if (!wanted.has(row.version)) return;
      items.push({
        version: row.version,
        type: event.type,
        recordedAt: event.data.at,
        summary: summarizeEvent(event, titles),
        data: { ...event.data },
        stateAfter: figuresOf(view),
      });
    },
  });
  return { items, nextAfter: more ? last.version : null };
}
