/**
 * Homework only for work done (issue 37), through the API on the distributed mode: a bare vocabulary
 * claim (100 answered, none recorded) and a bare recitation count (no picks) are refused and mark
 * nothing done; a vocabulary session counts the answers the server recorded, not the claim; a practice
 * is done once 8 answers of its type reach 80 %, the results screen never opened, and so is its roadmap
 * node.
 */
import { MyHomeworkSchema, VocabularyRecordSchema } from '@wenyan/contracts';
import { lessonQuestions } from '@wenyan/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { openClass, signUp, signUpTeacher, type TestAccount } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';

const HOUR = 3_600_000;

describe('homework from claims without answers', () => {
  let teacher: TestAccount;
  let student: TestAccount;
  const t = useTestApp('distributed', { SESSION_CACHE_MS: '0' });

  const send = (who: TestAccount, method: 'POST' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const statuses = async () => {
    await waitForProjection(t, student.id);
    const mine = MyHomeworkSchema.parse((await send(student, 'GET', '/api/users/me/homework')).json());
    return Object.fromEntries(mine.map((a) => [a.title, a.progress.status]));
  };
  const claim = (questionsAnswered: number) =>
    send(student, 'POST', '/api/vocabulary/records', {
      userId: student.id,
      exerciseType: 'lesson_specific',
      exerciseId: '1',
      lessonIds: [1],
      score: 100,
      timeSpent: 60,
      questionsAnswered,
      correctAnswers: questionsAnswered,
    });

  beforeAll(async () => {
    teacher = await signUpTeacher(t.app, 'claimteacher');
    student = await signUp(t.app, 'claimstudent');
    const created = await openClass(t.app, teacher, '中五乙班', [student]);
    const dueAt = new Date(Date.now() + 48 * HOUR).toISOString().replace('Z', '+00:00');
    const tasks = {
      詞語: { kind: 'vocabulary', exerciseType: 'lesson_specific', lessonId: 1 },
      背誦: { kind: 'recitation', lessonId: 1, start: 0, end: 10 },
      詞解: { kind: 'practice', lessonId: 1, nodeType: 'word_interpretation' },
    };
    for (const [title, task] of Object.entries(tasks)) {
      const res = await send(teacher, 'POST', `/api/teacher/classes/${created.id}/assignments`, {
        title,
        task,
        dueAt,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }, 120_000);

  it('refuses a vocabulary claim with no answers recorded, and marks nothing done', async () => {
    const res = await claim(100);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('NO_RECORDED_ANSWERS');
    expect((await statuses()).詞語).toBe('not_started');
  });

  it('refuses a recitation with only a count (no picks), and marks nothing done', async () => {
    const res = await send(student, 'POST', '/api/recitations', {
      lessonId: 1,
      start: 0,
      end: 10,
      mistakes: 0,
      durationMs: 60_000,
      correctCount: 10,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('body.picks');
    expect((await statuses()).背誦).toBe('not_started');
  });

  it('completes the practice at 8 answers and 80 %, without the results screen', async () => {
    const questions = (await lessonQuestions(t.runtime.deps.db, 1)).filter(
      (q) => q.options && q.type === 'word_interpretation',
    );
    expect(questions.length).toBeGreaterThanOrEqual(8);
    for (const [i, q] of questions.slice(0, 8).entries()) {
      const wrong = (q.options as string[]).find((o) => o !== q.correct_answer);
      const res = await send(student, 'POST', '/api/users/answers', {
        userId: student.id,
        questionId: q.id,
        // One wrong of eight: 87.5 %.
        selectedAnswer: i === 0 ? wrong : q.correct_answer,
        timeSpent: 5,
      });
      expect(res.statusCode).toBe(200);
      if (i === 6) expect((await statuses()).詞解).toBe('in_progress');
    }
    expect((await statuses()).詞解).toBe('done');
    // The roadmap's node too: completed by the recorded answers, no results call made.
    const completed = await send(student, 'GET', `/api/users/${student.id}/lessons/1/completed-activities`);
    expect(completed.json()).toContain('word_interpretation');
    // A results call after it scores the same answers, and says the node is done.
    const results = await send(
      student,
      'POST',
      `/api/users/${student.id}/lessons/1/nodes/word_interpretation/complete`,
      { score: 88, questionsAnswered: 8, correctAnswers: 7, timeSpent: 60 },
    );
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().node).toMatchObject({ completed: true, questionsAnswered: 8, correctAnswers: 7 });
  });

  it('records a vocabulary session with the answers recorded in it, not the claim', async () => {
    // The eight answers above are this lesson's answers since the last session.
    const res = await claim(100);
    expect(res.statusCode, res.body).toBe(201);
    const record = VocabularyRecordSchema.parse(res.json());
    expect(record.questionsAnswered).toBe(8);
    expect(record.correctAnswers).toBe(7);
    expect((await statuses()).詞語).toBe('done');
    // The next claim has nothing new behind it.
    expect((await claim(10)).statusCode).toBe(400);
  });
});
