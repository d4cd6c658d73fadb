/**
 * A learner's answer as tests and benchmarks record it: a choice question of one point, marked without a
 * scheme, with only the fields a test cares about named.
 */
import { type AnswerSubmitted, learnerEvent } from '../learner/event-types.ts';

type AnswerData = AnswerSubmitted['data'];

/**
 * An `AnswerSubmitted` of the current schema: a quiz's word-interpretation question (beginner, the
 * first attempt, the first of 20, five seconds) answered right or wrong, and `data` over that.
 */
export function choiceAnswered(
  data: Pick<AnswerData, 'questionId' | 'lessonId' | 'isCorrect' | 'at'> & Partial<AnswerData>,
): AnswerSubmitted {
  return learnerEvent('AnswerSubmitted', {
    questionType: 'word_interpretation',
    difficulty: 'beginner',
    source: 'quiz',
    selectedAnswer: data.isCorrect ? '對' : '錯',
    correctAnswer: '對',
    gradingMethod: 'choice',
    matchedKeywords: null,
    requiredKeywords: null,
    pointsEarned: data.isCorrect ? 1 : 0,
    pointsAvailable: 1,
    points: [],
    copied: false,
    selfAssessed: false,
    earnedXp: data.isCorrect,
    timeSpent: 5,
    correctRun: 0,
    firstAttempt: true,
    questionsCompleted: 1,
    totalQuestions: 20,
    ...data,
  });
}

/**
 * An `AnswerSubmitted` of a sentence translation marked by a two-point scheme (「正」 the model answer):
 * both points when right, one when wrong, thirty seconds; `data` over that.
 */
export function schemeAnswered(
  data: Pick<AnswerData, 'questionId' | 'lessonId' | 'isCorrect' | 'at'> & Partial<AnswerData>,
): AnswerSubmitted {
  return choiceAnswered({
    questionType: 'sentence_translation',
    gradingMethod: 'points',
    selectedAnswer: '答',
    correctAnswer: '正',
    pointsEarned: data.isCorrect ? 2 : 1,
    pointsAvailable: 2,
    timeSpent: 30,
    ...data,
  });
}

/**
 * An `AnswerSubmitted` as version 1 stored it (before scoring points, fair XP and teacher marking): a
 * quiz's sentence translation marked by keywords, the first attempt, the first of 20, thirty seconds;
 * `data` over that. Raw (unknown to the current types), as `upcast` reads it from the log.
 */
export function keywordAnsweredV1(data: { isCorrect: boolean; at: string } & Record<string, unknown>) {
  return {
    type: 'AnswerSubmitted',
    schemaVersion: 1,
    data: {
      questionId: 't1',
      lessonId: 1,
      questionType: 'sentence_translation',
      difficulty: 'beginner',
      source: 'quiz',
      selectedAnswer: '譯文',
      correctAnswer: '參考譯文',
      gradingMethod: 'keywords',
      matchedKeywords: [] as string[],
      requiredKeywords: 1,
      timeSpent: 30,
      correctRun: data.isCorrect ? 1 : 0,
      firstAttempt: true,
      questionsCompleted: 1,
      totalQuestions: 20,
      ...data,
    },
  };
}
