import { describe, expect, it } from 'vitest';
import { decide, type LearnerCommand } from '../learner/decide.ts';
import { foldLearner } from '../learner/events.ts';
import { foldLearnerView } from '../projections/learner-view.ts';
import { learnerAccuracyOf } from '../projections/selectors.ts';
import { selfMarkedPoints, selfMarkMinimumCharacters } from './self-marks.ts';

const NOW = '2024-09-02T02:00:00.000Z';
const longQuestion = (answer: string, level: number): LearnerCommand => ({
  type: 'SubmitAnswer',
  data: {
    question: {
      id: 'p1',
      lessonId: 9,
      type: 'long_question',
      difficulty: 'advanced',
      correctAnswer: '（參考答案）',
    },
    selectedAnswer: answer,
    timeSpent: 600,
    selfAssessment: { pointsEarned: level, pointsAvailable: 8, lowestLevelPoints: 2 },
  },
});
const decideOnce = (command: LearnerCommand) => {
  const decision = decide(command, foldLearner([]), { now: NOW });
  if (!decision.ok) throw new Error(decision.error.code);
  return decision.events;
};
const submitted = (command: LearnerCommand) => {
  const event = decideOnce(command).find((e) => e.type === 'AnswerSubmitted');
  if (event?.type !== 'AnswerSubmitted') throw new Error('no answer');
  return event.data;
};
const LONG_ANSWER =
  '藺相如完璧歸趙，見其機智勇敢；澠池之會，不畏強權；廉頗負荊請罪前，他避讓廉頗，顧全大局，可見其以國家為重。';

describe('the minimum of a self-marked answer', () => {
  it('is five characters a mark', () => {
    expect(selfMarkMinimumCharacters(8)).toBe(40);
  });

  it('caps a shorter answer at the rubric’s lowest level, punctuation not counted', () => {
    expect(selfMarkedPoints('不知道', 8, 8, 2)).toBe(2);
    expect(selfMarkedPoints('。'.repeat(60), 8, 8, 2)).toBe(2);
    expect(selfMarkedPoints('不知道', 1, 8, 2)).toBe(1);
    expect(selfMarkedPoints(LONG_ANSWER, 8, 8, 2)).toBe(8);
  });
});

describe('a long paper question answered 「。」 or 「不知道」 and self-marked at the top level', () => {
  it.each(['。', '不知道'])('records %s at the lowest level, not 全對, and pays no XP', (answer) => {
    const data = submitted(longQuestion(answer, 8));
    expect(data).toMatchObject({ pointsEarned: 2, pointsAvailable: 8, isCorrect: false, earnedXp: false });
    const xp = decideOnce(longQuestion(answer, 8)).filter(
      (e) => e.type === 'XpAwarded' && e.data.questionId !== null,
    );
    expect(xp).toEqual([]);
  });
});

describe('a full self-marked answer', () => {
  it('keeps its mark but pays no XP until a teacher confirms it: unconfirmed', () => {
    const data = submitted(longQuestion(LONG_ANSWER, 8));
    expect(data).toMatchObject({
      pointsEarned: 8,
      isCorrect: true,
      earnedXp: false,
      xpWithheld: 'unconfirmed',
    });
  });

  it('counts in no accuracy (and so on no board)', () => {
    const events = decideOnce(longQuestion(LONG_ANSWER, 8));
    const view = foldLearnerView(events);
    expect(view.lessons['9']).toMatchObject({ answers: 0, correctAnswers: 0 });
    expect(learnerAccuracyOf(view)).toBe(0);
  });
});

describe('a teacher confirming a self-mark', () => {
  const answered = () => decideOnce(longQuestion(LONG_ANSWER, 8));
  const stored = (events: ReturnType<typeof answered>, version = 4) => {
    const data = events.find((e) => e.type === 'AnswerSubmitted');
    if (data?.type !== 'AnswerSubmitted') throw new Error('no answer');
    return {
      version,
      questionId: data.data.questionId,
      lessonId: data.data.lessonId,
      questionType: data.data.questionType,
      selectedAnswer: data.data.selectedAnswer,
      isCorrect: data.data.isCorrect,
      pointsEarned: data.data.pointsEarned,
      pointsAvailable: data.data.pointsAvailable,
      pointCount: 0,
      selfAssessed: data.data.selfAssessed,
    };
  };
  const confirm = (events: ReturnType<typeof answered>, pointsEarned: number): LearnerCommand => ({
    type: 'ConfirmSelfMark',
    data: { answer: stored(events), pointsEarned, teacherId: '7' },
  });

  it('pays the question’s XP at full marks and counts the answer in accuracy', () => {
    const events = answered();
    const decision = decide(confirm(events, 8), foldLearner(events), { now: NOW });
    if (!decision.ok) throw new Error(decision.error.code);
    // A teacher's command: no sign-in or streak of the learner's.
    expect(decision.events.map((e) => e.type)).toEqual(['SelfMarkConfirmed', 'XpAwarded']);
    const view = foldLearnerView([...events, ...decision.events]);
    expect(view.lessons['9']).toMatchObject({ answers: 1, correctAnswers: 1 });
  });

  it('adjusts the mark: below full marks, no XP, counted as not correct', () => {
    const events = answered();
    const decision = decide(confirm(events, 5), foldLearner(events), { now: NOW });
    expect(decision.ok && decision.events.map((e) => e.type)).toEqual(['SelfMarkConfirmed']);
    expect(decision.ok && decision.events[0]?.data).toMatchObject({
      selfMarkedPoints: 8,
      pointsEarned: 5,
      isCorrect: false,
    });
  });

  it('confirms once, only a self-marked answer, and only within the question’s marks', () => {
    const events = answered();
    const first = decide(confirm(events, 8), foldLearner(events), { now: NOW });
    if (!first.ok) throw new Error(first.error.code);
    const again = decide(confirm(events, 8), foldLearner([...events, ...first.events]), { now: NOW });
    expect(again.ok === false && again.error.code).toBe('ALREADY_CONFIRMED');
    const over = decide(confirm(events, 9), foldLearner(events), { now: NOW });
    expect(over.ok === false && over.error.code).toBe('INVALID_SELF_ASSESSMENT');
    const notSelf = {
      type: 'ConfirmSelfMark',
      data: { answer: { ...stored(events), selfAssessed: false }, pointsEarned: 1, teacherId: '7' },
    } as const;
    const refused = decide(notSelf, foldLearner(events), { now: NOW });
    expect(refused.ok === false && refused.error.code).toBe('NOT_SELF_MARKED');
  });
});

describe('when the learner’s classes count self-marks at once (直接計算)', () => {
  const direct = (answer: string, level: number): LearnerCommand => {
    const command = longQuestion(answer, level);
    if (command.type !== 'SubmitAnswer') throw new Error('not an answer');
    return { ...command, data: { ...command.data, selfMarkRule: 'direct' } };
  };

  it('a full self-mark pays the question’s XP and counts in accuracy with no teacher', () => {
    const events = decideOnce(direct(LONG_ANSWER, 8));
    const data = submitted(direct(LONG_ANSWER, 8));
    expect(data).toMatchObject({
      selfAssessed: true,
      selfMarkCounted: true,
      isCorrect: true,
      earnedXp: true,
    });
    expect(data.xpWithheld).toBeUndefined();
    expect(foldLearnerView(events).lessons['9']).toMatchObject({ answers: 1, correctAnswers: 1 });
  });

  it('leaves a teacher nothing to confirm', () => {
    const events = decideOnce(direct(LONG_ANSWER, 8));
    const data = submitted(direct(LONG_ANSWER, 8));
    const decision = decide(
      {
        type: 'ConfirmSelfMark',
        data: {
          answer: {
            version: 4,
            questionId: data.questionId,
            lessonId: data.lessonId,
            questionType: data.questionType,
            selectedAnswer: data.selectedAnswer,
            isCorrect: data.isCorrect,
            pointsEarned: data.pointsEarned,
            pointsAvailable: data.pointsAvailable,
            pointCount: 0,
            selfAssessed: true,
            selfMarkCounted: true,
          },
          pointsEarned: 8,
          teacherId: '7',
        },
      },
      foldLearner(events),
      { now: NOW },
    );
    expect(decision.ok === false && decision.error.code).toBe('ALREADY_CONFIRMED');
  });
});
