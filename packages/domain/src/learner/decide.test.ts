import { describe, expect, it } from 'vitest';
import { DomainRuleError } from '../shared/errors.ts';
import { choiceAnswered } from '../test-support/answers.ts';
import { translation } from '../test-support/learner.ts';
import type { XpReason } from '../xp/awards.ts';
import {
  CLIENT_FIGURE_TOLERANCE,
  type DecideContext,
  type Decision,
  decide,
  type LearnerCommand,
  PRACTICE_NODE_TYPES,
  type QuestionForGrading,
} from './decide.ts';
import { foldLearner, type LearnerEvent, learnerEvent } from './events.ts';

// Monday 2 September 2024, 10:00 in Hong Kong.
const NOW = '2024-09-02T10:00:00+08:00';
const AT = '2024-09-02T02:00:00.000Z';
const DAY = '2024-09-02';
const LATER = '2024-09-02T11:00:00+08:00';
const LATER_AT = '2024-09-02T03:00:00.000Z';

/** Hong Kong time `hh:mm` on a day of September 2024. */
const sept = (day: number, time = '10:00') => `2024-09-${String(day).padStart(2, '0')}T${time}:00+08:00`;

type Step = {
  readonly command: LearnerCommand;
  readonly now?: string;
  readonly context?: Omit<DecideContext, 'now'>;
};

/** The events of a history of commands, each decided on the state the previous ones left. */
function history(...steps: Step[]): LearnerEvent[] {
  return extend([], ...steps);
}

/** `before` followed by the events of more commands. */
function extend(before: LearnerEvent[], ...steps: Step[]): LearnerEvent[] {
  const events = [...before];
  for (const step of steps) {
    const decision = decide(step.command, foldLearner(events), {
      now: NOW,
      ...step.context,
      ...(step.now ? { now: step.now } : {}),
    });
    if (!decision.ok) throw new Error(`history step refused: ${decision.error.code}`);
    events.push(...decision.events);
  }
  return events;
}

/** given(events).when(command, context) → the decision. */
function given(events: LearnerEvent[]) {
  const state = foldLearner(events);
  return {
    when: (command: LearnerCommand, context: Partial<DecideContext> = {}): Decision =>
      decide(command, state, { now: NOW, ...context }),
  };
}

const signIn: LearnerCommand = { type: 'SignIn', data: {} };
/**
 * Records the school year's default exam plan (an ExamDateSet), as a learner's first answer or setting
 * does: histories start with it so the answers below are decided on a learner whose plan is known.
 */
const recordPlan: Step = { command: { type: 'ChangeReviewSettings', data: {} } };
const question = (id: string, overrides: Partial<QuestionForGrading> = {}): QuestionForGrading => ({
  id,
  lessonId: 1,
  type: 'word_interpretation',
  difficulty: 'beginner',
  correctAnswer: '喜悅',
  keywords: null,
  ...overrides,
});
const answer = (
  id: string,
  selectedAnswer: string,
  overrides: Partial<QuestionForGrading> = {},
): LearnerCommand => ({
  type: 'SubmitAnswer',
  data: { question: question(id, overrides), selectedAnswer, timeSpent: 12 },
});
const right = (id: string, overrides: Partial<QuestionForGrading> = {}) => answer(id, '喜悅', overrides);
const wrong = (id: string, overrides: Partial<QuestionForGrading> = {}) => answer(id, '憤怒', overrides);

/** XP awarded for a reason, for a lesson and a question when the award names them. */
const xpAwarded = (
  amount: number,
  reason: XpReason,
  at: string,
  lessonId: number | null = null,
  questionId: string | null = null,
): LearnerEvent => learnerEvent('XpAwarded', { amount, reason, lessonId, questionId, at });

/** The first action of a Hong Kong day: signed in on `day` after `previousActiveDay`, and its 5 XP. */
const dailySignIn = (day: string, previousActiveDay: string | null, at: string): LearnerEvent[] => [
  learnerEvent('DailySignedIn', { day, previousActiveDay, at }),
  xpAwarded(5, 'daily_sign_in', at),
];

/** The events of the first action of 2 September for a learner who never came before. */
const firstDay = (at = AT, day = DAY): LearnerEvent[] => [
  ...dailySignIn(day, null, at),
  learnerEvent('StreakReset', { day, previousStreakDays: 0, streakDays: 1, at }),
];
const refused = (code: string) => ({ ok: false, error: { code, message: expect.any(String) } });

describe('signing in', () => {
  /** Signed in on 2 and 3 September: a streak of two days. */
  const signedInTwoDays = () => history({ command: signIn }, { command: signIn, now: sept(3) });

  describe('on the first day ever', () => {
    it('signs in, awards 5 XP and starts the streak at 1', () => {
      expect(given([]).when(signIn)).toEqual({ ok: true, events: firstDay() });
    });
  });

  describe('again on the same Hong Kong day', () => {
    it('does nothing', () => {
      expect(given(history({ command: signIn }, recordPlan)).when(signIn, { now: sept(2, '23:59') })).toEqual(
        {
          ok: true,
          events: [],
        },
      );
    });
  });

  describe('on the next Hong Kong day', () => {
    it('extends the streak', () => {
      const at = new Date(sept(3, '00:01')).toISOString();
      expect(given(history({ command: signIn }, recordPlan)).when(signIn, { now: sept(3, '00:01') })).toEqual(
        {
          ok: true,
          events: [
            ...dailySignIn('2024-09-03', DAY, at),
            learnerEvent('StreakExtended', { day: '2024-09-03', streakDays: 2, milestone: null, at }),
          ],
        },
      );
    });

    it('counts days in Hong Kong time, not UTC', () => {
      // 15:59Z and 16:01Z are the same UTC day but different Hong Kong days.
      const before = history({ command: signIn, now: '2024-09-02T15:59:00Z' });
      const decision = given(before).when(signIn, { now: '2024-09-02T16:01:00Z' });
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual([
        'DailySignedIn',
        'XpAwarded',
        'StreakExtended',
      ]);
    });
  });

  describe('when the streak reaches a milestone', () => {
    it('awards the streak bonus of 20 XP on the third day', () => {
      const at = new Date(sept(4)).toISOString();
      const decision = given(signedInTwoDays()).when(signIn, { now: sept(4) });
      expect(decision).toEqual({
        ok: true,
        events: [
          ...dailySignIn('2024-09-04', '2024-09-03', at),
          learnerEvent('StreakExtended', { day: '2024-09-04', streakDays: 3, milestone: 3, at }),
          xpAwarded(20, 'streak_milestone', at),
        ],
      });
    });

    it('awards it on every milestone day: 3, 7, 14, 30, 50, 100', () => {
      const bonusDays: number[] = [];
      const events: LearnerEvent[] = [];
      for (let day = 0; day < 101; day++) {
        const now = new Date(Date.UTC(2024, 0, 1, 2) + day * 86_400_000).toISOString();
        const decision = decide(signIn, foldLearner(events), { now });
        if (!decision.ok) throw new Error('refused');
        if (decision.events.some((e) => e.type === 'XpAwarded' && e.data.reason === 'streak_milestone')) {
          bonusDays.push(day + 1);
        }
        events.push(...decision.events);
      }
      expect(bonusDays).toEqual([3, 7, 14, 30, 50, 100]);
    });
  });

  describe('after a missed day', () => {
    it('resets the streak to 1', () => {
      const at = new Date(sept(5)).toISOString();
      const decision = given(signedInTwoDays()).when(signIn, { now: sept(5) });
      expect(decision).toEqual({
        ok: true,
        events: [
          ...dailySignIn('2024-09-05', '2024-09-03', at),
          learnerEvent('StreakReset', { day: '2024-09-05', previousStreakDays: 2, streakDays: 1, at }),
        ],
      });
    });
  });

  describe('with an unreadable clock', () => {
    it('refuses', () => {
      expect(given([]).when(signIn, { now: 'soon' })).toEqual(refused('INVALID_NOW'));
    });
  });
});

describe('submitting an answer', () => {
  const signedIn = () => history({ command: signIn }, recordPlan);

  describe('when it is correct', () => {
    it('records the graded answer and awards 10 XP', () => {
      expect(given(signedIn()).when(right('q1'), { now: LATER })).toEqual({
        ok: true,
        events: [
          // The fixture's choice answer (word interpretation, beginner, quiz; one point, earned XP) as it was.
          choiceAnswered({
            questionId: 'q1',
            lessonId: 1,
            selectedAnswer: '喜悅',
            correctAnswer: '喜悅',
            isCorrect: true,
            timeSpent: 12,
            // Answered online: it counts for the moment it arrived.
            answeredAt: LATER_AT,
            correctRun: 1,
            // A question answered for the first time has no card yet: not a due review.
            wasDue: false,
            at: LATER_AT,
          }),
          xpAwarded(10, 'correct_answer', LATER_AT, 1, 'q1'),
        ],
      });
    });

    it('ignores any claim of the client: the server grades the stored question', () => {
      const decision = given(signedIn()).when(answer('q1', '喜悅', { correctAnswer: '快樂' }));
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['AnswerSubmitted']);
    });
  });

  describe('when it is wrong', () => {
    it('records it, awards nothing and ends the run', () => {
      const decision = given(history({ command: signIn }, { command: right('q1') })).when(wrong('q2'));
      expect(decision.ok && decision.events).toEqual([
        expect.objectContaining({
          type: 'AnswerSubmitted',
          data: expect.objectContaining({ isCorrect: false, correctRun: 0 }),
        }),
      ]);
    });
  });

  describe('when the run of correct answers is three or more', () => {
    it('adds 15 XP to the 10', () => {
      const decision = given(
        history({ command: signIn }, { command: right('q1') }, { command: right('q2') }),
      ).when(right('q3'));
      expect(decision.ok && decision.events.slice(1)).toEqual([
        xpAwarded(10, 'correct_answer', AT, 1, 'q3'),
        xpAwarded(15, 'correct_run_bonus', AT, 1, 'q3'),
      ]);
    });

    it('starts counting again after a wrong answer', () => {
      const before = history(
        { command: signIn },
        { command: right('q1') },
        { command: right('q2') },
        { command: wrong('q3') },
      );
      const decision = given(before).when(right('q4'));
      expect(
        decision.ok && decision.events.filter((e) => e.type === 'XpAwarded').map((e) => e.data.amount),
      ).toEqual([10]);
    });
  });

  describe('on a new day', () => {
    it('first signs in, then records the exam plan and the answer', () => {
      const decision = given([]).when(right('q1'));
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual([
        'DailySignedIn',
        'XpAwarded',
        'StreakReset',
        'ExamDateSet',
        'AnswerSubmitted',
        'XpAwarded',
      ]);
    });
  });

  describe('for a question answered before', () => {
    it('does not count it again towards the lesson', () => {
      const decision = given(history({ command: signIn }, { command: wrong('q1') })).when(right('q1'));
      expect(decision.ok && decision.events[0]?.data).toMatchObject({
        firstAttempt: false,
        questionsCompleted: 1,
      });
    });
  });

  describe('for a question already answered correctly', () => {
    const before = () => history({ command: signIn }, { command: right('q1') });

    it('records the answer but pays no XP: a question earns its XP once', () => {
      const decision = given(before()).when(right('q1'));
      expect(decision.ok && decision.events).toEqual([
        expect.objectContaining({
          type: 'AnswerSubmitted',
          data: expect.objectContaining({ isCorrect: true, earnedXp: false, correctRun: 1 }),
        }),
      ]);
    });

    it('pays nothing when the same session is repeated', () => {
      const once = [right('a'), right('b'), right('c'), right('d')].map((command) => ({ command }));
      const first = history({ command: signIn }, ...once);
      const xpOf = (events: LearnerEvent[]) =>
        events.flatMap((e) => (e.type === 'XpAwarded' ? [e.data.amount] : [])).reduce((a, b) => a + b, 0);
      expect(xpOf(first)).toBe(5 + 10 + 10 + 25 + 25);
      const second = extend(first, ...once);
      expect(xpOf(second.slice(first.length))).toBe(0);
    });

    it('pays its XP the first time it is answered right after being answered wrong, once its review is due', () => {
      const before = history({ command: signIn }, { command: wrong('q1') });
      // The same day, with the key just shown: recorded, no XP (pace/pace.ts, 'relearn').
      const soon = given(before).when(right('q1'));
      expect(soon.ok && soon.events.map((e) => e.type)).toEqual(['AnswerSubmitted']);
      // The next day its review is due: the question's XP and the review's.
      const due = given(before).when(right('q1'), { now: sept(3) });
      expect(due.ok && due.events.filter((e) => e.type === 'XpAwarded').map((e) => e.data.reason)).toEqual([
        'daily_sign_in',
        'correct_answer',
        'review_correct',
      ]);
    });
  });

  describe('the combo bonus', () => {
    it('counts only answers that earned XP: correct repeats neither add to the run nor break it', () => {
      const before = history(
        { command: signIn },
        { command: right('q1') },
        { command: right('q1') },
        { command: right('q1') },
        { command: right('q2') },
      );
      expect(foldLearner(before).correctRun).toBe(2);
      const decision = given(before).when(right('q3'));
      expect(
        decision.ok && decision.events.filter((e) => e.type === 'XpAwarded').map((e) => e.data.reason),
      ).toEqual(['correct_answer', 'correct_run_bonus']);
    });

    it('is not paid on a correct repeat even with a run of three behind it', () => {
      const before = history(
        { command: signIn },
        { command: right('q1') },
        { command: right('q2') },
        { command: right('q3') },
      );
      const decision = given(before).when(right('q2'));
      expect(decision.ok && decision.events.filter((e) => e.type === 'XpAwarded')).toEqual([]);
    });

    it('is broken by a wrong answer, repeat or not', () => {
      const before = history(
        { command: signIn },
        { command: right('q1') },
        { command: right('q2') },
        { command: wrong('q1') },
      );
      expect(foldLearner(before).correctRun).toBe(0);
    });
  });

  describe('for a long question marked by the learner against its rubric', () => {
    const long = { type: 'long_question', correctAnswer: '參考答案' };
    const selfMarked = (pointsEarned: number, pointsAvailable = 8): LearnerCommand => ({
      type: 'SubmitAnswer',
      data: {
        question: question('d1', long),
        selectedAnswer: '我的長答案',
        timeSpent: 600,
        source: 'past_paper',
        selfAssessment: { pointsEarned, pointsAvailable },
      },
    });

    it('records the marks as self-assessed; full marks count as correct', () => {
      const decision = given(history({ command: signIn }, recordPlan)).when(selfMarked(8));
      expect(decision.ok && decision.events[0]?.data).toMatchObject({
        selfAssessed: true,
        pointsEarned: 8,
        pointsAvailable: 8,
        isCorrect: true,
      });
    });

    it('records fewer marks as not yet correct', () => {
      const decision = given(history({ command: signIn }, recordPlan)).when(selfMarked(5));
      expect(decision.ok && decision.events[0]?.data).toMatchObject({
        selfAssessed: true,
        pointsEarned: 5,
        isCorrect: false,
        earnedXp: false,
      });
    });

    it.each([
      [9, 8],
      [-1, 8],
      [2.5, 8],
      [0, 0],
    ])('refuses %d out of %d', (earned, available) => {
      expect(given([]).when(selfMarked(earned, available))).toEqual(refused('INVALID_SELF_ASSESSMENT'));
    });
  });

  describe('when the lesson reaches 80 % of its questions', () => {
    const counts = { lessonQuestionCounts: { 1: 5 } };

    it('completes the lesson once and awards 50 XP', () => {
      const before = history(
        { command: signIn },
        { command: right('q1'), context: counts },
        { command: wrong('q2'), context: counts },
        { command: wrong('q3'), context: counts },
      );
      const decision = given(before).when(wrong('q4'), counts);
      expect(decision.ok && decision.events.slice(1)).toEqual([
        learnerEvent('LessonCompleted', { lessonId: 1, questionsCompleted: 4, totalQuestions: 5, at: AT }),
        xpAwarded(50, 'lesson_completed', AT, 1),
      ]);
      const after = extend(before, { command: wrong('q4'), context: counts });
      const next = given(after).when(right('q5'), counts);
      expect(next.ok && next.events.map((e) => e.type)).toEqual(['AnswerSubmitted', 'XpAwarded']);
    });

    it('uses 20 questions when the context does not know the lesson', () => {
      const decision = given(history({ command: signIn }, recordPlan)).when(right('q1'), {
        lessonQuestionCounts: { 2: 3 },
      });
      expect(decision.ok && decision.events[0]?.data).toMatchObject({ totalQuestions: 20 });
    });
  });

  describe('for a sentence translation with a marking scheme (君子固窮)', () => {
    it('grades by the scoring points: correct only with every point', () => {
      const decision = given(history({ command: signIn }, recordPlan)).when({
        type: 'SubmitAnswer',
        data: {
          question: translation,
          selectedAnswer: '君子雖窮困仍堅守',
          timeSpent: 40,
          source: 'error_book',
        },
      });
      expect(decision.ok && decision.events[0]?.data).toMatchObject({
        isCorrect: true,
        gradingMethod: 'points',
        source: 'error_book',
      });
    });

    it('marks a pasted source wrong', () => {
      const decision = given(history({ command: signIn }, recordPlan)).when({
        type: 'SubmitAnswer',
        data: { question: translation, selectedAnswer: '君子固窮。', timeSpent: 40 },
      });
      expect(decision.ok && decision.events[0]?.data).toMatchObject({
        isCorrect: false,
        gradingMethod: 'points',
      });
    });
  });

  describe('when the answer is empty', () => {
    it('refuses, and does not even start the day', () => {
      expect(given([]).when(answer('q1', '  '))).toEqual(refused('EMPTY_ANSWER'));
    });
  });

  describe('when the time spent is not a duration', () => {
    it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %f', (timeSpent) => {
      const command: LearnerCommand = {
        type: 'SubmitAnswer',
        data: { question: question('q1'), selectedAnswer: '喜悅', timeSpent },
      };
      expect(given([]).when(command)).toEqual(refused('INVALID_TIME_SPENT'));
    });
  });
});

describe('completing a roadmap node', () => {
  const node = (
    nodeType: string,
    score = 75,
    questionsAnswered = 8,
    correctAnswers = 6,
    lessonId = 1,
  ): LearnerCommand => ({
    type: 'CompleteNode',
    data: { lessonId, nodeType, score, questionsAnswered, correctAnswers, timeSpent: 300 },
  });
  const twoTypes = { lessonNodeTypes: { 1: ['word_interpretation', 'theme_understanding'] } };

  /** A session of `total` answers of one node type, the first `correct` of them right. */
  const session = (nodeType: string, correct: number, total: number, prefix = nodeType): Step[] =>
    Array.from({ length: total }, (_, i) => ({
      command: (i < correct ? right : wrong)(`${prefix}-${i}`, { type: nodeType }),
    }));

  describe('when its recorded answers reach the pass mark without a results call (issue 37)', () => {
    // The API always says how many questions each node has: 12 here, so a session needs 8 answers.
    const sized = {
      ...twoTypes,
      nodeQuestionCounts: { 1: { word_interpretation: 12, theme_understanding: 12 } },
    };
    const answered = (correct: number, total: number, lastRight = true) =>
      given(
        history(
          { command: signIn },
          ...session('word_interpretation', correct, total - 1).map((step) => ({ ...step, context: sized })),
        ),
      ).when((lastRight ? right : wrong)('last', { type: 'word_interpretation' }), sized);
    const typesOf = (decision: ReturnType<typeof answered>) =>
      decision.ok ? decision.events.map((e) => e.type) : [];

    it('completes the node with the answer that brings 8 answers to 80 %', () => {
      const decision = answered(6, 8);
      expect(typesOf(decision)).toContain('NodeCompleted');
      expect(decision.ok && decision.events.find((e) => e.type === 'NodeCompleted')).toMatchObject({
        data: {
          nodeType: 'word_interpretation',
          questionsAnswered: 8,
          correctAnswers: 7,
          score: 88,
          firstCompletion: true,
          byAnswers: true,
        },
      });
    });

    it('does not complete it below 80 % or before 8 answers', () => {
      expect(typesOf(answered(6, 8, false))).not.toContain('NodeCompleted');
      expect(typesOf(answered(7, 7))).not.toContain('NodeCompleted');
    });

    it('completes it only once, and a results call after it scores the same answers', () => {
      const before = history(
        { command: signIn },
        ...session('word_interpretation', 8, 8).map((step) => ({ ...step, context: sized })),
      );
      expect(before.filter((e) => e.type === 'NodeCompleted')).toHaveLength(1);
      expect(foldLearner(before).lessons['1']?.nodeTypes).toEqual(['word_interpretation']);
      const more = given(before).when(right('one-more', { type: 'word_interpretation' }), sized);
      expect(typesOf(more)).not.toContain('NodeCompleted');
      const results = given(before).when(node('word_interpretation', 100, 8, 8), sized);
      expect(results.ok && results.events).toEqual([
        expect.objectContaining({
          type: 'NodeCompleted',
          data: expect.objectContaining({ questionsAnswered: 8, correctAnswers: 8, firstCompletion: false }),
        }),
      ]);
    });

    it('completes the unit with its last node', () => {
      const before = history(
        { command: signIn },
        ...session('word_interpretation', 8, 8).map((step) => ({ ...step, context: sized })),
        ...session('theme_understanding', 7, 7).map((step) => ({ ...step, context: sized })),
      );
      const decision = given(before).when(right('last', { type: 'theme_understanding' }), sized);
      expect(typesOf(decision)).toEqual(expect.arrayContaining(['NodeCompleted', 'UnitCompleted']));
      expect(
        decision.ok &&
          decision.events.some((e) => e.type === 'XpAwarded' && e.data.reason === 'unit_completed'),
      ).toBe(true);
    });
  });

  describe('after a session of 8 with 7 right (88 %, the server counting)', () => {
    it('records the node with the score the server computes from the answers it recorded', () => {
      const before = history({ command: signIn }, ...session('word_interpretation', 7, 8));
      // The client claims 6 of 8 (75 %); the server's own count decides.
      expect(given(before).when(node('word_interpretation', 75, 8, 6), twoTypes)).toEqual({
        ok: true,
        events: [
          learnerEvent('NodeCompleted', {
            lessonId: 1,
            nodeType: 'word_interpretation',
            score: 88,
            questionsAnswered: 8,
            correctAnswers: 7,
            timeSpent: 300,
            firstCompletion: true,
            at: AT,
          }),
        ],
      });
    });
  });

  describe('after a session of 8 with 3 right', () => {
    const before = history({ command: signIn }, ...session('word_interpretation', 3, 8));

    it('does not complete the node, whatever the client claims, and records how far it fell short', () => {
      expect(given(before).when(node('word_interpretation', 100, 8, 8), twoTypes)).toEqual({
        ok: true,
        events: [
          learnerEvent('NodeFellShort', {
            lessonId: 1,
            nodeType: 'word_interpretation',
            score: 38,
            questionsAnswered: 8,
            correctAnswers: 3,
            requiredScore: 80,
            requiredQuestions: 1,
            timeSpent: 300,
            at: AT,
          }),
        ],
      });
    });

    it('starts the next session afresh, and keeps the best score for the roadmap', () => {
      const fell = extend(before, { command: node('word_interpretation', 38, 8, 3), context: twoTypes });
      const lesson = foldLearner(fell).lessons['1'];
      expect(lesson?.nodeTypes).toEqual([]);
      expect(lesson?.nodeSessions.word_interpretation).toBeUndefined();
      expect(lesson?.nodeBest.word_interpretation).toBe(38);
      const retried = extend(fell, ...session('word_interpretation', 8, 8, 'retry'));
      const decision = given(retried).when(node('word_interpretation', 100, 8, 8), twoTypes);
      expect(decision.ok && decision.events[0]).toMatchObject({
        type: 'NodeCompleted',
        data: { score: 100, questionsAnswered: 8, correctAnswers: 8 },
      });
    });
  });

  describe('at exactly 80 %', () => {
    it('completes the node (integers: 4 of 5)', () => {
      const before = history({ command: signIn }, ...session('word_interpretation', 4, 5));
      const decision = given(before).when(node('word_interpretation', 80, 5, 4), twoTypes);
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['NodeCompleted']);
    });
  });

  describe('with fewer answers than the node offers', () => {
    it('falls short even at 100 %: one right answer does not complete a node of eight', () => {
      const before = history({ command: signIn }, ...session('word_interpretation', 1, 1));
      const counts = { ...twoTypes, nodeQuestionCounts: { 1: { word_interpretation: 12 } } };
      expect(given(before).when(node('word_interpretation', 100, 1, 1), counts)).toEqual({
        ok: true,
        events: [
          expect.objectContaining({
            type: 'NodeFellShort',
            data: expect.objectContaining({ score: 100, questionsAnswered: 1, requiredQuestions: 8 }),
          }),
        ],
      });
    });

    it('needs every question of a node that has fewer than eight', () => {
      const before = history({ command: signIn }, ...session('word_interpretation', 5, 5));
      const counts = { ...twoTypes, nodeQuestionCounts: { 1: { word_interpretation: 5 } } };
      const decision = given(before).when(node('word_interpretation', 100, 5, 5), counts);
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['NodeCompleted']);
    });
  });

  describe('with no answer recorded in the session', () => {
    it('falls short: a client cannot complete a node by saying so', () => {
      const decision = given(history({ command: signIn }, recordPlan)).when(
        node('word_interpretation', 100, 8, 8),
        twoTypes,
      );
      expect(decision.ok && decision.events).toEqual([
        expect.objectContaining({
          type: 'NodeFellShort',
          data: expect.objectContaining({ questionsAnswered: 0, correctAnswers: 0, score: 0 }),
        }),
      ]);
    });
  });

  describe('a session counts the latest verdict on each question of that type only', () => {
    it('a question answered twice counts once, by its last answer; other types do not count', () => {
      const before = history(
        { command: signIn },
        { command: wrong('w1', { type: 'word_interpretation' }) },
        { command: right('w1', { type: 'word_interpretation' }) },
        { command: wrong('t1', { type: 'theme_understanding' }) },
      );
      const decision = given(before).when(node('word_interpretation', 100, 1, 1), twoTypes);
      expect(decision.ok && decision.events[0]).toMatchObject({
        type: 'NodeCompleted',
        data: { questionsAnswered: 1, correctAnswers: 1, score: 100 },
      });
    });
  });

  describe('when it completes every node of the lesson', () => {
    it('completes the unit once and awards 100 XP', () => {
      const before = history(
        { command: signIn },
        ...session('word_interpretation', 8, 8),
        { command: node('word_interpretation', 100, 8, 8), context: twoTypes },
        ...session('theme_understanding', 8, 8),
      );
      expect(given(before).when(node('theme_understanding', 100, 8, 8), twoTypes)).toEqual({
        ok: true,
        events: [
          expect.objectContaining({ type: 'NodeCompleted' }),
          learnerEvent('UnitCompleted', {
            lessonId: 1,
            unitNumber: 1,
            nodeTypes: ['word_interpretation', 'theme_understanding'],
            at: AT,
          }),
          xpAwarded(100, 'unit_completed', AT, 1),
        ],
      });
      const done = extend(
        before,
        { command: node('theme_understanding', 100, 8, 8), context: twoTypes },
        ...session('theme_understanding', 8, 8),
      );
      const again = given(done).when(node('theme_understanding', 100, 8, 8), twoTypes);
      expect(again.ok && again.events).toEqual([
        expect.objectContaining({
          type: 'NodeCompleted',
          data: expect.objectContaining({ firstCompletion: false }),
        }),
      ]);
    });

    it('pays no unit bonus while a node has only fallen short', () => {
      const before = history(
        { command: signIn },
        ...session('word_interpretation', 8, 8),
        { command: node('word_interpretation', 100, 8, 8), context: twoTypes },
        ...session('theme_understanding', 3, 8),
      );
      const decision = given(before).when(node('theme_understanding', 100, 8, 8), twoTypes);
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['NodeFellShort']);
    });

    it('needs all five practice types when the context does not list them', () => {
      expect(PRACTICE_NODE_TYPES).toEqual([
        'word_interpretation',
        'sentence_translation',
        'theme_understanding',
        'writing_techniques',
        'cultural_knowledge',
      ]);
      const four = PRACTICE_NODE_TYPES.slice(0, 4).flatMap((type) => [
        ...session(type, 1, 1),
        { command: node(type, 100, 1, 1) },
      ]);
      const before = extend(history({ command: signIn }, ...four), ...session('cultural_knowledge', 1, 1));
      expect(foldLearner(before).lessons['1']?.unitCompleted).toBe(false);
      const decision = given(before).when(node('cultural_knowledge', 100, 1, 1));
      expect(decision.ok && decision.events.map((e) => e.type)).toEqual([
        'NodeCompleted',
        'UnitCompleted',
        'XpAwarded',
      ]);
    });
  });

  describe('with a node type the lesson does not have', () => {
    it('refuses', () => {
      expect(given([]).when(node('essay'))).toEqual(refused('UNKNOWN_NODE_TYPE'));
      expect(given([]).when(node('cultural_knowledge'), twoTypes)).toEqual(refused('UNKNOWN_NODE_TYPE'));
    });
  });

  describe('with counts that cannot be', () => {
    it.each([
      [0, 0],
      [5, 6],
      [5, -1],
      [2.5, 1],
    ])('refuses %i answered with %i correct', (answered, correct) => {
      expect(given([]).when(node('word_interpretation', 0, answered, correct))).toEqual(
        refused('INVALID_RESULT_COUNTS'),
      );
    });

    it('refuses a time spent that is not a duration', () => {
      const command: LearnerCommand = {
        type: 'CompleteNode',
        data: {
          lessonId: 1,
          nodeType: 'word_interpretation',
          score: 100,
          questionsAnswered: 1,
          correctAnswers: 1,
          timeSpent: -3,
        },
      };
      expect(given([]).when(command)).toEqual(refused('INVALID_TIME_SPENT'));
    });
  });

  describe("when the client's score does not match its counts", () => {
    it('refuses beyond the rounding tolerance', () => {
      expect(CLIENT_FIGURE_TOLERANCE).toBe(1);
      expect(given([]).when(node('word_interpretation', 100, 8, 5))).toEqual(refused('SCORE_MISMATCH'));
      expect(given([]).when(node('word_interpretation', Number.NaN, 8, 5))).toEqual(
        refused('SCORE_MISMATCH'),
      );
      expect(given([]).when(node('word_interpretation', 62, 8, 5)).ok).toBe(true);
    });
  });
});

describe('completing a vocabulary exercise', () => {
  const exercise = (overrides: Record<string, unknown> = {}): LearnerCommand =>
    ({
      type: 'CompleteVocabularyExercise',
      data: {
        exerciseType: 'mixed_session',
        exerciseId: ' 3 ',
        lessonIds: [1, 2],
        score: 80,
        questionsAnswered: 10,
        correctAnswers: 8,
        timeSpent: 240,
        ...overrides,
      },
    }) as LearnerCommand;

  /** A session's answers: 8 right and 2 wrong in lesson 1, one in lesson 3 (not the session's). */
  const session = () =>
    history(
      { command: signIn },
      recordPlan,
      ...Array.from({ length: 8 }, (_, i) => ({ command: right(`v${i}`) })),
      { command: wrong('v8') },
      { command: wrong('v9') },
      { command: right('other', { lessonId: 3 }) },
    );

  it('records the exercise with the server score', () => {
    expect(given(session()).when(exercise())).toEqual({
      ok: true,
      events: [
        learnerEvent('VocabularyExerciseCompleted', {
          exerciseType: 'mixed_session',
          exerciseId: '3',
          lessonIds: [1, 2],
          score: 80,
          questionsAnswered: 10,
          correctAnswers: 8,
          timeSpent: 240,
          difficulty: 'intermediate',
          at: AT,
        }),
      ],
    });
  });

  it('keeps a difficulty given and a null lesson list', () => {
    const decision = given(session()).when(
      exercise({
        difficulty: 'advanced',
        lessonIds: null,
        questionsAnswered: 11,
        correctAnswers: 9,
        score: 82,
      }),
    );
    expect(decision.ok && decision.events[0]?.data).toMatchObject({
      difficulty: 'advanced',
      lessonIds: null,
      questionsAnswered: 11,
    });
  });

  describe('counts only the answers the server recorded in the session (issue 37)', () => {
    it('refuses a bare claim with no answers recorded', () => {
      const claim = exercise({ questionsAnswered: 100, correctAnswers: 100, score: 100 });
      expect(given(history({ command: signIn })).when(claim)).toEqual(refused('NO_RECORDED_ANSWERS'));
      // Answers of another lesson are not this session's.
      const elsewhere = history({ command: signIn }, { command: right('q', { lessonId: 5 }) });
      expect(given(elsewhere).when(claim)).toEqual(refused('NO_RECORDED_ANSWERS'));
    });

    it('records no more than the answers recorded, whatever the claim', () => {
      const three = history(
        { command: signIn },
        { command: right('a') },
        { command: right('b') },
        { command: wrong('c') },
      );
      const decision = given(three).when(
        exercise({ questionsAnswered: 100, correctAnswers: 100, score: 100 }),
      );
      expect(decision.ok && decision.events[0]?.data).toMatchObject({
        questionsAnswered: 3,
        correctAnswers: 2,
        score: 67,
      });
    });

    it('counts the answers since the last finished session only', () => {
      const first = extend(session(), { command: exercise() });
      expect(given(first).when(exercise())).toEqual(refused('NO_RECORDED_ANSWERS'));
    });
  });

  it('refuses an unknown exercise type or a blank id', () => {
    expect(given([]).when(exercise({ exerciseType: 'marathon' }))).toEqual(refused('INVALID_EXERCISE'));
    expect(given([]).when(exercise({ exerciseId: '  ' }))).toEqual(refused('INVALID_EXERCISE'));
  });

  it('refuses a score that does not match the counts', () => {
    expect(given([]).when(exercise({ score: 100 }))).toEqual(refused('SCORE_MISMATCH'));
  });
});

describe('the error book', () => {
  const withError = () => history({ command: signIn }, { command: wrong('q1') });
  const note = (questionId: string, text: string): LearnerCommand => ({
    type: 'SaveErrorNote',
    data: { questionId, note: text },
  });
  const master = (questionId: string): LearnerCommand => ({
    type: 'MasterErrorQuestion',
    data: { questionId },
  });

  describe('saving a note', () => {
    it('saves it trimmed', () => {
      expect(given(withError()).when(note('q1', '  「說」通「悅」 '))).toEqual({
        ok: true,
        events: [learnerEvent('ErrorNoteSaved', { questionId: 'q1', note: '「說」通「悅」', at: AT })],
      });
    });

    it('refuses an empty note, a note too long, and a question not in the book', () => {
      expect(given(withError()).when(note('q1', '   '))).toEqual(refused('EMPTY_NOTE'));
      expect(given(withError()).when(note('q1', '字'.repeat(1001)))).toEqual(refused('NOTE_TOO_LONG'));
      expect(given(withError()).when(note('q9', '筆記'))).toEqual(refused('NOT_IN_ERROR_BOOK'));
    });
  });

  describe('mastering a question', () => {
    it('marks it mastered', () => {
      expect(given(withError()).when(master('q1'))).toEqual({
        ok: true,
        events: [learnerEvent('ErrorQuestionMastered', { questionId: 'q1', at: AT })],
      });
    });

    it('refuses a question not in the book, or already mastered', () => {
      expect(given(withError()).when(master('q2'))).toEqual(refused('NOT_IN_ERROR_BOOK'));
      const mastered = extend(withError(), { command: master('q1') });
      expect(given(mastered).when(master('q1'))).toEqual(refused('ALREADY_MASTERED'));
    });

    it('can master it again after a new wrong answer', () => {
      const relapsed = extend(withError(), { command: master('q1') }, { command: wrong('q1') });
      expect(given(relapsed).when(master('q1')).ok).toBe(true);
    });
  });
});

describe('changing the school name', () => {
  const school = (schoolName: string, currentSchoolName: string | null = null): LearnerCommand => ({
    type: 'ChangeSchoolName',
    data: { schoolName, currentSchoolName },
  });

  it('records that it changed, and never the name (personal data stays out of the log)', () => {
    const decision = given(history({ command: signIn }, recordPlan)).when(school(' 皇仁書院 '));
    expect(decision).toEqual({ ok: true, events: [learnerEvent('SchoolChanged', { at: AT })] });
    expect(JSON.stringify(decision)).not.toContain('皇仁書院');
    const again = given(history({ command: signIn }, recordPlan)).when(school('英華書院', '皇仁書院'));
    expect(again).toEqual({ ok: true, events: [learnerEvent('SchoolChanged', { at: AT })] });
  });

  it('does nothing when the name is unchanged', () => {
    expect(given(history({ command: signIn }, recordPlan)).when(school('皇仁書院 ', '皇仁書院'))).toEqual({
      ok: true,
      events: [],
    });
  });

  it('refuses an empty name or one too long', () => {
    expect(given([]).when(school('  '))).toEqual(refused('EMPTY_SCHOOL_NAME'));
    expect(given([]).when(school('校'.repeat(101)))).toEqual(refused('SCHOOL_NAME_TOO_LONG'));
  });
});

describe('finishing a recitation', () => {
  const recitation = (overrides: Record<string, unknown> = {}): LearnerCommand =>
    ({
      type: 'FinishRecitation',
      data: { lessonId: 3, start: 0, end: 40, characters: 38, mistakes: 2, durationMs: 90_000, ...overrides },
    }) as LearnerCommand;

  it('refuses a run with only the client’s counts (no picks, nothing written): issue 37', () => {
    expect(given([]).when(recitation())).toEqual(refused('INVALID_ATTEMPTS'));
    expect(given([]).when(recitation({ text: '學'.repeat(40), characters: 40, mistakes: 0 }))).toEqual(
      refused('INVALID_ATTEMPTS'),
    );
  });

  it.each([[{ start: -1 }], [{ end: 0 }], [{ start: 1.5 }]])('refuses the range %o', (overrides) => {
    expect(given([]).when(recitation(overrides))).toEqual(refused('INVALID_RANGE'));
  });

  it('refuses impossible durations and accuracies', () => {
    expect(given([]).when(recitation({ durationMs: Number.NaN }))).toEqual(refused('INVALID_TIME_SPENT'));
    const picks = [{ position: 0, selected: '學', timeSpent: 1 }];
    expect(given([]).when(recitation({ text: '學而時習之', start: 0, end: 1, picks, accuracy: 50 }))).toEqual(
      refused('ACCURACY_MISMATCH'),
    );
  });

  it('refuses a long text written faster than a quarter second a character (pasted, not recalled): issue 37', () => {
    const text = '學而時習之，不亦說乎？有朋自遠方來，不亦樂乎？人不知而不慍，不亦君子乎？';
    // 30 characters (punctuation aside): the first 12 free, then 18 × 250 ms.
    const run = (durationMs: number) =>
      given([]).when(recitation({ text, start: 0, end: 36, mode: 'free_recall', written: text, durationMs }));
    expect(run(4_499)).toEqual(refused('RECITATION_TOO_FAST'));
    expect(run(4_500).ok).toBe(true);
    // A short phrase may be typed at once.
    expect(
      given([]).when(
        recitation({ text, start: 0, end: 5, mode: 'free_recall', written: '學而時習之', durationMs: 0 }),
      ).ok,
    ).toBe(true);
  });

  describe('when the server timed the run from its served token (issue 37)', () => {
    const text = '學而時習之，不亦說乎？有朋自遠方來，不亦樂乎？人不知而不慍，不亦君子乎？';
    const servedBefore = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
    const run = (overrides: Record<string, unknown>) =>
      given([]).when(
        recitation({
          text,
          start: 0,
          end: 36,
          mode: 'free_recall',
          written: text,
          durationMs: 60_000,
          ...overrides,
        }),
      );

    it('counts the server’s time since serving, not the duration the client claims', () => {
      expect(run({ servedAt: servedBefore(4_499) })).toEqual(refused('RECITATION_TOO_FAST'));
      expect(run({ servedAt: servedBefore(4_500) }).ok).toBe(true);
    });

    it('counts the client’s duration when it is the shorter', () => {
      expect(run({ servedAt: servedBefore(600_000), durationMs: 4_000 })).toEqual(
        refused('RECITATION_TOO_FAST'),
      );
    });

    it('refuses a long run that brought no valid token, and says why', () => {
      const decision = run({ servedAt: null });
      expect(decision).toEqual(refused('RECITATION_TOO_FAST'));
      expect(decision.ok ? '' : decision.error.message).toContain('未能核實');
      // A short phrase needs no time.
      expect(run({ servedAt: null, end: 5, written: '學而時習之' }).ok).toBe(true);
    });

    it('refuses a token served after the answer arrived (a clock the client cannot move)', () => {
      expect(run({ servedAt: servedBefore(-60_000) })).toEqual(refused('RECITATION_TOO_FAST'));
    });
  });

  const TEXT = '學而時習之，不亦說乎？';

  it('marks every pick of the 12-choice mode against the text, ignoring the counts the client sent', () => {
    const decision = given(history({ command: signIn })).when(
      recitation({
        text: TEXT,
        start: 0,
        end: 5,
        characters: 99,
        mistakes: 0,
        picks: [
          { position: 0, selected: '學', timeSpent: 900 },
          { position: 1, selected: '而', timeSpent: 400 },
          { position: 2, selected: '詩', timeSpent: 700 },
          { position: 2, selected: '時', timeSpent: 300 },
          { position: 3, selected: '習', timeSpent: 200 },
          { position: 4, selected: '之', timeSpent: 200 },
        ],
      }),
    );
    expect(decision.ok && decision.events[0]?.data).toMatchObject({
      mode: 'choice',
      characters: 5,
      mistakes: 1,
      accuracy: Math.round((5 / 6) * 100),
      extra: [],
    });
    expect(
      decision.ok && decision.events[0]?.type === 'RecitationFinished' && decision.events[0].data.attempts[2],
    ).toEqual({
      position: 2,
      character: '時',
      selected: '詩',
      isCorrect: false,
      timeSpent: 700,
    });
  });

  it.each([
    [{ position: 5, selected: '，', timeSpent: 1 }],
    [{ position: 9, selected: '乎', timeSpent: 1 }],
    [{ position: 0, selected: '學而', timeSpent: 1 }],
    [{ position: 0, selected: '學', timeSpent: -1 }],
  ])('refuses a pick off the range, at punctuation or malformed: %o', (pick) => {
    expect(given([]).when(recitation({ text: TEXT, start: 0, end: 5, picks: [pick] }))).toEqual(
      refused('INVALID_ATTEMPTS'),
    );
  });

  it('marks a range written from memory (默書) character by character, extra characters charged', () => {
    const decision = given(history({ command: signIn })).when(
      recitation({ text: TEXT, start: 0, end: 11, mode: 'free_recall', written: '學而時之，不亦悅乎哉' }),
    );
    const data =
      decision.ok && decision.events[0]?.type === 'RecitationFinished' ? decision.events[0].data : null;
    expect(data).toMatchObject({ mode: 'free_recall', characters: 9, mistakes: 3 });
    expect(data?.attempts.filter((a) => !a.isCorrect).map((a) => [a.character, a.selected])).toEqual([
      ['習', ''],
      ['說', '悅'],
    ]);
    expect(data?.extra).toEqual([{ after: 9, typed: '哉' }]);
    expect(data?.accuracy).toBe(Math.round((7 / 10) * 100));
  });

  it("takes a variant or Simplified form as right in 默書, but asks the 易錯字 drill for the text's own form", () => {
    const SHENG = '乍煖還寒時候';
    const written = (mode: 'free_recall' | 'next_line' | 'miswrite') => {
      const decision = given(history({ command: signIn })).when(
        recitation({ text: SHENG, start: 0, end: 6, mode, written: '乍暖还寒时候' }),
      );
      return decision.ok && decision.events[0]?.type === 'RecitationFinished'
        ? decision.events[0].data
        : null;
    };
    expect(written('free_recall')?.accuracy).toBe(100);
    expect(written('next_line')?.accuracy).toBe(100);
    expect(written('free_recall')?.attempts[1]).toMatchObject({
      character: '煖',
      selected: '暖',
      isCorrect: true,
    });
    expect(written('miswrite')?.mistakes).toBe(3);
  });

  it('refuses a written mode without what was written, or a range past the text', () => {
    expect(given([]).when(recitation({ text: TEXT, start: 0, end: 5, mode: 'next_line' }))).toEqual(
      refused('INVALID_WRITTEN'),
    );
    expect(
      given([]).when(recitation({ text: TEXT, start: 0, end: 40, mode: 'miswrite', written: '學' })),
    ).toEqual(refused('INVALID_RANGE'));
  });
});

describe('a command the types do not know', () => {
  it('throws a typed error', () => {
    const bogus = { type: 'DeleteEverything', data: {} } as unknown as LearnerCommand;
    expect(() => given([]).when(bogus)).toThrow(DomainRuleError);
  });
});

describe('an answer given offline', () => {
  /** A right answer to `id` that the device says was given at `answeredAt`. */
  const offline = (id: string, answeredAt: string): LearnerCommand => ({
    type: 'SubmitAnswer',
    data: { question: question(id), selectedAnswer: '喜悅', timeSpent: 12, answeredAt },
  });
  const streakEvents = (decision: Decision) =>
    decision.ok ? decision.events.filter((e) => e.type === 'StreakExtended' || e.type === 'StreakReset') : [];

  it('counts for the Hong Kong day it was given, so the streak survives a day without a connection', () => {
    // Active on 2 September; answers on the MTR on 3 September at 22:00, sent on 4 September at 08:00.
    const before = history({ command: signIn, now: sept(2) });
    const decision = given(before).when(offline('q1', sept(3, '22:00')), { now: sept(4, '08:00') });
    expect(decision.ok).toBe(true);
    const at = new Date(sept(4, '08:00')).toISOString();
    expect(streakEvents(decision)).toEqual([
      learnerEvent('StreakExtended', { day: '2024-09-03', streakDays: 2, milestone: null, at }),
    ]);
  });

  it('keeps the server time as every event `at` and the moment it was given in `answeredAt`', () => {
    const decision = given(history({ command: signIn, now: sept(2) })).when(offline('q1', sept(3, '22:00')), {
      now: sept(4, '08:00'),
    });
    if (!decision.ok) throw new Error('refused');
    const at = new Date(sept(4, '08:00')).toISOString();
    for (const event of decision.events) expect(event.data.at).toBe(at);
    const submitted = decision.events.find((e) => e.type === 'AnswerSubmitted');
    expect(submitted?.type === 'AnswerSubmitted' && submitted.data.answeredAt).toBe(
      new Date(sept(3, '22:00')).toISOString(),
    );
  });

  it('counts for the day it arrives when it says it was given more than 72 hours before', () => {
    const before = history({ command: signIn, now: sept(2) });
    // Given on 3 September at 07:59, sent on 6 September at 08:00: 72 hours and a minute.
    const decision = given(before).when(offline('q1', sept(3, '07:59')), { now: sept(6, '08:00') });
    expect(streakEvents(decision)).toEqual([
      learnerEvent('StreakReset', {
        day: '2024-09-06',
        previousStreakDays: 1,
        streakDays: 1,
        at: new Date(sept(6, '08:00')).toISOString(),
      }),
    ]);
  });

  it('counts for the day it arrives when it was given before the day before (at 72 hours too)', () => {
    const before = history({ command: signIn, now: sept(2) });
    const decision = given(before).when(offline('q1', sept(3, '08:00')), { now: sept(6, '08:00') });
    expect(streakEvents(decision).map((e) => e.data.day)).toEqual(['2024-09-06']);
    // The answer itself still records when it was given (the schedule reads it).
    const submitted = decision.ok ? decision.events.find((e) => e.type === 'AnswerSubmitted') : undefined;
    expect(submitted?.type === 'AnswerSubmitted' && submitted.data.answeredAt).toBe(
      new Date(sept(3, '08:00')).toISOString(),
    );
  });

  it('never rebuilds several missed days: answers dated three missed days back fill only the day before', () => {
    // A streak of 3 up to 2 September; nothing on 3, 4 and 5 September; on the 6th, answers dated each
    // missed day arrive (the 72-hour window), then one of the day.
    const before = history({ command: signIn, now: sept(1) }, { command: signIn, now: sept(2) });
    const events = extend(
      before,
      { command: offline('q1', sept(3, '20:00')), now: sept(6, '08:00') },
      { command: offline('q2', sept(4, '20:00')), now: sept(6, '08:01') },
      { command: offline('q3', sept(5, '20:00')), now: sept(6, '08:02') },
      { command: signIn, now: sept(6, '08:03') },
    );
    const state = foldLearner(events);
    expect(state.streakDays).toBeLessThanOrEqual(2);
    expect(
      events
        .filter((e) => e.type === 'XpAwarded' && e.data.reason === 'streak_milestone')
        .map((e) => e.data.at),
    ).toEqual([]);
  });

  it('counts for the moment it arrives when it says it was given in the future', () => {
    const before = history({ command: signIn, now: sept(2) });
    const decision = given(before).when(offline('q1', sept(4, '09:00')), { now: sept(3, '08:00') });
    if (!decision.ok) throw new Error('refused');
    expect(streakEvents(decision).map((e) => e.data.day)).toEqual(['2024-09-03']);
    const submitted = decision.events.find((e) => e.type === 'AnswerSubmitted');
    expect(submitted?.type === 'AnswerSubmitted' && submitted.data.answeredAt).toBe(
      new Date(sept(3, '08:00')).toISOString(),
    );
  });

  it('adds no streak event when its day is before the last active day (sent after a later answer)', () => {
    const before = history({ command: signIn, now: sept(2) }, { command: signIn, now: sept(3) });
    const decision = given(before).when(offline('q1', sept(2, '22:00')), { now: sept(3, '09:00') });
    expect(decision.ok).toBe(true);
    expect(streakEvents(decision)).toEqual([]);
    expect(decision.ok && decision.events.map((e) => e.type)).not.toContain('DailySignedIn');
  });
});
