/** The learner's review work: the due list, a review session (keyless questions), accuracy by knowledge tag. */
import { KNOWLEDGE_TAG_LABELS, KNOWLEDGE_TAGS, type KnowledgeTag } from '@wenyan/contracts';
import {
  DEFAULT_DAILY_GOAL,
  drawReviewSession,
  endOfHongKongDayMs,
  hongKongDate,
  knowledgeTagFigures,
} from '@wenyan/domain';
import { findQuestions, readCards, readDueCards } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { toQuestion } from '../../learner/mappers.ts';
import { knownTags, toReviewCard } from '../../learner/reviews.ts';
import { defineRoute } from '../../plugins/route.ts';
import { planOf, requireLearner } from './plan.ts';

/** The due list, the session and the accuracy by tag (self, or a teacher of the learner). */
export async function reviewSessionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'listDueReviews', async ({ input, user }) => {
    const learnerId = input.params.id;
    await requireLearner(app, user.id, learnerId);
    const now = new Date();
    const nowMs = now.getTime();
    const dueBy = new Date(endOfHongKongDayMs(nowMs));
    const [{ settings, plan }, due] = await Promise.all([
      planOf(app, learnerId, now.toISOString()),
      readDueCards(db, learnerId, dueBy, input.query.limit),
    ]);
    return {
      learnerId,
      dueBy: dueBy.toISOString(),
      dueCount: due.count,
      reviewedToday: settings?.reviewedDay === hongKongDate(nowMs) ? settings.reviewedCount : 0,
      dailyGoal: settings?.dailyGoal ?? DEFAULT_DAILY_GOAL,
      examDate: plan.examDate,
      cards: due.cards.map((card) => toReviewCard(card, plan, nowMs)),
    };
  });

  defineRoute(app, 'getReviewSession', async ({ input, user }) => {
    const now = new Date();
    const nowMs = now.getTime();
    const cards = await readCards(db, user.id);
    const { mode, limit } = input.query;
    let tag: KnowledgeTag | null = input.query.tag ?? null;
    if (mode === 'tag' && tag === null) {
      tag = knowledgeTagFigures(cards, KNOWLEDGE_TAGS, nowMs).weakest as KnowledgeTag | null;
    }
    const drawn = drawReviewSession(cards, mode, mode === 'tag' ? tag : null, limit, nowMs);
    const rows = new Map(
      (
        await findQuestions(
          db,
          drawn.map((c) => c.questionId),
        )
      ).map((q) => [q.id, q]),
    );
    const dueBy = endOfHongKongDayMs(nowMs);
    return {
      mode,
      tag: mode === 'tag' ? tag : null,
      dueCount: cards.filter((c) => Date.parse(c.due) < dueBy).length,
      items: drawn.flatMap((card) => {
        const row = rows.get(card.questionId);
        if (!row) return [];
        return [
          {
            question: toQuestion(row, user.id),
            tags: knownTags(card.tags),
            due: card.due,
            isDue: Date.parse(card.due) < dueBy,
            inErrorBook: card.inErrorBook,
          },
        ];
      }),
    };
  });

  defineRoute(app, 'getKnowledgeTagStats', async ({ input, user }) => {
    const learnerId = input.params.id;
    await requireLearner(app, user.id, learnerId);
    const cards = await readCards(db, learnerId);
    const { figures, weakest } = knowledgeTagFigures(cards, KNOWLEDGE_TAGS, Date.now());
    return {
      learnerId,
      tags: figures.flatMap((f) => {
        const tag = f.tag === null ? null : knownTags([f.tag])[0];
        if (tag === undefined) return [];
        return [
          {
            tag,
            label: tag === null ? '未分類' : KNOWLEDGE_TAG_LABELS[tag],
            answers: f.answers,
            correct: f.correct,
            accuracy: f.accuracy,
            openErrors: f.openErrors,
            cardCount: f.cardCount,
            dueToday: f.dueToday,
          },
        ];
      }),
      weakest: weakest === null ? null : (knownTags([weakest])[0] ?? null),
    };
  });
}
