import {
  type AcceptedRendering,
  type findMarkedQuestion,
  scopedRenderings,
  teachersOfLearners,
  withAcceptedRenderings,
} from '@wenyan/store';
import type { FastifyInstance } from 'fastify';

type QuestionRow = NonNullable<Awaited<ReturnType<typeof findMarkedQuestion>>>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The stored question as `learnerId` is marked against it: its scheme with the renderings approved
     * for everyone (the cached question) and the class-scoped ones of the learner's classes' teachers.
     */
    questionForLearner(id: string, learnerId: string): Promise<QuestionRow | undefined>;
  }
}

/**
 * Decorates `questionForLearner` (issue 36). The answer path stays cheap: the class-scoped renderings
 * are one cached read for all questions (by question id), and a learner's teachers are looked up (and
 * cached a minute) only when the question has any; both are forgotten with the content cache, which
 * every acceptance, approval, rejection, revert and class join or leave clears.
 */
export async function registerRenderingScope(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const scopedByQuestion = () =>
    app.cachedContent('renderings:scoped', async () => {
      const byQuestion = new Map<string, AcceptedRendering[]>();
      for (const r of await scopedRenderings(db)) {
        byQuestion.set(r.questionId, [...(byQuestion.get(r.questionId) ?? []), r]);
      }
      return byQuestion;
    });
  const teachersOf = (learnerId: string) =>
    app.cachedContent(
      `renderings:teachers:${learnerId}`,
      async () => new Set((await teachersOfLearners(db, [learnerId])).get(learnerId) ?? []),
    );

  app.decorate('questionForLearner', async (id: string, learnerId: string) => {
    const question = await app.questionById(id);
    if (!question?.marking) return question;
    const scoped = (await scopedByQuestion()).get(id);
    if (scoped === undefined) return question;
    const teachers = await teachersOf(learnerId);
    const mine = scoped.filter((r) => r.scopeTeacherId !== null && teachers.has(r.scopeTeacherId));
    return mine.length === 0
      ? question
      : { ...question, marking: withAcceptedRenderings(question.marking, mine) };
  });
}
