/**
 * Fixtures the web tests share (only tests import this folder): a choice question and the server's
 * reply to an answer of it.
 */
import type { AnswerResult, Question } from '@wenyan/contracts';

/** A word-interpretation question of lesson 1 with four options, `overrides` over that. */
export function choiceQuestion(id: string, overrides: Partial<Question> = {}): Question {
  return {
    id,
    lessonId: 1,
    type: 'word_interpretation',
    content: `題目 ${id}`,
    options: ['甲', '乙', '丙', '丁'],
    targetText: null,
    highlight: null,
    difficulty: 'beginner',
    characterFrequency: 400,
    points: null,
    rubric: null,
    ...overrides,
  };
}

/**
 * The server's reply to a choice answer (甲 is right): one point, 10 XP when right, a learner at 10 XP;
 * `overrides` over that, and `marking` over its marking.
 */
export function answerResult(
  isCorrect: boolean,
  overrides: Partial<AnswerResult> = {},
  marking: Partial<AnswerResult['marking']> = {},
): AnswerResult {
  return {
    answerVersion: 1,
    isCorrect,
    correctAnswer: '甲',
    explanation: '解釋',
    culturalContext: null,
    marking: {
      verdict: isCorrect ? 'correct' : 'incorrect',
      earned: isCorrect ? 1 : 0,
      available: 1,
      copied: false,
      selfAssessed: false,
      points: [],
      ...marking,
    },
    earnedXp: isCorrect,
    xpAwarded: isCorrect ? [{ amount: 10, reason: 'correct_answer' }] : [],
    totals: { totalXP: 10, level: 1, streakDays: 1 },
    ...overrides,
  };
}
