import { dseDisclaimer, dsePaperBadge, dsePapersMeta } from '@wenyan/content';
import { listPapers, paperQuestions, pastPaperQuestions } from '@wenyan/store';
import type { FastifyInstance } from 'fastify';
import { toQuestion } from '../../learner/mappers.ts';
import { notFound } from '../../plugins/errors.ts';
import { defineRoute } from '../../plugins/route.ts';

/** DSE-style past papers and the mixed-year practice. */
export async function dseRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  defineRoute(app, 'listDsePapers', async () =>
    (await listPapers(db)).map((p) => ({
      id: p.id,
      year: p.year,
      title: p.title,
      badge: dsePaperBadge(p.year),
      status: p.status as never,
      questionCount: Number(p.question_count),
    })),
  );

  defineRoute(app, 'getDseAbout', async () => ({ name: dsePapersMeta.label, disclaimer: dseDisclaimer }));

  defineRoute(app, 'listDsePaperQuestions', async ({ input, user }) => {
    const paper = await db
      .selectFrom('dse_papers')
      .select('id')
      .where('id', '=', input.params.paperId)
      .executeTakeFirst();
    if (!paper) throw notFound('paper');
    return (await paperQuestions(db, input.params.paperId)).map((q) => toQuestion(q, user.id));
  });

  async function passagesWithPaperQuestions() {
    return db
      .selectFrom('lessons')
      .select(['lessons.id', 'lessons.title', 'lessons.author'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('questions')
            .select('questions.id')
            .whereRef('questions.lesson_id', '=', 'lessons.id')
            .where('questions.paper_id', 'is not', null),
        ),
      )
      .orderBy('lessons.id')
      .execute();
  }

  async function paperTypes() {
    const rows = await db
      .selectFrom('questions')
      .select('type')
      .distinct()
      .where('paper_id', 'is not', null)
      .orderBy('type')
      .execute();
    return rows.map((r) => r.type) as never[];
  }

  defineRoute(app, 'getDseMetadata', async () => ({
    types: await paperTypes(),
    passages: await passagesWithPaperQuestions(),
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
    const years = await db
      .selectFrom('dse_papers')
      .select('year')
      .distinct()
      .where('status', '=', 'available')
      .orderBy('year', 'desc')
      .execute();
    return {
      availableTexts: await passagesWithPaperQuestions(),
      availableTypes: await paperTypes(),
      availableYears: years.map((y) => y.year),
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
