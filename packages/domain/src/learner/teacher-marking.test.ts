/**
 * Answers the marker cannot be sure of (待老師批閱): recorded pending, no XP, neither right nor wrong
 * until a teacher marks them; then XP by the fair rules. The marker does not yet say `uncertain`
 * itself, so these tests give `decide` a grader that does (`DecideContext.grade`).
 */
import { describe, expect, it } from 'vitest';
import { type GradableQuestion, gradeAnswer } from '../grading/grading.ts';
import { foldLearnerView } from '../projections/learner-view.ts';
import { bookCard } from '../review/review-book.ts';
import { keywordAnsweredV1 } from '../test-support/answers.ts';
import { decider, lastAnswer, NEXT_DAY, NOW, refusal, submit, translation } from '../test-support/learner.ts';
import {
  type DecideContext,
  type LearnerCommand,
  type PendingAnswer,
  pendingAnswerOf,
  type QuestionForGrading,
} from './decide.ts';
import { type AnswerSubmitted, foldLearner, type LearnerEvent, lessonState } from './events.ts';
import { upcast } from './upcast.ts';

const choice: QuestionForGrading = {
  id: 'c1',
  lessonId: 1,
  type: 'word_interpretation',
  difficulty: 'basic',
  correctAnswer: 'A',
};

/** Every point found, and the structure matching no model answer: the marker would not be sure. */
const ALL_POINTS = '君子就算困境也堅守';
/** One point of two. */
const ONE_POINT = '君子潦倒時仍堅守節操';

/** The test seam: a grader whose scheme marking is uncertain (as the marker's will be), else the real one. */
function uncertainGrader(question: GradableQuestion, answer: string) {
  const grading = gradeAnswer(question, answer);
  if (!grading.marking) return grading;
  return { ...grading, isCorrect: false, marking: { ...grading.marking, isCorrect: false, uncertain: true } };
}
const UNSURE: Omit<DecideContext, 'now'> = { grade: uncertainGrader };

const { run, ok } = decider(NOW, UNSURE);

/** The last answer to the question, at its stream version, as the API reads it back. */
function stored(events: LearnerEvent[], questionId = 't1'): PendingAnswer {
  const { answer, version } = lastAnswer(events, questionId);
  return pendingAnswerOf(answer, version);
}

const markIt = (
  answer: PendingAnswer,
  marks: { earnedPointIds?: string[]; pointsEarned?: number; note?: string | null } = {
    earnedPointIds: ['p1', 'p2'],
  },
): LearnerCommand => ({ type: 'MarkPendingAnswer', data: { answer, ...marks, teacherId: 'teacher-1' } });

const answerXp = (events: LearnerEvent[]) =>
  events.flatMap((e) => (e.type === 'XpAwarded' && e.data.questionId !== null ? [e.data] : []));

describe('when the marker cannot be sure of an answer', () => {
  it('records it pending with the provisional points, and pays no XP', () => {
    const events = ok([], submit(ALL_POINTS));
    const answer = events.find((e) => e.type === 'AnswerSubmitted') as AnswerSubmitted;
    expect(answer.data).toMatchObject({
      pendingReview: true,
      isCorrect: false,
      earnedXp: false,
      pointsEarned: 2,
      pointsAvailable: 2,
    });
    expect(answerXp(events)).toEqual([]);
  });

  it('counts it as neither right nor wrong: accuracy, the run, the error book and its card wait', () => {
    const before = ok([], submit('A', choice));
    expect(foldLearner(before).correctRun).toBe(1);
    const events = ok(before, submit(ONE_POINT));
    const state = foldLearner(events);
    expect(state.correctRun).toBe(1);
    expect(state.errorBook.t1).toBeUndefined();
    expect(lessonState(state, 1).answered.t1).toBe(true);
    expect(lessonState(state, 1).nodeSessions.sentence_translation).toBeUndefined();
    const view = foldLearnerView(events);
    expect(view.lessons['1']).toMatchObject({ answers: 1, correctAnswers: 1, questionsCompleted: 2 });
    expect(view.errorBook.t1).toBeUndefined();
    expect(bookCard(view.reviews, 't1')).toBeUndefined();
    expect(state.reviews.memory['1']?.t1).toBeUndefined();
  });

  it('records a sure marking as before, without the flag', () => {
    const events = ok([], submit(ALL_POINTS), NOW, {});
    const answer = events.find((e) => e.type === 'AnswerSubmitted') as AnswerSubmitted;
    expect(answer.data.isCorrect).toBe(true);
    expect('pendingReview' in answer.data).toBe(false);
    expect(answerXp(events).map((x) => x.reason)).toEqual(['correct_answer']);
  });

  it('reads an answer stored before teacher marking as counted (no flag: not pending)', () => {
    const old = upcast(
      keywordAnsweredV1({
        difficulty: 'intermediate',
        selectedAnswer: ONE_POINT,
        correctAnswer: translation.correctAnswer,
        isCorrect: false,
        requiredKeywords: 2,
        at: '2024-09-02T02:00:00.000Z',
      }),
    );
    expect(pendingAnswerOf(old as AnswerSubmitted, 1).pendingReview).toBe(false);
    expect(foldLearner([old]).errorBook.t1).toBe('active');
    expect(foldLearnerView([old]).lessons['1']?.answers).toBe(1);
  });
});

describe('when a teacher marks a pending answer', () => {
  it('full marks pay the question XP, once, with no sign-in or streak for the learner', () => {
    const events = ok([], submit(ALL_POINTS));
    const decision = run(
      events,
      markIt(stored(events), { earnedPointIds: ['p1', 'p2'], note: '譯得好' }),
      NEXT_DAY,
    );
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['AnswerTeacherMarked', 'XpAwarded']);
    const marked = decision.ok ? decision.events[0] : undefined;
    expect(marked?.type === 'AnswerTeacherMarked' && marked.data).toMatchObject({
      answerVersion: stored(events).version,
      provisionalPointsEarned: 2,
      pointsEarned: 2,
      pointsAvailable: 2,
      isCorrect: true,
      earnedXp: true,
      note: '譯得好',
      teacherId: 'teacher-1',
    });
    const after = [...events, ...(decision.ok ? decision.events : [])];
    expect(answerXp(after).map((x) => x.reason)).toEqual(['correct_answer']);
    expect(lessonState(foldLearner(after), 1).correct.t1).toBe(true);
    // It now counts toward accuracy, and its card is scheduled as answered right when it was given.
    const view = foldLearnerView(after);
    expect(view.lessons['1']).toMatchObject({ answers: 1, correctAnswers: 1 });
    expect(bookCard(view.reviews, 't1')).toMatchObject({ lastRating: 'good' });
    expect(bookCard(view.reviews, 't1')?.lastReview).toBe(new Date(NOW).toISOString());
    expect(foldLearner(after).reviews.memory['1']?.t1).toBeDefined();
  });

  it('pays no XP when the question was already answered right', () => {
    const first = ok([], submit(ALL_POINTS), NOW, {});
    const events = ok(first, submit(ALL_POINTS));
    const decision = run(events, markIt(stored(events)), NEXT_DAY);
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['AnswerTeacherMarked']);
  });

  it('part marks pay nothing and put the question in the error book', () => {
    const events = ok([], submit(ALL_POINTS));
    const after = ok(events, markIt(stored(events), { earnedPointIds: ['p2'] }), NEXT_DAY);
    const marked = after.at(-1);
    expect(marked?.type === 'AnswerTeacherMarked' && marked.data).toMatchObject({
      pointsEarned: 1,
      isCorrect: false,
      earnedXp: false,
    });
    expect(marked?.type === 'AnswerTeacherMarked' && marked.data.points.map((p) => [p.id, p.earned])).toEqual(
      [
        ['p1', false],
        ['p2', true],
      ],
    );
    expect(answerXp(after)).toEqual([]);
    expect(foldLearner(after).errorBook.t1).toBe('active');
    const view = foldLearnerView(after);
    expect(view.errorBook.t1).toMatchObject({ isActive: true, incorrectAnswer: ALL_POINTS });
    expect(view.lessons['1']).toMatchObject({ answers: 1, correctAnswers: 0 });
    expect(bookCard(view.reviews, 't1')).toMatchObject({ lastRating: 'hard' });
  });

  it('marks an answer without points by the points earned out of those available', () => {
    const noScheme: QuestionForGrading = { ...translation, id: 't2', marking: null };
    const events = ok([], submit('君子固窮', noScheme));
    const pending = { ...stored(events, 't2'), pendingReview: true };
    const decision = run(events, markIt(pending, { pointsEarned: 1 }), NEXT_DAY);
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['AnswerTeacherMarked', 'XpAwarded']);
    expect(refusal(run(events, markIt(pending, { pointsEarned: 2 }), NEXT_DAY))).toBe('INVALID_MARKS');
  });

  describe('refuses', () => {
    it('an answer that is not pending', () => {
      const events = ok([], submit(ONE_POINT), NOW, {});
      expect(refusal(run(events, markIt(stored(events)), NEXT_DAY))).toBe('NOT_PENDING');
    });

    it('a second marking of the same answer', () => {
      const events = ok([], submit(ALL_POINTS));
      const after = ok(events, markIt(stored(events)), NEXT_DAY);
      expect(refusal(run(after, markIt(stored(events), { earnedPointIds: [] }), NEXT_DAY))).toBe(
        'ALREADY_MARKED',
      );
    });

    it("an answer that is not the learner's", () => {
      const someoneElses = ok([], submit(ALL_POINTS));
      expect(refusal(run([], markIt(stored(someoneElses)), NEXT_DAY))).toBe('NOT_LEARNERS_ANSWER');
    });

    it('a point the scheme does not have, or a count where points are asked', () => {
      const events = ok([], submit(ALL_POINTS));
      expect(refusal(run(events, markIt(stored(events), { earnedPointIds: ['p9'] }), NEXT_DAY))).toBe(
        'UNKNOWN_POINT',
      );
      expect(refusal(run(events, markIt(stored(events), { pointsEarned: 2 }), NEXT_DAY))).toBe(
        'INVALID_MARKS',
      );
    });

    it('a note over 300 characters', () => {
      const events = ok([], submit(ALL_POINTS));
      const note = '好'.repeat(301);
      expect(refusal(run(events, markIt(stored(events), { earnedPointIds: ['p1'], note }), NEXT_DAY))).toBe(
        'NOTE_TOO_LONG',
      );
    });
  });
});
