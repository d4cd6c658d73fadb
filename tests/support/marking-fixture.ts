/**
 * The free-text question the marking tests give a scheme of their own, so their marks are certain:
 * l01-st-01 (不仁者，不可以久處約，不可以長處樂), its four points, the app's calls as an account makes
 * them, and a test grader unsure of chosen answers (the `AppDeps.grade` hook, through `startTestApp`).
 */
import { type AnswerResult, AnswerResultSchema } from '@wenyan/contracts';
import { type GradableQuestion, gradeAnswer } from '@wenyan/domain';
import { expect } from 'vitest';
import { postAnswer, type TestAccount } from './accounts.ts';
import type { TestApp } from './app-harness.ts';

export const QUESTION = 'l01-st-01';

/** The renderings a test lets the point of 約 (p2) accept and reject; the other three points are fixed. */
export interface YueRenderings {
  accept: string[];
  reject?: string[];
}

/**
 * Gives QUESTION its scheme: 不仁者 (p1), 約 (p2, accepting and rejecting what the test says), 樂 (p3),
 * the negation 不可以 (p4); and drops the app's content cache.
 */
export async function setScheme(t: TestApp, yue: YueRenderings): Promise<void> {
  const scheme = {
    points: [
      { id: 'p1', kind: 'word', source: '不仁者', label: '「不仁者」：沒有仁德的人', accept: ['沒有仁德'] },
      { id: 'p2', kind: 'word', source: '約', label: '「約」解作窮困', ...yue },
      { id: 'p3', kind: 'word', source: '樂', label: '「樂」解作安樂', accept: ['安樂'] },
      { id: 'p4', kind: 'negation', source: '不可以', label: '保留否定「不可以」：不能', accept: ['不能'] },
    ],
  };
  await t.runtime.deps.db
    .updateTable('questions')
    .set({ marking: JSON.stringify(scheme) })
    .where('id', '=', QUESTION)
    .execute();
  t.app.invalidateContent();
}

/** GET and POST as an account; a POST with `key` sends it as its Idempotency-Key. */
export function callsOf(t: () => TestApp) {
  return {
    get: (who: TestAccount, url: string) => t().app.inject({ method: 'GET', url, headers: who.headers }),
    post: (who: TestAccount, url: string, payload: object = {}, key?: string) =>
      t().app.inject({
        method: 'POST',
        url,
        headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      }),
  };
}

/** The account answers QUESTION with `selectedAnswer` (accepted: 200); the parsed reply. */
export async function answerQuestion(
  t: TestApp,
  who: TestAccount,
  selectedAnswer: string,
): Promise<AnswerResult> {
  const res = await postAnswer(t.app, who, QUESTION, selectedAnswer, { timeSpent: 30 });
  expect(res.statusCode).toBe(200);
  return AnswerResultSchema.parse(res.json());
}

/**
 * The test hook for `startTestApp`'s `grade`: the real grader, unsure of its marking of QUESTION (as the
 * marker will be), for every answer or only for `answer`.
 */
export function graderUnsureOf(answer?: string) {
  return (question: GradableQuestion & { id?: string }, selected: string) => {
    const grading = gradeAnswer(question, selected);
    if (question.id !== QUESTION || (answer !== undefined && selected !== answer) || !grading.marking) {
      return grading;
    }
    return {
      ...grading,
      isCorrect: false,
      marking: { ...grading.marking, isCorrect: false, uncertain: true },
    };
  };
}
