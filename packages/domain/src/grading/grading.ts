/**
 * Answer grading (spec part 2 §5, "question session answer check"), run by the server on the stored
 * question. Total: it returns a result for any strings and never throws.
 */

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

/** Free-text types the spec grades by trimmed, lower-cased equality. */
export const EXACT_TEXT_QUESTION_TYPES = ['sentence_translation', 'sentence_memorization'] as const;

/** Percent of the pieces (or keywords) an answer must contain under the keyword rule, rounded up. */
export const KEYWORD_MATCH_PERCENT = 70;

/** What the keyword rule splits a model answer on: Chinese commas, full stops, enumeration commas, whitespace. */
const PIECE_SEPARATORS = /[，。、\s]+/u;
const KEYWORD_ALTERNATIVE_SEPARATOR = '|';

export type GradableQuestion = {
  readonly type: string;
  readonly correctAnswer: string;
  /** Marker keywords of a free-text question; each may list alternatives separated by "|". */
  readonly keywords?: readonly string[] | null;
};

export type GradingMethod = 'choice' | 'exact_text' | 'keywords' | 'answer_pieces';

export type Grading = {
  readonly isCorrect: boolean;
  readonly method: GradingMethod;
  /** Keywords (or model-answer pieces) found in the answer; only for the keyword rule. */
  readonly matchedKeywords?: readonly string[];
  /** How many keywords must be found; only for the keyword rule. */
  readonly requiredKeywords?: number;
  /** How many keywords there are in all; only for the keyword rule. */
  readonly totalKeywords?: number;
};

/** ceil(count × 70 %), computed as ceil(count × 70 / 100) so that 10 pieces need exactly 7. */
export function requiredMatches(count: number): number {
  return Math.ceil((count * KEYWORD_MATCH_PERCENT) / 100);
}

/**
 * The pieces of a model answer the keyword rule looks for: split on ，。、 and whitespace, pieces of
 * one character or less dropped.
 * @example answerPieces('學而時習之，不亦說乎。') // ['學而時習之', '不亦說乎']
 */
export function answerPieces(correctAnswer: string): string[] {
  return correctAnswer.split(PIECE_SEPARATORS).filter((piece) => [...piece].length > 1);
}

/** The alternatives of one keyword ("困境|窮困" → ['困境', '窮困']), blanks dropped. */
export function keywordAlternatives(keyword: string): string[] {
  return keyword
    .split(KEYWORD_ALTERNATIVE_SEPARATOR)
    .map((alternative) => alternative.trim())
    .filter((alternative) => alternative.length > 0);
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

function byKeywords(
  answer: string,
  keywords: readonly string[],
  alternativesOf: (keyword: string) => readonly string[],
  method: 'keywords' | 'answer_pieces',
): Grading {
  const matched = keywords.filter((keyword) => alternativesOf(keyword).some((alt) => answer.includes(alt)));
  const required = requiredMatches(keywords.length);
  return {
    isCorrect: matched.length >= required,
    method,
    matchedKeywords: matched,
    requiredKeywords: required,
    totalKeywords: keywords.length,
  };
}

function exactText(correctAnswer: string, answer: string): Grading {
  return {
    isCorrect: answer.trim().toLowerCase() === correctAnswer.trim().toLowerCase(),
    method: 'exact_text',
  };
}

/**
 * Grades an answer against a stored question.
 * - choice types: exact equality with the correct answer;
 * - sentence_translation with keywords: at least ceil(70 %) of the keywords appear (any alternative);
 * - sentence_translation without keywords, sentence_memorization: trimmed, lower-cased equality;
 * - any other type: the pieces of the correct answer, at least ceil(70 %) of them in the answer
 *   (a correct answer with no piece left falls back to trimmed equality).
 */
export function gradeAnswer(question: GradableQuestion, answer: string): Grading {
  const correctAnswer = String(question.correctAnswer);
  const given = String(answer);
  if (isOneOf(CHOICE_QUESTION_TYPES, question.type)) {
    return { isCorrect: given === correctAnswer, method: 'choice' };
  }
  const keywords = (question.keywords ?? []).filter((k) => keywordAlternatives(k).length > 0);
  if (question.type === 'sentence_translation' && keywords.length > 0) {
    return byKeywords(given, keywords, keywordAlternatives, 'keywords');
  }
  if (isOneOf(EXACT_TEXT_QUESTION_TYPES, question.type)) {
    return exactText(correctAnswer, given);
  }
  const pieces = answerPieces(correctAnswer);
  if (pieces.length === 0) return exactText(correctAnswer, given);
  return byKeywords(given, pieces, (piece) => [piece], 'answer_pieces');
}
