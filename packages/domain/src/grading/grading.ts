/**
 * Answer grading (spec part 2 §5, "question session answer check"), run by the server on the stored
 * question. Total: it returns a result for any strings and never throws.
 *
 * - Choice types: exact equality with the correct answer.
 * - Free text with a marking scheme (sentence translations, paper fill-in, short answer and 語譯):
 *   marked by scoring points (`markAnswer`), correct only with every point.
 * - Free text without a scheme (recitation lines, a teacher's question written without one): equal
 *   to the model answer once both are folded (punctuation, spaces and Simplified forms ignored).
 */
import { foldText } from './fold.ts';
import { type Marking, type MarkingScheme, markAnswer } from './marker.ts';

/** Question types answered by picking an option: correct only when the pick equals the answer exactly. */
export const CHOICE_QUESTION_TYPES = [
  'word_interpretation',
  'theme_understanding',
  'writing_techniques',
  'writing_technique',
  'cultural_knowledge',
  'recitation_assessment',
  'multiple_choice',
  'vocab_translation',
] as const;

export type GradableQuestion = {
  readonly type: string;
  readonly correctAnswer: string;
  /** The quotation the item is about (the sentence to translate). */
  readonly targetText?: string | null;
  /** The question's wording; the passages it quotes in 「」 are part of the source an answer must not copy. */
  readonly content?: string | null;
  /** The scoring points of a free-text item. */
  readonly marking?: MarkingScheme | null;
};

/**
 * How an answer was graded. `keywords` and `answer_pieces` are the retired keyword rules: no answer is
 * graded by them any more, but answers recorded under them keep their method.
 */
export type GradingMethod = 'choice' | 'points' | 'exact_text' | 'keywords' | 'answer_pieces';

export type Grading = {
  readonly isCorrect: boolean;
  readonly method: GradingMethod;
  /** The points earned and missed; only for `points`. */
  readonly marking?: Marking;
};

const QUOTED = /「([^「」]+)」/gu;

/**
 * The passages an answer to the question must not merely reproduce: its targetText and the passages
 * its wording quotes, one per line, a passage inside another left out.
 * @example markingSource({ targetText: '學而時習之', content: '試把「學而時習之」譯為白話文。' }) // '學而時習之'
 */
export function markingSource(question: Pick<GradableQuestion, 'targetText' | 'content'>): string {
  const passages = [String(question.targetText ?? '')];
  for (const match of String(question.content ?? '').matchAll(QUOTED)) passages.push(match[1] ?? '');
  const folded = passages.map(foldText);
  return passages
    .filter((_, i) => {
      const own = folded[i] ?? '';
      if (own.length === 0) return false;
      // Keep the first of equal passages, and none contained in a longer one.
      return !folded.some(
        (other, j) => j !== i && other.includes(own) && (other.length > own.length || j < i),
      );
    })
    .join('\n');
}

/** The source of a scheme's item, kept while the item's wording is the same (see `markingSource`). */
const sources = new WeakMap<MarkingScheme, { targetText: unknown; content: unknown; source: string }>();

function sourceFor(scheme: MarkingScheme, question: GradableQuestion): string {
  const cached = sources.get(scheme);
  if (cached && cached.targetText === question.targetText && cached.content === question.content) {
    return cached.source;
  }
  const source = markingSource(question);
  sources.set(scheme, { targetText: question.targetText, content: question.content, source });
  return source;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Grades an answer against a stored question (see the module comment for the rules). */
export function gradeAnswer(question: GradableQuestion, answer: string): Grading {
  const correctAnswer = String(question.correctAnswer);
  const given = String(answer);
  if (isOneOf(CHOICE_QUESTION_TYPES, question.type)) {
    return { isCorrect: given === correctAnswer, method: 'choice' };
  }
  const scheme = question.marking;
  if (scheme && Array.isArray(scheme.points) && scheme.points.length > 0) {
    const marking = markAnswer(scheme, sourceFor(scheme, question), given, {
      type: question.type,
      model: correctAnswer,
    });
    return { isCorrect: marking.isCorrect, method: 'points', marking };
  }
  const folded = foldText(given);
  return { isCorrect: folded.length > 0 && folded === foldText(correctAnswer), method: 'exact_text' };
}
