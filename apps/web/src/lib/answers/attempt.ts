/** One answer on its way to the server: its body, its Idempotency-Key and how it is sent (shared by the
 * submitter, answerSubmitter.ts, and the offline queue, offlineQueue.ts). */
import type { AnswerResult, Question } from '@wenyan/contracts';

/** One answer as a screen submits it. `timeSpent` in seconds (rounded, never negative, when sent). */
export interface AnswerSubmission {
  userId: string;
  questionId: string;
  selectedAnswer: string;
  timeSpent: number;
  /** When the learner gave it (ISO 8601); set by `holdAttempt` at the first try. */
  answeredAt?: string;
  /** Long paper questions: the rubric level the learner gives their own answer. */
  selfAssessedLevel?: string;
  /** The question's served token, sent back as it came (no XP without it). */
  served?: string;
}

/**
 * A screen's answer to `question`, given `startedAt` (epoch ms) when the question was shown; the
 * question's served token goes back as it came.
 */
export function submissionOf(
  userId: string,
  question: Pick<Question, 'id' | 'served'>,
  selectedAnswer: string,
  startedAt: number,
): AnswerSubmission {
  return {
    userId,
    questionId: question.id,
    selectedAnswer,
    timeSpent: (Date.now() - startedAt) / 1000,
    ...(question.served === undefined ? {} : { served: question.served }),
  };
}

/** Sends one answer with its Idempotency-Key and resolves with the server's verdict. */
export type SendAnswer = (answer: AnswerSubmission, idempotencyKey: string) => Promise<AnswerResult>;

/** The answer being submitted: the body every try of it sends, and the key every try carries. */
export interface AnswerAttempt {
  readonly answer: AnswerSubmission;
  readonly key: string;
}
