import type { Input, Question, QuestionType } from '@wenyan/contracts';
import { call } from '../../lib/client.ts';

/** What a quiz needs to fetch its questions (spec part 1 §7, the four forms of the quiz's call). */
export interface QuizQuestionsRequest {
  /** Negative: a mixed session, whose id is the absolute value. 0 with `lessonIds`: quick practice. */
  lessonId: number;
  userId: string;
  lessonIds?: readonly number[] | undefined;
  type: QuestionType;
  questionCount: number;
  characterThreshold: number;
  /** True: the adaptive questions of the lesson for every type, word questions too (the practice-type page). */
  adaptive?: boolean | undefined;
}

/**
 * Fetches a quiz's questions by the spec's rule: word questions by lessonIds, sessionId or lessonId, else
 * adaptive; with `adaptive`, the adaptive questions of the lesson whatever the type.
 */
export function fetchQuizQuestions(request: QuizQuestionsRequest): Promise<Question[]> {
  const { lessonId, lessonIds, type, questionCount: limit } = request;
  if (type === 'word_interpretation' && !request.adaptive) {
    if (lessonIds && lessonIds.length > 0) {
      return call('listVocabularyQuestions', { query: { lessonIds: lessonIds.map(String), limit } });
    }
    if (lessonId < 0) return call('listVocabularyQuestions', { query: { sessionId: -lessonId, limit } });
    return call('listVocabularyQuestions', { query: { lessonId, limit } });
  }
  return call('getAdaptiveQuestions', {
    params: { id: lessonId },
    query: { userId: request.userId, characterThreshold: request.characterThreshold, type, count: limit },
  });
}

/** POST /api/vocabulary/records: a finished word quiz. */
export function saveVocabularyRecord(body: Input<'saveVocabularyRecord'>['body'], idempotencyKey?: string) {
  return call('saveVocabularyRecord', { body }, { idempotencyKey });
}
