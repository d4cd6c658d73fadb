import { describe, expect, it } from 'vitest';
import { type DecideContext, decide, type LearnerCommand } from '../learner/decide.ts';
import { foldLearner, type LearnerEvent, learnerEvent } from '../learner/events.ts';
import { recitationAccuracy, recitationGrade } from '../recitation/recitation.ts';
import { initialReviewSchedule } from '../review/review-book.ts';
import { DomainRuleError } from '../shared/errors.ts';
import { effectiveStreakDays } from '../streak/streak.ts';
import { choiceAnswered } from '../test-support/answers.ts';
import { nodeCompleted } from '../test-support/nodes.ts';
import {
  coreOf,
  foldLearnerView,
  initialLearnerView,
  type LearnerFold,
  type LearnerItems,
  type LearnerView,
  projectCore,
  projectLearner,
  withItems,
} from './learner-view.ts';
import {
  errorBookRecords,
  errorBookStatsOf,
  leaderboardEntry,
  learnerAccuracyOf,
  lessonStatsRecords,
} from './selectors.ts';

const DAY1 = '2024-09-02T10:00:00+08:00';
const DAY2 = '2024-09-03T10:00:00+08:00';
const context: Omit<DecideContext, 'now'> = {
  lessonQuestionCounts: { 1: 5 },
  lessonNodeTypes: { 1: ['word_interpretation'] },
};

/** An event as the stream holds it, written at `at` (a record the view folds whatever wrote it). */
type Recorded = (at: string) => LearnerEvent;

/**
 * Decides each command at its time, minute after minute, and returns all events; a `Recorded` step is
 * appended as it is (the bare vocabulary and recitation claims of earlier releases, which `decide`
 * now refuses: issue 37).
 */
function run(steps: ReadonlyArray<readonly [string, LearnerCommand | Recorded]>): LearnerEvent[] {
  const events: LearnerEvent[] = [];
  steps.forEach(([day, command], i) => {
    const now = new Date(Date.parse(day) + i * 60_000).toISOString();
    if (typeof command === 'function') {
      events.push(command(now));
      return;
    }
    const decision = decide(command, foldLearner(events), { now, ...context });
    if (!decision.ok) throw new Error(`refused: ${decision.error.code}`);
    events.push(...decision.events);
  });
  return events;
}

const answer = (id: string, lessonId: number, selectedAnswer: string): LearnerCommand => ({
  type: 'SubmitAnswer',
  data: {
    question: {
      id,
      lessonId,
      type: 'word_interpretation',
      difficulty: 'intermediate',
      correctAnswer: '對',
      keywords: null,
    },
    selectedAnswer,
    timeSpent: 10,
  },
});
const vocabulary =
  (exerciseType: 'lesson_specific' | 'mixed_session', exerciseId: string, correct: number): Recorded =>
  (at) =>
    learnerEvent('VocabularyExerciseCompleted', {
      exerciseType,
      exerciseId,
      lessonIds: null,
      score: correct * 10,
      questionsAnswered: 10,
      correctAnswers: correct,
      timeSpent: 100,
      difficulty: 'intermediate',
      at,
    });
const recitation =
  (mistakes: number, durationMs: number): Recorded =>
  (at) =>
    learnerEvent('RecitationFinished', {
      lessonId: 3,
      start: 0,
      end: 20,
      mode: 'choice',
      characters: 20,
      mistakes,
      durationMs,
      accuracy: recitationAccuracy(20, mistakes),
      grade: recitationGrade(recitationAccuracy(20, mistakes)),
      attempts: [],
      extra: [],
      at,
    });

// Day 1: three right and one wrong in lesson 1 (the fourth distinct question of five completes it),
// one wrong in lesson 2, a note, a school, a vocabulary lesson, a recitation.
// Day 2: the wrong question right, mastered; lesson 2 wrong again; two vocabulary runs; the only node.
const events = run([
  [DAY1, answer('q1', 1, '對')],
  [DAY1, answer('q2', 1, '對')],
  [DAY1, answer('q3', 1, '對')],
  [DAY1, answer('q4', 1, '錯')],
  [DAY1, answer('q5', 2, '錯')],
  [DAY1, { type: 'SaveErrorNote', data: { questionId: 'q4', note: ' 留意字義 ' } }],
  [DAY1, { type: 'ChangeSchoolName', data: { schoolName: '皇仁書院', currentSchoolName: null } }],
  [DAY1, vocabulary('lesson_specific', '1', 8)],
  [DAY1, recitation(1, 60_000)],
  [DAY2, answer('q4', 1, '對')],
  [DAY2, { type: 'MasterErrorQuestion', data: { questionId: 'q4' } }],
  [DAY2, answer('q5', 2, '再錯')],
  [DAY2, vocabulary('lesson_specific', '1', 10)],
  [DAY2, vocabulary('mixed_session', '2', 6)],
  [
    DAY2,
    {
      type: 'CompleteNode',
      data: {
        lessonId: 1,
        nodeType: 'word_interpretation',
        score: 100,
        questionsAnswered: 4,
        correctAnswers: 4,
        timeSpent: 60,
      },
    },
  ],
  [DAY2, recitation(0, 50_000)],
]);
const view = foldLearnerView(events);
const day2 = (minutes: number) => new Date(Date.parse(DAY2) + minutes * 60_000).toISOString();

describe('the learner view of a two-day history', () => {
  // Day 2's right answer to q4 (wrong on day 1, so its card is due) is a due review: 5 review XP.
  it('totals XP by the rules: 5 + 10 + 10 + 25 + 50 on day 1, 5 + 10 + 5 + 100 on day 2', () => {
    expect(view).toMatchObject({
      totalXP: 220,
      streakDays: 2,
      lastActiveAt: day2(15),
      completedLessonCount: 1,
    });
    expect(view.lastActiveDay).toBe('2024-09-03');
  });

  it('shows the stored streak while it counts and 0 once broken', () => {
    expect(effectiveStreakDays(view.streakDays, view.lastActiveAt, '2024-09-04T23:00:00+08:00')).toBe(2);
    expect(effectiveStreakDays(view.streakDays, view.lastActiveAt, '2024-09-05T00:00:00+08:00')).toBe(0);
  });

  it('keeps per-lesson stats', () => {
    expect(lessonStatsRecords(view)).toEqual([
      { lessonId: 1, questionsCompleted: 4, totalQuestions: 5, xpEarned: 210, accuracy: 80 },
      { lessonId: 2, questionsCompleted: 1, totalQuestions: 20, xpEarned: 0, accuracy: 0 },
    ]);
    expect(view.lessons['2']?.questionsCompleted).toBe(1);
    expect(view.lessons['9']).toBeUndefined();
    expect(view.lessons['1']?.completedAt).toBe(new Date(Date.parse(DAY1) + 3 * 60_000).toISOString());
  });

  it('gives the leaderboard figures', () => {
    expect(leaderboardEntry(view)).toEqual({
      totalXP: 220,
      completedLessons: 1,
      averageAccuracy: 40,
      streakDays: 2,
      lastActiveDate: day2(15),
    });
    expect(learnerAccuracyOf(view)).toBe(40);
  });

  it('keeps completed activities and units', () => {
    expect(view.completedActivities).toEqual({ 1: ['word_interpretation'] });
    expect(view.unitsCompleted['1']).toBeDefined();
    expect(view.unitsCompleted['2']).toBeUndefined();
  });

  it('keeps the error book', () => {
    expect(errorBookRecords(view)).toEqual([
      {
        questionId: 'q5',
        attemptCount: 2,
        incorrectAnswer: '再錯',
        correctAnswer: '對',
        userExplanation: null,
        isActive: true,
        masteredAt: null,
        masteredBy: null,
        firstErrorAt: new Date(Date.parse(DAY1) + 4 * 60_000).toISOString(),
        lastAttemptAt: day2(11),
      },
      expect.objectContaining({
        questionId: 'q4',
        attemptCount: 2,
        incorrectAnswer: '錯',
        userExplanation: '留意字義',
        isActive: false,
        masteredAt: day2(10),
      }),
    ]);
    expect(errorBookRecords(view, 'active').map((r) => r.questionId)).toEqual(['q5']);
    expect(errorBookRecords(view, 'mastered').map((r) => r.questionId)).toEqual(['q4']);
    expect(errorBookStatsOf(view)).toEqual({
      activeCount: 1,
      masteredCount: 1,
      improvementRate: 50,
      totalErrors: 2,
    });
  });

  it('keeps vocabulary totals (each completion is a row of its own table, not in the view)', () => {
    expect(view.vocabulary).toEqual({ totalExercises: 3, totalScore: 240, totalTimeSpent: 300 });
  });

  it('keeps recitation records', () => {
    expect(Object.values(view.recitations)).toEqual([
      {
        lessonId: 3,
        attempts: 2,
        bestAccuracy: 100,
        lastAccuracy: 100,
        lastGrade: 'excellent',
        lastStart: 0,
        lastEnd: 20,
        lastFinishedAt: day2(15),
      },
    ]);
  });
});

describe('an empty view', () => {
  it('has empty read models', () => {
    expect(initialLearnerView).toMatchObject({ totalXP: 0, streakDays: 0, lastActiveAt: null });
    expect(leaderboardEntry(initialLearnerView).averageAccuracy).toBe(0);
    expect(errorBookStatsOf(initialLearnerView)).toEqual({
      activeCount: 0,
      masteredCount: 0,
      improvementRate: 0,
      totalErrors: 0,
    });
    expect(lessonStatsRecords(initialLearnerView)).toEqual([]);
  });
});

describe('events out of the ordinary', () => {
  const at = '2024-09-02T02:00:00.000Z';

  it('credits lesson XP to a lesson not yet studied', () => {
    const next = projectLearner(
      initialLearnerView,
      learnerEvent('XpAwarded', { amount: 100, reason: 'unit_completed', lessonId: 4, questionId: null, at }),
    );
    expect(lessonStatsRecords(next)[0]).toEqual({
      lessonId: 4,
      questionsCompleted: 0,
      totalQuestions: 20,
      xpEarned: 100,
      accuracy: 0,
    });
    expect(learnerAccuracyOf(next)).toBe(0);
  });

  it('counts a lesson completed once however often it is told', () => {
    const completed = learnerEvent('LessonCompleted', {
      lessonId: 4,
      questionsCompleted: 16,
      totalQuestions: 20,
      at,
    });
    expect(foldLearnerView([completed, completed]).completedLessonCount).toBe(1);
  });

  it('lists a completed node once', () => {
    const node = nodeCompleted({ lessonId: 4, nodeType: 'writing_techniques', at });
    const once = foldLearnerView([node]);
    expect(projectLearner(once, node)).toBe(once);
  });

  it('ignores a note or mastery for a question not in the book', () => {
    const note = learnerEvent('ErrorNoteSaved', { questionId: 'zz', note: 'n', at });
    const mastered = learnerEvent('ErrorQuestionMastered', { questionId: 'zz', at });
    expect(foldLearnerView([note, mastered]).errorBook).toEqual({});
  });

  it('sorts records of the same time steadily', () => {
    const wrongAt = (questionId: string, lessonId: number) =>
      choiceAnswered({
        questionId,
        lessonId,
        selectedAnswer: 'x',
        correctAnswer: 'y',
        isCorrect: false,
        timeSpent: 1,
        at,
      });
    const vocab = (exerciseId: string) =>
      learnerEvent('VocabularyExerciseCompleted', {
        exerciseType: 'quick_practice',
        exerciseId,
        lessonIds: [1],
        score: 50,
        questionsAnswered: 2,
        correctAnswers: 1,
        timeSpent: 1,
        difficulty: 'intermediate',
        at,
      });
    const same = foldLearnerView([wrongAt('b', 5), wrongAt('a', 3), vocab('x'), vocab('y')]);
    expect(errorBookRecords(same).map((r) => r.questionId)).toEqual(['b', 'a']);
  });

  it('throws a typed error for an event the types do not know', () => {
    const bogus = { type: 'Nope', schemaVersion: 1, data: { at } } as unknown as LearnerEvent;
    expect(() => projectLearner(initialLearnerView, bogus)).toThrow(DomainRuleError);
  });
});

/** The items of a fold that `events` touch (by question id; every card for an exam date): what the projector reads by key. */
function touchedItems(fold: LearnerFold, events: readonly LearnerEvent[]): LearnerItems {
  const ids = new Set(events.flatMap((e) => ('questionId' in e.data ? [e.data.questionId] : [])));
  const replan = events.some((e) => e.type === 'ExamDateSet');
  const pick = <T>(record: Readonly<Record<string, T>>, all: boolean) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => all || ids.has(id)));
  return { errorBook: pick(fold.errorBook, false), cards: pick(fold.reviews.cards, replan) };
}

describe('the view split in a bounded core and per-question items', () => {
  const full = foldLearnerView(events);

  it('reads a core stored before the review book (no reviews) with the first schedule and the cards given', () => {
    const { reviews: _none, ...older } = coreOf(full);
    const read = withItems(older as LearnerView, { cards: full.reviews.cards });
    expect(read.reviews).toEqual({ ...initialReviewSchedule, cards: full.reviews.cards });
  });

  it('folds, from any cut, the stored core with the items the later events touch into the same view', () => {
    for (let cut = 0; cut <= events.length; cut++) {
      const earlier = JSON.parse(JSON.stringify(foldLearnerView(events.slice(0, cut)))) as LearnerFold;
      const later = events.slice(cut);
      const given = touchedItems(earlier, later);
      const folded = foldLearnerView(later, withItems(coreOf(earlier), given));
      expect(coreOf(folded)).toEqual(coreOf(full));
      // The items given and those the events made are the full fold's, for every key they hold …
      for (const [id, record] of Object.entries(folded.errorBook)) expect(record).toEqual(full.errorBook[id]);
      for (const [id, card] of Object.entries(folded.reviews.cards))
        expect(card).toEqual(full.reviews.cards[id]);
      // … and every item the later events changed is among them.
      for (const [id, record] of Object.entries(full.errorBook)) {
        if (JSON.stringify(record) !== JSON.stringify(earlier.errorBook[id]))
          expect(folded.errorBook[id]).toBeDefined();
      }
    }
  });

  it('folds the core alone into the same core (the core never reads the items)', () => {
    for (let cut = 0; cut <= events.length; cut++) {
      const core = coreOf(foldLearnerView(events.slice(0, cut)));
      expect(coreOf(foldLearnerView(events.slice(cut), core))).toEqual(coreOf(full));
    }
    // `projectCore` keeps no item on the way.
    const folded = events.reduce(projectCore, coreOf(initialLearnerView));
    expect(folded).toEqual(coreOf(full));
    expect('errorBook' in folded).toBe(false);
  });

  it('stores no item in the core', () => {
    const stored = JSON.stringify(coreOf(full));
    expect(stored).not.toContain('q5');
    expect(Object.keys(coreOf(full)).sort()).not.toContain('errorBook');
    expect(Object.keys(coreOf(full).reviews).sort()).toEqual([
      'dailyGoal',
      'guideCompleted',
      'plan',
      'today',
    ]);
  });
});
