import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Spinner } from '../components/states.tsx';

/** A screen loaded on first visit, so the initial route's JavaScript stays small. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const RecitationPage = lazyPage(
  () => import('../features/recitation/RecitationPage.tsx'),
  (m) => m.RecitationPage,
);
const PastPapersPage = lazyPage(
  () => import('../features/past-papers/PastPapersPage.tsx'),
  (m) => m.PastPapersPage,
);
const MixedPracticePage = lazyPage(
  () => import('../features/past-papers/MixedPracticePage.tsx'),
  (m) => m.MixedPracticePage,
);
const MindMapIndexPage = lazyPage(
  () => import('../features/mindmap/MindMapIndexPage.tsx'),
  (m) => m.MindMapIndexPage,
);
const PassageMindMapPage = lazyPage(
  () => import('../features/mindmap/PassageMindMapPage.tsx'),
  (m) => m.PassageMindMapPage,
);
const StreakPage = lazyPage(
  () => import('../features/learner/StreakPage.tsx'),
  (m) => m.StreakPage,
);
const ProfilePage = lazyPage(
  () => import('../features/learner/ProfilePage.tsx'),
  (m) => m.ProfilePage,
);
const TokensPage = lazyPage(
  () => import('../features/learner/TokensPage.tsx'),
  (m) => m.TokensPage,
);
const RankPage = lazyPage(
  () => import('../features/rank/RankPage.tsx'),
  (m) => m.RankPage,
);
const ErrorBookPage = lazyPage(
  () => import('../features/error-book/ErrorBookPage.tsx'),
  (m) => m.ErrorBookPage,
);
const ErrorQuestionsPage = lazyPage(
  () => import('../features/error-book/ErrorQuestionsPage.tsx'),
  (m) => m.ErrorQuestionsPage,
);
const AdminPage = lazyPage(
  () => import('../features/admin/AdminPage.tsx'),
  (m) => m.AdminPage,
);
const SettingsPage = lazyPage(
  () => import('../features/settings/SettingsPage.tsx'),
  (m) => m.SettingsPage,
);

function page(element: ReactNode) {
  return <Suspense fallback={<Spinner />}>{element}</Suspense>;
}

/** Spec part 2 screens: recitation, past papers, mind maps, streak, profile, rank, error book, admin. */
export function part2Routes() {
  return (
    <>
      <Route path="/memorization" element={page(<RecitationPage />)} />
      <Route path="/dse-past-papers" element={page(<PastPapersPage />)} />
      <Route path="/dse-pastpapers" element={page(<PastPapersPage />)} />
      <Route path="/dse-mixed-practice" element={page(<MixedPracticePage />)} />
      <Route path="/mindmap" element={page(<MindMapIndexPage />)} />
      <Route path="/mindmap/passage/:lessonId" element={page(<PassageMindMapPage />)} />
      <Route path="/streak" element={page(<StreakPage />)} />
      <Route path="/profile" element={page(<ProfilePage />)} />
      <Route path="/tokens" element={page(<TokensPage />)} />
      <Route path="/rank" element={page(<RankPage />)} />
      <Route path="/error-book" element={page(<ErrorBookPage />)} />
      <Route path="/error-questions" element={page(<ErrorQuestionsPage />)} />
      <Route path="/admin" element={page(<AdminPage />)} />
      <Route path="/settings" element={page(<SettingsPage />)} />
    </>
  );
}
