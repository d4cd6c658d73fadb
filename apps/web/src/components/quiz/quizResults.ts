import type { NodeCompleteBody, QuestionType, VocabularyRecordBody } from '@wenyan/contracts';
import type { QuizContext } from './quizTypes.ts';

/** The figures of a finished quiz and what its end posts (spec part 1 §5 and §7). */

/** What the end of a quiz posts: a word-quiz record, a node completion, or nothing. */
export type CompletionRequest =
  | { kind: 'vocabulary'; body: VocabularyRecordBody }
  | { kind: 'node'; userId: string; lessonId: number; type: QuestionType; body: NodeCompleteBody }
  | null;

/** The quiz's figures: answered, correct, whole-percent score, seconds. */
export function quizSummary(context: QuizContext) {
  // Answers kept on the device (offline) have no verdict yet: they count in no figure.
  const graded = context.answers.filter((a) => !a.pending);
  const correct = graded.filter((a) => a.isCorrect).length;
  const answered = graded.length;
  const end = context.finishedAt ?? context.questionStartedAt;
  return {
    answered,
    correct,
    score: answered > 0 ? Math.round((correct / answered) * 100) : 0,
    accuracy: answered > 0 ? (correct / answered) * 100 : 0,
    seconds: Math.max(0, Math.round((end - context.startedAt) / 1000)),
    earnedXP: context.awards.reduce((sum, a) => sum + a.amount, 0),
  };
}

/**
 * Spec part 1 §7: word quizzes post a vocabulary record (not when lesson id 0 has no list); others a node.
 * A review session posts nothing (its answers are its record).
 */
export function completionRequest(context: QuizContext): CompletionRequest {
  const { lessonId, lessonIds, userId, config } = context.input;
  const s = quizSummary(context);
  if (s.answered === 0 || context.input.record === false || context.input.review) return null;
  if (config.type !== 'word_interpretation') {
    if (lessonId <= 0) return null;
    const body = {
      score: s.score,
      questionsAnswered: s.answered,
      correctAnswers: s.correct,
      timeSpent: s.seconds,
    };
    return { kind: 'node', userId, lessonId, type: config.type, body };
  }
  const list = lessonIds && lessonIds.length > 0 ? [...lessonIds] : null;
  if (lessonId === 0 && !list) return null;
  const exerciseType = list ? 'quick_practice' : lessonId < 0 ? 'mixed_session' : 'lesson_specific';
  const exerciseId = list ? [...list].sort((a, b) => a - b).join(',') : String(Math.abs(lessonId));
  return {
    kind: 'vocabulary',
    body: {
      userId,
      exerciseType,
      exerciseId,
      lessonIds: list,
      score: s.score,
      timeSpent: s.seconds,
      questionsAnswered: s.answered,
      correctAnswers: s.correct,
      difficulty: 'intermediate',
    },
  };
}
