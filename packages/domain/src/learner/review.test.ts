import { describe, expect, it } from 'vitest';
import { bookCard, foldReviewBook, initialReviewBook, type ReviewBook } from '../review/review-book.ts';
import {
  type DecideContext,
  type Decision,
  decide,
  type LearnerCommand,
  type QuestionForGrading,
} from './decide.ts';
import { foldLearner, type LearnerEvent } from './events.ts';

// Wednesday 25 November 2026, 20:00 in Hong Kong; the coming exam is 8 April 2027 (built-in).
const NOW = '2026-11-25T20:00:00+08:00';
const DAY_MS = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(Date.parse(NOW) + days * DAY_MS).toISOString();

const question: QuestionForGrading = {
  id: 'l01-wi-01',
  lessonId: 1,
  type: 'word_interpretation',
  difficulty: 'beginner',
  correctAnswer: '窮困',
};
const answer = (right: boolean, answeredAt?: string): LearnerCommand => ({
  type: 'SubmitAnswer',
  data: {
    question,
    selectedAnswer: right ? '窮困' : '約定',
    timeSpent: 5,
    ...(answeredAt ? { answeredAt } : {}),
  },
});

function history(steps: Array<{ command: LearnerCommand; now?: string; context?: Partial<DecideContext> }>) {
  const events: LearnerEvent[] = [];
  for (const step of steps) {
    const decision = decide(step.command, foldLearner(events), { now: step.now ?? NOW, ...step.context });
    if (!decision.ok) throw new Error(`refused: ${decision.error.code}`);
    events.push(...decision.events);
  }
  return events;
}
const given = (events: LearnerEvent[]) => ({
  when: (command: LearnerCommand, now = NOW, context: Partial<DecideContext> = {}): Decision =>
    decide(command, foldLearner(events), { now, ...context }),
});
/** The learner's review book as the view folds it (the decider keeps only each card's memory). */
const bookOf = (events: readonly LearnerEvent[]): ReviewBook =>
  events.reduce(foldReviewBook, initialReviewBook);
const types = (d: Decision) => (d.ok ? d.events.map((e) => e.type) : d.error.code);
const reviewXp = (d: Decision) =>
  d.ok ? d.events.filter((e) => e.type === 'XpAwarded' && e.data.reason === 'review_correct') : [];

describe('when a learner without a date answers for the first time', () => {
  it('records the coming exam as the school year’s default before the answer, and makes a card', () => {
    const d = given([]).when(answer(false));
    expect(types(d)).toEqual(['DailySignedIn', 'XpAwarded', 'StreakReset', 'ExamDateSet', 'AnswerSubmitted']);
    const events = d.ok ? d.events : [];
    expect(events[3]?.data).toMatchObject({
      examDate: '2027-04-08',
      targetRecall: 0.9,
      source: 'school_year_default',
    });
    const book = bookOf(events);
    expect(Object.keys(book.cards)).toEqual(['l01-wi-01']);
    expect(bookCard(book, 'l01-wi-01')?.lastRating).toBe('again');
  });

  it('follows an admin’s date for the year', () => {
    const d = given([]).when(answer(true), NOW, { adminExamDates: { 2027: '2027-04-15' } });
    const set = d.ok ? d.events.find((e) => e.type === 'ExamDateSet') : undefined;
    expect(set?.data).toMatchObject({ examDate: '2027-04-15' });
  });
});

describe('when a card is due', () => {
  const before = history([{ command: answer(false) }]);
  const dueAt = Date.parse(bookCard(bookOf(before), 'l01-wi-01')?.due ?? '');

  it('a correct answer earns 5 review XP and counts toward the day', () => {
    const d = given(before).when(answer(true), new Date(dueAt + 60_000).toISOString());
    expect(reviewXp(d)).toHaveLength(1);
    expect(reviewXp(d)[0]?.data).toMatchObject({ amount: 5, questionId: 'l01-wi-01' });
    const after = [...before, ...(d.ok ? d.events : [])];
    expect(bookOf(after).today?.reviewed).toBe(1);
  });

  it('a wrong answer earns none but still counts toward the day', () => {
    const d = given(before).when(answer(false), new Date(dueAt + 60_000).toISOString());
    expect(reviewXp(d)).toHaveLength(0);
    const submitted = d.ok ? d.events.find((e) => e.type === 'AnswerSubmitted') : undefined;
    expect(submitted?.data).toMatchObject({ wasDue: true });
  });
});

describe('when a card is not due', () => {
  it('a correct answer earns no review XP', () => {
    const before = history([{ command: answer(true) }]);
    const d = given(before).when(answer(true), later(0.01));
    expect(reviewXp(d)).toHaveLength(0);
    const submitted = d.ok ? d.events.find((e) => e.type === 'AnswerSubmitted') : undefined;
    expect(submitted?.data).toMatchObject({ wasDue: false });
  });
});

describe('the learner’s own exam date', () => {
  it('is refused in the past or beyond three years', () => {
    expect(types(given([]).when({ type: 'SetExamDate', data: { examDate: '2026-11-24' } }))).toBe(
      'INVALID_EXAM_DATE',
    );
    expect(types(given([]).when({ type: 'SetExamDate', data: { examDate: '2029-11-26' } }))).toBe(
      'INVALID_EXAM_DATE',
    );
    expect(
      types(given([]).when({ type: 'SetExamDate', data: { examDate: '2027-05-01', targetRecall: 0.99 } })),
    ).toBe('INVALID_TARGET_RECALL');
  });

  it('plans every card again, and is not replaced by the school year’s default later', () => {
    const before = history([{ command: answer(true) }]);
    const d = given(before).when({
      type: 'SetExamDate',
      data: { examDate: '2026-12-20', targetRecall: 0.85 },
    });
    expect(types(d)).toEqual(['ExamDateSet']);
    const after = [...before, ...(d.ok ? d.events : [])];
    const card = bookCard(bookOf(after), 'l01-wi-01');
    expect(Date.parse(card?.due ?? '')).toBeLessThan(Date.parse('2026-12-19T16:00:00Z'));
    const next = given(after).when(answer(true), later(2), { adminExamDates: { 2027: '2027-04-20' } });
    expect(types(next)).not.toContain('ExamDateSet');
  });

  it('is unchanged by the same date again (no event)', () => {
    const before = history([{ command: { type: 'SetExamDate', data: { examDate: '2027-01-10' } } }]);
    expect(types(given(before).when({ type: 'SetExamDate', data: { examDate: '2027-01-10' } }))).toEqual([]);
  });
});

describe('review settings', () => {
  it('the guide’s exam year sets the date to that year’s default; the goal and the guide are recorded', () => {
    const d = given([]).when({
      type: 'ChangeReviewSettings',
      data: { examYear: 2028, dailyGoal: 30, guideCompleted: true },
    });
    expect(types(d)).toEqual([
      'DailySignedIn',
      'XpAwarded',
      'StreakReset',
      'ExamDateSet',
      'ReviewSettingsChanged',
    ]);
    const book = bookOf(d.ok ? d.events : []);
    expect(book.plan).toMatchObject({
      examDate: '2028-04-13',
      examYear: 2028,
      source: 'school_year_default',
    });
    expect(book).toMatchObject({ dailyGoal: 30, guideCompleted: true });
  });

  it('refuses a goal out of range', () => {
    expect(types(given([]).when({ type: 'ChangeReviewSettings', data: { dailyGoal: 500 } }))).toBe(
      'INVALID_DAILY_GOAL',
    );
  });
});
