/**
 * One sample path per screen of the route table (plain data: the route test and the screenshots script,
 * `tests/screenshots/capture.ts`, both read it). `{class}` and `{learner}` stand for ids the script makes
 * (a class of the signed-in teacher, a learner in it). Adding a route without a screen here fails
 * `routes.test.ts`.
 */
export interface Screen {
  /** The screenshot's file name (without the theme and extension). */
  readonly name: string;
  readonly path: string;
}

export const SCREENS: readonly Screen[] = [
  { name: 'lobby', path: '/' },
  { name: 'login-redirect', path: '/login' },
  { name: 'library', path: '/library' },
  { name: 'star-map', path: '/star-map' },
  { name: 'passage', path: '/passage/9' },
  { name: 'passage-source', path: '/passage/dse/9' },
  { name: 'passage-text', path: '/passage-text/9' },
  { name: 'mindmap', path: '/mindmap' },
  { name: 'mindmap-passage', path: '/mindmap/passage/9' },
  { name: 'practice-types', path: '/lesson/9/types' },
  { name: 'type-roadmap', path: '/lesson/9/word_interpretation/roadmap' },
  { name: 'adaptive-practice', path: '/lesson/9/adaptive/sentence_translation' },
  { name: 'question-session-course', path: '/lesson/9/questions/word_interpretation/course1' },
  { name: 'question-session', path: '/lesson/9/questions/word_interpretation' },
  { name: 'lesson-roadmap', path: '/lesson/9/roadmap' },
  { name: 'lesson', path: '/lesson/9' },
  { name: 'unit-complete', path: '/lesson/9/unit/1/complete' },
  { name: 'recitation', path: '/memorization' },
  { name: 'recitation-recall', path: '/memorization/recall' },
  { name: 'recitation-next-line', path: '/memorization/next-line' },
  { name: 'recitation-miswrite', path: '/memorization/miswrite' },
  { name: 'vocabulary', path: '/vocabulary' },
  { name: 'quick-practice', path: '/vocabulary/quick-practice' },
  { name: 'add-question', path: '/vocabulary/add' },
  { name: 'past-papers', path: '/dse-past-papers' },
  { name: 'past-papers-alias', path: '/dse-pastpapers' },
  { name: 'mixed-practice', path: '/dse-mixed-practice' },
  { name: 'streak', path: '/streak' },
  { name: 'profile', path: '/profile' },
  { name: 'tokens', path: '/tokens' },
  { name: 'rank', path: '/rank' },
  { name: 'homework', path: '/homework' },
  { name: 'leagues', path: '/leagues' },
  { name: 'error-book', path: '/error-book' },
  { name: 'error-questions', path: '/error-questions' },
  { name: 'review-session', path: '/review' },
  { name: 'review-plan', path: '/review/plan' },
  { name: 'settings', path: '/settings' },
  { name: 'teacher-classes', path: '/teacher' },
  { name: 'teacher-appeals', path: '/teacher/appeals' },
  { name: 'teacher-pending', path: '/teacher/pending' },
  { name: 'teacher-class', path: '/teacher/classes/{class}' },
  { name: 'teacher-learner', path: '/teacher/learners/{learner}' },
  { name: 'teacher-class-accounts', path: '/teacher/classes/{class}/accounts' },
  { name: 'teacher-questions', path: '/teacher/questions' },
  { name: 'worksheet', path: '/worksheets/1/sentence_translation' },
  { name: 'worksheet-key', path: '/teacher/worksheets/1/sentence_translation/key' },
  { name: 'admin', path: '/admin' },
  { name: 'not-found', path: '/no-such-page' },
];

/** A screen's path with the ids filled in. */
export function screenPath(
  screen: Screen,
  ids: { readonly class: string; readonly learner: string },
): string {
  return screen.path
    .replace('{class}', encodeURIComponent(ids.class))
    .replace('{learner}', encodeURIComponent(ids.learner));
}
