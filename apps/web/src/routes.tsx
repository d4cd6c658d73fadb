/**
 * The one route table of the client, grouped by area. Every screen but the lobby is lazy (loaded on
 * first visit; the shell's Suspense shows a spinner meanwhile), so the initial route's JavaScript stays
 * within the budget vite.config.ts checks. Every path of both spec parts is here; `routes.test.ts`
 * proves each still resolves to a screen.
 */
import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LobbyPage } from './features/lobby/LobbyPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

/** A screen loaded on first visit: `screen(() => import('./features/x/XPage.tsx'), (m) => m.XPage)`. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return <Screen />;
}

/** Home, the library and the passages. */
const reading: RouteObject[] = [
  { path: '/', element: <LobbyPage /> },
  // A signed-in visitor of the login page goes home (signed-out visitors see it on every path).
  { path: '/login', element: <Navigate to="/" replace /> },
  {
    path: '/library',
    element: screen(
      () => import('./features/library/LibraryPage.tsx'),
      (m) => m.LibraryPage,
    ),
  },
  {
    path: '/star-map',
    element: screen(
      () => import('./features/library/StarMapPage.tsx'),
      (m) => m.StarMapPage,
    ),
  },
  ...['/passage/:id', '/passage/:source/:id', '/passage-text/:id'].map((path) => ({
    path,
    element: screen(
      () => import('./features/passage/PassagePage.tsx'),
      (m) => m.PassagePage,
    ),
  })),
  {
    path: '/mindmap',
    element: screen(
      () => import('./features/mindmap/MindMapIndexPage.tsx'),
      (m) => m.MindMapIndexPage,
    ),
  },
  {
    path: '/mindmap/passage/:lessonId',
    element: screen(
      () => import('./features/mindmap/PassageMindMapPage.tsx'),
      (m) => m.PassageMindMapPage,
    ),
  },
];

const questionSession = () =>
  screen(
    () => import('./features/practice/QuestionSessionPage.tsx'),
    (m) => m.QuestionSessionPage,
  );
const lessonRoadmap = () =>
  screen(
    () => import('./features/practice/LessonRoadmapPage.tsx'),
    (m) => m.LessonRoadmapPage,
  );

/** Practice on a lesson: types, roadmaps, question sessions, unit completion. */
const practice: RouteObject[] = [
  {
    path: '/lesson/:id/types',
    element: screen(
      () => import('./features/practice/PracticeTypesPage.tsx'),
      (m) => m.PracticeTypesPage,
    ),
  },
  {
    path: '/lesson/:lessonId/:questionType/roadmap',
    element: screen(
      () => import('./features/practice/TypeRoadmapPage.tsx'),
      (m) => m.TypeRoadmapPage,
    ),
  },
  {
    path: '/lesson/:lessonId/adaptive/:questionType',
    element: screen(
      () => import('./features/practice/AdaptivePracticePage.tsx'),
      (m) => m.AdaptivePracticePage,
    ),
  },
  { path: '/lesson/:lessonId/questions/:questionType/:nodeId', element: questionSession() },
  { path: '/lesson/:lessonId/questions/:questionType', element: questionSession() },
  { path: '/lesson/:id/roadmap', element: lessonRoadmap() },
  { path: '/lesson/:id', element: lessonRoadmap() },
  {
    path: '/lesson/:lessonId/unit/:unitNumber/complete',
    element: screen(
      () => import('./features/practice/UnitCompletePage.tsx'),
      (m) => m.UnitCompletePage,
    ),
  },
  {
    path: '/memorization',
    element: screen(
      () => import('./features/recitation/RecitationPage.tsx'),
      (m) => m.RecitationPage,
    ),
  },
  {
    path: '/memorization/recall',
    element: screen(
      () => import('./features/recitation/RecitationPage.tsx'),
      (m) => m.FreeRecallPage,
    ),
  },
  {
    path: '/memorization/next-line',
    element: screen(
      () => import('./features/recitation/DrillPage.tsx'),
      (m) => m.NextLinePage,
    ),
  },
  {
    path: '/memorization/miswrite',
    element: screen(
      () => import('./features/recitation/DrillPage.tsx'),
      (m) => m.MiswritePage,
    ),
  },
];

/** Word quizzes and the questions teachers add. */
const vocabulary: RouteObject[] = [
  {
    path: '/vocabulary',
    element: screen(
      () => import('./features/vocabulary/VocabularyHome.tsx'),
      (m) => m.VocabularyHome,
    ),
  },
  {
    path: '/vocabulary/quick-practice',
    element: screen(
      () => import('./features/vocabulary/QuickPracticePage.tsx'),
      (m) => m.QuickPracticePage,
    ),
  },
  {
    path: '/vocabulary/add',
    element: screen(
      () => import('./features/questions/AddQuestionPage.tsx'),
      (m) => m.AddQuestionPage,
    ),
  },
];

const pastPapers = () =>
  screen(
    () => import('./features/past-papers/PastPapersPage.tsx'),
    (m) => m.PastPapersPage,
  );

/** DSE past papers and mixed years. */
const exam: RouteObject[] = [
  { path: '/dse-past-papers', element: pastPapers() },
  { path: '/dse-pastpapers', element: pastPapers() },
  {
    path: '/dse-mixed-practice',
    element: screen(
      () => import('./features/past-papers/MixedPracticePage.tsx'),
      (m) => m.MixedPracticePage,
    ),
  },
];

/** The learner's own pages: progress, profile, rank, error book, reviews, settings. */
const learner: RouteObject[] = [
  {
    path: '/streak',
    element: screen(
      () => import('./features/learner/StreakPage.tsx'),
      (m) => m.StreakPage,
    ),
  },
  {
    path: '/profile',
    element: screen(
      () => import('./features/learner/ProfilePage.tsx'),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: '/tokens',
    element: screen(
      () => import('./features/learner/TokensPage.tsx'),
      (m) => m.TokensPage,
    ),
  },
  {
    path: '/rank',
    element: screen(
      () => import('./features/rank/RankPage.tsx'),
      (m) => m.RankPage,
    ),
  },
  {
    path: '/homework',
    element: screen(
      () => import('./features/homework/HomeworkPage.tsx'),
      (m) => m.HomeworkPage,
    ),
  },
  {
    path: '/leagues',
    element: screen(
      () => import('./features/homework/LeaguesPage.tsx'),
      (m) => m.LeaguesPage,
    ),
  },
  {
    path: '/error-book',
    element: screen(
      () => import('./features/error-book/ErrorBookPage.tsx'),
      (m) => m.ErrorBookPage,
    ),
  },
  {
    path: '/error-questions',
    element: screen(
      () => import('./features/error-book/ErrorQuestionsPage.tsx'),
      (m) => m.ErrorQuestionsPage,
    ),
  },
  {
    path: '/review',
    element: screen(
      () => import('./features/reviews/ReviewSessionPage.tsx'),
      (m) => m.ReviewSessionPage,
    ),
  },
  {
    path: '/review/plan',
    element: screen(
      () => import('./features/reviews/ReviewPlanPage.tsx'),
      (m) => m.ReviewPlanPage,
    ),
  },
  {
    path: '/settings',
    element: screen(
      () => import('./features/settings/SettingsPage.tsx'),
      (m) => m.SettingsPage,
    ),
  },
];

/** Teachers' classes and replays; the administrator's page. */
const staff: RouteObject[] = [
  {
    path: '/teacher',
    element: screen(
      () => import('./features/teacher/ClassesPage.tsx'),
      (m) => m.ClassesPage,
    ),
  },
  {
    path: '/teacher/appeals',
    element: screen(
      () => import('./features/teacher/AppealsPage.tsx'),
      (m) => m.AppealsPage,
    ),
  },
  {
    path: '/teacher/pending',
    element: screen(
      () => import('./features/teacher-marking/PendingAnswersPage.tsx'),
      (m) => m.PendingAnswersPage,
    ),
  },
  {
    path: '/teacher/classes/:id',
    element: screen(
      () => import('./features/teacher/ClassPage.tsx'),
      (m) => m.ClassPage,
    ),
  },
  {
    path: '/teacher/learners/:id',
    element: screen(
      () => import('./features/teacher/LearnerReplayPage.tsx'),
      (m) => m.LearnerReplayPage,
    ),
  },
  {
    path: '/teacher/classes/:id/accounts',
    element: screen(
      () => import('./features/classroom/ClassAccountsPage.tsx'),
      (m) => m.ClassAccountsPage,
    ),
  },
  {
    path: '/teacher/questions',
    element: screen(
      () => import('./features/classroom/MyQuestionsPage.tsx'),
      (m) => m.MyQuestionsPage,
    ),
  },
  {
    path: '/worksheets/:lessonId/:type',
    element: screen(
      () => import('./features/classroom/WorksheetPage.tsx'),
      (m) => m.WorksheetPage,
    ),
  },
  {
    path: '/teacher/worksheets/:lessonId/:type/key',
    element: screen(
      () => import('./features/classroom/WorksheetPage.tsx'),
      (m) => m.WorksheetKeyPage,
    ),
  },
  {
    path: '/admin',
    element: screen(
      () => import('./features/admin/AdminPage.tsx'),
      (m) => m.AdminPage,
    ),
  },
];

/** Every screen's route, by area, and the fallback for unknown paths (rendered inside the shell). */
export const appRoutes: RouteObject[] = [
  ...reading,
  ...practice,
  ...vocabulary,
  ...exam,
  ...learner,
  ...staff,
  { path: '*', element: <NotFoundPage /> },
];
