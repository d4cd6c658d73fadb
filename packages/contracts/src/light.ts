/**
 * The contracts' constants and helpers that need no zod: the web client's screens import these
 * (`@wenyan/contracts/light`), while the schemas of the registry (zod and every route's shapes, about
 * 45 KB gzipped) are built in the client's contracts worker, off the page's main thread
 * (apps/web/src/lib/contracts-host.ts). Each is defined here once and re-exported by the module it
 * belongs to (routes.ts, questions.ts, reviews.ts, common.ts).
 */

/** Every question type named in either spec part (including the practice-type page's short names and DSE's long_question). */
export const QUESTION_TYPES = [
  // Spec part 1 §3
  'word_interpretation',
  'sentence_translation',
  'theme_understanding',
  'cultural_knowledge',
  'writing_techniques',
  'recitation_assessment',
  'fill_in_blank',
  'short_answer',
  'recitation',
  // Spec part 2 §3
  'multiple_choice',
  'interpretation',
  'analysis',
  'translation',
  'essay',
  'reading_comprehension',
  'sentence_memorization',
  'sentence_recitation',
  'vocab_translation',
  'writing_technique',
  // Spec part 2 §2, practice-type page
  'theme',
  'writing',
  // DSE papers' long questions
  'long_question',
] as const;
type QuestionTypeName = (typeof QUESTION_TYPES)[number];

/** Types answered in a textarea rather than by choosing an option (spec part 1, question card). */
export const FREE_TEXT_QUESTION_TYPES = [
  'sentence_translation',
  'fill_in_blank',
  'short_answer',
  'recitation',
] as const satisfies readonly QuestionTypeName[];

/** The four practice types of the practice-type page, in its order. */
export const PRACTICE_TYPES = [
  'word_interpretation',
  'sentence_translation',
  'theme_understanding',
  'writing_techniques',
] as const satisfies readonly QuestionTypeName[];

/** The status codes of a successful answer. */
export const SUCCESS_STATUSES = [200, 201, 101, 302] as const;
export type SuccessStatus = (typeof SUCCESS_STATUSES)[number];

/** The sign-in page (the `loginPage` route). */
export const LOGIN_PATH = '/api/login';

/** Where the browser goes to sign out (the `logoutRedirect` route). */
export const LOGOUT_PATH = '/api/logout';

/**
 * Fills a route's path with parameter values (URI-encoded).
 *
 * @example buildPath('/api/lessons/:id', { id: 3 }) // '/api/lessons/3'
 */
export function buildPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined) throw new Error(`Missing path parameter ${segment} for ${path}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
}

/** The kinds of 文言 knowledge a question tests, in the order screens list them. */
export const KNOWLEDGE_TAGS = [
  'polysemy',
  'loan_character',
  'word_class_shift',
  'ancient_modern_difference',
  'sentence_pattern',
  'function_word',
  'cultural_knowledge',
  'theme',
  'technique',
] as const;

/** What the screens call each kind of knowledge. */
export const KNOWLEDGE_TAG_LABELS: Readonly<Record<(typeof KNOWLEDGE_TAGS)[number], string>> = {
  polysemy: '一詞多義',
  loan_character: '通假字',
  word_class_shift: '詞類活用',
  ancient_modern_difference: '古今異義',
  sentence_pattern: '句式',
  function_word: '虛詞',
  cultural_knowledge: '文化常識',
  theme: '主旨',
  technique: '寫作手法',
};

/** The daily review goal a new learner starts with (cards a day; reviews.ts has its bounds). */
export const DEFAULT_DAILY_GOAL = 20;

/** How a review session is drawn (reviews.ts says what each mode draws). */
export const REVIEW_SESSION_MODES = ['due', 'error_book', 'tag'] as const;

/** Lesson and question difficulty (the spec's 初級/中級/高級 are display labels of these). */
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
