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
