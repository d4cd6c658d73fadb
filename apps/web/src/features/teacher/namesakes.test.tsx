/**
 * Two 陳大文 in the teacher's queues (issue 40): the 待老師批閱 cards and the appeals cards show each
 * learner by the label the server gives (the username beside a shared name), so the two cards differ.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PendingAnswer, TeacherAppeal } from '@wenyan/contracts';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PendingAnswersList } from '../../components/staff/PendingAnswers.tsx';
import { queryKeys } from '../../lib/queryKeys.ts';
import { pendingAnswersQuery } from '../../lib/teacher-marking.ts';
import { AppealList } from './AppealsPage.tsx';

const learner = (id: string, username: string) => ({
  learnerId: id,
  learnerName: '陳大文',
  learnerLabel: `陳大文（${username}）`,
  answerVersion: 3,
  questionId: 'l01-st-01',
  lessonId: 1,
  questionType: 'sentence_translation',
  selectedAnswer: '沒有仁德的人',
  pointsEarned: 1,
  pointsAvailable: 4,
});
const question = { content: '翻譯', correctAnswer: '沒有仁德的人……', points: [] };

const pending = (id: string, username: string): PendingAnswer => ({
  ...learner(id, username),
  points: [],
  submittedAt: '2026-03-02T02:00:00.000Z',
  status: 'pending',
  marks: null,
  question: { ...question, source: '不仁者' },
});
const appeal = (id: string, username: string): TeacherAppeal => ({
  ...learner(id, username),
  note: null,
  appealedAt: '2026-03-02T02:00:00.000Z',
  status: 'pending',
  teacherNote: null,
  resolvedAt: null,
  remark: null,
  question: { ...question, targetText: null },
});

/** The element rendered with the query cache holding `data` under `key`, as after the list's fetch. */
function render(element: ReactElement, key: readonly unknown[], data: unknown): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(key, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The text of each element marked with the test id. */
const texts = (html: string, testId: string) =>
  [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`, 'g'))].map((m) => m[1]);

describe("namesakes in the teacher's queues", () => {
  it('the 待老師批閱 cards of two 陳大文 show their usernames', () => {
    const html = render(<PendingAnswersList />, pendingAnswersQuery.queryKey, [
      pending('11', 'c7-01'),
      pending('12', 'c7-02'),
    ]);
    expect(texts(html, 'pending-learner')).toEqual(['陳大文（c7-01）', '陳大文（c7-02）']);
  });

  it('the appeal cards of two 陳大文 show their usernames', () => {
    const html = render(<AppealList admin={false} />, queryKeys.teacher.appeals, [
      appeal('11', 'c7-01'),
      appeal('12', 'c7-02'),
    ]);
    expect(texts(html, 'appeal-learner')).toEqual(['陳大文（c7-01）', '陳大文（c7-02）']);
  });
});
