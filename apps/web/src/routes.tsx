/**
 * The one route table of the client, grouped by area. Every screen but the lobby is lazy (loaded on
 * first visit; the shell's Suspense shows a spinner meanwhile), so the initial route's JavaScript stays
 * within the budget vite.config.ts checks. Each route's `handle: titled('…')` is its screen's name, which
 * `useDocumentTitle` (App.tsx) puts in the document title (「課文 · 文言通」). Every path of both spec
 * parts is here; `routes.test.ts` proves each still resolves to a screen and has its own title.
 */
import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LobbyPage } from './features/lobby/LobbyPage.tsx';
import { titled } from './lib/title.ts';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

/** A screen loaded on first visit: `screen(() => import('./features/x/XPage.tsx'), (m) => m.XPage)`. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return <Screen />;
}

/** Home, the library and the passages. */
const reading: RouteObject[] = [
  { path: '/', handle: titled('主頁'), element: <LobbyPage /> },
  // A signed-in visitor of the login page goes home (signed-out visitors see it on every path).
  { path: '/login', handle: titled('登入'), element: <Navigate to="/" replace /> },
  {
    path: '/library',
    handle: titled('文言文庫'),
    element: screen(
      () => import('./features/library/LibraryPage.tsx'),
      (m) => m.LibraryPage,
    ),
  },
  {
    path: '/star-map',
    handle: titled('文學星圖'),
    element: screen(
      () => import('./features/library/StarMapPage.tsx'),
      (m) => m.StarMapPage,
    ),
  },
  ...['/passage/:id', '/passage/:source/:id', '/passage-text/:id'].map((path) => ({
    path,
    handle: titled('課文'),
    element: screen(
      () => import('./features/passage/PassagePage.tsx'),
      (m) => m.PassagePage,
    ),
  })),
  {
    path: '/mindmap',
    handle: titled('心智圖'),
    element: screen(
      () => import('./features/mindmap/MindMapIndexPage.tsx'),
      (m) => m.MindMapIndexPage,
    ),
  },
  {
    path: '/mindmap/passage/:lessonId',
    handle: titled('課文心智圖'),
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
    handle: titled('選擇練習類型'),
    element: screen(
      () => import('./features/practice/PracticeTypesPage.tsx'),
      (m) => m.PracticeTypesPage,
    ),
  },
  {
    path: '/lesson/:lessonId/:questionType/roadmap',
    handle: titled('題型路線'),
    element: screen(
      () => import('./features/practice/TypeRoadmapPage.tsx'),
      (m) => m.TypeRoadmapPage,
    ),
  },
  {
    path: '/lesson/:lessonId/adaptive/:questionType',
    handle: titled('智能適應練習'),
    element: screen(
      () => import('./features/practice/AdaptivePracticePage.tsx'),
      (m) => m.AdaptivePracticePage,
    ),
  },
  {
    path: '/lesson/:lessonId/questions/:questionType/:nodeId',
    handle: titled('課程練習'),
    element: questionSession(),
  },
  {
    path: '/lesson/:lessonId/questions/:questionType',
    handle: titled('題目練習'),
    element: questionSession(),
  },
  { path: '/lesson/:id/roadmap', handle: titled('學習路線'), element: lessonRoadmap() },
  { path: '/lesson/:id', handle: titled('學習路線'), element: lessonRoadmap() },
  {
    path: '/lesson/:lessonId/unit/:unitNumber/complete',
    handle: titled('單元完成'),
    element: screen(
      () => import('./features/practice/UnitCompletePage.tsx'),
      (m) => m.UnitCompletePage,
    ),
  },
  {
    path: '/memorization',
    handle: titled('背誦'),
    element: screen(
      () => import('./features/recitation/RecitationPage.tsx'),
      (m) => m.RecitationPage,
    ),
  },
  {
    path: '/memorization/recall',
    handle: titled('默寫'),
    element: screen(
      () => import('./features/recitation/RecitationPage.tsx'),
      (m) => m.FreeRecallPage,
    ),
  },
  {
    path: '/memorization/next-line',
    handle: titled('上句接下句'),
    element: screen(
      () => import('./features/recitation/DrillPage.tsx'),
      (m) => m.NextLinePage,
    ),
  },
  {
    path: '/memorization/miswrite',
    handle: titled('易錯字'),
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
    handle: titled('詞意練習'),
    element: screen(
      () => import('./features/vocabulary/VocabularyHome.tsx'),
      (m) => m.VocabularyHome,
    ),
  },
  {
    path: '/vocabulary/quick-practice',
    handle: titled('快速練習'),
    element: screen(
      () => import('./features/vocabulary/QuickPracticePage.tsx'),
      (m) => m.QuickPracticePage,
    ),
  },
  {
    path: '/vocabulary/add',
    handle: titled('新增詞語題目'),
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
  { path: '/dse-past-papers', handle: titled('DSE 模擬試題'), element: pastPapers() },
  { path: '/dse-pastpapers', handle: titled('DSE 模擬試題'), element: pastPapers() },
  {
    path: '/dse-mixed-practice',
    handle: titled('跨年份混合練習'),
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
    handle: titled('連續學習'),
    element: screen(
      () => import('./features/learner/StreakPage.tsx'),
      (m) => m.StreakPage,
    ),
  },
  {
    path: '/profile',
    handle: titled('個人檔案'),
    element: screen(
      () => import('./features/learner/ProfilePage.tsx'),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: '/tokens',
    handle: titled('代幣'),
    element: screen(
      () => import('./features/learner/TokensPage.tsx'),
      (m) => m.TokensPage,
    ),
  },
  {
    path: '/rank',
    handle: titled('排行榜'),
    element: screen(
      () => import('./features/rank/RankPage.tsx'),
      (m) => m.RankPage,
    ),
  },
  {
    path: '/homework',
    handle: titled('功課'),
    element: screen(
      () => import('./features/homework/HomeworkPage.tsx'),
      (m) => m.HomeworkPage,
    ),
  },
  {
    path: '/leagues',
    handle: titled('班級聯賽'),
    element: screen(
      () => import('./features/homework/LeaguesPage.tsx'),
      (m) => m.LeaguesPage,
    ),
  },
  {
    path: '/error-book',
    handle: titled('錯題簿'),
    element: screen(
      () => import('./features/error-book/ErrorBookPage.tsx'),
      (m) => m.ErrorBookPage,
    ),
  },
  {
    path: '/error-questions',
    handle: titled('錯題重溫'),
    element: screen(
      () => import('./features/error-book/ErrorQuestionsPage.tsx'),
      (m) => m.ErrorQuestionsPage,
    ),
  },
  {
    path: '/review',
    handle: titled('今日複習'),
    element: screen(
      () => import('./features/reviews/ReviewSessionPage.tsx'),
      (m) => m.ReviewSessionPage,
    ),
  },
  {
    path: '/review/plan',
    handle: titled('溫習計劃'),
    element: screen(
      () => import('./features/reviews/ReviewPlanPage.tsx'),
      (m) => m.ReviewPlanPage,
    ),
  },
  {
    path: '/settings',
    handle: titled('設定'),
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
    handle: titled('教師專區'),
    element: screen(
      () => import('./features/teacher/ClassesPage.tsx'),
      (m) => m.ClassesPage,
    ),
  },
  {
    path: '/teacher/appeals',
    handle: titled('評分申訴'),
    element: screen(
      () => import('./features/teacher/AppealsPage.tsx'),
      (m) => m.AppealsPage,
    ),
  },
  {
    path: '/teacher/pending',
    handle: titled('待老師批閱'),
    element: screen(
      () => import('./features/teacher-marking/PendingAnswersPage.tsx'),
      (m) => m.PendingAnswersPage,
    ),
  },
  {
    path: '/teacher/classes/:id',
    handle: titled('班別'),
    element: screen(
      () => import('./features/teacher/ClassPage.tsx'),
      (m) => m.ClassPage,
    ),
  },
  {
    path: '/teacher/learners/:id',
    handle: titled('學生學習紀錄'),
    element: screen(
      () => import('./features/teacher/LearnerReplayPage.tsx'),
      (m) => m.LearnerReplayPage,
    ),
  },
  {
    path: '/teacher/classes/:id/accounts',
    handle: titled('建立班級帳戶'),
    element: screen(
      () => import('./features/classroom/ClassAccountsPage.tsx'),
      (m) => m.ClassAccountsPage,
    ),
  },
  {
    path: '/teacher/questions',
    handle: titled('我新增的題目'),
    element: screen(
      () => import('./features/classroom/MyQuestionsPage.tsx'),
      (m) => m.MyQuestionsPage,
    ),
  },
  {
    path: '/worksheets/:lessonId/:type',
    handle: titled('工作紙'),
    element: screen(
      () => import('./features/classroom/WorksheetPage.tsx'),
      (m) => m.WorksheetPage,
    ),
  },
  {
    path: '/teacher/worksheets/:lessonId/:type/key',
    handle: titled('工作紙答案'),
    element: screen(
      () => import('./features/classroom/WorksheetPage.tsx'),
      (m) => m.WorksheetKeyPage,
    ),
  },
  {
    path: '/admin',
    handle: titled('管理員'),
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
  { path: '*', handle: titled('找不到頁面'), element: <NotFoundPage /> },
];
