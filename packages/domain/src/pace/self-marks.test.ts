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
