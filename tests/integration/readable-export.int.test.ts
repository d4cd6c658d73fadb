/**
 * Issue 40: 「下載我的資料」 as a page a learner can read. The signed-in learner's own answers, with
 * Chinese labels (no column keys, no event type names) and Hong Kong times; signed out, 401.
 */
import { hongKongTime } from '@wenyan/api/src/routes/privacy/readable-export.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { useTestApp, waitForProjection } from '../support/app-harness.ts';

describe('the readable export', () => {
  let learner: TestAccount;
  let other: TestAccount;
  const t = useTestApp('embedded');

  const answer = (who: TestAccount, questionId: string, selectedAnswer: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/answers',
      headers: who.headers,
      payload: { userId: who.id, questionId, selectedAnswer, timeSpent: 3 },
    });

  beforeAll(async () => {
    learner = await signUp(t.app, 'readable');
    other = await signUp(t.app, 'readableother');
    expect((await answer(learner, 'l01-wi-01', '約')).statusCode).toBe(200);
    expect((await answer(learner, 'l01-wi-02', '我答錯的譯文')).statusCode).toBe(200);
    expect((await answer(other, 'l01-wi-02', '別人的答案')).statusCode).toBe(200);
    await waitForProjection(t, learner.id);
    await waitForProjection(t, other.id);
  }, 120_000);

  it('refuses a visitor who is not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/export.html' });
    expect(res.statusCode).toBe(401);
  });

  it('shows the learner’s own answers with Chinese labels and Hong Kong times, and no raw keys', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/export.html',
      headers: learner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    for (const label of [
      '答題紀錄',
      '錯題簿',
      '經驗值',
      '連續學習日數',
      '申訴',
      '你的答案',
      '正確答案',
      '答錯',
    ]) {
      expect(html).toContain(label);
    }
    expect(html).toContain('我答錯的譯文');
    expect(html).not.toContain('別人的答案');

    // Each answer's time as Hong Kong people write it.
    const json = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: learner.headers });
    const answers = json
      .json()
      .tables.events.filter((e: { type: string }) => e.type === 'AnswerSubmitted') as Array<{
      data: { answeredAt?: string };
      recorded_at: string;
    }>;
    expect(answers).toHaveLength(2);
    for (const a of answers) expect(html).toContain(hongKongTime(a.data.answeredAt ?? a.recorded_at));
    expect(html).toMatch(/\d{4}年\d{1,2}月\d{1,2}日 (上午|下午)\d{1,2}:\d{2}/);

    // Nothing a developer would write: no event types, no column keys, no ISO times.
    for (const raw of [
      'AnswerSubmitted',
      'XpAwarded',
      'selected_answer',
      'question_id',
      'total_xp',
      'streak_days',
      'recorded_at',
      'exportedAt',
    ]) {
      expect(html).not.toContain(raw);
    }
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });

  it('names the file by the Hong Kong day', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/export.html',
      headers: learner.headers,
    });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date());
    expect(res.headers['content-disposition']).toContain(`wenyan-my-data-${day}.html`);
  });
});
