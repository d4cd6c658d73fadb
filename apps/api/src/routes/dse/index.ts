import { dseDisclaimer, dsePaperBadge, dsePapersMeta } from '@wenyan/content';
import { PAPER_STATUSES, QUESTION_TYPES } from '@wenyan/contracts';
import {
  availablePaperYears,
  listPapers,
  paperExists,
  paperQuestions,
  paperQuestionTypes,
  passagesWithPaperQuestions,
  pastPaperQuestions,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { toQuestion } from '../../learner/mappers.ts';
import { notFound } from '../../plugins/errors.ts';
import { member } from '../../plugins/exact-reply.ts';
import { defineRoute } from '../../plugins/route.ts';

/** DSE-style past papers and the mixed-year practice. */
export async function dseRoutes(app: FastifyInstance): Promise<void> {
  const { db, readDb } = app.deps;

  defineRoute(app, 'listDsePapers', async () =>
    (await listPapers(readDb)).map((p) => ({
      id: p.id,
      year: p.year,
      title: p.title,
      badge: dsePaperBadge(p.year),
      status: member(PAPER_STATUSES, p.status),
      questionCount: Number(p.question_count),
    })),
  );

  defineRoute(app, 'getDseAbout', async () => ({ name: dsePapersMeta.label, disclaimer: dseDisclaimer }));

  defineRoute(app, 'listDsePaperQuestions', async ({ input, user }) => {
    if (!(await paperExists(db, input.params.paperId))) throw notFound('paper');
    return (await paperQuestions(db, input.params.paperId)).map((q) => toQuestion(q, user.id));
  });

  defineRoute(app, 'getDseMetadata', async () => ({
    types: (await paperQuestionTypes(readDb)).map((t) => member(QUESTION_TYPES, t)),
    passages: await passagesWithPaperQuestions(readDb),
  }));

  defineRoute(app, 'mixDseQuestions', async ({ input, user }) => {
    const rows = await pastPaperQuestions(db, {
      types: input.query.types,
      lessonIds: input.query.passages,
      limit: input.query.limit,
    });
    return rows.map((q) => toQuestion(q, user.id));
  });

  defineRoute(app, 'getDseMixedPracticeFilters', async () => {
    const [availableTexts, availableTypes, availableYears] = await Promise.all([
      passagesWithPaperQuestions(readDb),
      paperQuestionTypes(readDb),
      availablePaperYears(readDb),
    ]);
    return {
      availableTexts,
      availableTypes: availableTypes.map((t) => member(QUESTION_TYPES, t)),
      availableYears,
    };
  });

  defineRoute(app, 'listDseMixedPractice', async ({ input, user }) => {
    const rows = await pastPaperQuestions(db, {
      lessonIds: input.query.lessonIds,
      types: input.query.types,
      years: input.query.years,
      limit: input.query.limit,
    });
    return rows.map((q) => toQuestion(q, user.id));
  });
}
