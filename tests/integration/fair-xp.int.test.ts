/**
 * Key harvesting through the API (issue 37), on the distributed mode (Postgres, Redis, the worker): a
 * second account answers 60 choice questions wrongly and collects their keys from the replies; the main
 * account then replays the 60 keys. However fast the script, the XP it gains stays within what a fast
 * honest student earns in the same time (the bucket plus one answer per PACE.choiceSeconds, each at most
 * the question's XP and the run bonus), and the learner is flagged for review (the teacher's class table,
 * off the class league). A replay without the served tokens gains nothing; an answer served long
 * enough ago pays as before.
 */
import { servedToken } from '@wenyan/api/src/learner/served.ts';
import {
  AdminStatusSchema,
  AnswerResultSchema,
  ClassLeagueSchema,
  ClassLearnerListSchema,
  QuestionListSchema,
} from '@wenyan/contracts';
import { maxPaidAnswers, PACE, PACE_FLAG_ANSWERS, XP_AWARDS } from '@wenyan/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, signUp, signUpAdmin, signUpTeacher, type TestAccount } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

const SECRET = 'fair-xp-test-served-token-secret-0123456789';
/** The most XP one choice answer can pay: the question's and the run bonus (review XP needs a due card). */
const MAX_XP_PER_ANSWER = XP_AWARDS.correct_answer + XP_AWARDS.correct_run_bonus;

describe('replaying harvested keys', () => {
  let harvester: TestAccount;
  let main: TestAccount;
  let stranger: TestAccount;
  let teacher: TestAccount;
  let classId: string;
  let keys: Map<string, string>;
  const t = useTestApp('distributed', { XP_PACE: 'enforce', SERVED_TOKEN_SECRET: SECRET });

  const get = (who: TestAccount, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const answer = async (who: TestAccount, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      headers: who.headers,
      payload: { userId: who.id, timeSpent: 1, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return AnswerResultSchema.parse(res.json());
  };
  /** The choice questions of lessons 1 on, as served to `who`, until there are `count`. */
  const servedChoices = async (who: TestAccount, count: number) => {
    const served: { id: string; served: string; options: string[] }[] = [];
    for (let lessonId = 1; served.length < count && lessonId <= 40; lessonId++) {
      const res = await get(who, `/api/lessons/${lessonId}/questions`);
      if (res.statusCode !== 200) continue;
      for (const q of QuestionListSchema.parse(res.json())) {
        if (q.options.length > 1 && q.served !== undefined && served.length < count) {
          served.push({ id: q.id, served: q.served, options: q.options });
        }
      }
    }
    expect(served).toHaveLength(count);
    return served;
  };
  const answerXp = (results: { xpAwarded: { amount: number; reason: string }[] }[]) =>
    results
      .flatMap((r) => r.xpAwarded)
      .filter((a) => a.reason !== 'daily_sign_in' && a.reason !== 'streak_milestone')
      .reduce((sum, a) => sum + a.amount, 0);

  beforeAll(async () => {
    harvester = await signUp(t.app, 'harvester');
    main = await signUp(t.app, 'main');
    stranger = await signUp(t.app, 'stranger');
    // The main account and an honest classmate are in a class with a teacher (the flag, the league).
    teacher = await signUpTeacher(t.app, 'fairteacher');
    classId = (await openClass(t.app, teacher, '中六丙班', [main, harvester])).id;
    // The second account answers wrongly and reads each key in the reply (the key still teaches).
    keys = new Map();
    for (const q of await servedChoices(harvester, 60)) {
      const wrong = await answer(harvester, {
        questionId: q.id,
        selectedAnswer: '（亂答）',
        served: q.served,
      });
      expect(wrong.isCorrect).toBe(false);
      keys.set(q.id, wrong.correctAnswer);
    }
  }, 120_000);

  it('gains no more XP than a fast honest student could in the same time', async () => {
    const started = Date.now();
    const served = await servedChoices(main, 60);
    const results = [];
    for (const q of served) {
      results.push(
        await answer(main, { questionId: q.id, selectedAnswer: keys.get(q.id), served: q.served }),
      );
    }
    const seconds = (Date.now() - started) / 1000;
    // Every key was right, and every answer recorded.
    expect(results.every((r) => r.isCorrect)).toBe(true);
    const paid = results.filter((r) => r.earnedXp).length;
    expect(paid).toBeLessThanOrEqual(maxPaidAnswers(seconds, PACE.choiceSeconds));
    expect(answerXp(results)).toBeLessThanOrEqual(maxPaidAnswers(seconds) * MAX_XP_PER_ANSWER);
    // The rest say why they paid nothing.
    const withheld = results.filter((r) => !r.earnedXp);
    expect(withheld.length).toBeGreaterThanOrEqual(60 - maxPaidAnswers(seconds));
    expect(withheld.every((r) => r.xpWithheld === 'too_fast' || r.xpWithheld === 'pace')).toBe(true);
  });

  it('flags the replaying learner on the teacher’s class table and keeps them off the league for review', async () => {
    const table = ClassLearnerListSchema.parse(
      (await get(teacher, `/api/teacher/classes/${classId}/learners`)).json(),
    );
    const row = (id: string) => table.find((l) => l.id === id);
    expect(row(main.id)).toMatchObject({ flagged: true });
    expect(row(main.id)?.answersBeyondPace).toBeGreaterThanOrEqual(PACE_FLAG_ANSWERS);
    // Wrong answers are not beyond the pace: the harvester is not flagged.
    expect(row(harvester.id)).toMatchObject({ flagged: false, answersBeyondPace: 0 });
    const league = ClassLeagueSchema.parse((await get(main, `/api/classes/${classId}/league`)).json());
    expect(league.entries.some((e) => e.isMe)).toBe(false);
    expect(league.entries).toHaveLength(1);
    // The admin panel lists the week's flagged learners.
    const admin = await signUpAdmin(t.app, 'fairadmin');
    const status = AdminStatusSchema.parse((await get(admin, '/api/admin/status')).json());
    expect(status.paceFlagged.map((f) => f.id)).toEqual([main.id]);
    expect(status.paceFlagged[0]?.username).toBe(main.username);
  });

  it('gains nothing without the served tokens, or with another account’s', async () => {
    const theirs = await servedChoices(harvester, 10);
    const results = [];
    for (const q of theirs.slice(0, 5)) {
      results.push(await answer(stranger, { questionId: q.id, selectedAnswer: keys.get(q.id) }));
    }
    for (const q of theirs.slice(5)) {
      results.push(
        await answer(stranger, { questionId: q.id, selectedAnswer: keys.get(q.id), served: q.served }),
      );
    }
    expect(results.every((r) => r.isCorrect && !r.earnedXp && r.xpWithheld === 'not_served')).toBe(true);
    expect(answerXp(results)).toBe(0);
  });

  it('pays an answer to a question served long enough ago, as before', async () => {
    const honest = await signUp(t.app, 'honest');
    const [q] = await servedChoices(honest, 1);
    if (!q) throw new Error('no question');
    // The served token of a minute ago: the learner read the question for a minute.
    const minuteAgo = servedToken(honest.id, q.id, Date.now() - 60_000);
    const result = await answer(honest, {
      questionId: q.id,
      selectedAnswer: keys.get(q.id),
      served: minuteAgo,
    });
    expect(result).toMatchObject({ isCorrect: true, earnedXp: true });
    expect(result.xpWithheld).toBeUndefined();
    expect(answerXp([result])).toBe(XP_AWARDS.correct_answer);
  });

  it('pays nothing for answering back right at once after a wrong answer (the key just shown)', async () => {
    const learner = await signUp(t.app, 'relearner');
    const [q] = await servedChoices(learner, 1);
    if (!q) throw new Error('no question');
    const token = servedToken(learner.id, q.id, Date.now() - 60_000);
    const wrong = await answer(learner, { questionId: q.id, selectedAnswer: '（亂答）', served: token });
    expect(wrong.correctAnswer).toBe(keys.get(q.id));
    const right = await answer(learner, {
      questionId: q.id,
      selectedAnswer: wrong.correctAnswer,
      served: token,
    });
    expect(right).toMatchObject({ isCorrect: true, earnedXp: false, xpWithheld: 'relearn' });
    expect(answerXp([right])).toBe(0);
  });
});
