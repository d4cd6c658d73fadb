/**
 * Issue 20 through the API: free text marked by scoring points with the reply naming each point; XP
 * that rewards mastery (a repeated session pays nothing; 3 of 8 does not complete a node); paper
 * answers recorded like any other (error book), long questions self-assessed against their rubric.
 * The rules do not depend on the mode, so this runs in the embedded mode only.
 */
import { AnswerResultSchema, NodeCompleteResultSchema, NodeResultListSchema } from '@wenyan/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';

/** A scheme for l01-st-01 in the agreed format (the content's own schemes land with a20's data). */
const SCHEME = {
  points: [
    {
      id: 'p1',
      kind: 'word',
      source: '不仁者',
      label: '「不仁者」：沒有仁德的人',
      accept: ['沒有仁德', '缺乏仁德', '不仁德'],
    },
    {
      id: 'p2',
      kind: 'word',
      source: '約',
      label: '「約」解作窮困',
      accept: ['窮困', '貧困', '困境'],
      reject: ['約定', '約束'],
    },
    { id: 'p3', kind: 'word', source: '樂', label: '「樂」解作安樂', accept: ['安樂', '逸樂', '享樂'] },
    {
      id: 'p4',
      kind: 'negation',
      source: '不可以',
      label: '保留否定「不可以」：不能',
      accept: ['不能', '不可以', '不可', '無法'],
    },
  ],
};
const RUBRIC = [
  { level: '上', marks: '7-8', descriptor: '論點清晰，引證恰當' },
  { level: '中', marks: '4-6', descriptor: '大致能回應題旨' },
  { level: '下', marks: '0-3', descriptor: '未能回應題旨' },
];

describe('marking, fair XP and paper answers through the API', () => {
  const t = useTestApp('embedded');
  let longId = '';
  const db = () => t.runtime.deps.db;

  beforeAll(async () => {
    await db()
      .updateTable('questions')
      .set({ marking: JSON.stringify(SCHEME) })
      .where('id', '=', 'l01-st-01')
      .execute();
    const long = await db()
      .selectFrom('questions')
      .select('id')
      .where('type', '=', 'long_question')
      .where('paper_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    longId = long.id;
    await db()
      .updateTable('questions')
      .set({ rubric: JSON.stringify(RUBRIC) })
      .where('id', '=', long.id)
      .execute();
  });

  const answer = (who: TestAccount, questionId: string, selectedAnswer: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      headers: who.headers,
      payload: { userId: who.id, questionId, selectedAnswer, timeSpent: 20, ...extra },
    });
  const completeNode = (who: TestAccount, type: string, claimed: { answered: number; correct: number }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${who.id}/lessons/1/nodes/${type}/complete`,
      headers: who.headers,
      payload: {
        score: Math.round((claimed.correct / claimed.answered) * 100),
        questionsAnswered: claimed.answered,
        correctAnswers: claimed.correct,
        timeSpent: 120,
      },
    });
  /** The node's questions as its session serves them, with their keys read from the database. */
  async function nodeSession(who: TestAccount, type: string) {
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/lessons/1/nodes/${type}/questions`,
        headers: who.headers,
      })
    ).json() as { id: string; options: string[] }[];
    const keys = await db()
      .selectFrom('questions')
      .select(['id', 'correct_answer'])
      .where(
        'id',
        'in',
        listed.map((q) => q.id),
      )
      .execute();
    const key = new Map(keys.map((k) => [k.id, k.correct_answer]));
    return listed.map((q) => ({
      id: q.id,
      right: key.get(q.id)!,
      wrong: q.options.find((o) => o !== key.get(q.id)) ?? '不知道',
    }));
  }

  describe('a sentence translation', () => {
    it('earns every point with the model answer, and the reply names each point', async () => {
      const learner = await signUp(t.app);
      const res = await answer(
        learner,
        'l01-st-01',
        '沒有仁德的人，不能長久處於窮困之中，也不能長久處於安樂之中。',
      );
      expect(res.statusCode).toBe(200);
      const body = AnswerResultSchema.parse(res.json());
      expect(body.isCorrect).toBe(true);
      expect(body.marking).toMatchObject({ verdict: 'correct', earned: 4, available: 4, copied: false });
      expect(body.marking.points.map((p) => [p.id, p.earned, p.matched])).toEqual([
        ['p1', true, '沒有仁德'],
        ['p2', true, '窮困'],
        ['p3', true, '安樂'],
        ['p4', true, '不能'],
      ]);
      expect(body.correctAnswer).toContain('窮困');
      expect(body.earnedXp).toBe(true);
    });

    it('gives partial credit and names the rendering missed; a trap reading voids its point', async () => {
      const learner = await signUp(t.app);
      const body = AnswerResultSchema.parse(
        (await answer(learner, 'l01-st-01', '沒有仁德的人不能長久遵守約定，也不能長久處於安樂。')).json(),
      );
      expect(body.isCorrect).toBe(false);
      expect(body.marking).toMatchObject({ verdict: 'partial', earned: 3, available: 4 });
      expect(body.marking.points.find((p) => p.id === 'p2')).toMatchObject({
        earned: false,
        matched: null,
        expected: '窮困',
        label: '「約」解作窮困',
      });
      expect(body.xpAwarded).toEqual([]);
    });

    it('earns nothing for the source pasted back, and records the points in the event', async () => {
      const learner = await signUp(t.app);
      const body = AnswerResultSchema.parse(
        (await answer(learner, 'l01-st-01', '不仁者，不可以久處約，不可以長處樂。')).json(),
      );
      expect(body.marking).toMatchObject({ verdict: 'incorrect', earned: 0, copied: true });
      const event = await db()
        .selectFrom('events')
        .select(['data', 'schema_version'])
        .where('stream_id', '=', `learner-${learner.id}`)
        .where('type', '=', 'AnswerSubmitted')
        .executeTakeFirstOrThrow();
      expect(event.schema_version).toBe(2);
      expect(event.data).toMatchObject({
        pointsEarned: 0,
        pointsAvailable: 4,
        copied: true,
        selfAssessed: false,
      });
    });
  });

  describe('XP that rewards mastery', () => {
    it('pays for a session once: the same session again earns nothing, and the node pays no unit bonus twice', async () => {
      const learner = await signUp(t.app);
      const questions = await nodeSession(learner, 'theme_understanding');
      expect(questions.length).toBeGreaterThan(0);
      const xpOfSession = async () => {
        let xp = 0;
        for (const q of questions) {
          const body = AnswerResultSchema.parse((await answer(learner, q.id, q.right)).json());
          expect(body.isCorrect).toBe(true);
          xp += body.xpAwarded.reduce((sum, a) => sum + a.amount, 0);
        }
        return xp;
      };
      expect(await xpOfSession()).toBeGreaterThanOrEqual(10 * questions.length);
      const first = NodeCompleteResultSchema.parse(
        (
          await completeNode(learner, 'theme_understanding', {
            answered: questions.length,
            correct: questions.length,
          })
        ).json(),
      );
      expect(first.node).toMatchObject({ completed: true, score: 100 });
      expect(await xpOfSession()).toBe(0);
      const again = NodeCompleteResultSchema.parse(
        (
          await completeNode(learner, 'theme_understanding', {
            answered: questions.length,
            correct: questions.length,
          })
        ).json(),
      );
      expect(again.node.completed).toBe(true);
      expect(again.xpAwarded).toEqual([]);
    });

    it('does not complete a node at 3 of 8, whatever the client claims, and the roadmap shows how far it fell short', async () => {
      const learner = await signUp(t.app);
      const questions = await nodeSession(learner, 'word_interpretation');
      expect(questions).toHaveLength(8);
      for (const [i, q] of questions.entries()) await answer(learner, q.id, i < 3 ? q.right : q.wrong);
      const res = await completeNode(learner, 'word_interpretation', { answered: 8, correct: 8 });
      expect(res.statusCode).toBe(200);
      const body = NodeCompleteResultSchema.parse(res.json());
      expect(body.node).toMatchObject({
        completed: false,
        score: 38,
        questionsAnswered: 8,
        correctAnswers: 3,
        requiredScore: 80,
      });
      // What a session at the lowest frequency tier offers (lesson 1 has 5 word questions there), at most 8.
      expect(body.node.requiredQuestions).toBeGreaterThan(0);
      expect(body.node.requiredQuestions).toBeLessThanOrEqual(8);
      expect(body.completedActivities).not.toContain('word_interpretation');
      expect(body.xpAwarded).toEqual([]);
      const results = NodeResultListSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/users/${learner.id}/lessons/1/node-results`,
            headers: learner.headers,
          })
        ).json(),
      );
      expect(results).toEqual({
        unitCompleted: false,
        nodes: [{ type: 'word_interpretation', completed: false, bestScore: 38, requiredScore: 80 }],
      });
      await waitForProjection(t, learner.id);
      const activities = await t.app.inject({
        method: 'GET',
        url: `/api/users/${learner.id}/lessons/1/completed-activities`,
        headers: learner.headers,
      });
      expect(activities.json()).toEqual([]);
    });
  });

  describe('a mock paper', () => {
    it('records a paper answer like any other: a wrong one opens the error book', async () => {
      const learner = await signUp(t.app);
      const q = await db()
        .selectFrom('questions')
        .select(['id', 'correct_answer'])
        .where('type', '=', 'fill_in_blank')
        .where('paper_id', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const body = AnswerResultSchema.parse((await answer(learner, q.id, '完全不對的答案')).json());
      expect(body.isCorrect).toBe(false);
      expect(body.correctAnswer).toBe(q.correct_answer);
      await waitForProjection(t, learner.id);
      const book = (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/${learner.id}/error-questions`,
          headers: learner.headers,
        })
      ).json() as { questionId: string }[];
      expect(book.map((r) => r.questionId)).toContain(q.id);
    });

    it('asks for the learner’s own level on a long question, and records it as self-assessed', async () => {
      const learner = await signUp(t.app);
      const long = await db()
        .selectFrom('questions')
        .select(['id', 'points'])
        .where('id', '=', longId)
        .executeTakeFirstOrThrow();
      const listed = (
        await t.app.inject({
          method: 'GET',
          url: '/api/dse-mixed-practice?types=long_question&limit=50',
          headers: learner.headers,
        })
      ).json() as { id: string; rubric: unknown }[];
      expect(listed.find((q) => q.id === long.id)?.rubric).toEqual(RUBRIC);
      const missing = await answer(learner, long.id, '我的長答案');
      expect(missing.statusCode).toBe(400);
      expect(JSON.stringify(missing.json().error.details)).toContain('body.selfAssessedLevel');
      // Long enough (five characters a mark) to be marked above the lowest level (issue 37).
      const full =
        '遷客騷人因物而喜因己而悲，古仁人不以物喜不以己悲，居廟堂之高則憂其民，處江湖之遠則憂其君，先天下之憂而憂。';
      const body = AnswerResultSchema.parse(
        (await answer(learner, long.id, full, { selfAssessedLevel: '中' })).json(),
      );
      expect(body.marking).toMatchObject({
        selfAssessed: true,
        earned: 6,
        available: long.points ?? 8,
        verdict: 'partial',
      });
    });

    it('marks 「不知道」 self-marked at the top level no higher than the lowest level, and pays no XP (issue 37)', async () => {
      const learner = await signUp(t.app);
      const res = await answer(learner, longId, '不知道', { selfAssessedLevel: '上' });
      const body = AnswerResultSchema.parse(res.json());
      expect(body.marking).toMatchObject({ selfAssessed: true, earned: 3, verdict: 'partial' });
      expect(body.isCorrect).toBe(false);
      expect(body.xpAwarded.filter((a) => a.reason !== 'daily_sign_in')).toEqual([]);
    });

    it('pays a full self-mark nothing until a teacher confirms it (issue 37)', async () => {
      const learner = await signUp(t.app);
      const full =
        '遷客騷人因物而喜因己而悲，古仁人不以物喜不以己悲，居廟堂之高則憂其民，處江湖之遠則憂其君，先天下之憂而憂。';
      const body = AnswerResultSchema.parse(
        (await answer(learner, longId, full, { selfAssessedLevel: '上' })).json(),
      );
      expect(body).toMatchObject({ isCorrect: true, earnedXp: false, xpWithheld: 'unconfirmed' });
      expect(body.xpAwarded.filter((a) => a.reason !== 'daily_sign_in')).toEqual([]);
    });
  });
});
